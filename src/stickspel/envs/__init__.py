"""PettingZoo and Gymnasium environments (the ``envs`` extra).

``plump_v0``, ``priffe_v0``, ``tremanswhist_v0``: AEC environments with the rules
options as keywords (:mod:`stickspel.envs.aec`); :class:`SeatEnv` is one seat
against chosen bots as a Gymnasium environment (:mod:`stickspel.envs.seat`).
"""

"""What the others' bids and calls say about their hands: weights for sampled worlds.

A sampled world deals the cards a seat has not seen uniformly, as if the
others had bid blind.  They did not: a seat that bid four tricks holds more
high cards and trumps than one that bid none.  Each world is weighted by how
likely the others' calls were with the hands it gives them (importance
weights; the bots average over worlds by weight), as the game's search adapter
says (:meth:`stickspel.bots.search_adapter.SearchAdapter.world_weight`):

* Plump: each bid against the tricks the hand counts, a normal error
  (:func:`stickspel.games.plump.search.plump_bid_weight`);
* Priffe and Tremanswhist: each call against what the heuristic bot would have
  called with that hand (1 when it agrees, :data:`MISMATCH` when not) — the
  policy-based inference of Skat programs with the heuristic as the model
  (:func:`policy_weight`, any game's unless its adapter says otherwise).

>>> import random
>>> from stickspel.games.priffe import PriffeRules, PriffeState
>>> state = PriffeState(PriffeRules())
>>> _ = state.apply_chance(random.Random(2))
>>> policy_weight(state, state.current_player())   # nobody has called yet
1.0
"""

from __future__ import annotations

from typing import Any

__all__ = ["policy_weight", "MISMATCH"]

#: The weight of a call the model would not have made.
MISMATCH = 0.2


def policy_weight(world: Any, seat: int, mismatch: float = MISMATCH) -> float:
    """The others' calls before the card play of this deal, checked against the
    heuristic bot's choice in the same position of ``world``."""
    from stickspel.bots.registry import heuristic_bot
    from stickspel.core.turn import Turn

    deal, actions = world.current_deal_items()
    if deal is None:
        return 1.0
    replay = world.clone()
    for _ in actions:
        replay.undo_action()
    model = heuristic_bot(world.GAME, seed=0)
    weight = 1.0
    for action in actions:
        if replay.phase == type(replay).PLAY_PHASE:
            break
        p = replay.current_player()
        if p != seat and len(replay.legal_actions()) > 1:
            if model.act(Turn.of(replay, worlds=False)) != action:
                weight *= mismatch
        replay.apply_action(action)
    return weight

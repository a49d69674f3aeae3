"""The bots each game offers of its own: ``random`` for every game, and what the
game's spec lists in its ``bots`` (its ``heuristic``).
The levels (:mod:`stickspel.bots.expert`) take the game's heuristic from here,
and :func:`stickspel.bots.make_bot` adds the levels to these.

>>> sorted(game_bots("plump"))
['heuristic', 'random']
>>> heuristic_bot("priffe", seed=1).name
'heuristic'
"""

from __future__ import annotations

import random

from stickspel.core import RulesError
from stickspel.core.turn import Bot, Turn
from stickspel.games import game_spec
from stickspel.games.spec import part_of

__all__ = ["RandomBot", "game_bots", "heuristic_bot"]


class RandomBot:
    """Uniformly random among the legal actions (seedable)."""

    name = "random"
    needs_worlds = False

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def act(self, turn: Turn) -> int:
        return self.rng.choice(turn.legal_actions)


def game_bots(game: str) -> dict[str, type]:
    """``game``'s own bots by name (``random`` and its spec's ``bots``)."""
    spec = game_spec(game)
    return {"random": RandomBot, **(part_of(spec, spec.bots, dict) or {})}


def heuristic_bot(game: str, seed: int | None = None) -> Bot:
    """``game``'s rule-based bot, the model the levels reason with."""
    bots = game_bots(game)
    if "heuristic" not in bots:
        raise RulesError("bots.no_such_bot", kind="heuristic", game=game, bots=", ".join(bots))
    bot: Bot = bots["heuristic"](seed=seed)
    return bot

"""Bots: players that choose an action for the seat to act.

A bot sees only what its seat may see: it reads ``state.observation(seat)`` and
``state.legal_actions()``, never another seat's hand.  Every game offers at
least ``random`` and ``heuristic``; each game's bots live in
``stickspel.bots.<game>`` with a ``BOTS`` dict of name → class.

>>> from stickspel.games.plump import PlumpState
>>> from stickspel.core.cards import make_rng
>>> state = PlumpState()
>>> _ = state.apply_chance(make_rng(3))
>>> bot = make_bot("plump", "random", seed=1)
>>> bot.act(state) in state.legal_actions()
True
"""

from __future__ import annotations

import importlib
import random
from typing import Protocol

from stickspel.core import GameState, RulesError

__all__ = ["Bot", "RandomBot", "make_bot", "bot_names"]


class Bot(Protocol):
    name: str

    def act(self, state: GameState) -> int:
        """The action to take for ``state.current_player()``."""
        ...


class RandomBot:
    """Uniformly random among the legal actions (seedable)."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def act(self, state: GameState) -> int:
        return self.rng.choice(state.legal_actions())


def _game_bots(game: str) -> dict[str, type]:
    try:
        mod = importlib.import_module(f"stickspel.bots.{game}")
    except ModuleNotFoundError as e:
        if e.name != f"stickspel.bots.{game}":
            raise
        return {"random": RandomBot}
    return {"random": RandomBot, **getattr(mod, "BOTS", {})}


def bot_names(game: str) -> list[str]:
    """The bot kinds offered for ``game``."""
    return list(_game_bots(game))


def make_bot(game: str, kind: str, seed: int | None = None) -> Bot:
    """A bot of ``kind`` (``random``, ``heuristic`` …) for ``game``."""
    bots = _game_bots(game)
    if kind not in bots:
        raise RulesError(
            f"no bot {kind!r} for {game}; bots: {', '.join(bots)}",
            sv=f"ingen bot {kind!r} för {game}; botar: {', '.join(bots)}",
        )
    bot: Bot = bots[kind](seed=seed)
    return bot

"""What a player is handed when its seat is to act, and what a bot is: the contract
between the table, which asks, and the bots, which answer.  A bot sees only what its
seat may see: the seat, its observation, the legal actions and a way to sample
worlds the seat cannot tell from the real one, never the state.

>>> from stickspel.games.plump import PlumpState
>>> from stickspel.core.cards import make_rng
>>> state = PlumpState()
>>> _ = state.apply_chance(make_rng(3))
>>> turn = Turn.of(state)
>>> turn.seat == state.current_player(), turn.legal_actions == tuple(state.legal_actions())
(True, True)
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Protocol

from stickspel.core.api import GameState

__all__ = ["Bot", "Turn"]


@dataclass(frozen=True)
class Turn:
    """What a bot is handed when its seat is to act: the seat, its observation and
    the legal actions.  :meth:`sample_world` deals the cards the seat has not seen
    (for search bots); the state itself stays out of reach."""

    seat: int
    observation: Any
    legal_actions: tuple[int, ...]
    _source: GameState = field(repr=False, compare=False)

    @classmethod
    def of(cls, state: GameState) -> Turn:
        """The turn of ``state.current_player()``."""
        seat = state.current_player()
        return cls(seat, state.observation(seat), tuple(state.legal_actions()), state)

    def sample_world(self, rng: random.Random) -> GameState:
        """A full state this seat cannot tell from the real one (a fresh copy)."""
        return self._source.sample_world(self.seat, rng)


class Bot(Protocol):
    name: str

    def act(self, turn: Turn) -> int:
        """The action to take for ``turn.seat``."""
        ...

"""What a player is handed when its seat is to act, and what a bot is: the contract
between the table, which asks, and the bots, which answer.  A bot sees only what its
seat may see: the seat, its observation, the legal actions and its information set
(worlds the seat cannot tell from the real one, dealt from what it knows), never
the state.

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

__all__ = ["Bot", "Turn", "InformationSet", "FRAME_SEED"]


#: The stream that deals the unseen cards of an information set's frame: fixed,
#: so that the frame depends on what the seat knows and on nothing else.
FRAME_SEED = 0


class InformationSet:
    """What a seat knows when it is to act, for bots that search: a world it cannot
    tell from the real one (:attr:`frame`) and the worlds dealt from it.

    The game makes it (``state.sample_world``); the state's hidden cards never
    reach a bot through it.  The frame's unseen cards are dealt by a fixed
    stream (:data:`FRAME_SEED`), and every world :meth:`sample_world` deals is
    dealt from the frame, so that what a search reads (the frame's public
    parts, the seat's own hand, the worlds) is the same for every state the seat
    cannot tell apart.  The frame is dealt at the first use, from the state as
    it stands then (use a turn before its state moves on); until then the
    information set holds the state, out of reach, and lets it go once dealt.
    """

    __slots__ = ("game", "seat", "_state", "_frame")

    def __init__(self, state: GameState, seat: int) -> None:
        self.game: str = state.GAME
        self.seat = seat
        self._state: GameState | None = state
        self._frame: GameState | None = None

    @property
    def frame(self) -> Any:
        """A world this seat cannot tell from the real one: its own cards and all that
        is public as they are, the cards it has not seen dealt by a fixed stream."""
        if self._frame is None:
            assert self._state is not None  # one of the two is always held
            self._frame = self._state.sample_world(self.seat, random.Random(FRAME_SEED))
            self._state = None
        return self._frame

    def sample_world(self, rng: random.Random) -> Any:
        """A full state this seat cannot tell from the real one (a fresh copy)."""
        return self.frame.sample_world(self.seat, rng)


@dataclass(frozen=True, init=False)
class Turn:
    """What a bot is handed when its seat is to act: the seat, its observation, the
    legal actions and its :class:`InformationSet` (for search bots: worlds the
    seat cannot tell from the real one); the state itself stays out of reach.
    Made by :meth:`of`; a state given in the information set's place is made
    into one."""

    seat: int
    observation: Any
    legal_actions: tuple[int, ...]
    info: InformationSet = field(repr=False, compare=False)

    def __init__(
        self,
        seat: int,
        observation: Any,
        legal_actions: tuple[int, ...],
        info: InformationSet | GameState,
    ) -> None:
        if isinstance(info, GameState):
            info = InformationSet(info, seat)
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "observation", observation)
        object.__setattr__(self, "legal_actions", legal_actions)
        object.__setattr__(self, "info", info)

    @classmethod
    def of(cls, state: GameState) -> Turn:
        """The turn of ``state.current_player()``."""
        seat = state.current_player()
        info = InformationSet(state, seat)
        return cls(seat, state.observation(seat), tuple(state.legal_actions()), info)

    @property
    def game(self) -> str:
        """The game's name (``plump``, ``priffe``, ``tremanswhist``)."""
        return self.info.game

    def sample_world(self, rng: random.Random) -> GameState:
        """A full state this seat cannot tell from the real one (a fresh copy)."""
        world: GameState = self.info.sample_world(rng)
        return world


class Bot(Protocol):
    name: str

    def act(self, turn: Turn) -> int:
        """The action to take for ``turn.seat``."""
        ...

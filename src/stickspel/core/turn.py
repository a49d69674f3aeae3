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
>>> bare = Turn.of(state, worlds=False)  # for a bot that draws no worlds
>>> bare.info is None, bare.game
(True, 'plump')
>>> bare.sample_world(make_rng(1))
Traceback (most recent call last):
...
LookupError: Turn of seat 1 in plump: made without worlds (a bot that draws worlds says needs_worlds = True)
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Protocol

from stickspel.core.api import GameState

__all__ = ["Bot", "Turn", "InformationSet", "FRAME_SEED", "needs_worlds"]


#: The stream that deals the unseen cards of an information set's frame: fixed,
#: so that the frame depends on what the seat knows and on nothing else.
FRAME_SEED = 0


class InformationSet:
    """What a seat knows when it is to act, for bots that search: a world it cannot
    tell from the real one (:attr:`frame`) and the worlds dealt from it.

    Made by :meth:`of` from the state: the frame is dealt at once, its unseen cards
    by a fixed stream (:data:`FRAME_SEED`), and the state is not kept, so the
    state's hidden cards never reach a bot through it.  Every world
    :meth:`sample_world` deals is dealt from the frame, so that what a search reads
    (the frame's public parts, the seat's own hand, the worlds) is the same for
    every state the seat cannot tell apart.
    """

    __slots__ = ("game", "seat", "frame")

    def __init__(self, frame: GameState, seat: int) -> None:
        self.game: str = frame.GAME
        self.seat = seat
        #: A world this seat cannot tell from the real one: its own cards and all
        #: that is public as they are, the cards it has not seen dealt by a fixed stream.
        self.frame: Any = frame

    @classmethod
    def of(cls, state: GameState, seat: int) -> InformationSet:
        """``seat``'s information set in ``state``: the frame dealt from it now."""
        return cls(state.sample_world(seat, random.Random(FRAME_SEED)), seat)

    def sample_world(self, rng: random.Random) -> Any:
        """A full state this seat cannot tell from the real one (a fresh copy)."""
        return self.frame.sample_world(self.seat, rng)


def needs_worlds(bot: object) -> bool:
    """Whether ``bot`` draws worlds (its ``needs_worlds``; a bot that does not say
    is given them)."""
    return bool(getattr(bot, "needs_worlds", True))


@dataclass(frozen=True, init=False)
class Turn:
    """What a bot is handed when its seat is to act: the seat, its observation, the
    legal actions and, for bots that search, its :class:`InformationSet` (worlds
    the seat cannot tell from the real one); the state itself stays out of reach.
    Made by :meth:`of`; a state given in the information set's place is made
    into one at once (its frame dealt, the state not kept)."""

    seat: int
    observation: Any
    legal_actions: tuple[int, ...]
    info: InformationSet | None = field(repr=False, compare=False)
    game: str = field(repr=False, compare=False)

    def __init__(
        self,
        seat: int,
        observation: Any,
        legal_actions: tuple[int, ...],
        info: InformationSet | GameState | None = None,
        *,
        game: str | None = None,
    ) -> None:
        if isinstance(info, GameState):
            info = InformationSet.of(info, seat)
        if game is None:
            if info is None:
                raise TypeError("Turn: the game (game=) when no information set is given")
            game = info.game
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "observation", observation)
        object.__setattr__(self, "legal_actions", legal_actions)
        object.__setattr__(self, "info", info)
        object.__setattr__(self, "game", game)

    @classmethod
    def of(cls, state: GameState, *, worlds: bool = True) -> Turn:
        """The turn of ``state.current_player()``; with ``worlds`` (for a bot that
        draws them, :func:`needs_worlds`) its information set, else none (dealing
        the frame costs more than the rest of the turn)."""
        seat = state.current_player()
        info = InformationSet.of(state, seat) if worlds else None
        observation = state.observation(seat)
        return cls(seat, observation, tuple(state.legal_actions()), info, game=state.GAME)

    @property
    def frame(self) -> Any:
        """The information set's frame (:attr:`InformationSet.frame`)."""
        return self._info().frame

    def sample_world(self, rng: random.Random) -> GameState:
        """A full state this seat cannot tell from the real one (a fresh copy)."""
        world: GameState = self._info().sample_world(rng)
        return world

    def _info(self) -> InformationSet:
        if self.info is None:
            raise LookupError(
                f"Turn of seat {self.seat} in {self.game}: made without worlds "
                "(a bot that draws worlds says needs_worlds = True)"
            )
        return self.info


class Bot(Protocol):
    """A player the table asks for an action.  A bot that draws worlds
    (``turn.sample_world``, ``turn.frame``) says so with a class attribute
    ``needs_worlds = True``, one that does not with ``False``; the table deals
    the worlds only for those that want them (:func:`needs_worlds`)."""

    name: str

    def act(self, turn: Turn) -> int:
        """The action to take for ``turn.seat``."""
        ...

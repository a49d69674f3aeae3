"""Bots: players that choose an action for the seat to act.

A bot sees only what its seat may see: it is handed a :class:`Turn` (the seat,
its observation and the legal actions, and its :class:`InformationSet`: the
worlds the seat cannot tell from the real one, dealt from what it knows),
never the state.  Every game offers
``random``, ``heuristic`` (its rule-based bot) and the levels a player picks,
``beginner``, ``intermediate`` and ``expert`` (:mod:`stickspel.bots.expert`:
the heuristic that slips, shallow search, full search); each game's own bots
live in ``stickspel.bots.<game>`` with a ``BOTS`` dict of name → class.  The
levels think for ``think_ms`` milliseconds a decision (:func:`make_bot`).

>>> from stickspel.games.plump import PlumpState
>>> from stickspel.core.cards import make_rng
>>> state = PlumpState()
>>> _ = state.apply_chance(make_rng(3))
>>> bot = make_bot("plump", "random", seed=1)
>>> bot.act(Turn.of(state)) in state.legal_actions()
True
"""

from __future__ import annotations

import importlib
import random
from dataclasses import dataclass, field
from typing import Any, Protocol

from stickspel.core import GameState, RulesError

__all__ = ["Bot", "Turn", "InformationSet", "RandomBot", "make_bot", "bot_names", "LEVELS"]


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


class RandomBot:
    """Uniformly random among the legal actions (seedable)."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def act(self, turn: Turn) -> int:
        return self.rng.choice(turn.legal_actions)


def _game_bots(game: str) -> dict[str, type]:
    try:
        mod = importlib.import_module(f"stickspel.bots.{game}")
    except ModuleNotFoundError as e:
        if e.name != f"stickspel.bots.{game}":
            raise
        return {"random": RandomBot}
    from stickspel.bots.expert import level_bots

    return {"random": RandomBot, **getattr(mod, "BOTS", {}), **level_bots()}


def bot_names(game: str) -> list[str]:
    """The bot kinds offered for ``game``."""
    return list(_game_bots(game))


#: The bot kinds that think for a time budget (``think_ms``).
LEVELS = ("beginner", "intermediate", "expert")


def make_bot(
    game: str, kind: str, seed: int | None = None, *, think_ms: float | None = None
) -> Bot:
    """A bot of ``kind`` (``random``, ``heuristic``, ``beginner``, ``intermediate``,
    ``expert``) for ``game``; ``think_ms`` sets a level's time per decision (its
    default when ``None``; the other kinds answer at once and ignore it)."""
    bots = _game_bots(game)
    if kind not in bots:
        raise RulesError("bots.no_such_bot", kind=kind, game=game, bots=", ".join(bots))
    if think_ms is not None and think_ms < 0:
        raise RulesError("bots.think_ms", value=think_ms)
    if kind in LEVELS:
        level: Bot = bots[kind](seed=seed, think_ms=think_ms)
        return level
    bot: Bot = bots[kind](seed=seed)
    return bot

"""A deal's card play as flat integers: bitmask hands, make and unmake without
allocation, one trick mechanics for Plump, Priffe and Tremanswhist.

>>> from stickspel.core.cards import card_str, mask_of, parse_card, parse_cards
>>> pos = Position.from_hands([mask_of(parse_cards("AS 2H")), mask_of(parse_cards("KS 3H"))],
...                          trump=None, leader=0)
>>> pos.to_move, [card_str(c) for c in pos.legal_cards()]
(0, ['2H', 'AS'])
>>> pos.play(parse_card("AS")); pos.play(parse_card("KS"))
>>> pos.to_move, pos.tricks
(0, (1, 0))
>>> pos.unplay(); pos.unplay(); pos.tricks, pos.to_move
((0, 0), 0)
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any

import stickspel.search.kernels as K
from stickspel.core import GameState
from stickspel.core.cards import card_str, cards_of
from stickspel.core.errors import StickspelError
from stickspel.games import game_spec
from stickspel.games.spec import part_of
from stickspel.search.backend import Backend, current

__all__ = ["BARE", "PlayModel", "Position", "SearchError", "new_buffer", "play_model", "side_mask"]


class SearchError(StickspelError, ValueError):
    """A position the solvers cannot take (wrong phase, unknown hands, a bad card)."""


def new_buffer(size: int) -> Any:
    """A zeroed integer buffer of the installed backend, for the modules' kernels
    called as they are: a numpy int64 array for numba, a list for plain Python
    (whose indexing is faster than numpy's one element at a time).  A search's
    buffers are its path's (:meth:`Backend.buffer <stickspel.search.backend.Backend.buffer>`)."""
    if K.BACKEND == "numba":
        import numpy as np

        return np.zeros(size, dtype=np.int64)
    return [0] * size


class Position:
    """The card play of one deal with every hand known (a sampled world, or a
    test's deal): who is to move, the legal cards, make and unmake.

    The game's objective travels along for the solvers: its :class:`PlayModel`
    (``model``; :attr:`game` names it) and what that reads, Plump's bids and
    rules, Priffe's contract and sides, Tremanswhist's kind of deal and targets.
    ``backend``: the search's path it was built on (:mod:`stickspel.search.backend`),
    whose kernels play its cards.
    """

    __slots__ = ("s", "model", "rules", "bids", "contract", "kind", "targets", "n", "backend")

    def __init__(self, n: int, backend: Backend | None = None) -> None:
        if not 2 <= n <= K.MAX_SEATS:
            raise SearchError("search.seats", most=K.MAX_SEATS, n=n)
        self.n = n
        self.backend = backend or current()
        self.s: Any = self.backend.buffer(K.STATE_SIZE)
        self.s[K.N_] = n
        self.model: PlayModel = BARE
        self.rules: Any = None
        self.bids: tuple[int, ...] | None = None
        self.contract: int | None = None
        self.kind = "plus"
        self.targets: tuple[int, ...] | None = None

    # --- building ----------------------------------------------------------------------
    @classmethod
    def from_hands(
        cls,
        hands: Sequence[int],
        trump: int | None,
        leader: int,
        *,
        must_trump: bool = False,
        pairs: bool = False,
        trick: Sequence[int] = (),
        tricks: Sequence[int] | None = None,
    ) -> Position:
        """A position from bitmask hands, the trump suit (``None``: no trump) and the
        seat that leads ``trick`` (the cards already down, in order).  ``pairs``:
        seats ``s`` and ``s + 2`` are partners (Priffe); ``must_trump``: void in
        the suit led, a trump must be played if held (Tremanswhist)."""
        n = len(hands)
        if not 0 <= leader < n:
            raise SearchError("search.leader", leader=leader, n=n)
        pos = cls(n)
        # the header filled as a list and copied in at once: numpy's element
        # writes from Python cost more than the search they set up
        head = [0] * K.HIST_
        head[K.N_] = n
        head[K.TRUMP_] = -1 if trump is None else trump
        head[K.MUST_TRUMP_] = int(must_trump)
        head[K.PAIRS_] = int(pairs)
        head[K.LEADER_] = head[K.MOVE_] = leader
        head[K.HANDS_ : K.HANDS_ + n] = hands
        if tricks is not None:
            head[K.TRICKS_ : K.TRICKS_ + n] = tricks
        for i, c in enumerate(trick):  # the trick's cards back in hand, played anew
            head[K.HANDS_ + (leader + i) % n] |= 1 << c
        s = pos.s
        s[: K.HIST_] = head
        play = pos.backend.kernels.play
        for c in trick:
            play(s, c)
        s[K.ROOT_] = s[K.PLY_]  # what was down before the position is not taken back
        return pos

    @classmethod
    def from_play(cls, world: Any, *, must_trump: bool = False, pairs: bool = False) -> Position:
        """The position of a state in its play phase (its ``hands``, ``trump``,
        ``trick``, ``leader``, ``current`` and ``tricks_won``): the trick in
        progress is played anew."""
        trick = world.trick
        leader = world.leader if trick else world.current
        return cls.from_hands(
            world.hands, world.trump, leader, must_trump=must_trump, pairs=pairs,
            trick=trick, tricks=world.tricks_won,
        )  # fmt: skip

    @classmethod
    def from_state(
        cls, world: GameState, *, contract: int | None = None, bidder: int | None = None
    ) -> Position:
        """The deal in progress of ``world`` (every hand known: a sampled world), as
        its game's :class:`PlayModel` builds it (its spec's ``play``): in the play,
        or where the game allows it before (Plump while bidding, from the first
        lead; Priffe in the auction with ``contract`` given, and ``bidder`` for
        spel, whose right-hand neighbour leads)."""
        model = play_model(getattr(world, "GAME", ""))
        return model.position(world, contract=contract, bidder=bidder)

    @property
    def game(self) -> str:
        """The game whose deal this is (``""``: a bare deal, each seat for its tricks)."""
        return self.model.name

    @game.setter
    def game(self, name: str) -> None:
        self.model = play_model(name)

    # --- play ----------------------------------------------------------------------------
    @property
    def to_move(self) -> int:
        return int(self.s[K.MOVE_])

    @property
    def trump(self) -> int | None:
        t = int(self.s[K.TRUMP_])
        return None if t < 0 else t

    def legal_mask(self) -> int:
        return int(self.backend.kernels.legal_mask(self.s))

    def legal_cards(self) -> list[int]:
        """The cards the seat to move may play, ascending (as ``legal_actions()``)."""
        return cards_of(self.legal_mask())

    def play(self, card: int) -> None:
        """The seat to move plays ``card``; :class:`SearchError` if it may not."""
        if not (0 <= card < 52 and self.legal_mask() >> card & 1):
            raise SearchError("search.may_not_play", seat=self.to_move, card=card)
        self.backend.kernels.play(self.s, card)

    def unplay(self) -> None:
        """Take back the last card played since the position was built."""
        if self.s[K.PLY_] <= self.s[K.ROOT_]:
            raise SearchError("search.no_unplay")
        self.backend.kernels.unplay(self.s)

    def is_over(self) -> bool:
        return int(self.s[K.HANDS_ + self.s[K.MOVE_]]) == 0

    @property
    def hands(self) -> tuple[int, ...]:
        return tuple(int(self.s[K.HANDS_ + i]) for i in range(self.n))

    @property
    def tricks(self) -> tuple[int, ...]:
        """Tricks each seat has taken in the deal (before the position as well)."""
        return tuple(int(self.s[K.TRICKS_ + i]) for i in range(self.n))

    @property
    def trick(self) -> tuple[int, ...]:
        """The cards of the trick in progress, in the order played."""
        s = self.s
        first = int(s[K.PLY_] - s[K.TLEN_])
        return tuple(int(s[K.HIST_ + K.HIST_W * (first + i)]) for i in range(int(s[K.TLEN_])))

    @property
    def leader(self) -> int:
        """Who led the trick in progress, or leads the next."""
        return int(self.s[K.LEADER_]) if self.s[K.TLEN_] else self.to_move

    @property
    def tricks_left(self) -> int:
        """Tricks still to be completed, the one in progress included."""
        s = self.s
        if s[K.TLEN_]:  # the leader's hand is one card short of the trick in progress
            return int(s[K.HANDS_ + s[K.LEADER_]]).bit_count() + 1
        return int(s[K.HANDS_ + s[K.MOVE_]]).bit_count()

    def copy(self) -> Position:
        new = Position.__new__(Position)
        for name in Position.__slots__:
            setattr(new, name, getattr(self, name))
        new.s = self.s.copy()
        return new

    def on(self, backend: Backend) -> Position:
        """This position on ``backend``'s path: itself if it is there, else a copy
        whose buffer is that path's."""
        if backend is self.backend:
            return self
        new = self.copy()
        new.backend, new.s = backend, backend.own(self.s)
        return new

    def __repr__(self) -> str:
        hands = " | ".join(" ".join(_name(c) for c in cards_of(h)) for h in self.hands)
        return f"Position({self.game or 'deal'}: to move {self.to_move}, {hands})"


def _name(card: int) -> str:
    return card_str(card) if 0 <= card < 52 else str(card)


def side_mask(seat: int) -> int:
    """The seats of ``seat``'s side where partners sit opposite (four seats), a bit a seat."""
    return 0b0101 << (seat % 2)


#: The values of a trick count still to come, seen from one seat.
ToValue = Callable[[int], float]


class PlayModel:
    """How the card play of one game's deals is searched: the positions built from
    its states, what each seat plays for, and which solver values it.  This one
    is a bare deal's (a test's, built by :meth:`Position.from_hands`): every seat
    plays for its own tricks.  A game's own (its spec's ``play``) builds its
    positions and says the rest; a position carries its model, so the solvers
    read it once a position and never ask which game it is."""

    #: The game's name (``""``: a bare deal).
    name = ""
    #: Whether each seat plays for a score of its own tricks (Plump's bids): max^n
    #: over each seat's table of :meth:`goal_rows`, and the paranoid search may be
    #: asked.  Otherwise alpha-beta on one team's tricks against the rest (:meth:`teams`).
    maxn = False

    def position(
        self, world: Any, *, contract: int | None = None, bidder: int | None = None
    ) -> Position:
        """The deal in progress of ``world`` (every hand known; ``contract`` and
        ``bidder``: an auction's, where the game searches one before its play)."""
        raise SearchError("search.no_game", game=repr(self.name))

    def sheds(self, pos: Position) -> bool:
        """Whether the seats play to take few tricks (Priffe's noll, Tremanswhist's minus)."""
        return False

    def dds(self, pos: Position) -> bool:
        """Whether DDS (``endplay``) solves the deal: two sides of partners, each
        taking what tricks it can."""
        return False

    def goal_rows(self, pos: Position, bids: Sequence[int] | None) -> list[tuple[int, ...]]:
        """Each seat's value of ending the deal with 0 … ``K.UT``-1 tricks, what it
        plays for: its tricks, their negative where it :meth:`sheds` them
        (``bids``: the seats' bids, where the game scores them)."""
        sign = -1 if self.sheds(pos) else 1
        return [tuple(sign * t for t in range(K.UT))] * pos.n

    def teams(self, pos: Position, seat: int) -> tuple[int, int, ToValue]:
        """The trick-count search from ``seat``'s view: the seats maximising, the
        seats whose tricks are counted (a bit a seat), and the map from the counted
        tricks still to come to ``seat``'s value; here the seat's own tricks
        against everyone else."""
        return 1 << seat, 1 << seat, lambda v: float(pos.tricks[seat] + v)

    def line(self, pos: Position) -> tuple[int, int] | None:
        """The teams (maximising, counted) of one search for the whole line of play
        of :func:`~stickspel.search.dd_trick_counts`; ``None``: each seat's
        paranoid value instead, the tricks it can be sure of against all the others."""
        return None


#: The bare deal's model.
BARE = PlayModel()


@functools.cache
def play_model(game: str) -> PlayModel:
    """The :class:`PlayModel` of ``game`` (its spec's ``play``); the bare deal's for
    ``""`` or a game without one."""
    if not game:
        return BARE
    spec = game_spec(game)
    found: PlayModel | None = part_of(spec, spec.play, PlayModel)
    return found or BARE

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

from collections.abc import Sequence
from typing import Any

import stickspel.search.kernels as K
from stickspel.core import GameState
from stickspel.core.cards import card_str, cards_of
from stickspel.core.errors import StickspelError
from stickspel.search.backend import Backend, current

__all__ = ["Position", "SearchError", "new_buffer"]


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

    The game's objective travels along for the solvers: Plump's bids and rules,
    Priffe's contract and sides, Tremanswhist's kind of deal and targets.
    ``backend``: the search's path it was built on (:mod:`stickspel.search.backend`),
    whose kernels play its cards.
    """

    __slots__ = ("s", "game", "rules", "bids", "contract", "kind", "targets", "n", "backend")

    def __init__(self, n: int, backend: Backend | None = None) -> None:
        if not 2 <= n <= K.MAX_SEATS:
            raise SearchError("search.seats", most=K.MAX_SEATS, n=n)
        self.n = n
        self.backend = backend or current()
        self.s: Any = self.backend.buffer(K.STATE_SIZE)
        self.s[K.N_] = n
        self.game = ""
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
    def from_state(
        cls, world: GameState, *, contract: int | None = None, bidder: int | None = None
    ) -> Position:
        """The deal in progress of ``world`` (every hand known: a sampled world).

        Plump: in the play, or while bidding (then from the first lead, each seat
        playing for its own tricks).  Priffe: in the play, or in the auction with
        ``contract`` (and ``bidder`` for spel, whose right-hand neighbour leads)
        given.  Tremanswhist: in the play."""
        game = getattr(world, "GAME", "")
        if game == "plump":
            return _from_plump(world)
        if game == "priffe":
            return _from_priffe(world, contract, bidder)
        if game == "tremanswhist":
            return _from_tremanswhist(world)
        raise SearchError("search.no_game", game=repr(game))

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


def _from_play(world: Any, pos_fields: dict[str, Any]) -> Position:
    """The position of a state in its play phase; the trick in progress is played anew."""
    trick = world.trick
    leader = world.leader if trick else world.current
    return Position.from_hands(
        world.hands, world.trump, leader, trick=trick, tricks=world.tricks_won, **pos_fields
    )


def _plump_phases() -> tuple[int, int]:
    """Plump's bid and play phases, imported once (an import in the function that
    builds a position cost a fifth of it)."""
    global _PLUMP_PHASES
    if _PLUMP_PHASES is None:
        from stickspel.games.plump.rules import BID, PLAY

        _PLUMP_PHASES = (BID, PLAY)
    return _PLUMP_PHASES


_PLUMP_PHASES: tuple[int, int] | None = None


def _from_plump(world: Any) -> Position:
    bid_phase, play_phase = _PLUMP_PHASES or _plump_phases()
    rules = world.rules
    if world.phase == play_phase:
        pos = _from_play(world, {})
        pos.bids = tuple([0 if b is None else b for b in world.bids])
    elif world.phase == bid_phase and world.hands and any(world.hands):
        lead = world.dealer_seat if rules.first_lead == "dealer" else world.forhand()
        pos = Position.from_hands(world.hands, world.trump, lead)
        pos.bids = None  # no bids yet: each seat plays for its own tricks
    else:
        raise SearchError("search.plump_phase")
    pos.game, pos.rules = "plump", rules
    return pos


def _from_priffe(world: Any, contract: int | None, bidder: int | None) -> Position:
    from stickspel.games.priffe.rules import BID, PLAY, SPEL, trump_of

    if world.phase == PLAY:
        pos = _from_play(world, {"pairs": True})
        pos.contract = world.contract
    elif world.phase == BID and contract is not None and any(world.hands):
        if contract == SPEL:
            if bidder is None:
                raise SearchError("search.spel_bidder")
            lead = (bidder - 1) % 4
        else:
            lead = world.forhand()
        pos = Position.from_hands(world.hands, trump_of(contract), lead, pairs=True)
        pos.contract = contract
    else:
        raise SearchError("search.priffe_phase")
    pos.game, pos.rules = "priffe", world.rules
    return pos


def _from_tremanswhist(world: Any) -> Position:
    from stickspel.games.tremanswhist.rules import PAR, PLAY

    if world.phase != PLAY:
        raise SearchError("search.tremanswhist_phase")
    pos = _from_play(world, {"must_trump": True})
    pos.game, pos.rules, pos.kind = "tremanswhist", world.rules, world.kind
    targets = world.current_targets()
    pos.targets = tuple(targets) if targets is not None else (PAR,) * 3
    return pos

"""Plump's worlds drawn in compiled code, for IS-MCTS.

A world of a Plump decision is the hidden cards dealt again (each seat's known
voids respected), weighted by how well the bids made fit the hands they come
from, with the bids still to come guessed from the hands.  The bots' Python
path (:func:`stickspel.games.plump.worlds.sample_deal`,
:func:`stickspel.games.plump.search.plump_hands_weight`, the expert's bid row) does
this at about 70 µs a world, and at 50 ms a decision that was half the time
and a few hundred worlds.  :func:`draw_worlds` does the same in one loop over
flat buffers, written for both backends like the kernels, a world in a few
microseconds: the positions go straight into the rows IS-MCTS reads.

The draw is the Python path's, step for step, on the kernels' random stream:
the unseen cards shuffled, dealt in piles (a plain split where no void binds,
else card by card to a pile chosen by its room, kept only where Hall's
condition says the rest still fits), each seat's hand counted as
:func:`stickspel.games.plump.bot.count_tricks` counts it.  The tests check each
world's rows, weight and bids against the Python functions on the same hands,
and the piles' frequencies against :func:`deal_with_voids`.
"""

from __future__ import annotations

import math
from typing import Any

import stickspel.search.kernels as K
from stickspel.search.kernels import jit
from stickspel.search.position import Position

__all__ = ["count_mask", "draw_worlds", "float_buffer", "PILES_W"]

#: Per pile in ``piles``: its size, the suits it may not take (a mask), and the
#: seat it goes to (-1: nobody's, the stock or a blind hand).
PILES_W = 3

#: ``count_tricks``'s constants (stickspel.games.plump.bot), repeated for the kernel.
UNGUARDED = 0.35


def float_buffer(size: int) -> Any:
    """A zeroed float buffer of the backend (numpy for numba, a list otherwise)."""
    if K.BACKEND == "numba":
        import numpy as np

        return np.zeros(size, dtype=np.float64)
    return [0.0] * size


@jit
def count_mask(hand: int, unknown: int, n: int, size: int, trump: int) -> float:
    """:func:`stickspel.games.plump.bot.count_tricks` on a hand's mask (``trump`` -1: no
    trump): the tricks the hand is counted to take.

    >>> from stickspel.games.plump.bot import count_tricks
    >>> hand, unknown = (1 << 12) | (1 << 11) | (1 << 14), ((1 << 52) - 1) & ~7
    >>> abs(count_mask(hand, unknown, 4, 3, 0) - count_tricks([12, 11, 14], unknown, 4, 3, 0))
    0.0
    """
    if hand == 0:
        return 0.0
    unknown_count = K.popcount(unknown)
    frac = 1.0
    if unknown_count:
        frac = min(1.0, (n - 1) * size / unknown_count)
    void = 0.75**size
    has_trump = 1.0 - 0.75**size if trump >= 0 else 0.0
    total = 0.0
    short = 0
    spare_trumps = 0
    for suit in range(4):
        mine = (hand >> (13 * suit)) & K.SUIT_BITS
        length = K.popcount(mine)
        if suit != trump and trump >= 0:
            short += max(0, 2 - length)
        i = 0
        for rank in range(12, -1, -1):
            if not mine >> rank & 1:
                continue
            card = 13 * suit + rank
            above = (K.SUIT_BITS << (13 * suit)) & ~((1 << (card + 1)) - 1)
            h = K.popcount(unknown & above)
            clear = (1.0 - frac) ** h
            guarded = length - 1 - i >= h
            if guarded:
                g = (0.6 if suit == trump else 0.5) ** h
            else:
                g = 0.12**h
                clear *= UNGUARDED
            p = clear + (1.0 - clear) * g if h else 1.0
            if suit != trump and trump >= 0:
                v = min(1.0, void + 0.22 * (i + max(0, length - 3)))
                ruffed = 1.0 - (1.0 - v * has_trump) ** (n - 1)
                p *= 1.0 - 0.75 * ruffed
            i += 1
            if suit == trump and p < 0.5:
                spare_trumps += 1
                continue
            total += p
    if trump >= 0 and size > 1:
        total += min(spare_trumps, short) * 0.55
        total += max(0, spare_trumps - short) * 0.12
    return total


@jit
def _round_half_even(x: float) -> int:
    """Python's ``round``: halves to the even neighbour."""
    r = math.floor(x)
    f = x - r
    if f > 0.5 or (f == 0.5 and int(r) % 2 == 1):
        r += 1
    return int(r)


@jit
def _deal_piles(
    cards: Any, n_cards: int, piles: Any, n_piles: int, out: Any, rng: Any, left: Any
) -> None:
    """``cards`` shuffled and dealt into ``out`` (a mask a pile), as
    :func:`stickspel.games.plump.worlds.deal_with_voids` deals them."""
    for i in range(n_cards - 1, 0, -1):  # Fisher-Yates
        j = K.next_random(rng) % (i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    bound = 0
    for k in range(n_piles):
        out[k] = 0
        left[k] = piles[k * PILES_W]
        bound |= piles[k * PILES_W + 1]
    if bound == 0:  # no void binds: a plain split of the shuffled cards
        at = 0
        for k in range(n_piles):
            for _ in range(piles[k * PILES_W]):
                out[k] |= 1 << cards[at]
                at += 1
        return
    # Hall's condition over the 15 sets of suits: the cards of each set still to
    # deal (need) and the room of the piles that accept any suit of it (room)
    need = [0] * 16
    room = [0] * 16
    for i in range(n_cards):
        suit = cards[i] // 13
        for group in range(1, 16):
            if group >> suit & 1:
                need[group] += 1
    for k in range(n_piles):
        accepts = 15 & ~piles[k * PILES_W + 1]
        for group in range(1, 16):
            if accepts & group:
                room[group] += left[k]
    tried = 0
    for i in range(n_cards):
        card = cards[i]
        suit = card // 13
        for group in range(1, 16):
            if group >> suit & 1:
                need[group] -= 1
        tried = 0  # piles found not to fit for this card (a bit a pile)
        while True:
            total = 0
            for k in range(n_piles):
                if left[k] and not piles[k * PILES_W + 1] >> suit & 1 and not tried >> k & 1:
                    total += left[k]
            r = K.next_random(rng) % total  # weighted by room, as a plain shuffle would be
            pick = -1
            for k in range(n_piles):
                if left[k] and not piles[k * PILES_W + 1] >> suit & 1 and not tried >> k & 1:
                    if r < left[k]:
                        pick = k
                        break
                    r -= left[k]
            accepts = 15 & ~piles[pick * PILES_W + 1]
            left[pick] -= 1
            for group in range(1, 16):
                if accepts & group:
                    room[group] -= 1
            fits = True
            for group in range(1, 16):
                if need[group] and need[group] > room[group]:
                    fits = False
                    break
            if fits:
                out[pick] |= 1 << card
                break
            left[pick] += 1
            for group in range(1, 16):
                if accepts & group:
                    room[group] += 1
            tried |= 1 << pick


@jit
def draw_worlds(
    rows: Any,
    weights: Any,
    wbids: Any,
    first: int,
    count: int,
    base: Any,
    cards: Any,
    n_cards: int,
    piles: Any,
    n_piles: int,
    played: Any,
    dealt_mine: int,
    made: Any,
    setting: Any,
    rng: Any,
    scratch: Any,
) -> None:
    """Worlds ``first`` … ``first + count - 1`` of a Plump decision into ``rows``
    (``K.STATE_SIZE`` a world: ``base`` with the others' hands dealt anew),
    ``weights`` and ``wbids`` (``K.MAX_SEATS`` a world: the bids made, the ones
    still to come guessed, 0 for the seat deciding).

    ``cards``: the ``n_cards`` cards the seat has not seen; ``piles``: what they
    are dealt into (:data:`PILES_W` a pile); ``played``: the cards each seat has
    played this deal (a mask a seat); ``dealt_mine``: the deciding seat's hand
    as dealt; ``made``: each seat's bid, -1 where none is made.  ``setting``:
    seats, cards a hand, trump (-1: none), upcard (-1: none), the deciding
    seat, the weighing on (1) or off (0), the hands read at their share (1) or
    count (0), and the bid weight's sigma, floor and shift each times 10**6."""
    n, size, trump, upcard, seat = setting[0], setting[1], setting[2], setting[3], setting[4]
    infer, share = setting[5], setting[6]
    sigma, floor, shift = setting[7] / 1e6, setting[8] / 1e6, setting[9] / 1e6
    full = (1 << 52) - 1
    up = 0 if upcard < 0 else 1 << upcard
    out = scratch
    left = scratch[n_piles:]
    counts = [0.0] * K.MAX_SEATS
    dealt = [0] * K.MAX_SEATS
    for w in range(first, first + count):
        _deal_piles(cards, n_cards, piles, n_piles, out, rng, left)
        at = w * K.STATE_SIZE
        for i in range(K.STATE_SIZE):
            rows[at + i] = base[i]
        for s in range(n):
            dealt[s] = dealt_mine if s == seat else played[s]
        for k in range(n_piles):
            s = piles[k * PILES_W + 2]
            if s >= 0:
                rows[at + K.HANDS_ + s] = out[k]
                dealt[s] |= out[k]
        total = 0.0
        for s in range(n):
            counts[s] = count_mask(dealt[s], full & ~(dealt[s] | up), n, size, trump)
            total += counts[s]
        if share and total > 0:
            for s in range(n):
                counts[s] = counts[s] * size / total
        weight = 1.0
        for s in range(n):
            b = made[s]
            guess = b
            if b < 0:
                guess = 0 if s == seat else max(0, min(size, _round_half_even(counts[s])))
            wbids[w * K.MAX_SEATS + s] = guess
            if infer and b >= 0 and s != seat:
                d = b - shift - counts[s]
                weight *= max(math.exp(-d * d / (2 * sigma * sigma)), floor)
        weights[w] = weight


class WorldRows:
    """Worlds laid out as IS-MCTS reads them: ``rows`` (``K.STATE_SIZE`` a world),
    ``weights`` and ``wbids`` (``K.MAX_SEATS`` bids a world), ``count`` of them
    filled, and ``base``, a :class:`~stickspel.search.Position` with what they
    share (the seat to play, the bids, the game and rules); its buffers are of
    ``base``'s path (:mod:`stickspel.search.backend`)."""

    def __init__(self, base: Position, capacity: int) -> None:
        self.base = base
        self.backend = backend = base.backend
        self.capacity = capacity
        self.rows: Any = backend.buffer(capacity * K.STATE_SIZE)
        self.weights: Any = backend.float_buffer(capacity)
        self.wbids: Any = backend.buffer(capacity * K.MAX_SEATS)
        self.count = 0

    def __len__(self) -> int:
        return self.count

    def bids(self, k: int) -> list[int]:
        """World ``k``'s bids, a seat each."""
        at = k * K.MAX_SEATS
        return [int(b) for b in self.wbids[at : at + self.base.n]]

    def hands(self, k: int) -> list[int]:
        """World ``k``'s hands still held, a mask a seat."""
        at = k * K.STATE_SIZE + K.HANDS_
        return [int(h) for h in self.rows[at : at + self.base.n]]


class PlumpDraw:
    """The worlds of one Plump decision, drawn by :func:`draw_worlds` into a
    :class:`WorldRows` a batch at a time.

    ``base``: the position the worlds share, the others' hands empty (their
    cards of the trick in progress played); ``unseen``: the cards the seat has
    not seen; ``piles``: ``(size, banned suits, seat or -1)`` each, the stock
    last; ``played``: a mask a seat; ``made``: a bid a seat, ``None`` where
    none is made; ``sigma``, ``floor``, ``shift``: the bid weight's
    (:func:`stickspel.games.plump.search.plump_hands_weight`); ``share``: hands read
    at their share (``share_dealt``), not their count.  The draw runs on ``base``'s
    path (:mod:`stickspel.search.backend`)."""

    def __init__(
        self,
        base: Position,
        *,
        seat: int,
        size: int,
        trump: int | None,
        upcard: int | None,
        unseen: list[int],
        piles: list[tuple[int, int, int]],
        played: list[int],
        dealt_mine: int,
        made: list[int | None],
        infer: bool,
        share: bool,
        sigma: float,
        floor: float,
        shift: float,
        capacity: int,
        seed: int,
    ) -> None:
        n = base.n
        self.backend = backend = base.backend
        self.worlds = WorldRows(base, capacity)
        self.base = backend.buffer(K.STATE_SIZE)
        self.base[:] = list(base.s)
        self.cards = backend.buffer(max(1, len(unseen)))
        self.cards[: len(unseen)] = unseen
        self.n_cards = len(unseen)
        self.piles = backend.buffer(PILES_W * len(piles))
        self.piles[:] = [v for pile in piles for v in pile]
        self.n_piles = len(piles)
        self.played = backend.buffer(K.MAX_SEATS)
        self.played[:n] = played
        self.dealt_mine = dealt_mine
        self.made = backend.buffer(K.MAX_SEATS)
        self.made[:n] = [-1 if b is None else b for b in made]
        self.setting = backend.buffer(10)
        self.setting[:] = [
            n, size, -1 if trump is None else trump, -1 if upcard is None else upcard, seat,
            int(infer), int(share), round(sigma * 1e6), round(floor * 1e6), round(shift * 1e6),
        ]  # fmt: skip
        self.rng = backend.buffer(1)
        self.rng[0] = seed & 0x7FFFFFFF
        self.scratch = backend.buffer(2 * len(piles))

    def draw(self, count: int) -> int:
        """Up to ``count`` more worlds (as many as there is room for); the worlds
        held after them."""
        w = self.worlds
        count = min(count, w.capacity - w.count)
        if count > 0:
            self.backend.redeal.draw_worlds(
                w.rows, w.weights, w.wbids, w.count, count, self.base, self.cards, self.n_cards,
                self.piles, self.n_piles, self.played, self.dealt_mine, self.made, self.setting,
                self.rng, self.scratch,
            )  # fmt: skip
            if not w.count:  # what the worlds share, from a whole one (the hands count)
                first = w.base.copy()
                first.s[:] = w.rows[: K.STATE_SIZE]
                w.base = first
            w.count += count
        return w.count

"""Plump's learned bid model in compiled code: the distribution of the tricks a
hand takes, read from the hand as dealt and the bids made before it.

The model (trained by ``scripts/train_bid_model.py``, its weights shipped in
``stickspel/bots/data/plump_bids.npz``, loaded by :mod:`stickspel.bots.bid_model`)
is a normal distribution over the trick counts 0 … size, its mean and its
spread each a weighted sum of :data:`N_FEATURES` features of the hand (the
tricks :func:`count_mask` counts among them), with a
learned lift of the counts 0, 1 and 2 (a hand of nothing ducks, and ducking
often works).  The counting estimate the bots used before is the same shape
with the count as the mean, a spread of 1.2 tricks and no lift.

The features, from the hand's mask, the trump suit (-1: none), the seats
``n``, the cards a hand ``size``, the seat's place in the bidding ``order``
(0 = förhand … ``n - 1`` = the dealer) and the bids made ``before`` it:

0 one, 1 the count, 2 size, 3 seats, 4 trumps held, 5-7 the trump ace, king,
queen held, 8 side aces, 9 side kings, 10 side suits void, 11 side singletons,
12 no trump, 13 the place in the bidding (0 … 1), 14 the dealer, 15 the bids
before less their share of the tricks (``order * size / n``), 16 the count
squared over size.

Written for both backends like the kernels (plain Python where numba is missing).

>>> params = [0.0] * N_PARAMS
>>> params[1], params[N_FEATURES] = 1.0, math.log(1.2)   # the count, a spread of 1.2
>>> probs = [0.0] * 11
>>> hand = (1 << 12) | (1 << 11) | (1 << 27)   # clubs A K, hearts 3
>>> mean = bid_distribution(hand, ((1 << 52) - 1) & ~hand, 4, 3, 0, 0, 0, params, probs)
>>> round(sum(probs[:4]), 9), 1.0 < mean < 3.0
(1.0, True)
"""

from __future__ import annotations

import math
from typing import Any

import stickspel.search.kernels as K
from stickspel.search.kernels import jit

__all__ = [
    "count_mask",
    "float_buffer",
    "N_FEATURES",
    "N_LIFTS",
    "N_PARAMS",
    "bid_features",
    "bid_distribution",
]

#: ``count_tricks``'s constants (stickspel.bots.plump), repeated for the kernel.
UNGUARDED = 0.35


def float_buffer(size: int) -> Any:
    """A zeroed float buffer of the backend (numpy for numba, a list otherwise)."""
    if K.BACKEND == "numba":
        import numpy as np

        return np.zeros(size, dtype=np.float64)
    return [0.0] * size


@jit
def count_mask(hand: int, unknown: int, n: int, size: int, trump: int) -> float:
    """:func:`stickspel.bots.plump.count_tricks` on a hand's mask (``trump`` -1: no
    trump): the tricks the hand is counted to take.

    >>> from stickspel.bots.plump import count_tricks
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


#: Features of a hand (see the module's text), the trick counts given a lift
#: (0, 1, 2), and the parameters: the mean's weights, the log spread's, the lifts.
N_FEATURES = 17
N_LIFTS = 3
N_PARAMS = 2 * N_FEATURES + N_LIFTS


@jit
def bid_features(
    hand: int, unknown: int, n: int, size: int, trump: int, order: int, before: int, out: Any
) -> None:
    """The :data:`N_FEATURES` features of ``hand`` into ``out`` (``unknown``: the
    cards its seat has not seen, as :func:`count_mask` reads them)."""
    count = count_mask(hand, unknown, n, size, trump)
    for i in range(N_FEATURES):
        out[i] = 0.0
    out[0] = 1.0
    out[1] = count
    out[2] = size
    out[3] = n
    for suit in range(4):
        mine = (hand >> (13 * suit)) & K.SUIT_BITS
        length = K.popcount(mine)
        if suit == trump:
            out[4] = length
            out[5] = mine >> 12 & 1
            out[6] = mine >> 11 & 1
            out[7] = mine >> 10 & 1
        else:
            out[8] += mine >> 12 & 1
            out[9] += mine >> 11 & 1
            if trump >= 0:
                if length == 0:
                    out[10] += 1.0
                elif length == 1:
                    out[11] += 1.0
    if trump < 0:
        out[12] = 1.0
    out[13] = order / (n - 1) if n > 1 else 0.0
    out[14] = 1.0 if order == n - 1 else 0.0
    out[15] = before - order * size / n
    out[16] = count * count / size if size > 0 else 0.0


@jit
def bid_distribution(
    hand: int,
    unknown: int,
    n: int,
    size: int,
    trump: int,
    order: int,
    before: int,
    params: Any,
    probs: Any,
) -> float:
    """The chance of each trick count 0 … ``size`` for ``hand`` into ``probs``
    (``params``: :data:`N_PARAMS` weights), and the mean count."""
    f = [0.0] * N_FEATURES
    bid_features(hand, unknown, n, size, trump, order, before, f)
    mu = 0.0
    log_sigma = 0.0
    for i in range(N_FEATURES):
        mu += params[i] * f[i]
        log_sigma += params[N_FEATURES + i] * f[i]
    sigma = math.exp(min(3.0, max(-3.0, log_sigma)))
    top = -1e300
    for t in range(size + 1):
        d = (t - mu) / sigma
        z = -0.5 * d * d
        if t < N_LIFTS:
            z += params[2 * N_FEATURES + t]
        probs[t] = z
        if z > top:
            top = z
    total = 0.0
    for t in range(size + 1):
        probs[t] = math.exp(probs[t] - top)
        total += probs[t]
    mean = 0.0
    for t in range(size + 1):
        probs[t] /= total
        mean += t * probs[t]
    return mean

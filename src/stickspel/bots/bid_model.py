"""Plump's bid model learned from play: the tricks a hand is likely to take.

The weights (``data/plump_bids.npz``, with the seed and the command that trained
them: ``scripts/train_bid_model.py``) are loaded once, when first asked for; the
model itself is :mod:`stickspel.search.bidmodel` (compiled where numba runs).
The expert reads the others' bids with it (a bid against the tricks the model
expects of the hand) and guesses the bids still to come from it.

>>> from stickspel.core.cards import parse_cards
>>> probs = trick_distribution(parse_cards("AS KS QS"), n=4, size=3, trump=3, upcard=None)
>>> len(probs), round(sum(probs), 9), probs[3] > probs[0]
(4, 1.0, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from importlib import resources
from typing import Any

__all__ = ["model_params", "trick_distribution", "expected_dealt", "bidding_order", "MODEL_FILE"]

#: The shipped weights, in ``stickspel.bots.data``.
MODEL_FILE = "plump_bids.npz"

_PARAMS: list[Any] = []


def model_params() -> Any:
    """The model's weights as the backend's buffer (numpy with numba, else a list)."""
    if not _PARAMS:
        import numpy as np

        from stickspel.search import kernels as K
        from stickspel.search.bidmodel import N_PARAMS

        with resources.files("stickspel.bots").joinpath("data", MODEL_FILE).open("rb") as f:
            with np.load(f) as data:
                params = np.asarray(data["params"], dtype=np.float64)
        if params.shape != (N_PARAMS,):
            raise ValueError(f"{MODEL_FILE}: {params.shape} weights, not ({N_PARAMS},)")
        _PARAMS.append(params if K.BACKEND == "numba" else [float(p) for p in params])
    return _PARAMS[0]


def trick_distribution(
    hand: Sequence[int],
    n: int,
    size: int,
    trump: int | None,
    upcard: int | None,
    order: int = 0,
    before: int = 0,
) -> list[float]:
    """The chance of each trick count 0 … ``size`` for ``hand`` (card ids, as dealt)
    at a table of ``n``, the seat ``order``-th to bid after ``before`` tricks bid."""
    return _distribution(hand, n, size, trump, upcard, order, before)[0]


def _distribution(
    hand: Sequence[int],
    n: int,
    size: int,
    trump: int | None,
    upcard: int | None,
    order: int,
    before: int,
) -> tuple[list[float], float]:
    from stickspel.core.cards import mask_of
    from stickspel.search.bidmodel import bid_distribution, float_buffer

    mask = mask_of(hand)
    unknown = ((1 << 52) - 1) & ~(mask | (0 if upcard is None else 1 << upcard))
    probs = float_buffer(size + 1)
    t = -1 if trump is None else trump
    mean = bid_distribution(mask, unknown, n, size, t, order, before, model_params(), probs)
    return [float(p) for p in probs], float(mean)


def bidding_order(dealer: int, n: int) -> list[int]:
    """The seats in the order they bid: förhand (left of the dealer) first, the dealer last."""
    return [(dealer + 1 + k) % n for k in range(n)]


def expected_dealt(
    dealt: Sequence[Sequence[int]],
    bids: Sequence[int | None],
    dealer: int,
    seat: int,
    size: int,
    trump: int | None,
    upcard: int | None,
) -> list[float]:
    """The tricks the model expects of each hand of a deal, each read at its place
    in the bidding after the bids before it: the ones made, else the ones guessed
    (the expected tricks rounded, ``seat``'s own too)."""
    n = len(dealt)
    out = [0.0] * n
    before = 0
    for order, s in enumerate(bidding_order(dealer, n)):
        out[s] = _distribution(dealt[s], n, size, trump, upcard, order, before)[1]
        b = bids[s]
        before += b if b is not None else max(0, min(size, round(out[s])))
    return out

"""Train and score a Plump bid model learned from deals played by our own search.

Research only: the expert read bids with such a model and measured no gain
(benchmarks/RESULTS.md, "Plump's bid model learned from play"), so no bot
reads it; this script reproduces the model and its calibration::

    .venv/bin/python scripts/train_bid_model.py --seed 1 --deals 100000 --out /tmp/plump_bids.npz
    .venv/bin/python scripts/train_bid_model.py --evaluate --seed 2 --deals 20000 \\
        --model /tmp/plump_bids.npz

The model: a normal distribution over a hand's trick counts 0 … size, its mean
and its log spread each a weighted sum of :data:`N_FEATURES` features of the
hand (:func:`bid_features`: the count :func:`stickspel.search.redeal.count_mask`
gives among them), with a learned lift of the counts 0, 1 and 2. The counting
estimate the expert reads bids with is the same shape with the count as the
mean, a spread of 1.2 tricks and no lift (:func:`counting_estimate`).

The data: each deal has 3-6 seats (four most often) and a size (1 … the rules'
largest), dealt from ``--seed``; every seat bids as the heuristic bot bids (the
count, round the spärr), then the deal is played out ``--playouts`` times by
the goal-aware policy of the compiled search, each seat playing for its bid
with a tenth of its cards at random (as the expert's play-outs do). A row is
one bidding decision: the hand's features (its place in the bidding, the bids
made before it among them) and how often it took each trick count.

The fit: full-batch Adam on the log loss, in numpy, from the counting estimate.
``--evaluate`` prints the Brier score (over the trick counts, against each
play-out) and log loss of the model and of the counting estimate on deals of
another seed. 100,000 deals took 7 minutes on the shared 2-core machine.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from typing import Any

import numpy as np

from stickspel.bots import Turn
from stickspel.core.cards import mask_of
from stickspel.games.plump import PlumpRules, PlumpState
from stickspel.games.plump.bot import HeuristicBot
from stickspel.search import Position, playout_tricks
from stickspel.search.redeal import count_mask

SUIT_BITS = 0x1FFF
#: Features of a hand (:func:`bid_features`), the trick counts given a lift
#: (0, 1, 2), and the parameters: the mean's weights, the log spread's, the lifts.
N_FEATURES = 17
N_LIFTS = 3
N_PARAMS = 2 * N_FEATURES + N_LIFTS


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
        mine = (hand >> (13 * suit)) & SUIT_BITS
        length = mine.bit_count()
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


#: Seats a deal, four the most often (the usual table, OpenSpiel's ``oh_hell``).
SEATS = (3, 4, 4, 4, 5, 6)
#: The counting estimate as a distribution: a normal of this spread round the count.
COUNT_SIGMA = 1.2
#: Trick counts a row holds (the largest deal of three seats is 17 cards).
MAX_TRICKS = 17
NOISE = 0.1


def deal_rows(rng: random.Random, playouts: int) -> tuple[list[list[float]], list[list[float]]]:
    """One deal's rows: features and the share of play-outs with each trick count."""
    n = rng.choice(SEATS)
    largest = PlumpRules(players=n).largest
    size = rng.randint(1, largest)
    rules = PlumpRules(players=n, max_cards=size, deal_order="single")
    state = PlumpState(rules, first_dealer=rng.randrange(n))
    state.apply_chance(rng)
    bot = HeuristicBot(seed=0)
    deal = state.current_deal_items()[0]
    trump = -1 if state.trump is None else state.trump
    up = 0 if state.upcard is None else 1 << state.upcard
    feats: list[list[float]] = []
    order_seats: list[int] = []
    before = 0
    while state.phase != state.PLAY_PHASE:
        seat = state.current_player()
        hand = mask_of(deal.hands[seat])
        f = [0.0] * N_FEATURES
        unknown = ((1 << 52) - 1) & ~(hand | up)
        bid_features(hand, unknown, n, size, trump, len(order_seats), before, f)
        feats.append(f)
        order_seats.append(seat)
        action = bot.act(Turn.of(state, worlds=False))
        state.apply_action(action)
        before += state.bids[seat]
    pos = Position.from_state(state)
    taken = playout_tricks(pos, playouts, rng.randrange(1 << 30), policy="aware", noise=NOISE)
    targets = []
    for seat in order_seats:
        y = [0.0] * (MAX_TRICKS + 1)
        for t in taken[:, seat].tolist():
            y[t] += 1.0 / playouts
        targets.append(y)
    return feats, targets


def generate(seed: int, deals: int, playouts: int) -> tuple[np.ndarray, np.ndarray]:
    """Features ``X`` (a row a bid) and trick-count shares ``Y`` of ``deals`` deals."""
    rng = random.Random(seed)
    xs: list[list[float]] = []
    ys: list[list[float]] = []
    start = time.perf_counter()
    for k in range(deals):
        f, y = deal_rows(rng, playouts)
        xs.extend(f)
        ys.extend(y)
        if (k + 1) % 10000 == 0:
            print(f"{k + 1} deals, {time.perf_counter() - start:.0f} s", file=sys.stderr)
    return np.array(xs), np.array(ys)


def _probs(theta: np.ndarray, X: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The model's trick-count chances a row (counts past the deal's size 0), its
    mean and log spread a row."""
    w, v, lift = theta[:N_FEATURES], theta[N_FEATURES : 2 * N_FEATURES], theta[2 * N_FEATURES :]
    mu = X @ w
    log_sigma = np.clip(X @ v, -3.0, 3.0)
    t = np.arange(MAX_TRICKS + 1)
    z = -0.5 * ((t[None, :] - mu[:, None]) / np.exp(log_sigma)[:, None]) ** 2
    z[:, :N_LIFTS] += lift[None, :]
    z = np.where(t[None, :] <= X[:, 2:3], z, -np.inf)  # feature 2 is the deal's size
    z -= z.max(axis=1, keepdims=True)
    p = np.exp(z)
    p /= p.sum(axis=1, keepdims=True)
    return p, mu, log_sigma


def scores(theta: np.ndarray, X: np.ndarray, Y: np.ndarray) -> dict[str, float]:
    """Brier score (over the trick counts, against each play-out) and log loss."""
    p, _, _ = _probs(theta, X)
    brier = np.mean(np.sum(p * p, axis=1) - 2 * np.sum(p * Y, axis=1) + 1.0)
    logloss = -np.mean(np.sum(Y * np.log(np.maximum(p, 1e-15)), axis=1))
    mean_err = np.mean(np.abs(p @ np.arange(MAX_TRICKS + 1) - Y @ np.arange(MAX_TRICKS + 1)))
    return {"brier": float(brier), "log_loss": float(logloss), "mean_abs_error": float(mean_err)}


def counting_estimate() -> np.ndarray:
    """The estimate the bots read bids with before: the count, a spread of 1.2, no lift."""
    theta = np.zeros(N_PARAMS)
    theta[1] = 1.0
    theta[N_FEATURES] = np.log(COUNT_SIGMA)
    return theta


def fit(X: np.ndarray, Y: np.ndarray, steps: int, rate: float) -> np.ndarray:
    """Adam on the mean log loss, from the counting estimate, the features scaled
    (the weights given back for the features as they are)."""
    m = X.mean(axis=0)
    s = X.std(axis=0)
    m[0], s[0] = 0.0, 1.0
    s[s == 0] = 1.0
    Xm = (X - m) / s
    theta = _scaled(counting_estimate(), m, s, inverse=True)
    first = np.zeros_like(theta)
    second = np.zeros_like(theta)
    t = np.arange(MAX_TRICKS + 1)
    past = t[None, :] > X[:, 2:3]  # trick counts past the deal's size
    for step in range(1, steps + 1):
        w, v, lift = theta[:N_FEATURES], theta[N_FEATURES : 2 * N_FEATURES], theta[2 * N_FEATURES :]
        mu = Xm @ w
        log_sigma = np.clip(Xm @ v, -3.0, 3.0)
        sigma = np.exp(log_sigma)
        d = (t[None, :] - mu[:, None]) / sigma[:, None]
        z = -0.5 * d * d
        z[:, :N_LIFTS] += lift[None, :]
        z -= z.max(axis=1, keepdims=True, where=~past, initial=-np.inf)
        p = np.exp(z)
        p[past] = 0.0
        p /= p.sum(axis=1, keepdims=True)
        g = p - Y  # d loss / d logit, a row
        g_mu = np.sum(g * d / sigma[:, None], axis=1)
        g_ls = np.sum(g * d * d, axis=1)
        grad = np.concatenate(
            [Xm.T @ g_mu / len(X), Xm.T @ g_ls / len(X), g[:, :N_LIFTS].mean(axis=0)]
        )
        first = 0.9 * first + 0.1 * grad
        second = 0.999 * second + 0.001 * grad * grad
        theta = theta - rate * (first / (1 - 0.9**step)) / (
            np.sqrt(second / (1 - 0.999**step)) + 1e-8
        )
        if step % 100 == 0:
            loss = -np.mean(np.sum(Y * np.log(np.maximum(p, 1e-15)), axis=1))
            print(f"step {step}: log loss {loss:.4f}", file=sys.stderr)
    return _scaled(theta, m, s)


def _scaled(theta: np.ndarray, m: np.ndarray, s: np.ndarray, inverse: bool = False) -> np.ndarray:
    """Weights of scaled features as weights of the features as they are (or back)."""
    out = theta.copy()
    for at in (0, N_FEATURES):
        w = theta[at : at + N_FEATURES]
        if inverse:  # raw -> scaled: w_s = w * s, intercept takes + sum(w * m)
            out[at : at + N_FEATURES] = w * s
            out[at] = w[0] + np.sum(w[1:] * m[1:])
        else:
            out[at : at + N_FEATURES] = w / s
            out[at] = w[0] - np.sum(w[1:] * m[1:] / s[1:])
    return out


def load(path: str) -> np.ndarray:
    with np.load(path) as data:
        return np.asarray(data["params"], dtype=np.float64)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--deals", type=int, default=60000)
    ap.add_argument("--playouts", type=int, default=8, help="goal-aware play-outs a deal")
    ap.add_argument("--steps", type=int, default=500, help="Adam steps")
    ap.add_argument("--rate", type=float, default=0.03, help="Adam's step size")
    ap.add_argument("--out", help="where the trained weights go (.npz)")
    ap.add_argument("--evaluate", action="store_true", help="score --model on the deals")
    ap.add_argument("--model", help="the weights to score (.npz)")
    args = ap.parse_args()
    if args.evaluate and not args.model:
        ap.error("--evaluate needs --model")
    if not args.evaluate and not args.out:
        ap.error("training needs --out")
    X, Y = generate(args.seed, args.deals, args.playouts)
    print(f"{len(X)} bids from {args.deals} deals (seed {args.seed})", file=sys.stderr)
    if args.evaluate:
        result: dict[str, Any] = {
            "seed": args.seed,
            "deals": args.deals,
            "bids": len(X),
            "model": scores(load(args.model), X, Y),
            "count": scores(counting_estimate(), X, Y),
        }
        print(json.dumps(result, indent=1))
        return
    theta = fit(X, Y, args.steps, args.rate)
    command = " ".join(["scripts/train_bid_model.py", *sys.argv[1:]])
    np.savez(
        args.out,
        params=theta,
        seed=args.seed,
        deals=args.deals,
        playouts=args.playouts,
        command=command,
    )
    print(json.dumps({"train": scores(theta, X, Y), "count": scores(counting_estimate(), X, Y)}))


if __name__ == "__main__":
    main()

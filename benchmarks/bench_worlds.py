"""How well the Plump expert's worlds place the cards it cannot see, against
OpenSpiel's IS-MCTS: the log-loss of the true holder of each hidden card.

Run by hand (needs the ``openspiel`` extra and numba)::

    .venv/bin/python benchmarks/bench_worlds.py --deals 80 --seed 778 --jobs 2

Deals of ``oh_hell(players=4,num_tricks_fixed=10)`` are played by four IS-MCTS
bots (``--sims`` simulations a move).  At every decision of one seat (it goes
round with the deal) once the bids before it are known, the expert's compiled
draw (:func:`stickspel.games.plump.search.plump_draw`) deals ``--worlds`` worlds from
that seat's view under each model below, and each hidden card's chance to lie
where it truly lies is read off the weighted worlds.  Printed: the mean of
``-ln`` of that chance (nats a card; lower is better), and each model's
difference from the expert's own (``base``) per decision with its 95% interval,
at the bid, in the play, and in the first three tricks.

Models: ``none`` — the worlds unweighted; ``base`` — weighted by the bids as the
expert weighs them (a normal error of ``BID_SIGMA`` = 1.2 tricks around each
hand's count); ``sigma=…`` — that error changed; ``shift=…`` — the others read
as bidding that far above their count; ``share`` — hands read at their share of
the deal's tricks (``read="share"``).
"""

from __future__ import annotations

import argparse
import functools
import math
import multiprocessing
import random
import statistics
from typing import Any

import pyspiel
from bench_vs_ismcts import GAME_TEXT, dealt, ismcts, ismcts_seeds

import stickspel.games.plump.search as plump_search
from stickspel.bots import Turn
from stickspel.games.plump.search import plump_draw
from stickspel.interop.openspiel import plump_state
from stickspel.search import Position
from stickspel.search import kernels as K
from stickspel.simulate import game_seed

# name: weighed by the bids, sigma, shift, read
MODELS: dict[str, tuple[bool, float, float, str]] = {
    "none": (False, plump_search.BID_SIGMA, 0.0, "count"),
    "base": (True, plump_search.BID_SIGMA, 0.0, "count"),
    "sigma=0.9": (True, 0.9, 0.0, "count"),
    "sigma=1.6": (True, 1.6, 0.0, "count"),
    "shift=0.5": (True, plump_search.BID_SIGMA, 0.5, "count"),
    "shift=1": (True, plump_search.BID_SIGMA, 1.0, "count"),
    "share": (True, plump_search.BID_SIGMA, 0.0, "share"),
}


def log_loss(draw: Any, worlds: int, truth: list[int], seat: int) -> float:
    """Nats a hidden card: ``-ln`` of the weighted share of the worlds that put it
    with its true holder."""
    import numpy as np

    draw.draw(worlds)
    got = draw.worlds
    weights = np.asarray(got.weights[:worlds], dtype=float)
    weights /= weights.sum()
    rows = np.asarray(got.rows[: worlds * K.STATE_SIZE]).reshape(worlds, K.STATE_SIZE)
    total, cards = 0.0, 0
    for s, hand in enumerate(truth):
        if s == seat:
            continue
        held = rows[:, K.HANDS_ + s]
        for c in range(52):
            if hand >> c & 1:
                share = float(weights[((held >> c) & 1) == 1].sum())
                total -= math.log(max(share, 1e-6))
                cards += 1
    return total / max(cards, 1)


def judge_deal(k: int, args: argparse.Namespace) -> list[dict[str, Any]]:
    game = pyspiel.load_game(GAME_TEXT)
    state = dealt(game, game_seed(args.seed, k))
    seeds = ismcts_seeds(args.seed, k)
    bots = [ismcts(game, args.sims, seeds[s]) for s in range(4)]
    seat = k % 4
    out = []
    while not state.is_terminal():
        p = state.current_player()
        ours = plump_state(state) if p == seat else None
        if ours is not None and (ours.bids_visible() or ours.phase == ours.PLAY_PHASE):
            turn = Turn.of(ours)
            in_play = ours.phase == ours.PLAY_PHASE
            if in_play:
                pos = Position.from_state(ours)
                truth = [int(pos.s[K.HANDS_ + s]) for s in range(4)]
            else:
                hands = ours.current_deal_items()[0].hands
                truth = [sum(1 << c for c in hand) for hand in hands]
            row: dict[str, Any] = {"play": in_play, "tricks": len(ours.tricks)}
            for name, (weighed, sigma, shift, read) in MODELS.items():
                plump_search.BID_SIGMA = sigma  # read by the draw when it is built
                draw = plump_draw(turn, random.Random(k), weighed, args.worlds, shift, read)
                row[name] = log_loss(draw, args.worlds, truth, seat)
            plump_search.BID_SIGMA = MODELS["base"][1]
            out.append(row)
        state.apply_action(bots[p].step(state))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--deals", type=int, default=80)
    ap.add_argument("--sims", type=int, default=3000, help="IS-MCTS simulations a move")
    ap.add_argument("--worlds", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=778)
    ap.add_argument("--jobs", type=int, default=1)
    args = ap.parse_args()
    with multiprocessing.Pool(args.jobs) as pool:
        work = functools.partial(judge_deal, args=args)
        rows = [r for deal in pool.imap_unordered(work, range(args.deals)) for r in deal]
    parts = [
        ("at the bid", lambda r: not r["play"]),
        ("in the play", lambda r: r["play"]),
        ("first 3 tricks", lambda r: r["play"] and r["tricks"] < 3),
    ]
    for label, chosen in parts:
        got = [r for r in rows if chosen(r)]
        if len(got) < 2:
            continue
        print(f"{label}: {len(got)} decisions")
        for name in MODELS:
            diff = [r[name] - r["base"] for r in got]
            half = 1.96 * statistics.stdev(diff) / math.sqrt(len(diff))
            mean = statistics.fmean(r[name] for r in got)
            print(
                f"   {name:<10} {mean:.4f} nats a card, vs base {statistics.fmean(diff):+.4f} ± {half:.4f}"
            )


if __name__ == "__main__":
    main()

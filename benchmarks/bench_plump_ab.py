"""Two settings of the expert in Plump, paired on duplicate deals with fixed work.

Run by hand (not in CI)::

    .venv/bin/python benchmarks/bench_plump_ab.py --a ucb_c=1.0 --deals 1000 \\
        --samples 40 --seed 5100 --jobs 2 --out runs/plump-ab.jsonl

Deal *k* (``plump(players=4,deal_order=single,max_cards=S)``, S = 1 + k mod 10,
dealt from ``game_seed(seed, k)``, the dealer going round) is played five
times: by four experts with setting B (default: the expert as it is), then
four times more with one seat's expert given setting A, one seat after the
other.  Every expert thinks with fixed work (``--samples`` worlds, no clock)
and each seat's seed is the same in every play, so a play differs from the
first only by what setting A chose in its seat.  The figure: A's score less
B's in the same seat, the mean over a deal's four seats, then over deals, with
its 95% interval; and each setting's bids made.
"""

from __future__ import annotations

import argparse
import functools
import json
import math
import multiprocessing
import random
import statistics
import sys
from typing import Any

from bench_ab import settings

from stickspel.bots import Turn
from stickspel.bots.expert import ExpertBot
from stickspel.games.plump import PlumpRules, PlumpState
from stickspel.simulate import game_seed

SEATS = 4


def play(k: int, seed: int, bots: list[ExpertBot]) -> tuple[list[int], list[int], list[int]]:
    """Deal ``k`` played by ``bots``: each seat's score, bid and tricks."""
    rules = PlumpRules(players=SEATS, deal_order="single", max_cards=1 + k % 10)
    state = PlumpState(rules, first_dealer=k % SEATS)
    state.apply_chance(random.Random(game_seed(seed, k)))
    while not state.deal_over():
        p = state.current_player()
        state.apply_action(bots[p].act(Turn.of(state)))
    return list(state.totals), list(state.bids), list(state.tricks_won)


def deal_row(k: int, args: argparse.Namespace) -> dict[str, Any]:
    """Deal ``k``: all B, then A in each seat in turn."""

    def bot(seat: int, setting: dict[str, Any]) -> ExpertBot:
        return ExpertBot(seed=game_seed(args.seed, k, f"seat{seat}") % 2**31,
                         think_ms=None, samples=args.samples, **setting)  # fmt: skip

    a, b = settings(args.a), settings(args.b)
    base_scores, base_bids, base_tricks = play(k, args.seed, [bot(s, b) for s in range(SEATS)])
    rows = []
    for seat in range(SEATS):
        bots = [bot(s, a if s == seat else b) for s in range(SEATS)]
        scores, bids, tricks = play(k, args.seed, bots)
        rows.append(
            {
                "seat": seat,
                "a": scores[seat],
                "b": base_scores[seat],
                "bid_a": bids[seat],
                "bid_b": base_bids[seat],
                "made_a": bids[seat] == tricks[seat],
                "made_b": base_bids[seat] == base_tricks[seat],
            }
        )
    return {"deal": k, "size": 1 + k % 10, "seats": rows}


def mean_ci(xs: list[float]) -> tuple[float, float]:
    if len(xs) < 2:
        return (xs[0] if xs else 0.0), float("inf")
    return statistics.fmean(xs), 1.96 * statistics.stdev(xs) / math.sqrt(len(xs))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--a", required=True, help="setting A: NAME=VALUE,… of ExpertConfig")
    ap.add_argument("--b", default="", help="setting B (default: the expert as it is)")
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--samples", type=int, default=40, help="worlds a decision (fixed work)")
    ap.add_argument("--seed", type=int, default=5100)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--out", help="JSON lines, one a deal (resumable)")
    args = ap.parse_args()
    settings(args.a), settings(args.b)  # a setting that is not one ends the run here
    done: dict[int, dict[str, Any]] = {}
    if args.out:
        try:
            with open(args.out, encoding="utf-8") as f:
                done = {r["deal"]: r for r in map(json.loads, f) if "deal" in r}
        except FileNotFoundError:
            pass
    todo = [k for k in range(args.deals) if k not in done]
    with multiprocessing.get_context("spawn").Pool(args.jobs) as pool:
        for row in pool.imap_unordered(functools.partial(deal_row, args=args), todo):
            done[row["deal"]] = row
            if args.out:
                with open(args.out, "a", encoding="utf-8") as f:
                    f.write(json.dumps(row) + "\n")
            if len(done) % 20 == 0:
                m, ci = mean_ci([_gain(r) for r in done.values()])
                print(f"{len(done)} deals: {m:+.3f} ± {ci:.3f}", file=sys.stderr)
    rows = [done[k] for k in sorted(done) if k < args.deals]
    m, ci = mean_ci([_gain(r) for r in rows])
    seats = [s for r in rows for s in r["seats"]]
    moved = sum(s["bid_a"] != s["bid_b"] for s in seats)
    print(
        f"A ({args.a}) − B ({args.b or 'as it is'}), {len(rows)} deals, {args.samples} worlds "
        f"a decision: {m:+.3f} ± {ci:.3f} points a seat and deal (95%); bids made "
        f"{sum(s['made_a'] for s in seats) / len(seats):.1%} against "
        f"{sum(s['made_b'] for s in seats) / len(seats):.1%}; another bid in {moved} of "
        f"{len(seats)} seats"
    )


def _gain(row: dict[str, Any]) -> float:
    return statistics.fmean(s["a"] - s["b"] for s in row["seats"])


if __name__ == "__main__":
    main()

"""Where the Plump expert's thinking time pays: its choice at several budgets,
judged by a long search of the same position.

Run by hand (numba installed)::

    .venv/bin/python benchmarks/bench_think_time.py --deals 40 --budgets 12,25,50,100 \\
        --reference-ms 400 --jobs 2

``--deals`` deals of ``oh_hell``'s rules in Plump (4 seats, 10 cards, a point
a trick and 10 for the bid made, the spärr) are played by the expert at 15 ms
a move; in each, one seat's decisions with a choice (the seat goes round with
the deal) are judged.  At each, a reference values every bid or card from a
search of ``--reference-ms`` that tries each evenly (:meth:`ExpertBot.evaluate`,
the analysis's reading); then the expert chooses at every budget, each with
its own seed, and its *regret* is the reference's value of the best choice less
that of its own (0 where they agree or tie).  Printed: the mean regret in points
and its 95% interval, by phase and cards left in hand.

The reference is the same search with more time, so the regret measures how
far a budget is from what the search itself would conclude, not from perfect
play: where it is near zero, more time (or faster code) cannot help, and only
a better search model — worlds, play-outs, the others' play — can.
"""

from __future__ import annotations

import argparse
import functools
import math
import multiprocessing
import random
import statistics
from collections.abc import Callable
from typing import Any

from stickspel.bots import Turn
from stickspel.bots.expert import ExpertBot
from stickspel.games.plump import PlumpRules, PlumpState

RULES = PlumpRules(
    players=4, max_cards=10, deal_order="single", sparr=True, scoring="per_trick",
    trump="upcard", first_lead="forhand",
)  # fmt: skip
PLAY_MS = 15.0  # the moves between the judged decisions


def judge_deal(k: int, budgets: list[float], reference_ms: float) -> list[dict[str, Any]]:
    """The regrets at each budget of one seat's decisions in deal ``k``."""
    state = PlumpState(RULES)
    state.apply_chance(random.Random(1000 + k))
    player = ExpertBot(seed=k, think_ms=PLAY_MS)
    seat = k % RULES.players
    out = []
    while not state.deal_over():
        turn = Turn.of(state)
        if turn.seat == seat and len(turn.legal_actions) > 1:
            values = ExpertBot(seed=10**6 + k, think_ms=reference_ms).evaluate(turn)
            best = max(values.values())
            row: dict[str, Any] = {
                "phase": turn.observation["phase"],
                "left": RULES.max_cards - len(state.tricks),
            }
            for ms in budgets:
                choice = ExpertBot(seed=7 * k + int(ms), think_ms=ms).act(turn)
                row[str(ms)] = best - values[choice]
            out.append(row)
        action = player.act(turn) if len(turn.legal_actions) > 1 else turn.legal_actions[0]
        state.apply_action(action)
    return out


def groups() -> list[tuple[str, Callable[[dict[str, Any]], bool]]]:
    def cards(low: int, high: int) -> Callable[[dict[str, Any]], bool]:
        return lambda r: r["phase"] == "play" and low <= r["left"] <= high

    spans = [(9, 10), (7, 8), (5, 6), (3, 4), (2, 2)]
    return [("the bid", lambda r: r["phase"] != "play")] + [
        (f"cards, {low}-{high} left" if low < high else f"cards, {low} left", cards(low, high))
        for low, high in spans
    ]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--deals", type=int, default=40)
    ap.add_argument("--budgets", default="12,25,50,100", help="ms a decision, comma-separated")
    ap.add_argument("--reference-ms", type=float, default=400.0)
    ap.add_argument("--jobs", type=int, default=1)
    args = ap.parse_args()
    budgets = [float(b) for b in args.budgets.split(",")]
    work = functools.partial(judge_deal, budgets=budgets, reference_ms=args.reference_ms)
    with multiprocessing.Pool(args.jobs) as pool:
        rows = [r for deal in pool.imap_unordered(work, range(args.deals)) for r in deal]
    print(f"regret in points a decision against a {args.reference_ms:g} ms search")
    print(f"{'decisions':<18}{'n':>5}" + "".join(f"{b:>16g} ms" for b in budgets))
    for name, chosen in groups():
        got = [r for r in rows if chosen(r)]
        if len(got) < 2:
            continue
        cells = []
        for b in budgets:
            regrets = [r[str(b)] for r in got]
            half = 1.96 * statistics.stdev(regrets) / math.sqrt(len(regrets))
            cells.append(f"{statistics.fmean(regrets):>10.3f} ± {half:.3f}")
        print(f"{name:<18}{len(got):>5}" + "".join(cells))


if __name__ == "__main__":
    main()

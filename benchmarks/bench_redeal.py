"""Drawing Plump's worlds for IS-MCTS: the compiled draw against the Python path.

Run by hand (numba installed, else both are Python)::

    .venv/bin/python benchmarks/bench_redeal.py --deals 12 --worlds 400

From the positions of ``--deals`` random 4-seat 10-card deals (every bid and
every fourth card, the heuristic playing), both draw ``--worlds`` worlds with
their weights by the bids and their bid rows: :func:`plump_worlds` (the
redeal, weight and position in Python) and :func:`plump_draw`
(:mod:`stickspel.search.redeal`, compiled).  Printed: the median microseconds
a world of each, by phase, and their ratio.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from itertools import islice

from stickspel import load_game
from stickspel.bots import Turn
from stickspel.bots.expert import ExpertBot
from stickspel.games.plump.search import plump_draw, plump_worlds
from stickspel.search import BACKEND

GAME = "plump(players=4,max_cards=10,deal_order=single,trump=upcard,first_lead=forhand)"


def positions(deals: int) -> list[Turn]:
    out = []
    model = ExpertBot(seed=0, think_ms=None, samples=2)
    for k in range(deals):
        state = load_game(GAME).new_initial_state()
        state.apply_chance(random.Random(k))
        cards = 0
        while not state.deal_over():
            turn = Turn.of(state)
            in_play = turn.observation["phase"] == "play"
            if len(turn.legal_actions) > 1 and (not in_play or cards % 4 == 0):
                out.append(Turn.of(state.clone()))
            cards += in_play
            state.apply_action(model._heuristic(turn))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--deals", type=int, default=12)
    ap.add_argument("--worlds", type=int, default=400)
    args = ap.parse_args()
    turns = positions(args.deals)
    plump_draw(turns[0], random.Random(0), True, 8).draw(8)  # compile
    timings: dict[str, dict[str, list[float]]] = {}
    for turn in turns:
        phase = turn.observation["phase"]
        t0 = time.perf_counter()
        list(islice(plump_worlds(turn, random.Random(1), True), args.worlds))
        t1 = time.perf_counter()
        plump_draw(turn, random.Random(1), True, args.worlds).draw(args.worlds)
        t2 = time.perf_counter()
        row = timings.setdefault(phase, {"python": [], "compiled": []})
        row["python"].append((t1 - t0) / args.worlds * 1e6)
        row["compiled"].append((t2 - t1) / args.worlds * 1e6)
    print(f"backend {BACKEND}, {len(turns)} positions, {args.worlds} worlds each")
    for phase, row in timings.items():
        python, compiled = statistics.median(row["python"]), statistics.median(row["compiled"])
        print(
            f"{phase:5} ({len(row['python'])} positions): Python {python:.1f} µs a world, "
            f"compiled {compiled:.2f} µs ({python / compiled:.0f}×)"
        )


if __name__ == "__main__":
    main()

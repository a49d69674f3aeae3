"""IS-MCTS simulations a millisecond: ours (stickspel.search.ismcts) against
OpenSpiel's ``ISMCTSBot``, from the same positions, in one run.

Run by hand (not in CI; needs the ``openspiel`` extra)::

    .venv/bin/python benchmarks/bench_ismcts_speed.py [--positions 12] [--sims 4000]

Positions of ``oh_hell(players=4,num_tricks_fixed=10)``: the bids made by
random legal actions, then 0 to 24 random cards (more, to the next choice of
two cards or more).  OpenSpiel's bot (random
roll-outs, UCT c = 2, a new world every simulation, C++) makes one move of
``--sims`` simulations; ours, from our replay of the same position, draws 200
weighted worlds as the expert does (timed apart: it is the part that runs in
Python) and then runs the same number of simulations over them (goal-aware
play-outs).  Printed per position and in total: simulations a millisecond of
each, and ours over OpenSpiel's.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

import pyspiel
from bench_vs_ismcts import GAME_TEXT, dealt, ismcts

from stickspel.bots import Turn
from stickspel.games.plump.search import plump_worlds
from stickspel.interop.openspiel import plump_state
from stickspel.search.ismcts import Tree

WORLDS = 200


def position(game: Any, seed: int) -> Any:
    """An OpenSpiel state after the bids and some random cards (not at its end)."""
    rng = random.Random(seed)
    state = dealt(game, seed)
    cards = rng.randrange(0, 25)
    while not state.is_terminal():
        legal = state.legal_actions()
        if legal[0] < 52:  # in the card play
            if cards <= 0 and len(legal) > 1:  # a choice to search
                break
            cards -= 1
        state.apply_action(rng.choice(legal))
    return state


def ours(os_state: Any, sims: int, seed: int, tree: Tree) -> tuple[float, float]:
    """Milliseconds drawing the worlds, and running ``sims`` simulations (``tree``:
    the buffers, made once as the expert makes them)."""
    state = plump_state(os_state)
    turn = Turn.of(state)
    rng = random.Random(seed)
    start = time.perf_counter()
    drawn = plump_worlds(turn, rng, infer=True)
    worlds, weights = [], []
    for _ in range(WORLDS):
        pos, weight, _ = next(drawn)
        worlds.append(pos)
        weights.append(weight)
    mid = time.perf_counter()
    tree.start(worlds, weights, seed)
    tree.run(sims)
    end = time.perf_counter()
    return 1000 * (mid - start), 1000 * (end - mid)


def theirs(game: Any, os_state: Any, sims: int, seed: int) -> float:
    bot = ismcts(game, sims, seed)
    start = time.perf_counter()
    bot.step(os_state)
    return 1000 * (time.perf_counter() - start)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--positions", type=int, default=12)
    ap.add_argument("--sims", type=int, default=4000)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    game = pyspiel.load_game(GAME_TEXT)
    tree = Tree()
    ours(position(game, args.seed), 100, 0, tree)  # numba loads its compiled code once
    rates: list[tuple[float, float]] = []
    worlds_ms = []
    for k in range(args.positions):
        state = position(game, args.seed + k)
        drawing, searching = ours(state, args.sims, k, tree)
        theirs_ms = theirs(game, state, args.sims, k)
        rates.append((args.sims / searching, args.sims / theirs_ms))
        worlds_ms.append(drawing)
        print(
            f"position {k}: {len(state.history())} actions in; ours {rates[-1][0]:.0f}"
            f" sims/ms ({drawing:.1f} ms for {WORLDS} worlds), OpenSpiel {rates[-1][1]:.0f}"
            f" sims/ms: {rates[-1][0] / rates[-1][1]:.1f}x"
        )
    a = statistics.median(r[0] for r in rates)
    b = statistics.median(r[1] for r in rates)
    print(
        f"median: ours {a:.0f} simulations/ms, OpenSpiel's ISMCTSBot {b:.0f}: {a / b:.1f}x;"
        f" drawing {WORLDS} worlds {statistics.median(worlds_ms):.1f} ms"
        f" ({1000 * statistics.median(worlds_ms) / WORLDS:.0f} µs a world)"
    )


if __name__ == "__main__":
    main()

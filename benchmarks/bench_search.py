"""Search-style loops on Plump: how fast a bot can try lines of play from a
position in the middle of a deal.

Run by hand (not in CI)::

    .venv/bin/python benchmarks/bench_search.py [--seconds 2] [--json]

From the same mid-deal position (4 players, 10 cards, bids made, two tricks
played) each loop plays random legal cards to the end of the deal, many times:

- ``clone``: copy the state, play out on the copy (what search did before undo);
- ``apply/undo``: play out on the state itself, then undo back to the position;
- ``sample_world``: deal the unseen cards anew for the seat to act, play out;
- ``tree: clone`` / ``tree: apply/undo``: visit every line of the next four
  cards (one whole trick) from the position, copying the state for every child
  or making and unmaking moves on one state (how alpha-beta and
  double-dummy searches walk);
- ``OpenSpiel clone``: the same on OpenSpiel's ``oh_hell`` (``num_tricks_fixed=10``),
  from a position reached the same way, with ``state.clone()``.

Loops take turns in short slices in one process pinned to one core, so the
machine's load touches them alike; ratios are printed against the clone loop
and against OpenSpiel measured in the same run.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable
from typing import Any

from stickspel import load_game
from stickspel.core import GameState

GAME = load_game("plump(players=4,max_cards=10,deal_order=single)")


def mid_deal(seed: int, tricks: int = 2) -> GameState:
    """A position after the bids and ``tricks`` tricks of a random deal."""
    rng = random.Random(seed)
    state = GAME.new_initial_state()
    state.apply_chance(rng)
    while len(state.tricks) < tricks or state.phase != state.PLAY_PHASE:  # type: ignore[attr-defined]
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def playout(state: GameState, rng: random.Random) -> int:
    n = 0
    while not state.deal_over():
        state.apply_action(rng.choice(state.legal_actions()))
        n += 1
    return n


def clone_loop(root: GameState) -> Callable[[random.Random], int]:
    return lambda rng: playout(root.clone(), rng)


def undo_loop(root: GameState) -> Callable[[random.Random], int]:
    def run(rng: random.Random) -> int:
        n = playout(root, rng)
        for _ in range(n):
            root.undo_action()
        return n

    return run


def tree_undo(root: GameState, depth: int = 4) -> Callable[[random.Random], int]:
    """Visit every line of ``depth`` cards from ``root`` by apply/undo (alpha-beta's walk)."""

    def walk(d: int) -> int:
        if d == 0 or root.deal_over():
            return 1
        n = 1
        for a in root.legal_actions():
            root.apply_action(a)
            n += walk(d - 1)
            root.undo_action()
        return n

    return lambda rng: walk(depth)


def tree_clone(root: GameState, depth: int = 4) -> Callable[[random.Random], int]:
    """The same walk with a copy of the state for every child."""

    def walk(state: GameState, d: int) -> int:
        if d == 0 or state.deal_over():
            return 1
        n = 1
        for a in state.legal_actions():
            child = state.clone()
            child.apply_action(a)
            n += walk(child, d - 1)
        return n

    return lambda rng: walk(root, depth)


def world_loop(root: GameState) -> Callable[[random.Random], int] | None:
    seat = root.current_player()
    try:
        root.sample_world(seat, random.Random(0))
    except NotImplementedError:
        return None
    return lambda rng: playout(root.sample_world(seat, rng), rng)


def openspiel_loop(seed: int) -> Callable[[random.Random], int] | None:
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("oh_hell", {"players": 4, "num_tricks_fixed": 10})
    rng = random.Random(seed)
    state = game.new_initial_state()
    played = 0
    while not state.is_terminal() and played < 8:
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(actions, probs)[0])
            continue
        action = rng.choice(state.legal_actions())
        if action < 52:
            played += 1
        state.apply_action(action)

    def run(r: random.Random) -> int:
        s = state.clone()
        n = 0
        while not s.is_terminal():
            s.apply_action(r.choice(s.legal_actions()))
            n += 1
        return n

    return run


def measure(loops: dict[str, Callable[[random.Random], int]], seconds: float) -> dict[str, Any]:
    rngs = {name: random.Random(1) for name in loops}
    totals = {name: [0, 0.0] for name in loops}
    slice_s = min(0.2, seconds / 5)
    while min(t[1] for t in totals.values()) < seconds:
        for name, loop in loops.items():
            rng, count = rngs[name], 0
            start = now = time.perf_counter()
            while now - start < slice_s:
                for _ in range(20):
                    loop(rng)
                count += 20
                now = time.perf_counter()
            totals[name][0] += count
            totals[name][1] += now - start
    return {
        name: {"playouts_per_s": round(n / s, 1), "us_per_playout": round(s / n * 1e6, 1)}
        for name, (n, s) in totals.items()
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    import os

    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    root = mid_deal(args.seed)
    loops: dict[str, Callable[[random.Random], int]] = {
        "clone": clone_loop(root),
        "apply/undo": undo_loop(root.clone()),
    }
    loops["tree: clone"] = tree_clone(root.clone())
    loops["tree: apply/undo"] = tree_undo(root.clone())
    world = world_loop(root)
    if world is not None:
        loops["sample_world"] = world
    ospiel = openspiel_loop(args.seed)
    if ospiel is not None:
        loops["OpenSpiel clone"] = ospiel
    results = measure(loops, args.seconds)
    for name, r in results.items():
        ref = results["tree: clone" if name.startswith("tree") else "clone"]["playouts_per_s"]
        r["vs_clone"] = round(r["playouts_per_s"] / ref, 2)
        if ospiel is not None:
            r["vs_openspiel"] = round(
                r["playouts_per_s"] / results["OpenSpiel clone"]["playouts_per_s"], 2
            )
    if args.json:
        print(json.dumps(results, indent=1))
        return 0
    print("Plump search loops: random playouts to the end of a 10-card deal, 8 cards in;")
    print("tree rows: whole walks of the next 4 cards (vs clone = vs the clone walk)")
    print(f"{'loop':<18}{'playouts/s':>12}{'µs each':>10}{'vs clone':>10}{'vs OpenSpiel':>14}")
    for name, r in results.items():
        vs_os = f"{r['vs_openspiel']:.2f}x" if "vs_openspiel" in r else "–"
        print(
            f"{name:<18}{r['playouts_per_s']:>12.0f}{r['us_per_playout']:>10.1f}"
            f"{r['vs_clone']:>9.2f}x{vs_os:>14}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Plump engine speed: random legal 4-player, 10-card deals per second.

Run by hand (not in CI)::

    .venv/bin/python benchmarks/bench_plump.py [--seconds 3] [--json]

The workload goes through the public game interface only: a new
``PlumpState(PlumpRules(players=4, max_cards=10, deal_order="single"))`` per
deal, the cards dealt with ``apply_chance(rng)``, every bid and card chosen
with ``rng.choice(state.legal_actions())``.  When OpenSpiel is installed
(``import pyspiel``), the same workload runs on its ``oh_hell`` game with
``num_tricks_fixed=10``, chance outcomes drawn from ``chance_outcomes()`` with
the same kind of generator, and the ratio ours / OpenSpiel is printed.  Both
run in this one process, pinned to one core where the OS allows it, taking
turns in short slices so that other load on the machine touches both alike.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import sys
import time
from collections.abc import Callable
from typing import Any

from stickspel.games.plump import PlumpRules, PlumpState

PLAYERS = 4
CARDS = 10


RULES = PlumpRules(players=PLAYERS, max_cards=CARDS, deal_order="single")


def stickspel_deal(rng: random.Random) -> int:
    """Play one random deal with the stickspel engine; returns the actions taken."""
    state = PlumpState(RULES)
    actions = 0
    while not state.is_terminal():
        if state.is_chance():
            state.apply_chance(rng)
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        actions += 1
    return actions


def openspiel_deal_fn() -> Callable[[random.Random], int] | None:
    """The same workload on OpenSpiel's oh_hell, or None when it is not installed."""
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("oh_hell", {"players": PLAYERS, "num_tricks_fixed": CARDS})

    def deal(rng: random.Random) -> int:
        state = game.new_initial_state()
        actions = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                r = rng.random()
                acc = 0.0
                pick = outcomes[-1][0]
                for action, p in outcomes:
                    acc += p
                    if r < acc:
                        pick = action
                        break
                state.apply_action(pick)
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            actions += 1
        return actions

    return deal


def measure(
    engines: dict[str, Callable[[random.Random], int]], seconds: float, seed: int
) -> dict[str, dict[str, Any]]:
    """Deals per second of each engine over about ``seconds`` each.

    The engines take turns in short slices, so a change in the machine's load
    (other processes) touches them alike and the ratio stays fair.
    """
    rngs = {name: random.Random(seed) for name in engines}
    for name, deal in engines.items():  # warm-up
        warm_until = time.perf_counter() + min(0.2, seconds / 10)
        while time.perf_counter() < warm_until:
            deal(rngs[name])
    totals = {name: [0.0, 0.0, 0.0] for name in engines}  # deals, actions, seconds
    rounds: dict[str, list[float]] = {name: [] for name in engines}
    slice_s = min(0.25, seconds / 4)
    while min(t[2] for t in totals.values()) < seconds:
        for name, deal in engines.items():
            rng = rngs[name]
            deals = actions = 0
            start = now = time.perf_counter()
            while now - start < slice_s:
                for _ in range(10):
                    actions += deal(rng)
                deals += 10
                now = time.perf_counter()
            t = totals[name]
            t[0] += deals
            t[1] += actions
            t[2] += now - start
            rounds[name].append(deals / (now - start))
    out = {}
    for name, (n_deals, n_actions, elapsed) in totals.items():
        out[name] = {
            "deals": int(n_deals),
            "seconds": round(elapsed, 3),
            "deals_per_s": round(n_deals / elapsed, 1),
            "us_per_deal": round(elapsed / n_deals * 1e6, 1),
            "actions_per_s": round(n_actions / elapsed, 1),
            "rounds": len(rounds[name]),
        }
    return out


def pin_to_one_core() -> str:
    if hasattr(os, "sched_setaffinity"):
        cpu = min(os.sched_getaffinity(0))
        os.sched_setaffinity(0, {cpu})
        return f"pinned to CPU {cpu}"
    return "not pinned (no sched_setaffinity here)"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="seconds per engine")
    parser.add_argument("--seed", type=int, default=1, help="seed of the random play")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    if args.seconds <= 0:
        parser.error("--seconds must be positive")

    core = pin_to_one_core()
    results: dict[str, Any] = {
        "workload": f"random legal {PLAYERS}-player {CARDS}-card deals",
        "python": platform.python_version(),
        "machine": platform.machine(),
        "core": core,
        "stickspel": None,
        "openspiel": None,
        "ratio": None,
    }
    engines: dict[str, Callable[[random.Random], int]] = {"stickspel": stickspel_deal}
    os_deal = openspiel_deal_fn()
    if os_deal is not None:
        engines["openspiel"] = os_deal
    results.update(measure(engines, args.seconds, args.seed))
    if os_deal is not None:
        results["ratio"] = round(
            results["stickspel"]["deals_per_s"] / results["openspiel"]["deals_per_s"], 2
        )

    if args.json:
        print(json.dumps(results, indent=1))
        return 0
    print(f"Plump benchmark: {results['workload']}, Python {results['python']}, {core}")
    header = (
        f"{'engine':<22}{'deals':>9}{'seconds':>9}{'deals/s':>11}{'µs/deal':>10}{'actions/s':>12}"
    )
    print(header)
    print("-" * len(header))
    rows = [("stickspel", results["stickspel"])]
    if results["openspiel"] is not None:
        rows.append(("OpenSpiel oh_hell", results["openspiel"]))
    for name, r in rows:
        print(
            f"{name:<22}{r['deals']:>9}{r['seconds']:>9.2f}{r['deals_per_s']:>11.0f}"
            f"{r['us_per_deal']:>10.1f}{r['actions_per_s']:>12.0f}"
        )
    if results["ratio"] is None:
        print("OpenSpiel is not installed (pip install open-spiel): no comparison.")
    else:
        print(f"ratio stickspel / OpenSpiel: {results['ratio']:.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())

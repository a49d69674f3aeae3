"""The engine's public API against OpenSpiel's Python loop, and against older code.

Run by hand (not in CI)::

    .venv/bin/python benchmarks/bench_api.py [--old 04ee715] [--rounds 15] [--json]

Five workloads, each through the public game interface only, random legal play
(``rng.choice(state.legal_actions())``), 4 players:

``game``
    a whole 19-deal Plump game (10 … 1 … 10 cards) from a new state; OpenSpiel:
    19 ``oh_hell`` games with ``num_tricks_fixed`` following the same schedule.
``deal``
    deal + apply: one 10-card deal from a new state (deal, bids, cards).
``clone``
    the same deal with the state cloned before every action.
``search``
    the search loop: a 10-card deal whose bids are in (the root), cloned, played
    to the end of the deal.  Roots are made before timing.
``undo``
    ours only: from the root, apply to the end of the deal, then undo back to
    the root (OpenSpiel's ``oh_hell`` has no undo).  Against ``search`` it says
    whether apply + undo is cheaper than clone + apply.
``step_undo``, ``step_clone``, ``from_state``
    ours only, per position of 32 in the play (0 to 29 cards in): one card
    applied and undone; the state cloned and the card applied to the clone;
    ``Position.from_state`` (the search's position of the state).

``--old REV`` loads the package at git revision ``REV`` of this repository as
``stickspel_old`` (a copy of its ``src/stickspel`` with the imports renamed) so
the old and the new code run in this one process.  The engines take turns in
short slices (alternated, order rotated each round) and each figure is the
median over the rounds of the time per unit of work; ratios are OpenSpiel's
time over ours (above 1: ours is faster) and the old code's over the new.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import platform
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

PLAYERS = 4
CARDS = 10
ROOTS = 64
STEPS = 32  # positions of the one-card workloads: their figures are per position
WORKLOADS = ("game", "deal", "clone", "search", "undo", "step_undo", "step_clone", "from_state")
REPO = Path(__file__).resolve().parent.parent

Work = Callable[[random.Random], int]


def load_old(rev: str) -> str:
    """Import the package at ``rev`` as a separate top-level package; its name."""
    name = "stickspel_" + re.sub(r"\W", "_", rev)
    tmp = Path(tempfile.mkdtemp(prefix="bench_api_"))
    archive = subprocess.run(
        ["git", "-C", str(REPO), "archive", rev, "src/stickspel"], check=True, capture_output=True
    ).stdout
    subprocess.run(["tar", "-x", "-C", str(tmp)], input=archive, check=True)
    pkg = tmp / name
    shutil.move(str(tmp / "src" / "stickspel"), pkg)
    pattern = re.compile(r"\bstickspel(?=[. \n])")
    for path in pkg.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        path.write_text(pattern.sub(name, text), encoding="utf-8")
    sys.path.insert(0, str(tmp))
    importlib.import_module(name)
    return name


def stickspel_works(pkg: str) -> dict[str, Work]:
    """The workloads on the stickspel package importable as ``pkg``."""
    try:
        plump = importlib.import_module(pkg + ".games.plump")
    except ModuleNotFoundError:  # the layout before games/ was a package
        plump = importlib.import_module(pkg + ".plump")
    state_class, rules_class = plump.PlumpState, plump.PlumpRules
    game_rules = rules_class(players=PLAYERS)
    deal_rules = rules_class(players=PLAYERS, max_cards=CARDS, deal_order="single")

    def play_out(state: Any, rng: random.Random) -> int:
        actions = 0
        while not state.is_terminal():
            if state.is_chance():
                state.apply_chance(rng)
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            actions += 1
        return actions

    def game(rng: random.Random) -> int:
        return play_out(state_class(game_rules), rng)

    def deal(rng: random.Random) -> int:
        return play_out(state_class(deal_rules), rng)

    def clone(rng: random.Random) -> int:
        state = state_class(deal_rules)
        actions = 0
        while not state.is_terminal():
            state = state.clone()
            if state.is_chance():
                state.apply_chance(rng)
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            actions += 1
        return actions

    roots = []
    root_rng = random.Random(7)
    for _ in range(ROOTS):
        root = state_class(deal_rules)
        root.apply_chance(root_rng)
        while max(root.legal_actions()) >= 52:  # the bids
            root.apply_action(root_rng.choice(root.legal_actions()))
        roots.append(root)

    def search(rng: random.Random) -> int:
        state = rng.choice(roots).clone()
        actions = 0
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            actions += 1
        return actions

    def undo(rng: random.Random) -> int:
        state = rng.choice(roots)
        actions = 0
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            actions += 1
        for _ in range(actions):
            state.undo_action()
        return actions

    # one card from positions in the play (0 to 29 cards in): apply + undo, clone + apply
    steps = []
    for root in roots[:STEPS]:
        state = root.clone()
        for _ in range(root_rng.randrange(30)):
            state.apply_action(root_rng.choice(state.legal_actions()))
        steps.append((state, state.legal_actions()[0]))

    def step_undo(rng: random.Random) -> int:
        for state, card in steps:
            state.apply_action(card)
            state.undo_action()
        return len(steps)

    def step_clone(rng: random.Random) -> int:
        for state, card in steps:
            state.clone().apply_action(card)
        return len(steps)

    works: dict[str, Work] = {"game": game, "deal": deal, "clone": clone, "search": search}
    works["undo"] = undo
    works |= {"step_undo": step_undo, "step_clone": step_clone}
    try:
        position = importlib.import_module(pkg + ".search").Position
    except (ModuleNotFoundError, AttributeError):  # older code had no search package
        position = None
    if position is not None:
        plays = [state for state, _ in steps]

        def from_state(rng: random.Random) -> int:
            for state in plays:
                position.from_state(state)
            return len(plays)

        works["from_state"] = from_state
    if not hasattr(state_class, "undo_action"):  # older code had no undo
        for name in ("undo", "step_undo"):
            del works[name]
    return works


def openspiel_works() -> dict[str, Work] | None:
    """The same workloads on OpenSpiel's ``oh_hell`` (none of ``undo``)."""
    try:
        import pyspiel
    except ImportError:
        return None
    schedule = [*range(CARDS, 1, -1), 1, *range(2, CARDS + 1)]
    games = {
        k: pyspiel.load_game("oh_hell", {"players": PLAYERS, "num_tricks_fixed": k})
        for k in set(schedule)
    }

    def chance(state: Any, rng: random.Random) -> None:
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

    def play_out(state: Any, rng: random.Random, clone: bool = False) -> int:
        actions = 0
        while not state.is_terminal():
            if clone:
                state = state.clone()
            if state.is_chance_node():
                chance(state, rng)
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            actions += 1
        return actions

    def game(rng: random.Random) -> int:
        return sum(play_out(games[k].new_initial_state(), rng) for k in schedule)

    def deal(rng: random.Random) -> int:
        return play_out(games[CARDS].new_initial_state(), rng)

    def clone(rng: random.Random) -> int:
        return play_out(games[CARDS].new_initial_state(), rng, clone=True)

    roots = []
    root_rng = random.Random(7)
    for _ in range(ROOTS):
        root = games[CARDS].new_initial_state()
        while root.is_chance_node():
            chance(root, root_rng)
        for _ in range(PLAYERS):  # the bids
            root.apply_action(root_rng.choice(root.legal_actions()))
        roots.append(root)

    def search(rng: random.Random) -> int:
        return play_out(rng.choice(roots).clone(), rng)

    return {"game": game, "deal": deal, "clone": clone, "search": search}


def measure(
    engines: dict[str, Work], rounds: int, slice_s: float, seed: int
) -> dict[str, list[float]]:
    """Seconds per unit of each engine, one figure per round; the engines take
    turns within each round, the order rotated from round to round."""
    rngs = {name: random.Random(seed) for name in engines}
    for name, work in engines.items():  # warm-up
        for _ in range(3):
            work(rngs[name])
    names = list(engines)
    out: dict[str, list[float]] = {name: [] for name in engines}
    for r in range(rounds):
        for name in names[r % len(names) :] + names[: r % len(names)]:
            work, rng = engines[name], rngs[name]
            units = 0
            start = now = time.perf_counter()
            while now - start < slice_s:
                work(rng)
                units += 1
                now = time.perf_counter()
            out[name].append((now - start) / units)
    return out


def pin_to_one_core() -> str:
    if hasattr(os, "sched_setaffinity"):
        cpu = min(os.sched_getaffinity(0))
        os.sched_setaffinity(0, {cpu})
        return f"pinned to CPU {cpu}"
    return "not pinned"  # pragma: no cover


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--old", action="append", default=[], help="git revision to compare")
    parser.add_argument("--rounds", type=int, default=15, help="alternated rounds")
    parser.add_argument("--slice", type=float, default=0.1, help="seconds per turn")
    parser.add_argument("--only", choices=WORKLOADS, action="append", help="workloads to run")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    core = pin_to_one_core()
    sides: dict[str, dict[str, Work]] = {"new": stickspel_works("stickspel")}
    for rev in args.old:
        sides[rev] = stickspel_works(load_old(rev))
    spiel = openspiel_works()
    if spiel is not None:
        sides["openspiel"] = spiel
    loads = os.getloadavg()
    results: dict[str, Any] = {"python": platform.python_version(), "core": core, "load": loads}
    for workload in args.only or WORKLOADS:
        engines = {side: works[workload] for side, works in sides.items() if workload in works}
        times = measure(engines, args.rounds, args.slice, args.seed)
        per = STEPS if workload in ("step_undo", "step_clone", "from_state") else 1
        medians = {side: statistics.median(t) / per for side, t in times.items()}
        row: dict[str, Any] = {f"{side}_us": round(m * 1e6, 2) for side, m in medians.items()}
        for side in medians:
            if side != "openspiel" and "openspiel" in medians:
                ratios = [o / s for o, s in zip(times["openspiel"], times[side], strict=True)]
                row[f"{side}_x_openspiel"] = round(statistics.median(ratios), 2)
            if side not in ("new", "openspiel"):
                ratios = [o / s for o, s in zip(times[side], times["new"], strict=True)]
                row[f"new_x_{side}"] = round(statistics.median(ratios), 2)
        results[workload] = row
        if not args.json:
            print(workload, json.dumps(row), flush=True)
    if args.json:
        print(json.dumps(results, indent=1))
    else:
        print(f"Python {results['python']}, {core}, load {loads[0]:.2f} {loads[1]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

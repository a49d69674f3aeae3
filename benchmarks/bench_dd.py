"""The search fast path (stickspel.search) against its references, in one run.

Run by hand (not in CI)::

    .venv/bin/python benchmarks/bench_dd.py [--seconds 2] [--deals 200] [--cap 2000000]
        [--deals13 10] [--only playouts,plump,dds]

(a) playouts: random playouts to the end of a 4-player 10-card Plump deal from a
    position 8 cards in (bids made), against OpenSpiel's ``oh_hell`` from a
    position reached the same way — its C++ rollouts (``MCTSBot`` with a
    ``RandomRolloutEvaluator`` of one rollout a simulation: the whole loop in C++,
    the tree's upkeep included) and the same loop driven from Python through pyspiel.
    Ours: the compiled loop (batches of playouts), one playout per call from
    Python, and the search loop (a position built from the engine's state, then
    one playout).
(b) Plump double dummy: max^n from the first lead of a 4-player 10-card deal
    (bids by the heuristic bot), median and worst over ``--deals`` deals, each
    solve capped at ``--cap`` nodes (a capped solve counts at its time and is
    reported); the same exact solve at smaller hands, and the budgeted search
    (``max_nodes``) the bots use; then the paranoid values (``paranoid=True``,
    the mover against the other three) of the same 10-card deals, under the
    default scoring and OpenSpiel's ``per_trick``, capped at ten times ``--cap``.
(c) 13-card four-hand deals, trump (hjärter) and no trump (spel), from the first
    lead: every card's value by our alpha-beta and by DDS (``endplay``), times and
    agreement.

Ratios are ours / reference, measured in this run, in one process pinned to one core.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

from stickspel import load_game
from stickspel.core import GameState
from stickspel.search import BACKEND, Position, Solver, card_values, playout_tricks
from stickspel.search import kernels as K

sys.path.insert(0, os.path.dirname(__file__))
from bench_search import mid_deal  # noqa: E402


def measure(loops: dict[str, Callable[[random.Random], int]], seconds: float) -> dict[str, float]:
    """Playouts a second for each loop (each call returns the playouts it made),
    taking turns in short slices."""
    done = {name: [0, 0.0] for name in loops}
    rngs = {name: random.Random(1) for name in loops}
    while min(t[1] for t in done.values()) < seconds:
        for name, loop in loops.items():
            start = now = time.perf_counter()
            count = 0
            while now - start < 0.1:
                count += loop(rngs[name])
                now = time.perf_counter()
            done[name][0] += count
            done[name][1] += now - start
    return {name: n / s for name, (n, s) in done.items()}


def openspiel_position(seed: int) -> Any:
    import pyspiel

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
        played += action < 52
        state.apply_action(action)
    return state


def playout_loops(seed: int) -> dict[str, Callable[[random.Random], int]]:
    root = mid_deal(seed)
    pos = Position.from_state(root)
    loops: dict[str, Callable[[random.Random], int]] = {
        "ours: compiled loop (x1000)": lambda r: len(
            playout_tricks(pos, 1000, r.randrange(1 << 30), policy="random")
        ),
        "ours: one playout a call": lambda r: len(
            playout_tricks(pos, 1, r.randrange(1 << 30), policy="random")
        ),
        "ours: state -> position + playout": lambda r: len(
            playout_tricks(Position.from_state(root), 1, r.randrange(1 << 30), policy="random")
        ),
    }
    try:
        import pyspiel
    except ImportError:
        return loops
    ostate = openspiel_position(seed)
    game = pyspiel.load_game("oh_hell", {"players": 4, "num_tricks_fixed": 10})
    # the evaluator's own call is not exposed to Python: its C++ MCTS runs it, one
    # random rollout a simulation (with the tree's small overhead on top)
    bot = pyspiel.MCTSBot(
        game, pyspiel.RandomRolloutEvaluator(1, seed), 2.0, 1000, 1000, False, seed, False
    )

    def cpp(r: random.Random) -> int:
        bot.step(ostate)
        return 1000

    def py_driven(r: random.Random) -> int:
        s = ostate.clone()
        while not s.is_terminal():
            s.apply_action(r.choice(s.legal_actions()))
        return 1

    loops["OpenSpiel C++ (MCTS rollouts)"] = cpp
    loops["OpenSpiel from Python"] = py_driven
    return loops


def bench_playouts(seconds: float, seed: int) -> None:
    rates = measure(playout_loops(seed), seconds)
    ref = rates.get("OpenSpiel C++ (MCTS rollouts)")
    print("(a) random playouts to the end of a 4-player 10-card deal, 8 cards in")
    print(f"{'loop':<36}{'playouts/s':>12}{'µs each':>10}{'vs C++':>9}")
    for name, rate in rates.items():
        ratio = f"{rate / ref:.2f}x" if ref else "–"
        print(f"{name:<36}{rate:>12.0f}{1e6 / rate:>10.2f}{ratio:>9}")


# --- (b) Plump ---------------------------------------------------------------------------
def plump_first_lead(cards: int, seed: int, options: str = "") -> GameState:
    """A deal after the bids (the heuristic bot bids for every seat), first lead to come."""
    from stickspel.bots import Turn
    from stickspel.games.plump.bot import HeuristicBot

    game = load_game(f"plump(players=4,max_cards={cards},deal_order=single{options})")
    state = game.new_initial_state()
    state.apply_chance(random.Random(seed))
    bot = HeuristicBot(seed)
    while state.phase != state.PLAY_PHASE:  # type: ignore[attr-defined]
        state.apply_action(bot.act(Turn.of(state)))
    return state


def capped_solve(state: GameState, sv: Solver, cap: int) -> tuple[float, bool]:
    """Seconds for the exact max^n values of every first card, and whether it ended
    within ``cap`` nodes."""
    pos = Position.from_state(state)
    start = time.perf_counter()
    sv._start(cap)
    sv._set_utilities(pos)
    sv.maxn_children(pos)
    return time.perf_counter() - start, not sv.stats[K.CUT_]


def summary(times: list[float]) -> str:
    ms = sorted(t * 1000 for t in times)
    return f"median {statistics.median(ms):9.1f} ms   worst {ms[-1]:9.1f} ms"


def bench_plump(deals: int, cap: int) -> None:
    sv = Solver()
    print(f"\n(b) Plump max^n from the first lead, 4 players (cap {cap:,} nodes a solve)")
    for cards, count in ((5, deals), (6, deals), (7, max(20, deals // 4)), (10, deals)):
        times, solved = [], 0
        for seed in range(count):
            spent, exact = capped_solve(plump_first_lead(cards, seed), sv, cap)
            times.append(spent)
            solved += exact
        print(
            f"{cards:>2} cards, {count} deals: exact {summary(times)}   "
            f"solved within the cap {solved}/{count}"
        )
    for budget in (20_000, 200_000):
        times = []
        for seed in range(deals):
            state = plump_first_lead(10, seed)
            start = time.perf_counter()
            card_values(state, max_nodes=budget, solver=sv)
            times.append(time.perf_counter() - start)
        print(f"10 cards, {deals} deals: budgeted (max_nodes={budget:,}) {summary(times)}")
    for options, name in (("", "the default scoring"), (",scoring=per_trick", "per_trick")):
        times, solved, sure = [], 0, []
        for seed in range(deals):
            state = plump_first_lead(10, seed, options)
            start = time.perf_counter()
            values = card_values(state, paranoid=True, max_nodes=10 * cap, solver=sv)
            times.append(time.perf_counter() - start)
            solved += sv.exact
            sure.append(max(values.values()))
        print(
            f"10 cards, {deals} deals: paranoid ({name}) {summary(times)}   "
            f"solved within {10 * cap:,} nodes {solved}/{deals}   "
            f"the leader's sure score: mean {statistics.mean(sure):.2f}, "
            f"above 0 in {sum(v > 0 for v in sure)}"
        )


# --- (c) 13-card deals against DDS --------------------------------------------------------
def thirteen_card_deal(seed: int, contract: int) -> Position:
    """A Priffe deal from the first lead under ``contract`` (4 hjärter, 6 spel)."""
    state: Any = load_game("priffe").new_initial_state()
    state.apply_chance(random.Random(seed))
    return Position.from_state(state, contract=contract, bidder=state.forhand())


def capped_ab_solve(pos: Position, sv: Solver, cap: int) -> tuple[dict[int, float], bool]:
    """Every first card's exact value by our alpha-beta (not the budgeted deepening),
    and whether it ended within ``cap`` nodes."""
    from stickspel.search.solve import _expand, _trick_objective

    max_team, count_team, to_value = _trick_objective(pos, pos.to_move)
    sv._start(cap)
    found = sv.ab_children(pos, max_team, count_team)
    values = _expand([(c, cls, to_value(v)) for c, cls, v in found])
    return values, not sv.stats[K.CUT_]


def bench_dds(deals: int, cap: int) -> None:
    from stickspel.search.dds import available

    print(f"\n(c) 13-card four-hand deals, every first card's value ({deals} deals each)")
    if not available():
        print("endplay (DDS) is not installed: pip install endplay (the bench extra)")
        return
    sv = Solver()
    for contract, name in ((4, "trump (hjärter)"), (6, "no trump (spel)")):
        ours, theirs, agree, solved = [], [], 0, 0
        for seed in range(deals):
            pos = thirteen_card_deal(seed, contract)
            start = time.perf_counter()
            mine, exact = capped_ab_solve(pos, sv, cap)
            ours.append(time.perf_counter() - start)
            solved += exact
            start = time.perf_counter()
            dds = card_values(pos, dds=True)
            theirs.append(time.perf_counter() - start)
            agree += exact and mine == dds
        ratio = statistics.median(theirs) / statistics.median(ours)
        print(
            f"{name:<17} ours {summary(ours)} (exact {solved}/{deals}, equal to DDS {agree})\n"
            f"{'':<17} DDS  {summary(theirs)}   ours/DDS speed {ratio:.3f}x"
        )
    for contract, name in ((5, "noll"), (4, "trump (hjärter)")):
        for budget in (20_000, 200_000):
            times = []
            for seed in range(deals):
                pos = thirteen_card_deal(seed, contract)
                start = time.perf_counter()
                card_values(pos, dds=False, solver=sv, max_nodes=budget)
                times.append(time.perf_counter() - start)
            print(f"{name:<17} ours budgeted (max_nodes={budget:,}) {summary(times)}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--cap", type=int, default=2_000_000, help="nodes a solve at most")
    parser.add_argument("--deals13", type=int, default=10)
    parser.add_argument("--only", default="playouts,plump,dds")
    args = parser.parse_args(argv)
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    print(f"backend: {BACKEND}")
    # compile (or load the cache) before anything is timed
    card_values(plump_first_lead(3, 0))
    card_values(thirteen_card_deal(0, 5), max_nodes=1000)
    parts = args.only.split(",")
    if "playouts" in parts:
        bench_playouts(args.seconds, args.seed)
    if "plump" in parts:
        bench_plump(args.deals, args.cap)
    if "dds" in parts:
        bench_dds(args.deals13, args.cap * 10)
    return 0


if __name__ == "__main__":
    sys.exit(main())

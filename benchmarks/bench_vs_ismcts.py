"""Our bot against OpenSpiel's IS-MCTS in OpenSpiel's own ``oh_hell``, at equal time.

Run by hand (not in CI; needs the ``openspiel`` extra)::

    .venv/bin/python benchmarks/bench_vs_ismcts.py [--deals 100] [--think-ms 50] [--kind expert]

``oh_hell(players=4,num_tricks_fixed=10)``: 4 players, 10 tricks, 1 point a
trick and 10 more for an exact bid.  Duplicate deals: every deal is played
twice from the same cards and dealer, once with our bot in one seat (the seat
goes round with the deal) and IS-MCTS in the other three, once with IS-MCTS in
all four, the three other seats' IS-MCTS seeded alike in both.  The figure is
our bot's score in that seat less IS-MCTS's score in the same seat, a mean over
deals with its 95% interval; the bid-made rates of that seat in both plays too.

Equal time: IS-MCTS (random roll-out evaluator, UCT c = 2, unlimited world
samples, the most-visited move) gets as many simulations as it runs in
``--think-ms`` on this machine, measured at the start of the run on positions
of every phase; our bot thinks for ``--think-ms``.  Both times per move are
printed (the machine is shared: read the times beside the figures).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from typing import Any

import pyspiel

from stickspel.interop.openspiel import StickspelPlayer, plump_state
from stickspel.simulate import game_seed

GAME_TEXT = "oh_hell(players=4,num_tricks_fixed=10)"
UCT_C = 2.0


def ismcts(game: Any, sims: int, seed: int) -> Any:
    evaluator = pyspiel.RandomRolloutEvaluator(1, seed)
    return pyspiel.ISMCTSBot(
        seed, evaluator, UCT_C, sims, -1, pyspiel.ISMCTSFinalPolicyType.MAX_VISIT_COUNT
    )


def dealt(game: Any, seed: int) -> Any:
    """A fresh deal (dealer, cards, trump) from ``seed``."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
    return state


def measure_rate(game: Any, seed: int, probe_sims: int = 300, positions: int = 12) -> float:
    """IS-MCTS simulations per millisecond on positions of every phase."""
    rng = random.Random(seed)
    spent, done = 0.0, 0
    for k in range(positions):
        state = dealt(game, seed + k)
        for _ in range(rng.randrange(0, 30)):  # bids, then some cards
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))
        if state.is_terminal():
            continue
        bot = ismcts(game, probe_sims, seed + k)
        start = time.perf_counter()
        bot.step(state)
        spent += time.perf_counter() - start
        done += probe_sims
    return done / (1000 * spent)


def play(state: Any, players: list[Any], times: list[list[float]]) -> list[float]:
    """Play ``state`` (a clone) out; each player's ``step`` timed by seat."""
    state = state.clone()
    while not state.is_terminal():
        p = state.current_player()
        start = time.perf_counter()
        action = players[p].step(state)
        times[p].append(time.perf_counter() - start)
        state.apply_action(action)
    made = plump_state(state).deal_results[-1]["made"]  # our replay of the deal
    return [*state.returns(), *[float(m) for m in made]]


def mean_ci(xs: list[float]) -> tuple[float, float]:
    if len(xs) < 2:
        return (xs[0] if xs else 0.0), math.inf
    return statistics.fmean(xs), 1.96 * statistics.stdev(xs) / math.sqrt(len(xs))


def run(args: argparse.Namespace) -> dict[str, Any]:
    game = pyspiel.load_game(GAME_TEXT)
    rate = measure_rate(game, args.seed)
    sims = args.sims or max(1, round(rate * args.think_ms))
    print(f"IS-MCTS: {rate:.1f} simulations/ms here -> {sims} simulations a move", file=sys.stderr)
    diffs: list[float] = []
    ours_scores: list[float] = []
    base_scores: list[float] = []
    made = {"ours": 0.0, "ismcts": 0.0}
    times_ours: list[float] = []
    times_ismcts: list[float] = []
    start = time.perf_counter()
    for k in range(args.deals):
        seat = k % 4
        state = dealt(game, game_seed(args.seed, k))
        seeds = [game_seed(args.seed, 4 * k + s, "ismcts") % (2**31) for s in range(4)]
        base_players = [ismcts(game, sims, seeds[s]) for s in range(4)]
        t_base: list[list[float]] = [[] for _ in range(4)]
        base = play(state, base_players, t_base)
        mixed = [ismcts(game, sims, seeds[s]) for s in range(4)]
        mixed[seat] = StickspelPlayer(
            game, args.kind, seed=game_seed(args.seed, k, "ours"), think_ms=args.think_ms
        )
        t_mixed: list[list[float]] = [[] for _ in range(4)]
        ours = play(state, mixed, t_mixed)
        diffs.append(ours[seat] - base[seat])
        ours_scores.append(ours[seat])
        base_scores.append(base[seat])
        made["ours"] += ours[4 + seat]
        made["ismcts"] += base[4 + seat]
        times_ours.extend(t_mixed[seat])
        for s in range(4):
            times_ismcts.extend(t_base[s])
        if (k + 1) % 10 == 0:
            m, ci = mean_ci(diffs)
            print(f"{k + 1} deals: {m:+.2f} ± {ci:.2f}", file=sys.stderr)
    m, ci = mean_ci(diffs)
    n = max(len(diffs), 1)
    return {
        "game": GAME_TEXT,
        "kind": args.kind,
        "deals": len(diffs),
        "think_ms": args.think_ms,
        "ismcts_sims": sims,
        "ismcts_sims_per_ms": round(rate, 2),
        "difference": round(m, 3),
        "ci95": round(ci, 3),
        "ours_mean": round(statistics.fmean(ours_scores), 3) if ours_scores else None,
        "ismcts_same_seat_mean": round(statistics.fmean(base_scores), 3) if base_scores else None,
        "bid_made_ours": round(made["ours"] / n, 3),
        "bid_made_ismcts": round(made["ismcts"] / n, 3),
        "ms_per_move_ours_median": round(1000 * statistics.median(times_ours), 2)
        if times_ours
        else None,
        "ms_per_move_ismcts_median": round(1000 * statistics.median(times_ismcts), 2)
        if times_ismcts
        else None,
        "seconds": round(time.perf_counter() - start, 1),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--deals", type=int, default=100)
    ap.add_argument("--think-ms", type=float, default=50.0)
    ap.add_argument("--kind", default="expert")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--sims", type=int, default=0, help="IS-MCTS simulations (default: measured)")
    ap.add_argument("--json", action="store_true")
    out = run(ap.parse_args())
    if "--json" in sys.argv:
        print(json.dumps(out, indent=1))
        return
    print(
        f"{out['kind']} − IS-MCTS in the same seat, {out['deals']} duplicate deals at "
        f"{out['think_ms']} ms ({out['ismcts_sims']} IS-MCTS simulations): "
        f"{out['difference']:+.2f} ± {out['ci95']:.2f} points a deal (95%)"
    )
    print(
        f"scores {out['ours_mean']} vs {out['ismcts_same_seat_mean']}; bids made "
        f"{out['bid_made_ours']:.0%} vs {out['bid_made_ismcts']:.0%}; median ms a move "
        f"{out['ms_per_move_ours_median']} vs {out['ms_per_move_ismcts_median']}"
    )


if __name__ == "__main__":
    main()

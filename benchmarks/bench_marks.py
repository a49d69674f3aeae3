"""How often the analysis marks each bot's decisions, with and without its noise rule.

Games of the expert, the heuristic and the beginner at one table (their seats
rotated game by game), on fresh seeds, each analysed as the server analyses a
game (:func:`stickspel.analysis.analyse_record`, 16 worlds a decision, seed 0):
once as it is (a seeming loss judged again over fresh draws, marked only where
clear of the noise) and once with every first estimate taken as it is
(``rechecks=0``, as the analysis was before the rule).  Prints, per game and bot,
the decisions, the marks per 100 decisions both ways, and the noise: the median
and 90th percentile of the standard error of the losses judged again.

    PYTHONPATH=src python benchmarks/bench_marks.py --games 20

The expert plays at fixed work (``--expert-samples`` worlds a decision), so a
run depends on its seed alone.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections import defaultdict
from typing import Any

#: Small presets, to keep the run short; a third seat or fourth as each game has.
GAMES = {
    "plump": "plump(players=3,max_cards=4)",
    "tremanswhist": "tremanswhist(win_score=3)",
    "priffe": "priffe(parti=one_rubber)",
}
BOTS = ("expert", "heuristic", "beginner")


def _players(game: str, seat_of: list[str], seed: int, expert_samples: int) -> list[Any]:
    from stickspel.bots import make_bot
    from stickspel.bots.expert import ExpertBot
    from stickspel.simulate import game_seed

    out: list[Any] = []
    for seat, kind in enumerate(seat_of):
        bot_seed = game_seed(seed, seat, "bot")
        if kind == "expert":
            out.append(ExpertBot(seed=bot_seed, samples=expert_samples))
        else:
            out.append(make_bot(game, kind, seed=bot_seed, think_ms=0))
    return out


def _kinds(players: int, index: int) -> list[str]:
    """The bots by seat for game ``index``: the three rotated, a fourth seat heuristic."""
    ring = [BOTS[(index + k) % len(BOTS)] for k in range(len(BOTS))]
    return (ring + ["heuristic"] * players)[:players]


def run(game: str, rules: str, games: int, seed: int, expert_samples: int) -> dict[str, Any]:
    from stickspel.analysis import MARKS, analyse_record
    from stickspel.core.cards import make_rng
    from stickspel.games import load_game
    from stickspel.simulate import game_seed
    from stickspel.table import play_out

    spec = load_game(rules)
    counts: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    noise: list[float] = []
    start = time.perf_counter()
    for index in range(games):
        g_seed = game_seed(seed, index)
        rng = make_rng(g_seed)
        probe = spec.new_initial_state()
        state = spec.new_initial_state(rng.randrange(probe.num_players))
        kinds = _kinds(state.num_players, index)
        play_out(state, _players(game, kinds, g_seed, expert_samples), rng, 12)
        doc = state.to_record([f"{k} {i}" for i, k in enumerate(kinds)])
        now = analyse_record(doc, samples=16, seed=0)
        before = analyse_record(doc, samples=16, seed=0, rechecks=0)
        for d, old in zip(now.decisions, before.decisions, strict=True):
            kind = kinds[d.person]
            counts[kind]["decisions"] += 1
            counts[kind]["marks"] += d.marked
            counts[kind]["marks_before"] += old.verdict in MARKS
            if d.noise is not None:
                noise.append(d.noise)
    return {
        "game": game,
        "rules": rules,
        "games": games,
        "seconds": round(time.perf_counter() - start, 1),
        "noise_median": round(statistics.median(noise), 2) if noise else None,
        "noise_p90": round(statistics.quantiles(noise, n=10)[-1], 2) if len(noise) > 1 else None,
        "rechecked": len(noise),
        "bots": {k: dict(v) for k, v in counts.items()},
    }


def per100(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f}" if whole else "–"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--expert-samples", type=int, default=32)
    parser.add_argument("--only", choices=list(GAMES), action="append")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    results = [
        run(game, rules, args.games, args.seed, args.expert_samples)
        for game, rules in GAMES.items()
        if not args.only or game in args.only
    ]
    if args.json:
        print(json.dumps(results, indent=1))
    print("| game | bot | decisions | marks per 100 (rule) | marks per 100 (no rule) |")
    print("|---|---|---:|---:|---:|")
    for r in results:
        for bot in BOTS:
            c = r["bots"].get(bot, {})
            n = c.get("decisions", 0)
            print(
                f"| {r['rules']} | {bot} | {n} | {per100(c.get('marks', 0), n)} "
                f"| {per100(c.get('marks_before', 0), n)} |"
            )
    for r in results:
        print(
            f"{r['game']}: {r['games']} games, {r['seconds']} s; {r['rechecked']} losses "
            f"judged again, their standard error median {r['noise_median']}, "
            f"90th percentile {r['noise_p90']}"
        )


if __name__ == "__main__":
    main()

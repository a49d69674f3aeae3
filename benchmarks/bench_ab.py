"""Two settings of our expert, paired, against OpenSpiel's IS-MCTS in ``oh_hell``.

Run by hand (not in CI; needs the ``openspiel`` extra)::

    .venv/bin/python benchmarks/bench_ab.py --a cards=ismcts,bids=ismcts \\
        --b cards=pimc,bids=aware --deals 400 --think-ms 25 --sims 1600 --jobs 2 \\
        --out runs/ab.jsonl

Every deal of ``oh_hell(players=4,num_tricks_fixed=10)`` is played twice from
the same cards and dealer: once with setting A of our expert in one seat (the
seat goes round with the deal), once with setting B there, the three other
seats IS-MCTS with the same seeds and ``--sims`` simulations a move in both
plays (a fixed count: both settings meet the same opponents).  A setting is a
comma-separated list of settings of the expert's
:class:`~stickspel.bots.expert.ExpertConfig` (and ``think_ms``), ``NAME=VALUE``.  Printed: the
mean of A's score less B's in the seat, its 95% interval, and each one's
bid-made rate.  IS-MCTS is not deterministic even with its seeds, so the two
plays of a deal part even where A and B choose alike: the interval holds that
noise too (about ±0.6 points over 400 deals).  With ``--base`` IS-MCTS also
plays the seat, and A and B are each reported against it as well.
"""

from __future__ import annotations

import argparse
import functools
import json
import multiprocessing
import sys
from typing import Any

import pyspiel
from bench_vs_ismcts import (
    GAME_TEXT,
    _number,
    dealt,
    ismcts,
    ismcts_seeds,
    mean_ci,
    our_player,
    play,
)

from stickspel.bots.expert import ExpertConfig
from stickspel.simulate import game_seed


def settings(text: str) -> dict[str, Any]:
    """``cards=ismcts,ucb_c=0.7`` → ``{"cards": "ismcts", "ucb_c": 0.7}``."""
    out: dict[str, Any] = {}
    for item in filter(None, text.split(",")):
        name, _, value = item.partition("=")
        out[name] = _number(value)
    names = (*ExpertConfig.names(), "think_ms")
    unknown = sorted(set(out) - set(names))
    if unknown:
        sys.exit(f"{text}: no setting {', '.join(unknown)} (settings: {', '.join(names)})")
    return out


def seat_result(
    state: Any, k: int, args: argparse.Namespace, setting: dict[str, Any] | None
) -> tuple[float, float]:
    """The seat's score and whether it made its bid, ``setting`` of ours in the
    seat (``None``: IS-MCTS there too)."""
    game = state.get_game()
    seat = k % 4
    seeds = ismcts_seeds(args.seed, k)
    players: list[Any] = [ismcts(game, args.sims, seeds[s]) for s in range(4)]
    if setting is not None:
        seed = game_seed(args.seed, k, "ours")
        players[seat] = our_player(game, "expert", seed, args.think_ms, list(setting.items()))
    result = play(state, players, [[] for _ in range(4)])
    return result[seat], result[4 + seat]


def ab_deal(k: int, args: argparse.Namespace) -> dict[str, Any]:
    game = pyspiel.load_game(GAME_TEXT)
    state = dealt(game, game_seed(args.seed, k))
    a, made_a = seat_result(state, k, args, settings(args.a))
    b, made_b = seat_result(state, k, args, settings(args.b))
    row = {"deal": k, "a": a, "b": b, "made_a": made_a, "made_b": made_b}
    if args.base:
        row["base"], row["made_base"] = seat_result(state, k, args, None)
    return row


def summarise(rows: list[dict[str, Any]], base: bool) -> None:
    pairs = [("A − B", "a", "b")]
    if base:
        pairs += [("A − IS-MCTS", "a", "base"), ("B − IS-MCTS", "b", "base")]
    for label, x, y in pairs:
        m, ci = mean_ci([r[x] - r[y] for r in rows])
        print(f"{label}: {m:+.2f} ± {ci:.2f} points a deal ({len(rows)} deals)")
    made = {k: sum(r[f"made_{k}"] for r in rows) / len(rows) for k in ("a", "b")}
    print(f"bids made: A {made['a']:.1%}, B {made['b']:.1%}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--a", required=True, help="setting A: NAME=VALUE,…")
    ap.add_argument("--b", default="", help="setting B (default: the expert as it is)")
    ap.add_argument("--deals", type=int, default=400)
    ap.add_argument("--think-ms", type=float, default=25.0)
    ap.add_argument("--sims", type=int, default=1600, help="IS-MCTS simulations a move")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--base", action="store_true", help="IS-MCTS in the seat too")
    ap.add_argument("--out", help="JSON lines, one a deal")
    args = ap.parse_args()
    rows = []
    with multiprocessing.get_context("spawn").Pool(args.jobs) as pool:
        work = functools.partial(ab_deal, args=args)
        for n, row in enumerate(pool.imap_unordered(work, range(args.deals))):
            rows.append(row)
            if args.out:
                with open(args.out, "a", encoding="utf-8") as f:
                    f.write(json.dumps(row) + "\n")
            if (n + 1) % 50 == 0:
                summarise(rows, args.base)
    summarise(rows, args.base)


if __name__ == "__main__":
    main()

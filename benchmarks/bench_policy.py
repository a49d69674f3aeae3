"""How well each play-out policy foretells the tricks taken at the table.

Run by hand (not in CI; ``play`` needs the ``openspiel`` extra)::

    .venv/bin/python benchmarks/bench_policy.py play --deals 300 --think-ms 25 \\
        --sims 1500 --jobs 2 --out runs/policy-games.jsonl
    .venv/bin/python benchmarks/bench_policy.py judge --out runs/policy-games.jsonl \\
        --policies aware:0.1,aware:0.45,careful:0.45,random:0

*play* plays deals of ``oh_hell(players=4,num_tricks_fixed=10)`` with our
expert in one seat (it goes round with the deal; ``--think-ms 0``: IS-MCTS
there too) and IS-MCTS of ``--sims`` simulations in the others, and writes
each deal's OpenSpiel history, one JSON line a deal.

*judge* takes every position of those deals' card play with two tricks or more
to go, every hand as it truly lay, and plays it out ``--runs`` times by each
policy (``NAME:NOISE``: ``random``, ``cheap``, ``aware`` or ``careful`` of
:func:`stickspel.search.playout_tricks`, each card at random with chance
``NOISE``).  The tricks each seat ended with at the table are then scored
against the play-outs' forecast: the log-loss of the count (nats, the
forecast smoothed by half a play-out for each count still possible) and the Brier score of the
bid's being made — lower is better, split by our expert's seat and the
IS-MCTS seats.  Inside the search a play-out stands for how the deal goes on
from a node, so a policy that foretells the table better is the better model
of it; whether it plays better is for ``bench_vs_ismcts.py`` to say.
"""

from __future__ import annotations

import argparse
import functools
import json
import math
import multiprocessing
import statistics
import sys
from typing import Any

import pyspiel
from bench_vs_ismcts import GAME_TEXT, dealt, ismcts, ismcts_seeds

from stickspel.interop.openspiel import StickspelPlayer, plump_state
from stickspel.search import Position, playout_tricks
from stickspel.simulate import game_seed


def play_deal(k: int, args: argparse.Namespace) -> dict[str, Any]:
    """Deal ``k``, played once: its OpenSpiel history and our seat (-1: none)."""
    game = pyspiel.load_game(GAME_TEXT)
    state = dealt(game, game_seed(args.seed, k))
    seeds = ismcts_seeds(args.seed, k)
    players: list[Any] = [ismcts(game, args.sims, seeds[s]) for s in range(4)]
    seat = k % 4 if args.think_ms > 0 else -1
    if seat >= 0:
        players[seat] = StickspelPlayer(
            game, "expert", seed=game_seed(args.seed, k, "ours"), think_ms=args.think_ms
        )
    while not state.is_terminal():
        state.apply_action(players[state.current_player()].step(state))
    return {"deal": k, "seat": seat, "history": list(state.history())}


def positions(path: str) -> list[tuple[Position, list[int], list[int], int]]:
    """Every card-play position of the deals in ``path`` with two tricks or more
    to go: the position, the tricks each seat ended with, the bids, our seat."""
    game = pyspiel.load_game(GAME_TEXT)
    out = []
    for number, row in _rows(path):
        state = game.new_initial_state()
        found = []
        history = row.get("history")
        if not isinstance(history, list) or any(type(a) is not int for a in history):
            sys.exit(f"bench_policy: {path}, line {number}: 'history' is no list of actions")
        try:
            for action in history:
                found.extend(_play_position(state, action))
        except pyspiel.SpielError as e:
            first = str(e).splitlines()[0] if str(e) else "refused"
            sys.exit(f"bench_policy: {path}, line {number}: not a deal's history ({first})")
        if not state.is_terminal():
            sys.exit(f"bench_policy: {path}, line {number}: the deal's history stops short")
        result = plump_state(state).deal_results[-1]
        tricks, bids = list(result["tricks"]), list(result["bids"])
        out.extend((pos, tricks, bids, row.get("seat", -1)) for pos in found)
    return out


def _rows(path: str) -> list[tuple[int, dict[str, Any]]]:
    """The JSON objects of ``path``, one a line, with their line numbers (a file
    that is not so ends the run with one line naming where)."""
    rows = []
    try:
        with open(path, encoding="utf-8") as f:
            for number, line in enumerate(f, 1):
                if line.strip():
                    row = json.loads(line)
                    if not isinstance(row, dict):
                        sys.exit(f"bench_policy: {path}, line {number}: not a JSON object")
                    rows.append((number, row))
    except (OSError, UnicodeDecodeError, ValueError, RecursionError) as e:
        sys.exit(f"bench_policy: {path}: {e}")
    return rows


def _play_position(state: Any, action: int) -> list[Position]:
    """The card-play position before ``action`` (two tricks or more to go: none
    otherwise), then ``action`` played."""
    found = []
    if not state.is_chance_node() and state.history():
        ours = plump_state(state)
        if ours.phase == 2:  # the play (stickspel.games.plump.rules.PLAY)
            pos = Position.from_state(ours)
            if pos.tricks_left >= 2:
                found.append(pos)
    state.apply_action(action)
    return found


def judge(args: argparse.Namespace) -> dict[str, Any]:
    found = positions(args.out)
    print(f"{len(found)} positions", file=sys.stderr)
    report: dict[str, Any] = {"positions": len(found), "runs": args.runs, "policies": {}}
    for k, spec in enumerate(filter(None, args.policies.split(","))):
        name, _, noise = spec.partition(":")
        loss: dict[str, list[float]] = {"ours": [], "ismcts": []}
        brier: dict[str, list[float]] = {"ours": [], "ismcts": []}
        for j, (pos, tricks, bids, seat) in enumerate(found):
            runs = playout_tricks(
                pos, args.runs, 1000 * k + j, policy=name, bids=bids, noise=float(noise or 0)
            )
            before, counts = pos.tricks, pos.tricks_left + 1  # the counts a seat may add
            for i in range(pos.n):
                ends = [before[i] + r[i] for r in runs]
                role = "ours" if i == seat else "ismcts"
                hit = ends.count(tricks[i])
                loss[role].append(-math.log((hit + 0.5) / (len(ends) + 0.5 * counts)))
                made = ends.count(bids[i]) / len(ends)
                brier[role].append((made - (tricks[i] == bids[i])) ** 2)
        row = {
            role: {
                "log_loss": round(statistics.fmean(loss[role]), 4),
                "brier": round(statistics.fmean(brier[role]), 4),
            }
            for role in loss
            if loss[role]
        }
        report["policies"][spec] = row
        print(spec, json.dumps(row), file=sys.stderr)
    return report


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("mode", choices=["play", "judge"])
    ap.add_argument("--out", required=True, help="JSON lines, one a deal")
    ap.add_argument("--deals", type=int, default=300)
    ap.add_argument("--think-ms", type=float, default=25.0, help="0: IS-MCTS in every seat")
    ap.add_argument("--sims", type=int, default=1500, help="IS-MCTS simulations a move")
    ap.add_argument("--seed", type=int, default=9001)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--runs", type=int, default=64, help="judge: play-outs a position")
    ap.add_argument("--policies", default="random:0,aware:0.1,aware:0.45,careful:0.45")
    args = ap.parse_args()
    if args.mode == "judge":
        print(json.dumps(judge(args), indent=1))
        return
    with (
        multiprocessing.get_context("spawn").Pool(args.jobs) as pool,
        open(args.out, "a", encoding="utf-8") as f,
    ):
        for done, row in enumerate(
            pool.imap_unordered(functools.partial(play_deal, args=args), range(args.deals)), 1
        ):
            f.write(json.dumps(row) + "\n")
            if done % 50 == 0:
                print(f"{done} deals", file=sys.stderr)


if __name__ == "__main__":
    main()

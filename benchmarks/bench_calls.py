"""Calls before the cards (Priffe's auction, Tremanswhist's exchange and purchases):
two bots in a duplicate match with fixed work, the card play shared where it
cannot differ.

Run by hand (not in CI)::

    .venv/bin/python benchmarks/bench_calls.py priffe --a search_calls=1 --b search_calls=0 \\
        --boards 2000 --samples 16 --seed 3201 --jobs 2

Board ``k`` is dealt as ``stickspel match`` deals it (``game_seed(seed, k)``, the
dealer ``k % n``) and played once for every distinct rotation of A and B round
the table (A in seats 0 and 2 of Priffe, then in 1 and 3; in Tremanswhist A in
two seats of three, each rotation); each seat's bot is seeded by its seat, as
in a match.  A and B are the expert with the settings given (``NAME=VALUE``, as
:class:`~stickspel.bots.config.ExpertConfig`'s; ``heuristic`` for that bot),
with ``samples`` worlds a decision and no clock, so every play repeats itself.
Where A and B differ only in their calls (``search_calls``), two plays with the
same calls before the cards play the same cards: the card play is then played
once for each distinct set of calls, which is the same match, cheaper.  Printed:
A's mean score a board less B's (a board: each one's mean over the seats it
held), its 95% interval, the boards where the calls differed, and the
contracts made.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import statistics
import sys
import time
from typing import Any

from stickspel.bots.config import ExpertConfig
from stickspel.bots.expert import ExpertBot
from stickspel.bots.registry import heuristic_bot
from stickspel.core.cards import make_rng
from stickspel.core.turn import Turn
from stickspel.games import game_spec
from stickspel.simulate import game_seed

#: Settings that change only the calls: two bots that differ in no other play the
#: same cards after the same calls.
CALL_SETTINGS = {"search_calls"}


def settings(text: str) -> dict[str, Any] | None:
    """``search_calls=1,rollouts=2`` → the settings (``heuristic``: ``None``)."""
    if text == "heuristic":
        return None
    out: dict[str, Any] = {}
    for item in filter(None, text.split(",")):
        name, _, value = item.partition("=")
        if name not in ExpertConfig.names():
            sys.exit(f"{text}: no setting {name} (settings: {', '.join(ExpertConfig.names())})")
        out[name] = bool(int(value)) if name == "search_calls" else _number(value)
    return out


def _number(text: str) -> Any:
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def make(setting: dict[str, Any] | None, seed: int, samples: int) -> Any:
    if setting is None:
        return heuristic_bot(ARGS.game, seed=seed)
    return ExpertBot(seed=seed, think_ms=None, samples=samples, **setting)


def rotations(n: int) -> list[tuple[str, ...]]:
    """The distinct seatings of A and B round ``n`` seats, as a match rotates them."""
    kinds = ["A" if s % 2 == 0 else "B" for s in range(n)]
    seen = dict.fromkeys(tuple(kinds[(s - r) % n] for s in range(n)) for r in range(n))
    return list(seen)


def play(state: Any, bots: list[Any], until_play: bool) -> list[int]:
    """Apply the bots' actions until the cards (``until_play``) or the deal's end."""
    done: list[int] = []
    play_phase = type(state).PLAY_PHASE
    while not state.deal_over() and not (until_play and state.phase == play_phase):
        seat = state.current_player()
        bot = bots[seat]
        action = int(bot.act(Turn.of(state, worlds=getattr(bot, "needs_worlds", True))))
        state.apply_action(action)
        done.append(action)
    return done


def board(k: int) -> dict[str, Any]:
    args = ARGS
    spec = game_spec(args.game)
    rules = spec.rules.preset(args.preset) if args.preset else spec.rules()
    n = spec.state(rules).num_players
    deal = spec.state(rules).sample_deal(make_rng(game_seed(args.seed, k)))
    a, b = settings(args.a), settings(args.b)
    shared = (
        a is not None
        and b is not None
        and {x for x in set(a) | set(b) if a.get(x) != b.get(x)} <= CALL_SETTINGS
    )
    played: dict[Any, tuple[list[float], Any]] = {}
    scores = {"A": [], "B": []}  # type: dict[str, list[float]]
    calls = []
    for seating in rotations(n):
        state = spec.state(rules, first_dealer=k % n)
        state.apply_deal(deal)
        bots = [
            make(a if kind == "A" else b, game_seed(args.seed, k * n + s, "bot"), args.samples)
            for s, kind in enumerate(seating)
        ]
        before = tuple(play(state, bots, until_play=True))
        calls.append(before)
        key = before if shared else (before, seating)
        if key not in played:
            play(state, bots, until_play=False)
            result = state.deal_results[-1]
            played[key] = ([float(x) for x in result["points"]], result)
        points, result = played[key]
        for s, kind in enumerate(seating):
            scores[kind].append(points[s])
    diff = statistics.fmean(scores["A"]) - statistics.fmean(scores["B"])
    named = [[state.action_to_string(x) for x in c] for c in calls]
    return {
        "k": k,
        "diff": diff,
        "differ": len(set(calls)) > 1,
        "plays": len(played),
        "calls": named,
    }


def mean_ci(xs: list[float]) -> tuple[float, float]:
    if len(xs) < 2:
        return (xs[0] if xs else 0.0), math.inf
    return statistics.fmean(xs), 1.96 * statistics.stdev(xs) / math.sqrt(len(xs))


def main() -> None:
    global ARGS
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("game", choices=["priffe", "tremanswhist"])
    p.add_argument("--a", required=True)
    p.add_argument("--b", required=True)
    p.add_argument("--boards", type=int, default=200)
    p.add_argument("--first", type=int, default=0, help="the first board's index")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--samples", type=int, default=16)
    p.add_argument("--preset", default=None)
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--out", default=None, help="append each board as a JSON line here")
    ARGS = p.parse_args()
    start = time.perf_counter()
    ks = range(ARGS.first, ARGS.first + ARGS.boards)
    out = open(ARGS.out, "a") if ARGS.out else None  # noqa: SIM115
    rows = []
    with multiprocessing.Pool(ARGS.jobs, initializer=_init, initargs=(ARGS,)) as pool:
        for row in pool.imap(board, ks):
            rows.append(row)
            if out:
                out.write(json.dumps(row) + "\n")
                out.flush()
            if len(rows) % 100 == 0:
                m, ci = mean_ci([r["diff"] for r in rows])
                print(f"{len(rows)} boards: {m:+.2f} ± {ci:.2f}", file=sys.stderr, flush=True)
    m, ci = mean_ci([r["diff"] for r in rows])
    differ = sum(r["differ"] for r in rows)
    print(
        f"{ARGS.game} {ARGS.preset or ''} A={ARGS.a} B={ARGS.b} samples={ARGS.samples} "
        f"seed={ARGS.seed}: A - B {m:+.2f} ± {ci:.2f} over {len(rows)} boards "
        f"(calls differed in {differ}), {time.perf_counter() - start:.0f} s"
    )


def _init(args: argparse.Namespace) -> None:
    global ARGS
    ARGS = args


ARGS: argparse.Namespace

if __name__ == "__main__":
    main()

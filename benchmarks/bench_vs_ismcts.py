"""Our bot against OpenSpiel's IS-MCTS in OpenSpiel's own ``oh_hell``, at equal time.

Run by hand (not in CI; needs the ``openspiel`` extra)::

    .venv/bin/python benchmarks/bench_vs_ismcts.py [--deals 100] [--think-ms 50] [--kind expert]
        [--jobs 2] [--out runs/ismcts.jsonl]

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
of every phase, then set again after every deal from its median time a move
in that deal to match our bot's median time a move so far (``--sims N`` fixes
the count instead); our bot thinks for ``--think-ms``, and its time a move
includes the adapter's (OpenSpiel's state read into ours).  ``--kind ismcts:F``
with ``--sims N`` seats IS-MCTS of ``F * N`` simulations in our seat instead:
what more time buys the yardstick itself.  Both times per move are
printed (the machine is shared: read the times beside the figures).
"""

from __future__ import annotations

import argparse
import functools
import json
import math
import multiprocessing
import random
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import pyspiel

from stickspel.bots.expert import ExpertConfig
from stickspel.interop.openspiel import StickspelPlayer, plump_state
from stickspel.simulate import game_seed

GAME_TEXT = "oh_hell(players=4,num_tricks_fixed=10)"
UCT_C = 2.0


def ismcts(game: Any, sims: int, seed: int) -> Any:
    evaluator = pyspiel.RandomRolloutEvaluator(1, seed)
    return pyspiel.ISMCTSBot(
        seed, evaluator, UCT_C, sims, -1, pyspiel.ISMCTSFinalPolicyType.MAX_VISIT_COUNT
    )


def ismcts_seeds(seed: int, k: int) -> list[int]:
    """The IS-MCTS seed of each seat in deal ``k`` of a run seeded ``seed``."""
    return [game_seed(seed, 4 * k + s, "ismcts") % (2**31) for s in range(4)]


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
    result = plump_state(state).deal_results[-1]  # our replay of the deal
    return [
        *state.returns(),
        *[float(m) for m in result["made"]],
        *[float(b) for b in result["bids"]],
        *[float(t) for t in result["tricks"]],
    ]


def mean_ci(xs: list[float]) -> tuple[float, float]:
    if len(xs) < 2:
        return (xs[0] if xs else 0.0), math.inf
    return statistics.fmean(xs), 1.96 * statistics.stdev(xs) / math.sqrt(len(xs))


#: This worker's IS-MCTS simulations a move, kept at our bot's time by :func:`_retime`.
_SIMS: dict[str, int] = {}
#: This worker's recent times a move of our bot (ms): what IS-MCTS is timed to.
_OURS_MS: list[float] = []
#: How many of them the target is the median of.
_OURS_WINDOW = 500


def _retime(sims: int, times_ms: list[float], target_ms: float) -> int:
    """The simulations that would have made IS-MCTS's median time a move in the last
    deal ``target_ms``, our bot's median (the rate measured at the start drifts
    with the machine's load and the other jobs): equal time per move, kept deal
    after deal."""
    if not times_ms:
        return sims
    factor = target_ms / statistics.median(times_ms)
    return max(1, round(sims * min(2.0, max(0.5, factor))))


def _number(text: str) -> Any:
    """``--set``'s value: an int or a float where it reads as one, ``None``, ``True``
    or ``False`` where it reads as one of them, else the text."""
    named = {"none": None, "true": True, "false": False}
    if text.lower() in named:
        return named[text.lower()]
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def our_player(
    game: Any,
    kind: str,
    seed: int,
    think_ms: float | None,
    settings: Sequence[tuple[str, Any]] = (),
) -> StickspelPlayer:
    """Our bot of ``kind`` for a seat, ``settings`` (name and value) changing its
    :class:`~stickspel.bots.expert.ExpertConfig` (``think_ms`` among them: its
    time a move); a name that is neither ends the run with one line."""
    changes = dict(settings)
    if "think_ms" in changes:
        think_ms = float(changes.pop("think_ms"))
    player = StickspelPlayer(game, kind, seed=seed, think_ms=think_ms)
    if not changes:
        return player
    cls = type(player.bot)
    names = ExpertConfig.names()
    unknown = sorted(set(changes) - set(names)) if hasattr(cls, "CONFIG") else sorted(changes)
    if unknown:
        sys.exit(f"{kind}: no setting {', '.join(unknown)} (settings: {', '.join(names)})")
    try:
        config = replace(cls.CONFIG, **changes)
    except ValueError as e:
        sys.exit(str(e))
    player.bot = cls(seed=seed, think_ms=think_ms, config=config)
    return player


def play_deal(k: int, args: argparse.Namespace, sims: int) -> dict[str, Any]:
    """Deal ``k`` of the run, played twice: IS-MCTS in every seat, then ours in one."""
    if not args.sims:
        sims = _SIMS.setdefault("sims", sims)
    game = pyspiel.load_game(GAME_TEXT)
    seat = k % 4
    state = dealt(game, game_seed(args.seed, k))
    seeds = ismcts_seeds(args.seed, k)
    t_base: list[list[float]] = [[] for _ in range(4)]
    base = play(state, [ismcts(game, sims, seeds[s]) for s in range(4)], t_base)
    mixed = [ismcts(game, sims, seeds[s]) for s in range(4)]
    if args.kind.startswith("ismcts:"):  # the yardstick itself, given more simulations
        scale = float(args.kind.partition(":")[2])
        mixed[seat] = ismcts(game, round(scale * sims), game_seed(args.seed, k, "ours") % 2**31)
    else:
        settings = [setting.partition("=")[::2] for setting in args.set]  # e.g. bids=greedy
        mixed[seat] = our_player(
            game,
            args.kind,
            game_seed(args.seed, k, "ours"),
            args.think_ms,
            [(name, _number(value)) for name, value in settings],
        )
    t_mixed: list[list[float]] = [[] for _ in range(4)]
    ours = play(state, mixed, t_mixed)
    ms_ismcts = [1000 * t for s in range(4) for t in t_base[s]]
    if not args.sims:
        # IS-MCTS timed to our bot's median move, the adapter's time in it included
        _OURS_MS.extend(1000 * t for t in t_mixed[seat])
        del _OURS_MS[:-_OURS_WINDOW]
        _SIMS["sims"] = _retime(sims, ms_ismcts, statistics.median(_OURS_MS))
    return {
        "deal": k,
        "seat": seat,
        "ours": ours[seat],
        "ismcts": base[seat],
        "made_ours": ours[4 + seat],
        "made_ismcts": base[4 + seat],
        "bid_ours": ours[8 + seat],
        "bid_ismcts": base[8 + seat],
        "tricks_ours": ours[12 + seat],
        "tricks_ismcts": base[12 + seat],
        "ms_ours": [1000 * t for t in t_mixed[seat]],
        "ms_ismcts": ms_ismcts,
        "sims": sims,
    }


def _done(path: str | None) -> dict[int, dict[str, Any]]:
    """The deals already in ``--out`` (a run goes on where it stopped)."""
    if not path:
        return {}
    try:
        with open(path, encoding="utf-8") as f:
            rows = [json.loads(line) for line in f if line.strip()]
    except FileNotFoundError:
        return {}
    return {r["deal"]: r for r in rows if r.get("kind") is None}


def _header(args: argparse.Namespace, rate: float, sims: int) -> dict[str, Any]:
    return {
        "kind": "header",
        "game": GAME_TEXT,
        "bot": args.kind,
        "think_ms": args.think_ms,
        "seed": args.seed,
        "set": args.set,
        "ismcts_sims_per_ms": round(rate, 2),
        "ismcts_sims": sims,
    }


def run(args: argparse.Namespace) -> dict[str, Any]:
    rows = _done(args.out)
    header = None
    if rows:
        with open(args.out, encoding="utf-8") as f:
            header = next((json.loads(x) for x in f if '"header"' in x), None)
    if header is not None:  # resuming: the same settings, the same simulation count
        rate, sims = header["ismcts_sims_per_ms"], header["ismcts_sims"]
    else:
        game = pyspiel.load_game(GAME_TEXT)
        rate = measure_rate(game, args.seed)
        sims = args.sims or max(1, round(rate * args.think_ms))
        if args.out:
            with open(args.out, "a", encoding="utf-8") as f:
                f.write(json.dumps(_header(args, rate, sims)) + "\n")
    print(f"IS-MCTS: {rate:.1f} simulations/ms here -> {sims} simulations a move", file=sys.stderr)
    todo = [k for k in range(args.deals) if k not in rows]
    start = time.perf_counter()
    with multiprocessing.get_context("spawn").Pool(args.jobs) as pool:
        work = pool.imap_unordered(functools.partial(play_deal, args=args, sims=sims), todo)
        for row in work:
            rows[row["deal"]] = row
            if args.out:
                with open(args.out, "a", encoding="utf-8") as f:
                    f.write(json.dumps(row) + "\n")
            if len(rows) % 10 == 0:
                m, ci = mean_ci([r["ours"] - r["ismcts"] for r in rows.values()])
                print(f"{len(rows)} deals: {m:+.2f} ± {ci:.2f}", file=sys.stderr)
    return summary(rows, args, rate, sims, time.perf_counter() - start)


def summary(
    rows: dict[int, dict[str, Any]],
    args: argparse.Namespace,
    rate: float,
    sims: int,
    seconds: float,
) -> dict[str, Any]:
    done = [rows[k] for k in sorted(rows) if k < args.deals]
    m, ci = mean_ci([r["ours"] - r["ismcts"] for r in done])
    n = max(len(done), 1)
    ms_ours = [t for r in done for t in r["ms_ours"]]
    ms_ismcts = [t for r in done for t in r["ms_ismcts"]]
    return {
        "game": GAME_TEXT,
        "kind": args.kind,
        "deals": len(done),
        "think_ms": args.think_ms,
        "ismcts_sims": sims,
        "ismcts_sims_per_ms": round(rate, 2),
        "ismcts_sims_mean": round(statistics.fmean(r.get("sims", sims) for r in done))
        if done
        else None,
        "difference": round(m, 3),
        "ci95": round(ci, 3),
        "ours_mean": round(statistics.fmean(r["ours"] for r in done), 3) if done else None,
        "ismcts_same_seat_mean": round(statistics.fmean(r["ismcts"] for r in done), 3)
        if done
        else None,
        "bid_made_ours": round(sum(r["made_ours"] for r in done) / n, 3),
        "bid_made_ismcts": round(sum(r["made_ismcts"] for r in done) / n, 3),
        "ms_per_move_ours_median": round(statistics.median(ms_ours), 2) if ms_ours else None,
        "ms_per_move_ismcts_median": round(statistics.median(ms_ismcts), 2) if ms_ismcts else None,
        "seconds": round(seconds, 1),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--deals", type=int, default=100)
    ap.add_argument("--think-ms", type=float, default=50.0)
    ap.add_argument(
        "--kind",
        default="expert",
        help="our bot's kind, or ismcts:F: IS-MCTS with F times the simulations in the seat",
    )
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--sims", type=int, default=0, help="IS-MCTS simulations (default: measured)")
    ap.add_argument("--jobs", type=int, default=1, help="deals played at once (one a core)")
    ap.add_argument("--out", help="JSON lines, one a deal; a run given the same file resumes")
    ap.add_argument(
        "--set", action="append", default=[], help="a setting of our bot's ExpertConfig: NAME=VALUE"
    )
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    if args.kind.startswith("ismcts:") and not args.sims:
        # timed to the seat's own moves, IS-MCTS would double its count deal by deal
        ap.error("--kind ismcts:F needs --sims N: the seat runs F times the simulations")
    out = run(args)
    if "--json" in sys.argv:
        print(json.dumps(out, indent=1))
        return
    print(
        f"{out['kind']} − IS-MCTS in the same seat, {out['deals']} duplicate deals at "
        f"{out['think_ms']} ms ({out['ismcts_sims_mean']} IS-MCTS simulations a move on "
        "average): "
        f"{out['difference']:+.2f} ± {out['ci95']:.2f} points a deal (95%)"
    )
    print(
        f"scores {out['ours_mean']} vs {out['ismcts_same_seat_mean']}; bids made "
        f"{out['bid_made_ours']:.0%} vs {out['bid_made_ismcts']:.0%}; median ms a move "
        f"{out['ms_per_move_ours_median']} vs {out['ms_per_move_ismcts_median']}"
    )


if __name__ == "__main__":
    main()

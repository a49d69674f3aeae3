"""Fit the expert's Plump bid model to the table: ``bid_lift`` and ``nil_lift`` against IS-MCTS.

Run by hand (not in CI; needs the ``openspiel`` extra)::

    # the decisive run: every variant bids at the table, differing bids played
    .venv/bin/python benchmarks/bench_bid_lift.py ab --deals 1500 --think-ms 50 \\
        --jobs 2 --out runs/bid-ab.jsonl --variants base=0:0,nil=0:0.3,flat=0.3:0.3 \\
        --play pimc
    # the exploration: each deal played with the bid chosen and one either side,
    # then any variant judged on those deals without playing again
    .venv/bin/python benchmarks/bench_bid_lift.py play --deals 600 --think-ms 25 \\
        --jobs 2 --out runs/bid-cf.jsonl
    .venv/bin/python benchmarks/bench_bid_lift.py judge --out runs/bid-cf.jsonl \\
        --variants base=0:0,nil=0:0.3,flat=0.3:0.3 --worlds 200

The expert judges each bid by playing every sampled world out once with the
goal-aware policy.  A *variant* ``NAME=L:N`` allows, in each world, a chance
``L`` of one trick more than that play-out gives the seat (``bid_lift``), and
``N`` for a bid of nothing (``nil_lift``).  Plain head-to-head runs are too
noisy to fit them (0.7 points of interval over 240 deals), so both designs
compare the variants on the same deals against the same IS-MCTS seeds, in
``oh_hell(players=4,num_tricks_fixed=10)`` with our expert in one seat (it goes
round with the deal) and three IS-MCTS bots of ``--sims`` simulations:

*ab*: the IS-MCTS seats before ours bid; then every variant chooses the seat's
bid, thinking ``--think-ms``; where they differ, each distinct bid is played
out (our expert playing the cards for the bid it holds: ``--play expert``, the
expert as it is, or ``pimc``, the PIMC expert the lifts were fitted with).
Printed: each variant's mean score a deal less the first variant's (0 where
they bid the same), its 95% interval, and in how many deals they differed.
In this design a variant may also be the expert as it is with settings of its
``ExpertConfig`` (or ``think_ms``) changed, ``NAME=SETTING:VALUE/SETTING:VALUE``
(``base=`` changes none; e.g. ``wide=think_ms:400``, ``c=ucb_c:1``), or ``NAME=ismcts``,
OpenSpiel's IS-MCTS bidding with ``--sims`` simulations.

*play* / *judge*: every deal is played three times from the same cards: with
the bid the expert chooses (the first variant) and with one trick fewer and
one more forced where the rules allow.  A row holds the OpenSpiel history at
the seat's bid and the seat's tricks and score under each bid played.  *judge*
then has each variant bid again from every recorded position on ``--worlds``
worlds (the same worlds for every variant) and reads what its bid scored; a
bid outside the three played counts as the bid played (unknown: 0).
"""

from __future__ import annotations

import argparse
import functools
import json
import multiprocessing
import random
import sys
from collections import Counter
from collections.abc import Callable
from typing import Any

import pyspiel
from bench_vs_ismcts import GAME_TEXT, _number, dealt, ismcts, ismcts_seeds, mean_ci, our_player

from stickspel.bots import Turn
from stickspel.bots.expert import ExpertBot, ExpertConfig
from stickspel.games.plump.rules import BID_BASE
from stickspel.interop.openspiel import OS_BID_BASE, plump_state
from stickspel.simulate import game_seed

#: A variant: the goal-aware bid model's lifts, ``(bid_lift, nil_lift)``; the
#: expert as it is with settings changed, ``("set", ((name, value), …))``; or
#: ``("ismcts",)``, OpenSpiel's IS-MCTS.
Variant = tuple[Any, ...]
Variants = dict[str, Variant]
PIMC = (0.0, 0.0)  # the PIMC expert, no lift: the card play the lifts were fitted with
EXPERT: Variant = ("set", ())  # the expert as it is


def parse_variants(text: str) -> Variants:
    """``base=0:0,nil=0:0.3`` → ``{"base": (0.0, 0.0), "nil": (0.0, 0.3)}``;
    ``base=,wide=think_ms:400/ucb_c:1`` → settings of the expert as it is
    (its :class:`~stickspel.bots.expert.ExpertConfig`'s and ``think_ms``);
    ``is=ismcts`` → OpenSpiel's IS-MCTS."""
    out: Variants = {}
    for item in text.split(","):
        name, _, spec = item.partition("=")
        if spec == "ismcts":
            out[name] = ("ismcts",)
        elif spec and not isinstance(_number(spec.partition(":")[0]), str):  # L:N
            lift, _, nil = spec.partition(":")
            out[name] = (float(lift), float(nil or lift))
        else:
            pairs = [pair.partition(":") for pair in spec.split("/") if pair]
            out[name] = ("set", tuple((key, _number(value)) for key, _, value in pairs))
    return out


def _ours(game: Any, k: int, args: argparse.Namespace, variant: Variant) -> Any:
    """The seat's player for ``variant`` in deal ``k``."""
    if variant[0] == "ismcts":
        return ismcts(game, args.sims, game_seed(args.seed, k, "isbid") % (2**31))
    seed = game_seed(args.seed, k, "ours")
    if variant[0] == "set":
        return our_player(game, "expert", seed, args.think_ms, variant[1])
    lift, nil = variant
    # the lifts belong to the goal-aware bid model, fitted with PIMC's card play
    settings = {"bid_lift": lift, "nil_lift": nil, "bids": "aware", "cards": "pimc"}
    return our_player(game, "expert", seed, args.think_ms, list(settings.items()))


def _at_bid(game: Any, k: int, args: argparse.Namespace) -> tuple[Any, list[int]]:
    """Deal ``k`` up to the seat's bid (the IS-MCTS seats before it have bid), and
    the IS-MCTS seeds of the four seats."""
    seat = k % 4
    seeds = ismcts_seeds(args.seed, k)
    state = dealt(game, game_seed(args.seed, k))
    while state.current_player() != seat:
        state.apply_action(ismcts(game, args.sims, seeds[state.current_player()]).step(state))
    return state, seeds


def _finish(
    game: Any, state: Any, k: int, args: argparse.Namespace, seeds: list[int], bid: int
) -> tuple[int, float] | None:
    """The seat's tricks and score with ``bid`` played from the seat's bid on
    (``None`` where the rules forbid it)."""
    seat = k % 4
    if OS_BID_BASE + bid not in state.legal_actions():
        return None
    players: list[Any] = [ismcts(game, args.sims, seeds[s]) for s in range(4)]
    players[seat] = _ours(game, k, args, PIMC if args.play == "pimc" else EXPERT)
    state = state.clone()
    state.apply_action(OS_BID_BASE + bid)
    while not state.is_terminal():
        state.apply_action(players[state.current_player()].step(state))
    return plump_state(state).deal_results[-1]["tricks"][seat], state.returns()[seat]


def ab_deal(k: int, args: argparse.Namespace) -> dict[str, Any]:
    game = pyspiel.load_game(GAME_TEXT)
    state, seeds = _at_bid(game, k, args)
    variants = parse_variants(args.variants)
    choice = {
        name: _ours(game, k, args, lifts).step(state) - OS_BID_BASE
        for name, lifts in variants.items()
    }
    played: dict[int, Any] = {}
    if len(set(choice.values())) > 1:
        played = {b: _finish(game, state, k, args, seeds, b) for b in set(choice.values())}
    return {"deal": k, "choice": choice, "played": played}


def play_deal(k: int, args: argparse.Namespace) -> dict[str, Any]:
    game = pyspiel.load_game(GAME_TEXT)
    state, seeds = _at_bid(game, k, args)
    first = next(iter(parse_variants(args.variants).values()))
    bid = _ours(game, k, args, first).step(state) - OS_BID_BASE
    played = {b: _finish(game, state, k, args, seeds, b) for b in (bid - 1, bid, bid + 1)}
    return {
        "deal": k,
        "seat": k % 4,
        "history": list(state.history()),
        "bid": bid,
        "played": {b: r for b, r in played.items() if r is not None},
    }


def _rows(path: str) -> list[dict[str, Any]]:
    try:
        with open(path, encoding="utf-8") as f:
            return [json.loads(line) for line in f]
    except FileNotFoundError:
        return []


def run_deals(args: argparse.Namespace, work: Callable[..., dict[str, Any]]) -> None:
    """Deals not yet in ``--out``, played ``--jobs`` at a time, a line each."""
    done = {row["deal"] for row in _rows(args.out)}
    todo = [k for k in range(args.deals) if k not in done]
    with multiprocessing.get_context("spawn").Pool(args.jobs) as pool:
        for n, row in enumerate(pool.imap_unordered(functools.partial(work, args=args), todo)):
            with open(args.out, "a", encoding="utf-8") as f:
                f.write(json.dumps(row) + "\n")
            if (n + 1) % 100 == 0:
                print(f"{len(done) + n + 1} deals", file=sys.stderr)


def report(gains: dict[str, list[float]], moved: dict[str, Counter[str]], base: str) -> None:
    for name, xs in gains.items():
        m, ci = mean_ci(xs)
        how = ", ".join(f"{k} {v}" for k, v in sorted(moved[name].items()))
        print(f"{name} − {base}: {m:+.3f} ± {ci:.3f} points a deal ({len(xs)} deals; {how})")


def summarise_ab(args: argparse.Namespace) -> None:
    rows = _rows(args.out)
    names = list(rows[0]["choice"]) if rows else []
    gains: dict[str, list[float]] = {n: [] for n in names[1:]}
    moved: dict[str, Counter[str]] = {n: Counter() for n in names[1:]}
    for row in rows:
        base = row["choice"][names[0]]
        for name in names[1:]:
            bid = row["choice"][name]
            if bid == base:
                gains[name].append(0.0)
                continue
            gains[name].append(row["played"][str(bid)][1] - row["played"][str(base)][1])
            moved[name][f"{base}→{bid}"] += 1
    report(gains, moved, names[0] if names else "")


def rebid(row: dict[str, Any], game: Any, lifts: tuple[float, float], worlds: int) -> int:
    """The bid the expert makes with ``lifts`` from the row's position."""
    state = game.new_initial_state()
    for action in row["history"]:
        state.apply_action(action)
    ours = plump_state(state)
    # the worlds bound it, not the clock: every variant sees the same draws
    config = ExpertConfig(
        samples=worlds, bids="aware", cards="pimc", bid_lift=lifts[0], nil_lift=lifts[1]
    )
    bot = ExpertBot(seed=row["deal"], config=config)
    world = ours.sample_world(row["seat"], random.Random(row["deal"]))
    return int(bot.act(Turn.of(world))) - BID_BASE


def judge(args: argparse.Namespace) -> None:
    game = pyspiel.load_game(GAME_TEXT)
    rows = _rows(args.out)
    gains: dict[str, list[float]] = {}
    moved: dict[str, Counter[str]] = {}
    for name, lifts in parse_variants(args.variants).items():
        if lifts[0] in ("set", "ismcts"):
            sys.exit(f"judge: variant {name!r} is not a lift (L:N)")
        gains[name], moved[name] = [], Counter()
        for row in rows:
            played = {int(b): s for b, (_, s) in row["played"].items()}
            bid = rebid(row, game, lifts, args.worlds)
            step = bid - row["bid"]
            known = bid in played
            gains[name].append(played[bid] - played[row["bid"]] if known else 0.0)
            moved[name][{-1: "lower", 0: "same", 1: "higher"}[step] if known else "outside"] += 1
    report(gains, moved, "the bid played")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("mode", choices=["ab", "play", "judge"])
    ap.add_argument("--out", required=True, help="JSON lines, one a deal (resumable)")
    ap.add_argument("--deals", type=int, default=600)
    ap.add_argument("--think-ms", type=float, default=50.0)
    ap.add_argument("--sims", type=int, default=3000, help="IS-MCTS simulations a move")
    ap.add_argument("--seed", type=int, default=99)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--variants", default="base=0:0,nil=0:0.3,flat=0.3:0.3")
    ap.add_argument("--worlds", type=int, default=200, help="judge: worlds a bid")
    ap.add_argument(
        "--play", choices=["expert", "pimc"], default="expert", help="the card play after a bid"
    )
    args = ap.parse_args()
    if args.mode == "ab":
        run_deals(args, ab_deal)
        summarise_ab(args)
    elif args.mode == "play":
        run_deals(args, play_deal)
    else:
        judge(args)


if __name__ == "__main__":
    main()

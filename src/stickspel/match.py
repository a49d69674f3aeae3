"""Duplicate matches between bots: the same deals, the bots rotated round the seats.

A match plays ``deals`` boards.  Board ``k`` is one deal dealt from
``game_seed(seed, k)``; it is played once for every rotation of the bots round
the table (bot ``i`` in seat ``(i + r) % n`` in rotation ``r``), so every bot
holds every hand and luck of the cards cancels.  A bot's score on a board is
its mean deal score over the seats it held; the match reports, per bot kind,
the mean score per deal with a 95% confidence interval over boards, how often
its bids were made (Plump: each seat's bid; Priffe: the declaring side's
contract), and its time per move.  The difference of each pair of bots is
given board by board too (a paired comparison, tighter than the two intervals).

Plump's board ``k`` is dealt at size ``k``-th of the rules' schedule (10, 9 … 1
… 10 by default, as a table plays them); Priffe's and Tremanswhist's are each a
game's first deal, the dealer going round.

>>> from stickspel.games.plump import PlumpRules
>>> summary = run_match("plump", PlumpRules(players=3, max_cards=3), ["heuristic", "random"],
...                     deals=4, seed=1)
>>> summary.seats, sorted(summary.by_bot())
(['heuristic', 'random', 'heuristic'], ['heuristic', 'random'])
>>> summary.boards
4
"""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from stickspel.core import GameState, Rules, RulesError
from stickspel.core.turn import needs_worlds
from stickspel.simulate import game_seed

__all__ = ["run_match", "play_board", "MatchSummary", "BoardResult", "board_rules", "seat_kinds"]


def seat_kinds(kinds: Sequence[str], players: int) -> list[str]:
    """The bots round a table of ``players``: the list repeated as far as it goes.

    >>> seat_kinds(["expert", "heuristic"], 4)
    ['expert', 'heuristic', 'expert', 'heuristic']
    """
    if not kinds:
        raise RulesError("simulate.bot_count", bots=0, players=players)
    return [kinds[s % len(kinds)] for s in range(players)]


def board_rules(rules: Rules, k: int) -> Rules:
    """The rules board ``k`` is dealt under (:meth:`Rules.board
    <stickspel.core.rules.Rules.board>`): a single Plump deal of the ``k``-th size of
    the schedule; the other games' rules as they are."""
    return rules.board(k)


@dataclass
class BoardResult:
    """One board: per rotation, each seat's points, bid made (or ``None``), and each
    seat's decision times; the records if asked for."""

    index: int
    points: list[list[float]] = field(default_factory=list)
    made: list[list[bool | None]] = field(default_factory=list)
    times: list[list[list[float]]] = field(default_factory=list)
    records: list[dict[str, Any]] = field(default_factory=list)


class _Timed:
    """A bot whose decisions are timed."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.name = getattr(bot, "name", "bot")
        self.needs_worlds = needs_worlds(bot)  # worlds dealt only for a bot that draws them
        self.times: list[float] = []

    def act(self, turn: Any) -> int:
        start = time.perf_counter()
        action = int(self.bot.act(turn))
        self.times.append(time.perf_counter() - start)
        return action


def _made(state: GameState, seat: int) -> bool | None:
    """Whether ``seat``'s bid (Plump) or its side's contract (Priffe) was made."""
    result = state.deal_results[-1]  # type: ignore[attr-defined]
    if "bids" in result:
        return bool(result["made"][seat])
    if "declarers" in result and seat in result["declarers"]:
        made = result.get("made")
        return None if made is None else bool(made)
    return None


def play_board(
    game: str,
    rules: Rules,
    kinds: Sequence[str],
    seed: int,
    k: int,
    think_ms: float | None = None,
    keep_records: bool = False,
) -> BoardResult:
    """Board ``k`` of a match with ``seed``: its deal played once per rotation."""
    from stickspel.bots import make_bot
    from stickspel.core.cards import make_rng
    from stickspel.games import game_spec
    from stickspel.table import play_deal

    spec = game_spec(game)
    rules = board_rules(rules, k)
    n = len(kinds)
    deal = spec.state(rules).sample_deal(make_rng(game_seed(seed, k)))  # type: ignore[call-arg]
    out = BoardResult(k)
    for r in range(n):
        state = spec.state(rules, first_dealer=k % n)  # type: ignore[call-arg]
        state.apply_deal(deal)
        at_seat = [kinds[(s - r) % n] for s in range(n)]
        bots = [
            _Timed(make_bot(game, kind, seed=game_seed(seed, k * n + s, "bot"), think_ms=think_ms))
            for s, kind in enumerate(at_seat)
        ]
        play_deal(state, bots)
        result = state.deal_results[-1]  # type: ignore[attr-defined]
        out.points.append([float(x) for x in result["points"]])
        out.made.append([_made(state, s) for s in range(n)])
        out.times.append([b.times for b in bots])
        if keep_records:
            names = [f"{kind}-{s + 1}" for s, kind in enumerate(at_seat)]
            out.records.append(state.to_record(names))
    return out


def _mean_ci(xs: Sequence[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95% confidence interval (normal)."""
    if not xs:
        return 0.0, 0.0
    mean = statistics.fmean(xs)
    if len(xs) < 2:
        return mean, math.inf
    return mean, 1.96 * statistics.stdev(xs) / math.sqrt(len(xs))


@dataclass
class MatchSummary:
    """What a match came to; see the module's text."""

    game: str
    rules: Rules
    seats: list[str]
    seed: int
    think_ms: float | None = None
    results: list[BoardResult] = field(default_factory=list)
    seconds: float = 0.0
    record_dir: str | None = None

    @property
    def boards(self) -> int:
        return len(self.results)

    def kinds(self) -> list[str]:
        return list(dict.fromkeys(self.seats))

    def board_scores(self, kind: str) -> list[float]:
        """Per board: the mean deal score of ``kind`` over every seat it held."""
        n = len(self.seats)
        scores = []
        for b in self.results:
            got = [
                pts[s]
                for r, pts in enumerate(b.points)
                for s in range(n)
                if self.seats[(s - r) % n] == kind
            ]
            scores.append(statistics.fmean(got))
        return scores

    def by_bot(self) -> dict[str, dict[str, Any]]:
        n = len(self.seats)
        out: dict[str, dict[str, Any]] = {}
        for kind in self.kinds():
            made: list[bool] = []
            times: list[float] = []
            for b in self.results:
                for r in range(len(b.points)):
                    for s in range(n):
                        if self.seats[(s - r) % n] != kind:
                            continue
                        if b.made[r][s] is not None:
                            made.append(bool(b.made[r][s]))
                        times.extend(b.times[r][s])
            mean, ci = _mean_ci(self.board_scores(kind))
            out[kind] = {
                "mean": round(mean, 3),
                "ci95": round(ci, 3),
                "made_rate": round(sum(made) / len(made), 4) if made else None,
                "moves": len(times),
                "ms_per_move": round(1000 * statistics.fmean(times), 3) if times else None,
                "median_ms_per_move": round(1000 * statistics.median(times), 3) if times else None,
            }
        return out

    def differences(self) -> dict[str, dict[str, float]]:
        """Each pair of bots (in the order given): the first's score less the
        second's, board by board, with a 95% interval."""
        kinds = self.kinds()
        scores = {kind: self.board_scores(kind) for kind in kinds}
        out = {}
        for i, a in enumerate(kinds):
            for b in kinds[i + 1 :]:
                diff = [x - y for x, y in zip(scores[a], scores[b], strict=True)]
                mean, ci = _mean_ci(diff)
                out[f"{a} - {b}"] = {"mean": round(mean, 3), "ci95": round(ci, 3)}
        return out

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "rules": self.rules.to_text(),
            "seats": list(self.seats),
            "deals": self.boards,
            "plays": sum(len(b.points) for b in self.results),
            "seed": self.seed,
            "think_ms": self.think_ms,
            "by_bot": self.by_bot(),
            "differences": self.differences(),
            "seconds": round(self.seconds, 3),
            "record_dir": self.record_dir,
        }


def _board_job(args: tuple[Any, ...]) -> BoardResult:
    return play_board(*args)


def run_match(
    game: str,
    rules: Rules,
    kinds: Sequence[str],
    deals: int,
    seed: int,
    *,
    jobs: int = 1,
    think_ms: float | None = None,
    record_dir: str | Path | None = None,
    on_board: Callable[[BoardResult], None] | None = None,
) -> MatchSummary:
    """Play a duplicate match of ``deals`` boards (see the module's text); with
    ``record_dir`` each play of a board is written there as ``board-0001-r1.json``."""
    from stickspel.games import game_spec
    from stickspel.records import write_record

    if deals < 0:
        raise RulesError("simulate.games_negative", games=deals)
    n = game_spec(game).state(rules).num_players  # type: ignore[call-arg]
    seats = seat_kinds(list(kinds), n)
    for kind in dict.fromkeys(seats):  # an unknown kind is refused before any play
        from stickspel.bots import make_bot

        make_bot(game, kind, think_ms=think_ms)
    summary = MatchSummary(game, rules, seats, seed, think_ms)
    keep = record_dir is not None
    if keep:
        summary.record_dir = str(record_dir)
        Path(record_dir).mkdir(parents=True, exist_ok=True)  # type: ignore[arg-type]
    tasks = [(game, rules, seats, seed, k, think_ms, keep) for k in range(deals)]
    start = time.perf_counter()

    def take(result: BoardResult) -> None:
        summary.results.append(result)
        for r, record in enumerate(result.records):
            name = f"board-{result.index + 1:04d}-r{r + 1}.json"
            write_record(record, Path(record_dir) / name)  # type: ignore[arg-type]
        result.records = []
        if on_board is not None:
            on_board(result)

    if jobs <= 1:
        for t in tasks:
            take(_board_job(t))
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            for result in pool.map(_board_job, tasks):
                take(result)
    summary.results.sort(key=lambda b: b.index)
    summary.seconds = time.perf_counter() - start
    return summary

"""Tournaments between bots: duplicate boards, ratings with intervals, stopping
by confidence interval or SPRT, any executor.

A tournament is a set of *pairings* (every two bots in a round robin; the first
bot against each other in a gauntlet).  A pairing is a duplicate match
(:mod:`stickspel.match`): board ``k`` is one deal, played once for every
rotation of the two bots round the table, and the pairing's score on a board is
the first bot's mean deal score less the second's.

Work is split into **jobs**, one board of one pairing each, seeded by the
tournament's seed, the pairing and the board alone.  Jobs go out in rounds of
``batch`` boards per pairing that is still running; a pairing stops when its
95% interval excludes zero (``stop = "ci"``), when its SPRT decides
(``stop = "sprt"``), or at ``boards``.  Because stopping is decided only on
whole rounds, the results are the same whichever executor ran the jobs — local
processes (:class:`LocalExecutor`) or a Ray cluster (:class:`RayExecutor`) —
given bots whose choices depend only on their seed (those with a time budget
do not: give them fixed samples for reproducible tournaments).

Ratings are Bradley–Terry on the boards (a board is won by the bot that scored
more on it, halved when equal), on the Elo scale with the first bot at 0, with
95% intervals from a seeded bootstrap over boards.

>>> config = TournamentConfig.from_dict({"game": "plump", "rules": "plump(players=3,max_cards=2)",
...     "bots": ["heuristic", "random"], "boards": 6, "batch": 3, "seed": 1, "stop": "none"})
>>> result = run_tournament(config)
>>> [p["boards"] for p in result.pairings]
[6]
"""

from __future__ import annotations

import math
import random
import statistics
import tomllib
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from itertools import combinations
from pathlib import Path
from typing import Any, Protocol

from stickspel.core import Rules, RulesError
from stickspel.match import BoardResult, MatchSummary, play_board, seat_kinds
from stickspel.simulate import game_seed

__all__ = [
    "TournamentConfig",
    "TournamentResult",
    "Job",
    "LocalExecutor",
    "RayExecutor",
    "run_tournament",
    "bradley_terry",
    "sprt_llr",
]

#: The most a config file may hold (it is read whole).
MAX_CONFIG_BYTES = 64 * 1024
FORMATS = ("round_robin", "gauntlet")
STOPS = ("ci", "sprt", "none")


# --- configuration ---------------------------------------------------------------------
@dataclass(frozen=True)
class TournamentConfig:
    """What to play; see the module's text.  Built from a TOML or JSON file by
    :meth:`load`, every field checked with an error naming it."""

    game: str
    rules: Rules
    bots: tuple[str, ...]
    format: str = "round_robin"
    boards: int = 200
    batch: int = 20
    seed: int = 1
    think_ms: float | None = None
    stop: str = "ci"
    elo0: float = 0.0
    elo1: float = 30.0
    alpha: float = 0.05
    beta: float = 0.05

    @classmethod
    def load(cls, path: Path) -> TournamentConfig:
        """Read a config file (``.toml`` or ``.json``); a bad one is a :class:`RulesError`."""
        from stickspel.records.errors import RecordError
        from stickspel.records.io import parse_record_text

        try:
            raw = path.read_bytes()
        except OSError as e:
            raise RulesError("tournament.unreadable", path=str(path), error=e.strerror) from None
        if len(raw) > MAX_CONFIG_BYTES:
            raise RulesError("tournament.too_big", path=str(path), most=MAX_CONFIG_BYTES)
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as e:
            raise RulesError("tournament.not_utf8", path=str(path), at=e.start) from None
        if path.suffix.lower() == ".json":
            try:  # the records' reader: sizes, depth, numbers and keys checked
                data = parse_record_text(text)
            except RecordError as e:
                raise RulesError("tournament.bad_json", path=str(path), error=str(e)) from None
        else:
            try:
                data = tomllib.loads(text)
            except tomllib.TOMLDecodeError as e:
                raise RulesError("tournament.bad_toml", path=str(path), error=str(e)) from None
        if not isinstance(data, dict):
            raise RulesError("tournament.not_table", path=str(path))
        return cls.from_dict(data)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> TournamentConfig:
        from stickspel.bots import make_bot
        from stickspel.games import load_game

        known = set(cls.__dataclass_fields__)
        for key in data:
            if key not in known:
                raise RulesError("tournament.unknown_key", key=repr(key), keys=", ".join(known))
        game_text = _field(data, "rules", str, _field(data, "game", str, None))
        if game_text is None:
            raise RulesError("tournament.missing", key="game")
        game = load_game(game_text)
        bots = _field(data, "bots", list, None)
        if not bots or not all(isinstance(b, str) for b in bots) or len(bots) < 2:
            raise RulesError("tournament.bots")
        if len(set(bots)) != len(bots):
            raise RulesError("tournament.bots_twice")
        think_ms = _field(data, "think_ms", (int, float), None)
        for kind in bots:  # an unknown kind is refused before anything is played
            make_bot(game.name, kind, think_ms=think_ms)
        config = cls(
            game=game.name,
            rules=game.rules,
            bots=tuple(bots),
            format=_choice(data, "format", FORMATS, "round_robin"),
            boards=_whole(data, "boards", 200, 1, 1_000_000),
            batch=_whole(data, "batch", 20, 1, 10_000),
            seed=_whole(data, "seed", 1, 0, 2**62),
            think_ms=None if think_ms is None else float(think_ms),
            stop=_choice(data, "stop", STOPS, "ci"),
            elo0=float(_field(data, "elo0", (int, float), 0.0)),
            elo1=float(_field(data, "elo1", (int, float), 30.0)),
            alpha=float(_field(data, "alpha", (int, float), 0.05)),
            beta=float(_field(data, "beta", (int, float), 0.05)),
        )
        if not 0 < config.alpha < 1 or not 0 < config.beta < 1 or config.elo0 >= config.elo1:
            raise RulesError("tournament.sprt")
        return config

    def pairings(self) -> list[tuple[str, str]]:
        if self.format == "gauntlet":
            return [(self.bots[0], other) for other in self.bots[1:]]
        return list(combinations(self.bots, 2))

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "rules": self.rules.to_text(),
            "bots": list(self.bots),
            "format": self.format,
            "boards": self.boards,
            "batch": self.batch,
            "seed": self.seed,
            "think_ms": self.think_ms,
            "stop": self.stop,
            "sprt": {"elo0": self.elo0, "elo1": self.elo1, "alpha": self.alpha, "beta": self.beta},
        }


def _field(data: dict[str, Any], key: str, types: Any, default: Any) -> Any:
    if key not in data:
        return default
    value = data[key]
    if isinstance(value, bool) or not isinstance(value, types):
        raise RulesError("tournament.wrong_type", key=key, value=repr(value)[:40])
    return value


def _whole(data: dict[str, Any], key: str, default: int, low: int, high: int) -> int:
    value = _field(data, key, int, default)
    if not low <= value <= high:
        raise RulesError("tournament.out_of_range", key=key, value=value, low=low, high=high)
    return int(value)


def _choice(data: dict[str, Any], key: str, choices: Sequence[str], default: str) -> str:
    value = _field(data, key, str, default)
    if value not in choices:
        raise RulesError(
            "rules.not_choice", name=key, value=repr(value), allowed=", ".join(choices)
        )
    return str(value)


# --- jobs and executors ----------------------------------------------------------------
@dataclass(frozen=True)
class Job:
    """One board of one pairing: everything a worker needs, nothing it must share."""

    pairing: int
    board: int
    game: str
    rules: Rules
    kinds: tuple[str, ...]
    seed: int
    think_ms: float | None

    def run(self) -> BoardResult:
        return play_board(self.game, self.rules, self.kinds, self.seed, self.board, self.think_ms)


def _run_job(job: Job) -> BoardResult:
    return job.run()


class Executor(Protocol):
    name: str

    def map(self, jobs: Sequence[Job]) -> list[BoardResult]:
        """Run ``jobs``; the results in the jobs' order."""
        ...


class LocalExecutor:
    """Local processes (``workers`` of them; 1 runs in this process)."""

    name = "local"

    def __init__(self, workers: int = 1) -> None:
        self.workers = max(1, workers)
        self._pool: ProcessPoolExecutor | None = None

    def map(self, jobs: Sequence[Job]) -> list[BoardResult]:
        if self.workers == 1:
            return [job.run() for job in jobs]
        if self._pool is None:
            self._pool = ProcessPoolExecutor(max_workers=self.workers)
        return list(self._pool.map(_run_job, jobs))

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown()


class RayExecutor:
    """A Ray cluster at ``address`` (``"auto"``, ``ray://host:10001`` or a head's
    ``host:port``; ``"local"`` starts a one-machine cluster on loopback); each job
    is one Ray task."""

    name = "ray"

    def __init__(self, address: str, workers: int | None = None) -> None:
        try:
            import ray
        except ImportError:
            raise RulesError("tournament.no_ray") from None
        self.ray = ray
        if not ray.is_initialized():
            quiet: dict[str, Any] = {"log_to_driver": False, "include_dashboard": False}
            if address == "local":
                ray.init(num_cpus=workers, _node_ip_address="127.0.0.1", **quiet)
            else:
                _check_reachable(address)
                try:
                    ray.init(address=address, **quiet)
                except (ConnectionError, RuntimeError, ValueError) as e:
                    raise RulesError(
                        "tournament.ray_unreachable", address=address, error=str(e)[:200]
                    ) from None
        self._task = ray.remote(_run_job)

    def map(self, jobs: Sequence[Job]) -> list[BoardResult]:
        return list(self.ray.get([self._task.remote(job) for job in jobs]))

    def close(self) -> None:
        self.ray.shutdown()


def _check_reachable(address: str) -> None:
    """Refuse a ``host:port`` (or ``ray://host:port``) address that does not answer
    within 5 s: Ray itself would retry for minutes before giving up."""
    import socket

    hostport = address.removeprefix("ray://")
    host, _, port = hostport.rpartition(":")
    if not host or not port.isascii() or not port.isdigit():
        return  # "auto" and other forms are Ray's to resolve
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=5).close()
    except (OSError, ValueError) as e:
        raise RulesError("tournament.ray_unreachable", address=address, error=str(e)) from None


# --- statistics ------------------------------------------------------------------------
def _mean_ci(xs: Sequence[float]) -> tuple[float, float]:
    mean = statistics.fmean(xs) if xs else 0.0
    if len(xs) < 2:
        return mean, math.inf
    return mean, 1.96 * statistics.stdev(xs) / math.sqrt(len(xs))


def _expected(elo: float) -> float:
    return 1.0 / (1.0 + math.pow(10.0, -elo / 400.0))


def sprt_llr(wins: float, draws: float, losses: float, elo0: float, elo1: float) -> float:
    """The log-likelihood ratio of H1 (``elo1``) against H0 (``elo0``) for board
    results won/drawn/lost, by the normal approximation to the trinomial GSPRT
    (as chess engine testing uses it).

    >>> round(sprt_llr(60, 10, 30, 0, 30), 2) > 0, round(sprt_llr(30, 10, 60, 0, 30), 2) < 0
    (True, True)
    """
    n = wins + draws + losses
    if n == 0 or wins + draws / 2 in (0, n):
        return 0.0 if n == 0 else (math.inf if wins + draws / 2 == n else -math.inf)
    score = (wins + draws / 2) / n
    var = (wins * (1 - score) ** 2 + draws * (0.5 - score) ** 2 + losses * score**2) / n
    if var <= 0:
        return 0.0
    s0, s1 = _expected(elo0), _expected(elo1)
    return (s1 - s0) * (2 * score - s0 - s1) * n / (2 * var)


def bradley_terry(
    bots: Sequence[str], outcomes: Iterable[tuple[str, str, float]], iterations: int = 200
) -> dict[str, float]:
    """Elo-scale Bradley–Terry ratings (the first bot at 0) from ``(a, b, score of a)``
    outcomes (1 a win, 0.5 a draw, 0 a loss), by the MM algorithm; a bot with no
    win or no loss is kept finite by half a draw against every opponent.

    >>> r = bradley_terry(["a", "b"], [("a", "b", 1.0)] * 3 + [("a", "b", 0.0)])
    >>> r["a"], round(r["b"])
    (0.0, -166)
    """
    wins = {b: 0.0 for b in bots}
    games: dict[tuple[str, str], float] = {}
    for a, b, s in outcomes:
        wins[a] += s
        wins[b] += 1 - s
        key = (a, b) if a < b else (b, a)
        games[key] = games.get(key, 0.0) + 1
    for a, b in list(games):  # the prior: half a draw each way
        wins[a] += 0.25
        wins[b] += 0.25
        games[(a, b)] += 0.5
    strength = dict.fromkeys(bots, 1.0)
    for _ in range(iterations):
        new = {}
        for bot in bots:
            denom = sum(
                n / (strength[a] + strength[b]) for (a, b), n in games.items() if bot in (a, b)
            )
            new[bot] = wins[bot] / denom if denom else strength[bot]
        total = sum(new.values())
        strength = {b: v * len(bots) / total for b, v in new.items()}
    base = strength[bots[0]]
    return {b: 400.0 * math.log10(strength[b] / base) for b in bots}


# --- the tournament --------------------------------------------------------------------
@dataclass
class Pairing:
    """A pairing's boards so far (its duplicate match) and whether it has stopped."""

    index: int
    a: str
    b: str
    match: MatchSummary
    stopped: str | None = None

    def differences(self) -> list[float]:
        first = self.match.board_scores(self.a)
        return [x - y for x, y in zip(first, self.match.board_scores(self.b), strict=True)]

    def wdl(self) -> tuple[int, int, int]:
        d = self.differences()
        return sum(x > 0 for x in d), sum(x == 0 for x in d), sum(x < 0 for x in d)


@dataclass
class TournamentResult:
    config: TournamentConfig
    executor: str
    pairings: list[dict[str, Any]] = field(default_factory=list)
    ratings: dict[str, dict[str, float]] = field(default_factory=dict)
    by_bot: dict[str, dict[str, Any]] = field(default_factory=dict)
    board_differences: dict[str, list[float]] = field(default_factory=dict)
    timing: dict[str, dict[str, float | None]] = field(default_factory=dict)
    seconds: float = 0.0

    def to_dict(self, timing: bool = False) -> dict[str, Any]:
        """The results; with ``timing`` also the time per move and the run's seconds,
        the only things that differ between two runs of the same seed."""
        extra = {"ms_per_move": self.timing, "seconds": round(self.seconds, 3)} if timing else {}
        return {
            "format": "stickspel-tournament/1",
            "config": self.config.to_dict(),
            "executor": self.executor,
            "pairings": self.pairings,
            "ratings": self.ratings,
            "by_bot": self.by_bot,
            "board_differences": self.board_differences,
            **extra,
        }


def _decide(pairing: Pairing, config: TournamentConfig) -> str | None:
    boards = pairing.match.boards
    # an interval looked at after every round is too eager on few boards: 30 at least
    if config.stop == "ci" and boards >= min(config.boards, max(30, 2 * config.batch)):
        mean, ci = _mean_ci(pairing.differences())
        if abs(mean) > ci:
            return "ci"
    if config.stop == "sprt":
        llr = sprt_llr(*pairing.wdl(), config.elo0, config.elo1)
        if llr >= math.log((1 - config.beta) / config.alpha):
            return "sprt_h1"
        if llr <= math.log(config.beta / (1 - config.alpha)):
            return "sprt_h0"
    if boards >= config.boards:
        return "boards"
    return None


def _pairing_seed(config: TournamentConfig, index: int) -> int:
    return game_seed(config.seed, index, "pairing")


def run_tournament(
    config: TournamentConfig,
    executor: Executor | None = None,
    on_round: Callable[[int, int], None] | None = None,
) -> TournamentResult:
    """Play ``config`` on ``executor`` (local, in this process, by default);
    ``on_round(boards done, boards at most)`` after each round."""
    import time

    executor = executor or LocalExecutor(1)
    n = _num_players(config)
    pairings = []
    for i, (a, b) in enumerate(config.pairings()):
        seats = seat_kinds([a, b], n)
        summary = MatchSummary(config.game, config.rules, seats, _pairing_seed(config, i))
        pairings.append(Pairing(i, a, b, summary))
    start = time.perf_counter()
    most = config.boards * len(pairings)
    while True:
        live = [p for p in pairings if p.stopped is None]
        if not live:
            break
        jobs = [
            Job(
                p.index,
                k,
                config.game,
                config.rules,
                tuple(p.match.seats),
                p.match.seed,
                config.think_ms,
            )
            for p in live
            for k in range(p.match.boards, min(p.match.boards + config.batch, config.boards))
        ]
        for job, result in zip(jobs, executor.map(jobs), strict=True):
            pairings[job.pairing].match.results.append(result)
        for p in live:
            p.stopped = _decide(p, config)
        if on_round is not None:
            on_round(sum(p.match.boards for p in pairings), most)
    return _summarise(config, executor.name, pairings, time.perf_counter() - start)


def _num_players(config: TournamentConfig) -> int:
    from stickspel.games import game_spec

    return int(game_spec(config.game).state(config.rules).num_players)  # type: ignore[call-arg]


def _summarise(
    config: TournamentConfig, executor: str, pairings: list[Pairing], seconds: float
) -> TournamentResult:
    result = TournamentResult(config, executor, seconds=seconds)
    outcomes: list[tuple[str, str, float]] = []
    for p in pairings:
        diffs = p.differences()
        mean, ci = _mean_ci(diffs)
        w, d, lo = p.wdl()
        result.pairings.append(
            {
                "a": p.a,
                "b": p.b,
                "boards": p.match.boards,
                "stopped": p.stopped,
                "difference": round(mean, 4),
                "ci95": round(ci, 4) if math.isfinite(ci) else None,
                "wins": w,
                "draws": d,
                "losses": lo,
                "llr": round(sprt_llr(w, d, lo, config.elo0, config.elo1), 4),
                "by_bot": {k: _untimed(v) for k, v in p.match.by_bot().items()},
            }
        )
        result.timing[f"{p.a} - {p.b}"] = {k: v["ms_per_move"] for k, v in p.match.by_bot().items()}
        result.board_differences[f"{p.a} - {p.b}"] = [round(x, 4) for x in diffs]
        outcomes += [(p.a, p.b, 1.0 if x > 0 else 0.5 if x == 0 else 0.0) for x in diffs]
    result.ratings = _ratings(config, pairings, outcomes)
    result.by_bot = _by_bot(config, pairings)
    return result


def _untimed(row: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in row.items() if "ms" not in k}


def _ratings(
    config: TournamentConfig, pairings: list[Pairing], outcomes: list[tuple[str, str, float]]
) -> dict[str, dict[str, float]]:
    bots = list(config.bots)
    point = bradley_terry(bots, outcomes)
    rng = random.Random(game_seed(config.seed, 0, "bootstrap"))
    by_pairing = [
        [(p.a, p.b, 1.0 if x > 0 else 0.5 if x == 0 else 0.0) for x in p.differences()]
        for p in pairings
    ]
    samples: dict[str, list[float]] = {b: [] for b in bots}
    for _ in range(200):
        resampled = [o for games in by_pairing for o in rng.choices(games, k=len(games))]
        for b, r in bradley_terry(bots, resampled, iterations=60).items():
            samples[b].append(r)
    out = {}
    for b in bots:
        xs = sorted(samples[b])
        out[b] = {
            "elo": round(point[b], 1),
            "low": round(xs[int(0.025 * len(xs))], 1),
            "high": round(xs[int(0.975 * len(xs)) - 1], 1),
        }
    return out


def _by_bot(config: TournamentConfig, pairings: list[Pairing]) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for bot in config.bots:
        scores = [s for p in pairings if bot in (p.a, p.b) for s in p.match.board_scores(bot)]
        mean, ci = _mean_ci(scores)
        out[bot] = {
            "boards": len(scores),
            "mean": round(mean, 4),
            "ci95": round(ci, 4) if math.isfinite(ci) else None,
            "scores": [round(s, 4) for s in scores],
        }
    return out

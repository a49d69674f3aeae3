"""Bots play many seeded games: records, scores and a summary.

Generic over the games registry, used by ``stickspel simulate`` and by research
tools.  Game ``k`` of a run with seed ``S`` is dealt from :func:`game_seed`
``(S, k)``, so any single game can be played again on its own.

>>> from stickspel.games.plump import PlumpRules
>>> summary = simulate("plump", PlumpRules(players=3, max_cards=3), ["heuristic", "random", "random"],
...                    games=4, seed=7)
>>> summary.games, [seat["bot"] for seat in summary.to_dict()["seats"]]
(4, ['heuristic', 'random', 'random'])
>>> simulate("plump", PlumpRules(players=3, max_cards=3), ["heuristic"] * 3, games=4, seed=7).totals == \\
...     simulate("plump", PlumpRules(players=3, max_cards=3), ["heuristic"] * 3, games=4, seed=7).totals
True
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from stickspel.core import GameState, Rules, RulesError

__all__ = [
    "game_seed",
    "parse_bots",
    "play_game",
    "simulate",
    "SimulationSummary",
    "record_name",
]


def game_seed(seed: int, index: int, salt: str = "game") -> int:
    """A 63-bit seed for game ``index`` (or a bot, with another ``salt``) of run ``seed``.

    >>> game_seed(1, 0) == game_seed(1, 0), game_seed(1, 0) == game_seed(1, 1)
    (True, False)
    """
    digest = hashlib.sha256(f"stickspel:{salt}:{seed}:{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def record_name(index: int) -> str:
    """The file name of game ``index`` (0-based) of a run: ``game-0001.json`` for the first."""
    return f"game-{index + 1:04d}.json"


def parse_bots(game: str, text: str | Sequence[str], players: int) -> list[str]:
    """Bot kinds per seat from ``"heuristic"`` (every seat) or one per seat.

    >>> parse_bots("plump", "heuristic,random,heuristic", 3)
    ['heuristic', 'random', 'heuristic']
    >>> parse_bots("plump", "random", 2)
    ['random', 'random']
    >>> parse_bots("plump", "clever", 2)
    Traceback (most recent call last):
    ...
    stickspel.core.errors.RulesError: no bot 'clever' for plump; bots: random, heuristic, beginner, intermediate, expert
    """
    from stickspel.bots import bot_names

    kinds = [k.strip() for k in text.split(",")] if isinstance(text, str) else list(text)
    kinds = [k for k in kinds if k]
    known = bot_names(game)
    for k in kinds:
        if k not in known:
            raise RulesError("bots.no_such_bot", kind=k, game=game, bots=", ".join(known))
    if len(kinds) == 1:
        return kinds * players
    if len(kinds) != players:
        raise RulesError("simulate.bots_per_seat", bots=len(kinds), players=players)
    return kinds


def play_game(
    game: str,
    rules: Rules,
    bots: Sequence[str],
    seed: int,
    stop_after: int | None = None,
    think_ms: float | None = None,
) -> GameState:
    """One whole game with ``bots`` (kinds, one per seat), dealt from ``seed``;
    ``think_ms`` is the levels' time per decision (their default when ``None``).

    The first dealer is drawn from the same generator, as a table draws for it.
    A game its rules leave open-ended (Tremanswhist's main game without
    ``max_deals``) is stopped after ``stop_after`` deals (default
    :data:`SIMULATION_DEAL_CAP`): it ends unfinished, without a winner
    (:func:`stopped`), and its rules stay the game's own.
    """
    from stickspel.bots import make_bot
    from stickspel.core.cards import make_rng
    from stickspel.games import game_spec
    from stickspel.table import play_out

    spec = game_spec(game)
    rng = make_rng(seed)
    probe = spec.state(rules)  # type: ignore[call-arg]
    first_dealer = rng.randrange(probe.num_players)
    state = spec.state(rules, first_dealer=first_dealer)  # type: ignore[call-arg]
    if len(bots) != state.num_players:
        raise RulesError("simulate.bot_count", bots=len(bots), players=state.num_players)
    players = [
        make_bot(game, kind, seed=game_seed(seed, seat, "bot"), think_ms=think_ms)
        for seat, kind in enumerate(bots)
    ]
    play_out(state, players, rng, deal_cap(rules, stop_after))
    return state


def deal_cap(rules: Rules, stop_after: int | None = None) -> int | None:
    """After how many deals a simulated game under ``rules`` is stopped: only a game
    that may never end (an open ``max_deals`` option) has a cap."""
    options = rules.to_dict()
    if "max_deals" in options and options["max_deals"] is None:
        return stop_after if stop_after is not None else SIMULATION_DEAL_CAP
    return None


def stopped(state: GameState) -> dict[str, Any] | None:
    """Why a simulated game ended without a result (``{"reason": "deal_cap", "deals": 100}``),
    or None for a game that was played to its end."""
    if state.is_terminal():
        return None
    return {"reason": "deal_cap", "deals": len(state.deal_records)}


@dataclass
class SimulationSummary:
    """What a run of games came to, per seat and per bot kind."""

    game: str
    rules: Rules
    bots: list[str]
    seed: int
    games: int = 0
    totals: list[list[float]] = field(default_factory=list)
    winners: list[list[int]] = field(default_factory=list)
    seconds: float = 0.0
    record_dir: str | None = None
    stopped: int = 0  # games stopped at the deal cap: counted, but nobody won them
    stop_after: int | None = None

    @property
    def players(self) -> int:
        return len(self.bots)

    def mean_scores(self) -> list[float]:
        if not self.totals:
            return [0.0] * self.players
        return [sum(t[s] for t in self.totals) / len(self.totals) for s in range(self.players)]

    def wins(self) -> list[int]:
        """Games each seat won, a shared win counting for every seat in it."""
        return [sum(s in w for w in self.winners) for s in range(self.players)]

    def to_dict(self) -> dict[str, Any]:
        means = self.mean_scores()
        wins = self.wins()
        g = max(self.games, 1)
        seats = [
            {
                "seat": s,
                "bot": kind,
                "mean_score": round(means[s], 3),
                "wins": wins[s],
                "win_rate": round(wins[s] / g, 4),
            }
            for s, kind in enumerate(self.bots)
        ]
        by_bot: dict[str, dict[str, Any]] = {}
        for kind in dict.fromkeys(self.bots):
            mine = [s for s, k in enumerate(self.bots) if k == kind]
            by_bot[kind] = {
                "seats": mine,
                "mean_score": round(sum(means[s] for s in mine) / len(mine), 3),
                "win_rate": round(sum(wins[s] for s in mine) / (g * len(mine)), 4),
            }
        return {
            "game": self.game,
            "rules": self.rules.to_text(),
            "variant": self.rules.to_dict(),
            "players": self.players,
            "games": self.games,
            "seed": self.seed,
            "bots": list(self.bots),
            "seats": seats,
            "by_bot": by_bot,
            "seconds": round(self.seconds, 3),
            "games_per_second": round(self.games / self.seconds, 2) if self.seconds else None,
            "record_dir": self.record_dir,
            "stopped": self.stopped,
            "stop_after": self.stop_after,
        }


#: Deals after which a simulated game with an uncapped ``max_deals`` option is stopped
#: (bots can play a game that ends only when someone reaches +10 for ever).
SIMULATION_DEAL_CAP = 100


def simulate(
    game: str,
    rules: Rules,
    bots: Sequence[str],
    games: int,
    seed: int,
    record_dir: str | Path | None = None,
    on_game: Callable[[int, GameState], None] | None = None,
    stop_after: int | None = None,
    think_ms: float | None = None,
) -> SimulationSummary:
    """Play ``games`` games with ``bots`` (one kind per seat) and sum them up.

    With ``record_dir``, game ``k`` is written as :func:`record_name` ``(k)`` there;
    a game stopped at the deal cap is written unfinished, with ``"stopped"``.
    """
    from stickspel.records import write_record

    if games < 0:
        raise RulesError("simulate.games_negative", games=games)
    if stop_after is not None and stop_after < 1:
        raise RulesError("simulate.stop_after", value=stop_after)
    summary = SimulationSummary(
        game, rules, list(bots), seed, stop_after=deal_cap(rules, stop_after)
    )
    if record_dir is not None:
        summary.record_dir = str(record_dir)
        Path(record_dir).mkdir(parents=True, exist_ok=True)
    names = [f"{kind}-{s + 1}" for s, kind in enumerate(bots)]
    start = time.perf_counter()
    for k in range(games):
        state = play_game(game, rules, bots, game_seed(seed, k), stop_after, think_ms)
        summary.games += 1
        summary.totals.append(state.returns())
        why = stopped(state)
        summary.winners.append([] if why else state.winners())
        summary.stopped += why is not None
        if record_dir is not None:
            doc = state.to_record(names)
            if why:
                doc.pop("winner", None)
                doc["stopped"] = why
            write_record(doc, Path(record_dir) / record_name(k))
        if on_game is not None:
            on_game(k, state)
    summary.seconds = time.perf_counter() - start
    return summary

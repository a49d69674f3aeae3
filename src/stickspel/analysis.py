"""Post-game analysis: every decision of a record judged by the expert's search.

For each decision the seat to act had, the expert (:class:`~stickspel.bots.expert.ExpertBot`)
estimates from that seat's view alone — its cards, what was public, worlds
sampled and weighted as the expert samples them — the expected value of every
legal action: Plump's deal score, Priffe's side points less the other side's,
Tremanswhist's points.  The move made is compared with the best: the
difference is the points it lost, and it is called an *inaccuracy*, a
*mistake* or a *blunder* by the game's thresholds (:func:`thresholds`: its coach's
``marks``).

**Marks only where the loss is clear of the analysis's own noise.**  The values
come from sampled worlds, so the same position analysed with other seeds gives
other values: an estimate of a loss of a point or two can be noise alone (and
the best of several noisy values is higher than its true value).  So a move whose
first estimate loses at least the game's inaccuracy threshold is judged again
over :data:`RECHECKS` fresh draws of worlds (other seeds): its loss is the mean,
over those draws, of the difference between the first draw's best move and the
move made, and its *noise* the standard error of that mean.  The move is marked
(an inaccuracy or worse) only where that loss is at least the inaccuracy
threshold and more than :data:`NOISE_K` times its standard error; else it counts
as good (:func:`clear_loss`).  docs/bots.md gives the figures measured with it
(``benchmarks/bench_marks.py``).

Each decision says why in words, as the coach does (:mod:`stickspel.bots.coach`):
the reasons of the best move and of the move made, each a catalogue key and its
parameters, read off the position as the seat saw it (``why_best``, ``why_made``;
in the record's JSON with their text in both languages).

**Luck** is what the cards were worth: at each seat's first decision of a deal,
the expected value of its best action, less the table's mean of the same —
positive for a seat dealt more than its share.

The analysis is reproducible: with ``samples`` (a fixed number of worlds a
decision, the default) and a ``seed`` it depends on nothing else; with
``think_ms`` it thinks for a time instead.  Records of real cards kept by the
scorekeeper (deals without hands) have no decisions to judge.
"""

from __future__ import annotations

import dataclasses
import math
import statistics
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from stickspel.core import GameState

if TYPE_CHECKING:
    from stickspel.bots.coach import Reason

__all__ = [
    "Decision",
    "Analysis",
    "analyse_record",
    "clear_loss",
    "thresholds",
    "VERDICTS",
    "MARKS",
    "RECHECKS",
    "NOISE_K",
]

VERDICTS = ("best", "good", "inaccuracy", "mistake", "blunder")
#: The verdicts that mark a move (the replay's marks, the report's rows).
MARKS = ("inaccuracy", "mistake", "blunder")

#: Losses below this are noise of the sampling: the move counts as best.
BEST_MARGIN = 0.05
#: Fresh draws of worlds a move that seems to lose points is judged again over.
RECHECKS = 4
#: A loss is clear when it exceeds this many standard errors of its estimate.
NOISE_K = 2.0
#: The key moments of a game: at most this many, the largest clear losses.
KEY_MOMENTS = 5


@dataclass(frozen=True)
class Decision:
    """One decision: where (``index``: the game's action number, from 0), who, the
    move made and the best, in points."""

    index: int
    deal: int
    seat: int
    person: int
    phase: str
    made: str
    best: str
    value_made: float
    value_best: float
    loss: float
    verdict: str
    options: tuple[tuple[str, float], ...]
    #: Whether the move stays hidden from the other seats for good (a card put
    #: away): then only its player may read what was made and what was best.
    secret: bool = False
    #: Why the best move, and why the move made, in the coach's words.
    why_best: tuple[Reason, ...] = ()
    why_made: tuple[Reason, ...] = ()
    #: The standard error of ``loss`` over the fresh draws (``None``: not judged
    #: again, its first estimate under the inaccuracy threshold).
    noise: float | None = None

    @property
    def marked(self) -> bool:
        return self.verdict in MARKS

    def to_dict(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "deal": self.deal,
            "seat": self.seat,
            "person": self.person,
            "phase": self.phase,
            "made": self.made,
            "best": self.best,
            "value_made": round(self.value_made, 3),
            "value_best": round(self.value_best, 3),
            "loss": round(self.loss, 3),
            "verdict": self.verdict,
            "options": [[a, round(v, 3)] for a, v in self.options],
            "secret": self.secret,
            "why_best": [_said(r) for r in self.why_best],
            "why_made": [_said(r) for r in self.why_made],
            "noise": None if self.noise is None else round(self.noise, 3),
        }

    def seen_by(self, person: int | None) -> Decision:
        """The decision as ``person`` may read it (``None``: anyone): a secret move of
        another player without its cards."""
        if not self.secret or person == self.person:
            return self
        return dataclasses.replace(self, made="", best="", options=(), why_best=(), why_made=())


def _said(reason: Reason) -> dict[str, Any]:
    """A reason as the JSON carries it: its key and parameters, its text in each language."""
    from stickspel.i18n import LANGS

    return {**reason.to_dict(), **{lang: reason.text(lang) for lang in LANGS}}


@dataclass
class Analysis:
    game: str
    rules: str
    players: list[str]
    decisions: list[Decision] = field(default_factory=list)
    luck: list[float] = field(default_factory=list)
    samples: int | None = None
    think_ms: float | None = None
    seed: int = 0
    #: The least loss marked, in the game's points (its inaccuracy threshold).
    floor: float = 0.0
    #: The fresh draws a seeming loss was judged again over.
    rechecks: int = RECHECKS

    def by_player(self) -> list[dict[str, Any]]:
        out = []
        for person, name in enumerate(self.players):
            mine = [d for d in self.decisions if d.person == person]
            counts = {v: sum(d.verdict == v for d in mine) for v in VERDICTS}
            out.append(
                {
                    "name": name,
                    "decisions": len(mine),
                    "points_lost": round(sum(d.loss for d in mine), 3),
                    "luck": round(self.luck[person], 3) if self.luck else 0.0,
                    **counts,
                }
            )
        return out

    def key_moments(self) -> list[int]:
        """The game's key moments: the decisions (their ``index``) with the largest
        clear losses, at most :data:`KEY_MOMENTS`, in the order they were played."""
        marked = sorted((d for d in self.decisions if d.marked), key=lambda d: -d.loss)
        return sorted(d.index for d in marked[:KEY_MOMENTS])

    def view(self, person: int | None) -> Analysis:
        """The analysis as ``person`` may read it (``None``: anyone): the moves that
        stay hidden for good (cards put away) shown only to their player."""
        return dataclasses.replace(self, decisions=[d.seen_by(person) for d in self.decisions])

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": "stickspel-analysis/1",
            "game": self.game,
            "rules": self.rules,
            "players": self.players,
            "samples": self.samples,
            "think_ms": self.think_ms,
            "seed": self.seed,
            "rule": {"floor": self.floor, "k": NOISE_K, "rechecks": self.rechecks},
            "by_player": self.by_player(),
            "key_moments": self.key_moments(),
            "decisions": [d.to_dict() for d in self.decisions],
        }


def thresholds(game: str) -> tuple[float, float, float]:
    """Points lost from which a move of ``game`` is an inaccuracy, a mistake, a
    blunder, in tricks' worth (:func:`_unit`): its coach's ``marks``.

    >>> thresholds("plump")
    (0.5, 1.5, 3.0)
    """
    from stickspel.bots.coach import coach_for

    return coach_for(game).marks


def verdict(game: str, loss: float, unit: float = 1.0) -> str:
    """The name of a move that lost ``loss`` points (``unit``: Priffe's trick value).

    >>> verdict("plump", 0.0), verdict("plump", 1.0), verdict("plump", 7.0)
    ('best', 'inaccuracy', 'blunder')
    """
    if loss <= BEST_MARGIN * unit:
        return "best"
    low, mid, high = (t * unit for t in thresholds(game))
    if loss >= high:
        return "blunder"
    if loss >= mid:
        return "mistake"
    if loss >= low:
        return "inaccuracy"
    return "good"


def clear_loss(game: str, loss: float, noise: float, unit: float = 1.0) -> bool:
    """Whether a loss estimated as ``loss`` with standard error ``noise`` is clear of
    the analysis's noise: at least the game's inaccuracy threshold and more than
    :data:`NOISE_K` standard errors.

    >>> clear_loss("plump", 3.0, 0.5), clear_loss("plump", 3.0, 2.0), clear_loss("plump", 0.4, 0.0)
    (True, False, False)
    """
    return loss >= thresholds(game)[0] * unit and loss > NOISE_K * noise


def _unit(state: GameState) -> float:
    """What one trick is worth in the expert's values (its game's coach says: Priffe's
    side points change by twice the trick value; the other games count points)."""
    from stickspel.bots.coach import coach_for

    return coach_for(state.GAME).trick_worth(state.rules)


def analyse_record(
    doc: dict[str, Any],
    *,
    samples: int | None = 24,
    think_ms: float | None = None,
    seed: int = 0,
    on_decision: Callable[[int, int], None] | None = None,
    rechecks: int = RECHECKS,
) -> Analysis:
    """Judge every decision of the record ``doc`` (checked first: a bad record is a
    :class:`~stickspel.records.RecordError`).  ``on_decision(done, total)`` reports
    progress; ``rechecks`` fresh draws judge a seeming loss again (0: none, every
    first estimate taken as it is, noise and all)."""
    from stickspel.bots import Turn
    from stickspel.bots.expert import ExpertBot
    from stickspel.records.replayer import first_dealer_of, replay

    rep = replay(doc, check_totals=False)
    history = rep.state.history()
    state = type(rep.state)(rep.state.rules, first_dealer=first_dealer_of(doc))  # type: ignore[call-arg]
    judge = ExpertBot(seed=seed, think_ms=think_ms, samples=samples, every_bid=True)
    # the fresh draws a seeming loss is judged again over: the same search, other seeds
    checkers = [
        ExpertBot(seed=seed + 1 + r, think_ms=think_ms, samples=samples, every_bid=True)
        for r in range(rechecks)
    ]
    result = Analysis(state.GAME, state.rules.to_text(), list(rep.players), samples=samples,
                      think_ms=think_ms, seed=seed,
                      floor=thresholds(state.GAME)[0] * _unit(state), rechecks=rechecks)  # fmt: skip
    worth: dict[tuple[int, int], float] = {}  # (deal, person) → best value at the first decision
    total = sum(isinstance(item, int) for item in history)
    deal, done = 0, 0
    for item in history:
        if not isinstance(item, int):
            deal += 1
            state.apply_history_item(item)
            continue
        turn = Turn.of(state, worlds=judge.needs_worlds)
        values = judge.evaluate(turn) if len(turn.legal_actions) > 1 else {item: 0.0}
        decision = _decision(state, done, deal, item, values, turn, checkers)
        if len(turn.legal_actions) > 1:
            result.decisions.append(decision)
            worth.setdefault((deal, decision.person), decision.value_best)
        state.apply_action(item)
        done += 1
        if on_decision is not None:
            on_decision(done, total)
    result.luck = _luck(worth, len(result.players))
    return result


def _decision(
    state: GameState,
    index: int,
    deal: int,
    action: int,
    values: dict[int, float],
    turn: Any,
    checkers: list[Any],
) -> Decision:
    from stickspel.bots.coach import turn_reasons

    best = max(values, key=lambda a: values[a])
    loss = max(0.0, values[best] - values[action])
    game, unit = state.GAME, _unit(state)
    noise = None
    if loss >= thresholds(game)[0] * unit and checkers:
        values, loss, noise = _recheck(turn, best, action, checkers)
    named = verdict(game, loss, unit)
    if noise is not None and named in MARKS and not clear_loss(game, loss, noise, unit):
        named = "good"  # within the noise: not marked
    seat = state.current_player()
    ranked = sorted(values, key=lambda a: -values[a])[:3]
    return Decision(
        index=index,
        deal=deal,
        seat=seat,
        person=state.seating()[seat],
        phase=str(state.observation(seat)["phase"]),
        made=state.action_to_string(action),
        best=state.action_to_string(best),
        value_made=values[action],
        value_best=values[best],
        loss=loss,
        verdict=named,
        options=tuple((state.action_to_string(a), values[a]) for a in ranked),
        secret=state.secret_action(action),
        why_best=turn_reasons(turn, best),
        why_made=turn_reasons(turn, action),
        noise=noise,
    )


def _recheck(
    turn: Any, best: int, action: int, checkers: list[Any]
) -> tuple[dict[int, float], float, float]:
    """A seeming loss judged again over fresh draws of worlds: the mean values, the
    loss (the mean difference between the first draw's best move and the move made:
    unbiased, where the first draw's own difference favours whichever move its noise
    put on top) and its standard error."""
    runs = [checker.evaluate(turn) for checker in checkers]
    diffs = [run[best] - run[action] for run in runs]
    noise = statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else 0.0
    values = {a: statistics.fmean(run[a] for run in runs) for a in runs[0]}
    return values, max(0.0, statistics.fmean(diffs)), noise


def _luck(worth: dict[tuple[int, int], float], players: int) -> list[float]:
    """Each person's summed share of the deals' worth above the table's mean."""
    luck = [0.0] * players
    for deal in {d for d, _ in worth}:
        got = {p: v for (d, p), v in worth.items() if d == deal}
        mean = sum(got.values()) / len(got)
        for p, v in got.items():
            luck[p] += v - mean
    return luck

"""The coach: the expert's view of a seat's decision, from that seat's information only.

:func:`advise` takes a :class:`~stickspel.core.turn.Turn` (the seat, its
observation, its legal actions and its information set, never the state) and
returns a :class:`Hint`: the best few options with their expected points (the
expert's evaluation over worlds the seat cannot tell from the real one) and, for
each, short reasons in words.  A reason is a catalogue key and its parameters
(:class:`Reason`), rendered in the reader's language; it is read off facts of the
position as the seat sees it (the cards on the table, the seat's hand, the cards
gone, its goal) and the search's figures, never written by the engine in prose.
The post-game analysis (:mod:`stickspel.analysis`) gives its decisions the same
reasons (:func:`reasons_for`).

The option the expert itself would take is marked ``chosen``: in play and in
Plump's bids the best by the evaluation (between options of one worth, the card
the seat's goal wants spent, as the expert chooses); Priffe's auction and
Tremanswhist's exchange and purchases as the expert makes them (the heuristic's
calls), beside the simulated values of the others.

>>> import random
>>> from stickspel.games.plump import PlumpRules, PlumpState
>>> from stickspel.core import Deal
>>> from stickspel.core.cards import parse_card, parse_cards
>>> state = PlumpState(PlumpRules(players=3, max_cards=2, deal_order="single"), first_dealer=2)
>>> state.apply_deal(Deal(tuple(tuple(parse_cards(h)) for h in ("AC 2H", "7C 6C", "KD QD")),
...                       upcard=parse_card("3S")))
>>> for text in ("1", "0", "0", "AC"):
...     _ = state.apply_text(text)
>>> hint = advise(Turn.of(state), samples=8)
>>> [(o.text, o.chosen) for o in hint.options]
[('7C', True), ('6C', False)]
>>> hint.options[0].reasons[0].text("en", you=True)
'you get rid of your highest card of the suit without taking the trick'
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from stickspel.bots.search_adapter import adapter_for
from stickspel.core import Rules
from stickspel.core.cards import FULL_DECK, beats, mask_of, parse_card, parse_suit, trick_winner
from stickspel.core.turn import Turn
from stickspel.games import game_spec
from stickspel.games.spec import part_of

__all__ = [
    "Reason",
    "Option",
    "Hint",
    "Coach",
    "coach_for",
    "advise",
    "reasons_for",
    "turn_reasons",
    "COACH_THINK_MS",
    "TOP",
]

#: Milliseconds the coach thinks a hint by default: long enough for a sound view,
#: short enough for a person waiting at the table.
COACH_THINK_MS = 400.0
#: Options a hint shows at most.
TOP = 3
#: Values this close count as one worth: the seat's goal chooses between them.
TIE = 0.1
#: Ranks (0 = 2 … 12 = ace) from which a card counts as high: jack and up.
HIGH_RANK = 9


class _Trick(Protocol):
    @property
    def leader(self) -> int: ...
    @property
    def cards(self) -> tuple[str, ...]: ...


class Seen(Protocol):
    """What the coach reads of any game's observation of a seat (its typed fields)."""

    @property
    def seat(self) -> int: ...
    @property
    def phase(self) -> str: ...
    @property
    def hand(self) -> tuple[str, ...]: ...
    @property
    def trump(self) -> str | None: ...
    @property
    def trick(self) -> _Trick | None: ...
    @property
    def tricks_won(self) -> tuple[int, ...] | None: ...


@dataclass(frozen=True)
class Reason:
    """A reason in words: a catalogue key (``coach.…``) and its parameters."""

    key: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def text(self, lang: str = "sv", you: bool = False) -> str:
        """The reason in ``lang``; ``you``: said to the seat it is about, the one that
        asked for the hint ("du behåller din höga trumf"), where the catalogue words it
        so (``<key>.you``); else without a subject ("behåller sin höga trumf"), as the
        analysis of a game says it of any seat."""
        from stickspel.i18n import has_key, render

        key = f"{self.key}.you" if you and has_key(f"{self.key}.you") else self.key
        return render(key, dict(self.params), lang)

    def to_dict(self) -> dict[str, Any]:
        return {"key": self.key, "params": dict(self.params)}


@dataclass(frozen=True)
class Option:
    """One option of a hint: the action, its text, its expected points to the seat
    (``None`` where nothing was simulated), whether it is the expert's own choice,
    and why."""

    action: int
    text: str
    value: float | None
    chosen: bool
    reasons: tuple[Reason, ...]

    def to_dict(self, lang: str | None = None) -> dict[str, Any]:
        out: dict[str, Any] = {
            "action": self.action,
            "text": self.text,
            "value": None if self.value is None else round(self.value, 2),
            "chosen": self.chosen,
            "reasons": [r.to_dict() for r in self.reasons],
        }
        if lang is not None:
            out["label"] = action_label(self.action, self.text, lang)
            out["said"] = [r.text(lang, you=True) for r in self.reasons]  # to the asker
        return out


@dataclass(frozen=True)
class Hint:
    """The coach's answer for one decision: the seat's situation and its best options."""

    game: str
    seat: int
    phase: str
    options: tuple[Option, ...]
    situation: tuple[Reason, ...] = ()

    def to_dict(self, lang: str | None = None) -> dict[str, Any]:
        out: dict[str, Any] = {
            "game": self.game,
            "seat": self.seat,
            "phase": self.phase,
            "options": [o.to_dict(lang) for o in self.options],
            "situation": [r.to_dict() for r in self.situation],
        }
        if lang is not None:
            out["situation_said"] = [r.text(lang, you=True) for r in self.situation]
        return out


def action_label(action: int, text: str, lang: str) -> str:
    """An action as a person reads it: a card in the language's notation, else its text."""
    from stickspel.core.cards import card_display

    return card_display(action, lang) if 0 <= action < 52 else text


# --- what a game says ---------------------------------------------------------------------
class Coach:
    """A game's part of the coach (its spec's ``coach``, ``games/<game>/coach.py``):
    what the seat wants, its situation and its calls in words, and how the analysis
    weighs a loss.  The cards' reasons are the same in every game; this plain coach
    is a game's without one: a seat always wants tricks, and its calls have no words."""

    #: Points lost from which the analysis calls a move an inaccuracy, a mistake, a
    #: blunder (:mod:`stickspel.analysis`), in tricks' worth (:meth:`trick_worth`).
    marks: tuple[float, float, float] = (0.5, 1.0, 2.0)

    def trick_worth(self, rules: Rules) -> float:
        """What one trick is worth in the expert's values under ``rules``."""
        return 1.0

    def wants(self, obs: Any) -> bool:
        """Whether the seat of ``obs`` still wants tricks, read from its observation."""
        return True

    def wants_at(self, turn: Turn) -> bool:
        """Whether the seat to act at ``turn`` still wants tricks (its information set
        may say more than its observation)."""
        return self.wants(turn.observation)

    def situation(self, obs: Any) -> tuple[Reason, ...]:
        """The seat's situation in words beyond its goal in play."""
        return ()

    def call_reasons(self, obs: Any, action: int) -> tuple[Reason, ...]:
        """Why the call (or a card put away) ``action`` in the position of ``obs``."""
        return ()

    def gone(self, obs: Any) -> set[str]:
        """The cards the seat of ``obs`` knows are out of play (record notation)."""
        return set()

    def partner(self, obs: Any) -> int | None:
        """The seat's partner, whose trick it need not take (``None``: none)."""
        return None


@functools.cache
def coach_for(game: str) -> Coach:
    """The coach's part of ``game`` (its spec's ``coach``; the plain one where a game
    has none)."""
    spec = game_spec(game)
    return part_of(spec, spec.coach, Coach) or Coach()


# --- the advice ---------------------------------------------------------------------------
def advise(
    turn: Turn,
    *,
    think_ms: float | None = None,
    samples: int | None = None,
    seed: int = 0,
    top: int = TOP,
) -> Hint:
    """The expert's best ``top`` options for ``turn`` with their values and reasons.

    ``samples`` fixes the work (worlds a decision, no clock: the advice then depends
    only on ``seed`` and what the seat sees); else it thinks ``think_ms``
    (default :data:`COACH_THINK_MS`)."""
    from stickspel.bots.expert import ExpertBot
    from stickspel.bots.registry import heuristic_bot

    if samples is None and think_ms is None:
        think_ms = COACH_THINK_MS
    judge = ExpertBot(seed=seed, think_ms=think_ms, samples=samples)
    legal = list(turn.legal_actions)
    by_rules = turn.observation.phase != "play" and not judge.searches_calls(adapter_for(turn.game))
    if by_rules:  # the expert's calls here are its rules': no values to show
        values: dict[int, float] = {}
        chosen = int(heuristic_bot(turn.game, seed=seed).act(turn))
    elif len(legal) == 1:  # nothing to weigh
        values, chosen = {}, legal[0]
    else:
        values = judge.evaluate(turn)
        chosen = _chosen(turn, values)
    ranked = sorted(legal, key=lambda a: (a != chosen, -values.get(a, 0.0), a))[:top]
    frame = turn.frame
    best = values.get(chosen, 0.0)
    options = tuple(
        Option(
            action=a,
            text=frame.action_to_string(a),
            value=values.get(a),
            chosen=a == chosen,
            reasons=(Reason("coach.only"),) * (len(legal) == 1)
            + turn_reasons(turn, a)
            + _margin(a, chosen, values, ranked, best),
        )
        for a in ranked
    )
    return Hint(turn.game, turn.seat, str(turn.observation.phase), options, situation(turn))


def _chosen(turn: Turn, values: dict[int, float]) -> int:
    """The expert's own choice where it searches: the best value, between options
    of one worth the one the seat's goal wants spent (as :meth:`ExpertBot.act`)."""
    legal = list(turn.legal_actions)
    in_play = turn.observation.phase == "play"
    top = max(values.get(a, float("-inf")) for a in legal)
    equal = [a for a in legal if values.get(a, float("-inf")) >= top - (TIE if in_play else 0.0)]
    dump = in_play and not _wants(turn)
    from stickspel.bots.expert import ExpertBot

    cost = ExpertBot.cost
    return min(equal, key=lambda a: -cost(a) if dump else cost(a))


def _margin(
    action: int, chosen: int, values: dict[int, float], ranked: Sequence[int], best: float
) -> tuple[Reason, ...]:
    """The search's figure: how far the chosen option leads the next, or how far
    another trails it (in points, one decimal)."""
    if len(ranked) < 2 or action not in values:
        return ()
    if action == chosen:
        runner = max((values[a] for a in ranked if a != chosen and a in values), default=None)
        if runner is None or best - runner < TIE:
            return ()
        return (Reason("coach.ahead", _points(best - runner)),)
    behind = best - values[action]
    if behind < TIE:
        return (Reason("coach.as_good", {}),)
    return (Reason("coach.behind", _points(behind)),)


def _points(x: float) -> dict[str, Any]:
    """A figure of points for a message, with ``n`` for its plural form."""
    points = round(x, 1)
    return {"points": points, "n": 1 if points == 1 else 0}


def situation(turn: Turn) -> tuple[Reason, ...]:
    """The seat's situation in words: its goal in play, what its game adds (the
    bids so far in Plump)."""
    own = coach_for(turn.game).situation(turn.observation)
    if own or turn.observation.phase != "play":
        return own
    return (Reason("coach.wants" if _wants(turn) else "coach.wants_none", {}),)


# --- whether the seat wants tricks --------------------------------------------------------
def _wants(turn: Turn) -> bool:
    return coach_for(turn.game).wants_at(turn)


def wants_tricks(game: str, obs: Seen) -> bool:
    """Whether the seat of ``obs`` still wants tricks, read from its observation
    (as its game's coach says: Plump below its bid; Priffe not in tvångsnoll nor as
    noll's declarer; Tremanswhist in a plus deal)."""
    return coach_for(game).wants(obs)


# --- reasons --------------------------------------------------------------------------------
def turn_reasons(turn: Turn, action: int) -> tuple[Reason, ...]:
    """Why ``action`` at ``turn``: the facts of the position (:func:`reasons_for`),
    the seat's goal read from its information set where the turn has one."""
    return reasons_for(turn.game, turn.observation, action, _wants(turn))


def reasons_for(game: str, obs: Seen, action: int, wants: bool | None = None) -> tuple[Reason, ...]:
    """Why ``action`` in the position of ``obs`` (the seat's observation): facts of
    the position in words.  ``wants`` (whether the seat still wants tricks) is
    read from the observation where not given."""
    coach = coach_for(game)
    if wants is None:
        wants = coach.wants(obs)
    if obs.phase == "play" and 0 <= action < 52:
        return _card_reasons(coach, obs, action, wants)
    return coach.call_reasons(obs, action)


@dataclass(frozen=True)
class _Table:
    """The facts of a trick as the seat sees it."""

    hand: list[int]
    trump: int | None
    trick: list[int]
    unseen: int
    after: int  # seats still to play after this one
    partner_winning: bool

    @classmethod
    def of(cls, coach: Coach, obs: Seen) -> _Table:
        hand = [parse_card(c) for c in obs.hand]
        trump = parse_suit(obs.trump) if obs.trump else None
        trick = [parse_card(c) for c in (obs.trick.cards if obs.trick else ())]
        gone = coach.gone(obs)
        unseen = (
            FULL_DECK & ~mask_of(hand) & ~mask_of(trick) & ~mask_of(parse_card(c) for c in gone)
        )
        n = len(obs.tricks_won or ())
        partner_winning = False
        partner = coach.partner(obs)
        if partner is not None and trick and obs.trick is not None:
            leader = obs.trick.leader
            winner = (leader + trick_winner(trick, trump)) % n
            partner_winning = winner == partner
        return cls(hand, trump, trick, unseen, n - len(trick) - 1, partner_winning)

    def wins_now(self, card: int) -> bool:
        return not self.trick or trick_winner([*self.trick, card], self.trump) == len(self.trick)

    def sure(self, card: int) -> bool:
        """Whether ``card`` takes the trick whatever the seats after it hold."""
        if not self.wins_now(card):
            return False
        if self.after == 0:
            return True
        led = self.trick[0] if self.trick else card
        return not any(
            _beats_in_trick(u, card, led, self.trump) for u in range(52) if self.unseen >> u & 1
        )

    def suit_cards(self, card: int) -> list[int]:
        return sorted(c for c in self.hand if c // 13 == card // 13)


def _beats_in_trick(card: int, winner: int, led: int, trump: int | None) -> bool:
    """Whether ``card`` played later would take the trick from ``winner`` (led ``led``)."""
    if card // 13 != led // 13 and card // 13 != trump:
        return False
    return beats(card, winner, trump)


def _card_reasons(coach: Coach, obs: Seen, card: int, wants: bool) -> tuple[Reason, ...]:
    table = _Table.of(coach, obs)
    lead = not table.trick
    wins = table.wins_now(card)
    suit = table.suit_cards(card)
    lowest, highest = card == suit[0], card == suit[-1]
    trumps = card // 13 == table.trump
    ruff = not lead and trumps and table.trick[0] // 13 != table.trump
    out: list[Reason] = []
    if table.partner_winning:
        out.append(Reason("coach.overtakes_partner" if wins else "coach.partner_keeps"))
    elif wants:
        if table.sure(card):
            out.append(Reason("coach.sure_trick"))
        elif ruff and wins:
            out.append(Reason("coach.ruffs"))
        elif lead and trumps:
            out.append(Reason("coach.draws_trump"))
        elif lead:
            out.append(Reason(_wanting_lead(table, card, lowest, len(suit) == 1)))
        elif wins:
            out.append(Reason("coach.takes_for_now"))
        elif not lead and card // 13 != table.trick[0] // 13:
            out.append(Reason("coach.discards"))
        elif lowest:
            out.append(Reason("coach.gives_cheaply"))
        else:
            out.append(Reason("coach.loses"))
    elif lead:
        low = lowest and card % 13 < HIGH_RANK
        out.append(Reason("coach.leads_low" if low else "coach.leads_high"))
    elif wins:
        out.append(Reason("coach.takes_unwanted" if table.sure(card) else "coach.risks_trick"))
    elif highest and len(suit) > 1:
        out.append(Reason("coach.sheds_highest"))
    elif card % 13 >= HIGH_RANK:
        out.append(Reason("coach.sheds_high"))
    else:
        out.append(Reason("coach.ducks_lowest" if lowest else "coach.ducks_under"))
    if wants and not trumps and _holds_high_trump(table):
        out.append(Reason("coach.keeps_trump"))
    return tuple(out)


def _wanting_lead(table: _Table, card: int, lowest: bool, single: bool) -> str:
    """The key of a lead of a seat that wants tricks (not a sure one, not a trump)."""
    suit_top = 13 * (card // 13) + 13
    if not any(table.unseen >> c & 1 for c in range(card + 1, suit_top)):
        return "coach.leads_master"  # the suit's top card: only a trump beats it
    if single:  # no higher cards of the suit kept: the lead empties the suit
        return "coach.leads_singleton"
    return "coach.leads_low_keeps" if lowest else "coach.leads_high"


def _holds_high_trump(table: _Table) -> bool:
    """Whether the seat holds a high trump (jack or better, or the top one still out)."""
    if table.trump is None:
        return False
    mine = [c for c in table.hand if c // 13 == table.trump]
    if not mine:
        return False
    top = max(mine)
    higher_out = any(table.unseen >> c & 1 for c in range(top + 1, 13 * table.trump + 13))
    return top % 13 >= HIGH_RANK or not higher_out

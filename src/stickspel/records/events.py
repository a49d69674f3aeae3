"""A record deal as a stream of engine events: the pieces every game's codec is made of.

A codec (``games/<game>/codec.py``, the spec's ``codec``) turns one record deal into events,
lazily, so it can look at the state between them (Tremanswhist's exchanges
depend on the hands, Priffe's result on the score just made):

- :class:`~stickspel.core.Deal` and :class:`~stickspel.core.ReportedDeal`: the chance node;
- :class:`Act`: a call or an exchange answer of a seat (the seat is checked: ``turn``);
- :class:`Lead`, :class:`Play`, :class:`TrickEnd`: a trick, its leader, its cards in
  play order and its winner;
- :class:`Result`: the deal's ``result``, compared with what the rules give.

:func:`stickspel.records.replayer.replay` applies them all through one loop, which
makes every check that is the same in every game; a codec raises
:class:`RecordError` for what only its game knows.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from stickspel.core import Deal, GameState, InvalidActionError, ReportedDeal
from stickspel.core.cards import CardError, parse_card, parse_suit
from stickspel.records.errors import Msg, RecordError

__all__ = [
    "Act",
    "Codec",
    "Event",
    "Lead",
    "MISSING",
    "Play",
    "Result",
    "TrickEnd",
    "auction_events",
    "check_dealer",
    "check_trump",
    "deal_of",
    "no_exchanges",
    "result_events",
    "trick_events",
]

MISSING: Any = object()  # a field the record does not have


@dataclass(frozen=True)
class Act:
    """``seat`` (as the record gives it) takes ``action``; in trick ``trick`` if any."""

    seat: Any
    action: int
    trick: int | None = None


@dataclass(frozen=True)
class Lead:
    """Trick ``trick`` (1-based) is led by ``leader``."""

    leader: Any
    trick: int


@dataclass(frozen=True)
class Play:
    """The ``index``-th card (0-based) of trick ``trick``, of ``count``, played by whoever is to play."""

    card: int
    trick: int
    index: int
    count: int


@dataclass(frozen=True)
class TrickEnd:
    """Trick ``trick`` had ``count`` cards and the record gives ``winner``
    (:data:`MISSING` if none); ``may_be_open``: it may be an unfinished last trick."""

    trick: int
    count: int
    winner: Any
    may_be_open: bool


@dataclass(frozen=True)
class Result:
    """The deal's recorded ``result``, compared field by field once the deal is scored."""

    result: Any


Event = Deal | ReportedDeal | Act | Lead | Play | TrickEnd | Result


@runtime_checkable
class Codec(Protocol):
    """What a game's codec gives the replayer."""

    #: The JSON Schema of one of the game's record deals, for a game the published
    #: ``stickspel/1`` schema does not name (``None``: the published schema has it).
    deal_schema: dict[str, Any] | None

    def deal_events(self, state: Any, deal: dict[str, Any], i: int) -> Iterator[Event]:
        """The events of record deal ``i`` (1-based), applied to ``state`` as they come."""
        ...

    def check_document(self, doc: dict[str, Any], state: Any) -> None:
        """Checks of the game's own top-level fields against the replayed ``state``."""
        ...


# --- pieces ---------------------------------------------------------------------------


def require(obj: dict[str, Any], key: str, where: Msg, **ctx: Any) -> Any:
    if key not in obj:
        raise RecordError(
            "records.missing_field", rule="missing_field", place=where, field=key, **ctx
        )
    return obj[key]


def place_deal(i: int) -> Msg:
    return Msg("records.place.deal", {"deal": i})


def cards_of(value: Any, what: Msg, **ctx: Any) -> tuple[int, ...]:
    if not isinstance(value, list):
        raise RecordError("records.not_cards", rule="malformed", place=what, **ctx)
    try:
        return tuple(parse_card(c) for c in value)
    except CardError as e:
        raise RecordError(
            "records.bad_card", rule="malformed", place=what, error=e, **ctx
        ) from None


def check_dealer(state: GameState, deal: dict[str, Any], i: int) -> None:
    """The previous deal is over and the deal passes to the recorded dealer."""
    if not state.is_chance():
        raise RecordError("records.previous_unfinished", rule="truncated", deal=i - 1)
    dealer = require(deal, "dealer", place_deal(i), deal=i)
    want = state.dealer()
    if dealer != want:
        raise RecordError(
            "records.dealer", rule="dealer", deal=i, seat=dealer, dealer=dealer, want=want
        )


def no_exchanges(state: GameState, deal: dict[str, Any], i: int) -> None:
    if deal.get("exchanges"):
        raise RecordError("records.no_exchanges", rule="malformed", deal=i, game=state.GAME)


def deal_of(deal: dict[str, Any], i: int) -> Deal:
    """The record deal's cards as a :class:`Deal` (hands, extra piles, upcard)."""
    hands_raw = require(deal, "hands", place_deal(i), deal=i)
    if not isinstance(hands_raw, list):
        raise RecordError("records.hands_not_list", rule="malformed", deal=i)
    hands = tuple(
        cards_of(h, Msg("records.place.hand", {"seat": s}), deal=i, seat=s)
        for s, h in enumerate(hands_raw)
    )
    extra = tuple(
        cards_of(p, Msg("records.place.extra"), deal=i) for p in (deal.get("extra") or [])
    )
    up_raw = deal.get("upcard")
    try:
        upcard = parse_card(up_raw) if isinstance(up_raw, str) else None
    except CardError as e:
        raise RecordError("records.bad_upcard", rule="malformed", deal=i, error=e) from None
    return Deal(hands, extra, upcard)


def check_trump(deal: dict[str, Any], i: int, actual: int | None) -> None:
    """The record's ``trump`` (where given) is the trump the rules made."""
    if "trump" not in deal:
        return
    raw = deal["trump"]
    try:
        trump = None if raw is None else parse_suit(str(raw))
    except CardError as e:
        raise RecordError("records.bad_trump", rule="malformed", deal=i, error=e) from None
    if trump != actual:
        raise RecordError("records.trump", rule="trump", deal=i, given=raw, actual=actual)


def auction_events(state: GameState, deal: dict[str, Any], i: int) -> Iterator[Event]:
    """The calls of ``auction``, in the order made."""
    for entry in deal.get("auction") or []:
        yield call_event(state, entry, i)


def call_event(state: GameState, entry: Any, i: int) -> Act:
    place = Msg("records.place.call")
    if not isinstance(entry, dict):
        raise RecordError("records.call_not_object", rule="malformed", deal=i)
    seat = require(entry, "seat", place, deal=i)
    raw = require(entry, "call", place, deal=i, seat=seat)
    try:
        action = state.string_to_action(str(raw))
    except InvalidActionError as e:
        raise RecordError(rule="malformed", deal=i, seat=seat, cause=e) from None
    return Act(seat, action)


def trick_events(state: GameState, deal: dict[str, Any], i: int) -> Iterator[Event]:
    """Each trick: its leader, its cards, its end (the winner checked)."""
    tricks = deal.get("tricks")
    if tricks is None:
        tricks = []
    if not isinstance(tricks, list):
        raise RecordError("records.tricks_not_list", rule="malformed", deal=i)
    for t, trick in enumerate(tricks, start=1):
        if not isinstance(trick, dict):
            raise RecordError("records.trick_not_object", rule="malformed", deal=i, trick=t)
        where = Msg("records.place.trick", {"trick": t})
        yield Lead(require(trick, "leader", where, deal=i, trick=t), t)
        cards = cards_of(
            require(trick, "cards", where, deal=i, trick=t),
            Msg("records.place.the_trick"),
            deal=i,
            trick=t,
        )
        for k, card in enumerate(cards):
            yield Play(card, t, k, len(cards))
        open_ok = t == len(tricks) and "result" not in deal
        yield TrickEnd(t, len(cards), trick.get("winner", MISSING), open_ok)


def result_events(deal: dict[str, Any]) -> Iterator[Event]:
    if "result" in deal:
        yield Result(deal["result"])

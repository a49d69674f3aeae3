"""Tremanswhist's records: a record deal as engine events (see :mod:`stickspel.records.events`).

After the deal come the ``exchanges``: in the main game each answer to the offer
of the fourth pile (``{"seat": s, "take": true|false}``), in the buying variant
each purchase (``{"seat": s, "discard": [...]}``: one action per card put away,
then ``köp``).  Who may answer in which order is checked from the entries before
the deal is replayed, and a trick led while an answer is still due names the
missing entry.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from stickspel.core import InvalidActionError, ReportedDeal
from stickspel.core.cards import CardError, parse_card
from stickspel.games.tremanswhist.rules import (
    BUY,
    BUY_PHASE,
    DECLINE,
    OFFER,
    PILE_SIZE,
    PLAYERS,
    TAKE,
)
from stickspel.games.tremanswhist.state import TremanswhistState
from stickspel.records.errors import RecordError
from stickspel.records.events import (
    Act,
    Event,
    Result,
    auction_events,
    check_dealer,
    check_trump,
    deal_of,
    place_deal,
    require,
    result_events,
    trick_events,
)

__all__ = ["CODEC", "TremanswhistCodec", "exchange_actions"]


def exchange_actions(state: TremanswhistState, entry: dict[str, Any]) -> list[int]:
    """The actions of one record ``exchanges`` entry.

    >>> from stickspel.games.tremanswhist import TremanswhistRules
    >>> s = TremanswhistState()
    >>> exchange_actions(s, {"seat": 1, "take": True}) == [TAKE]
    True
    >>> b = TremanswhistState(TremanswhistRules(form="buying"))
    >>> exchange_actions(b, {"seat": 1, "discard": ["2C", "3C"]}) == [0, 1, BUY]
    True
    >>> exchange_actions(b, {"seat": 1, "discard": ["2C"], "pending": True})  # not bought yet
    [0]
    """
    if state.rules.buying:
        if "take" in entry:
            raise InvalidActionError("records.tremanswhist.take_in_buying")
        discard = entry.get("discard")
        if not isinstance(discard, list) or not all(isinstance(c, str) for c in discard):
            raise InvalidActionError("records.tremanswhist.discard_needed")
        cards = [parse_card(c) for c in discard]
        return cards if entry.get("pending") is True else [*cards, BUY]
    if "discard" in entry:
        raise InvalidActionError("records.tremanswhist.discard_in_main")
    take = entry.get("take")
    if not isinstance(take, bool):
        raise InvalidActionError("records.tremanswhist.take_needed")
    return [TAKE if take else DECLINE]


def check_exchange_order(state: TremanswhistState, entries: list[Any], i: int) -> None:
    """Who may answer the offer (or buy) in which order, from the entries alone."""
    buying = state.rules.buying
    expected = (state.dealer_seat + 1) % PLAYERS
    left = PILE_SIZE
    closed = False
    for entry in entries:
        if not isinstance(entry, dict):
            raise RecordError("records.exchange_not_object", rule="malformed", deal=i)
        seat = entry.get("seat")
        who = seat if isinstance(seat, int) and not isinstance(seat, bool) else None
        if closed:
            key = (
                "records.tremanswhist.closed_buying"
                if buying
                else "records.tremanswhist.closed_offer"
            )
            raise RecordError(key, rule="offer_closed", deal=i, seat=who, who=seat)
        if seat != expected:
            key = (
                "records.tremanswhist.order_buying"
                if buying
                else "records.tremanswhist.order_offer"
            )
            raise RecordError(key, rule="offer_order", deal=i, seat=who, who=seat, want=expected)
        if buying:
            discard = entry.get("discard")
            k = len(discard) if isinstance(discard, list) else 0
            if entry.get("pending") is True:
                closed = True  # a purchase under way is the last entry
                left -= k
                expected = (expected + 1) % PLAYERS
                continue
            if k > left:
                raise RecordError(
                    "records.tremanswhist.buy_limit",
                    rule="buy_limit",
                    deal=i,
                    seat=who,
                    who=seat,
                    count=k,
                    left=left,
                )
            left -= k
            closed = left == 0 or seat == state.dealer_seat
        else:
            closed = (entry.get("take") is True and not state.rules.offer_continues) or (
                seat == state.dealer_seat
            )
        expected = (expected + 1) % PLAYERS


class TremanswhistCodec:
    """Record deals of Tremanswhist as events."""

    deal_schema = None  # in the published stickspel/1 schema

    def deal_events(
        self, state: TremanswhistState, deal: dict[str, Any], i: int
    ) -> Iterator[Event]:
        if "hands" in deal and isinstance(deal.get("exchanges"), list):
            check_exchange_order(state, deal["exchanges"], i)
        check_dealer(state, deal, i)
        if "hands" not in deal and "tricks" not in deal:
            yield ReportedDeal(deal)
            if "result" in deal:
                yield Result(deal["result"])
            return
        require(deal, "hands", place_deal(i), deal=i)
        yield deal_of(deal, i)
        check_trump(deal, i, state.trump)
        yield from auction_events(state, deal, i)
        for entry in deal.get("exchanges") or []:
            if not isinstance(entry, dict):
                raise RecordError("records.exchange_not_object", rule="malformed", deal=i)
            seat = entry.get("seat")
            try:
                actions = exchange_actions(state, entry)
            except (InvalidActionError, CardError) as e:
                raise RecordError(rule="malformed", deal=i, seat=seat, cause=e) from None
            for action in actions:
                yield Act(seat, action)
        tricks = deal.get("tricks") or []
        if (
            tricks
            and isinstance(tricks[0], dict)
            and state.phase in (OFFER, BUY_PHASE)
            and "leader" in tricks[0]
            and tricks[0]["leader"] != state.current_player()
        ):
            key = (
                "records.tremanswhist.exchange_missing_offer"
                if state.phase == OFFER
                else "records.tremanswhist.exchange_missing_buy"
            )
            raise RecordError(
                key, rule="exchange_missing", deal=i, seat=state.current, who=state.current
            )
        yield from trick_events(state, deal, i)
        yield from result_events(deal)
        if "result" in deal and state.phase in (OFFER, BUY_PHASE):
            raise RecordError("records.tremanswhist.exchange_unfinished", rule="truncated", deal=i)
        if "kind" in deal and deal["kind"] != state.kind:
            raise RecordError(
                "records.tremanswhist.kind",
                rule="kind",
                deal=i,
                given=deal["kind"],
                kind=state.kind,
            )

    def check_document(self, doc: dict[str, Any], state: TremanswhistState) -> None:
        """Tremanswhist has no top-level fields of its own."""


CODEC = TremanswhistCodec()

"""Plump's records: a record deal as engine events (see :mod:`stickspel.records.events`).

A deal with cards is the deal (hands, blind hand, upcard), the bids and the
tricks; a deal played with real cards (no ``hands``, no ``tricks``) is a
reported deal, checked and scored without the cards.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from stickspel.core import ReportedDeal
from stickspel.core.numbers import parse_digits
from stickspel.games.plump.state import PlumpState
from stickspel.records.errors import RecordError
from stickspel.records.events import (
    Event,
    Result,
    auction_events,
    check_dealer,
    check_trump,
    deal_of,
    no_exchanges,
    place_deal,
    require,
    result_events,
    trick_events,
)

__all__ = ["CODEC", "PlumpCodec", "check_bid_text"]


def check_bid_text(entry: Any, i: int) -> None:
    """A recorded bid is ASCII digits and nothing else (``"3"``; not ``" 3 "``,
    ``"bid 3"`` or ``"٣"``, which a player may type but a record does not hold).

    >>> check_bid_text({"seat": 2, "call": " 3 "}, 4)
    Traceback (most recent call last):
    ...
    stickspel.records.errors.RecordError: deal 4: seat 2's bid ' 3 ' is not a number [bid_range]
    """
    if not isinstance(entry, dict) or not isinstance(entry.get("call"), str):
        return  # the schema and the auction's own checks name these
    call = entry["call"]
    if parse_digits(call) is None:
        seat = entry.get("seat")
        raise RecordError(
            "plump.reported_bid",
            rule="bid_range",
            deal=i,
            seat=seat if isinstance(seat, int) else None,
            who=seat,
            call=repr(call),
        )


class PlumpCodec:
    """Record deals of Plump as events."""

    deal_schema = None  # in the published stickspel/1 schema

    def deal_events(self, state: PlumpState, deal: dict[str, Any], i: int) -> Iterator[Event]:
        check_dealer(state, deal, i)
        if "hands" not in deal and "tricks" not in deal:
            yield ReportedDeal(deal)
            if "result" in deal:
                yield Result(deal["result"])
            return
        require(deal, "hands", place_deal(i), deal=i)
        size = state.hand_size  # each Plump deal says its size as "cards"
        if "cards" in deal and deal["cards"] != size:
            raise RecordError(
                "records.plump.cards", rule="hand_size", deal=i, given=deal["cards"], size=size
            )
        yield deal_of(deal, i)
        check_trump(deal, i, state.trump)
        for entry in deal.get("auction") or []:
            check_bid_text(entry, i)
        yield from auction_events(state, deal, i)
        no_exchanges(state, deal, i)
        yield from trick_events(state, deal, i)
        yield from result_events(deal)

    def check_document(self, doc: dict[str, Any], state: PlumpState) -> None:
        """Plump has no top-level fields of its own."""


CODEC = PlumpCodec()

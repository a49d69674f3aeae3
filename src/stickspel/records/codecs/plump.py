"""Plump's records: a record deal as engine events (see :mod:`stickspel.records.events`).

A deal with cards is the deal (hands, blind hand, upcard), the bids and the
tricks; a deal played with real cards (no ``hands``, no ``tricks``) is a
reported deal, checked and scored without the cards.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from stickspel.core import ReportedDeal
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

__all__ = ["CODEC", "PlumpCodec"]


class PlumpCodec:
    """Record deals of Plump as events."""

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
        yield from auction_events(state, deal, i)
        no_exchanges(state, deal, i)
        yield from trick_events(state, deal, i)
        yield from result_events(deal)

    def check_document(self, doc: dict[str, Any], state: PlumpState) -> None:
        """Plump has no top-level fields of its own."""


CODEC = PlumpCodec()

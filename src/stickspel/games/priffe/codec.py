"""Priffe's records: a record deal as engine events (see :mod:`stickspel.records.events`).

Each deal says its ``seating`` (for each seat, the person there), which must be
the rubber's; trump follows from the auction, so it is checked once the deal is
played.  A deal played with real cards is a reported deal; its ``result`` may
give honours by side and held only.  The top-level ``priffe.rubbers`` is checked
against the rubbers the deals make.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from stickspel.core import IllegalActionError, ReportedDeal
from stickspel.core.cards import suit_str
from stickspel.games.priffe.state import _BID, PriffeState
from stickspel.records.errors import RecordError
from stickspel.records.events import (
    Event,
    Result,
    call_event,
    check_dealer,
    deal_of,
    no_exchanges,
    place_deal,
    require,
    result_events,
    trick_events,
)

__all__ = ["CODEC", "PriffeCodec"]


class PriffeCodec:
    """Record deals of Priffe as events."""

    deal_schema = None  # in the published stickspel/1 schema

    def deal_events(self, state: PriffeState, deal: dict[str, Any], i: int) -> Iterator[Event]:
        seating = deal.get("seating", [0, 1, 2, 3])
        if not isinstance(seating, list) or sorted(map(str, seating)) != ["0", "1", "2", "3"]:
            raise RecordError(
                "records.priffe.seating_malformed", rule="malformed", deal=i, given=repr(seating)
            )
        if not isinstance(deal.get("auction", []), list):
            raise RecordError("records.priffe.auction_not_list", rule="malformed", deal=i)
        if not state.is_chance():
            raise RecordError("records.previous_unfinished", rule="truncated", deal=i - 1)
        if list(seating) != list(state.seating_now):
            raise RecordError(
                "records.priffe.seating",
                rule="seating",
                deal=i,
                given=seating,
                rubber=state.rubber_index + 1,
                want=list(state.seating_now),
            )
        check_dealer(state, deal, i)
        if "hands" not in deal and "tricks" not in deal:
            yield ReportedDeal(deal)
            result = deal.get("result")
            if isinstance(result, dict):
                computed = state.deal_records[-1]["result"]
                hon = result.get("honours")
                if isinstance(hon, dict) and computed["honours"] is not None:
                    # a reported honours entry may omit what follows from side and held
                    result = {**result, "honours": {**computed["honours"], **hon}}
                yield Result({"points": computed["points"], **result})
            return
        require(deal, "hands", place_deal(i), deal=i)
        yield deal_of(deal, i)
        for entry in deal.get("auction") or []:
            event = call_event(state, entry, i)
            if state.phase != _BID or event.seat != state.current:
                # name the rule broken: a call after spel, a fifth call, a call out of turn
                _auction_error(state, deal, i)
            yield event
        no_exchanges(state, deal, i)
        yield from trick_events(state, deal, i)
        yield from result_events(deal)
        # (trump follows from the auction, so it is checked after the deal, not at the deal)
        actual = state._last_trump()
        if "trump" in deal and deal["trump"] != suit_str(actual):
            raise RecordError(
                "records.priffe.trump",
                rule="trump",
                deal=i,
                given=deal["trump"],
                contract=state._last_contract(),
                actual=actual,
            )

    def check_document(self, doc: dict[str, Any], state: PriffeState) -> None:
        """``priffe.rubbers``, where given, is the rubbers the deals make (so far)."""
        extra = doc.get("priffe")
        if not isinstance(extra, dict) or "rubbers" not in extra:
            return
        if extra["rubbers"] != state.rubbers:
            raise RecordError(
                "records.priffe.rubbers", rule="rubbers", given=extra["rubbers"], want=state.rubbers
            )


def _auction_error(state: PriffeState, deal: dict[str, Any], i: int) -> None:
    """The auction's first fault, found by running it again from its start."""
    probe = state.clone()
    probe._start_auction()
    try:
        probe._run_auction(deal.get("auction") or [])
    except IllegalActionError as e:
        raise RecordError(rule=e.rule, deal=i, seat=e.seat, cause=e) from None


CODEC = PriffeCodec()

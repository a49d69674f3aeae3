"""Högsta stick's records: a record deal as engine events (the deal, the tricks,
the result), built from the pieces every codec shares."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from stickspel.records.events import (
    Event,
    check_dealer,
    deal_of,
    place_deal,
    require,
    result_events,
    trick_events,
)
from tests.hogsta.state import HogstaState

#: A deal of the record: the stickspel/1 deal with hands, no trump, tricks and result only.
DEAL_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["dealer", "hands"],
    "additionalProperties": False,
    "properties": {
        "dealer": {"type": "integer", "minimum": 0},
        "hands": {"type": "array", "items": {"type": "array", "items": {"$ref": "#/$defs/card"}}},
        "trump": {"type": "null"},
        "tricks": {"type": "array"},
        "result": {"type": "object"},
    },
}


class HogstaCodec:
    """Record deals of Högsta stick as events."""

    deal_schema = DEAL_SCHEMA

    def deal_events(self, state: HogstaState, deal: dict[str, Any], i: int) -> Iterator[Event]:
        check_dealer(state, deal, i)
        require(deal, "hands", place_deal(i), deal=i)
        yield deal_of(deal, i)
        yield from trick_events(state, deal, i)
        yield from result_events(deal)

    def check_document(self, doc: dict[str, Any], state: HogstaState) -> None:
        """Högsta stick has no top-level fields of its own."""


CODEC = HogstaCodec()

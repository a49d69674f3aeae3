"""Priffe's score-sheet row: the calls in order from förhand (or the contract and
who bid it), then the tricks per side (or the declarers') and the honours.

>>> from stickspel.protokoll.scorekeeper import Session
>>> s = Session.new("priffe", ["Anna", "Björn", "Cissi", "David"])
>>> PRIFFE_SHEET.check(s, 1, {"calls": "pass,hjärter"})
{}
"""

from __future__ import annotations

from typing import Any

from stickspel.protokoll.fields import honours_of, numbers, person_index, seat_of_person
from stickspel.protokoll.scorekeeper import ScorekeeperError, Session

__all__ = ["PRIFFE_SHEET", "PriffeSheet"]


class PriffeSheet:
    """Priffe's :class:`~stickspel.protokoll.sheetrules.SheetRules`."""

    game = "priffe"
    first = "scorekeeper.entry.priffe_first"
    tricks_wanted = "scorekeeper.entry.priffe_tricks"
    tricks_alone = False
    kept: tuple[str, ...] = ("honours",)

    def calls_given(self, fields: dict[str, str | None]) -> bool:
        return fields.get("calls") is not None or fields.get("contract") is not None

    def deal(
        self, session: Session, fields: dict[str, str | None], *, row: int | None, open_row: bool
    ) -> dict[str, Any]:
        calls, contract, by = fields.get("calls"), fields.get("contract"), fields.get("by")
        tricks = fields.get("tricks")
        if (calls is None and contract is None) or (tricks is None and not open_row):
            raise ScorekeeperError("scorekeeper.cli.priffe_needs")
        call_list = [c.strip() for c in calls.split(",") if c.strip()] if calls else None
        bidder = seat_of_person(session, person_index(session, by)) if by else None
        trick_list = numbers(tricks.split(","), "tricks") if tricks is not None else None
        return session.priffe_deal(
            call_list,
            trick_list,
            honours_of(session, fields.get("honours")),
            row=row,
            contract=contract,
            bidder=bidder,
        )

    def fill(self, session: Session, old: dict[str, Any], out: dict[str, str | None]) -> None:
        auction = [a for a in old.get("auction") or [] if isinstance(a, dict)]
        if out.get("calls") is None and out.get("contract") is None and auction:
            out["calls"] = ",".join(str(a["call"]) for a in auction)

    def check(self, session: Session, row: int, fields: dict[str, str | None]) -> dict[str, Any]:
        calls = [c.strip() for c in str(fields.get("calls") or "").split(",") if c.strip()]
        if calls:
            session.check_calls(calls, row=row)
        return {}


PRIFFE_SHEET = PriffeSheet()

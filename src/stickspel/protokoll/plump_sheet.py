"""Plump's score-sheet row: each player's bid (written in turn from förhand, the
dealer last), then the tricks taken (a count, or ``+``/``-`` for made/missed).

>>> from stickspel.protokoll.scorekeeper import Session
>>> s = Session.new("plump", ["Anna", "Björn", "Cissi"], max_cards=2)
>>> PLUMP_SHEET.deal(s, {"bids": "1,0,0", "tricks": "+,0,1", "trump": None}, row=None,
...     open_row=False)["result"]
{'tricks': [1, 0, 1]}
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from stickspel.protokoll.fields import numbers, per_player
from stickspel.protokoll.scorekeeper import ScorekeeperError, Session, parse_count, parse_mark

__all__ = ["PLUMP_SHEET", "PlumpSheet"]


class PlumpSheet:
    """Plump's :class:`~stickspel.protokoll.sheetrules.SheetRules`."""

    game = "plump"
    first = "scorekeeper.entry.plump_first"
    tricks_wanted = "scorekeeper.entry.tricks"
    tricks_alone = False
    kept: tuple[str, ...] = ()

    def calls_given(self, fields: dict[str, str | None]) -> bool:
        return fields.get("bids") is not None

    def deal(
        self, session: Session, fields: dict[str, str | None], *, row: int | None, open_row: bool
    ) -> dict[str, Any]:
        bids, tricks = fields.get("bids"), fields.get("tricks")
        if bids is None or (tricks is None and not open_row):
            raise ScorekeeperError("scorekeeper.cli.plump_needs")
        bid_values: list[int | None] = list(numbers(per_player(session, bids, "bids"), "bids"))
        marks: list[int | str] | None = None
        if tricks is not None:
            marks = [parse_mark(t) for t in per_player(session, tricks, "tricks")]
        return session.plump_deal(bid_values, marks, row=row, trump=fields.get("trump"))

    def fill(self, session: Session, old: dict[str, Any], out: dict[str, str | None]) -> None:
        auction = [a for a in old.get("auction") or [] if isinstance(a, dict)]
        by_seat = {int(a["seat"]): str(a["call"]) for a in auction}
        if out.get("bids") is None and by_seat:
            out["bids"] = ",".join(by_seat.get(s, "") for s in range(len(session.players)))
        if out.get("trump") is None and old.get("trump"):
            out["trump"] = str(old["trump"])

    def check(self, session: Session, row: int, fields: dict[str, str | None]) -> dict[str, Any]:
        n = len(session.players)
        out: dict[str, Any] = {}
        bids = _each(fields.get("bids"), n)
        if fields.get("bids") is not None:
            values = [None if b is None else _number(b) for b in bids]
            forbidden = self.check_bids(session, row, values)
            if row == len(session.entries) + 1:
                out["forbidden"] = forbidden
        tricks = _each(fields.get("tricks"), n)
        if fields.get("tricks") is not None:
            marks = [None if t is None else parse_mark(t) for t in tricks]
            self.check_tricks(session, row, marks)
            if all(t is not None for t in tricks) and fields.get("bids"):
                self.deal(session, fields, row=row, open_row=False)
        return out

    def check_bids(self, session: Session, row: int, bids: Sequence[int | None]) -> int | None:
        """The bids written so far on row ``row`` (seat order, ``None``: not yet): in
        turn and as the engine allows on the next row, which returns the bid the dealer
        may not make; no more than the deal's cards on a row being corrected."""
        if row == len(session.entries) + 1:
            session.check_bids(bids)
            return session.forbidden_bid(bids)
        cards = _cards(session, row)
        for seat, bid in enumerate(bids):
            if bid is not None and cards is not None and bid > cards:
                name = session.players[seat]
                raise ScorekeeperError("scorekeeper.cli.bid_range", name=name, cards=cards, bid=bid)
        return None

    def check_tricks(self, session: Session, row: int, marks: Sequence[int | str | None]) -> None:
        """Each trick count written (seat order) is one the deal of row ``row`` has."""
        cards = _cards(session, row)
        for seat, mark in enumerate(marks):
            if isinstance(mark, int) and cards is not None and not 0 <= mark <= cards:
                raise ScorekeeperError(
                    "scorekeeper.cli.tricks_range",
                    name=session.players[seat],
                    cards=cards,
                    tricks=mark,
                )


def _cards(session: Session, row: int) -> int | None:
    """The cards dealt in row ``row`` (a row written, or the next), if known."""
    if 1 <= row <= len(session.entries):
        cards = session.entries[row - 1].get("cards")
        return int(cards) if isinstance(cards, int) else None
    nxt = session.next_deal()
    return nxt.cards if nxt is not None and row == nxt.row else None


def _each(text: str | None, n: int) -> list[str | None]:
    """A per-player field as typed so far (``2,,1``): each player's part or ``None``."""
    parts = [p.strip() for p in (text or "").split(",")] + [""] * n
    return [p or None for p in parts[:n]]


def _number(text: str) -> int:
    value = parse_count(text)
    if value is None:
        raise ScorekeeperError("scorekeeper.cli.not_a_number", what="bids", shown=repr(text[:20]))
    return value


PLUMP_SHEET = PlumpSheet()

"""Tremanswhist's score-sheet row: the upcard (or its band), who took the fourth
pile (or, buying, how many cards each bought), then each player's tricks.

>>> from stickspel.protokoll.scorekeeper import Session
>>> s = Session.new("tremanswhist", ["Anna", "Björn", "Cissi"])
>>> TREMANSWHIST_SHEET.check(s, 1, {"tricks": "5,14"})
Traceback (most recent call last):
...
stickspel.protokoll.scorekeeper.ScorekeeperError: Björn can take 0–13 tricks in this deal, not 14
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from stickspel.protokoll.fields import (
    band,
    numbers,
    per_player,
    person_index,
    require_game,
    seat_of_person,
)
from stickspel.protokoll.scorekeeper import ScorekeeperError, Session, parse_count, trump_letter

__all__ = ["tremanswhist_deal", "TREMANSWHIST_SHEET", "TremanswhistSheet"]

#: The tricks of a deal.
TRICKS = 13


class TremanswhistSheet:
    """Tremanswhist's :class:`~stickspel.protokoll.sheetrules.SheetRules`."""

    game = "tremanswhist"
    first = "scorekeeper.entry.tremanswhist_first"
    tricks_wanted = "scorekeeper.entry.tricks"
    tricks_alone = True  # the engine judges what else the deal needs
    kept: tuple[str, ...] = ()
    reported: dict[str, tuple[str, ...]] = {"tricks": ()}
    no_result = "tremanswhist.reported.tricks_missing"
    derived: tuple[str, ...] = ()

    def calls_given(self, fields: dict[str, str | None]) -> bool:
        return any(fields.get(k) is not None for k in ("upcard", "exchange", "bought"))

    def deal(
        self, session: Session, fields: dict[str, str | None], *, row: int | None, open_row: bool
    ) -> dict[str, Any]:
        tricks, upcard, exchange = (
            fields.get("tricks"),
            fields.get("upcard"),
            fields.get("exchange"),
        )
        bought = fields.get("bought")
        if tricks is None and not open_row:
            raise ScorekeeperError("scorekeeper.cli.tremanswhist_needs")
        up, kind, band_trump = band(upcard) if upcard else (None, None, None)
        taker = None
        if exchange and exchange.strip().lower() not in ("ingen", "none", "-", ""):
            taker = seat_of_person(session, person_index(session, exchange))
        purchases = numbers(bought.split(","), "bought") if bought else None
        tricks_list = None
        if tricks is not None:
            tricks_list = numbers(per_player(session, tricks, "tricks"), "tricks")
        return tremanswhist_deal(
            session,
            tricks_list,
            upcard=up,
            kind=kind,
            trump=band_trump if band_trump is not None else fields.get("trump"),
            taker=taker,
            purchases=purchases,
            row=row,
        )

    def fill(self, session: Session, old: dict[str, Any], out: dict[str, str | None]) -> None:
        """The upcard (or band), the pile's taker and the purchases of the row."""
        if out.get("upcard") is None:
            if old.get("upcard"):
                out["upcard"] = str(old["upcard"])
            elif old.get("kind"):
                out["upcard"] = str(old["kind"]) + (f":{old['trump']}" if old.get("trump") else "")
        offers = [e for e in old.get("exchanges") or [] if isinstance(e, dict)]
        if out.get("exchange") is None and out.get("bought") is None:
            counts = [str(e["count"]) for e in offers if "count" in e]
            takers = [int(e["seat"]) for e in offers if e.get("take")]
            if counts:
                out["bought"] = ",".join(counts)
            elif takers:
                out["exchange"] = session.players[takers[0]]

    def check(self, session: Session, row: int, fields: dict[str, str | None]) -> dict[str, Any]:
        parts = [p.strip() for p in str(fields.get("tricks") or "").split(",")]
        counts = [parse_count(p) if p else None for p in parts[: len(session.players)]]
        self.judge_tricks(counts, session.players)
        return {}

    def judge_tricks(self, counts: Sequence[int | None], names: Sequence[str]) -> None:
        """Each count written is one a deal has (``names``: whose each count is)."""
        for name, count in zip(names, counts, strict=False):
            if count is not None and count > TRICKS:
                raise ScorekeeperError(
                    "scorekeeper.cli.tricks_range", name=name, cards=TRICKS, tricks=count
                )


def tremanswhist_deal(
    session: Session,
    tricks: Sequence[int] | None,
    *,
    upcard: str | None = None,
    kind: str | None = None,
    trump: str | None = None,
    taker: int | None = None,
    purchases: Sequence[int] | None = None,
    row: int | None = None,
) -> dict[str, Any]:
    """A Tremanswhist deal: the upcard (or its band: ``kind`` plus/minus and
    ``trump``), who took the fourth pile (a seat, or ``None``: nobody) or, in
    the buying variant, how many cards each bought in turn from förhand,
    and the tricks per seat (``None``: not yet, an open row)."""
    require_game(session, "tremanswhist")
    row = row if row is not None else len(session.entries) + 1
    dealer = session.dealer_size(row)[0]
    n = len(session.players)
    order = [(dealer + 1 + k) % n for k in range(n)]
    deal: dict[str, Any] = {"dealer": dealer}
    if upcard:
        deal["upcard"] = upcard.strip().upper()
    if kind:
        deal["kind"] = kind.strip().lower()
    if trump is not None:
        deal["trump"] = trump_letter(trump)
    if purchases is not None:
        deal["exchanges"] = [
            {"seat": order[k], "count": int(c)} for k, c in enumerate(purchases) if k < n
        ]
    elif taker is not None:
        offers = []
        for seat in order:
            offers.append({"seat": seat, "take": seat == taker})
            if seat == taker:
                break
        deal["exchanges"] = offers
    if tricks is not None:
        deal["result"] = {"tricks": [int(t) for t in tricks]}
    return deal


TREMANSWHIST_SHEET = TremanswhistSheet()

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

import functools
from collections.abc import Sequence
from typing import Any

from stickspel.protokoll.fields import (
    band,
    numbers,
    old_tricks,
    per_player,
    person_index,
    require_game,
    seat_of_person,
)
from stickspel.protokoll.scorekeeper import ScorekeeperError, Session, parse_count, trump_letter
from stickspel.protokoll.sheetrules import Asker, SheetRules

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
    fields: tuple[str, ...] = ("upcard", "exchange", "bought", "tricks", "trump")
    partners: tuple[tuple[int, int], tuple[int, int]] | None = None
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
        if exchange:
            taker = _taker(session, exchange)
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

    def ask_row(self, session: Session, row: int, asker: Asker) -> dict[str, Any]:
        order = [(session.dealer_of(row) + 1 + k) % 3 for k in range(3)]
        buying = bool(getattr(session.rules, "buying", False))
        while True:
            try:
                up, kind, trump = band(asker.ask("upcard_prompt"))
                taker, purchases = None, None
                if buying:
                    purchases = [
                        _ask_count(asker, "bought_prompt", session.seat_name(s), "bought")
                        for s in order
                    ]
                else:
                    taker = _taker(session, asker.ask("exchange_prompt"))
                tricks = [0, 0, 0]
                old = old_tricks(session, row)
                for s in order:
                    tricks[s] = asker.retry(
                        functools.partial(self._ask_tricks, session, s, old, asker)
                    )
                deal = tremanswhist_deal(
                    session,
                    tricks,
                    upcard=up,
                    kind=kind,
                    trump=trump,
                    taker=taker,
                    purchases=purchases,
                    row=row,
                )
                session.enter(row, deal)
                return deal
            except (ScorekeeperError, ValueError) as e:
                asker.refused(e)

    def _ask_tricks(self, session: Session, seat: int, old: list[int], asker: Asker) -> int:
        """A player's tricks, refused at once past the deal's 13."""
        default = str(old[seat]) if seat < len(old) else None
        name = session.seat_name(seat)
        tricks = _ask_count(asker, "tpw_tricks", name, "tricks", default)
        self.judge_tricks([tricks], [name])
        return tricks

    def judge_tricks(self, counts: Sequence[int | None], names: Sequence[str]) -> None:
        """Each count written is one a deal has (``names``: whose each count is)."""
        for name, count in zip(names, counts, strict=False):
            if count is not None and count > TRICKS:
                raise ScorekeeperError(
                    "scorekeeper.cli.tricks_range", name=name, cards=TRICKS, tricks=count
                )


def _taker(session: Session, text: str) -> int | None:
    """The seat that took the fourth pile, named (``None``: nobody)."""
    if text.strip().lower() in ("ingen", "none", "-", ""):
        return None
    return seat_of_person(session, person_index(session, text))


def _ask_count(asker: Asker, prompt: str, name: str, what: str, default: str | None = None) -> int:
    """A count (``what``: tricks, cards bought) asked of the player ``name``."""
    return numbers([asker.ask(prompt, default, name=name)], what)[0]


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


TREMANSWHIST_SHEET: SheetRules = TremanswhistSheet()

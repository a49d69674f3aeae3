"""Plump's protokoll as seed 001 draws it.

One row per deal with the number of cards, a column per player, the dealer
marked; the bid, then ``1`` prefixed when made (3 → 13) or a plump mark; a
subtotal after the one-card deal; totals at the bottom.  Works from a record
with cards or from a scorekeeper's record without them.
"""

from __future__ import annotations

from typing import Any

from .model import Cell, Row, Sheet, Table

__all__ = ["build_sheet", "RULES_TEXT"]

RULES_TEXT = {
    "sv": [
        "Bjud hur många stick du tar. Förhand bjuder först, givaren sist.",
        "Spärren: givaren får inte bjuda så att buden går jämnt ut.",
        "Följ färg om du kan. Högsta trumf, annars högsta kort i utspelad färg tar sticket.",
        "Rätt bud: 10 + budet (en etta framför: 3 blir 13, 0 blir 10). Fel bud: plump, 0 poäng.",
    ],
    "en": [
        "Bid how many tricks you will take. Left of the dealer bids first, the dealer last.",
        "The dealer may not make the bids add up to the number of tricks.",
        "Follow suit if you can. Highest trump, else highest card of the suit led, wins.",
        "Exact bid: 10 + bid (a 1 written before it: 3 becomes 13, 0 becomes 10). Missed: a plump, 0.",
    ],
}

_WORDS = {
    "sv": {"sub": "Delsumma", "total": "Summa", "cards": "Kort", "title": "Plump"},
    "en": {"sub": "Subtotal", "total": "Total", "cards": "Cards", "title": "Plump"},
}


def _cell(bid: int | None, points: int | None, made: bool | None) -> Cell:
    if bid is None:
        return Cell()
    if points is None:
        return Cell(note=str(bid))
    if made:
        return Cell(text=str(points), note=str(bid), mark="made")
    return Cell(text=str(points) if points else "", note=str(bid), mark="plump")


def build_sheet(record: dict[str, Any], lang: str = "sv") -> Sheet:
    """Plump's grid from a ``stickspel/1`` record."""
    words = _WORDS[lang]
    players = list(record.get("players", []))
    n = len(players)
    table = Table(title=words["title"], columns=players, label_header=words["cards"])
    running = [0] * n
    subtotal_done = False
    deals = record.get("deals", [])
    for k, deal in enumerate(deals):
        size = deal.get("cards")
        if size is None:
            size = len(deal["hands"][0]) if deal.get("hands") else None
        bids: list[int | None] = [None] * n
        for call in deal.get("auction", []):
            try:
                bids[int(call["seat"])] = int(call["call"])
            except (KeyError, ValueError, IndexError):
                continue
        result = deal.get("result")
        cells = []
        for s in range(n):
            if result and "points" in result:
                pts = int(result["points"][s])
                running[s] += pts
                took = result.get("tricks", [None] * n)[s]
                made = bids[s] is not None and took == bids[s]
                cells.append(_cell(bids[s], pts, made))
            else:
                cells.append(_cell(bids[s], None, None))
        table.rows.append(
            Row(
                str(size) if size is not None else "?",
                cells,
                deal.get("dealer"),
                "deal" if result else "pending",
            )
        )
        # 001: a subtotal after the one-card deal, when more deals follow it
        if (
            size == 1
            and not subtotal_done
            and result
            and k + 1 < _expected_deals(record, len(deals))
        ):
            table.rows.append(
                Row(words["sub"], [Cell(str(v), mark="total") for v in running], kind="subtotal")
            )
            subtotal_done = True
    finished = "winner" in record
    totals = list(record.get("totals") or running)
    table.rows.append(
        Row(words["total"], [Cell(str(v), mark="total") for v in running], kind="total")
    )
    return Sheet(
        game="plump",
        title=words["title"],
        players=players,
        tables=[table],
        totals=totals,
        winners=list(record["winner"]) if finished else None,
        rules_text=RULES_TEXT[lang],
        lang=lang,
        meta={"variant": record.get("variant", {})},
    )


def _expected_deals(record: dict[str, Any], played: int) -> int:
    from ..record import rules_from_record

    try:
        rules = rules_from_record(record)
        return max(len(rules.schedule()), played)  # type: ignore[attr-defined]
    except Exception:  # a sheet is drawn even from a record with a bad variant
        return played

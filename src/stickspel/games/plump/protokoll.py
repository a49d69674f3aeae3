"""Plump's protokoll as seed 001 draws it.

One row per deal with the number of cards, a column per player, the dealer
marked; the bid, then ``1`` prefixed when made (3 → 13) or a plump mark; a
subtotal after the one-card deal (where the pyramid turns); totals at the
bottom.  Works from a record with cards or from a scorekeeper's record without
them.  ``full=True`` adds the deals still to come as empty rows (a sheet to
print and fill in); :func:`blank_sheet` is such a sheet before the first deal.

>>> from stickspel.games.plump import PlumpRules
>>> sheet = blank_sheet(PlumpRules(players=3, max_cards=3), ["Anna", "Björn", "Cissi"])
>>> [(row.label, row.dealer) for row in sheet.tables[0].rows]
[('3', 0), ('2', 1), ('1', 2), ('Delsumma', None), ('2', 0), ('3', 1), ('Summa', None)]
>>> record = {"game": "plump", "players": ["A", "B", "C"], "variant": {"players": 3},
...     "deals": [{"dealer": 0, "cards": 10, "auction": [{"seat": 1, "call": "3"},
...     {"seat": 2, "call": "2"}, {"seat": 0, "call": "4"}],
...     "result": {"tricks": [4, 3, 3], "points": [14, 13, 0]}}]}
>>> [c.plain() for c in build_sheet(record).tables[0].rows[0].cells]
['4→14', '3→13', '2●']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from stickspel.core.numbers import parse_digits
from stickspel.games.plump import PlumpRules
from stickspel.i18n import render, texts
from stickspel.protokoll.model import Cell, Row, Sheet, Table, blank_of

__all__ = ["build_sheet", "blank_sheet", "rules_text", "RULES_TEXT"]

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

_SUIT_SYMBOL = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}

_WORDS = texts(
    "protokoll.plump.word"
)  # the catalogues' protokoll.plump.word.* messages, by language

_TEXTS = texts("protokoll.plump")  # the catalogues' protokoll.plump.* messages, by language


def rules_text(rules: PlumpRules, lang: str = "sv") -> list[str]:
    """The scoring rules printed at the bottom of the sheet, for this variant.

    >>> rules_text(PlumpRules())[1]
    'Spärren: givaren får inte bjuda så att buden tillsammans blir lika många som sticken.'
    >>> rules_text(PlumpRules.preset("children"), "en")[1:3]
    ['No restriction on the dealer: the bids may add up.', 'Follow suit if you can. Highest trump, else highest card of the suit led, wins.']
    """
    t = _TEXTS[lang]
    out = [t["simultaneous"] if rules.bidding == "simultaneous" else t["bid"]]
    out.append(t["sparr"] if rules.sparr else t["no_sparr"])
    out.append(t["play"])
    trump = t[f"trump_{rules.trump}"]
    if rules.no_trump_largest and rules.trump != "none":
        trump += " " + t["no_trump_largest"]
    out.append(trump)
    score = t[rules.scoring]
    if rules.plump_penalty:
        score += " " + t["penalty"]
    out.append(score)
    if rules.first_lead == "dealer":
        out.append(t["dealer_leads"])
    if rules.tie_break:
        out.append(t["tie_break"])
    schedule = rules.schedule()
    turn = _turn_index(schedule)
    if turn is None:
        out.append(t["marks_plain"])
    else:
        out.append(t["marks"] if schedule[turn] == 1 else t["marks_top"])
    return out


def _cell(bid: int | None, points: int | None, made: bool | None) -> Cell:
    if bid is None:
        return Cell()
    if points is None:
        return Cell(note=str(bid))
    if made:
        return Cell(text=str(points), note=str(bid), mark="made")
    return Cell(text=str(points) if points else "", note=str(bid), mark="plump")


def _rules_of(record: dict[str, Any]) -> PlumpRules | None:
    from stickspel.records import rules_from_record

    try:
        rules = rules_from_record(record)
    except Exception:  # a sheet is drawn even from a record with a bad variant
        return None
    return rules if isinstance(rules, PlumpRules) else None


def _turn_index(schedule: Sequence[int]) -> int | None:
    """The deal after which the subtotal is drawn: where the pyramid turns (001:
    after the one-card deal in 10→1→10; after the largest in 1→10→1)."""
    if len(schedule) < 3:
        return None
    low = schedule.index(min(schedule))
    if 0 < low < len(schedule) - 1:
        return low
    high = schedule.index(max(schedule))
    if 0 < high < len(schedule) - 1:
        return high
    return None


def build_sheet(record: dict[str, Any], lang: str = "sv", *, full: bool = False) -> Sheet:
    """Plump's grid from a ``stickspel/1`` record; ``full`` adds the deals still to come."""
    words = _WORDS[lang]
    players = list(record.get("players", []))
    n = len(players)
    rules = _rules_of(record)
    schedule = list(rules.schedule()) if rules else []
    deals = record.get("deals", [])
    table = Table(title=words["title"], columns=players, label_header=words["cards"])
    running = [0] * n
    turn = _turn_index(schedule)
    first_dealer = _first_dealer(record, deals)
    rows_total = max(len(schedule), len(deals)) if full else len(deals)
    for k in range(rows_total):
        deal = deals[k] if k < len(deals) else None
        if deal is None:
            dealer = (first_dealer + k) % n if n else None
            table.rows.append(_blank_row(k, schedule, dealer, n))
        else:
            table.rows.append(_deal_row(k, deal, schedule, running))
        # 001: a subtotal after the one-card deal, halfway through the pyramid
        if k == turn and k + 1 < rows_total:
            done = deal is not None and bool(deal.get("result"))
            table.rows.append(
                Row(
                    words["sub"],
                    [Cell(str(v) if done else "", mark="total") for v in running],
                    kind="subtotal",
                )
            )
    finished = record.get("winner") is not None
    totals = list(record.get("totals") or running)
    played = sum(1 for d in deals if isinstance(d, dict) and d.get("result"))
    # a sheet printed mid-game shows the totals so far, marked as not final; a blank
    # one leaves them to be written in
    label, so_far = words["total"], []
    if full and 0 < played < rows_total:
        label = render("protokoll.plump.word.so_far", {}, lang)
        so_far = [render("protokoll.plump.so_far_note", {"n": played, "of": rows_total}, lang)]
    table.rows.append(
        Row(
            label,
            [Cell(str(v) if played or not full else "", mark="total") for v in running],
            kind="total",
        )
    )
    return Sheet(
        game="plump",
        title=words["title"],
        players=players,
        tables=[table],
        totals=totals,
        winners=list(record["winner"]) if finished else None,
        rules_text=so_far + (rules_text(rules, lang) if rules else RULES_TEXT[lang]),
        lang=lang,
        meta={"variant": record.get("variant", {}), "rules": rules.to_text() if rules else ""},
    )


def _first_dealer(record: dict[str, Any], deals: list[Any]) -> int:
    """Who dealt first: the first deal's dealer, else the scorekeeper's setting, else seat 0."""
    first_dealer = int((record.get("scorekeeper") or {}).get("first_dealer", 0))
    if deals and isinstance(deals[0].get("dealer"), int):
        first_dealer = deals[0]["dealer"]
    return first_dealer


def _blank_row(k: int, schedule: list[int], dealer: int | None, n: int) -> Row:
    """A deal still to come: its size from the schedule, the dealer marked, cells empty."""
    size: Any = schedule[k] if k < len(schedule) else None
    return Row(
        str(size) if size is not None else "",
        [Cell() for _ in range(n)],
        dealer,
        "blank",
    )


def _deal_size(k: int, deal: dict[str, Any], schedule: list[int]) -> Any:
    """Cards dealt: as recorded, else counted from the first hand, else from the schedule."""
    size = deal.get("cards")
    if size is None:
        size = len(deal["hands"][0]) if deal.get("hands") else None
    if size is None and k < len(schedule):
        size = schedule[k]
    return size


def _bids(deal: dict[str, Any], n: int) -> list[int | None]:
    """Each seat's bid (``None`` for a seat without a readable one)."""
    bids: list[int | None] = [None] * n
    for call in deal.get("auction", []):
        try:
            bids[int(call["seat"])] = parse_digits(str(call["call"]))
        except (KeyError, ValueError, IndexError, TypeError):
            continue
    return bids


def _deal_row(k: int, deal: dict[str, Any], schedule: list[int], running: list[int]) -> Row:
    """A recorded deal: bids, and once scored the points (added to ``running``) and marks."""
    n = len(running)
    size = _deal_size(k, deal, schedule)
    bids = _bids(deal, n)
    result = deal.get("result")
    cells = []
    for s in range(n):
        if result and "points" in result:
            pts = int(result["points"][s])
            running[s] += pts
            took = result.get("tricks", [None] * n)[s]
            cells.append(_cell(bids[s], pts, bids[s] is not None and took == bids[s]))
        else:
            cells.append(_cell(bids[s], None, None))
    return Row(
        str(size) if size is not None else "?",
        cells,
        deal.get("dealer"),
        "deal" if result else "pending",
        _SUIT_SYMBOL.get(str(deal.get("trump") or "").upper(), ""),
    )


def blank_sheet(
    rules: PlumpRules,
    players: Sequence[str] | None = None,
    lang: str = "sv",
    *,
    first_dealer: int = 0,
) -> Sheet:
    """An empty sheet to print: every deal of ``rules``' schedule, dealer marked.

    ``players`` names the columns (empty heads to write names in by default).
    """
    names = list(players) if players else [""] * rules.players
    if len(names) != rules.players:
        raise ValueError(f"{len(names)} names for {rules.players} players")
    return blank_of(build_sheet, rules, names, lang, first_dealer)

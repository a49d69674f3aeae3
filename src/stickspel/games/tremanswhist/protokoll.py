"""Tremanswhist's protokoll: running totals, −1 marks for exchanges, the variant's rounds.

Main game: one row per deal labelled with its number and type (``+`` plus,
``−`` minus, the trump suit's symbol), each cell the running total with the
deal's points as a note; a seat that took the fourth pile has the ``exchange``
mark and its note shows the −1.  Buying variant: a section per round, each
cell ``tricks/target Σ running total``, a subtotal after each round.

>>> from stickspel.games.tremanswhist import TremanswhistState
>>> state = TremanswhistState()
>>> state.apply_reported_deal({"upcard": "KH", "exchanges": [{"seat": 1, "take": True}],
...                            "result": {"tricks": [3, 7, 3]}})
>>> sheet = build_sheet(state.to_record(["Anna", "Björn", "Cissi"]))
>>> [(row.label, [c.plain() for c in row.cells]) for row in sheet.tables[0].rows]
[('1 +♥', ['−1 Σ−1', '+3−1 Σ2', '−1 Σ−1']), ('Summa', ['−1', '2', '−1'])]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from stickspel.i18n import texts
from stickspel.protokoll.model import Cell, Row, Sheet, Table, blank_of

__all__ = ["build_sheet", "rules_text", "RULES_TEXT", "BUYING_RULES_TEXT"]

RULES_TEXT = {
    "sv": [
        "Sista kortet i fjärde högen vänds upp: 2–7 minus (ta så få stick som möjligt),"
        " 8–10 plus utan trumf, knekt–ess plus med kortets färg som trumf.",
        "Fjärde högen erbjuds i tur från förhand i utbyte mot hela handen; den som byter får −1.",
        "Bekänn färg; är du renons måste du trumfa om du kan.",
        "Plus: +1 för varje stick över 4, −1 för varje under 4. Minus: tvärtom.",
        "Först till +10 efter en giv vinner; lika i topp spelar vidare.",
    ],
    "en": [
        "The last card of the fourth pile is turned: 2–7 minus (take as few tricks as you can),"
        " 8–10 plus without trump, jack–ace plus with its suit as trump.",
        "The fourth pile is offered in turn from förhand for the whole hand; a taker scores −1.",
        "Follow suit; if void you must trump if you can.",
        "Plus: +1 for each trick over 4, −1 for each under 4. Minus: the reverse.",
        "First to +10 at the end of a deal wins; a tie at the top plays on.",
    ],
}

BUYING_RULES_TEXT = {
    "sv": [
        "Nio givar i tre omgångar: plus utan trumf, minus, plus med lottad trumf.",
        "Från förhand får var och en en gång saka kort och köpa lika många från fjärde högen.",
        "Krav i plus: förhand 6, mellanhand 5, givaren 2; i minus: 2, 5, 6.",
        "Plus: stick − krav; minus: krav − stick. Flest poäng efter nio givar vinner.",
        "Varje ruta: stick/krav Σ summa.",
    ],
    "en": [
        "Nine deals in three rounds: plus without trump, minus, plus with a drawn trump.",
        "From förhand each player once may put away cards and buy as many from the fourth pile.",
        "Targets in plus: förhand 6, second hand 5, dealer 2; in minus: 2, 5, 6.",
        "Plus: tricks − target; minus: target − tricks. Highest total after nine deals wins.",
        "Each box: tricks/target Σ running total.",
    ],
}

_WORDS = texts(
    "protokoll.tremanswhist.word"
)  # the catalogues' protokoll.tremanswhist.word.* messages, by language
_ROUNDS = {
    "sv": ("plus utan trumf", "minus", "plus med trumf"),
    "en": ("plus, no trump", "minus", "plus with trump"),
}
_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
_MINUS = "−"


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else (f"{_MINUS}{-n}" if n < 0 else "0")


def _num(n: int) -> str:
    return f"{_MINUS}{-n}" if n < 0 else str(n)


def _kind(deal: dict[str, Any]) -> str | None:
    result = deal.get("result") or {}
    kind = deal.get("kind") or result.get("kind")
    if kind in ("plus", "minus"):
        return str(kind)
    up = deal.get("upcard")
    if isinstance(up, str) and up:
        return "minus" if up[0] in "234567" else "plus"
    return None


def _label(number: int, deal: dict[str, Any]) -> str:
    kind = _kind(deal)
    sign = {"plus": "+", "minus": _MINUS}.get(kind or "", "?")
    trump = deal.get("trump")
    return f"{number} {sign}{_SYMBOLS.get(str(trump).upper(), '') if trump else ''}"


def _takers(deal: dict[str, Any]) -> list[int]:
    return [
        int(e["seat"])
        for e in deal.get("exchanges") or []
        if isinstance(e, dict) and e.get("take") is True and isinstance(e.get("seat"), int)
    ]


def build_sheet(record: dict[str, Any], lang: str = "sv", *, full: bool = False) -> Sheet:
    """Tremanswhist's protokoll from a ``stickspel/1`` record (finished or not);
    ``full`` adds the deals still to come as empty rows (a sheet to print mid-game)."""
    lang_key = "en" if lang == "en" else "sv"
    words = _WORDS[lang_key]
    players = list(record.get("players", []))
    n = len(players)
    variant = record.get("variant") or {}
    buying = variant.get("form") == "buying"
    table = Table(
        title=words["title_buying" if buying else "title"],
        columns=players,
        label_header=words["deal"],
    )
    running = [0] * n
    deals = [d for d in record.get("deals", []) if isinstance(d, dict)]
    for k, deal in enumerate(deals):
        if buying and k % 3 == 0:
            table.rows.append(_round_row(k // 3, words, lang_key))
        cells = _deal_cells(deal, running, buying)
        points = (deal.get("result") or {}).get("points")
        table.rows.append(
            Row(_label(k + 1, deal), cells, deal.get("dealer"), "deal" if points else "pending")
        )
        if buying and k % 3 == 2 and points:
            table.rows.append(
                Row(
                    f"{words['after']} {k // 3 + 1}",
                    [Cell(_num(v), mark="total") for v in running],
                    kind="subtotal",
                )
            )
    finished = record.get("winner") is not None
    if full and not finished:
        _rows_to_come(table, record, len(deals), words, lang_key)
    table.rows.append(
        Row(words["total"], [Cell(_num(v), mark="total") for v in running], kind="total")
    )
    return Sheet(
        game="tremanswhist",
        title=table.title,
        players=players,
        tables=[table],
        totals=list(record.get("totals") or running),
        winners=list(record["winner"]) if finished else None,
        rules_text=rules_text(variant, lang_key),
        lang=lang,
        meta={"variant": variant},
    )


def _rows_to_come(
    table: Table, record: dict[str, Any], played: int, words: Mapping[str, str], lang_key: str
) -> None:
    """Empty rows for the deals still to come, the dealer marked: the buying form's nine
    (with its rounds), else up to the game's most deals or a blank sheet's twenty."""
    variant = record.get("variant") or {}
    buying = variant.get("form") == "buying"
    last = 9 if buying else int(variant.get("max_deals") or _BLANK_DEALS)
    deals = [d for d in record.get("deals", []) if isinstance(d, dict)]
    keeper = record.get("scorekeeper") or {}
    first = deals[0].get("dealer") if deals else keeper.get("first_dealer", 0)
    n = len(table.columns)
    for k in range(played, last):
        if buying and k % 3 == 0:
            table.rows.append(_round_row(k // 3, words, lang_key))
        dealer = (int(first or 0) + k) % n if n else None
        table.rows.append(Row(str(k + 1), [Cell() for _ in range(n)], dealer, "blank"))


#: Empty rows a sheet of the main game has to print (as a blank sheet has).
_BLANK_DEALS = 20


def rules_text(variant: Mapping[str, Any], lang: str = "sv") -> list[str]:
    """The rules printed under the sheet, with this game's own figures: the winning
    score, a cap on the deals, the targets, the offer going round, trump in minus.

    >>> rules_text({"win_score": 3}, "en")[-1]
    'First to +3 at the end of a deal wins; a tie at the top plays on.'
    >>> rules_text({"form": "buying", "plus_targets": [7, 4, 2]}, "sv")[2]
    'Krav i plus: förhand 7, mellanhand 4, givaren 2; i minus: 2, 5, 6.'
    """
    from stickspel.games.tremanswhist import TremanswhistRules
    from stickspel.i18n import render

    rules = TremanswhistRules()

    def value(name: str) -> Any:
        return variant.get(name, getattr(rules, name))

    def w(key: str, **params: Any) -> str:
        return render(f"protokoll.tremanswhist.rules.{key}", params, lang)

    if value("form") == "buying":
        out = list(BUYING_RULES_TEXT[lang])
        plus, minus = list(value("plus_targets")), list(value("minus_targets"))
        out[2] = w(
            "targets", p0=plus[0], p1=plus[1], p2=plus[2], m0=minus[0], m1=minus[1], m2=minus[2]
        )
        return out
    out = list(RULES_TEXT[lang])
    if value("minus_trump"):
        out[0] += " " + w("minus_trump")
    if value("offer_continues"):
        out[1] += " " + w("offer_continues")
    out[-1] = w("win", n=value("win_score"))
    if value("max_deals") is not None:
        out[-1] += " " + w("max_deals", n=value("max_deals"))
    return out


def _round_row(rnd: int, words: Mapping[str, str], lang_key: str) -> Row:
    """The buying form's section heading for round ``rnd`` (counted from 0)."""
    return Row(
        f"{words['round']} {rnd + 1}: {_ROUNDS[lang_key][min(rnd, 2)]}",
        [],
        None,
        "section",
    )


def _deal_cells(deal: dict[str, Any], running: list[int], buying: bool) -> list[Cell]:
    """A deal's cells: the running total (``running`` is updated) with the deal's points,
    or the buying form's tricks/target, as note; a pile taker marked with its −1."""
    n = len(running)
    result = deal.get("result") or {}
    takers = _takers(deal)
    cells: list[Cell] = []
    points = result.get("points")
    tricks = result.get("tricks") or [None] * n
    targets = result.get("targets") or [None] * n
    for s in range(n):
        mark = "exchange" if s in takers else "running"
        if not isinstance(points, list):
            taker = mark == "exchange"
            cells.append(Cell(note=f"{_MINUS}1" if taker else "", mark=mark if taker else None))
            continue
        pts = int(points[s])
        running[s] += pts
        if buying:
            note = f"{tricks[s]}/{targets[s]}"
        elif mark == "exchange":
            note = _signed(pts + takers.count(s)) + f"{_MINUS}{takers.count(s)}"
        else:
            note = _signed(pts)
        cells.append(Cell(text=_num(running[s]), note=note, mark=mark))
    return cells


def blank_sheet(
    rules: Any,
    players: Sequence[str] | None = None,
    lang: str = "sv",
    *,
    first_dealer: int = 0,
) -> Sheet:
    """An empty sheet to print: the deals to come with their dealers (the buying
    form's nine in their rounds), ``players`` naming the columns."""
    names = list(players) if players else [""] * 3
    return blank_of(build_sheet, rules, names, lang, first_dealer)

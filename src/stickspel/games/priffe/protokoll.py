"""Priffe's protokoll: the score sheet a Priffe table keeps.

One grid per rubber, a pair of columns per *bolag* (partnership): above the
line (*över strecket*) honours, slams and penalties; below it (*under
strecket*) the trick score toward game.  A won game is marked and a line
drawn under both sides' trick scores (they start again from nothing); a won
rubber is marked and summed.  Then the parti: each player's points per rubber
and in total (partners carry their pair's figure), the winner marked.

Built from the record's results (replayed when the record is sound, so a
scorekeeper's record without cards gets every derived figure too).

>>> from stickspel.games.priffe import PriffeState
>>> state = PriffeState()
>>> state.apply_reported_deal({"dealer": 0, "auction": [{"seat": 1, "call": "hjärter"},
...     {"seat": 2, "call": "pass"}, {"seat": 3, "call": "pass"}, {"seat": 0, "call": "pass"}],
...     "result": {"tricks": [4, 9], "honours": {"side": 1, "held": [4, 0]}}})
>>> sheet = build_sheet(state.to_record(["Anna", "Björn", "Cissi", "David"]))
>>> table = sheet.tables[0]
>>> table.columns
['Anna & Cissi över', 'Anna & Cissi under', 'Björn & David över', 'Björn & David under']
>>> [c.plain() for c in table.rows[0].cells], table.rows[0].label
(['', '', 'honnörer→50', '30'], '1 hjärter Björn')
>>> table.rows[1].label
'Utgång: Björn & David'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from stickspel.games.priffe.rules import PriffeRules
from stickspel.games.priffe.state import PriffeState
from stickspel.i18n import texts
from stickspel.protokoll.model import Cell, Row, Sheet, Table

__all__ = ["build_sheet", "RULES_TEXT"]

RULES_TEXT = {
    "sv": [
        "Ett varv bud från förhand: pass eller högre bud. Klöver < spader < ruter < hjärter < noll < spel.",
        "Spader bara av förhand eller andra hand; spel avbryter budgivningen. Blir spader eller klöver liggande, eller passar alla: tvångsnoll.",
        "Högspel: 7 stick, 10 per stick över sex. Noll: högst 6 stick, 10 per stick under sju. Tar motspelarna det, får de lika mycket till i straff.",
        "Tvångsnoll: varje par 10 per stick under sex. Lillslam 20, storslam 40. Honnörer 50/40/30 över strecket.",
        "Utgång vid 30 trickpoäng under strecket (nollställer båda); robbert vid två utgångar.",
    ],
    "en": [
        "One round of calls from förhand: pass or a higher bid. Clubs < spades < diamonds < hearts < noll < spel.",
        "Spader only from förhand or second hand; spel ends the auction. Spader or klöver standing, or all passing: tvångsnoll.",
        "High games: 7 tricks, 10 a trick over six. Noll: at most 6, 10 a trick under seven. If the defence does it, it scores as much again as penalty.",
        "Tvångsnoll: each pair 10 a trick under six. Little slam 20, grand slam 40. Honours 50/40/30 above the line.",
        "Game at 30 trick points below the line (clears both sides); rubber at two games.",
    ],
}

_WORDS = texts(
    "protokoll.priffe.word"
)  # the catalogues' protokoll.priffe.word.* messages, by language


def _deals(record: dict[str, Any]) -> list[dict[str, Any]]:
    """The record's deals with every derived result field, from a replay if sound."""
    from stickspel.records import RecordError, replay

    try:
        rep = replay(record, check_totals=False)
    except (RecordError, ValueError, KeyError, TypeError):
        return [d for d in record.get("deals", []) if isinstance(d, dict)]
    deals = list(rep.state.deal_records)
    raw = record.get("deals", [])
    if len(raw) > len(deals):  # the deal in progress
        deals.append(raw[len(deals)])
    return deals


def _above_note(result: dict[str, Any], side: int, w: Mapping[str, str]) -> tuple[str, str]:
    parts = []
    total = 0
    for key in ("honours", "slam", "penalty"):
        item = result.get(key)
        if isinstance(item, dict) and item.get("side") == side:
            name = w["honours"] if key == "honours" else w["penalty"]
            if key == "slam":
                name = w.get(str(item.get("kind")), str(item.get("kind")))
            parts.append(name)
            total += int(item.get("points", 0))
    return (str(total) if total else "", " + ".join(parts))


def build_sheet(record: dict[str, Any], lang: str = "sv", *, full: bool = False) -> Sheet:
    """Priffe's sheet from a ``stickspel/1`` record (finished or not, with or without
    cards); ``full`` adds empty rows to the rubber under way, as many as a blank
    sheet's grid has (how many deals a rubber takes is not known before)."""
    w = _WORDS[lang]
    players = [str(p) for p in record.get("players", [])]
    while len(players) < 4:
        players.append(f"{len(players) + 1}")
    tally = _Tally(players, w)
    for k, deal in enumerate(_deals(record), start=1):
        tally.add_deal(k, deal)
    finished = record.get("winner") is not None
    winners = list(record["winner"]) if finished else None
    table = (tally.table or tally._start_rubber(1)) if full and not finished else None
    if table is not None and not (table.rows and table.rows[-1].kind == "subtotal"):
        # (a rubber just won: the next one's pairs are known only when it is dealt)
        table.rows += [Row("", [Cell() for _ in range(4)], kind="blank") for _ in range(8)]
    tally.tables.append(_parti_table(tally, winners))
    variant = record.get("variant") or {}
    return Sheet(
        game="priffe",
        title=w["title"],
        players=players[:4],
        tables=tally.tables,
        totals=list(record.get("totals") or tally.person_totals),
        winners=winners,
        rules_text=_rules_text(variant, lang, w),
        lang=lang,
        meta={"variant": variant, "per_rubber": tally.per_rubber},
    )


@dataclass
class _Tally:
    """The rubber grids as they are drawn deal by deal, and the sums carried between deals."""

    players: list[str]
    w: Mapping[str, str]
    tables: list[Table] = field(default_factory=list)
    per_rubber: list[list[int]] = field(default_factory=list)  # a person's points per rubber
    person_totals: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    rubber_sums: list[int] = field(default_factory=lambda: [0, 0])  # per pair, this rubber
    table: Table | None = None
    current_rubber: int = 0
    seating: list[int] = field(default_factory=lambda: [0, 1, 2, 3])

    def pair(self, side: int) -> str:
        """The pair playing ``side`` in the current deal's seating, by name."""
        return f"{self.players[self.seating[side]]} & {self.players[self.seating[side + 2]]}"

    def add_deal(self, k: int, deal: dict[str, Any]) -> None:
        """Deal ``k``'s rows: pending, or scored with its game and rubber lines."""
        result = deal.get("result") if isinstance(deal.get("result"), dict) else None
        rubber = (
            int(result.get("rubber", self.current_rubber or 1))
            if result
            else self.current_rubber or 1
        )
        self.seating = list(deal.get("seating") or [0, 1, 2, 3])
        if self.table is None or rubber != self.current_rubber:
            self.table = self._start_rubber(rubber)
        table = self.table
        auction = deal.get("auction") or []
        if result is None:
            calls = " ".join(str(c.get("call")) for c in auction if isinstance(c, dict))
            table.rows.append(Row(f"{k} {calls}".strip(), [Cell() for _ in range(4)],
                                  deal.get("dealer"), "pending"))  # fmt: skip
            return
        table.rows.append(self._deal_row(k, result))
        self._add_points(result)
        won = result.get("game_won")
        if isinstance(won, int):
            game_row = Row(
                self.w["game"].format(pair=self.pair(won)),
                [Cell() for _ in range(4)],
                kind="section",
            )
            table.rows.append(game_row)
        rw = result.get("rubber_won")
        if isinstance(rw, int):
            # who won, on a line across the sheet; the sums under it, labelled short
            # (a long label would have to be printed too small to read)
            winner = self.w["rubber_won"].format(pair=self.pair(rw))
            table.rows.append(Row(winner, [], None, "section"))
            table.rows.append(self._rubber_won_row(rw))

    def _start_rubber(self, rubber: int) -> Table:
        """A new grid for ``rubber``: above and below columns per pair, sums from nothing."""
        w = self.w
        self.current_rubber = rubber
        cols = []
        for side in (0, 1):
            cols += [f"{self.pair(side)} {w['above']}", f"{self.pair(side)} {w['below']}"]
        table = Table(
            title=f"{w['title']} · {w['rubber'].format(k=rubber)}",
            columns=cols,
            label_header=w["deal"],
        )
        self.tables.append(table)
        self.per_rubber.append([0, 0, 0, 0])
        self.rubber_sums = [0, 0]
        return table

    def _deal_row(self, k: int, result: dict[str, Any]) -> Row:
        """A scored deal: contract and bidder, then per pair above and below the line."""
        contract = str(result.get("contract", "?"))
        bidder = result.get("bidder")
        label = f"{k} {contract}"
        if isinstance(bidder, int) and contract != "tvångsnoll":
            label += f" {self.players[self.seating[bidder]]}"
        cells: list[Cell] = []
        trick_points = result.get("trick_points") or [0, 0]
        for side in (0, 1):
            text, note = _above_note(result, side, self.w)
            cells.append(Cell(text=text, note=note))
            below = int(trick_points[side])
            game_mark = "game" if result.get("game_won") == side else None
            cells.append(Cell(text=str(below) if below else "", mark=game_mark))
        return Row(label, cells)

    def _add_points(self, result: dict[str, Any]) -> None:
        """The deal's points to each person (through the seating) and to each pair's rubber."""
        points = result.get("points") or [0, 0, 0, 0]
        for seat in range(4):
            self.person_totals[self.seating[seat]] += int(points[seat])
            self.per_rubber[-1][self.seating[seat]] += int(points[seat])
        for side in (0, 1):
            self.rubber_sums[side] += int(points[side])

    def _rubber_won_row(self, rw: int) -> Row:
        """The rubber's end: each pair's sum under its above column, the winner marked."""
        sums = []
        for side in (0, 1):
            sums += [
                Cell(str(self.rubber_sums[side]), mark="rubber" if side == rw else "total"),
                Cell(),
            ]
        return Row(self.w["rubber_sum"], sums, kind="subtotal")


def _parti_table(tally: _Tally, winners: list[Any] | None) -> Table:
    """The parti: each person's points per rubber and in total, the winners marked."""
    w = tally.w
    parti = Table(title=w["parti"], columns=tally.players[:4], label_header="")
    for k, row in enumerate(tally.per_rubber, start=1):
        parti.rows.append(Row(w["rubber"].format(k=k), [Cell(str(v)) for v in row]))
    parti.rows.append(
        Row(
            w["total"],
            [
                Cell(str(v), mark="rubber" if winners and p in winners else "total")
                for p, v in enumerate(tally.person_totals)
            ],
            kind="total",
        )
    )
    return parti


def _rules_text(variant: dict[str, Any], lang: str, w: Mapping[str, str]) -> list[str]:
    """The rules printed under the sheet; the old style's scoring gets its own line."""
    rules_text = list(RULES_TEXT[lang])
    if variant.get("style") == "old":
        rules_text = [rules_text[0].split(".")[0] + ".", w["old_rules"]]
    return rules_text


def blank_sheet(
    rules: PriffeRules,
    players: Sequence[str] | None = None,
    lang: str = "sv",
    *,
    first_dealer: int = 0,
) -> Sheet:
    """Priffe's sheet with its real layout (a grid per rubber, pairs as the partners
    rotate, the parti table), every figure left out.

    The layout is taken from Priffe's own sheet of a stand-in parti (each rubber
    won by two games of *spel*), then emptied.
    """
    names = list(players) if players else [""] * 4
    state = PriffeState(rules, first_dealer=first_dealer)
    k = 0
    while not state.is_terminal() and k < 40:
        dealer = state.dealer()
        bidder = (dealer + 1) % 4
        tricks = [13, 0] if bidder % 2 == 0 else [0, 13]
        auction = [{"seat": bidder, "call": "spel"}]
        state.apply_reported_deal(
            {"dealer": dealer, "auction": auction, "result": {"tricks": tricks}}
        )
        k += 1
    shown = [p or " " * (i + 1) for i, p in enumerate(names)]  # pairs of empty names stay apart
    sheet = build_sheet(state.to_record(shown), lang)
    for table in sheet.tables:
        table.columns = [
            c if c.split("&")[0].strip() else c.replace("&", "").strip() for c in table.columns
        ]
        total = next((r for r in table.rows if r.kind == "total"), None)
        if total is not None:  # the parti table: the rubbers' rows stay, their figures go
            for r in table.rows:
                r.cells = [Cell(mark=c.mark if r.kind == "total" else None) for c in r.cells]
            continue
        width = len(table.columns)
        sub_word = {"sv": "Summa", "en": "Total"}.get(lang, "Summa")
        table.rows = [Row("", [Cell() for _ in range(width)], kind="blank") for _ in range(8)]
        table.rows.append(
            Row(sub_word, [Cell(mark="total") for _ in range(width)], kind="subtotal")
        )
    sheet.players = names
    sheet.totals = None
    sheet.winners = None
    sheet.meta["blank"] = True
    return sheet

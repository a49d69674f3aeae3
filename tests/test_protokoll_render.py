"""One model, three renderings: the terminal (Rich), HTML and the sheet model itself,
for Plump (engine-played and kept by hand), Priffe and Tremanswhist."""

from __future__ import annotations

import io
import re
from html.parser import HTMLParser

from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console
from test_scorekeeper_plump import EVENING, NAMES, TOTALS
from test_scorekeeper_priffe import TOTALS as PRIFFE_TOTALS
from test_scorekeeper_priffe import _parti

from stickspel.bots import RandomBot, Turn
from stickspel.core.cards import make_rng
from stickspel.games.plump import PlumpRules, PlumpState
from stickspel.games.plump.protokoll import build_sheet as plump_sheet
from stickspel.games.plump.sheet import add_plump
from stickspel.games.tremanswhist.sheet import tremanswhist_deal
from stickspel.protokoll import blank_sheet, build_sheet
from stickspel.protokoll.html import render_html, render_page
from stickspel.protokoll.model import Cell, Row, Sheet, Table
from stickspel.protokoll.scorekeeper import Session
from stickspel.protokoll.terminal import render_sheet
from stickspel.records import replay


def _evening() -> Session:
    s = Session.new("plump", NAMES)
    for _c, _d, bids, said, _, _ in EVENING:
        add_plump(s, bids, said.split())
    return s


def _terminal(sheet: Sheet) -> str:
    buf = io.StringIO()
    console = Console(file=buf, width=120, color_system=None)
    for table in render_sheet(sheet):
        console.print(table)
    return buf.getvalue()


class _Cells(HTMLParser):
    """Reads an HTML table back: rows of (classes, text) per cell."""

    def __init__(self) -> None:
        super().__init__()
        self.rows: list[tuple[str, list[tuple[str, str]]]] = []
        self._cell: list[str] | None = None
        self._cls = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "tr":
            self.rows.append((a.get("class") or "", []))
        elif tag in ("td", "th"):
            self._cell, self._cls = [], a.get("class") or ""
        elif tag == "span" and a.get("class") == "blot" and self._cell is not None:
            self._cell.append("●")

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell.append(data)

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th") and self._cell is not None:
            self.rows[-1][1].append((self._cls, "|".join(self._cell)))
            self._cell = None


def test_html_of_an_evening_has_every_cell() -> None:
    sheet = build_sheet(_evening().doc)
    parser = _Cells()
    parser.feed(render_html(sheet))
    head, *body = parser.rows
    assert [t for _, t in head[1]] == ["Kort", "Anna", "Björn", "Cissi"]
    deal_rows = [r for r in body if r[0] == "deal"]
    assert len(deal_rows) == 19
    first = deal_rows[0][1]
    assert first[0] == ("label", "10")
    assert first[1] == ("cell made dealer", "3|13")  # Anna dealt, bid 3, made it
    assert first[2] == ("cell plump", "4|●")  # Björn bid 4: a blot
    assert first[3] == ("cell made", "2|12")
    sub = next(r for r in body if r[0] == "subtotal")[1]
    assert [t for _, t in sub] == ["Delsumma", "67", "81", "83"]
    total = next(r for r in body if r[0] == "total")[1]
    assert [t for _, t in total] == ["Summa"] + [str(v) for v in TOTALS]
    # the winner's name is marked in the head
    assert '<th class="winner">Björn</th>' in render_html(sheet)


def test_html_escapes_everything() -> None:
    t = Table("<b>", ["<script>", "A&B"], [Row("1 <i>", [Cell("1", '"x"', "made"), Cell()])])
    html = render_html(Sheet("plump", "<title>", ["<script>", "A&B"], [t], rules_text=["<r>"]))
    assert "<script>" not in html and "&lt;script&gt;" in html and "A&amp;B" in html
    assert "&lt;b&gt;" in html and "&lt;r&gt;" in html and "&quot;x&quot;" in html
    page = render_page(Sheet("plump", "Å", ["A"], [t]))
    assert page.startswith("<!DOCTYPE html>") and '<meta charset="utf-8">' in page


def test_terminal_shows_dealer_bids_scores_and_blots() -> None:
    out = _terminal(build_sheet(_evening().doc))
    first = next(ln for ln in out.splitlines() if re.match(r"^\W*10 ", ln))
    assert "•3→13" in first and "4 ●" in first and "2→12" in first
    summa = next(ln for ln in out.splitlines() if "Summa" in ln and "Del" not in ln)
    assert [int(v) for v in re.findall(r"\d+", summa)] == TOTALS
    assert "Delsumma" in out


def test_priffe_and_tremanswhist_render_everywhere() -> None:
    s = _parti()
    sheet = build_sheet(s.doc)
    assert sheet.totals == PRIFFE_TOTALS
    out = _terminal(sheet)
    assert "Robbert 3" in out and "480" in out
    html = render_html(sheet)
    assert html.count("<table>") == len(sheet.tables) == 4
    blank = blank_sheet("priffe", s.rules, NAMES + ["David"])
    assert all(not c.text for t in blank.tables for r in t.rows for c in r.cells)
    # rubber 2's partners, their name once over their above- and below-the-line columns
    assert '<th class="group" colspan="2">Anna &amp; Björn</th>' in render_html(blank)
    assert '<th class="part">över</th><th class="part">under</th>' in render_html(blank)


@settings(max_examples=15, deadline=None)
@given(players=st.integers(3, 7), seed=st.integers(0, 10_000))
def test_engine_games_sheet_totals_equal_replay(players: int, seed: int) -> None:
    state = PlumpState(PlumpRules(players=players, max_cards=3))
    rng, bot = make_rng(seed), RandomBot(seed)
    while not state.is_terminal():
        if state.is_chance():
            state.apply_chance(rng)
        else:
            state.apply_action(bot.act(Turn.of(state)))
    record = state.to_record([f"P{i}" for i in range(players)])
    totals = replay(record).summary()["totals"]
    sheet = plump_sheet(record, full=True)
    rows = sheet.tables[0].rows
    assert [int(c.text) for c in rows[-1].cells] == totals
    deal_rows = [r for r in rows if r.kind == "deal"]
    assert [r.label for r in deal_rows] == ["3", "2", "1", "2", "3"]
    assert [r.dealer for r in deal_rows] == [k % players for k in range(5)]
    for row, deal in zip(deal_rows, record["deals"], strict=True):
        bids = {a["seat"]: int(a["call"]) for a in deal["auction"]}
        for seat, cell in enumerate(row.cells):
            took, pts = deal["result"]["tricks"][seat], deal["result"]["points"][seat]
            assert cell.mark == ("made" if took == bids[seat] else "plump")
            assert cell.note == str(bids[seat]) and int(cell.text or 0) == pts
    # the subtotal after the one-card deal adds up the rows above it
    sub = rows[3]
    assert sub.kind == "subtotal"
    assert [int(c.text) for c in sub.cells] == [
        sum(d["result"]["points"][s] for d in record["deals"][:3]) for s in range(players)
    ]


def test_tremanswhist_buying_rounds_span_the_html_table() -> None:
    t = Session.new("tremanswhist", ["Anna", "Björn", "Cissi"], form="buying")
    t.add(tremanswhist_deal(t, [6, 5, 2], purchases=[3, 2, 0]))
    sheet = build_sheet(t.doc)
    html = render_html(sheet)
    assert '<tr class="section"><td class="label" colspan="4">Omgång 1' in html
    parser = _Cells()
    parser.feed(html)
    deal = next(cells for kind, cells in parser.rows if kind == "deal")
    # tricks/target as the note, the running total as the figure; Anna dealt
    assert deal == [
        ("label", "1 +"),
        ("cell running dealer", "6/2|4"),  # running: the figure is a running total (Σ)
        ("cell running", "5/6|−1"),
        ("cell running", "2/5|−3"),
    ]
    assert sheet.totals == [4, -1, -3] == t.totals()

"""The PDF protokoll checked as a person would: rendered to PNG (pdftoppm) and read
back as text (pdftotext -layout), blank and filled, for 3 to 7 players."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path
from typing import Any

import pytest
from PIL import Image
from test_scorekeeper_plump import EVENING, NAMES, SUBTOTAL, TOTALS

from stickspel.bots import RandomBot, Turn
from stickspel.core.cards import make_rng
from stickspel.games.plump import PlumpRules, PlumpState
from stickspel.games.plump.protokoll import blank_sheet
from stickspel.games.plump.sheet import add_plump
from stickspel.games.tremanswhist.sheet import tremanswhist_deal
from stickspel.protokoll import build_sheet
from stickspel.protokoll.pdf import write_pdf
from stickspel.protokoll.scorekeeper import Session
from stickspel.records import replay

ALL_NAMES = ["Anna", "Björn", "Cissi", "David", "Åsa", "Örjan", "Märta"]
DPI = 100


def _text(pdf: Path) -> str:
    out = subprocess.run(
        ["pdftotext", "-layout", str(pdf), "-"], capture_output=True, check=True, text=True
    )
    return out.stdout


def _png(pdf: Path) -> Image.Image:
    prefix = pdf.with_suffix("")
    subprocess.run(
        ["pdftoppm", "-png", "-r", str(DPI), "-f", "1", "-l", "1", str(pdf), str(prefix)],
        check=True,
    )
    pngs = sorted(pdf.parent.glob(prefix.name + "-*.png"))
    return Image.open(pngs[0]).convert("L")


def _words(pdf: Path) -> list[tuple[str, float, float]]:
    """Each word of page 1 with its centre in mm from the top left (pdftotext -bbox)."""
    out = subprocess.run(
        ["pdftotext", "-bbox", "-f", "1", "-l", "1", str(pdf), "-"],
        capture_output=True,
        check=True,
        text=True,
    ).stdout
    mm = 25.4 / 72
    words = []
    for m in re.finditer(
        r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>',
        out,
    ):
        x0, y0, x1, y1 = (float(m.group(k)) for k in range(1, 5))
        words.append((m.group(5), (x0 + x1) / 2 * mm, (y0 + y1) / 2 * mm))
    return words


def _inside(words: list[tuple[str, float, float]], box: dict[str, Any]) -> list[str]:
    """The words drawn inside a traced box, left to right."""
    found = [
        (x, w)
        for w, x, y in words
        if box["x"] <= x <= box["x"] + box["w"] and box["y"] <= y <= box["y"] + box["h"]
    ]
    return [w for _, w in sorted(found)]


def _labels(text: str, words: tuple[str, str] = ("Delsumma", "Summa")) -> list[str]:
    """The first word of every grid row, top to bottom."""
    out = []
    for line in text.splitlines():
        first = line.split()[0] if line.split() else ""
        if first.isdigit() or first in words:
            out.append(first)
    return out


def _row_line(text: str, label: str, k: int = 0) -> list[str]:
    lines = [ln for ln in text.splitlines() if ln.split() and ln.split()[0] == label]
    return lines[k].split()


def _darkness(img: Image.Image, box: dict[str, Any], shrink: float = 0.0) -> float:
    """Mean ink (0 white … 255 black) inside a traced box (mm)."""
    px = DPI / 25.4
    x0, y0 = (box["x"] + shrink) * px, (box["y"] + shrink) * px
    x1, y1 = (box["x"] + box["w"] - shrink) * px, (box["y"] + box["h"] - shrink) * px
    values = img.crop((int(x0), int(y0), int(x1) + 1, int(y1) + 1)).tobytes()
    return 255 - sum(values) / len(values)


def _ink_at_centre(img: Image.Image, box: dict[str, Any], half: float = 0.4) -> float:
    """Mean ink in a small square (±``half`` mm) at the centre of a traced box."""
    cx, cy = box["x"] + box["w"] / 2, box["y"] + box["h"] / 2
    return _darkness(img, {"x": cx - half, "y": cy - half, "w": 2 * half, "h": 2 * half})


def _expected_labels(rules: PlumpRules, sv: bool = True) -> list[str]:
    sched = [str(c) for c in rules.schedule()]
    turn = sched.index("1")
    sub, total = ("Delsumma", "Summa") if sv else ("Subtotal", "Total")
    return sched[: turn + 1] + [sub] + sched[turn + 1 :] + [total]


@pytest.mark.parametrize("n", [3, 4, 5, 6, 7])
def test_blank_sheet_layout(tmp_path: Path, n: int) -> None:
    rules = PlumpRules(players=n)
    names = ALL_NAMES[:n]
    trace: list[dict[str, Any]] = []
    pdf = write_pdf(blank_sheet(rules, names), tmp_path / f"blank{n}.pdf", trace)
    text = _text(pdf)
    # one row per deal, in order: 10→1→10 (8 for six, 7 for seven), subtotal, total
    assert _labels(text) == _expected_labels(rules)
    assert _labels(text)[0] == str({3: 10, 4: 10, 5: 10, 6: 8, 7: 7}[n])
    header = next(ln for ln in text.splitlines() if ln.split()[:1] == ["Kort"])
    assert header.split()[1:] == names  # å/ä/ö come back as written: the font is embedded
    assert "Regler" in text and "Spärren: givaren får inte bjuda" in text
    assert "Rätt bud: 10 + budet" in text
    fonts = subprocess.run(["pdffonts", str(pdf)], capture_output=True, text=True).stdout
    assert "DejaVuSans" in fonts and all(
        line.split()[-5] == "yes" for line in fonts.splitlines()[2:]
    )
    # the dealer's dot: one per deal row, moving one column to the left each deal
    dots = [t for t in trace if t["kind"] == "dealer"]
    deal_rows = len(rules.schedule())
    assert len(dots) == deal_rows
    assert [d["column"] for d in dots] == [k % n for k in range(deal_rows)]
    assert [d["y"] for d in dots] == sorted(d["y"] for d in dots)
    img = _png(pdf)
    w, h = img.size  # A4 portrait
    assert abs(w - 210 / 25.4 * DPI) <= 1 and abs(h - 297 / 25.4 * DPI) <= 1
    for d in dots:
        assert _ink_at_centre(img, d) > 150
    # and nothing is written in the players' boxes of a blank sheet
    cells = [t for t in trace if t["kind"] == "cell"]
    assert max(_darkness(img, c, shrink=1.0) for c in cells) < 25


def test_blank_sheet_options_and_english(tmp_path: Path) -> None:
    rules = PlumpRules(players=4, max_cards=5, deal_order="up_down", sparr=False)
    pdf = write_pdf(blank_sheet(rules, None, "en", first_dealer=2), tmp_path / "en.pdf")
    text = _text(pdf)
    labels = _labels(text, ("Subtotal", "Total"))
    assert labels == ["1", "2", "3", "4", "5", "Subtotal", "4", "3", "2", "1", "Total"]
    assert "Rules" in text and "No restriction on the dealer" in text
    assert "Cards" in text and "Date:" in text


def _simulated(n: int, seed: int) -> dict[str, Any]:
    state = PlumpState(PlumpRules(players=n))
    rng, bot = make_rng(seed), RandomBot(seed)
    while not state.is_terminal():
        if state.is_chance():
            state.apply_chance(rng)
        else:
            state.apply_action(bot.act(Turn.of(state)))
    return state.to_record(ALL_NAMES[:n])


@pytest.mark.parametrize("n", [3, 5, 7])
def test_filled_sheet_of_a_simulated_game(tmp_path: Path, n: int) -> None:
    record = _simulated(n, seed=n)
    totals = replay(record).summary()["totals"]
    sheet = build_sheet(record, full=True)
    trace: list[dict[str, Any]] = []
    pdf = write_pdf(sheet, tmp_path / "sim.pdf", trace)
    text = _text(pdf)
    assert _labels(text) == _expected_labels(PlumpRules(players=n))
    assert [int(v) for v in _row_line(text, "Summa")[1:]] == totals
    # every deal row: its trump suit after the card count
    symbols = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
    deal_lines = [ln.split() for ln in text.splitlines() if ln.split() and ln.split()[0].isdigit()]
    for words, deal in zip(deal_lines, record["deals"], strict=True):
        assert words[0] == str(deal["cards"])
        if deal["trump"]:
            assert words[1] == symbols[deal["trump"]]
    # every cell, read back from where it was drawn: bid and score when made, bid alone
    # (and a blot) when not
    words = _words(pdf)
    cells = {(t["row"], t["column"]): t for t in trace if "column" in t and t["kind"] != "dealer"}
    turn = PlumpRules(players=n).schedule().index(1)
    for r, deal in enumerate(record["deals"]):
        bids = {a["seat"]: a["call"] for a in deal["auction"]}
        for seat, (points, tricks) in enumerate(
            zip(deal["result"]["points"], deal["result"]["tricks"], strict=True)
        ):
            row = r + (1 if r > turn else 0)  # the subtotal row follows the one-card deal
            got = _inside(words, cells[(row, seat)])
            made = int(bids[seat]) == tricks
            assert got == ([bids[seat], str(points)] if made else [bids[seat]]), (r, seat)
    # plump marks are drawn, not written: a blot in every missed cell, ink where it is
    table = sheet.tables[0]
    plumps = [
        (r, i)
        for r, row in enumerate(table.rows)
        for i, c in enumerate(row.cells)
        if c.mark == "plump"
    ]
    blots = [t for t in trace if t["kind"] == "blot"]
    assert len(blots) == len(plumps) > 0
    assert "●" not in text  # no letters or glyphs standing in for the blots
    img = _png(pdf)
    for b in blots:
        assert _ink_at_centre(img, b) > 150
    for t in trace:
        if t["kind"] == "made":  # a made cell has figures, no blot: mostly paper
            assert _darkness(img, t, shrink=0.8) < 60


def test_filled_sheet_of_a_scorekeeper_evening(tmp_path: Path) -> None:
    s = Session.new("plump", NAMES)
    for _c, _d, bids, said, _, _ in EVENING:
        add_plump(s, bids, said.split())
    s.save(tmp_path / "kväll.json")
    pdf = write_pdf(build_sheet(s.doc, full=True), tmp_path / "kväll.pdf")
    text = _text(pdf)
    assert [int(v) for v in _row_line(text, "Summa")[1:]] == TOTALS
    assert [int(v) for v in _row_line(text, "Delsumma")[1:]] == SUBTOTAL
    assert TOTALS == replay(s.doc).summary()["totals"]
    # row 1: Anna bid 3 and made it (3, 13), Björn bid 4 (blot), Cissi bid 2 (2, 12)
    assert _row_line(text, "10")[1:] == ["3", "13", "4", "2", "12"]
    assert re.search(r"Vinnare|Björn", text)


def test_a_tremanswhist_sheet_printed_mid_game_has_the_deals_to_come(tmp_path: Path) -> None:
    """The buying form's nine deals, each a row with its dealer, the rounds between;
    the deals played filled in (stickspel protokoll pdf --file, mid-game)."""
    s = Session.new("tremanswhist", ["Anna", "Björn", "Cissi"], form="buying")
    s.add(tremanswhist_deal(s, [5, 4, 4]))
    sheet = build_sheet(s.doc, "en", full=True)
    rows = sheet.tables[0].rows
    assert [r.label for r in rows if r.kind in ("deal", "blank")] == [
        "1 +", "2", "3", "4", "5", "6", "7", "8", "9"
    ]  # fmt: skip
    assert [r.dealer for r in rows if r.kind == "blank"] == [1, 2, 0, 1, 2, 0, 1, 2]
    pdf = tmp_path / "kväll.pdf"
    write_pdf(sheet, pdf)
    text = _text(pdf)
    assert "Round 3" in text and re.search(r"^\s*9\s*$", text, re.M), text

"""The protokoll as a printable A4 PDF (fpdf2), blank or filled, for any Sheet.

Laid out as seed 001 draws Plump's sheet: a title, one column per player
(names as heads) with a narrow dealer column before it where the dealer's dot
goes, the card count at the left of every row, a subtotal row after the
one-card deal, a total row, and the rules of the variant printed at the
bottom.  Bids are written small, the score (``1`` prefixed) large; a plump is
*drawn*, an ink blot over the cell, never a letter.  DejaVu Sans is embedded
from the package, so å/ä/ö and ♠♥♦♣ print everywhere.

>>> from stickspel.games.plump import PlumpRules
>>> from stickspel.games.plump.protokoll import blank_sheet
>>> pdf = render_pdf(blank_sheet(PlumpRules(players=5)))
>>> pdf[:5], b"DejaVu" in pdf
(b'%PDF-', True)
"""

from __future__ import annotations

import zlib
from importlib import resources
from math import cos, sin
from pathlib import Path
from typing import Any, cast

from fpdf import FPDF

from stickspel.i18n import texts
from stickspel.protokoll.model import Cell, Row, Sheet, Table, legend, rules_in_words, safe_sheet

__all__ = ["render_pdf", "write_pdf", "font_path"]

_PAGE_W, _PAGE_H = 210.0, 297.0
_MARGIN = 12.0
_INK = (22, 24, 70)  # blots and dealer dots: dark blue-black ink
_GREY = (110, 110, 110)
_HEAD_EXTRA = 1.5  # the header row is this much taller than the others
_RED_SUITS = ("♥", "♦")

_WORDS = texts("protokoll.pdf")  # the catalogues' protokoll.pdf.* messages, by language


def font_path(bold: bool = False) -> Path:
    """The bundled DejaVu Sans (regular or bold)."""
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    return Path(str(resources.files("stickspel").joinpath("fonts", name)))


class _Doc(FPDF):  # type: ignore[misc]
    def __init__(self, sheet: Sheet, trace: list[dict[str, Any]] | None = None) -> None:
        super().__init__(orientation="P", unit="mm", format="A4")
        self.sheet = sheet
        self.trace = trace
        self.set_margins(_MARGIN, _MARGIN, _MARGIN)
        self.set_auto_page_break(False)
        self.add_font("DejaVu", "", str(font_path()))
        self.add_font("DejaVu", "B", str(font_path(bold=True)))
        self.set_title(sheet.title)
        self.set_creator("stickspel")
        self.set_lang(sheet.lang)


def _fit(
    pdf: _Doc, text: str, width: float, size: float, style: str = "", floor: float = 5.0
) -> float:
    """The largest font size ≤ ``size`` (and ≥ ``floor``) at which ``text`` fits in ``width``."""
    while size > floor:
        pdf.set_font("DejaVu", style, size)
        if pdf.get_string_width(text) <= width:
            break
        size -= 0.5
    pdf.set_font("DejaVu", style, size)
    return size


#: The smallest type a printed name or label shrinks to before it wraps or is cut.
_READABLE = 7.0
_PT = 0.3528  # mm per point


def _fit_lines(
    pdf: _Doc, text: str, width: float, height: float, size: float, style: str = "B"
) -> tuple[list[str], float]:
    """``text`` for a box: shrunk down to a readable size, then on two lines where the
    box is tall enough, then cut with an ellipsis; the lines and the font size."""
    size = _fit(pdf, text, width, size, style, floor=_READABLE)
    if pdf.get_string_width(text) <= width:
        return [text], size
    if height >= 2.3 * size * _PT:
        words = text.split(" ")
        for k in range(len(words) - 1, 0, -1):  # the longest first line that fits
            first, rest = " ".join(words[:k]), " ".join(words[k:])
            if pdf.get_string_width(first) <= width:
                return [first, _cut(pdf, rest, width)], size
    return [_cut(pdf, text, width)], size


def _cut(pdf: _Doc, text: str, width: float) -> str:
    """``text`` cut with an ellipsis to fit ``width`` at the current font."""
    if pdf.get_string_width(text) <= width:
        return text
    while text and pdf.get_string_width(text + "…") > width:
        text = text[:-1]
    return text.rstrip() + "…"


def _lines_at(
    pdf: _Doc, lines: list[str], x: float, y: float, w: float, h: float, size: float, align: str
) -> None:
    """Draw ``lines`` centred vertically in the box at ``x, y`` (``w`` by ``h`` mm)."""
    step = size * _PT * 1.15
    top = y + (h - step * len(lines)) / 2
    for k, line in enumerate(lines):
        pdf.set_xy(x, top + k * step)
        pdf.cell(w, step, line, align=align)


def _blot(pdf: _Doc, cx: float, cy: float, r: float, seed: int) -> None:
    """An ink blot: a filled body with a few splashes, different in every cell."""
    pdf.set_fill_color(*_INK)
    pdf.ellipse(cx - r, cy - r * 0.85, 2 * r, 1.7 * r, style="F")
    h = zlib.crc32(seed.to_bytes(4, "little"))
    for k in range(4):
        bits = (h >> (k * 8)) & 0xFF
        angle = (bits / 256.0 + k / 4.0) * 6.283
        dist = r * (1.05 + (bits & 7) / 14.0)
        sr = r * (0.22 + (bits >> 5) / 20.0)
        x = cx + dist * cos(angle)
        y = cy + dist * 0.8 * sin(angle)
        pdf.ellipse(x - sr, y - sr, 2 * sr, 2 * sr, style="F")


def _dot(pdf: _Doc, cx: float, cy: float, r: float, filled: bool) -> None:
    pdf.set_fill_color(*_INK)
    pdf.set_draw_color(*_INK)
    pdf.set_line_width(0.3)
    pdf.ellipse(cx - r, cy - r, 2 * r, 2 * r, style="F" if filled else "D")


class _Layout:
    """Column positions of one table."""

    def __init__(self, pdf: _Doc, table: Table, width: float, dealer_col: bool) -> None:
        n = max(1, len(table.columns))
        # wide enough for the labels (Priffe's "4 spel Anna"), within reason
        pdf.set_font("DejaVu", "B", 8.5)
        longest = max(
            [
                pdf.get_string_width(r.label) + (6 if r.note else 3)
                for r in table.rows
                if r.kind != "section"
            ]
            + [pdf.get_string_width(table.label_header) + 3, 21.0]
        )
        self.label_w = min(longest, 44.0)
        self.dealer_w = 4.5 if dealer_col else 0.0
        self.col_w = min(40.0, (width - self.label_w) / n - self.dealer_w)
        self.n = n
        self.width = self.label_w + n * (self.dealer_w + self.col_w)

    def player_x(self, left: float, i: int) -> float:
        """Left edge of player ``i``'s block (its dealer column first)."""
        return left + self.label_w + i * (self.dealer_w + self.col_w)


def _draw_table(
    pdf: _Doc,
    table: Table,
    top: float,
    row_h: float,
    winners: list[int] | None,
    show_title: bool,
) -> float:
    left = _MARGIN
    dealer_col = any(r.dealer is not None for r in table.rows)
    lay = _Layout(pdf, table, _PAGE_W - 2 * _MARGIN, dealer_col)
    y = top
    if show_title:
        pdf.set_text_color(0, 0, 0)
        pdf.set_font("DejaVu", "B", 12)
        pdf.text(left, y + 4.5, table.title)
        y += 7
    head_h = row_h + _HEAD_EXTRA
    # header: label head, then each name centred over its dealer + score columns
    pdf.set_fill_color(238, 234, 222)
    pdf.set_draw_color(60, 60, 60)
    pdf.set_line_width(0.3)
    pdf.rect(left, y, lay.width, head_h, style="DF")
    pdf.set_text_color(0, 0, 0)
    # one type size for the whole header row: the size the longest name needs, within
    # reason; a name still too long goes on two lines, or is cut
    w = lay.dealer_w + lay.col_w
    sizes = [_fit(pdf, name, w - 2.5, 11, "B", floor=_READABLE) for name in table.columns]
    sizes.append(_fit(pdf, table.label_header, lay.label_w - 2.5, 11, "B", floor=_READABLE))
    size = min(sizes)
    lines, _ = _fit_lines(pdf, table.label_header, lay.label_w - 2.5, head_h, size)
    pdf.set_font("DejaVu", "B", size)
    _lines_at(pdf, lines, left + 1.25, y, lay.label_w - 2.5, head_h, size, "C")
    _note(pdf, "head", left, y, lay.label_w, head_h, head=-1, size=size)
    for i, name in enumerate(table.columns):
        x = lay.player_x(left, i)
        lines, _ = _fit_lines(pdf, name, w - 2.5, head_h, size)
        pdf.set_font("DejaVu", "B", size)
        _lines_at(pdf, lines, x + 1.25, y, w - 2.5, head_h, size, "C")
        _note(pdf, "head", x, y, w, head_h, head=i, size=size)
        pdf.set_draw_color(60, 60, 60)
        pdf.line(x, y, x, y + head_h)
    y += head_h
    for r, row in enumerate(table.rows):
        _draw_row(pdf, lay, row, left, y, row_h, r, winners)
        y += row_h
    # outer frame, thicker
    pdf.set_draw_color(20, 20, 20)
    pdf.set_line_width(0.5)
    pdf.rect(left, top + (7 if show_title else 0), lay.width, y - top - (7 if show_title else 0))
    return y


def _draw_row(
    pdf: _Doc,
    lay: _Layout,
    row: Row,
    left: float,
    y: float,
    h: float,
    index: int,
    winners: list[int] | None,
) -> None:
    summary = row.kind in ("subtotal", "total")
    if summary:
        shade = 232 if row.kind == "subtotal" else 222
        pdf.set_fill_color(shade, shade, shade)
        pdf.rect(left, y, lay.width, h, style="F")
    elif index % 2 == 1:
        pdf.set_fill_color(248, 247, 242)
        pdf.rect(left, y, lay.width, h, style="F")
    pdf.set_draw_color(90, 90, 90)
    pdf.set_line_width(0.6 if summary else 0.2)
    pdf.line(left, y, left + lay.width, y)
    pdf.set_line_width(0.2)
    pdf.set_text_color(0, 0, 0)
    if row.kind == "section" and not any(c.text or c.note for c in row.cells):
        # a line across the sheet (Priffe's "Utgång: …"): the label spans the row
        pdf.set_font("DejaVu", "B", _fit(pdf, row.label, lay.width - 2, 8.5, "B"))
        pdf.set_xy(left + 1, y)
        pdf.cell(lay.width - 2, h, row.label)
        return
    # label: the card count (and the trump suit), bold; kept off the borders, on two
    # lines rather than too small to read (Priffe's "Robbert till A & B · summa")
    room = lay.label_w - (6.5 if row.note else 3)
    lines, size = _fit_lines(pdf, row.label, room, h, 10)
    pdf.set_font("DejaVu", "B", size)
    _lines_at(pdf, lines, left + 1.5, y, room, h, size, "L")
    _note(pdf, "label", left, y, lay.label_w, h, row=index, size=size)
    if row.note:  # in its own place at the right of the label box
        red = row.note in _RED_SUITS
        pdf.set_text_color(*((190, 20, 20) if red else (0, 0, 0)))
        pdf.set_font("DejaVu", "", 9)
        pdf.set_xy(left + lay.label_w - 5.5, y)
        pdf.cell(5, h, row.note)
        pdf.set_text_color(0, 0, 0)
    for i, cell in enumerate(row.cells):
        x = lay.player_x(left, i)
        pdf.set_draw_color(90, 90, 90)
        pdf.line(x, y, x, y + h)
        if lay.dealer_w:
            pdf.set_draw_color(170, 170, 170)
            pdf.line(x + lay.dealer_w, y, x + lay.dealer_w, y + h)
            if row.dealer == i:
                _dot(pdf, x + lay.dealer_w / 2, y + h / 2, min(1.1, h / 5), True)
                _note(pdf, "dealer", x, y, lay.dealer_w, h, row=index, column=i)
        cx = x + lay.dealer_w
        _draw_cell(pdf, cell, cx, y, lay.col_w, h, seed=index * 31 + i)
        _note(pdf, cell.mark or "cell", cx, y, lay.col_w, h, row=index, column=i)
        if row.kind == "total" and winners and i in winners and cell.text:
            pdf.set_draw_color(*_INK)
            pdf.set_line_width(0.4)
            pdf.ellipse(cx + lay.col_w - 17, y + 0.6, 15.5, h - 1.2, style="D")
            pdf.set_line_width(0.2)


def _note(pdf: _Doc, kind: str, x: float, y: float, w: float, h: float, **where: float) -> None:
    """Record where something was drawn (mm from the top left), for tests and tools."""
    if pdf.trace is not None:
        pdf.trace.append({"kind": kind, "page": pdf.page, "x": x, "y": y, "w": w, "h": h, **where})


def _draw_cell(pdf: _Doc, cell: Cell, x: float, y: float, w: float, h: float, seed: int) -> None:
    big = min(11.0, h * 1.5)
    small = max(5.5, big * 0.72)
    pdf.set_text_color(0, 0, 0)
    text = cell.text if (cell.note or cell.mark == "plump") else (cell.text or cell.note)
    style = "" if cell.mark == "exchange" else "B" if cell.mark or cell.note else ""
    size = _fit(pdf, text, w * 0.6 if cell.note else w - 2, big, style) if text else big
    text_w = pdf.get_string_width(text) if text else 0.0
    if cell.note:  # the bid (or what the figure is for), small, at the left of the box
        room = w - text_w - 2.5 - (w * 0.3 if cell.mark == "plump" else 0)
        pdf.set_text_color(*_GREY)
        note_size = _fit(pdf, cell.note, max(room, 3.0), small)
        pdf.set_font("DejaVu", "", note_size)
        pdf.set_xy(x + 0.8, y)
        pdf.cell(max(room, 3.0), h, cell.note)
        pdf.set_text_color(0, 0, 0)
    if cell.mark == "plump":
        r = min(h * 0.3, w * 0.12)
        _blot(pdf, x + w * 0.62, y + h / 2, r, seed)
        _note(pdf, "blot", x + w * 0.62 - r, y + h / 2 - r, 2 * r, 2 * r)
        if cell.text:  # a plump that scores (penalty, points per trick): beside the blot
            pdf.set_font("DejaVu", "B", small)
            pdf.set_text_color(150, 0, 0)
            pdf.set_xy(x, y)
            pdf.cell(w - 0.8, h, cell.text, align="R")
            pdf.set_text_color(0, 0, 0)
        return
    if not text:
        return
    pdf.set_font("DejaVu", style, size)
    if cell.mark == "exchange":
        pdf.set_text_color(140, 80, 0)
    pdf.set_xy(x, y)
    pdf.cell(w - 1.2, h, text, align="R")
    if cell.mark in ("game", "rubber"):  # a line under a won game, two under a rubber
        pdf.set_draw_color(0, 0, 0)
        pdf.set_line_width(0.3)
        base = y + h / 2 + size * 0.22
        pdf.line(x + w - 1.2 - text_w, base, x + w - 1.2, base)
        if cell.mark == "rubber":
            pdf.line(x + w - 1.2 - text_w, base + 0.8, x + w - 1.2, base + 0.8)
    pdf.set_text_color(0, 0, 0)


def _rules_block(pdf: _Doc, sheet: Sheet, width: float) -> tuple[list[str], float]:
    pdf.set_font("DejaVu", "", 8.5)
    lines: list[str] = []
    signs = legend(sheet, "pdf")  # what the sheet's signs mean, then the rules
    for item in ([" · ".join(signs)] if signs else []) + list(sheet.rules_text):
        wrapped = pdf.multi_cell(width - 4, 3.8, "• " + item, dry_run=True, output="LINES")
        lines.extend(cast(list[str], wrapped))
    return lines, 6 + 3.8 * len(lines)


def render_pdf(sheet: Sheet, trace: list[dict[str, Any]] | None = None) -> bytes:
    """The sheet as A4 PDF bytes: tables on as many pages as they need, rules at the bottom.

    ``trace``, if given, receives where each cell, dealer dot and plump blot
    was drawn (``kind``, ``page``, ``x``, ``y``, ``w``, ``h`` in mm from the top
    left; ``row`` and ``column`` for cells and dots).
    """
    sheet = safe_sheet(sheet)  # names and labels as text: controls visible, lengths bounded
    pdf = _Doc(sheet, trace)
    words = _WORDS.get(sheet.lang, _WORDS["sv"])
    width = _PAGE_W - 2 * _MARGIN
    pdf.add_page()
    rule_lines, rules_h = _rules_block(pdf, sheet, width)
    # title line: game, the variant's rules text, a date line on blank sheets
    pdf.set_font("DejaVu", "B", 20)
    pdf.text(_MARGIN, _MARGIN + 7, sheet.title)
    title_w = pdf.get_string_width(sheet.title)
    pdf.set_font("DejaVu", "", 9)
    pdf.set_text_color(*_GREY)
    # the variant in words, not as the rules' code-like text
    variant = rules_in_words(sheet.game, sheet.meta.get("variant"), sheet.lang)
    if variant:
        pdf.text(_MARGIN + title_w + 4, _MARGIN + 7, variant)
    pdf.set_text_color(0, 0, 0)
    if sheet.meta.get("blank"):
        pdf.set_font("DejaVu", "", 10)
        label = f"{words['date']}: ____________________"
        pdf.text(_PAGE_W - _MARGIN - pdf.get_string_width(label), _MARGIN + 7, label)
    top = _MARGIN + 13
    bottom = _PAGE_H - _MARGIN - rules_h - 4
    rows = sum(len(t.rows) + 1 for t in sheet.tables)
    titles = 7.0 * (len(sheet.tables) > 1)
    gaps = 5.0 * (len(sheet.tables) - 1)
    room = bottom - top - (titles + _HEAD_EXTRA) * len(sheet.tables) - gaps
    row_h = max(4.5, min(10.0, room / max(1, rows)))
    y = top
    for table in sheet.tables:
        need = (len(table.rows) + 1) * row_h + titles + _HEAD_EXTRA
        if y + need > bottom and y > top:  # the next table goes on a new page
            _rules(pdf, rule_lines, words["rules"])
            pdf.add_page()
            y = _MARGIN
        same = table.columns == sheet.players
        y = _draw_table(pdf, table, y, row_h, sheet.winners if same else None, bool(titles))
        y += 5
    _rules(pdf, rule_lines, words["rules"])
    out = pdf.output()
    return bytes(out)


def _rules(pdf: _Doc, lines: list[str], heading: str) -> None:
    if not lines:
        return
    y = _PAGE_H - _MARGIN - 3.8 * len(lines) - 6
    pdf.set_draw_color(120, 120, 120)
    pdf.set_line_width(0.2)
    pdf.line(_MARGIN, y - 1.5, _PAGE_W - _MARGIN, y - 1.5)
    pdf.set_text_color(0, 0, 0)
    pdf.set_font("DejaVu", "B", 9.5)
    pdf.text(_MARGIN, y + 3, heading)
    pdf.set_font("DejaVu", "", 8.5)
    for k, line in enumerate(lines):
        pdf.text(_MARGIN + 2, y + 7.5 + 3.8 * k, line)


def write_pdf(sheet: Sheet, path: str | Path, trace: list[dict[str, Any]] | None = None) -> Path:
    """Write the PDF of ``sheet`` to ``path`` (atomically)."""
    from stickspel.records.io import atomic_write

    p = Path(path)
    atomic_write(p, render_pdf(sheet, trace))
    return p

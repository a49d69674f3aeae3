"""The protokoll in the terminal, with Rich."""

from __future__ import annotations

from rich.table import Table as RichTable
from rich.text import Text

from stickspel.protokoll.model import Cell, Sheet

__all__ = ["render_sheet"]


def _cell_text(cell: Cell) -> Text:
    if cell.mark == "plump":
        t = Text(cell.note, style="strike dim")
        t.append(" ●", style="bold red")
        if cell.text:
            t.append(f" {cell.text}", style="red")
        return t
    if cell.mark == "made":
        t = Text(f"{cell.note}→", style="dim")
        t.append(cell.text, style="bold green")
        return t
    if cell.mark == "total":
        return Text(cell.text, style="bold")
    if cell.mark in ("game", "rubber"):
        return Text(cell.text or cell.note, style="bold underline")
    if cell.mark == "exchange":
        return Text(cell.plain(), style="yellow")
    return Text(cell.plain())


def render_sheet(sheet: Sheet) -> list[RichTable]:
    """One Rich table per table of the sheet; the dealer's column marked with •."""
    out = []
    for table in sheet.tables:
        rt = RichTable(title=table.title, show_lines=False, header_style="bold")
        rt.add_column(table.label_header, justify="right", style="cyan")
        for name in table.columns:
            rt.add_column(name, justify="right")
        for row in table.rows:
            cells: list[Text] = []
            for i, cell in enumerate(row.cells):
                t = _cell_text(cell)
                if row.dealer == i:
                    t = Text("•", style="magenta") + t
                cells.append(t)
            end_section = row.kind in ("subtotal",)
            label = Text(row.label, style="bold" if row.kind in ("subtotal", "total") else "")
            if row.note:  # the deal's trump suit
                label.append(f" {row.note}", style="red" if row.note in ("♥", "♦") else "")
            rt.add_row(label, *cells, end_section=end_section)
        out.append(rt)
    return out

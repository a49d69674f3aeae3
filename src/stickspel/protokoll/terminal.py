"""The protokoll in the terminal, with Rich.

Every string is drawn as a :class:`rich.text.Text` of the sheet made safe
(:func:`~stickspel.protokoll.model.safe_sheet`): names and labels are shown, never
parsed as markup or obeyed as escape sequences.

>>> from stickspel.protokoll.model import Sheet, Table, Row, Cell
>>> from rich.console import Console
>>> c = Console(width=60, color_system=None, file=__import__("io").StringIO())
>>> for t in render_sheet(Sheet("plump", "[/]", ["[/]", "\x1b[2J"], [Table("[bold]", ["[/]", "\x1b[2J"], [Row("1", [Cell("1"), Cell("2")])])])):
...     c.print(t)
>>> out = c.file.getvalue()
>>> "[/]" in out, "␛[2J" in out, "\x1b" in out
(True, True, False)
"""

from __future__ import annotations

from rich.console import RenderableType
from rich.table import Table as RichTable
from rich.text import Text

from stickspel.protokoll.model import Cell, Sheet, legend, safe_sheet

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


def render_sheet(sheet: Sheet) -> list[RenderableType]:
    """One Rich table per table of the sheet (the dealer's column marked with •),
    then the legend of the signs it uses."""
    out: list[RenderableType] = []
    for table in safe_sheet(sheet).tables:
        rt = RichTable(title=Text(table.title), show_lines=False, header_style="bold")
        rt.add_column(Text(table.label_header), justify="right", style="cyan")
        for name in table.columns:
            rt.add_column(Text(name), justify="right")
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
    signs = legend(sheet)
    if signs:
        out.append(Text("  ·  ".join(signs), style="dim"))
    return out

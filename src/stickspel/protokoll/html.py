"""The protokoll as HTML: a self-contained ``<table>`` per table of any Sheet.

Everything is escaped; marks become CSS classes (``made``, ``plump``,
``exchange``, ``game``, ``rubber``, ``total``), rows carry their kind
(``deal``, ``subtotal``, ``total``, ``blank`` …) and the dealer's cell the class
``dealer``, so the web UI styles the sheet with its own CSS or with
:data:`CSS`.  :func:`render_page` wraps it in a whole printable page.

>>> from stickspel.protokoll.model import Cell, Row, Sheet, Table, safe_sheet
>>> t = Table("Plump", ["Anna", "<Björn>"], [Row("2", [Cell("12", "2", "made"),
...     Cell("", "1", "plump")], dealer=1)], label_header="Kort")
>>> html = render_html(Sheet("plump", "Plump", ["Anna", "<Björn>"], [t]))
>>> "&lt;Björn&gt;" in html, 'class="cell plump dealer"' in html
(True, True)
"""

from __future__ import annotations

from html import escape

from stickspel.protokoll.model import Cell, Row, Sheet, Table, legend, safe_sheet

__all__ = ["render_html", "render_page", "CSS"]

#: Default styles: a pen-and-paper look; plump marks drawn as ink blots.
CSS = """
.protokoll { font-family: "DejaVu Sans", Verdana, sans-serif; color: #111; }
.protokoll table { border-collapse: collapse; margin: 0 0 1em 0; }
.protokoll caption { font-weight: bold; font-size: 1.2em; text-align: left; padding: .3em 0; }
.protokoll th, .protokoll td { border: 1px solid #555; padding: .15em .45em; min-width: 3.2em;
  text-align: right; font-variant-numeric: tabular-nums; }
.protokoll th.label, .protokoll td.label { min-width: 2.5em; background: #f3f0e6; }
.protokoll tr.subtotal td, .protokoll tr.total td { font-weight: bold; border-top: 2px solid #111; }
.protokoll tr.subtotal td { background: #f7f7f7; }
.protokoll .note { color: #777; font-size: .8em; margin-right: .35em; }
.protokoll .made .score { font-weight: bold; }
.protokoll .plump .note { text-decoration: line-through; }
.protokoll .blot { display: inline-block; width: .95em; height: .8em; background: #1a1a40;
  border-radius: 55% 45% 60% 40% / 50% 60% 40% 50%; vertical-align: middle; }
.protokoll .dealer::before { content: "•"; color: #a0208a; float: left; margin-right: .2em; }
.protokoll .exchange { color: #8a5a00; }
.protokoll .trump { font-weight: normal; }
.protokoll .game, .protokoll .rubber { text-decoration: underline; font-weight: bold; }
.protokoll .rubber { text-decoration-style: double; }
.protokoll .winner { background: #e8f4e0; }
.protokoll th.group { text-align: center; }
.protokoll th.part { font-weight: normal; font-size: .85em; }
.protokoll ul.rules { font-size: .85em; color: #333; padding-left: 1.2em; }
"""


def _cell_html(cell: Cell) -> str:
    note = f'<span class="note">{escape(cell.note)}</span>' if cell.note else ""
    if cell.mark == "plump":
        extra = f'<span class="score">{escape(cell.text)}</span>' if cell.text else ""
        return f'{note}<span class="blot" title="plump"></span>{extra}'
    text = f'<span class="score">{escape(cell.text)}</span>' if cell.text else ""
    return note + text


def _row_html(row: Row, width: int) -> str:
    note = f' <span class="trump">{escape(row.note)}</span>' if row.note else ""
    if row.kind == "section" and not any(c.text or c.note for c in row.cells):
        # a line across the sheet (a round of the buying variant, a won game)
        label = f'<td class="label" colspan="{width + 1}">{escape(row.label)}{note}</td>'
        return f'<tr class="section">{label}</tr>'
    out = [f'<tr class="{escape(row.kind)}">', f'<td class="label">{escape(row.label)}{note}</td>']
    for i, cell in enumerate(row.cells):
        classes = ["cell"]
        if cell.mark and cell.mark.isidentifier():
            classes.append(cell.mark)
        if row.dealer == i:
            classes.append("dealer")
        out.append(f'<td class="{" ".join(classes)}">{_cell_html(cell)}</td>')
    out.append("</tr>")
    return "".join(out)


def column_groups(columns: list[str]) -> list[tuple[str, list[str]]]:
    """The columns as runs that share all but their last word (Priffe's pair: "Anna &
    Cleo över", "Anna & Cleo under"), each run's shared words and last words; a column
    in no such run stands alone with its whole name and no last word.

    >>> column_groups(["A & C över", "A & C under", "B & D över", "B & D under"])
    [('A & C', ['över', 'under']), ('B & D', ['över', 'under'])]
    >>> column_groups(["Anna", "Björn"])
    [('Anna', []), ('Björn', [])]
    """
    runs: list[tuple[str, list[str]]] = []
    for name in columns:
        head, _, last = name.rpartition(" ")
        if head and runs and runs[-1][0] == head and runs[-1][1]:
            runs[-1][1].append(last)
        else:
            runs.append((head, [last]) if head else (name, []))
    # a run of one is a column of its own, under its whole name
    return [
        (f"{head} {lasts[0]}", []) if len(lasts) == 1 else (head, lasts) for head, lasts in runs
    ]


def _head_html(table: Table, winners: list[int] | None) -> str:
    """The table's head: one row of names, or, where columns share all but a last word,
    the shared words over their columns and the last words under them (a pair's name
    on one line over its above- and below-the-line columns)."""
    groups = column_groups(table.columns)
    label = escape(table.label_header)
    if all(not lasts for _, lasts in groups):
        head = [f'<th class="label">{label}</th>']
        for i, name in enumerate(table.columns):
            cls = ' class="winner"' if winners and i in winners else ""
            head.append(f"<th{cls}>{escape(name)}</th>")
        return f"<tr>{''.join(head)}</tr>"
    top = [f'<th class="label" rowspan="2">{label}</th>']
    under: list[str] = []
    for shared, lasts in groups:
        if lasts:
            top.append(f'<th class="group" colspan="{len(lasts)}">{escape(shared)}</th>')
            under.extend(f'<th class="part">{escape(last)}</th>' for last in lasts)
        else:
            top.append(f'<th rowspan="2">{escape(shared)}</th>')
    return f"<tr>{''.join(top)}</tr><tr>{''.join(under)}</tr>"


def _table_html(table: Table, winners: list[int] | None) -> str:
    body = "\n".join(_row_html(r, len(table.columns)) for r in table.rows)
    return (
        f"<table>\n<caption>{escape(table.title)}</caption>\n"
        f"<thead>{_head_html(table, winners)}</thead>\n<tbody>\n{body}\n</tbody>\n</table>"
    )


def render_html(sheet: Sheet) -> str:
    """The sheet as an HTML fragment (``<div class="protokoll">`` with its tables and rules).

    Every string is escaped (``escape(…, quote=True)``) after
    :func:`~stickspel.protokoll.model.safe_sheet`; marks and kinds become class names
    only when they are plain words.
    """
    sheet = safe_sheet(sheet)
    parts = [f'<div class="protokoll protokoll-{escape(sheet.game)}" lang="{escape(sheet.lang)}">']
    if len(sheet.tables) != 1 or sheet.tables[0].title != sheet.title:
        parts.append(f"<h2>{escape(sheet.title)}</h2>")
    same_columns = all(t.columns == sheet.players for t in sheet.tables)
    for table in sheet.tables:
        parts.append(_table_html(table, sheet.winners if same_columns else None))
    signs = legend(sheet)
    if signs:
        parts.append(f'<p class="legend">{" · ".join(escape(s) for s in signs)}</p>')
    if sheet.rules_text:
        items = "".join(f"<li>{escape(line)}</li>" for line in sheet.rules_text)
        parts.append(f'<ul class="rules">{items}</ul>')
    parts.append("</div>")
    return "\n".join(parts)


def render_page(sheet: Sheet) -> str:
    """A whole HTML document with :data:`CSS`, for saving or printing."""
    sheet = safe_sheet(sheet)
    return (
        f'<!DOCTYPE html>\n<html lang="{escape(sheet.lang)}">\n<head>\n<meta charset="utf-8">\n'
        f"<title>{escape(sheet.title)}</title>\n<style>{CSS}</style>\n</head>\n<body>\n"
        f"{render_html(sheet)}\n</body>\n</html>\n"
    )

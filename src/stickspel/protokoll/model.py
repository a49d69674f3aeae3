"""The protokoll (score sheet) model shared by every game and every rendering.

A :class:`Sheet` is what a table keeps on paper: one or more :class:`Table`
grids of :class:`Row` and :class:`Cell`.  Each game builds its sheet from a
``stickspel/1`` record (``games/<game>/protokoll.py``'s ``build_sheet``); the
terminal, HTML and PDF renderers draw any sheet the same way.

Cell marks say what a pen would draw: ``made`` (a 1 written before the bid),
``plump`` (the bid struck out with a blot), ``running`` (a running total after
the deal's points), ``exchange`` (a −1 for taking the pile, with the running
total), ``game`` / ``rubber`` (a line under a won game or rubber), ``total``.

One sign means one thing on every sheet: ``→`` leads to what a deal scored
(Plump's ``3→13``, Priffe's ``honnörer→50``), ``Σ`` to a running total
(Tremanswhist's ``+2 Σ5``).  :func:`legend` says so under the sheet.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any

__all__ = [
    "Cell",
    "Row",
    "Table",
    "Sheet",
    "blank_of",
    "safe_sheet",
    "legend",
    "rules_in_words",
    "NAME_LIMIT",
    "TEXT_LIMIT",
]


@dataclass
class Cell:
    """One box of the grid: ``text`` as written, an optional small ``note``
    (e.g. the bid before the score) and a ``mark``."""

    text: str = ""
    note: str = ""
    mark: str | None = None

    def plain(self) -> str:
        """The cell as plain text (``'3→13'``, ``'4●'``; ``'4●-2'`` where a plump costs
        points; ``'+2 Σ5'``: the deal's points, then the running total)."""
        if self.mark == "plump":
            return f"{self.note}●{self.text}" if self.note else f"{self.text}●"
        if self.note and self.text:
            if self.mark in ("running", "exchange"):
                return f"{self.note} Σ{self.text}"
            return f"{self.note}→{self.text}"
        return self.text or self.note


@dataclass
class Row:
    """A line of the grid: a ``label`` (cards in the deal, deal number …), a cell
    per column, the dealer's column if marked, and its ``kind``
    (``deal``, ``subtotal``, ``total``, ``section``, ``pending``, ``blank`` —
    a deal still to come, printed empty).  ``note`` is a short annotation shown
    after the label (the deal's trump suit, ``♥``)."""

    label: str
    cells: list[Cell]
    dealer: int | None = None
    kind: str = "deal"
    note: str = ""


@dataclass
class Table:
    title: str
    columns: list[str]
    rows: list[Row] = field(default_factory=list)
    label_header: str = ""


@dataclass
class Sheet:
    """A whole protokoll: title, players, tables, totals, winners and the rules text."""

    game: str
    title: str
    players: list[str]
    tables: list[Table]
    totals: list[int] | None = None
    winners: list[int] | None = None
    rules_text: list[str] = field(default_factory=list)
    lang: str = "sv"
    meta: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """The sheet as plain JSON data (for the web UI).

        >>> Sheet("plump", "Plump", ["A"], [Table("Plump", ["A"], [Row("1", [Cell("11", "1", "made")])])]).to_dict()["tables"][0]["rows"][0]
        {'label': '1', 'cells': [{'text': '11', 'note': '1', 'mark': 'made'}], 'dealer': None, 'kind': 'deal', 'note': ''}
        """
        return asdict(self)


#: The longest text a sheet shows of a name (the column heads) and of anything else.
NAME_LIMIT = 40
TEXT_LIMIT = 200


def safe_sheet(sheet: Sheet) -> Sheet:
    """A copy of ``sheet`` with every string made safe to show (:func:`stickspel.safetext.plain`):
    control characters visible, bidirectional overrides neutralised, names cut to
    :data:`NAME_LIMIT` characters and other text to :data:`TEXT_LIMIT`.  Every
    renderer draws this copy, so a record's strings are shown, never obeyed, and in
    time linear in their length.

    >>> s = Sheet("plump", "T", ["A\\x1b[2J" + "x" * 60], [Table("T", ["A\\x1b[2J"], [])])
    >>> safe = safe_sheet(s)
    >>> safe.players[0][:6], len(safe.players[0]), safe.tables[0].columns
    ('A␛[2Jx', 40, ['A␛[2J'])
    """
    from stickspel.safetext import plain

    def t(text: str, limit: int = TEXT_LIMIT) -> str:
        return plain(text, limit)

    tables = [
        Table(
            t(table.title),
            [t(c, 2 * NAME_LIMIT + 5) for c in table.columns],  # Priffe: 'A & B'
            [
                Row(
                    t(r.label),
                    [Cell(t(c.text), t(c.note), c.mark) for c in r.cells],
                    r.dealer,
                    r.kind,
                    t(r.note),
                )
                for r in table.rows
            ],
            t(table.label_header),
        )
        for table in sheet.tables
    ]
    return Sheet(
        sheet.game,
        t(sheet.title),
        [t(p, NAME_LIMIT) for p in sheet.players],
        tables,
        sheet.totals,
        sheet.winners,
        [t(line) for line in sheet.rules_text],
        sheet.lang,
        dict(sheet.meta),
    )


# the legend's lines in the order shown, each with the test of whether a sheet uses it
_LEGEND_ORDER = ("dealer", "made", "plump", "points", "running", "exchange", "game")


def legend(sheet: Sheet, medium: str = "text") -> list[str]:
    """What the signs on ``sheet`` mean, one short line for each sign it uses
    (``medium="pdf"``: as the printed sheet draws them, a dot and a blot).

    >>> t = Table("Plump", ["A", "B"], [Row("3", [Cell("13", "3", "made"), Cell("", "1", "plump")], 0)])
    >>> legend(Sheet("plump", "Plump", ["A", "B"], [t], lang="en"))
    ['• the dealer of the deal', '3→13 the bid made, → what the deal scored', '● plump: the bid not made']
    """
    from stickspel.i18n import render

    used: set[str] = set()
    for table in sheet.tables:
        for row in table.rows:
            if row.dealer is not None:
                used.add("dealer")
            for cell in row.cells:
                used |= _signs(cell)
    drawn = {"dealer", "plump"} if medium == "pdf" else set()
    return [
        render(f"protokoll.legend.{'pdf.' if k in drawn else ''}{k}", {}, sheet.lang)
        for k in _LEGEND_ORDER
        if k in used
    ]


def _signs(cell: Cell) -> set[str]:
    """The legend entries a cell needs."""
    if cell.mark in ("made", "plump", "running", "exchange"):
        return {cell.mark} | ({"running"} if cell.mark == "exchange" and cell.text else set())
    if cell.mark in ("game", "rubber"):
        return {"game"}
    return {"points"} if cell.note and cell.text else set()


def rules_in_words(game: str, variant: Any, lang: str = "sv") -> str:
    """The options of ``variant`` that differ from ``game``'s defaults, in words (for the
    title of a printed sheet, where ``plump(players=3,max_cards=3)`` would read like code).

    >>> rules_in_words("plump", {"players": 3, "max_cards": 3, "sparr": False})
    '3 spelare, högst 3 kort, utan spärr'
    >>> rules_in_words("tremanswhist", {"form": "buying"}, "en"), rules_in_words("plump", {}, "en")
    ('with buying', 'standard rules')
    """
    from stickspel.games import GAMES
    from stickspel.i18n import has_key, render

    spec = GAMES.get(game)
    if spec is None or not isinstance(variant, dict):
        return ""
    defaults = spec.rules().to_dict()
    parts = []
    for name, value in variant.items():
        if name not in defaults or value == defaults[name] or isinstance(value, list | dict):
            continue
        shown = str(value).lower() if isinstance(value, bool) else str(value)
        key = f"protokoll.rules_words.{game}.{name}"
        if has_key(f"{key}.{shown}"):
            parts.append(render(f"{key}.{shown}", {}, lang))
        elif has_key(key):
            parts.append(render(key, {"value": shown}, lang))
        else:
            parts.append(f"{name.replace('_', ' ')} {shown}")
    return ", ".join(parts) or render("protokoll.rules_words.standard", {}, lang)


def blank_of(
    build: Callable[..., Sheet], rules: Any, names: list[str], lang: str, first_dealer: int
) -> Sheet:
    """An empty sheet to print, as a game's ``build`` draws a record of ``rules`` with no
    deal yet and every deal to come (``full``): its rows empty, no totals."""
    record = {
        "format": "stickspel/1",
        "game": rules.GAME,
        "variant": rules.to_dict(),
        "players": names,
        "deals": [],
        "scorekeeper": {"first_dealer": first_dealer},
    }
    sheet = build(record, lang, full=True)
    sheet.totals = None
    sheet.meta["blank"] = True
    return sheet

"""Protokoll: the score sheet of each game, built from records, rendered anywhere.

One model (:mod:`.model`) for every game; ``protokoll/<game>.py`` builds it from
a ``stickspel/1`` record (played in the program or kept by hand with the
:mod:`.scorekeeper`); :mod:`.terminal`, :mod:`.html` and :mod:`.pdf` draw any
sheet.

>>> from stickspel.bots import Turn
>>> from stickspel.games.plump import PlumpRules, PlumpState
>>> from stickspel.core.cards import make_rng
>>> from stickspel.bots import RandomBot
>>> state = PlumpState(PlumpRules(players=3, max_cards=2))
>>> rng, bot = make_rng(5), RandomBot(5)
>>> while not state.is_terminal():
...     _ = state.apply_chance(rng) if state.is_chance() else state.apply_action(bot.act(Turn.of(state)))
>>> sheet = build_sheet(state.to_record(["Anna", "Björn", "Cissi"]))
>>> [row.label for row in sheet.tables[0].rows]
['2', '1', 'Delsumma', '2', 'Summa']
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import Any

from stickspel.core import Rules
from stickspel.protokoll.model import Cell, Row, Sheet, Table

__all__ = ["Cell", "Row", "Sheet", "Table", "build_sheet", "blank_sheet"]

#: Empty rows on a blank sheet of a game whose sheet has no fixed schedule.
_BLANK_ROWS = {"priffe": 24, "tremanswhist": 20}


def build_sheet(record: dict[str, Any], lang: str = "sv", *, full: bool = False) -> Sheet:
    """The protokoll of a record (finished or not) of any game.

    ``full`` asks for the deals still to come as empty rows, where the game's
    sheet knows them (Plump's schedule).
    """
    game = str(record.get("game", ""))
    mod = importlib.import_module(f"stickspel.protokoll.{game}")
    if full:
        try:
            full_sheet: Sheet = mod.build_sheet(record, lang, full=True)
            return full_sheet
        except TypeError:
            pass  # this game's sheet has no empty rows to come
    sheet: Sheet = mod.build_sheet(record, lang)
    return sheet


def blank_sheet(
    game: str, rules: Rules, players: Sequence[str] | None = None, lang: str = "sv"
) -> Sheet:
    """An empty sheet of ``game`` to print and fill in by hand."""
    mod = importlib.import_module(f"stickspel.protokoll.{game}")
    own = getattr(mod, "blank_sheet", None)
    if own is not None:
        sheet: Sheet = own(rules, players, lang)
        return sheet
    n = int(getattr(rules, "players", 0) or {"priffe": 4, "tremanswhist": 3}.get(game, 4))
    names = list(players) if players else [""] * n
    if game == "priffe":
        return _blank_priffe(rules, names, lang)
    record = {
        "format": "stickspel/1",
        "game": game,
        "variant": rules.to_dict(),
        "players": names,
        "deals": [],
    }
    sheet = build_sheet(record, lang)
    rows_wanted = 9 if getattr(rules, "buying", False) else _BLANK_ROWS.get(game, 20)
    for table in sheet.tables:
        rows = [r for r in table.rows if r.kind not in ("total", "subtotal")]
        ends = [r for r in table.rows if r.kind in ("total", "subtotal")]
        width = len(table.columns)
        blank = [
            Row(str(k + 1), [Cell() for _ in range(width)], kind="blank")
            for k in range(rows_wanted // max(1, len(sheet.tables)))
        ]
        for r in ends:
            r.cells = [Cell(mark=c.mark) for c in r.cells]
        table.rows = rows + blank + ends
    sheet.totals = None
    sheet.meta["blank"] = True
    return sheet


def _blank_priffe(rules: Rules, names: list[str], lang: str) -> Sheet:
    """Priffe's sheet with its real layout (a grid per rubber, pairs as the partners
    rotate, the parti table), every figure left out.

    The layout is taken from Priffe's own sheet of a stand-in parti (each rubber
    won by two games of *spel*), then emptied.
    """
    from stickspel.games import game_spec

    state = game_spec("priffe").state(rules)  # type: ignore[call-arg]
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

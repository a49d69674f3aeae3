"""Protokoll: the score sheet of each game, built from records, rendered anywhere.

>>> from stickspel.plump import PlumpRules, PlumpState
>>> from stickspel.cards import make_rng
>>> from stickspel.bots import RandomBot
>>> state = PlumpState(PlumpRules(players=3, max_cards=2))
>>> rng, bot = make_rng(5), RandomBot(5)
>>> while not state.is_terminal():
...     _ = state.apply_chance(rng) if state.is_chance() else state.apply_action(bot.act(state))
>>> sheet = build_sheet(state.to_record(["Anna", "Björn", "Cissi"]))
>>> [row.label for row in sheet.tables[0].rows]
['2', '1', 'Delsumma', '2', 'Summa']
"""

from __future__ import annotations

import importlib
from typing import Any

from .model import Cell, Row, Sheet, Table

__all__ = ["Cell", "Row", "Sheet", "Table", "build_sheet"]


def build_sheet(record: dict[str, Any], lang: str = "sv") -> Sheet:
    """The protokoll of a record (finished or not) of any game."""
    game = str(record.get("game", ""))
    mod = importlib.import_module(f"stickspel.protokoll.{game}")
    sheet: Sheet = mod.build_sheet(record, lang)
    return sheet

"""Protokoll: the score sheet of each game, built from records, rendered anywhere.

One model (:mod:`.model`) for every game; ``games/<game>/protokoll.py`` builds it from
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

from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

from stickspel.core import Rules
from stickspel.games import game_spec
from stickspel.games.spec import part_of
from stickspel.protokoll.model import Cell, Row, Sheet, Table

__all__ = ["Cell", "Row", "Sheet", "SheetBuilder", "Table", "build_sheet", "blank_sheet"]


@runtime_checkable
class SheetBuilder(Protocol):
    """What a game's protokoll gives (its spec's ``protokoll``)."""

    def build_sheet(self, record: dict[str, Any], lang: str = "sv", *, full: bool = False) -> Sheet:
        """The sheet of ``record`` (finished or not); ``full``: with the deals still to
        come as empty rows, where the game knows them."""
        ...

    def blank_sheet(
        self,
        rules: Any,
        players: Sequence[str] | None = None,
        lang: str = "sv",
        *,
        first_dealer: int = 0,
    ) -> Sheet:
        """An empty sheet of ``rules`` to print and fill in by hand."""
        ...


def builder_of(game: str) -> SheetBuilder:
    """The protokoll of ``game`` (its spec's ``protokoll``)."""
    spec = game_spec(game)
    builder: SheetBuilder | None = part_of(spec, spec.protokoll, SheetBuilder)
    if builder is None:  # every game keeps a protokoll: a spec without one is a bug
        raise TypeError(f"the game {game!r} has no protokoll")
    return builder


def build_sheet(record: dict[str, Any], lang: str = "sv", *, full: bool = False) -> Sheet:
    """The protokoll of a record (finished or not) of any game.

    ``full`` asks for the deals still to come as empty rows, where the game's
    sheet knows them (Plump's schedule).
    """
    return builder_of(str(record.get("game", ""))).build_sheet(record, lang, full=full)


def blank_sheet(
    game: str,
    rules: Rules,
    players: Sequence[str] | None = None,
    lang: str = "sv",
    *,
    first_dealer: int = 0,
) -> Sheet:
    """An empty sheet of ``game`` to print and fill in by hand."""
    return builder_of(game).blank_sheet(rules, players, lang, first_dealer=first_dealer)

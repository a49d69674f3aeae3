"""Högsta stick's rules options: players, cards a deal, deals a game."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from stickspel.core import Rules, RulesError, option


@dataclass(frozen=True)
class HogstaRules(Rules):
    """What a table of Högsta stick agrees on.

    >>> HogstaRules.parse("hogsta(players=2,cards=4)").to_text()
    'hogsta(players=2,cards=4)'
    """

    GAME: ClassVar[str] = "hogsta"
    PRESETS: ClassVar[dict[str, dict[str, Any]]] = {
        "standard": {},
        "short": {"cards": 2, "deals": 1},
    }

    players: int = option(3, "Players at the table (2-4).", "project")
    cards: int = option(3, "Cards each player gets a deal (1-5).", "project")
    deals: int = option(2, "Deals in a game (1-4).", "project")

    def validate(self) -> None:
        for name, low, high in (("players", 2, 4), ("cards", 1, 5), ("deals", 1, 4)):
            value = getattr(self, name)
            if not low <= value <= high:
                raise RulesError("hogsta.range", name=name, value=value, low=low, high=high)

"""Tremanswhist's bounds for OpenSpiel (:class:`stickspel.interop.bounds.SpielBounds`):
the main game, open-ended, gets at most :data:`MAX_DEALS` deals; the buying
variant has its nine; a deal scores at most 13 tricks over or under a target, and
−1 for an exchange.
"""

from __future__ import annotations

from types import MappingProxyType

from stickspel.core import Rules
from stickspel.games.tremanswhist.rules import DEALS_IN_BUYING, TremanswhistRules
from stickspel.interop.bounds import SpielBounds

__all__ = ["TremanswhistSpiel", "SPIEL", "MAX_DEALS"]

#: OpenSpiel needs finite games: the cap given to the main game's deals here.
MAX_DEALS = 100


class TremanswhistSpiel(SpielBounds):
    caps = MappingProxyType({"max_deals": MAX_DEALS})

    def deal_count(self, rules: Rules, max_game_length: int) -> int:
        assert isinstance(rules, TremanswhistRules)
        return DEALS_IN_BUYING if rules.buying else (rules.max_deals or MAX_DEALS)

    def utility_bounds(self, rules: Rules, deals: int) -> tuple[float, float]:
        return float(-14 * deals), float(13 * deals)


SPIEL = TremanswhistSpiel()

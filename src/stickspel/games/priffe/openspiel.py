"""Priffe's bounds for OpenSpiel (:class:`stickspel.interop.bounds.SpielBounds`):
its deals counted from the engine's bound (4 calls and 52 cards a deal), a deal
scoring 0 or more and at most the tricks over the book doubled, a slam and the
honours.
"""

from __future__ import annotations

from stickspel.core import Rules
from stickspel.games.priffe.rules import PriffeRules
from stickspel.interop.bounds import SpielBounds

__all__ = ["PriffeSpiel", "SPIEL"]


class PriffeSpiel(SpielBounds):
    def utility_bounds(self, rules: Rules, deals: int) -> tuple[float, float]:
        assert isinstance(rules, PriffeRules)
        value = max(rules.trick_value, *rules.old_values)
        # a deal scores 0 or more: tricks over the book (doubled as a penalty), a slam, honours
        per_deal = 2 * 7 * value + max(rules.lillslam, rules.storslam) + 50
        return 0.0, float(deals * per_deal)


SPIEL = PriffeSpiel()

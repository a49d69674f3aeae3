"""Plump's bounds for OpenSpiel (:class:`stickspel.interop.bounds.SpielBounds`): 2
to 10 players, the schedule's deals and the tie-break's at most, each deal's
points between its worst and best bid and tricks.

>>> rules = PlumpRules(players=3, max_cards=2)
>>> SPIEL.deal_count(rules, 0), SPIEL.utility_bounds(rules, 3)
(3, (0.0, 35.0))
"""

from __future__ import annotations

from stickspel.core import Rules
from stickspel.games.plump.rules import MAX_PLAYERS, MAX_TIE_BREAK_DEALS, PlumpRules, score_deal
from stickspel.interop.bounds import SpielBounds

__all__ = ["PlumpSpiel", "SPIEL"]


class PlumpSpiel(SpielBounds):
    players = range(2, MAX_PLAYERS + 1)

    def deal_count(self, rules: Rules, max_game_length: int) -> int:
        """The schedule's deals, and the tie-break's at most."""
        assert isinstance(rules, PlumpRules)
        return len(rules.schedule()) + (MAX_TIE_BREAK_DEALS if rules.tie_break else 0)

    def utility_bounds(self, rules: Rules, deals: int) -> tuple[float, float]:
        """Each deal's worst and best score over every bid and tricks, summed."""
        assert isinstance(rules, PlumpRules)
        sizes = list(rules.schedule())
        if rules.tie_break:
            sizes += [rules.largest] * MAX_TIE_BREAK_DEALS
        low = high = 0
        for n in sizes:
            points = [score_deal(rules, b, t) for b in range(n + 1) for t in range(n + 1)]
            low, high = low + min(points), high + max(points)
        return float(low), float(high)


SPIEL = PlumpSpiel()

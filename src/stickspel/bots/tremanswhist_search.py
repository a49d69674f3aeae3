"""Tremanswhist's search adapter: its exchange and purchases as the heuristic's,
its cards by play-outs.

The exchange judged by simulation measured weaker than the heuristic's at 25 ms
(benchmarks/RESULTS.md); PIMC judges cards by goal-aware play-outs, since the
paranoid solver (the mover against the other two together) misjudges a game
where each plays for itself.
"""

from __future__ import annotations

from stickspel.bots.search_adapter import SearchAdapter

__all__ = ["SEARCH"]

SEARCH = SearchAdapter("tremanswhist")

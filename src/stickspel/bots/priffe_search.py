"""Priffe's search adapter: its calls as the heuristic's, its cards by play-outs.

The auction judged by simulation measured weaker than the heuristic's at 25 ms
(benchmarks/RESULTS.md), so the expert calls as the heuristic does unless told
otherwise; PIMC judges cards by goal-aware play-outs (13-card deals are too
deep for the solver's budget), and the intermediate level searches a small
IS-MCTS tree over its few worlds, since PIMC over play-outs lost to the
heuristic here.
"""

from __future__ import annotations

from typing import Any

from stickspel.bots.search_adapter import SearchAdapter
from stickspel.core.turn import Turn
from stickspel.games.priffe.rules import PHASES

__all__ = ["SEARCH"]


class PriffeSearch(SearchAdapter):
    few_cards = "auto"

    def model_turn(self, world: Any) -> Turn:
        """A call's turn with only what the heuristic's auction reads (its hand,
        the seats, the high bid): the full observation explains every barred call
        in words, which costs more than the rest of a simulated auction."""
        if world.phase != PHASES.index("bid"):
            return super().model_turn(world)
        from stickspel.core.cards import card_str, cards_of
        from stickspel.games.priffe import CALLS

        seat = world.current_player()
        high = world.high_seat
        observation = {
            "phase": "bid",
            "hand": [card_str(c) for c in cards_of(world.hands[seat])],
            "seat": seat,
            "partner": (seat + 2) % 4,
            "style": world.rules.style,
            "forhand": world.forhand(),
            "high_seat": high,
            "high_bid": CALLS[world.high] if high is not None else None,
        }
        return Turn(seat, observation, tuple(world.legal_actions()), game=world.GAME)


SEARCH = PriffeSearch("priffe")

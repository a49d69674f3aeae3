"""Tremanswhist's search adapter: its exchange and purchases by simulation, its
cards by play-outs.

The offer of the fourth pile (take or decline) and each step of buying are
judged over the seat's worlds (:mod:`stickspel.bots.call_search`): a purchase
step weighs the heuristic's choice, stopping, and the :data:`BUY_CANDIDATES`
cards the hand values least.  PIMC judges cards by goal-aware play-outs, since
the paranoid solver (the mover against the other two together) misjudges a
game where each plays for itself.  A deal's tricks are worth a seat its
points against its target (:meth:`TremanswhistSearch.objective`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from stickspel.bots.objectives import Objective, SeatObjective
from stickspel.bots.search_adapter import SearchAdapter
from stickspel.core.turn import Turn
from stickspel.games.tremanswhist import TremanswhistObservation
from stickspel.games.tremanswhist.rules import PAR

__all__ = ["SEARCH", "BUY_CANDIDATES"]

#: The cards a purchase step weighs putting away, the least valued first.
BUY_CANDIDATES = 3


class TremanswhistSearch(SearchAdapter):
    calls_searched = True

    def objective(self, world: Any, bids: Sequence[int] | None = None) -> Objective:
        """Each seat's points against its target: taking tricks in a plus deal,
        shedding them in a minus deal; in the main game taking the fourth pile
        cost a point."""
        targets = world.current_targets() or [PAR] * world.num_players
        costs = [0] * world.num_players
        if not world.rules.buying:
            for s, took in world.offers:
                costs[s] += 1 if took else 0
        return SeatObjective(1 if world.kind == "plus" else -1, targets, costs)

    def call_candidates(self, turn: Turn, default: int) -> list[int]:
        """The offer: take or decline.  A purchase step: the heuristic's choice,
        stopping (``BUY``), and the cards least worth keeping for the deal type."""
        obs: TremanswhistObservation = turn.observation
        if obs.phase != "buy":
            return super().call_candidates(turn, default)
        from stickspel.core.cards import mask_of, parse_card, parse_suit
        from stickspel.games.tremanswhist import BUY
        from stickspel.games.tremanswhist.bot import card_value

        hand = mask_of(parse_card(c) for c in obs.hand)
        trump = parse_suit(obs.trump) if obs.trump else None
        kind = str(obs.kind)  # a purchase is made in a live deal: its kind is known
        cards = sorted(
            (a for a in turn.legal_actions if a < 52),
            key=lambda c: (card_value(c, hand, kind, trump), c),
        )
        shortlist = [default, BUY, *cards[:BUY_CANDIDATES]]
        return [a for a in dict.fromkeys(shortlist) if a in turn.legal_actions]


SEARCH = TremanswhistSearch("tremanswhist")

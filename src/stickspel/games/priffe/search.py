"""Priffe's search adapter: its calls by simulation, its cards by play-outs.

Every legal call is judged over the seat's worlds, the auction finished by the
heuristic and the deal played out (:mod:`stickspel.bots.call_search`; measured
stronger than the heuristic's calls, benchmarks/RESULTS.md); PIMC judges cards by goal-aware play-outs (13-card deals are too
deep for the solver's budget), and the intermediate level searches a small
IS-MCTS tree over its few worlds, since PIMC over play-outs lost to the
heuristic here.  A deal's tricks are worth a seat its side's points less the
other side's (:meth:`PriffeSearch.objective`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from stickspel.bots.objectives import Objective, SideObjective
from stickspel.bots.search_adapter import SearchAdapter
from stickspel.core.cards import mask_of
from stickspel.core.turn import Turn
from stickspel.games.priffe.rules import NOLL, PHASES, TVANGSNOLL, honours_of, score_deal

__all__ = ["SEARCH"]


class PriffeSearch(SearchAdapter):
    calls_searched = True
    few_cards = "auto"

    def objective(self, world: Any, bids: Sequence[int] | None = None) -> Objective:
        """Each seat's side's points less the other side's, the contract's score
        with the honours as dealt; noll and tvångsnoll shed tricks."""
        contract, declarers, rules = world.contract, world.declarers, world.rules
        honours = honours_of(contract, [mask_of(h) for h in world.dealt]) if world.dealt else None

        def points(sides: tuple[int, int]) -> tuple[int, int]:
            s = score_deal(rules, contract, declarers, sides, honours)
            return s.side_points[0], s.side_points[1]

        return SideObjective(points, shed=contract in (NOLL, TVANGSNOLL))

    def model_turn(self, world: Any) -> Turn:
        """A call's turn with only what the heuristic's auction reads (its hand,
        the seats, the high bid): the full observation explains every barred call
        in words, which costs more than the rest of a simulated auction."""
        if world.phase != PHASES.index("bid"):
            return super().model_turn(world)
        from stickspel.core.cards import card_str, cards_of
        from stickspel.games.priffe import CALLS
        from stickspel.games.priffe.bot import AuctionView

        seat = world.current_player()
        high = world.high_seat
        observation = AuctionView(
            hand=tuple(card_str(c) for c in cards_of(world.hands[seat])),
            seat=seat,
            partner=(seat + 2) % 4,
            style=world.rules.style,
            forhand=world.forhand(),
            high_seat=high,
            high_bid=CALLS[world.high] if high is not None else None,
        )
        return Turn(seat, observation, tuple(world.legal_actions()), game=world.GAME)


SEARCH = PriffeSearch("priffe")

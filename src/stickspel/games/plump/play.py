"""Plump's card play as the search sees it: each seat plays for its own deal
score under the bids (max^n over the seats' score tables), an exact bid being
what scores; while bids are still to be made, for its own tricks.

>>> import random
>>> from stickspel import load_game
>>> state = load_game("plump(players=3,max_cards=3,deal_order=single)").new_initial_state()
>>> _ = state.apply_chance(random.Random(7))
>>> pos = MODEL.position(state)   # still bidding: from the first lead, no bids
>>> pos.game, pos.bids, MODEL.goal_rows(pos, [1, 0, 2])[0][:3]
('plump', None, (0, 11, 0))
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import stickspel.search.kernels as K
from stickspel.games.plump.rules import BID, PLAY, PlumpRules, score_deal
from stickspel.search.position import PlayModel, Position, SearchError

__all__ = ["MODEL", "PlumpPlay"]

#: The scores of a position without rules (a test's bare deal made Plump's).
DEFAULT_RULES = PlumpRules()


class PlumpPlay(PlayModel):
    """Plump: max^n on each seat's deal score, the paranoid search allowed."""

    name = "plump"
    maxn = True

    def position(
        self, world: Any, *, contract: int | None = None, bidder: int | None = None
    ) -> Position:
        """In the play, or while bidding (then from the first lead, each seat
        playing for its own tricks)."""
        rules = world.rules
        if world.phase == PLAY:
            pos = Position.from_play(world)
            pos.bids = tuple([0 if b is None else b for b in world.bids])
        elif world.phase == BID and world.hands and any(world.hands):
            lead = world.dealer_seat if rules.first_lead == "dealer" else world.forhand()
            pos = Position.from_hands(world.hands, world.trump, lead)
            pos.bids = None  # no bids yet: each seat plays for its own tricks
        else:
            raise SearchError("search.plump_phase")
        pos.model, pos.rules = self, rules
        return pos

    def goal_rows(self, pos: Position, bids: Sequence[int] | None) -> list[tuple[int, ...]]:
        """Each seat's deal score under its bid by its tricks (no bids: the tricks)."""
        if bids is None:
            return super().goal_rows(pos, bids)
        rules = pos.rules if pos.rules is not None else DEFAULT_RULES
        return [tuple(score_deal(rules, bids[i], t) for t in range(K.UT)) for i in range(pos.n)]


MODEL = PlumpPlay()

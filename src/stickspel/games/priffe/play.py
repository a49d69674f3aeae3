"""Priffe's card play as the search sees it: two sides of partners opposite, each
playing for its tricks (alpha-beta on one side's against the other's, DDS where
installed), in noll and tvångsnoll to give them away.

A value of the search is, for the mover's side, the tricks it takes in the deal
in a trump contract or spel, and the tricks it *gives away* (13 minus its own)
in noll and tvångsnoll: larger is better for the mover in every contract, like
the rules' ``counted``.

>>> import random
>>> from stickspel import load_game
>>> state = load_game("priffe").new_initial_state()
>>> _ = state.apply_chance(random.Random(3))
>>> pos = MODEL.position(state, contract=NOLL)   # in the auction: the contract given
>>> pos.game, MODEL.sheds(pos), MODEL.dds(pos)
('priffe', True, False)
"""

from __future__ import annotations

from typing import Any

from stickspel.games.priffe.rules import BID, NOLL, PLAY, SPEL, TVANGSNOLL, trump_of
from stickspel.search.position import PlayModel, Position, SearchError, ToValue, side_mask

__all__ = ["MODEL", "PriffePlay"]


class PriffePlay(PlayModel):
    """Priffe: a side's tricks against the other side's."""

    name = "priffe"

    def position(
        self, world: Any, *, contract: int | None = None, bidder: int | None = None
    ) -> Position:
        """In the play, or in the auction with ``contract`` (and ``bidder`` for
        spel, whose right-hand neighbour leads) given."""
        if world.phase == PLAY:
            pos = Position.from_play(world, pairs=True)
            pos.contract = world.contract
        elif world.phase == BID and contract is not None and any(world.hands):
            if contract == SPEL:
                if bidder is None:
                    raise SearchError("search.spel_bidder")
                lead = (bidder - 1) % 4
            else:
                lead = world.forhand()
            pos = Position.from_hands(world.hands, trump_of(contract), lead, pairs=True)
            pos.contract = contract
        else:
            raise SearchError("search.priffe_phase")
        pos.model, pos.rules = self, world.rules
        return pos

    def sheds(self, pos: Position) -> bool:
        """Noll and tvångsnoll: each side plays to take few tricks."""
        return pos.contract in (NOLL, TVANGSNOLL)

    def dds(self, pos: Position) -> bool:
        """The trump contracts and spel."""
        return not self.sheds(pos)

    def teams(self, pos: Position, seat: int) -> tuple[int, int, ToValue]:
        """The seat's side maximising; its tricks counted, or in noll and tvångsnoll
        the other side's (the tricks it gives away)."""
        mine = side_mask(seat)
        if self.sheds(pos):
            others = side_mask(seat + 1)
            given = sum(pos.tricks[i] for i in range(4) if (others >> i) & 1)
            return mine, others, lambda v: float(given + v)
        taken = sum(pos.tricks[i] for i in range(4) if (mine >> i) & 1)
        return mine, mine, lambda v: float(taken + v)

    def line(self, pos: Position) -> tuple[int, int] | None:
        """Side 0 against side 1 for the whole line (noll: side 1's tricks counted)."""
        return side_mask(0), side_mask(1) if self.sheds(pos) else side_mask(0)


MODEL = PriffePlay()

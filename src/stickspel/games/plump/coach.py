"""Plump's part of the coach (:class:`stickspel.bots.coach.Coach`): a seat wants
tricks below its bid, its situation is the tricks it still needs (in play) or the
bids so far (in the auction), and a bid is weighed against what the hand counts.

>>> COACH.situation(PlumpObservation(game="plump", seat=0, phase="bid", deal_index=0,
...     deals=1, hand_size=3, dealer=2, current_player=0, hand=(), upcard=None, trump=None,
...     bids=(None, 1, None), bids_made=None, forbidden_bid=None, tricks_won=(0, 0, 0),
...     trick=None, last_trick=None, totals=(0, 0, 0)))[0].text("en")
'the bids so far total 1 of 3 tricks'
"""

from __future__ import annotations

from stickspel.bots.coach import Coach, Reason
from stickspel.core.turn import Turn
from stickspel.games.plump.observer import PlumpObservation
from stickspel.games.plump.rules import BID_BASE

__all__ = ["PlumpCoach", "COACH"]


class PlumpCoach(Coach):
    """Plump's goal is its bid: a made bid is worth 10 or more, so 3 points lost is
    30% of one."""

    marks = (0.5, 1.5, 3.0)

    def wants(self, obs: PlumpObservation) -> bool:
        bid = obs.bids[obs.seat]
        return bid is None or obs.tricks_won[obs.seat] < bid

    def wants_at(self, turn: Turn) -> bool:
        """Read from the information set's world where the turn has one (as the
        expert reads it)."""
        if turn.info is None:
            return self.wants(turn.observation)
        from stickspel.games.plump.search import SEARCH

        return SEARCH.wants_tricks(turn.frame, turn.seat)

    def situation(self, obs: PlumpObservation) -> tuple[Reason, ...]:
        """In play the tricks the seat still needs; in the auction the bids so far."""
        if obs.phase == "play":
            bid = obs.bids[obs.seat]
            need = 0 if bid is None else bid - obs.tricks_won[obs.seat]
            return (Reason("coach.needs", {"n": need}),) if need > 0 else ()
        made = [b for b in obs.bids if b is not None]
        return (Reason("coach.bids_so_far", {"sum": sum(made), "size": obs.hand_size}),)

    def call_reasons(self, obs: PlumpObservation, action: int) -> tuple[Reason, ...]:
        """A bid against what the hand counts, and the spärr where it binds."""
        if obs.phase != "bid":
            return ()
        from stickspel.games.plump.bot import estimate_tricks

        bid = action - BID_BASE
        tricks = round(estimate_tricks(obs), 1)
        out: list[Reason] = []
        forbidden = obs.forbidden_bid
        if forbidden is not None and obs.seat == obs.dealer:
            out.append(Reason("coach.sparr", {"bid": forbidden}))
        if bid == round(tricks):
            out.append(Reason("coach.bid_counted", {"tricks": tricks}))
        elif bid > tricks:
            out.append(Reason("coach.bid_above", {"tricks": tricks}))
        else:
            out.append(Reason("coach.bid_below", {"tricks": tricks}))
        return tuple(out)

    def gone(self, obs: PlumpObservation) -> set[str]:
        """The cards played this deal."""
        return set(obs.played or ())


COACH = PlumpCoach()

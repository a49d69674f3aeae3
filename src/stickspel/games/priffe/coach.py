"""Priffe's part of the coach (:class:`stickspel.bots.coach.Coach`): a seat wants
tricks unless in tvångsnoll or as noll's declarer, need not take its partner's
trick, knows the tricks taken (shown as they were), and a call is weighed by the
hand's honour tricks, stoppers and suits.
"""

from __future__ import annotations

from stickspel.bots.coach import HIGH_RANK, Coach, Reason
from stickspel.core import CALL_BASE, Rules
from stickspel.core.cards import parse_card
from stickspel.games.priffe.observer import PriffeObservation
from stickspel.games.priffe.rules import CALLS, PriffeRules

__all__ = ["PriffeCoach", "COACH"]

#: The suits' calls by their suit (clubs 0 … spades 3).
_SUITS = {"klöver": 0, "ruter": 1, "hjärter": 2, "spader": 3}


class PriffeCoach(Coach):
    """Priffe's values are side points, which change by twice a trick's value a
    trick: its marks are in tricks' worth."""

    marks = (0.5, 1.0, 2.5)

    def trick_worth(self, rules: Rules) -> float:
        """Twice the trick value (the modern style's, the old style's highest)."""
        assert isinstance(rules, PriffeRules)
        return 2.0 * float(rules.trick_value if rules.style == "modern" else max(rules.old_values))

    def wants(self, obs: PriffeObservation) -> bool:
        if obs.contract == "tvångsnoll":
            return False
        return not (obs.contract == "noll" and obs.seat in obs.declarers)

    def gone(self, obs: PriffeObservation) -> set[str]:
        """The tricks taken, shown as they were."""
        return {card for past in obs.tricks for card in past.cards}

    def partner(self, obs: PriffeObservation) -> int | None:
        return obs.partner

    def call_reasons(self, obs: PriffeObservation, action: int) -> tuple[Reason, ...]:
        """A call by the hand's honour tricks, stoppers and suits."""
        if obs.phase != "bid":
            return ()
        from stickspel.games.priffe.bot import (
            HeuristicBot,
            _noll_hand,
            _stopped,
            _suit_honour_tricks,
            _suit_ranks,
        )

        call = CALLS[action - CALL_BASE]
        cards = [parse_card(c) for c in obs.hand]
        ranks = [_suit_ranks(cards, s) for s in range(4)]
        ht = sum(_suit_honour_tricks(r) for r in ranks)
        stoppers = sum(_stopped(r) for r in ranks)
        partner_holds = obs.high_seat is not None and obs.high_seat == obs.partner
        high = obs.high_bid
        if call == "pass":
            if partner_holds:
                return (Reason("coach.partner_holds", {"call": high}),)
            weak = ht < HeuristicBot.SPEL_HT  # too few honour tricks even for spel
            return (Reason("coach.pass_weak" if weak else "coach.pass_shape", {"ht": ht}),)
        if partner_holds and high in ("spader", "klöver") and call == "spel":
            return (Reason("coach.answers", {"call": high, "ht": ht}),)
        if call == "spel":
            return (Reason("coach.spel", {"ht": ht, "stoppers": stoppers}),)
        if call == "noll":
            ok = _noll_hand(cards)
            return (Reason("coach.noll_hand" if ok else "coach.noll_risky"),)
        suit = _SUITS[call]
        if obs.style != "old" and call in ("spader", "klöver"):
            key = "coach.invites_strong" if call == "spader" else "coach.invites"
            return (Reason(key, {"ht": ht, "stoppers": stoppers}),)
        high_ones = sum(1 for r in ranks[suit] if r >= HIGH_RANK)
        return (
            Reason("coach.trump_suit", {"n": len(ranks[suit]), "suit": suit, "top": high_ones}),
        )


COACH = PriffeCoach()

"""Tremanswhist's part of the coach (:class:`stickspel.bots.coach.Coach`): a seat
wants tricks in a plus deal, knows the cards played and its own put away, and the
fourth pile and the purchases are weighed by the hand's worth for the deal.
"""

from __future__ import annotations

import random

from stickspel.bots.coach import Coach, Reason
from stickspel.core.cards import FULL_DECK, cards_of, mask_of, parse_card, parse_suit
from stickspel.games.tremanswhist.observer import TremanswhistObservation
from stickspel.games.tremanswhist.rules import BUY, TAKE

__all__ = ["TremanswhistCoach", "COACH", "PILE_DRAWS"]

#: Piles drawn to put a worth on the fourth pile (a fixed stream: the same words
#: for the same observation).
PILE_DRAWS = 48


class TremanswhistCoach(Coach):
    """Tremanswhist counts points: a trick over or under the target is one."""

    marks = (0.5, 1.0, 2.0)

    def wants(self, obs: TremanswhistObservation) -> bool:
        return obs.kind != "minus"

    def gone(self, obs: TremanswhistObservation) -> set[str]:
        """The cards played this deal, and the seat's own put away."""
        return set(obs.played or ()) | set(obs.discarded or ())

    def call_reasons(self, obs: TremanswhistObservation, action: int) -> tuple[Reason, ...]:
        """The fourth pile and purchases by the hand's worth for the deal."""
        if obs.phase not in ("offer", "buy"):
            return ()
        from stickspel.games.tremanswhist.bot import card_value, hand_value

        kind = str(obs.kind)
        trump = parse_suit(obs.trump) if obs.trump else None
        hand = mask_of(parse_card(c) for c in obs.hand)
        if obs.phase == "offer":
            own = round(hand_value(hand, kind, trump), 1)
            pile = round(_pile_worth(obs, kind, trump), 1)
            key = "coach.takes_pile" if action == TAKE else "coach.keeps_hand"
            return (Reason(key, {"own": own, "pile": pile, "kind": f"coach.kind.{kind}"}),)
        if action == BUY:
            return (Reason("coach.buys_no_more", {"kind": f"coach.kind.{kind}"}),)
        cards = [parse_card(c) for c in obs.hand]
        weakest = min(cards, key=lambda c: (card_value(c, hand, kind, trump), c))
        if action == weakest:
            return (Reason("coach.puts_away", {"card": action, "kind": f"coach.kind.{kind}"}),)
        return (Reason("coach.puts_away_better", {"card": action, "weakest": weakest}),)


def _pile_worth(obs: TremanswhistObservation, kind: str, trump: int | None) -> float:
    """What a pile of the cards the seat has not seen is worth on average for ``kind``."""
    from stickspel.games.tremanswhist.bot import hand_value

    seen = mask_of(parse_card(c) for c in [*obs.hand, *(obs.discarded or ())])
    seen |= mask_of(parse_card(c) for c in obs.received or ())
    unseen = cards_of(FULL_DECK & ~seen)
    size = min(13, len(unseen))
    rng = random.Random(0)
    total = sum(
        hand_value(mask_of(rng.sample(unseen, size)), kind, trump) for _ in range(PILE_DRAWS)
    )
    return total / PILE_DRAWS


COACH = TremanswhistCoach()

"""Tremanswhist bots.

:class:`HeuristicBot` judges its hand for the deal type: in a plus deal high
cards and trumps are worth tricks, in a minus deal they are dangers.  Offered
the fourth pile it compares its hand with hands sampled from the cards it has
not seen (the upcard among them) and takes the pile when they beat its hand
by more than the −1 the swap costs; buying, it puts away the cards worth less than an
unseen card on average, up to what the pile has left.  In play it takes tricks
in a plus deal and sheds them in a minus deal.  It decides only from
its seat's observation and the legal actions (a :class:`~stickspel.bots.Turn`).

>>> from stickspel.games.tremanswhist import TremanswhistState, DECLINE, TAKE
>>> from stickspel.core import Deal
>>> from stickspel.core.cards import parse_cards
>>> hands = ("AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S", "2H 3H 4H 5H 6H 7H 8H 2D 3D 4D 5D 6D 7D",
...          "AH KH QH JH TH 9H AD KD QD JD TD 9D 8D")
>>> pile = parse_cards("AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C")
>>> deal = Deal(tuple(tuple(parse_cards(h)) for h in hands), (tuple(pile),), pile[0])
>>> state = TremanswhistState()
>>> state.apply_deal(Deal(deal.hands, (tuple(pile[1:] + pile[:1]),), pile[0]))
>>> state.kind, state.current_player()
('plus', 1)
>>> HeuristicBot(seed=1).act(Turn.of(state)) == TAKE   # förhand's low hearts and diamonds: swap
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from stickspel.core.cards import SUIT_MASKS, beats, cards_of, mask_of, parse_card, parse_suit
from stickspel.core.turn import Turn
from stickspel.games.tremanswhist import BUY, DECLINE, TAKE, TremanswhistObservation

__all__ = ["HeuristicBot", "BOTS", "card_value", "hand_value"]

_HONOUR_PLUS = {12: 1.0, 11: 0.7, 10: 0.4, 9: 0.2}
_DANGER_MINUS = {12: 0.9, 11: 0.7, 10: 0.5, 9: 0.35, 8: 0.2, 7: 0.1}
#: Added to the −1 the pile costs before the bot takes it: 0 maximises the expected
#: score.  Swapping more eagerly wins a little more often against cautious players but
#: drags every total down, so that self-play games seldom reach +10 (measured: with
#: −0.5 a third of self-play games ran to the 100-deal cap, with 0 a fifth).
_MARGIN = 0.0
_SAMPLES = 24
_TOP_TWO = tuple(3 << (13 * s + 11) for s in range(4))  # ace and king of each suit


def card_value(card: int, hand: int, kind: str, trump: int | None) -> float:
    """What ``card`` is worth in ``hand`` for a deal of ``kind``: about its chance
    of a trick in plus, minus that chance in minus.

    >>> card_value(parse_card("AS"), 0, "plus", None), card_value(parse_card("2S"), 0, "minus", None)
    (1.0, 0.0)
    """
    suit = card // 13
    return _value(card % 13, suit, (hand & SUIT_MASKS[suit]).bit_count(), hand, kind, trump)


def _value(rank: int, suit: int, length: int, hand: int, kind: str, trump: int | None) -> float:
    """:func:`card_value` of the card of ``rank`` and ``suit``, its suit ``length``
    long in ``hand`` (counted once a suit by :func:`hand_value`)."""
    if kind == "minus":
        danger = _DANGER_MINUS.get(rank, 0.0)
        if length >= 5:  # long suits leave high cards stranded
            danger += 0.05 * (length - 4)
        return 0.0 - danger
    value = _HONOUR_PLUS.get(rank, 0.0)
    if rank == 11 and length < 2:
        value = 0.4  # an unguarded king
    if suit == trump:
        value += 0.35 + 0.2 * rank / 12
    elif trump is None and length >= 5 and rank < 9 and hand & _TOP_TWO[suit]:
        value += 0.25  # length winners without trump, in a suit headed by A or K
    return value


def hand_value(hand: int, kind: str, trump: int | None) -> float:
    """Expected tricks in plus (negated in minus) of a hand, by :func:`card_value`
    (each suit's length counted once: the offer values 24 sampled piles a decision,
    and the expert's worlds replay that decision in each world they weigh).

    >>> hand = mask_of(parse_card(c) for c in "AS KS 7S 6S 5S 2H KD".split())
    >>> all(hand_value(hand, k, t) == sum(card_value(c, hand, k, t) for c in cards_of(hand))
    ...     for k in ("plus", "minus") for t in (None, 0, 1, 2, 3))
    True
    """
    total = 0.0
    for suit in range(4):
        m = hand & SUIT_MASKS[suit]
        if m:
            length = m.bit_count()
            for c in cards_of(m):
                total += _value(c % 13, suit, length, hand, kind, trump)
    return total


def _trump(obs: TremanswhistObservation) -> int | None:
    return parse_suit(obs.trump) if obs.trump else None


def _kind(obs: TremanswhistObservation) -> str:
    """The deal's kind, ``plus`` or ``minus``: known in every phase of a live deal."""
    assert obs.kind is not None, "a live deal has a kind"
    return obs.kind


def _mask(cards: Sequence[str] | None) -> int:
    return mask_of(parse_card(c) for c in cards or ())


class HeuristicBot:
    """Exchanges or buys by hand strength for the deal type, then plays to win or shed tricks."""

    name = "heuristic"
    #: Reads its own hand and what is public: no worlds.
    needs_worlds = False

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def act(self, turn: Turn) -> int:
        obs: TremanswhistObservation = turn.observation
        legal = list(turn.legal_actions)
        if len(legal) == 1:
            return legal[0]
        if obs.phase == "offer":
            return self.offer(obs)
        if obs.phase == "buy":
            return self.buy(obs, legal)
        return self.play(obs, legal)

    # --- before play -----------------------------------------------------------------
    def _unseen(self, obs: TremanswhistObservation) -> list[int]:
        seen = _mask(obs.hand) | _mask(obs.discarded) | _mask(obs.received)
        if obs.upcard:
            seen |= 1 << parse_card(obs.upcard)
        return cards_of(((1 << 52) - 1) & ~seen)

    def offer(self, obs: TremanswhistObservation) -> int:
        """Take the fourth pile when sampled piles beat the hand by more than 1 + margin."""
        kind, trump = _kind(obs), _trump(obs)
        own = hand_value(_mask(obs.hand), kind, trump)
        unseen = self._unseen(obs)
        known: list[int] = []
        if obs.upcard and not any(e.take for e in obs.exchanges or ()):
            known = [parse_card(obs.upcard)]  # the upcard is still in the pile
        need = 13 - len(known)
        total = 0.0
        for _ in range(_SAMPLES):
            pile = mask_of(known + self.rng.sample(unseen, need))
            total += hand_value(pile, kind, trump)
        return TAKE if total / _SAMPLES - own > 1 + _MARGIN else DECLINE

    def buy(self, obs: TremanswhistObservation, legal: list[int]) -> int:
        """Put away the weakest card while it is worth less than an unseen card."""
        cards = [a for a in legal if a < 52]
        if not cards:
            return BUY
        kind, trump = _kind(obs), _trump(obs)
        hand = _mask(obs.hand)
        unseen = self._unseen(obs)
        # an unseen card is judged alone: its length bonus is not known
        average = sum(card_value(c, 0, kind, trump) for c in unseen) / max(len(unseen), 1)
        worst = min(cards, key=lambda c: (card_value(c, hand, kind, trump), c))
        if card_value(worst, hand, kind, trump) < average - 0.15:
            return worst
        return BUY

    # --- play --------------------------------------------------------------------------
    def play(self, obs: TremanswhistObservation, legal: list[int]) -> int:
        trump = _trump(obs)
        trick = [parse_card(c) for c in (obs.trick.cards if obs.trick else ())]
        plus = obs.kind == "plus"
        hand = _mask(obs.hand)
        if not trick:
            return self._lead(legal, hand, plus, trump, obs)
        best = trick[0]
        for c in trick[1:]:
            if beats(c, best, trump):
                best = c
        winners = [c for c in legal if beats(c, best, trump)]
        losers = [c for c in legal if c not in winners]
        last = len(trick) == 2

        def cheap(c: int) -> tuple[int, int]:
            return (1 if c // 13 == trump else 0, c % 13)

        if plus:
            if winners:
                return min(winners, key=cheap) if last else max(winners, key=cheap)
            return min(legal, key=cheap)
        if losers:
            return max(losers, key=lambda c: (c % 13, -cheap(c)[0]))  # duck as high as possible
        # every card takes the trick for now: dump the highest if it is surely ours
        return max(winners, key=cheap) if last else min(winners, key=cheap)

    def _lead(
        self,
        legal: list[int],
        hand: int,
        plus: bool,
        trump: int | None,
        obs: TremanswhistObservation,
    ) -> int:
        unseen = mask_of(self._unseen(obs)) & ~_mask(obs.played)
        if plus:
            masters = [
                c
                for c in legal
                if not unseen & SUIT_MASKS[c // 13] & ~((1 << (c + 1)) - 1)
                and (c // 13 == trump or trump is None or self._trumps_out(unseen, trump) == 0)
            ]
            if masters:
                return max(masters, key=lambda c: c % 13)
            if trump is not None and (hand & SUIT_MASKS[trump]).bit_count() >= 5:
                return max(cards_of(hand & SUIT_MASKS[trump]))
            return min(legal, key=lambda c: (c // 13 == trump, c % 13))
        return min(legal, key=lambda c: (c % 13, -(hand & SUIT_MASKS[c // 13]).bit_count()))

    @staticmethod
    def _trumps_out(unseen: int, trump: int) -> int:
        return (unseen & SUIT_MASKS[trump]).bit_count()


BOTS: dict[str, type] = {"heuristic": HeuristicBot}

"""Plump bots.

:class:`HeuristicBot` plays as seed 000's strategy section advises: it counts
sure and likely tricks to bid, as dealer steps round the spärr to the better
neighbouring bid, then plays to hit its bid exactly: it takes tricks while it
still needs them and ducks once it has them.  It decides only from
its seat's observation and the legal actions (a :class:`~stickspel.bots.Turn`).

>>> from stickspel.games.plump import PlumpRules, PlumpState
>>> from stickspel.core import Deal
>>> from stickspel.core.cards import parse_cards
>>> state = PlumpState(PlumpRules(players=3, max_cards=3))
>>> state.apply_deal(Deal((tuple(parse_cards("2C 3C 4C")), tuple(parse_cards("AS KS QS")),
...                        tuple(parse_cards("5C 6C 7C"))), upcard=parse_cards("2S")[0]))
>>> bot = HeuristicBot()
>>> state.action_to_string(bot.act(Turn.of(state)))   # seat 1, förhand: the three top trumps
'3'
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from stickspel.core.cards import SUIT_MASKS, beats, mask_of, parse_card, parse_suit
from stickspel.core.turn import Turn
from stickspel.games.plump import BID_BASE, PlumpObservation

__all__ = ["HeuristicBot", "BOTS", "estimate_tricks", "count_tricks", "count_dealt", "share_dealt"]

# Tuned on seeded self-play (hit rate): a low card with no guard rarely wins
# unless led, and at tables of four or more a slightly low bid is easier to hit
# (ducking is easier than taking).
UNGUARDED = 0.35
LOW_BID_BIAS = 0.2


def _higher_unknown(card: int, unknown: int) -> int:
    """Unknown cards of ``card``'s suit that rank above it."""
    suit = card // 13
    above = SUIT_MASKS[suit] & ~((1 << (card + 1)) - 1)
    return (unknown & above).bit_count()


def _unknown_mask(obs: PlumpObservation, hand: list[int]) -> int:
    """Cards this seat has not seen: not in its hand, not played, not the upcard."""
    seen = mask_of(hand)
    for c in obs.played or ():
        seen |= 1 << parse_card(c)
    if obs.upcard:
        seen |= 1 << parse_card(obs.upcard)
    return ((1 << 52) - 1) & ~seen


def estimate_tricks(obs: PlumpObservation) -> float:
    """Expected tricks of the hand in ``obs`` (a bidding observation).

    Each card gets a chance to take a trick: a card no unseen card beats is
    nearly sure; one with higher cards out is worth less, more so when those
    cards are likely in play (few players, big deals) and when it has no guard;
    side-suit cards lose value to ruffs as hands get short and tables large;
    spare low trumps are worth something with a void or singleton to ruff in.

    >>> from stickspel.games.plump import PlumpRules, PlumpState
    >>> from stickspel.core import Deal
    >>> from stickspel.core.cards import parse_cards
    >>> state = PlumpState(PlumpRules(players=4, max_cards=3))
    >>> hands = ("AS KS 2H", "3C 4C 5C", "6C 7C 8C", "9C TC JC")
    >>> state.apply_deal(Deal(tuple(tuple(parse_cards(h)) for h in hands),
    ...                       upcard=parse_cards("3S")[0]))  # spades trump
    >>> round(estimate_tricks(state.observation(0)), 2)
    2.02
    """
    hand = [parse_card(c) for c in obs.hand]
    if not hand:
        return 0.0
    trump = parse_suit(obs.trump) if obs.trump else None
    unknown = _unknown_mask(obs, hand)
    return count_tricks(hand, unknown, len(obs.bids), obs.hand_size, trump)


def count_dealt(
    hand: Sequence[int], n: int, size: int, trump: int | None, upcard: int | None
) -> float:
    """What :func:`estimate_tricks` counts in ``hand`` at the bid: nothing played
    yet, every card but the hand and the upcard unseen."""
    seen = mask_of(hand) | (0 if upcard is None else 1 << upcard)
    return count_tricks(list(hand), ((1 << 52) - 1) & ~seen, n, size, trump)


def share_dealt(
    dealt: Sequence[Sequence[int]], size: int, trump: int | None, upcard: int | None
) -> list[float]:
    """What each hand of a deal can expect to take: its :func:`count_dealt` scaled
    so that the hands together take the deal's ``size`` tricks.

    The count alone falls short in big deals: four hands of ten count 6.95 of the
    10 tricks on average (the low cards of long suits and the small trumps take the
    rest), three hands of ten 6.1.  A player who bids what the hand can take bids
    about its share, not its count.

    >>> from stickspel.core.cards import parse_cards
    >>> hands = [parse_cards("AS KS 2H"), parse_cards("QS 3D 4D"), parse_cards("5C 6C 7C")]
    >>> shares = share_dealt(hands, 3, 3, parse_cards("2S")[0])
    >>> round(sum(shares), 6), shares[0] > shares[1] > shares[2]
    (3.0, True)
    """
    n = len(dealt)
    counts = [count_dealt(hand, n, size, trump, upcard) for hand in dealt]
    total = sum(counts)
    return [c * size / total for c in counts] if total > 0 else counts


def count_tricks(hand: list[int], unknown: int, n: int, size: int, trump: int | None) -> float:
    """:func:`estimate_tricks` on card ids: ``hand`` the cards dealt, ``unknown`` the
    mask of the cards the seat has not seen, ``n`` seats, ``size`` cards a hand."""
    if not hand:
        return 0.0
    unknown_count = unknown.bit_count()
    # chance that an unseen card is in an opponent's hand rather than the stock
    frac = min(1.0, (n - 1) * size / unknown_count) if unknown_count else 1.0
    # chance an opponent starts void in a suit and can ruff it
    void = 0.75**size
    has_trump = 1 - 0.75**size if trump is not None else 0.0
    total = 0.0
    short = 0
    spare_trumps = 0
    for suit in range(4):
        mine = sorted((c for c in hand if c // 13 == suit), reverse=True)
        length = len(mine)
        if suit != trump and trump is not None:
            short += max(0, 2 - length)
        for i, card in enumerate(mine):
            h = _higher_unknown(card, unknown)
            clear = (1 - frac) ** h  # every higher card is out of play
            guarded = length - 1 - i >= h
            g = (0.6 if suit == trump else 0.5) ** h if guarded else 0.12**h
            if not guarded:
                clear *= UNGUARDED
            p = clear + (1 - clear) * g if h else 1.0
            if suit != trump and trump is not None:
                # the card wins when its suit goes round the (i+1)th time
                v = min(1.0, void + 0.22 * (i + max(0, length - 3)))
                ruffed = 1 - (1 - v * has_trump) ** (n - 1)
                p *= 1 - 0.75 * ruffed
            if suit == trump and p < 0.5:
                spare_trumps += 1
                continue
            total += p
    if trump is not None and size > 1:
        total += min(spare_trumps, short) * 0.55
        total += max(0, spare_trumps - short) * 0.12
    return total


def _strength(card: int, trump: int | None) -> tuple[int, int]:
    """Order for "cheapest": side suits before trumps, then by rank."""
    return (1 if card // 13 == trump else 0, card % 13)


class HeuristicBot:
    """Bids its counted tricks, then plays to make exactly that many."""

    name = "heuristic"
    #: Reads its own hand and what is public: no worlds.
    needs_worlds = False

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def act(self, turn: Turn) -> int:
        obs: PlumpObservation = turn.observation
        legal = list(turn.legal_actions)
        if obs.phase == "bid":
            return self.bid(obs, legal)
        return self.play(obs, legal)

    # --- bidding ------------------------------------------------------------------
    def bid(self, obs: PlumpObservation, legal: list[int]) -> int:
        n = len(obs.bids)
        expected = estimate_tricks(obs) - (LOW_BID_BIAS if n >= 4 else 0.0)
        size = obs.hand_size
        made = [b for b in obs.bids if b is not None]
        # tables that bid high leave fewer tricks to go round, and the reverse
        later = n - len(made) - 1
        outlook = sum(made) + later * size / n + expected
        if outlook > size + 1:
            expected -= 0.25
        elif outlook < size - 1:
            expected += 0.15
        # the nearest legal bid: round the spärr to the better neighbour
        best = min(legal, key=lambda a: (abs(a - BID_BASE - expected), a))
        return best

    # --- play -----------------------------------------------------------------------
    def play(self, obs: PlumpObservation, legal: list[int]) -> int:
        seat = obs.seat
        n = len(obs.bids)
        hand = [parse_card(c) for c in obs.hand]
        trump = parse_suit(obs.trump) if obs.trump else None
        bid = obs.bids[seat] or 0
        need = bid - obs.tricks_won[seat]
        trick = [parse_card(c) for c in (obs.trick.cards if obs.trick else ())]
        unknown = _unknown_mask(obs, hand)

        def cheap(c: int) -> tuple[int, int]:
            return _strength(c, trump)

        if not trick:
            if need > 0:
                masters = [c for c in legal if _higher_unknown(c, unknown) == 0]
                side = [c for c in masters if c // 13 != trump]
                if side:  # cash side-suit winners before they can be ruffed
                    return max(side, key=cheap)
                if masters:
                    return max(masters, key=cheap)
                if need >= len(hand):
                    return max(legal, key=cheap)
            # lead the card least likely to win: a low side card under many unseen ones
            return min(
                legal, key=lambda c: (c // 13 == trump, -_higher_unknown(c, unknown), c % 13)
            )

        best = trick[0]
        for c in trick[1:]:
            if beats(c, best, trump):
                best = c
        winners = [c for c in legal if beats(c, best, trump)]
        losers = [c for c in legal if c not in winners]
        last = len(trick) == n - 1
        if need > 0:
            if winners:
                if not last:
                    sure = [c for c in winners if _higher_unknown(c, unknown) == 0]
                    if sure:
                        return min(sure, key=cheap)
                return min(winners, key=cheap)
            return min(losers, key=cheap)
        # has its tricks: duck with the highest card that still loses
        if losers:
            return max(losers, key=lambda c: (-_higher_unknown(c, unknown), c % 13))
        return max(winners, key=cheap) if last else min(winners, key=cheap)


BOTS: dict[str, type] = {"heuristic": HeuristicBot}

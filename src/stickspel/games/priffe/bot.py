"""Priffe bots.

:class:`HeuristicBot` bids from honour tricks in the manner of the Swedish
honour-trick table (A K = 2, A Q = 1½, A = 1, K Q = 1, K x = ½), uses
``spader`` and ``klöver`` as the information bids they are in the modern game
(strong and weak invitations to spel; partner raises to ``spel``), bids
``noll`` on a hand of low cards, and plays partnership whist: second hand low,
third hand high, covers cheaply in fourth hand, never overtakes a partner
who is winning, returns partner's lead, ruffs the opponents' winners, and in
``noll`` and tvångsnoll ducks under the card that is winning and throws its
highest cards.  It decides only from its seat's observation and
the legal actions (a :class:`~stickspel.bots.Turn`).

>>> from stickspel.games.priffe import PriffeState, example_hands
>>> from stickspel.core import Deal
>>> state = PriffeState()
>>> state.apply_deal(Deal(example_hands()))
>>> bot = HeuristicBot()
>>> state.action_to_string(bot.act(Turn.of(state)))   # förhand: A K Q … of clubs, no other tricks
'pass'
>>> honour_tricks(["AS", "KS", "AH", "QH", "KD", "2D", "KC", "QC"])
5.0
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from stickspel.core import CALL_BASE
from stickspel.core.cards import SUIT_MASKS, mask_of, parse_card, parse_suit, trick_winner
from stickspel.core.turn import Turn
from stickspel.games.priffe import CALLS, PriffeObservation

__all__ = ["HeuristicBot", "BOTS", "honour_tricks", "AuctionSeen", "AuctionView"]


class AuctionSeen(Protocol):
    """What the heuristic's auction reads of a seat's observation: its hand, the
    seats, the style and the high call (a :class:`PriffeObservation` has them)."""

    @property
    def phase(self) -> str: ...
    @property
    def hand(self) -> Sequence[str]: ...
    @property
    def seat(self) -> int: ...
    @property
    def partner(self) -> int: ...
    @property
    def style(self) -> str: ...
    @property
    def forhand(self) -> int: ...
    @property
    def high_seat(self) -> int | None: ...
    @property
    def high_bid(self) -> str | None: ...


@dataclass(frozen=True)
class AuctionView:
    """Only what :class:`AuctionSeen` names, for a call of a simulated auction
    (:mod:`stickspel.games.priffe.search`): the full observation explains every
    barred call in words, which costs more than the rest of the auction."""

    hand: tuple[str, ...]
    seat: int
    partner: int
    style: str
    forhand: int
    high_seat: int | None
    high_bid: str | None
    phase: str = "bid"


_CALL = {name: CALL_BASE + i for i, name in enumerate(CALLS)}
_ACE, _KING, _QUEEN, _JACK = 12, 11, 10, 9


def _suit_ranks(cards: list[int], suit: int) -> list[int]:
    return sorted((c % 13 for c in cards if c // 13 == suit), reverse=True)


def _suit_honour_tricks(ranks: list[int]) -> float:
    has = set(ranks)
    if _ACE in has and _KING in has:
        return 2.0
    if _ACE in has and _QUEEN in has:
        return 1.5
    if _ACE in has:
        return 1.0
    if _KING in has and _QUEEN in has:
        return 1.0
    if _KING in has and len(ranks) >= 2:
        return 0.5
    return 0.0


def honour_tricks(hand: list[str]) -> float:
    """Honour tricks of a hand after the Swedish table (per suit, summed)."""
    cards = [parse_card(c) for c in hand]
    return sum(_suit_honour_tricks(_suit_ranks(cards, s)) for s in range(4))


def _stopped(ranks: list[int]) -> bool:
    """A stopper for spel: A, K x, or Q x x."""
    n = len(ranks)
    return _ACE in ranks or (_KING in ranks and n >= 2) or (_QUEEN in ranks and n >= 3)


def _noll_hand(cards: list[int]) -> bool:
    """Few high cards and low cards to duck with in every suit held."""
    high = sum(1 for c in cards if c % 13 >= _QUEEN)
    low = sum(1 for c in cards if c % 13 <= 5)
    if high > 1 or low < 7:
        return False
    for s in range(4):
        ranks = _suit_ranks(cards, s)
        if ranks and ranks[-1] > 6:  # a suit without a card below 9
            return False
    return True


class HeuristicBot:
    """A sound partnership player for Priffe (observation + legal actions only)."""

    name = "heuristic"
    #: Reads its own hand and what is public: no worlds.
    needs_worlds = False
    #: Honour tricks wanted for spel, for a five-card (six-card) trump bid, for spader.
    SPEL_HT = 3.0
    TRUMP5_HT = 2.0
    TRUMP6_HT = 1.5
    SPADER_HT = 4.0
    #: Below this, a strong hand with one suit unstopped shows itself with spader.
    SPADER_MAX_HT = 5.5
    KLOVER_HT = 3.0
    ANSWER_SPADER_HT = 1.0
    ANSWER_KLOVER_HT = 2.5
    #: Show a strong hand with spader (for partner to bid spel) rather than bid spel.
    PREFER_SPADER = False

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def act(self, turn: Turn) -> int:
        obs: PriffeObservation | AuctionView = turn.observation
        legal = list(turn.legal_actions)
        if len(legal) == 1:
            return legal[0]
        if obs.phase == "bid":
            return self._bid(obs, legal)
        assert isinstance(obs, PriffeObservation), "cards are played from the full view"
        return self._play(obs, legal)

    # --- bidding -----------------------------------------------------------------
    def _bid(self, obs: AuctionSeen, legal: list[int]) -> int:
        cards = [parse_card(c) for c in obs.hand]
        ht = sum(_suit_honour_tricks(_suit_ranks(cards, s)) for s in range(4))
        lengths = [len(_suit_ranks(cards, s)) for s in range(4)]
        stoppers = sum(1 for s in range(4) if _stopped(_suit_ranks(cards, s)))
        seat, partner = obs.seat, obs.partner
        old = obs.style == "old"
        high_seat = obs.high_seat
        high_bid = obs.high_bid
        partner_holds = high_seat == partner
        wishes: list[str] = []
        # partner's information bid (modern): spader strong, klöver weaker, for spel
        if partner_holds and not old and high_bid in ("spader", "klöver"):
            need = self.ANSWER_SPADER_HT if high_bid == "spader" else self.ANSWER_KLOVER_HT
            if ht >= need and stoppers >= 1:
                wishes.append("spel")
        # förhand and second hand still have a partner to call after them
        informing = not old and high_seat is None and seat in (obs.forhand, (obs.forhand + 1) % 4)
        if (
            informing
            and ht >= self.SPADER_HT
            and (self.PREFER_SPADER and stoppers >= 3 or stoppers == 3 and ht < self.SPADER_MAX_HT)
        ):
            wishes.append("spader")  # strong: "ace and king in two suits, a high card in a third"
        if ht >= self.SPEL_HT and stoppers >= 3 and max(lengths) <= 6:
            wishes.append("spel")
        trump_suits = [("hjärter", 2), ("ruter", 1)]
        if old:
            trump_suits += [("klöver", 0), ("spader", 3)]
        for name, suit in sorted(trump_suits, key=lambda x: -lengths[x[1]]):
            ranks = _suit_ranks(cards, suit)
            top = sum(1 for r in ranks if r >= _JACK)
            if (lengths[suit] >= 5 and ht >= self.TRUMP5_HT and top >= 2) or (
                lengths[suit] >= 6 and ht >= self.TRUMP6_HT and top >= 2
            ):
                wishes.append(name)
        if _noll_hand(cards):
            wishes.append("noll")
        if partner_holds and high_bid not in ("spader", "klöver"):
            # partner already holds a real contract: raise only to spel or with a big hand
            wishes = [w for w in wishes if w == "spel" or ht >= 5]
        if informing and ht >= self.SPADER_HT and stoppers >= 3:
            wishes.append("spader")
        if informing and self.KLOVER_HT <= ht < self.SPADER_HT and stoppers >= 2:
            wishes.append("klöver")  # the weak invitation
        for w in wishes:
            if _CALL[w] in legal:
                return _CALL[w]
        return _CALL["pass"]

    # --- play ----------------------------------------------------------------------
    def _play(self, obs: PriffeObservation, legal: list[int]) -> int:
        seat, partner = obs.seat, obs.partner
        trump = parse_suit(obs.trump) if obs.trump else None
        hand = [parse_card(c) for c in obs.hand]
        played = [parse_card(c) for t in obs.tricks for c in t.cards]
        current = [parse_card(c) for c in (obs.trick.cards if obs.trick else ())]
        unseen = ((1 << 52) - 1) & ~mask_of(hand) & ~mask_of(played) & ~mask_of(current)
        avoid = obs.contract in ("noll", "tvångsnoll")
        if not current or obs.trick is None:
            return self._lead(obs, hand, legal, unseen, trump, avoid, seat, partner)
        leader = obs.trick.leader
        best_i = trick_winner(current, trump)
        best = current[best_i]
        best_seat = (leader + best_i) % 4
        position = len(current) + 1  # 2nd, 3rd or 4th hand
        if avoid:
            return self._duck(legal, best, trump, position)
        winners = [c for c in legal if _beats(c, best, trump)]
        losers = [c for c in legal if c not in winners]
        partner_winning = best_seat == partner
        if partner_winning:
            safe = _is_master(best, unseen, trump) or position == 4
            if safe or not winners:
                return _cheapest(losers or legal, trump)
        if not winners:
            return _cheapest(legal, trump)
        if position == 2:
            # second hand low, unless a cheap trump ruffs an opponent's high card
            if all(c // 13 == trump for c in winners) and best % 13 >= _QUEEN:
                return min(winners, key=lambda c: c % 13)
            if losers:
                return _cheapest(losers, trump)
            return min(winners, key=lambda c: (c // 13 == trump, c % 13))
        if position == 3 and not partner_winning:
            # third hand high: the highest of equals, but not a trump when not needed
            follow = [c for c in winners if c // 13 == best // 13 and c // 13 == current[0] // 13]
            if follow:
                return _lowest_of_top_sequence(follow, unseen)
        # fourth hand (or ruffing in third): win as cheaply as possible
        return min(winners, key=lambda c: (c // 13 == trump, c % 13))

    def _lead(
        self,
        obs: PriffeObservation,
        hand: list[int],
        legal: list[int],
        unseen: int,
        trump: int | None,
        avoid: bool,
        seat: int,
        partner: int,
    ) -> int:
        if avoid:
            # lead the lowest card of the suit where our lowest card is lowest
            return min(legal, key=lambda c: (c % 13, -_count(hand, c // 13)))
        declaring = seat in obs.declarers
        # draw trumps as declarer while the opponents may still hold some
        if declaring and trump is not None:
            mine = [c for c in hand if c // 13 == trump]
            out = (unseen & SUIT_MASKS[trump]).bit_count()
            if mine and out and len(mine) >= 3:
                masters = [c for c in mine if _is_master(c, unseen, trump)]
                return max(masters) if masters else min(mine)
        # return partner's first lead
        for t in obs.tricks:
            if t.leader == partner:
                suit = parse_card(t.cards[0]) // 13
                mine = [c for c in hand if c // 13 == suit]
                if mine and suit != trump:
                    masters = [c for c in mine if _is_master(c, unseen, trump)]
                    return max(masters) if masters else min(mine)
                break
        # cash a master in a side suit
        side = [c for c in hand if c // 13 != trump]
        masters = [c for c in side if _is_master(c, unseen, trump)]
        if masters:
            return max(masters, key=lambda c: (_count(hand, c // 13), c % 13))
        pool = side or hand
        longest = max(range(4), key=lambda s: (_count(pool, s), -s))
        suit_cards = sorted(c for c in pool if c // 13 == longest)
        # top of a sequence (K Q, Q J) or else low from length
        for hi, lo in zip(reversed(suit_cards), reversed(suit_cards[:-1]), strict=False):
            if hi - lo == 1 and hi % 13 >= _JACK:
                return hi
            break
        return suit_cards[0]

    def _duck(self, legal: list[int], best: int, trump: int | None, position: int) -> int:
        """Noll and tvångsnoll: stay under the winning card, else shed high cards."""
        under = [c for c in legal if not _beats(c, best, trump)]
        if under:
            # the highest card that still loses; void: throw the highest card held
            return max(under, key=lambda c: (c // 13 == best // 13, c % 13))
        # every card wins: last to play takes it with the highest; earlier, the lowest
        return (
            max(legal, key=lambda c: c % 13) if position == 4 else min(legal, key=lambda c: c % 13)
        )


def _beats(card: int, best: int, trump: int | None) -> bool:
    if card // 13 == best // 13:
        return card > best
    return card // 13 == trump


def _count(cards: list[int], suit: int) -> int:
    return sum(1 for c in cards if c // 13 == suit)


def _is_master(card: int, unseen: int, trump: int | None) -> bool:
    """No unseen card of the suit is higher (trumps aside, which may ruff it)."""
    suit = card // 13
    above = SUIT_MASKS[suit] & ~((1 << (card + 1)) - 1)
    return not unseen & above


def _cheapest(cards: list[int], trump: int | None) -> int:
    """The least useful card: a low side-suit card before any trump."""
    return min(cards, key=lambda c: (c // 13 == trump, c % 13))


def _lowest_of_top_sequence(cards: list[int], unseen: int) -> int:
    """The highest card, played as the lowest of its touching run (Q from K Q)."""
    top = max(cards)
    mask = mask_of(cards)
    low = c = top
    while c % 13 and not unseen >> (c - 1) & 1:  # the next lower card is ours or gone
        c -= 1
        if mask >> c & 1:
            low = c
    return low


BOTS = {"heuristic": HeuristicBot}

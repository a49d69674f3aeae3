"""Plump (Oh Hell, *beredskap*): seeds 000 and 001, settled by RULES.md.

>>> rules = PlumpRules(players=3, max_cards=2)
>>> rules.schedule()
(2, 1, 2)
>>> state = PlumpState(rules)
>>> state.apply_deal(Deal(hands=((parse_card("AS"), parse_card("2C")),
...                              (parse_card("KS"), parse_card("3C")),
...                              (parse_card("QS"), parse_card("4C"))), upcard=parse_card("5H")))
>>> state.trump, state.current_player()
(2, 1)
>>> for text in ["0", "1"]:
...     _ = state.apply_text(text)
>>> state.forbidden_bid(), [state.action_to_string(a) for a in state.legal_actions()]
(1, ['0', '2'])
>>> _ = state.apply_text("0")
>>> for text in ["KS", "QS", "AS", "2C", "3C", "4C"]:
...     _ = state.apply_text(text)
>>> state.deal_results[0]["points"]
[0, 10, 11]

The dealer (seat 0) bid 0 but took the spade trick: a plump.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, NamedTuple

from stickspel.core import (
    CHANCE,
    TERMINAL,
    Deal,
    HistoryItem,
    IllegalActionError,
    InvalidActionError,
    Rule,
    Rules,
    RulesError,
    TrickGameState,
    check_dealt,
)
from stickspel.core.cards import (
    BIT,
    SUIT_MASKS,
    SUIT_OF,
    CardError,
    card_str,
    cards_of,
    mask_of,
    parse_card,
    shuffled_deck,
    suit_of,
    suit_str,
)
from stickspel.core.numbers import parse_digits
from stickspel.games.plump.observer import (
    PlumpObservation,
    observation_shape,
    observation_tensor,
    observe,
    public_observation,
)
from stickspel.games.plump.rules import (
    BID,
    BID_BASE,
    DEAL,
    MAX_TIE_BREAK_DEALS,
    OVER,
    PLAY,
    PlumpRules,
    score_deal,
)
from stickspel.games.plump.summary import summarize
from stickspel.games.plump.worlds import sample_world

if TYPE_CHECKING:
    import numpy as np

__all__ = ["PlumpState"]

_M0, _M1, _M2, _M3 = SUIT_MASKS
_BIT_OF = BIT.__getitem__
# The cards of one suit's part of a hand mask, filled as masks are met (at most
# 4 × 8192 entries): legal_actions is the hottest call of random play and search.
_SUIT_CARDS: dict[int, tuple[int, ...]] = {0: ()}
_SUIT_MASK_OF = tuple(SUIT_MASKS[SUIT_OF[c]] for c in range(52))  # a card's whole suit
_NAME = tuple(card_str(c) for c in range(52))  # record notation, looked up not built
#: Tags a deal's undo entry.
_DEALT = object()
# trick play's undo of a card, bound once: super() costs on the hottest path of search
_undo_card = TrickGameState._undo_fast


def _suit_cards(m: int) -> tuple[int, ...]:
    cards = _SUIT_CARDS.get(m)
    if cards is None:
        cards = _SUIT_CARDS[m] = tuple(cards_of(m))
    return cards


class PlumpState(TrickGameState):
    """A whole game of Plump, from the first deal to the last."""

    GAME = "plump"
    RULES_CLASS = PlumpRules
    CLONE_LISTS = (
        "schedule",
        "hands",
        "dealt",
        "bids",
        "auction",
        "trick",
        "tricks_won",
        "tricks",
        "totals",
        "deal_results",
        "_deals",
    )
    rules: PlumpRules

    def __init__(self, rules: PlumpRules | None = None, first_dealer: int = 0) -> None:
        self.rules = rules = rules or PlumpRules()
        self.num_players = n = rules.players
        if not 0 <= first_dealer < n:
            raise RulesError("plump.first_dealer", last=n - 1, value=first_dealer)
        self.first_dealer = first_dealer
        self._undo: list[Any] = []
        self._log: list[HistoryItem] = []
        self.schedule: list[int] = list(rules.schedule())
        self.deal_index = 0
        self.dealer_seat = first_dealer
        self.phase = DEAL
        self.hands: list[int] = [0] * n
        self.dealt: list[tuple[int, ...]] = []
        self.blind: tuple[int, ...] = ()
        self.upcard: int | None = None
        self.trump: int | None = None
        self.bids: list[int | None] = [None] * n
        self.auction: list[tuple[int, int]] = []
        self.current = 0
        self.trick: list[int] = []
        self.leader = 0
        self.best_card = 0
        self.best_seat = 0
        self.tricks_won: list[int] = [0] * n
        self.tricks: list[tuple[int, tuple[int, ...], int]] = []
        self.totals: list[int] = [0] * n
        self.deal_results: list[dict[str, Any]] = []
        # finished deals: their records, each built from its facts when first read
        self._deals: list[dict[str, Any] | _DealFacts] = []

    # --- helpers ----------------------------------------------------------------
    @property
    def hand_size(self) -> int:
        """Cards each seat gets in the current deal."""
        return self.schedule[self.deal_index]

    @property
    def trick_index(self) -> int:
        return len(self.tricks)

    def forhand(self) -> int:
        return (self.dealer_seat + 1) % self.num_players

    def forbidden_bid(self) -> int | None:
        """The bid the dealer may not make (spärren), if any, given the bids so far."""
        if not self.rules.sparr or self.phase != BID:
            return None
        bids = self.bids
        rest = sum([b for b in bids if b is not None]) - (bids[self.dealer_seat] or 0)
        f = self.hand_size - rest
        return f if 0 <= f <= self.hand_size else None

    def current_player(self) -> int:
        if self.phase == DEAL:
            return CHANCE
        if self.phase == OVER:
            return TERMINAL
        return self.current

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def is_chance(self) -> bool:
        return self.phase == DEAL

    def num_distinct_actions(self) -> int:
        return BID_BASE + 52 // self.rules.hands + 1

    def public_action(self, action: int) -> bool:
        """A bid made at once with the others is seen by its bidder only, until the
        last one: then every bid is shown together."""
        if self.rules.bidding != "simultaneous" or self.phase != BID or action < BID_BASE:
            return True
        return sum(b is not None for b in self.bids) == self.num_players - 1

    # --- fast undo ------------------------------------------------------------
    def _fast_undo_entry(self, action: int) -> tuple[Any, ...] | None:
        if self.phase == BID:
            # a bid: (bidder, leader); a pair, unlike the 6-tuples of cards
            return (self.current, self.leader)
        return None  # cards take trick play's own fast path (TrickGameState.apply_action)

    def _finish_undo_entry(self) -> tuple[Any, ...] | None:
        # what _finish_deal changes besides the lists it appends to
        return (self.deal_index, self.dealer_seat, len(self.schedule), tuple(self.totals))

    def _unfinish(self, entry: tuple[Any, ...]) -> None:
        self.deal_index, self.dealer_seat, scheduled, totals = entry
        self.totals = list(totals)
        del self.schedule[scheduled:]
        self.deal_results.pop()
        self._deals.pop()
        self.phase = PLAY

    def _deal_undo_entry(self) -> tuple[Any, ...] | None:
        # what _start_deal replaces (never changed in place: the lists are new)
        return (
            _DEALT,
            self.trump,
            self.upcard,
            self.dealt,
            self.hands,
            self.blind,
            self.bids,
            self.auction,
            self.tricks,
            self.tricks_won,
            self.trick,
            self.current,
        )

    def _undo_deal(self, entry: tuple[Any, ...]) -> None:
        _, self.trump, self.upcard, dealt, hands, self.blind, bids, auction = entry[:8]
        tricks, tricks_won, trick, self.current = entry[8:]
        # copies: the entry may be shared with clones
        self.dealt, self.hands, self.bids, self.auction = dealt[:], hands[:], bids[:], auction[:]
        self.tricks, self.tricks_won, self.trick = tricks[:], tricks_won[:], trick[:]
        self.phase = DEAL

    def _undo_fast(self, entry: tuple[Any, ...]) -> None:
        if entry[0] is _DEALT:
            self._undo_deal(entry)
            return
        if len(entry) != 2:
            _undo_card(self, entry)
            return
        p, leader = entry
        self.bids[p] = None
        self.auction.pop()
        # the dealer's bid ended the auction: back to bidding
        self.phase = BID
        self.current = p
        self.leader = leader

    # --- chance -----------------------------------------------------------------
    def sample_deal(self, rng: random.Random) -> Deal:
        if self.phase != DEAL:
            raise IllegalActionError("rule.not_chance", rule=Rule.NOT_CHANCE)
        deck = shuffled_deck(rng)
        size = self.hand_size
        k = self.rules.hands
        n = self.num_players
        # dealt one at a time from förhand round to the dealer (and the blind hand):
        # pile j gets cards j, j + k, j + 2k … of the deck
        dealt = size * k
        piles = [tuple(deck[j:dealt:k]) for j in range(k)]
        forhand = (self.dealer_seat + 1) % n
        by_seat = (*piles[n - forhand : n], *piles[: n - forhand])  # seat s: pile s - forhand
        extra = (piles[n],) if k > n else ()
        upcard = None
        if dealt < 52 and self.rules.trump_rule(self.deal_index, size) == "upcard":
            upcard = deck[dealt]
        return Deal(by_seat, extra, upcard)

    def _apply_chance(self, rng: random.Random) -> Deal:
        deal = self.sample_deal(rng)
        # a sampled deal is valid by construction: apply_deal's checks are skipped
        trump: int | None
        if deal.upcard is not None:
            trump = suit_of(deal.upcard)
        else:
            rule = self.rules.trump_rule(self.deal_index, self.hand_size)
            trump = rule if isinstance(rule, int) else None
        # the hands' masks as sums of distinct card bits: a sampled deal's cards are
        # distinct cards 0…51
        self._start_deal(deal, trump, [sum(map(_BIT_OF, h)) for h in deal.hands])
        return deal

    def _apply_deal(self, deal: Deal) -> None:
        if self.phase != DEAL:
            raise IllegalActionError("rule.not_chance", rule=Rule.NOT_CHANCE)
        n, size, rules = self.num_players, self.hand_size, self.rules
        if len(deal.hands) != n:
            raise IllegalActionError(
                "plump.hand_count", rule=Rule.HAND_COUNT, got=len(deal.hands), players=n
            )
        want_extra = 1 if rules.hands > n else 0
        if len(deal.extra) != want_extra or any(len(p) != size for p in deal.extra):
            key = "plump.blind_size" if want_extra else "plump.no_extra"
            raise IllegalActionError(key, rule=Rule.EXTRA, size=size)
        seen = check_dealt((*deal.hands, *deal.extra), size, n)
        trump_rule = rules.trump_rule(self.deal_index, size)
        if trump_rule == "upcard":
            left = 52 - size * rules.hands
            if left and deal.upcard is None:
                raise IllegalActionError("plump.upcard_needed", rule=Rule.UPCARD)
            if not left and deal.upcard is not None:
                raise IllegalActionError("plump.upcard_none_left", rule=Rule.UPCARD)
            if deal.upcard is not None and seen >> deal.upcard & 1:
                raise IllegalActionError(
                    "plump.upcard_in_hand", rule=Rule.DUPLICATE_CARD, card=deal.upcard
                )
            trump = None if deal.upcard is None else suit_of(deal.upcard)
        else:
            if deal.upcard is not None:
                raise IllegalActionError("plump.upcard_not_used", rule=Rule.UPCARD)
            trump = trump_rule if isinstance(trump_rule, int) else None
        self._start_deal(deal, trump)

    def _start_deal(self, deal: Deal, trump: int | None, hands: list[int] | None = None) -> None:
        n = self.num_players
        self.trump = trump
        self.upcard = deal.upcard
        self.dealt = [tuple(h) for h in deal.hands]
        self.hands = hands if hands is not None else [mask_of(h) for h in deal.hands]
        self.blind = tuple(deal.extra[0]) if deal.extra else ()
        self.bids = [None] * n
        self.auction = []
        self.tricks = []
        self.tricks_won = [0] * n
        self.trick = []
        self.phase = BID
        self.current = self.forhand()

    # --- actions -------------------------------------------------------------------
    def legal_actions(self) -> list[int]:
        if self.phase == PLAY:
            hand = self.hands[self.current]
            trick = self.trick
            table = _SUIT_CARDS
            if trick:
                m = hand & _SUIT_MASK_OF[trick[0]]
                if m:
                    follow = table.get(m)
                    return [*(follow if follow is not None else _suit_cards(m))]
            try:
                return [
                    *table[hand & _M0],
                    *table[hand & _M1],
                    *table[hand & _M2],
                    *table[hand & _M3],
                ]
            except KeyError:  # a suit pattern not met before
                return [
                    *_suit_cards(hand & _M0),
                    *_suit_cards(hand & _M1),
                    *_suit_cards(hand & _M2),
                    *_suit_cards(hand & _M3),
                ]
        if self.phase == BID:
            bids = range(BID_BASE, BID_BASE + self.hand_size + 1)
            if self.current == self.dealer_seat and self.rules.sparr:
                f = self.forbidden_bid()
                if f is not None:
                    legal = list(bids)
                    del legal[f]  # bids[f] is BID_BASE + f: 0 <= f <= hand size
                    return legal
            return list(bids)
        return []

    def _apply_action(self, action: int) -> None:
        if self.phase == PLAY:
            self._play_card(self.current, action)
            return
        if self.phase == BID:
            self._bid(action)
            return
        if self.phase == OVER:
            raise IllegalActionError("rule.game_over", rule=Rule.GAME_OVER)
        raise IllegalActionError("rule.not_dealt", rule=Rule.NOT_DEALT)

    def _bid(self, action: int) -> None:
        p = self.current
        bid = action - BID_BASE
        size = self.hand_size
        if not 0 <= bid <= size:
            if 0 <= action < 52:  # a card at the bid: named as cards are shown
                raise IllegalActionError(
                    "plump.bid_range.card", rule=Rule.BID_RANGE, seat=p, size=size, card=action
                )
            raise IllegalActionError(
                "plump.bid_range", rule=Rule.BID_RANGE, seat=p, size=size, what=str(bid)
            )
        if p == self.dealer_seat and self.rules.sparr and bid == self.forbidden_bid():
            raise IllegalActionError("plump.sparr", rule=Rule.SPARR, seat=p, bid=bid, size=size)
        self.bids[p] = bid
        self.auction.append((p, bid))
        if p == self.dealer_seat:
            self.phase = PLAY
            lead = self.dealer_seat if self.rules.first_lead == "dealer" else self.forhand()
            self.current = self.leader = lead
        else:
            self.current = (p + 1) % self.num_players

    def _finish_deal(self) -> None:
        rules = self.rules
        bids = [b if b is not None else 0 for b in self.bids]
        points = [score_deal(rules, b, t) for b, t in zip(bids, self.tricks_won, strict=True)]
        for s, pt in enumerate(points):
            self.totals[s] += pt
        result = {
            "bids": bids,
            "tricks": list(self.tricks_won),
            "points": points,
            "made": [b == t for b, t in zip(bids, self.tricks_won, strict=True)],
        }
        self.deal_results.append(result)
        self._deals.append(self._facts(result))
        self.deal_index += 1
        self.dealer_seat = (self.dealer_seat + 1) % self.num_players
        if self.deal_index >= len(self.schedule):
            top = max(self.totals)
            if rules.tie_break and self.totals.count(top) > 1:
                self.schedule.append(rules.largest)
            else:
                self.phase = OVER
                return
        self.phase = DEAL

    def _apply_reported_deal(self, deal: dict[str, Any]) -> None:
        """A deal played with real cards: bids in order, then the tricks each seat took.

        >>> state = PlumpState(PlumpRules(players=3))
        >>> state.apply_reported_deal({"dealer": 0, "cards": 10,
        ...     "auction": [{"seat": 1, "call": "3"}, {"seat": 2, "call": "2"}, {"seat": 0, "call": "4"}],
        ...     "result": {"tricks": [4, 3, 3]}})
        >>> state.totals, state.deal_index
        ([14, 13, 0], 1)
        >>> state.apply_reported_deal({"dealer": 1, "auction": [{"seat": 2, "call": "3"},
        ...     {"seat": 0, "call": "3"}, {"seat": 1, "call": "3"}], "result": {"tricks": [3, 3, 3]}})
        Traceback (most recent call last):
        ...
        stickspel.core.errors.IllegalActionError: the dealer (seat 1) may not bid 3: the bids would add up to 9 (spärren)
        """
        if self.phase != DEAL:
            raise IllegalActionError("plump.unfinished", rule=Rule.TRUNCATED)
        n, size = self.num_players, self.hand_size
        if "cards" in deal and deal["cards"] != size:
            raise IllegalActionError(
                "plump.reported_size", rule=Rule.HAND_SIZE, size=size, got=deal["cards"]
            )
        saved = self._snapshot()
        try:
            self._apply_reported(deal, n, size)
        except IllegalActionError:
            self._restore(saved)  # nothing entered is lost or half-applied
            raise

    def _apply_reported(self, deal: dict[str, Any], n: int, size: int) -> None:
        self.dealt = []
        self.blind = ()
        self.upcard = None
        rule = self.rules.trump_rule(self.deal_index, size)
        trump = deal.get("trump")
        if isinstance(rule, int) or rule is None:
            self.trump = rule
        else:
            self.trump = None if trump is None else "CDHS".index(str(trump).upper()[:1])
        self.bids = [None] * n
        self.auction = []
        self.tricks = []
        self.phase = BID
        self.current = self.forhand()
        for entry in deal.get("auction") or []:
            seat = entry.get("seat")
            if seat != self.current:
                # ``who`` as well as ``seat``: a record may name no seat at all
                raise IllegalActionError(
                    "plump.reported_turn", rule=Rule.TURN, seat=seat, who=seat, current=self.current
                )
            call = entry.get("call")
            bid = parse_digits(call) if isinstance(call, str) else None
            if bid is None:  # ASCII digits only: not '٣', not ' 3 ', not '1_0'
                raise IllegalActionError(
                    "plump.reported_bid",
                    rule=Rule.BID_RANGE,
                    seat=seat,
                    who=seat,
                    call=repr(call),
                )
            self._bid(BID_BASE + bid)
        if self.phase != PLAY:
            raise IllegalActionError(
                "plump.reported_bids_missing", rule=Rule.TRUNCATED, got=len(self.auction), players=n
            )
        tricks = (deal.get("result") or {}).get("tricks")
        if (
            not isinstance(tricks, list)
            or len(tricks) != n
            or not all(isinstance(t, int) and not isinstance(t, bool) and t >= 0 for t in tricks)
        ):
            raise IllegalActionError("plump.reported_tricks", rule=Rule.MISSING_FIELD, players=n)
        if sum(tricks) != size:
            raise IllegalActionError(
                "plump.trick_sum", rule=Rule.TRICK_SUM, got=sum(tricks), size=size
            )
        self.hands = [0] * n
        self.tricks_won = list(tricks)
        self._finish_deal()

    # --- text -----------------------------------------------------------------------
    def action_to_string(self, action: int) -> str:
        if 0 <= action < 52:
            return card_str(action)
        return str(action - BID_BASE)

    def string_to_action(self, text: str) -> int:
        t = text.strip().lower()
        for prefix in ("bid", "bud", "bjud"):
            if t.startswith(prefix):
                t = t[len(prefix) :].strip()
        bid = parse_digits(t)  # not '²', not '٣', not 5,000 digits
        if bid is not None:
            return BID_BASE + bid
        try:
            return parse_card(text)
        except CardError:
            raise InvalidActionError("plump.unparsable", text=repr(text.strip())) from None

    # --- information ------------------------------------------------------------------
    def bids_visible(self) -> bool:
        return self.rules.bidding == "sequential" or self.phase != BID

    def _deal_view(
        self, deal: dict[str, Any], seat: int | None, in_progress: bool
    ) -> dict[str, Any]:
        """Hands as :meth:`GameState._deal_view` cuts them, no blind hand, and while
        bids are made at once only the seat's own bid until all have bid."""
        view = super()._deal_view(deal, seat, in_progress)
        if in_progress and not self.bids_visible():
            view["auction"] = [c for c in deal.get("auction", []) if c["seat"] == seat]
        return view

    def public_observation(self) -> dict[str, Any]:
        """What anyone at the table may know now (:func:`~.observer.public_observation`)."""
        return public_observation(self)

    def observation(self, seat: int) -> PlumpObservation:
        """What ``seat`` sees (:class:`PlumpObservation`): its own hand, the upcard,
        public bids and play, scores.

        Other hands and the blind hand are never included; in simultaneous bidding
        the others' bids stay hidden until everyone has bid.
        """
        return observe(self, seat)

    @classmethod
    def observation_shape(cls, rules: Rules) -> tuple[int, ...]:
        assert isinstance(rules, PlumpRules)
        return observation_shape(rules)

    def observation_tensor(self, seat: int) -> np.ndarray:
        """:meth:`observation` as float32 numbers; the layout is documented at
        :func:`stickspel.games.plump.observer.observation_tensor`."""
        return observation_tensor(self, seat)

    @classmethod
    def max_game_length(cls, rules: Rules) -> int:
        """Bids and cards of a whole game: ``players × (size + 1)`` a deal.  With
        ``tie_break`` the game is open-ended; the bound counts
        :data:`~stickspel.games.plump.rules.MAX_TIE_BREAK_DEALS` extra deals.

        >>> PlumpState.max_game_length(PlumpRules(players=3, max_cards=2))  # deals of 2, 1, 2
        24
        """
        assert isinstance(rules, PlumpRules)
        sizes = list(rules.schedule())
        if rules.tie_break:
            sizes += [rules.largest] * MAX_TIE_BREAK_DEALS
        return sum(rules.players * (size + 1) for size in sizes)

    def sample_world(self, seat: int, rng: random.Random) -> PlumpState:
        """A state ``seat`` cannot tell from this one (see :mod:`.worlds`)."""
        return sample_world(self, seat, rng)

    # --- records ------------------------------------------------------------------------
    @property
    def deal_records(self) -> list[dict[str, Any]]:
        """Finished deals in record form (each with its ``result``)."""
        deals = self._deals
        for i, item in enumerate(deals):
            if isinstance(item, _DealFacts):  # the list is this state's own (CLONE_LISTS)
                deals[i] = item.record()
        return deals  # type: ignore[return-value]

    @deal_records.setter
    def deal_records(self, records: list[dict[str, Any]]) -> None:
        self._deals = list(records)

    def _facts(self, result: dict[str, Any] | None) -> _DealFacts:
        """The current deal's facts, for its record (the lists copied: they change)."""
        return _DealFacts(
            self.dealer_seat,
            self.hand_size,
            tuple(self.dealt),
            self.upcard,
            self.trump,
            tuple(self.auction),
            tuple(self.tricks),
            tuple(self.trick),
            self.leader,
            self.blind,
            result,
        )

    def _deal_record(self, result: dict[str, Any] | None) -> dict[str, Any]:
        return self._facts(result).record()

    def _summarize(self, deal: dict[str, Any], number: int) -> dict[str, Any]:
        return summarize(deal, number)


class _DealFacts(NamedTuple):
    """What a deal's record is made of, kept as it was when the deal ended: a
    finished deal's record is built only when someone reads it (search and random
    play finish many deals and read none)."""

    dealer: int
    size: int
    dealt: tuple[tuple[int, ...], ...]
    upcard: int | None
    trump: int | None
    auction: tuple[tuple[int, int], ...]
    tricks: tuple[tuple[int, tuple[int, ...], int], ...]
    trick: tuple[int, ...]
    leader: int
    blind: tuple[int, ...]
    result: dict[str, Any] | None

    def record(self) -> dict[str, Any]:
        result = self.result
        auction = [{"seat": s, "call": str(b)} for s, b in self.auction]
        if not self.dealt:  # played with real cards: what was reported
            reported: dict[str, Any] = {
                "dealer": self.dealer,
                "cards": self.size,
                "trump": suit_str(self.trump),
                "auction": auction,
            }
            if result is not None:
                reported["result"] = {"tricks": result["tricks"], "points": result["points"]}
            return reported
        tricks: list[dict[str, Any]] = [
            {"leader": lead, "cards": [_NAME[c] for c in cs], "winner": w}
            for lead, cs, w in self.tricks
        ]
        if self.trick:
            tricks.append({"leader": self.leader, "cards": [_NAME[c] for c in self.trick]})
        deal: dict[str, Any] = {
            "dealer": self.dealer,
            "cards": self.size,
            "hands": [[_NAME[c] for c in h] for h in self.dealt],
            "upcard": _NAME[self.upcard] if self.upcard is not None else None,
            "trump": suit_str(self.trump),
            "auction": auction,
            "tricks": tricks,
        }
        if self.blind:
            deal["extra"] = [[_NAME[c] for c in self.blind]]
        if result is not None:
            deal["result"] = {"tricks": result["tricks"], "points": result["points"]}
        return deal

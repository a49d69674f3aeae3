"""Tremanswhist: seed 004 (main text and its comment #2), settled by RULES.md.

Three players; four piles of 13 dealt one card at a time (förhand, second hand,
dealer, fourth pile); the last card dealt is turned up and stays in the fourth
pile.  The upcard decides the deal: 2–7 minus, 8–10 plus without trump, J–A
plus with the upcard's suit as trump.  In turn from förhand each player is
offered the fourth pile for the whole hand (−1 to the taker).  Follow suit;
void, trump if able; otherwise any card.  Plus deal: tricks − 4; minus deal:
4 − tricks.  First to +10 after a deal wins; a tie at the top plays on.

The comment variant (``form=buying``): nine deals in three rounds (plus without
trump, minus, plus with a random trump), buying from the fourth pile instead
of the whole exchange, targets 6/5/2 (plus) and 2/5/6 (minus).

>>> from stickspel.core.cards import parse_cards
>>> deck = parse_cards(
...     "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S "
...     "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H "
...     "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D "
...     "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C")
>>> state = TremanswhistState()
>>> state.apply_deal(Deal(tuple(tuple(deck[13 * s:13 * s + 13]) for s in range(3)),
...                       (tuple(deck[39:]),), upcard=deck[51]))
>>> state.kind, state.trump, state.current_player()
('minus', None, 1)
>>> [state.action_to_string(a) for a in state.legal_actions()]
['byt', 'passa']
>>> _ = state.apply_text("byt")   # förhand (seat 1) takes the clubs, −1
>>> state.hands[1] == mask_of(deck[39:]), state.current_player(), state.phase == _PLAY
(True, 1, True)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import numpy as np

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
    error_text,
)
from stickspel.core.api import unnamed_players
from stickspel.core.cards import (
    BIT,
    SUIT_MASKS,
    SUIT_OF,
    CardError,
    card_str,
    cards_of,
    mask_of,
    parse_card,
    parse_suit,
    shuffled_deck,
    suit_str,
)
from stickspel.games.tremanswhist.observer import (
    ASSUMED_DEALS,
    TremanswhistObservation,
    deal_view,
    observation_shape,
    observation_tensor,
    observe,
    public_observation,
)
from stickspel.games.tremanswhist.rules import (
    BUY,
    BUY_PHASE,
    DEAL,
    DEALS_IN_BUYING,
    DECLINE,
    NUM_ACTIONS,
    OFFER,
    OVER,
    PILE_SIZE,
    PLAY,
    PLAYERS,
    TAKE,
    TremanswhistRules,
    deal_points,
)
from stickspel.games.tremanswhist.summary import summarize
from stickspel.games.tremanswhist.worlds import sample_world

__all__ = ["TremanswhistState"]

_ACTION_TEXT = {TAKE: "byt", DECLINE: "passa", BUY: "köp"}
_TAKE_WORDS = {"byt", "byta", "take", "exchange", "ja", "yes"}
_DECLINE_WORDS = {"passa", "pass", "decline", "nej", "no"}
_BUY_WORDS = {"köp", "kop", "köpa", "kopa", "buy", "done", "klar"}
_DEAL, _OFFER, _BUY, _PLAY, _OVER = DEAL, OFFER, BUY_PHASE, PLAY, OVER


def _reason(error: CardError) -> dict[str, str]:
    """A card or suit error's words in each language, for a message that quotes it."""
    return {"en": str(error), "sv": error_text(error, "sv")}


class TremanswhistState(TrickGameState):
    """A whole game of Tremanswhist (either form)."""

    GAME = "tremanswhist"
    RULES_CLASS = TremanswhistRules
    PLAY_PHASE = _PLAY
    MUST_TRUMP = True
    CLONE_LISTS = (
        "dealt",
        "hands",
        "pile",
        "offers",
        "purchases",
        "discarding",
        "received",
        "discarded",
        "trick",
        "tricks_won",
        "tricks",
        "totals",
        "deal_results",
        "deal_records",
    )
    rules: TremanswhistRules

    def __init__(self, rules: TremanswhistRules | None = None, first_dealer: int = 0) -> None:
        self.rules = rules or TremanswhistRules()
        self.num_players = PLAYERS
        if not 0 <= first_dealer < PLAYERS:
            raise RulesError("tremanswhist.first_dealer", dealer=first_dealer)
        self.first_dealer = first_dealer
        self._undo: list[Any] = []
        self._log: list[HistoryItem] = []
        self.dealer_seat = first_dealer
        self.deal_index = 0
        self.phase = _DEAL
        self.dealt: list[tuple[int, ...]] = []
        self.pile_dealt: tuple[int, ...] = ()
        self.upcard: int | None = None
        self.kind = "plus"
        self.trump: int | None = None
        self.hands: list[int] = [0] * PLAYERS
        self.pile: list[int] = []  # the fourth pile as it now is, top first
        self.offers: list[tuple[int, bool]] = []
        self.purchases: list[tuple[int, tuple[int, ...]]] = []
        self.discarding: list[int] = []  # the current buyer's cards put away so far
        self.received: list[int] = [0] * PLAYERS
        self.discarded: list[int] = [0] * PLAYERS
        self.current = 0
        self.trick: list[int] = []
        self.leader = 0
        self.best_card = 0
        self.best_seat = 0
        self.tricks_won: list[int] = [0] * PLAYERS
        self.tricks: list[tuple[int, tuple[int, ...], int]] = []
        self.totals: list[int] = [0] * PLAYERS
        self.deal_results: list[dict[str, Any]] = []
        self.deal_records: list[dict[str, Any]] = []

    # --- helpers --------------------------------------------------------------
    def forhand(self) -> int:
        return (self.dealer_seat + 1) % PLAYERS

    @property
    def round(self) -> int | None:
        """Buying variant: the round (1–3) of the current deal; ``None`` in the main game."""
        return min(self.deal_index // 3, 2) + 1 if self.rules.buying else None

    def pile_left(self) -> int:
        """Cards still in the fourth pile (buying: not yet bought)."""
        return len(self.pile)

    def current_targets(self) -> list[int] | None:
        return self.rules.targets(self.kind, self.dealer_seat) if self.rules.buying else None

    def current_player(self) -> int:
        if self.phase == _DEAL:
            return CHANCE
        if self.phase == _OVER:
            return TERMINAL
        return self.current

    def num_distinct_actions(self) -> int:
        return NUM_ACTIONS

    # --- chance -----------------------------------------------------------------
    def sample_deal(self, rng: random.Random) -> Deal:
        """Deal four piles of 13 in rotation; the last card dealt is the upcard.

        >>> from stickspel.core.cards import make_rng
        >>> d = TremanswhistState().sample_deal(make_rng(1))
        >>> [len(h) for h in d.hands], len(d.extra[0]), d.upcard == d.extra[0][-1]
        ([13, 13, 13], 13, True)
        """
        if self.phase != _DEAL:
            raise IllegalActionError("rule.not_chance", rule=Rule.NOT_CHANCE)
        deck = shuffled_deck(rng)
        piles: list[list[int]] = [[] for _ in range(4)]
        for i, c in enumerate(deck):
            piles[i % 4].append(c)
        fh = self.forhand()
        hands = tuple(tuple(piles[(s - fh) % PLAYERS]) for s in range(PLAYERS))
        upcard = deck[51] if self.rules.upcard_in_deal(self.deal_index) else None
        return Deal(hands, (tuple(piles[3]),), upcard)

    def _apply_deal(self, deal: Deal) -> None:
        if self.phase != _DEAL:
            raise IllegalActionError("rule.not_chance", rule=Rule.NOT_CHANCE)
        if len(deal.hands) != PLAYERS:
            raise IllegalActionError(
                "tremanswhist.hand_count", rule=Rule.HAND_COUNT, got=len(deal.hands)
            )
        if len(deal.extra) != 1:
            raise IllegalActionError("tremanswhist.extra", rule=Rule.EXTRA, got=len(deal.extra))
        check_dealt((*deal.hands, deal.extra[0]), PILE_SIZE, PLAYERS, "deal.pile.fourth")
        pile = tuple(deal.extra[0])
        if self.rules.upcard_in_deal(self.deal_index):
            if deal.upcard is None:
                raise IllegalActionError("tremanswhist.upcard_missing", rule=Rule.UPCARD)
            if deal.upcard != pile[-1]:
                raise IllegalActionError(
                    "tremanswhist.upcard_not_last",
                    rule=Rule.UPCARD,
                    card=deal.upcard,
                    last=pile[-1],
                )
        elif deal.upcard is not None:
            raise IllegalActionError(
                "tremanswhist.no_upcard_in_round", rule=Rule.UPCARD, round=self.round
            )
        self.upcard = deal.upcard
        self.kind, self.trump = self.rules.deal_type(self.deal_index, deal.upcard)
        self.dealt = [tuple(h) for h in deal.hands]
        self.pile_dealt = pile
        self.pile = list(pile)
        self.hands = [mask_of(h) for h in deal.hands]
        self._start_deal()

    def _start_deal(self) -> None:
        self.offers = []
        self.purchases = []
        self.discarding = []
        self.received = [0] * PLAYERS
        self.discarded = [0] * PLAYERS
        self.tricks = []
        self.tricks_won = [0] * PLAYERS
        self.trick = []
        self.current = self.forhand()
        self.phase = _BUY if self.rules.buying else _OFFER

    # --- actions ------------------------------------------------------------------
    def legal_actions(self) -> list[int]:
        if self.phase == _PLAY:
            hand = self.hands[self.current]
            if self.trick:
                m = hand & SUIT_MASKS[SUIT_OF[self.trick[0]]]
                if m:
                    hand = m
                elif self.trump is not None and hand & SUIT_MASKS[self.trump]:
                    hand &= SUIT_MASKS[self.trump]
            return cards_of(hand)
        if self.phase == _OFFER:
            return [TAKE, DECLINE]
        if self.phase == _BUY:
            out = (
                cards_of(self.hands[self.current]) if len(self.discarding) < len(self.pile) else []
            )
            out.append(BUY)
            return out
        return []

    def _apply_action(self, action: int) -> None:
        p = self.current
        if self.phase == _PLAY:
            self._play(p, action)
        elif self.phase == _OFFER:
            self._offer(p, action)
        elif self.phase == _BUY:
            self._buy(p, action)
        else:
            if self.phase == _OVER:
                raise IllegalActionError("rule.game_over", rule=Rule.GAME_OVER)
            raise IllegalActionError("rule.not_dealt", rule=Rule.NOT_DEALT)

    def _offer(self, p: int, action: int) -> None:
        if action not in (TAKE, DECLINE):
            raise IllegalActionError(
                "tremanswhist.offer_pending",
                rule=Rule.OFFER_PENDING,
                seat=p,
                action=self.action_to_string(action),
            )
        take = action == TAKE
        self.offers.append((p, take))
        if take:
            old = self.hands[p]
            self.hands[p] = mask_of(self.pile)
            self.received[p] |= self.hands[p]
            self.discarded[p] |= old
            self.pile = cards_of(old)
        if (take and not self.rules.offer_continues) or p == self.dealer_seat:
            self._start_play()
        else:
            self.current = (p + 1) % PLAYERS

    def _buy(self, p: int, action: int) -> None:
        if action == BUY:
            k = len(self.discarding)
            bought = self.pile[:k]
            del self.pile[:k]
            got = mask_of(bought)
            self.hands[p] |= got
            self.received[p] |= got
            self.purchases.append((p, tuple(self.discarding)))
            self.discarding = []
            if p == self.dealer_seat or not self.pile:
                self._start_play()
            else:
                self.current = (p + 1) % PLAYERS
            return
        if not 0 <= action < 52:
            raise IllegalActionError(
                "tremanswhist.buying",
                rule=Rule.OFFER_CLOSED if action in (TAKE, DECLINE) else Rule.NOT_A_CARD,
                seat=p,
                action=self.action_to_string(action),
            )
        if not self.hands[p] & BIT[action]:
            raise IllegalActionError(
                "rule.card_not_held", rule=Rule.CARD_NOT_HELD, seat=p, card=action
            )
        if len(self.discarding) >= len(self.pile):
            raise IllegalActionError(
                "tremanswhist.buy_limit", rule=Rule.BUY_LIMIT, seat=p, left=len(self.pile)
            )
        self.hands[p] ^= BIT[action]
        self.discarded[p] |= BIT[action]
        self.discarding.append(action)

    def _start_play(self) -> None:
        self.phase = _PLAY
        self.current = self.leader = self.forhand()

    def _play(self, p: int, action: int) -> None:
        self._play_card(p, action)

    def _not_a_card(self, seat: int, action: int) -> IllegalActionError:
        error = super()._not_a_card(seat, action)
        if action in (TAKE, DECLINE, BUY):
            error.rule = Rule.OFFER_CLOSED
        return error

    def _finish_deal(self) -> None:
        rules = self.rules
        result: dict[str, Any] = {"tricks": list(self.tricks_won)}
        if rules.buying:
            targets = rules.targets(self.kind, self.dealer_seat)
            points = [
                deal_points(self.kind, t, g) for t, g in zip(self.tricks_won, targets, strict=True)
            ]
            bought = [0] * PLAYERS
            for seat, cards in self.purchases:
                bought[seat] += len(cards)
            result.update(
                points=points, kind=self.kind, trump=suit_str(self.trump), targets=targets
            )
            result["bought"] = bought
            result["round"] = self.round
        else:
            takers = [s for s, took in self.offers if took]
            points = [deal_points(self.kind, t) for t in self.tricks_won]
            for s in takers:
                points[s] -= 1
            result.update(points=points, kind=self.kind, trump=suit_str(self.trump))
            result["exchanged"] = takers
        for s in range(PLAYERS):
            self.totals[s] += points[s]
        self.deal_results.append(result)
        self.deal_records.append(self._deal_record(result))
        self.deal_index += 1
        self.dealer_seat = (self.dealer_seat + 1) % PLAYERS
        self.phase = _OVER if self._game_over() else _DEAL

    def _game_over(self) -> bool:
        if self.rules.buying:
            return self.deal_index >= DEALS_IN_BUYING
        top = max(self.totals)
        if top >= self.rules.win_score and self.totals.count(top) == 1:
            return True
        return self.rules.max_deals is not None and self.deal_index >= self.rules.max_deals

    # --- deals played with real cards ------------------------------------------------
    def _apply_reported_deal(self, deal: dict[str, Any]) -> None:
        """A deal played with real cards, as a scorekeeper was told it.

        Main game: the deal type from ``upcard`` (or ``kind`` and ``trump``), the
        exchange offers in ``exchanges`` (``{"seat": s, "take": bool}``; omitted
        means nobody took the pile) and ``result.tricks``.  Buying variant: the
        purchases as ``{"seat": s, "count": k}`` (or ``discard`` lists).

        >>> state = TremanswhistState()
        >>> state.apply_reported_deal({"dealer": 0, "upcard": "QH",
        ...     "exchanges": [{"seat": 1, "take": False}, {"seat": 2, "take": True}],
        ...     "result": {"tricks": [3, 4, 6]}})
        >>> state.totals, state.deal_records[-1]["result"]["exchanged"]
        ([-1, 0, 1], [2])
        >>> state.apply_reported_deal({"dealer": 1, "kind": "plus", "result": {"tricks": [3, 4, 5]}})
        Traceback (most recent call last):
        ...
        stickspel.core.errors.IllegalActionError: the tricks taken add up to 12, a deal has 13
        """
        if self.phase != _DEAL:
            if self.phase == _OVER:
                raise IllegalActionError("rule.game_over", rule=Rule.GAME_OVER)
            raise IllegalActionError("tremanswhist.previous_unfinished", rule=Rule.TRUNCATED)
        saved = self._snapshot()
        try:
            self._apply_reported(deal)
        except IllegalActionError:
            self._restore(saved)  # nothing entered is lost or half-applied
            raise

    def _apply_reported(self, deal: dict[str, Any]) -> None:
        if "dealer" in deal and deal["dealer"] != self.dealer_seat:
            raise IllegalActionError(
                "tremanswhist.reported.dealer",
                rule=Rule.DEALER,
                seat=deal["dealer"] if isinstance(deal["dealer"], int) else None,
                given=deal["dealer"],
                dealer=self.dealer_seat,
            )
        upcard, kind, trump = self._reported_type(deal)
        self.upcard = upcard
        self.kind, self.trump = kind, trump
        self.dealt = []
        self.pile_dealt = ()
        self.pile = [-1] * PILE_SIZE  # cards unknown: only their number matters
        self.hands = [0] * PLAYERS
        self._start_deal()
        self._reported_exchanges(deal.get("exchanges") or [])
        tricks = self._reported_tricks(deal)
        # answers not given: the rest declined or bought nothing
        self.phase = _PLAY
        self.tricks_won = list(tricks)
        self._finish_deal()

    def _reported_fields(self, deal: dict[str, Any]) -> tuple[int | None, int | None, Any]:
        """A reported deal's upcard, trump and kind as given, each checked alone."""
        upcard = None
        if deal.get("upcard") is not None:
            try:
                upcard = parse_card(str(deal["upcard"]))
            except CardError as e:
                raise IllegalActionError(
                    "tremanswhist.reported.bad_upcard", rule=Rule.MALFORMED, reason=_reason(e)
                ) from None
            if not self.rules.upcard_in_deal(self.deal_index):
                raise IllegalActionError(
                    "tremanswhist.no_upcard_in_round", rule=Rule.UPCARD, round=self.round
                )
        trump: int | None = None
        trump_given = "trump" in deal
        if trump_given and deal["trump"] is not None:
            try:
                trump = parse_suit(str(deal["trump"]))
            except CardError as e:
                raise IllegalActionError(
                    "tremanswhist.reported.bad_trump", rule=Rule.MALFORMED, reason=_reason(e)
                ) from None
        kind_given = deal.get("kind")
        if kind_given is not None and kind_given not in ("plus", "minus"):
            raise IllegalActionError(
                "tremanswhist.reported.bad_kind", rule=Rule.MALFORMED, kind=kind_given
            )
        return upcard, trump, kind_given

    def _reported_type(self, deal: dict[str, Any]) -> tuple[int | None, str, int | None]:
        """The upcard, kind and trump of a reported deal: from the upcard where one
        is given, else from the kind and trump given, checked against each other."""
        rules = self.rules
        upcard, trump, kind_given = self._reported_fields(deal)
        trump_given = "trump" in deal
        if upcard is not None:
            kind, actual_trump = rules.deal_type(self.deal_index, upcard)
        elif rules.buying:
            kind, actual_trump = rules.deal_type(self.deal_index, None)
            if self.round == 3:
                if trump is None:
                    raise IllegalActionError(
                        "tremanswhist.reported.round3_trump", rule=Rule.MISSING_FIELD
                    )
                actual_trump = trump
        else:
            if kind_given is None:
                raise IllegalActionError(
                    "tremanswhist.reported.kind_missing", rule=Rule.MISSING_FIELD
                )
            kind, actual_trump = kind_given, trump
            if kind == "minus" and trump is not None and not rules.minus_trump:
                raise IllegalActionError("tremanswhist.reported.minus_trump", rule=Rule.TRUMP)
        if kind_given is not None and kind_given != kind:
            raise IllegalActionError(
                "tremanswhist.reported.kind", rule=Rule.RESULT_KIND, kind=kind, given=kind_given
            )
        if trump_given and trump != actual_trump:
            raise IllegalActionError(
                "tremanswhist.reported.trump",
                rule=Rule.TRUMP,
                trump={
                    "en": suit_str(actual_trump) or "none",
                    "sv": suit_str(actual_trump) or "ingen",
                },
                given=deal["trump"],
            )
        return upcard, kind, actual_trump

    def _reported_exchanges(self, entries: Any) -> None:
        """The offer's answers (main game) or the purchases (buying) as reported."""
        if not isinstance(entries, list):
            raise IllegalActionError("tremanswhist.reported.exchanges_list", rule=Rule.MALFORMED)
        for entry in entries:
            self._reported_entry(entry)

    def _reported_entry(self, entry: Any) -> None:
        rules = self.rules
        if not isinstance(entry, dict):
            raise IllegalActionError("tremanswhist.reported.exchange_object", rule=Rule.MALFORMED)
        seat = entry.get("seat")
        if self.phase not in (_OFFER, _BUY):
            raise IllegalActionError(
                "tremanswhist.reported.buying_over"
                if rules.buying
                else "tremanswhist.reported.offer_over",
                rule=Rule.OFFER_CLOSED,
                seat=seat if isinstance(seat, int) else None,
                given=seat,
            )
        if seat != self.current:
            raise IllegalActionError(
                "tremanswhist.reported.turn",
                rule=Rule.TURN,
                seat=seat if isinstance(seat, int) else None,
                given=seat,
                current=self.current,
            )
        if rules.buying:
            count = entry.get("count")
            if count is None and isinstance(entry.get("discard"), list):
                count = len(entry["discard"])
            if not isinstance(count, int) or isinstance(count, bool) or count < 0:
                raise IllegalActionError(
                    "tremanswhist.reported.count", rule=Rule.MALFORMED, seat=seat
                )
            if count > len(self.pile):
                raise IllegalActionError(
                    "tremanswhist.reported.buy_limit",
                    rule=Rule.BUY_LIMIT,
                    seat=seat,
                    count=count,
                    left=len(self.pile),
                )
            self._reported_purchase(seat, count)
        else:
            take = entry.get("take")
            if not isinstance(take, bool):
                raise IllegalActionError(
                    "tremanswhist.reported.take", rule=Rule.MALFORMED, seat=seat
                )
            self.offers.append((seat, take))
            if (take and not rules.offer_continues) or seat == self.dealer_seat:
                self.phase = _PLAY
            else:
                self.current = (seat + 1) % PLAYERS

    def _reported_tricks(self, deal: dict[str, Any]) -> list[int]:
        """The tricks each seat took, as the reported result says (13 in all)."""
        tricks = (deal.get("result") or {}).get("tricks")
        if (
            not isinstance(tricks, list)
            or len(tricks) != PLAYERS
            or not all(isinstance(t, int) and not isinstance(t, bool) and t >= 0 for t in tricks)
        ):
            raise IllegalActionError(
                "tremanswhist.reported.tricks_missing", rule=Rule.MISSING_FIELD
            )
        if sum(tricks) != PILE_SIZE:
            raise IllegalActionError(
                "tremanswhist.reported.trick_sum", rule=Rule.TRICK_SUM, got=sum(tricks)
            )
        return tricks

    def _reported_purchase(self, seat: int, count: int) -> None:
        del self.pile[:count]
        self.purchases.append((seat, (-1,) * count))
        if seat == self.dealer_seat or not self.pile:
            self.phase = _PLAY
        else:
            self.current = (seat + 1) % PLAYERS

    # --- text -----------------------------------------------------------------------
    def action_to_string(self, action: int) -> str:
        if 0 <= action < 52:
            return card_str(action)
        if action in _ACTION_TEXT:
            return _ACTION_TEXT[action]
        return f"#{action}"

    def string_to_action(self, text: str) -> int:
        """Parse ``byt``/``take``, ``passa``/``decline``, ``köp``/``buy``/``done`` or a card.

        >>> s = TremanswhistState()
        >>> [s.string_to_action(t) for t in ("byt", "Decline", "köp", "AS")] == [TAKE, DECLINE, BUY, 51]
        True
        """
        t = text.strip().lower()
        if t in _TAKE_WORDS:
            return TAKE
        if t in _DECLINE_WORDS:
            # while buying, "pass" means buying nothing (or no more)
            return BUY if self.phase == _BUY else DECLINE
        if t in _BUY_WORDS:
            return BUY
        try:
            return parse_card(text)
        except CardError:
            raise InvalidActionError("tremanswhist.not_an_action", text=text.strip()) from None

    # --- records -----------------------------------------------------------------------
    def _exchanges_record(self) -> list[dict[str, Any]]:
        """The current deal's ``exchanges`` in record form."""
        reported = not self.dealt
        if self.rules.buying:
            out: list[dict[str, Any]] = []
            for s, cards in self.purchases:
                if reported:
                    out.append({"seat": s, "count": len(cards)})
                else:
                    out.append({"seat": s, "discard": [card_str(c) for c in cards]})
            if self.phase == BUY_PHASE and self.discarding:
                # a purchase under way: the cards put away so far, nothing received yet
                out.append(
                    {
                        "seat": self.current,
                        "discard": [card_str(c) for c in self.discarding],
                        "pending": True,
                    }
                )
            return out
        return [{"seat": s, "take": took} for s, took in self.offers]

    def _deal_record(self, result: dict[str, Any] | None) -> dict[str, Any]:
        deal: dict[str, Any] = {"dealer": self.dealer_seat}
        if self.dealt:
            deal["hands"] = [[card_str(c) for c in h] for h in self.dealt]
            deal["extra"] = [[card_str(c) for c in self.pile_dealt]]
        deal["upcard"] = card_str(self.upcard) if self.upcard is not None else None
        deal["trump"] = suit_str(self.trump)
        deal["kind"] = self.kind
        if self.rules.buying:
            deal["round"] = self.round
        deal["auction"] = []
        deal["exchanges"] = self._exchanges_record()
        if self.dealt:
            deal["tricks"] = self._tricks_record()
        if result is not None:
            deal["result"] = dict(result)
        return deal

    def _summarize(self, deal: dict[str, Any], number: int) -> dict[str, Any]:
        return summarize(deal, number)

    def to_record(self, players: Sequence[str] | None = None) -> dict[str, Any]:
        names = list(players) if players else unnamed_players(PLAYERS)
        if len(names) != PLAYERS:
            raise RulesError("tremanswhist.names", got=len(names))
        return super().to_record(names)

    # --- information ------------------------------------------------------------------
    def _deal_view(
        self, deal: dict[str, Any], seat: int | None, in_progress: bool
    ) -> dict[str, Any]:
        """``deal`` as ``seat`` may read it (:func:`~.observer.deal_view`)."""
        return deal_view(deal, seat, buying=self.rules.buying)

    def public_observation(self) -> dict[str, Any]:
        """What anyone at the table may know now (:func:`~.observer.public_observation`)."""
        return public_observation(self)

    def observation(self, seat: int) -> TremanswhistObservation:
        """What ``seat`` may know now (see :class:`TremanswhistObservation`).

        Its own hand, the upcard, the deal type, who took the pile (main game)
        or how many cards each bought (buying), the cards it put away itself and
        the cards it received from the pile, the play so far and the scores.
        The fourth pile's hidden cards, other seats' hands, what others put away
        and what others bought are never included.
        """
        self._check_seat(seat)
        return observe(self, seat)

    def _check_seat(self, seat: int) -> None:
        if not 0 <= seat < PLAYERS:
            raise IllegalActionError("tremanswhist.no_seat", rule=Rule.SEAT, given=seat)

    def observation_tensor(self, seat: int) -> np.ndarray:
        """``seat``'s knowledge as a float32 vector (layout: :data:`.observer.TENSOR_LAYOUT`)."""
        self._check_seat(seat)
        return observation_tensor(self, seat)

    def sample_world(self, seat: int, rng: random.Random) -> TremanswhistState:
        """A full state ``seat`` cannot tell from this one (see :mod:`.worlds`): its own
        cards, the upcard and all it has seen fixed, the rest dealt at random where
        it may lie, every void shown (and the duty to trump) kept."""
        self._check_seat(seat)
        return sample_world(self, seat, rng)

    def public_action(self, action: int) -> bool:
        """Whether the whole table sees ``action``: a card put away while buying is
        seen by its player only (the others see that one more card went away)."""
        return not (self.phase == _BUY and 0 <= action < 52)

    def secret_action(self, action: int) -> bool:
        """A card put away while buying is never shown to the others."""
        return not self.public_action(action)

    @classmethod
    def observation_shape(cls, rules: Rules) -> tuple[int, ...]:
        return observation_shape(rules)

    @classmethod
    def max_game_length(cls, rules: Rules) -> int:
        """Actions in a whole game, at most.

        A deal has at most 3 offer answers (main game) or 13 cards put away and
        3 purchases (buying), then 39 cards played.  The buying variant has 9
        deals; the main game is open-ended unless ``max_deals`` caps it, and is
        then bounded as if it ended within :data:`ASSUMED_DEALS` deals (as
        ``simulate`` caps open games).
        """
        assert isinstance(rules, TremanswhistRules)
        if rules.buying:
            return DEALS_IN_BUYING * (PILE_SIZE + PLAYERS + 3 * PILE_SIZE)
        deals = rules.max_deals if rules.max_deals is not None else ASSUMED_DEALS
        return deals * (PLAYERS + 3 * PILE_SIZE)

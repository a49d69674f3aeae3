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
from dataclasses import dataclass
from typing import Any

from stickspel.core import (
    CALL_BASE,
    CHANCE,
    TERMINAL,
    Deal,
    HistoryItem,
    IllegalActionError,
    InvalidActionError,
    Rules,
    RulesError,
    TrickGameState,
    check_dealt,
    option,
)
from stickspel.core.cards import (
    SUIT_MASKS,
    CardError,
    card_display,
    card_str,
    cards_of,
    mask_of,
    parse_card,
    shuffled_deck,
    suit_of,
    suit_str,
)

__all__ = ["PlumpRules", "PlumpState", "score_deal", "BID_BASE"]

BID_BASE = CALL_BASE
MAX_PLAYERS = 10

_SUIT_OF = tuple(c // 13 for c in range(52))
_BIT = tuple(1 << c for c in range(52))
_M0, _M1, _M2, _M3 = SUIT_MASKS
# The cards of one suit's part of a hand mask, filled as masks are met (at most
# 4 × 8192 entries): legal_actions is the hottest call of random play and search.
_SUIT_CARDS: dict[int, tuple[int, ...]] = {0: ()}
_NAME = tuple(card_str(c) for c in range(52))  # record notation, looked up not built


def _suit_cards(m: int) -> tuple[int, ...]:
    cards = _SUIT_CARDS.get(m)
    if cards is None:
        cards = _SUIT_CARDS[m] = tuple(cards_of(m))
    return cards


@dataclass(frozen=True)
class PlumpRules(Rules):
    """The options a Plump table agrees on before the game.

    >>> PlumpRules.preset("children").to_text()
    'plump(max_cards=5,sparr=false,trump=none)'
    >>> PlumpRules.parse("plump(players=7,max_cards=8)")
    Traceback (most recent call last):
    ...
    stickspel.core.errors.RulesError: 7 players can start at most at 7 cards
    """

    GAME = "plump"

    players: int = option(
        4, "Number of players, 2–10 (2 plays with a blind hand).", "000; RULES.md"
    )
    max_cards: int | None = option(
        None,
        "Largest deal size; default min(10, 51 // hands): 10 for 2–5 players, 8 for 6, 7 for 7.",
        "000; 001; RULES.md",
    )
    deal_order: str = option(
        "down_up",
        "Order of deal sizes: down_up (10…1…10), up_down, up, down, or single (one deal, for research).",
        "000 (Andra ordningar); RULES.md variant 5",
        ("down_up", "up_down", "up", "down", "single"),
    )
    sparr: bool = option(
        True,
        "Spärren: the dealer may not make the bids sum to the number of tricks.",
        "000 (Budgivningen, Utan spärr); RULES.md variant 1",
    )
    scoring: str = option(
        "standard",
        "standard: exact bid scores 10 + bid; per_trick: 1 a trick + 10 for an exact bid; tricks_only: exact bid scores the bid.",
        "000 (Poäng, En poäng per stick); 001; RULES.md variants 2–3",
        ("standard", "per_trick", "tricks_only"),
    )
    plump_penalty: bool = option(
        False,
        "A missed bid (plump) scores minus the difference between bid and tricks.",
        "001 (Poäng och plump); RULES.md variant 4",
    )
    trump: str = option(
        "upcard",
        "upcard: the card after the deal is turned, its suit is trump; rotation: clubs, diamonds, hearts, spades; rotation_nt: the same then a no-trump deal; none: never trump.",
        "000 (Giv, Trumf i fast ordning, Givar utan trumf); 001; RULES.md variants 6–7",
        ("upcard", "rotation", "rotation_nt", "none"),
    )
    no_trump_largest: bool = option(
        False,
        "The largest deals are played without trump.",
        "000 (Givar utan trumf); RULES.md variant 6",
    )
    bidding: str = option(
        "sequential",
        "sequential: förhand first, dealer last; simultaneous: all show at once (no spärr).",
        "000 (Alla bjuder samtidigt); RULES.md variant 8",
        ("sequential", "simultaneous"),
    )
    first_lead: str = option(
        "forhand",
        "Who leads the first trick: forhand (left of the dealer) or dealer.",
        "000 (Givaren spelar ut); RULES.md variant 9",
        ("forhand", "dealer"),
    )
    tie_break: bool = option(
        False,
        "A tie for first after the last deal is played off with extra deals at the largest size.",
        "000 (Lika poäng i slutet); RULES.md variant 10",
    )

    PRESETS = {
        "standard": {},
        "children": {"max_cards": 5, "trump": "none", "sparr": False},
        "two_player": {"players": 2, "max_cards": 7},
        "thirteen": {"players": 4, "max_cards": 13},
        "pagat": {"sparr": False, "scoring": "per_trick"},
        "simultaneous": {"bidding": "simultaneous", "sparr": False},
        "no_trump": {"trump": "none"},
        "research": {"deal_order": "single"},
    }

    @property
    def hands(self) -> int:
        """Hands dealt: one a player, plus the blind hand when two play."""
        return self.players + 1 if self.players == 2 else self.players

    @property
    def largest(self) -> int:
        """The largest deal size in effect."""
        if self.max_cards is not None:
            return self.max_cards
        return min(10, 51 // self.hands)

    def validate(self) -> None:
        if not 2 <= self.players <= MAX_PLAYERS:
            raise RulesError(
                f"Plump is for 2 to {MAX_PLAYERS} players, not {self.players}",
                sv=f"Plump spelas av 2 till {MAX_PLAYERS} spelare, inte {self.players}",
            )
        limit = 52 // self.hands
        if self.max_cards is not None:
            if isinstance(self.max_cards, bool) or not isinstance(self.max_cards, int):
                raise RulesError(
                    f"option max_cards: {self.max_cards!r} is not a whole number",
                    sv=f"regeln max_cards: {self.max_cards!r} är inget heltal",
                )
            if self.max_cards < 1:
                raise RulesError(
                    "option max_cards: a deal needs at least 1 card",
                    sv="regeln max_cards: en giv behöver minst 1 kort",
                )
            if self.max_cards > limit:
                who = f"{self.players} players" + (" and a blind hand" if self.players == 2 else "")
                who_sv = f"{self.players} spelare" + (
                    " och en blindhand" if self.players == 2 else ""
                )
                raise RulesError(
                    f"{who} can start at most at {limit} cards",
                    sv=f"{who_sv} kan börja på högst {limit} kort",
                )
        if self.bidding == "simultaneous" and self.sparr:
            raise RulesError(
                "simultaneous bidding has no spärr (nobody bids last): set sparr=false",
                sv="samtidiga bud har ingen spärr (ingen bjuder sist): sätt sparr=false",
            )

    def schedule(self) -> tuple[int, ...]:
        """Deal sizes of the game in order (tie-break deals not included).

        >>> PlumpRules(players=3).schedule()[:12]
        (10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 2, 3)
        >>> len(PlumpRules().schedule()), PlumpRules(players=7).schedule()[0]
        (19, 7)
        """
        top = self.largest
        down = tuple(range(top, 0, -1))
        up = tuple(range(1, top + 1))
        order = self.deal_order
        if order == "down_up":
            return down + up[1:]
        if order == "up_down":
            return up + down[1:]
        if order == "up":
            return up
        if order == "down":
            return down
        return (top,)

    def trump_rule(self, deal_index: int, size: int) -> str | int | None:
        """How trump is chosen in a deal: ``'upcard'``, a fixed suit, or ``None``."""
        if self.trump == "none" or (self.no_trump_largest and size == self.largest):
            return None
        if self.trump == "rotation":
            return deal_index % 4
        if self.trump == "rotation_nt":
            r = deal_index % 5
            return None if r == 4 else r
        return "upcard"


def score_deal(rules: PlumpRules, bid: int, tricks: int) -> int:
    """Points for one seat in one deal under ``rules``.

    >>> r = PlumpRules()
    >>> score_deal(r, 3, 3), score_deal(r, 0, 0), score_deal(r, 2, 3)
    (13, 10, 0)
    >>> score_deal(PlumpRules(scoring="per_trick"), 2, 3), score_deal(PlumpRules(plump_penalty=True), 2, 5)
    (3, -3)
    """
    made = bid == tricks
    if made:
        if rules.scoring == "tricks_only":
            return bid
        return 10 + bid
    if rules.plump_penalty:
        return -abs(bid - tricks)
    return tricks if rules.scoring == "per_trick" else 0


# phases
_DEAL, _BID, _PLAY, _OVER = 0, 1, 2, 3


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
        "deal_records",
    )
    rules: PlumpRules

    def __init__(self, rules: PlumpRules | None = None, first_dealer: int = 0) -> None:
        self.rules = rules = rules or PlumpRules()
        self.num_players = n = rules.players
        if not 0 <= first_dealer < n:
            raise RulesError(
                f"first dealer must be a seat 0–{n - 1}, not {first_dealer}",
                sv=f"första givaren måste vara plats 0–{n - 1}, inte {first_dealer}",
            )
        self.first_dealer = first_dealer
        self._undo: list[Any] = []
        self._log: list[HistoryItem] = []
        self.schedule: list[int] = list(rules.schedule())
        self.deal_index = 0
        self.dealer_seat = first_dealer
        self.phase = _DEAL
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
        self.deal_records: list[dict[str, Any]] = []  # finished deals, record form

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
        if not self.rules.sparr or self.phase != _BID:
            return None
        rest = sum(b for s, b in enumerate(self.bids) if b is not None and s != self.dealer_seat)
        f = self.hand_size - rest
        return f if 0 <= f <= self.hand_size else None

    def current_player(self) -> int:
        if self.phase == _DEAL:
            return CHANCE
        if self.phase == _OVER:
            return TERMINAL
        return self.current

    def is_terminal(self) -> bool:
        return self.phase == _OVER

    def is_chance(self) -> bool:
        return self.phase == _DEAL

    def num_distinct_actions(self) -> int:
        return BID_BASE + 52 // self.rules.hands + 1

    # --- chance -----------------------------------------------------------------
    def sample_deal(self, rng: random.Random) -> Deal:
        if self.phase != _DEAL:
            raise IllegalActionError(
                "cards are dealt only before a deal",
                rule="not_chance",
                sv="korten delas bara ut före en giv",
            )
        deck = shuffled_deck(rng)
        size = self.hand_size
        k = self.rules.hands
        n = self.num_players
        # dealt one at a time from förhand round to the dealer (and the blind hand):
        # pile j gets cards j, j + k, j + 2k … of the deck
        dealt = size * k
        piles = [tuple(deck[j:dealt:k]) for j in range(k)]
        forhand = (self.dealer_seat + 1) % n
        by_seat = tuple(piles[(s - forhand) % n] for s in range(n))
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
        self._start_deal(deal, trump)
        return deal

    def _apply_deal(self, deal: Deal) -> None:
        if self.phase != _DEAL:
            raise IllegalActionError(
                "cards are dealt only before a deal",
                rule="not_chance",
                sv="korten delas bara ut före en giv",
            )
        n, size, rules = self.num_players, self.hand_size, self.rules
        if len(deal.hands) != n:
            raise IllegalActionError(
                f"{len(deal.hands)} hands dealt, the game has {n} players",
                rule="hand_count",
                sv=f"{len(deal.hands)} händer givna, spelet har {n} spelare",
            )
        want_extra = 1 if rules.hands > n else 0
        if len(deal.extra) != want_extra or any(len(p) != size for p in deal.extra):
            raise IllegalActionError(
                f"the blind hand must be {size} cards"
                if want_extra
                else "Plump has no extra piles here",
                rule="extra",
                sv=f"blindhanden ska ha {size} kort"
                if want_extra
                else "Plump har inga extra högar här",
            )
        seen = check_dealt((*deal.hands, *deal.extra), size, n)
        trump_rule = rules.trump_rule(self.deal_index, size)
        if trump_rule == "upcard":
            left = 52 - size * rules.hands
            if left and deal.upcard is None:
                raise IllegalActionError(
                    "a card must be turned up to decide trump",
                    rule="upcard",
                    sv="ett kort måste vändas upp för att bestämma trumf",
                )
            if not left and deal.upcard is not None:
                raise IllegalActionError(
                    "no card is left to turn up",
                    rule="upcard",
                    sv="inget kort finns kvar att vända upp",
                )
            if deal.upcard is not None and seen >> deal.upcard & 1:
                raise IllegalActionError(
                    f"upcard {card_str(deal.upcard)} is also in a hand",
                    rule="duplicate_card",
                    sv=f"det uppvända kortet {card_display(deal.upcard, 'sv')} finns också i en hand",
                )
            trump = None if deal.upcard is None else suit_of(deal.upcard)
        else:
            if deal.upcard is not None:
                raise IllegalActionError(
                    "no card is turned up in this deal (trump is not decided by an upcard)",
                    rule="upcard",
                    sv="inget kort vänds upp i den här given (trumf avgörs inte av ett uppvänt kort)",
                )
            trump = trump_rule if isinstance(trump_rule, int) else None
        self._start_deal(deal, trump)

    def _start_deal(self, deal: Deal, trump: int | None) -> None:
        n = self.num_players
        self.trump = trump
        self.upcard = deal.upcard
        self.dealt = [tuple(h) for h in deal.hands]
        self.hands = [mask_of(h) for h in deal.hands]
        self.blind = tuple(deal.extra[0]) if deal.extra else ()
        self.bids = [None] * n
        self.auction = []
        self.tricks = []
        self.tricks_won = [0] * n
        self.trick = []
        self.phase = _BID
        self.current = self.forhand()

    # --- actions -------------------------------------------------------------------
    def legal_actions(self) -> list[int]:
        if self.phase == _PLAY:
            hand = self.hands[self.current]
            if self.trick:
                m = hand & SUIT_MASKS[_SUIT_OF[self.trick[0]]]
                if m:
                    return list(_SUIT_CARDS.get(m) or _suit_cards(m))
            table = _SUIT_CARDS
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
        if self.phase == _BID:
            bids = range(BID_BASE, BID_BASE + self.hand_size + 1)
            if self.current == self.dealer_seat and self.rules.sparr:
                f = self.forbidden_bid()
                if f is not None:
                    return [a for a in bids if a != BID_BASE + f]
            return list(bids)
        return []

    def _apply_action(self, action: int) -> None:
        if self.phase == _PLAY:
            self._play_card(self.current, action)
            return
        if self.phase == _BID:
            self._bid(action)
            return
        raise IllegalActionError(
            "the game is over" if self.phase == _OVER else "the cards must be dealt first",
            rule="game_over" if self.phase == _OVER else "not_dealt",
            sv="partiet är slut" if self.phase == _OVER else "korten måste ges först",
        )

    def _bid(self, action: int) -> None:
        p = self.current
        bid = action - BID_BASE
        size = self.hand_size
        if not 0 <= bid <= size:
            what = card_str(action) if 0 <= action < 52 else str(bid)
            raise IllegalActionError(
                f"seat {p} must bid 0–{size} now, not {what}",
                rule="bid_range",
                seat=p,
                sv=f"plats {p} ska bjuda 0–{size} nu, inte {what}",
            )
        if p == self.dealer_seat and self.rules.sparr and bid == self.forbidden_bid():
            raise IllegalActionError(
                f"the dealer (seat {p}) may not bid {bid}: the bids would add up to {size} (spärren)",
                rule="sparr",
                seat=p,
                sv=f"givaren (plats {p}) får inte bjuda {bid}: buden skulle bli {size} (spärren)",
            )
        self.bids[p] = bid
        self.auction.append((p, bid))
        if p == self.dealer_seat:
            self.phase = _PLAY
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
        self.deal_records.append(self._deal_record(result))
        self.deal_index += 1
        self.dealer_seat = (self.dealer_seat + 1) % self.num_players
        if self.deal_index >= len(self.schedule):
            top = max(self.totals)
            if rules.tie_break and self.totals.count(top) > 1:
                self.schedule.append(rules.largest)
            else:
                self.phase = _OVER
                return
        self.phase = _DEAL

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
        if self.phase != _DEAL:
            raise IllegalActionError(
                "the previous deal is unfinished",
                rule="truncated",
                sv="förra given är inte färdigspelad",
            )
        n, size = self.num_players, self.hand_size
        if "cards" in deal and deal["cards"] != size:
            raise IllegalActionError(
                f"this deal has {size} cards each, not {deal['cards']}",
                rule="hand_size",
                sv=f"den här given har {size} kort var, inte {deal['cards']}",
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
        self.phase = _BID
        self.current = self.forhand()
        for entry in deal.get("auction") or []:
            seat = entry.get("seat")
            if seat != self.current:
                raise IllegalActionError(
                    f"seat {seat} bids, but it is seat {self.current}'s turn",
                    rule="turn",
                    seat=seat,
                    sv=f"plats {seat} bjuder, men det är plats {self.current}:s tur",
                )
            try:
                bid = int(str(entry.get("call")))
            except ValueError:
                raise IllegalActionError(
                    f"seat {seat}'s bid {entry.get('call')!r} is not a number",
                    rule="bid_range",
                    seat=seat,
                    sv=f"plats {seat}:s bud {entry.get('call')!r} är inget tal",
                ) from None
            self._bid(BID_BASE + bid)
        if self.phase != _PLAY:
            raise IllegalActionError(
                f"only {len(self.auction)} of {n} bids were given",
                rule="truncated",
                sv=f"bara {len(self.auction)} av {n} bud gavs",
            )
        tricks = (deal.get("result") or {}).get("tricks")
        if (
            not isinstance(tricks, list)
            or len(tricks) != n
            or not all(isinstance(t, int) and t >= 0 for t in tricks)
        ):
            raise IllegalActionError(
                f"the result needs the tricks each of the {n} seats took",
                rule="missing_field",
                sv=f"resultatet behöver antalet stick var och en av de {n} platserna tog",
            )
        if sum(tricks) != size:
            raise IllegalActionError(
                f"the tricks taken add up to {sum(tricks)}, the deal has {size} tricks",
                rule="trick_sum",
                sv=f"de tagna sticken blir {sum(tricks)}, given har {size} stick",
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
        if t.isdigit():
            return BID_BASE + int(t)
        try:
            return parse_card(text)
        except CardError:
            raise InvalidActionError(
                f"{text.strip()!r} is neither a bid (a number) nor a card (e.g. AS, TD, E♠, Kn♥)",
                sv=f"{text.strip()!r} är varken ett bud (ett tal) eller ett kort (t.ex. E♠, Kn♥, AS, TD)",
            ) from None

    # --- information ------------------------------------------------------------------
    def bids_visible(self) -> bool:
        return self.rules.bidding == "sequential" or self.phase != _BID

    def observation(self, seat: int) -> dict[str, Any]:
        """What ``seat`` sees: its own hand, the upcard, public bids and play, scores.

        Other hands and the blind hand are never included; in simultaneous bidding
        the others' bids stay hidden until everyone has bid.
        """
        visible = self.bids_visible()
        obs: dict[str, Any] = {
            "game": self.GAME,
            "seat": seat,
            "phase": ("deal", "bid", "play", "over")[self.phase],
            "deal_index": self.deal_index,
            "deals": len(self.schedule),
            "hand_size": self.hand_size if self.phase != _OVER else 0,
            "dealer": self.dealer_seat,
            "current_player": self.current_player(),
            "hand": [card_str(c) for c in cards_of(self.hands[seat])]
            if self.phase in (_BID, _PLAY)
            else [],
            "upcard": card_str(self.upcard)
            if self.upcard is not None and self.phase in (_BID, _PLAY)
            else None,
            "trump": suit_str(self.trump) if self.phase in (_BID, _PLAY) else None,
            "bids": [b if (visible or s == seat) else None for s, b in enumerate(self.bids)]
            if self.phase in (_BID, _PLAY)
            else [None] * self.num_players,
            "bids_made": sum(b is not None for b in self.bids) if self.phase == _BID else None,
            "forbidden_bid": self.forbidden_bid(),
            "tricks_won": list(self.tricks_won),
            "trick": {"leader": self.leader, "cards": [card_str(c) for c in self.trick]}
            if self.phase == _PLAY
            else None,
            "last_trick": None,
            "totals": list(self.totals),
        }
        if self.tricks and self.phase == _PLAY:
            lead, cards, w = self.tricks[-1]
            obs["last_trick"] = {"leader": lead, "cards": [card_str(c) for c in cards], "winner": w}
        if self.phase == _PLAY:
            # cards already played this deal are public
            obs["played"] = [card_str(c) for _, cs, _ in self.tricks for c in cs] + [
                card_str(c) for c in self.trick
            ]
        return obs

    # --- records ------------------------------------------------------------------------
    def _deal_record(self, result: dict[str, Any] | None) -> dict[str, Any]:
        if not self.dealt:  # played with real cards: what was reported
            reported: dict[str, Any] = {
                "dealer": self.dealer_seat,
                "cards": self.hand_size,
                "trump": suit_str(self.trump),
                "auction": [{"seat": s, "call": str(b)} for s, b in self.auction],
            }
            if result is not None:
                reported["result"] = {"tricks": result["tricks"], "points": result["points"]}
            return reported
        deal: dict[str, Any] = {
            "dealer": self.dealer_seat,
            "cards": self.hand_size,
            "hands": [[_NAME[c] for c in h] for h in self.dealt],
            "upcard": _NAME[self.upcard] if self.upcard is not None else None,
            "trump": suit_str(self.trump),
            "auction": [{"seat": s, "call": str(b)} for s, b in self.auction],
            "tricks": self._tricks_record(),
        }
        if self.blind:
            deal["extra"] = [[_NAME[c] for c in self.blind]]
        if result is not None:
            deal["result"] = {"tricks": result["tricks"], "points": result["points"]}
        return deal

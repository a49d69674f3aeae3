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
    Rule,
    Rules,
    RulesError,
    TrickGameState,
    check_dealt,
    error_text,
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
    parse_suit,
    rank_of,
    shuffled_deck,
    suit_of,
    suit_str,
)

__all__ = [
    "TremanswhistRules",
    "TremanswhistState",
    "TAKE",
    "DECLINE",
    "BUY",
    "deal_kind",
    "deal_points",
    "PILE_SIZE",
    "DEALS_IN_BUYING",
]

TAKE = CALL_BASE
DECLINE = CALL_BASE + 1
BUY = CALL_BASE + 2
NUM_ACTIONS = CALL_BASE + 3
PILE_SIZE = 13
DEALS_IN_BUYING = 9
PLAYERS = 3
#: Tricks a seat must take to break even in the main game (seed 004: "utöver 4").
PAR = 4

_SUIT_OF = tuple(c // 13 for c in range(52))
_BIT = tuple(1 << c for c in range(52))
_ACTION_TEXT = {TAKE: "byt", DECLINE: "passa", BUY: "köp"}
_TAKE_WORDS = {"byt", "byta", "take", "exchange", "ja", "yes"}
_DECLINE_WORDS = {"passa", "pass", "decline", "nej", "no"}
_BUY_WORDS = {"köp", "kop", "köpa", "kopa", "buy", "done", "klar"}
_PHASES = ("deal", "offer", "buy", "play", "over")
_DEAL, _OFFER, _BUY, _PLAY, _OVER = range(5)


@dataclass(frozen=True)
class TremanswhistRules(Rules):
    """The options a Tremanswhist table agrees on.

    >>> TremanswhistRules.preset("buying").to_text()
    'tremanswhist(form=buying)'
    >>> TremanswhistRules.parse("tremanswhist(form=buying,offer_continues=true)")
    Traceback (most recent call last):
    ...
    stickspel.core.errors.RulesError: offer_continues belongs to the main game (form=standard); the buying variant has no exchange offer
    """

    GAME = "tremanswhist"

    form: str = option(
        "standard",
        "standard: the upcard decides each deal, whole-hand exchange, first to win_score; buying: nine deals in three rounds, buying from the fourth pile, targets.",
        "004 (main text; comment #2); RULES.md",
        ("standard", "buying"),
    )
    offer_continues: bool = option(
        False,
        "After a player takes the fourth pile the offer goes on round the table with the pile as it now is (each taker −1).",
        "RULES.md (Exchange, option)",
    )
    minus_trump: bool = option(
        False,
        "A minus deal (upcard 2–7) has the upcard's suit as trump instead of no trump.",
        "RULES.md (option)",
    )
    win_score: int = option(
        10, "Main game: the total that wins at the end of a deal (first to +10).", "004; RULES.md"
    )
    max_deals: int | None = option(
        None,
        "Main game: stop after this many deals if nobody has won, highest total wins (ties share); none = no cap, as the sources play. Simulations set a cap (every game must end: random play can drift below zero for ever).",
        "project (a cap for simulations; 004 and RULES.md play on until someone wins)",
    )
    plus_targets: tuple[int, ...] = option(
        (6, 5, 2),
        "Buying variant: tricks required in a plus deal by förhand, second hand, dealer.",
        "004 comment #2; RULES.md",
    )
    minus_targets: tuple[int, ...] = option(
        (2, 5, 6),
        "Buying variant: tricks allowed in a minus deal by förhand, second hand, dealer.",
        "004 comment #2; RULES.md",
    )

    PRESETS = {
        "standard": {},
        "offer_round": {"offer_continues": True},
        "buying": {"form": "buying"},
        "comment": {"form": "buying"},
        "short": {"win_score": 5},
    }

    @property
    def buying(self) -> bool:
        return self.form == "buying"

    def validate(self) -> None:
        if self.buying and self.offer_continues:
            raise RulesError(
                "offer_continues belongs to the main game (form=standard); "
                "the buying variant has no exchange offer",
                sv="offer_continues hör till huvudspelet (form=standard); "
                "köpvarianten har inget erbjudande om fjärde högen",
            )
        if self.buying and self.minus_trump:
            raise RulesError(
                "minus_trump belongs to the main game (form=standard); "
                "the buying variant's minus round has no trump",
                sv="minus_trump hör till huvudspelet (form=standard); "
                "köpvariantens minusrunda har ingen trumf",
            )
        if not isinstance(self.win_score, int) or isinstance(self.win_score, bool):
            raise RulesError(
                f"option win_score: {self.win_score!r} is not a whole number",
                sv=f"regeln win_score: {self.win_score!r} är inget heltal",
            )
        if self.win_score < 1:
            raise RulesError(
                f"option win_score: must be at least 1, not {self.win_score}",
                sv=f"regeln win_score: måste vara minst 1, inte {self.win_score}",
            )
        if self.max_deals is not None and (
            isinstance(self.max_deals, bool)
            or not isinstance(self.max_deals, int)
            or self.max_deals < 1
        ):
            raise RulesError(
                f"option max_deals: {self.max_deals!r} is not a number of deals ≥ 1",
                sv=f"regeln max_deals: {self.max_deals!r} är inget antal givar ≥ 1",
            )
        for name in ("plus_targets", "minus_targets"):
            t = getattr(self, name)
            if (
                not isinstance(t, tuple)
                or len(t) != 3
                or not all(isinstance(x, int) and 0 <= x <= 13 for x in t)
            ):
                raise RulesError(
                    f"option {name}: three numbers 0–13 (förhand/second hand/dealer), not {t!r}",
                    sv=f"regeln {name}: tre tal 0–13 (förhand/andrahand/givare), inte {t!r}",
                )
            if sum(t) != 13:
                raise RulesError(
                    f"option {name}: the targets must add up to 13, not {sum(t)}",
                    sv=f"regeln {name}: målen måste bli 13 tillsammans, inte {sum(t)}",
                )

    def deal_type(self, deal_index: int, upcard: int | None) -> tuple[str, int | None]:
        """The kind (``'plus'``/``'minus'``) and trump of a deal.

        >>> r = TremanswhistRules()
        >>> [r.deal_type(0, parse_card(c)) for c in ("7H", "8H", "TH", "JH")]
        [('minus', None), ('plus', None), ('plus', None), ('plus', 2)]
        >>> b = TremanswhistRules(form="buying")
        >>> [b.deal_type(i, parse_card("2S") if i >= 6 else None) for i in (0, 3, 6)]
        [('plus', None), ('minus', None), ('plus', 3)]
        """
        if self.buying:
            rnd = deal_index // 3
            if rnd == 0:
                return "plus", None
            if rnd == 1:
                return "minus", None
            return "plus", None if upcard is None else suit_of(upcard)
        if upcard is None:
            raise RulesError(
                "the main game needs an upcard to decide the deal",
                sv="huvudspelet behöver ett uppvänt kort för att avgöra given",
            )
        return deal_kind(upcard, self.minus_trump)

    def upcard_in_deal(self, deal_index: int) -> bool:
        """Whether a card is turned up in this deal (always, except rounds 1–2 of the variant)."""
        return not self.buying or deal_index >= 6

    def targets(self, kind: str, dealer: int) -> list[int]:
        """Buying variant: each seat's target for a deal of ``kind`` dealt by ``dealer``.

        >>> TremanswhistRules(form="buying").targets("plus", 0)
        [2, 6, 5]
        """
        by_position = self.plus_targets if kind == "plus" else self.minus_targets
        out = [0] * PLAYERS
        for pos in range(PLAYERS):
            out[(dealer + 1 + pos) % PLAYERS] = by_position[pos]
        return out


def deal_kind(upcard: int, minus_trump: bool = False) -> tuple[str, int | None]:
    """Kind and trump of a main-game deal from its upcard (RULES.md bands).

    >>> deal_kind(parse_card("2C")), deal_kind(parse_card("9D")), deal_kind(parse_card("AS"))
    (('minus', None), ('plus', None), ('plus', 3))
    >>> deal_kind(parse_card("7H"), minus_trump=True)
    ('minus', 2)
    """
    r = rank_of(upcard)
    if r <= 5:  # 2–7
        return "minus", suit_of(upcard) if minus_trump else None
    if r <= 8:  # 8–10
        return "plus", None
    return "plus", suit_of(upcard)


def deal_points(kind: str, tricks: int, target: int = PAR) -> int:
    """Points for ``tricks`` in a deal of ``kind`` against ``target`` (4 in the main game).

    >>> deal_points("plus", 6), deal_points("plus", 2), deal_points("minus", 1), deal_points("minus", 3, 6)
    (2, -2, 3, 3)
    """
    return tricks - target if kind == "plus" else target - tricks


class TremanswhistState(TrickGameState):
    """A whole game of Tremanswhist (either form)."""

    GAME = "tremanswhist"
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
            raise RulesError(
                f"first dealer must be a seat 0–2, not {first_dealer}",
                sv=f"första givaren måste vara plats 0–2, inte {first_dealer}",
            )
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
            raise IllegalActionError(
                "cards are dealt only before a deal",
                rule="not_chance",
                sv="korten delas bara ut före en giv",
            )
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
            raise IllegalActionError(
                "cards are dealt only before a deal",
                rule="not_chance",
                sv="korten delas bara ut före en giv",
            )
        if len(deal.hands) != PLAYERS:
            raise IllegalActionError(
                f"{len(deal.hands)} hands dealt, Tremanswhist has 3 players",
                rule="hand_count",
                sv=f"{len(deal.hands)} händer givna, Tremanswhist har 3 spelare",
            )
        if len(deal.extra) != 1:
            raise IllegalActionError(
                f"Tremanswhist has one fourth pile (extra), not {len(deal.extra)}",
                rule="extra",
                sv=f"Tremanswhist har en fjärde hög (extra), inte {len(deal.extra)}",
            )
        check_dealt((*deal.hands, deal.extra[0]), PILE_SIZE, PLAYERS, "deal.pile.fourth")
        pile = tuple(deal.extra[0])
        if self.rules.upcard_in_deal(self.deal_index):
            if deal.upcard is None:
                raise IllegalActionError(
                    "the last card dealt must be turned up (upcard)",
                    rule="upcard",
                    sv="det sist givna kortet ska vändas upp",
                )
            if deal.upcard != pile[-1]:
                raise IllegalActionError(
                    f"the upcard {card_str(deal.upcard)} is not the last card dealt "
                    f"(the fourth pile's last, {card_str(pile[-1])})",
                    rule="upcard",
                    sv=f"det uppvända kortet {card_display(deal.upcard, 'sv')} är inte det sist givna "
                    f"(fjärde högens sista, {card_display(pile[-1], 'sv')})",
                )
        elif deal.upcard is not None:
            raise IllegalActionError(
                f"no card is turned up in round {self.round} of the buying variant",
                rule="upcard",
                sv=f"inget kort vänds upp i köpvariantens runda {self.round}",
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
                m = hand & SUIT_MASKS[_SUIT_OF[self.trick[0]]]
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
            raise IllegalActionError(
                "the game is over" if self.phase == _OVER else "the cards must be dealt first",
                rule="game_over" if self.phase == _OVER else "not_dealt",
                sv="partiet är slut" if self.phase == _OVER else "korten måste ges först",
            )

    def _offer(self, p: int, action: int) -> None:
        if action not in (TAKE, DECLINE):
            raise IllegalActionError(
                f"seat {p} is offered the fourth pile: answer byt (take) or passa (decline), "
                f"not {self.action_to_string(action)}",
                rule="offer_pending",
                seat=p,
                sv=f"plats {p} erbjuds fjärde högen: svara byt eller passa, "
                f"inte {self.action_to_string(action)}",
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
                f"seat {p} is buying: put a card away or say köp, not {self.action_to_string(action)}",
                rule="offer_closed" if action in (TAKE, DECLINE) else "not_a_card",
                seat=p,
                sv=f"plats {p} köper: lägg bort ett kort eller säg köp, inte {self.action_to_string(action)}",
            )
        if not self.hands[p] & _BIT[action]:
            raise IllegalActionError(
                f"seat {p} does not hold {card_str(action)}",
                rule="card_not_held",
                seat=p,
                sv=f"plats {p} har inte {card_display(action, 'sv')}",
            )
        if len(self.discarding) >= len(self.pile):
            raise IllegalActionError(
                f"seat {p} may put away at most {len(self.pile)} cards: "
                f"the fourth pile has {len(self.pile)} left",
                rule="buy_limit",
                seat=p,
                sv=f"plats {p} får lägga bort högst {len(self.pile)} kort: "
                f"fjärde högen har {len(self.pile)} kvar",
            )
        self.hands[p] ^= _BIT[action]
        self.discarded[p] |= _BIT[action]
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
            raise IllegalActionError(
                "the previous deal is unfinished" if self.phase != _OVER else "the game is over",
                rule="truncated" if self.phase != _OVER else "game_over",
                sv="förra given är inte färdigspelad" if self.phase != _OVER else "partiet är slut",
            )
        saved = self.clone()
        try:
            self._apply_reported(deal)
        except IllegalActionError:
            self.__dict__.update(saved.__dict__)  # nothing entered is lost or half-applied
            raise

    def _apply_reported(self, deal: dict[str, Any]) -> None:
        rules = self.rules
        if "dealer" in deal and deal["dealer"] != self.dealer_seat:
            raise IllegalActionError(
                f"seat {deal['dealer']} deals, but the deal passes to seat {self.dealer_seat}",
                rule="dealer",
                seat=deal["dealer"] if isinstance(deal["dealer"], int) else None,
                sv=f"plats {deal['dealer']} ger, men given går till plats {self.dealer_seat}",
            )
        upcard = None
        if deal.get("upcard") is not None:
            try:
                upcard = parse_card(str(deal["upcard"]))
            except CardError as e:
                raise IllegalActionError(
                    f"upcard: {e}", rule="malformed", sv=f"uppvänt kort: {error_text(e, 'sv')}"
                ) from None
            if not rules.upcard_in_deal(self.deal_index):
                raise IllegalActionError(
                    f"no card is turned up in round {self.round} of the buying variant",
                    rule="upcard",
                    sv=f"inget kort vänds upp i köpvariantens runda {self.round}",
                )
        trump: int | None = None
        trump_given = "trump" in deal
        if trump_given and deal["trump"] is not None:
            try:
                trump = parse_suit(str(deal["trump"]))
            except CardError as e:
                raise IllegalActionError(
                    f"trump: {e}", rule="malformed", sv=f"trumf: {error_text(e, 'sv')}"
                ) from None
        kind_given = deal.get("kind")
        if kind_given is not None and kind_given not in ("plus", "minus"):
            raise IllegalActionError(
                f"kind must be 'plus' or 'minus', not {kind_given!r}",
                rule="malformed",
                sv=f"kind ska vara 'plus' eller 'minus', inte {kind_given!r}",
            )
        if upcard is not None:
            kind, actual_trump = rules.deal_type(self.deal_index, upcard)
        elif rules.buying:
            kind, actual_trump = rules.deal_type(self.deal_index, None)
            if self.round == 3:
                if trump is None:
                    raise IllegalActionError(
                        "round 3 of the buying variant needs the trump suit drawn (trump or upcard)",
                        rule="missing_field",
                        sv="köpvariantens runda 3 behöver den dragna trumffärgen (trump eller upcard)",
                    )
                actual_trump = trump
        else:
            if kind_given is None:
                raise IllegalActionError(
                    "the deal needs its upcard or its kind ('plus'/'minus') and trump",
                    rule="missing_field",
                    sv="given behöver sitt uppvända kort eller sitt slag ('plus'/'minus') och trumf",
                )
            kind, actual_trump = kind_given, trump
            if kind == "minus" and trump is not None and not rules.minus_trump:
                raise IllegalActionError(
                    "a minus deal has no trump under these rules",
                    rule="trump",
                    sv="en minusgiv har ingen trumf med de här reglerna",
                )
        if kind_given is not None and kind_given != kind:
            raise IllegalActionError(
                f"the deal is a {kind} deal, not {kind_given}",
                rule="result_kind",
                sv=f"given är en {kind}giv, inte {kind_given}",
            )
        if trump_given and trump != actual_trump:
            raise IllegalActionError(
                f"trump is {suit_str(actual_trump) or 'none'} in this deal, not {deal['trump']}",
                rule="trump",
                sv=f"trumf är {suit_str(actual_trump) or 'ingen'} i den här given, inte {deal['trump']}",
            )
        self.upcard = upcard
        self.kind, self.trump = kind, actual_trump
        self.dealt = []
        self.pile_dealt = ()
        self.pile = [-1] * PILE_SIZE  # cards unknown: only their number matters
        self.hands = [0] * PLAYERS
        self._start_deal()
        entries = deal.get("exchanges") or []
        if not isinstance(entries, list):
            raise IllegalActionError(
                "'exchanges' must be a list", rule="malformed", sv="'exchanges' ska vara en lista"
            )
        for entry in entries:
            if not isinstance(entry, dict):
                raise IllegalActionError(
                    "an exchange must be an object",
                    rule="malformed",
                    sv="ett byte ska vara ett objekt",
                )
            seat = entry.get("seat")
            if self.phase not in (_OFFER, _BUY):
                raise IllegalActionError(
                    f"seat {seat} is in 'exchanges', but the "
                    + ("offer" if not rules.buying else "buying")
                    + " was already over",
                    rule="offer_closed",
                    seat=seat if isinstance(seat, int) else None,
                    sv=f"plats {seat} finns i 'exchanges', men "
                    + ("erbjudandet" if not rules.buying else "köpet")
                    + " var redan över",
                )
            if seat != self.current:
                raise IllegalActionError(
                    f"seat {seat} is in 'exchanges', but it is seat {self.current}'s turn",
                    rule="turn",
                    seat=seat if isinstance(seat, int) else None,
                    sv=f"plats {seat} finns i 'exchanges', men det är plats {self.current}:s tur",
                )
            if rules.buying:
                count = entry.get("count")
                if count is None and isinstance(entry.get("discard"), list):
                    count = len(entry["discard"])
                if not isinstance(count, int) or isinstance(count, bool) or count < 0:
                    raise IllegalActionError(
                        f"seat {seat}'s purchase needs a count of cards (a number ≥ 0)",
                        rule="malformed",
                        seat=seat,
                        sv=f"plats {seat}:s köp behöver ett antal kort (ett tal ≥ 0)",
                    )
                if count > len(self.pile):
                    raise IllegalActionError(
                        f"seat {seat} bought {count} cards, the fourth pile had {len(self.pile)} left",
                        rule="buy_limit",
                        seat=seat,
                        sv=f"plats {seat} köpte {count} kort, fjärde högen hade {len(self.pile)} kvar",
                    )
                self._reported_purchase(seat, count)
            else:
                take = entry.get("take")
                if not isinstance(take, bool):
                    raise IllegalActionError(
                        f"seat {seat}'s answer needs take: true or false",
                        rule="malformed",
                        seat=seat,
                        sv=f"plats {seat}:s svar behöver take: true eller false",
                    )
                self.offers.append((seat, take))
                if (take and not rules.offer_continues) or seat == self.dealer_seat:
                    self.phase = _PLAY
                else:
                    self.current = (seat + 1) % PLAYERS
        tricks = (deal.get("result") or {}).get("tricks")
        if (
            not isinstance(tricks, list)
            or len(tricks) != PLAYERS
            or not all(isinstance(t, int) and not isinstance(t, bool) and t >= 0 for t in tricks)
        ):
            raise IllegalActionError(
                "the result needs the tricks each of the 3 seats took",
                rule="missing_field",
                sv="resultatet behöver antalet stick var och en av de 3 platserna tog",
            )
        if sum(tricks) != PILE_SIZE:
            raise IllegalActionError(
                f"the tricks taken add up to {sum(tricks)}, a deal has 13",
                rule="trick_sum",
                sv=f"de tagna sticken blir {sum(tricks)}, en giv har 13",
            )
        # answers not given: the rest declined or bought nothing
        self.phase = _PLAY
        self.tricks_won = list(tricks)
        self._finish_deal()

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
            raise InvalidActionError(
                f"{text.strip()!r} is not a Tremanswhist action: byt/take, passa/decline, "
                "köp/buy or a card (e.g. AS, TD, E♠, Kn♥)",
                sv=f"{text.strip()!r} är inget drag i Tremanswhist: byt, passa, köp "
                "eller ett kort (t.ex. E♠, Kn♥, AS, TD)",
            ) from None

    # --- records -----------------------------------------------------------------------
    def _exchanges_record(self) -> list[dict[str, Any]]:
        from stickspel.games.tremanswhist.codec import exchanges_record

        return exchanges_record(self)

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

    def to_record(self, players: Sequence[str] | None = None) -> dict[str, Any]:
        names = list(players) if players else [f"Spelare {i + 1}" for i in range(PLAYERS)]
        if len(names) != PLAYERS:
            raise RulesError(
                f"Tremanswhist has 3 players, {len(names)} names given",
                sv=f"Tremanswhist har 3 spelare, {len(names)} namn givna",
            )
        return super().to_record(names)

    # --- information ------------------------------------------------------------------
    def observation(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may know now.

        Its own hand, the upcard, the deal type, who took the pile (main game)
        or how many cards each bought (buying), the cards it put away itself and
        the cards it received from the pile, the play so far and the scores.
        The fourth pile's hidden cards, other seats' hands, what others put away
        and what others bought are never included.
        """
        if not 0 <= seat < PLAYERS:
            raise IllegalActionError(
                f"no seat {seat}: seats are 0–2",
                rule="seat",
                sv=f"ingen plats {seat}: platserna är 0–2",
            )
        live = self.phase in (_OFFER, _BUY, _PLAY)
        obs: dict[str, Any] = {
            "game": self.GAME,
            "form": self.rules.form,
            "seat": seat,
            "phase": _PHASES[self.phase],
            "deal_index": self.deal_index,
            "deals": DEALS_IN_BUYING if self.rules.buying else None,
            "round": self.round if self.phase != _OVER else None,
            "dealer": self.dealer_seat,
            "forhand": self.forhand(),
            "current_player": self.current_player(),
            "win_score": None if self.rules.buying else self.rules.win_score,
            "totals": list(self.totals),
            "last_result": None,
        }
        if self.deal_results:
            last = self.deal_results[-1]
            obs["last_result"] = {"tricks": list(last["tricks"]), "points": list(last["points"])}
        if not live:
            obs.update(hand=[], upcard=None, kind=None, trump=None)
            return obs
        obs.update(
            hand=[card_str(c) for c in cards_of(self.hands[seat])],
            upcard=card_str(self.upcard) if self.upcard is not None else None,
            kind=self.kind,
            trump=suit_str(self.trump),
            targets=self.current_targets(),
            pile_size=len(self.pile),
            discarded=[card_str(c) for c in cards_of(self.discarded[seat])],
            received=[card_str(c) for c in cards_of(self.received[seat])],
            tricks_won=list(self.tricks_won),
        )
        if self.rules.buying:
            obs["purchases"] = [{"seat": s, "count": len(cs)} for s, cs in self.purchases]
            obs["discarding"] = (
                {"seat": self.current, "count": len(self.discarding)}
                if self.phase == _BUY
                else None
            )
        else:
            obs["exchanges"] = [{"seat": s, "take": took} for s, took in self.offers]
        if self.phase == _PLAY:
            obs["trick"] = {"leader": self.leader, "cards": [card_str(c) for c in self.trick]}
            obs["played"] = [card_str(c) for _, cs, _ in self.tricks for c in cs] + [
                card_str(c) for c in self.trick
            ]
            obs["last_trick"] = None
            if self.tricks:
                lead, cards, w = self.tricks[-1]
                obs["last_trick"] = {
                    "leader": lead,
                    "cards": [card_str(c) for c in cards],
                    "winner": w,
                }
        return obs

"""Hidden information in Tremanswhist: no seat ever sees a card it may not see.

The cards each seat may know are tracked here independently of the engine,
from the deal and the actions alone: its own hand as dealt, the upcard, the
cards it received from the fourth pile, and the cards played in the deal.
"""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from stickspel.bots import RandomBot, Turn
from stickspel.core import CALL_BASE, Deal, Observation
from stickspel.core.cards import CardError, card_str, make_rng, parse_card, parse_cards
from stickspel.games.tremanswhist import TremanswhistRules, TremanswhistState

TAKE_ACTION, BUY_ACTION = CALL_BASE, CALL_BASE + 2

RULE_SETS = [
    TremanswhistRules(max_deals=4),
    TremanswhistRules(offer_continues=True, max_deals=4),
    TremanswhistRules(minus_trump=True, max_deals=3),
    TremanswhistRules(form="buying"),
]


def cards_named(value: Any) -> set[str]:
    """Every card text anywhere in an observation (values, not keys)."""
    if isinstance(value, Observation):
        value = value.to_dict()
    if isinstance(value, dict):
        return set().union(*(cards_named(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(cards_named(v) for v in value)) if value else set()
    if isinstance(value, str) and len(value) == 2:
        try:
            return {card_str(parse_card(value))}
        except CardError:
            return set()
    return set()


class Tracker:
    """What each seat may know, kept from the deal and the actions only."""

    def __init__(self, deal: Deal, buying: bool) -> None:
        self.buying = buying
        self.hands = [{card_str(c) for c in h} for h in deal.hands]
        self.pile = [card_str(c) for c in deal.extra[0]]
        self.public = {card_str(deal.upcard)} if deal.upcard is not None else set()
        self.private = [set(h) for h in self.hands]
        self.putting_away: list[str] = []

    def allowed(self, seat: int) -> set[str]:
        return self.public | self.private[seat]

    def act(self, seat: int, action: int, phase: str) -> None:
        if phase == "offer":
            if action == TAKE_ACTION:
                received = set(self.pile)
                self.pile = sorted(self.hands[seat])
                self.hands[seat] = received
                self.private[seat] |= received
        elif phase == "buy":
            if action == BUY_ACTION:
                k = len(self.putting_away)
                got = set(self.pile[:k])
                self.pile = self.pile[k:]
                self.hands[seat] |= got
                self.private[seat] |= got
                self.putting_away = []
            else:
                self.hands[seat].discard(card_str(action))
                self.putting_away.append(card_str(action))
        elif phase == "play":
            self.hands[seat].discard(card_str(action))
            self.public.add(card_str(action))


def check_game(rules: TremanswhistRules, seed: int) -> int:
    state = TremanswhistState(rules, first_dealer=seed % 3)
    rng, bot = make_rng(seed), RandomBot(seed + 1)
    tracker: Tracker | None = None
    steps = 0
    while not state.is_terminal():
        if state.is_chance():
            tracker = Tracker(state.apply_chance(rng), rules.buying)
        assert tracker is not None
        for seat in range(3):
            obs = state.observation(seat)
            if obs["phase"] in ("offer", "buy", "play"):
                leaked = cards_named(obs) - tracker.allowed(seat)
                assert not leaked, f"seat {seat} sees {sorted(leaked)} in phase {obs['phase']}"
                assert set(obs["hand"]) == tracker.hands[seat]
            else:
                assert obs["hand"] == [] and cards_named(obs) == set()
        if state.is_chance() or state.is_terminal():
            continue
        seat = state.current_player()
        phase = state.observation(seat)["phase"]
        action = bot.act(Turn.of(state))
        state.apply_action(action)
        tracker.act(seat, action, phase)
        steps += 1
    return steps


@settings(max_examples=25)
@given(st.integers(0, 2), st.integers(0, 2**32))
def test_main_game_observations_hide_what_they_must(which: int, seed: int) -> None:
    assert check_game(RULE_SETS[which], seed) > 0


@settings(max_examples=12)
@given(st.integers(0, 2**32))
def test_buying_observations_hide_what_they_must(seed: int) -> None:
    assert check_game(RULE_SETS[3], seed) > 0


# --- concrete cases -------------------------------------------------------------------------

HANDS = (
    "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S",
    "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H",
    "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D",
)
PILE = "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C"


def deal(upcard: bool) -> Deal:
    pile = tuple(parse_cards(PILE))
    return Deal(tuple(tuple(parse_cards(h)) for h in HANDS), (pile,), pile[-1] if upcard else None)


def test_only_the_taker_sees_the_fourth_pile() -> None:
    state = TremanswhistState(first_dealer=0)
    state.apply_deal(deal(True))
    for seat in range(3):
        assert cards_named(state.observation(seat)) & set(PILE.split()) == {"2C"}
    state.apply_text("byt")  # förhand (seat 1) takes the clubs
    taker = state.observation(1)
    assert set(taker["received"]) == set(PILE.split())
    assert set(taker["hand"]) == set(PILE.split())
    assert set(taker["discarded"]) == set(HANDS[1].split())  # it remembers its old hand
    for seat in (0, 2):
        obs = state.observation(seat)
        assert obs["exchanges"] == [{"seat": 1, "take": True}]
        assert cards_named(obs) & set(PILE.split()) == {"2C"}  # only the upcard
        assert cards_named(obs) & set(HANDS[1].split()) == set()  # nor the hand put away


def test_buyers_see_what_they_bought_others_only_how_many() -> None:
    state = TremanswhistState(TremanswhistRules(form="buying"), first_dealer=0)
    state.apply_deal(deal(False))
    for text in ("2H", "3H", "4H"):
        state.apply_text(text)
    # while seat 1 puts cards away the others see the count only
    assert state.observation(2)["discarding"] == {"seat": 1, "count": 3}
    assert "2H" not in cards_named(state.observation(2))
    state.apply_text("köp")
    buyer = state.observation(1)
    assert buyer["received"] == ["QC", "KC", "AC"]  # the top three of the pile
    assert set(buyer["discarded"]) == {"2H", "3H", "4H"}
    for seat in (0, 2):
        obs = state.observation(seat)
        assert obs["purchases"] == [{"seat": 1, "count": 3}]
        assert cards_named(obs) & {"AC", "KC", "QC", "2H", "3H", "4H"} == set()
    assert state.observation(0)["pile_size"] == 10

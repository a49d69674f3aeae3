"""Tremanswhist bots: legal, observation-only, sensible exchanges, purchases and play."""

from __future__ import annotations

from typing import Any

import pytest

from stickspel.bots import Turn, bot_names, make_bot
from stickspel.core import Deal
from stickspel.core.cards import card_str, make_rng, parse_card, parse_cards
from stickspel.games.tremanswhist import BUY, DECLINE, TAKE, TremanswhistRules, TremanswhistState
from stickspel.games.tremanswhist.bot import HeuristicBot


class SeatView:
    """Only what a bot may use: whose turn, the seat's observation, the legal actions."""

    def __init__(self, state: TremanswhistState) -> None:
        self._state = state

    def current_player(self) -> int:
        return self._state.current_player()

    def observation(self, seat: int) -> dict[str, Any]:
        assert seat == self._state.current_player(), "a bot looked at another seat"
        return self._state.observation(seat)

    def legal_actions(self) -> list[int]:
        return self._state.legal_actions()


def deal_of(hands: tuple[str, str, str], pile: str, upcard: bool = True) -> Deal:
    p = tuple(parse_cards(pile))
    return Deal(tuple(tuple(parse_cards(h)) for h in hands), (p,), p[-1] if upcard else None)


@pytest.mark.parametrize(
    "rules", [TremanswhistRules(max_deals=100), TremanswhistRules(form="buying")]
)
def test_heuristic_plays_whole_games_from_observations_only(rules: TremanswhistRules) -> None:
    assert bot_names("tremanswhist")[:2] == ["random", "heuristic"]
    for seed in range(4):
        state = TremanswhistState(rules, first_dealer=seed % 3)
        rng = make_rng(seed)
        bots = [make_bot("tremanswhist", "heuristic", seed=seed + s) for s in range(3)]
        while not state.is_terminal():
            if state.is_chance():
                state.apply_chance(rng)
                continue
            action = bots[state.current_player()].act(Turn.of(state))
            assert action in state.legal_actions()
            state.apply_action(action)
        assert state.winners()


WEAK_PLUS = (
    "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S",
    "2H 3H 4H 5H 6H 7H 8H 2D 3D 4D 5D 6D 7D",  # förhand: nothing
    "AH KH QH JH TH 9H AD KD QD JD TD 9D 8D",
)
CLUBS_ACE_LAST = "KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C AC"


def test_heuristic_swaps_a_hopeless_hand_and_keeps_a_strong_one() -> None:
    state = TremanswhistState(first_dealer=0)
    state.apply_deal(deal_of(WEAK_PLUS, CLUBS_ACE_LAST))  # plus, clubs trump
    assert HeuristicBot(seed=0).act(Turn.of(state)) == TAKE
    state.apply_action(DECLINE)  # seat 2 (strong hearts and diamonds) is asked next
    assert HeuristicBot(seed=0).act(Turn.of(state)) == DECLINE


def test_heuristic_keeps_low_cards_in_a_minus_deal() -> None:
    pile = "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C"  # 2C turned: minus
    state = TremanswhistState(first_dealer=0)
    state.apply_deal(deal_of(WEAK_PLUS, pile))
    assert state.kind == "minus"
    assert (
        HeuristicBot(seed=0).act(Turn.of(state)) == DECLINE
    )  # förhand's low cards are what it wants
    state.apply_action(DECLINE)
    assert HeuristicBot(seed=0).act(Turn.of(state)) == TAKE  # seat 2's honours are a liability


def test_heuristic_buying_puts_away_weak_cards_only() -> None:
    rules = TremanswhistRules(form="buying")
    state = TremanswhistState(rules, first_dealer=0)
    state.apply_deal(deal_of(WEAK_PLUS, "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C", upcard=False))
    bot = HeuristicBot(seed=0)
    put_away = []
    while state.phase == 2 and state.current_player() == 1:
        a = bot.act(Turn.of(state))
        if a == BUY:
            state.apply_action(a)
            break
        put_away.append(card_str(a))
        state.apply_action(a)
    assert len(put_away) >= 5  # förhand's low cards go in a plus deal
    assert all(c[0] in "2345678" for c in put_away)


def test_heuristic_takes_cheaply_in_plus_and_ducks_in_minus() -> None:
    hands = (
        "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S",
        "AH 9H 8H 7H 6H 5H 4H 3H 2H AD KD QD JD",
        "KH QH JH TH TD 9D 8D 7D 6D 5D 4D 3D 2D",
    )
    plus = TremanswhistState(first_dealer=2)  # seat 0 leads
    plus.apply_deal(deal_of(hands, "KC QC JC TC AC 8C 7C 6C 5C 4C 3C 2C 9C"))  # plus, no trump
    for _ in range(3):
        plus.apply_action(DECLINE)
    plus.apply_text("2S")
    plus.apply_text("2H")  # seat 1 void in spades
    # seat 2 is last and void: nothing wins, throw the cheapest
    assert card_str(HeuristicBot(seed=0).act(Turn.of(plus))) == "2D"
    minus = TremanswhistState(first_dealer=0)  # seat 1 leads
    minus.apply_deal(deal_of(hands, "KC QC JC TC AC 8C 7C 6C 5C 4C 9C 3C 2C"))  # 2C: minus
    for _ in range(3):
        minus.apply_action(DECLINE)
    minus.apply_text("9H")
    # seat 2 holds KH QH JH TH: all win against 9H; it is not last, so it plays low
    assert card_str(HeuristicBot(seed=0).act(Turn.of(minus))) == "TH"
    minus.apply_text("TH")
    # seat 0 is void in hearts, no trump: any card, dumps its highest danger
    assert parse_card("AS") == HeuristicBot(seed=0).act(Turn.of(minus))


@pytest.mark.parametrize(
    "rules", [TremanswhistRules(max_deals=100), TremanswhistRules(form="buying")]
)
def test_heuristic_beats_random(rules: TremanswhistRules) -> None:
    wins = 0
    games = 12
    for g in range(games):
        state = TremanswhistState(rules, first_dealer=g % 3)
        rng = make_rng(500 + g)
        bots = [HeuristicBot(seed=g), make_bot("tremanswhist", "random", seed=g + 1),
                make_bot("tremanswhist", "random", seed=g + 2)]  # fmt: skip
        while not state.is_terminal():
            if state.is_chance():
                state.apply_chance(rng)
            else:
                state.apply_action(bots[state.current_player()].act(Turn.of(state)))
        wins += 0 in state.winners()
    assert wins >= 9

"""Plump's learned bid model (stickspel.bots.bid_model, stickspel.search.bidmodel):
it loads, gives distributions, reads hands in the obvious ways, and the expert
that reads bids with it decides the same on the same seed."""

from __future__ import annotations

import random

import pytest

from stickspel import load_game
from stickspel.bots import Turn
from stickspel.bots.bid_model import expected_dealt, model_params, trick_distribution
from stickspel.bots.expert import ExpertBot
from stickspel.core.cards import parse_cards, parse_suit
from stickspel.search.bidmodel import N_PARAMS


def mean(probs: list[float]) -> float:
    return sum(t * p for t, p in enumerate(probs))


def test_the_shipped_weights_load() -> None:
    assert len(model_params()) == N_PARAMS


@pytest.mark.parametrize("n,size", [(3, 1), (4, 5), (4, 10), (5, 8), (6, 8), (3, 17)])
def test_each_prediction_is_a_distribution_over_the_deals_trick_counts(n: int, size: int) -> None:
    rng = random.Random(size * 10 + n)
    for _ in range(20):
        deck = list(range(52))
        rng.shuffle(deck)
        trump = rng.choice([None, 0, 1, 2, 3])
        order = rng.randrange(n)
        probs = trick_distribution(deck[:size], n, size, trump, deck[-1], order, rng.randrange(8))
        assert len(probs) == size + 1
        assert sum(probs) == pytest.approx(1.0, abs=1e-9)
        assert all(p >= 0 for p in probs)


# (hand, the same hand with a low side card changed for the trump ace), trump spades
MORE_TRUMP = [
    ("KS 5H 9D 3C 7C", "KS 5H 9D AS 7C"),
    ("2S 3S QH JH 4D 8D 2C 5C 9C TC", "2S 3S QH JH 4D 8D AS 5C 9C TC"),
    ("7H", "AS"),
    ("QS JS 2H", "QS JS AS"),
]


@pytest.mark.parametrize("order", [0, 3])
@pytest.mark.parametrize("hand,stronger", MORE_TRUMP)
def test_the_trump_ace_for_a_low_side_card_does_not_lower_the_tricks_expected(
    hand: str, stronger: str, order: int
) -> None:
    cards, more = parse_cards(hand), parse_cards(stronger)
    size, spades = len(cards), parse_suit("S")
    up = parse_cards("4S")[0]
    before = order * size // 4
    weak = mean(trick_distribution(cards, 4, size, spades, up, order, before))
    strong = mean(trick_distribution(more, 4, size, spades, up, order, before))
    assert strong >= weak


def test_the_top_trumps_are_read_as_tricks_and_low_side_cards_as_none() -> None:
    spades = parse_suit("S")
    top = trick_distribution(parse_cards("AS KS QS"), 4, 3, spades, None)
    low = trick_distribution(parse_cards("2H 3D 2C"), 4, 3, spades, None)
    assert mean(top) > 2.4 and max(range(4), key=lambda t: top[t]) == 3
    assert mean(low) < 0.5 and max(range(4), key=lambda t: low[t]) == 0


def test_a_deals_hands_are_read_in_bidding_order_after_the_bids_made() -> None:
    hands = [parse_cards(h) for h in ("AS KS 2H", "QS 3D 4D", "5C 6C 7C", "AH KH QH")]
    spades = parse_suit("S")
    guessed = expected_dealt(hands, [None] * 4, 3, 0, 3, spades, None)
    made = expected_dealt(hands, [0, None, None, None], 3, 0, 3, spades, None)
    assert guessed[0] == made[0]  # förhand bids first: nothing before it
    assert guessed[1] != made[1]  # the next reads förhand's bid, not its guess
    assert len(guessed) == 4 and all(0 <= e <= 3 for e in guessed)


def test_an_expert_reading_bids_by_the_model_decides_alike_on_the_same_seed() -> None:
    state = load_game("plump(players=4,max_cards=6,deal_order=single)").new_initial_state()
    state.apply_chance(random.Random(12))
    state.apply_text("2")  # förhand's bid: read by the model
    turn = Turn.of(state)
    first = ExpertBot(seed=3, think_ms=None, samples=40, bid_read="model").act(turn)
    second = ExpertBot(seed=3, think_ms=None, samples=40, bid_read="model").act(turn)
    assert first == second and first in turn.legal_actions

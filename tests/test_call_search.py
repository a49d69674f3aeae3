"""Calls before the cards judged by simulation (:mod:`stickspel.bots.call_search`):
the obvious call found, from the seat's information only, the same with the
same seed.  Fixed work (``samples``), no clock."""

from __future__ import annotations

import random

import pytest

from stickspel.bots import Turn
from stickspel.bots.call_search import MIN_WORLDS, CallValues, call_values
from stickspel.bots.config import Budget, ExpertConfig
from stickspel.bots.expert import ExpertBot
from stickspel.bots.registry import heuristic_bot
from stickspel.bots.search_adapter import adapter_for
from stickspel.core import CALL_BASE, Deal
from stickspel.core.cards import parse_card, parse_cards
from stickspel.games.priffe import PriffeRules, PriffeState
from stickspel.games.tremanswhist import DECLINE, TAKE, TremanswhistState


def searcher(samples: int = 24, seed: int = 1) -> ExpertBot:
    return ExpertBot(seed=seed, think_ms=None, samples=samples, search_calls=True)


def _settings() -> tuple[ExpertConfig, Budget]:
    """The searcher's config and budget: what the call search is handed."""
    bot = searcher()
    return bot.config, bot.budget


def priffe_after_passes(hand: str, others: list[str], style: str = "modern") -> PriffeState:
    """The dealer holds ``hand``; the three before it (``others``, from förhand) pass."""
    state = PriffeState(PriffeRules(style=style))
    first = state.forhand()
    dealer = (first + 3) % 4
    hands: list[tuple[int, ...]] = [()] * 4
    hands[dealer] = tuple(parse_cards(hand))
    for i, cards in enumerate(others):
        hands[(first + i) % 4] = tuple(parse_cards(cards))
    state.apply_deal(Deal(tuple(hands)))
    for _ in range(3):
        state.apply_text("pass")
    assert state.current_player() == dealer
    return state


#: Thirteen hearts from the ace down, less the two, and the ace of spades: every
#: trick in hjärter; all passed, a pass leaves the dealer's side in tvångsnoll.
HEARTS = "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H AS"
OTHERS = [
    "KS QS JS TS 9S 8S 7S AD KD QD JD TD 2H",
    "6S 5S 4S 3S 9D 8D 7D 6D AC KC QC JC TC",
    "2S 5D 4D 3D 2D 9C 8C 7C 6C 5C 4C 3C 2C",
]


@pytest.mark.parametrize("style", ["modern", "old"])
def test_priffe_bids_the_trump_game_not_the_forced_noll(style: str) -> None:
    state = priffe_after_passes(HEARTS, OTHERS, style)
    turn = Turn.of(state)
    found = call_values(
        *_settings(), adapter_for(turn.game), turn, random.Random(1), turn.legal_actions, CALL_BASE
    )
    best = max(found.means, key=found.means.__getitem__)
    assert state.action_to_string(best) == "hjärter"
    assert found.means[best] - found.means[CALL_BASE] > 100  # a storslam against a tvångsnoll
    assert state.action_to_string(searcher().act(turn)) == "hjärter"


def test_tremanswhist_takes_the_pile_for_a_hopeless_hand() -> None:
    # a plus deal, clubs trump: förhand holds low hearts and diamonds only
    hands = (
        "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S",
        "2H 3H 4H 5H 6H 7H 8H 2D 3D 4D 5D 6D 7D",
        "AH KH QH JH TH 9H AD KD QD JD TD 9D 8D",
    )
    pile = tuple(parse_cards("KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C AC"))
    state = TremanswhistState(first_dealer=0)
    state.apply_deal(Deal(tuple(tuple(parse_cards(h)) for h in hands), (pile,), pile[-1]))
    turn = Turn.of(state)
    found = call_values(
        *_settings(), adapter_for(turn.game), turn, random.Random(1), turn.legal_actions, DECLINE
    )
    assert found.choice() == TAKE
    assert searcher().act(turn) == TAKE


def _swapped(state: PriffeState, a: int, b: int) -> PriffeState:
    """The same deal with one card of seat ``a`` and one of ``b`` swapped: a state
    the dealer cannot tell from ``state``."""
    hands = [list(h) for h in state.dealt]
    hands[a][0], hands[b][0] = hands[b][0], hands[a][0]
    other = PriffeState()
    other.apply_deal(Deal(tuple(tuple(h) for h in hands)))
    for _ in range(3):
        other.apply_text("pass")
    return other


def test_the_call_reads_only_the_seats_information() -> None:
    # the dealer's hand is a middling one, so the values are not all one way
    hand = "AS KS 7S AH 9H 5H 3H KD 8D 4D QC 6C 2C"
    rest = [c for c in range(52) if c not in parse_cards(hand)]
    random.Random(3).shuffle(rest)
    others = [" ".join(_name(c) for c in rest[13 * i : 13 * i + 13]) for i in range(3)]
    state = priffe_after_passes(hand, others)
    twin = _swapped(state, state.forhand(), (state.forhand() + 1) % 4)
    assert twin.dealt != state.dealt
    for bot in (searcher(samples=12), searcher(samples=12, seed=5)):
        one, two = Turn.of(state), Turn.of(twin)
        assert bot.act(one) == bot.act(two)
        assert bot.evaluate(one) == bot.evaluate(two)


def _name(card: int) -> str:
    return "23456789TJQKA"[card % 13] + "CDHS"[card // 13]


def test_fixed_work_repeats_itself_and_keeps_the_heuristic_when_unclear() -> None:
    state = PriffeState()
    state.apply_chance(random.Random(11))
    turn = Turn.of(state)
    first = searcher(samples=8, seed=2).evaluate(turn)
    assert searcher(samples=8, seed=2).evaluate(turn) == first
    assert set(first) == set(turn.legal_actions)
    # a gain inside its noise does not move the choice off the heuristic's
    unclear = CallValues(1, gains={1: 0.0, 2: 3.0}, errors={1: 0.0, 2: 2.0}, worlds=20)
    assert unclear.choice() == 1
    clear = CallValues(1, gains={1: 0.0, 2: 5.0}, errors={1: 0.0, 2: 2.0}, worlds=20)
    assert clear.choice() == 2
    few = CallValues(1, gains={1: 0.0, 2: 5.0}, errors={1: 0.0, 2: 0.1}, worlds=MIN_WORLDS - 1)
    assert few.choice() == 1  # too few worlds to trust their error
    h = heuristic_bot("priffe", seed=2).act(turn)
    assert searcher(samples=1, seed=2).act(turn) == h


def test_dealt_card_names_round_trip() -> None:
    assert all(parse_card(_name(c)) == c for c in range(52))


def test_the_cheap_call_turn_gives_the_heuristic_the_same_call() -> None:
    adapter = adapter_for("priffe")
    model = heuristic_bot("priffe", seed=0)
    for style in ("modern", "old"):
        for seed in range(40):
            state = PriffeState(PriffeRules(style=style), first_dealer=seed % 4)
            state.apply_chance(random.Random(seed))
            while state.phase != PriffeState.PLAY_PHASE and not state.deal_over():
                full = model.act(Turn.of(state, worlds=False))
                assert model.act(adapter.model_turn(state)) == full
                state.apply_action(full)

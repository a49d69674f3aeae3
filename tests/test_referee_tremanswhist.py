"""The independent Tremanswhist referee: clean on every record the engine writes, and it
catches planted faults that the engine's replay refuses too."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from referee.tremanswhist import check_tremanswhist_record

from stickspel.bots import Turn, make_bot
from stickspel.core import Deal
from stickspel.core.cards import make_rng, parse_cards
from stickspel.games.tremanswhist import TremanswhistRules, TremanswhistState
from stickspel.records import RecordError, replay

NAMES = ["Anna", "Björn", "Cissi"]
RULE_SETS = [
    TremanswhistRules(max_deals=100),
    TremanswhistRules(offer_continues=True, max_deals=100),
    TremanswhistRules(minus_trump=True, win_score=7, max_deals=100),
    TremanswhistRules(form="buying"),
    TremanswhistRules(form="buying", plus_targets=(5, 5, 3), minus_targets=(3, 5, 5)),
]


def game(rules: TremanswhistRules, seed: int, kinds: tuple[str, ...]) -> dict[str, Any]:
    state = TremanswhistState(rules, first_dealer=seed % 3)
    rng = make_rng(seed)
    bots = [make_bot("tremanswhist", k, seed=seed + s) for s, k in enumerate(kinds)]
    while not state.is_terminal():
        if state.is_chance():
            state.apply_chance(rng)
        else:
            state.apply_action(bots[state.current_player()].act(Turn.of(state)))
    return state.to_record(NAMES)


@settings(max_examples=30)
@given(st.integers(0, len(RULE_SETS) - 1), st.integers(0, 2**32), st.booleans())
def test_engine_records_are_clean(which: int, seed: int, heuristic: bool) -> None:
    kinds = ("heuristic", "random", "random") if heuristic else ("random",) * 3
    doc = game(RULE_SETS[which], seed, kinds)
    assert check_tremanswhist_record(doc) == []


def test_unfinished_record_is_clean() -> None:
    state = TremanswhistState(TremanswhistRules(form="buying"))
    state.apply_chance(make_rng(5))
    bot = make_bot("tremanswhist", "random", seed=5)
    for _ in range(12):
        state.apply_action(bot.act(Turn.of(state)))
    assert check_tremanswhist_record(state.to_record(NAMES)) == []
    state = TremanswhistState(TremanswhistRules(form="buying"))
    state.apply_chance(make_rng(6))
    state.apply_text(state.observation(1)["hand"][0])  # a purchase under way
    doc = state.to_record(NAMES)
    assert doc["deals"][0]["exchanges"][0]["pending"] is True
    assert check_tremanswhist_record(doc) == []


def test_reported_records_are_clean() -> None:
    state = TremanswhistState()
    state.apply_reported_deal(
        {"upcard": "4S", "exchanges": [{"seat": 1, "take": True}], "result": {"tricks": [4, 2, 7]}}
    )
    state.apply_reported_deal({"kind": "plus", "trump": None, "result": {"tricks": [4, 2, 7]}})
    assert check_tremanswhist_record(state.to_record(NAMES)) == []
    buying = TremanswhistState(TremanswhistRules(form="buying"))
    for k in range(9):
        buying.apply_reported_deal(
            {
                "exchanges": [{"seat": (k + 1) % 3, "count": 13}],
                "result": {"tricks": [3, 5, 5]},
                **({"trump": "D"} if k >= 6 else {}),
            }
        )
    assert check_tremanswhist_record(buying.to_record(NAMES)) == []


# --- planted faults ---------------------------------------------------------------------------

HANDS = (
    "AS KS QS JS TS 9S 8S 7S 6S AC KC QC JC",  # seat 0 (dealer): no diamonds, clubs
    "5S 4S 3S 2S TH 9H 8H 7H AD KD QD JD TD",  # seat 1 (förhand)
    "6H 5H 4H 3H 2H 9D 8D 7D 6D 5D 4D 3D 2D",  # seat 2
)
PILE = "AH KH QH JH TC 9C 8C 7C 6C 5C 4C 3C 2C"


def played(rules: TremanswhistRules, answers: list[str], pile: str = PILE) -> dict[str, Any]:
    p = tuple(parse_cards(pile))
    state = TremanswhistState(rules, first_dealer=0)
    state.apply_deal(
        Deal(tuple(tuple(parse_cards(h)) for h in HANDS), (p,), None if rules.buying else p[-1])
    )
    for a in answers:
        state.apply_text(a)
    while state.phase == 3:
        state.apply_action(state.legal_actions()[0])
    return state.to_record(NAMES)


def both_refuse(doc: dict[str, Any], words: str) -> None:
    problems = check_tremanswhist_record(doc)
    assert problems and words in problems[0], problems
    with pytest.raises(RecordError):
        replay(doc)


def test_fault_void_player_does_not_trump() -> None:
    doc = played(TremanswhistRules(minus_trump=True, max_deals=100), ["passa"] * 3)
    assert check_tremanswhist_record(doc) == []
    doc["deals"][0]["tricks"][0]["cards"][2] = "6S"
    both_refuse(doc, "does not trump")


def test_fault_not_following_suit() -> None:
    doc = played(TremanswhistRules(minus_trump=True, max_deals=100), ["passa"] * 3)
    doc["deals"][0]["tricks"][0]["cards"][1] = "2H"
    both_refuse(doc, "does not follow suit")


def test_fault_wrong_band() -> None:
    doc = played(TremanswhistRules(max_deals=100), ["passa"] * 3)
    assert doc["deals"][0]["result"]["kind"] == "minus"
    doc["deals"][0]["result"]["kind"] = "plus"
    both_refuse(doc, "result kind")


def test_fault_second_taker_and_missing_offer() -> None:
    doc = played(TremanswhistRules(max_deals=100), ["passa", "byt"])
    assert check_tremanswhist_record(doc) == []
    bad = copy.deepcopy(doc)
    bad["deals"][0]["exchanges"].append({"seat": 0, "take": True})
    both_refuse(bad, "after the offer was over")
    bad = copy.deepcopy(doc)
    bad["deals"][0]["exchanges"] = bad["deals"][0]["exchanges"][:1]
    both_refuse(bad, "incomplete")
    bad = copy.deepcopy(doc)
    bad["deals"][0]["result"]["points"][2] += 1  # forgets the −1
    both_refuse(bad, "result points")


def test_fault_buying_over_the_limit() -> None:
    nine = "6H 5H 4H 3H 2H 9D 8D 7D 6D".split()
    doc = played(TremanswhistRules(form="buying"), ["2S", "3S", "4S", "5S", "köp", *nine, "köp"])
    assert check_tremanswhist_record(doc) == []
    doc["deals"][0]["exchanges"][1]["discard"].append("5D")
    both_refuse(doc, "fourth pile has 9 left")


def test_fault_totals_winner_dealer_and_extra_deal() -> None:
    doc = game(TremanswhistRules(win_score=4, max_deals=100), 3, ("heuristic",) * 3)
    assert len(doc["deals"]) >= 2
    bad = copy.deepcopy(doc)
    bad["totals"][1] += 2
    both_refuse(bad, "totals")
    bad = copy.deepcopy(doc)
    bad["deals"][1]["dealer"] = doc["deals"][0]["dealer"]
    both_refuse(bad, "deals, the deal passes")
    bad = copy.deepcopy(doc)
    bad["deals"].append(copy.deepcopy(bad["deals"][-1]))
    both_refuse(bad, "after the game was over")

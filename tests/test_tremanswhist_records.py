"""Tremanswhist records (stickspel/1): writing, replaying, and refusing every broken rule."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stickspel.bots import RandomBot, Turn
from stickspel.core import Deal
from stickspel.core.cards import make_rng, parse_cards
from stickspel.games.tremanswhist import BUY, TremanswhistRules, TremanswhistState
from stickspel.games.tremanswhist.codec import exchange_actions
from stickspel.records import RecordError, dump_record, parse_record_text, replay

SPADES = "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"
HEARTS = "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H"
DIAMONDS = "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D"
NAMES = ["Anna", "Björn", "Cissi"]

RULE_SETS = [
    TremanswhistRules(max_deals=100),
    TremanswhistRules(offer_continues=True, max_deals=100),
    TremanswhistRules(minus_trump=True, win_score=6, max_deals=100),
    TremanswhistRules(form="buying"),
]


def random_game(rules: TremanswhistRules, seed: int) -> TremanswhistState:
    state = TremanswhistState(rules, first_dealer=seed % 3)
    rng, bot = make_rng(seed), RandomBot(seed)
    while not state.is_terminal():
        if state.is_chance():
            state.apply_chance(rng)
        else:
            state.apply_action(bot.act(Turn.of(state)))
    return state


@settings(max_examples=40)
@given(st.integers(0, 3), st.integers(0, 2**32))
def test_random_games_replay_exactly(which: int, seed: int) -> None:
    state = random_game(RULE_SETS[which], seed)
    doc = parse_record_text(dump_record(state.to_record(NAMES)))
    result = replay(doc)
    assert result.finished
    assert result.state.totals == state.totals
    assert result.state.winners() == state.winners() == doc["winner"]
    for deal in doc["deals"]:
        assert sum(deal["result"]["tricks"]) == 13
        assert len(deal["hands"]) == 3 and len(deal["extra"]) == 1
        dealt = [c for h in deal["hands"] for c in h] + deal["extra"][0]
        assert sorted(dealt) == sorted({*dealt}) and len(dealt) == 52
    assert sum(d["result"]["points"][0] for d in doc["deals"]) == doc["totals"][0]


def test_unfinished_game_replays_as_unfinished() -> None:
    state = TremanswhistState()
    rng, bot = make_rng(3), RandomBot(3)
    state.apply_chance(rng)
    for _ in range(10):
        state.apply_action(bot.act(Turn.of(state)))
    result = replay(state.to_record(NAMES))
    assert not result.finished
    assert result.state.observation(0)["hand"] == state.observation(0)["hand"]


def test_a_purchase_under_way_is_kept_in_the_record() -> None:
    state = TremanswhistState(TremanswhistRules(form="buying"))
    state.apply_chance(make_rng(6))
    hand = state.observation(1)["hand"]
    state.apply_text(hand[0])
    state.apply_text(hand[1])
    doc = state.to_record(NAMES)
    assert doc["deals"][0]["exchanges"] == [{"seat": 1, "discard": hand[:2], "pending": True}]
    again = replay(doc).state
    assert again.observation(1) == state.observation(1)
    assert again.observation(2) == state.observation(2)
    again.apply_text("köp")
    state.apply_text("köp")
    assert again.observation(1) == state.observation(1)


# --- a hand-made deal to break ------------------------------------------------------------------

TRUMP_HANDS = [
    "AS KS QS JS TS 9S 8S 7S 6S AC KC QC JC",  # seat 0 (dealer): no diamonds, clubs
    "5S 4S 3S 2S TH 9H 8H 7H AD KD QD JD TD",  # seat 1 (förhand)
    "6H 5H 4H 3H 2H 9D 8D 7D 6D 5D 4D 3D 2D",  # seat 2
]
TRUMP_PILE = "AH KH QH JH TC 9C 8C 7C 6C 5C 4C 3C 2C"  # 2C turned: minus


def record_of(rules: TremanswhistRules, deal: Deal, answers: list[str]) -> dict[str, Any]:
    """One deal played from ``answers`` then lowest legal cards."""
    state = TremanswhistState(rules, first_dealer=0)
    state.apply_deal(deal)
    for a in answers:
        state.apply_text(a)
    while state.phase == 3:
        state.apply_action(state.legal_actions()[0])
    return state.to_record(NAMES)


def trump_deal() -> Deal:
    hands = tuple(tuple(parse_cards(h)) for h in TRUMP_HANDS)
    pile = tuple(parse_cards(TRUMP_PILE))
    return Deal(hands, (pile,), pile[-1])


def base_record() -> dict[str, Any]:
    return record_of(
        TremanswhistRules(minus_trump=True, max_deals=100), trump_deal(), ["passa"] * 3
    )


def expect(doc: dict[str, Any], rule: str) -> RecordError:
    with pytest.raises(RecordError) as e:
        replay(doc)
    assert e.value.rule == rule, str(e.value)
    return e.value


def test_base_record_replays() -> None:
    doc = base_record()
    assert replay(doc).state.totals == doc["totals"]
    assert doc["deals"][0]["tricks"][0]["cards"] == ["TD", "2D", "JC"]


def test_replay_refuses_a_void_player_who_does_not_trump() -> None:
    doc = base_record()
    doc["deals"][0]["tricks"][0]["cards"] = ["TD", "2D", "6S"]  # seat 0 holds clubs (trump)
    err = expect(doc, "duty_to_trump")
    assert (err.deal, err.trick, err.seat) == (1, 1, 0)


def test_replay_refuses_not_following_suit() -> None:
    doc = base_record()
    doc["deals"][0]["tricks"][0]["cards"] = ["TD", "2H", "JC"]
    err = expect(doc, "follow_suit")
    assert err.seat == 2


def test_replay_refuses_a_wrong_trick_winner_and_wrong_points() -> None:
    doc = base_record()
    doc["deals"][0]["tricks"][0]["winner"] = 1
    expect(doc, "trick_winner")
    doc = base_record()
    doc["deals"][0]["result"]["points"][0] += 1
    expect(doc, "score")
    doc = base_record()
    doc["deals"][0]["result"]["kind"] = "plus"
    expect(doc, "result_kind")


def test_replay_refuses_wrong_upcard_trump_and_kind() -> None:
    doc = base_record()
    doc["deals"][0]["upcard"] = "AH"
    expect(doc, "upcard")
    doc = base_record()
    doc["deals"][0]["trump"] = None
    expect(doc, "trump")
    doc = base_record()
    doc["deals"][0]["kind"] = "plus"
    expect(doc, "kind")


def test_replay_refuses_a_deck_that_is_not_52_distinct_cards() -> None:
    doc = base_record()
    doc["deals"][0]["extra"][0][0] = "AS"
    expect(doc, "duplicate_card")
    doc = base_record()
    doc["deals"][0]["extra"] = []
    expect(doc, "extra")


def test_replay_refuses_exchange_offers_out_of_order() -> None:
    doc = base_record()
    doc["deals"][0]["exchanges"] = [{"seat": 2, "take": False}]
    expect(doc, "offer_order")
    doc = base_record()
    doc["deals"][0]["exchanges"] = [{"seat": 1, "take": False}]
    err = expect(doc, "exchange_missing")
    assert err.seat == 2


def test_replay_refuses_a_second_taker_without_the_option() -> None:
    doc = record_of(TremanswhistRules(minus_trump=True, max_deals=100), trump_deal(), ["byt"])
    assert replay(doc).state.totals == doc["totals"]
    doc["deals"][0]["exchanges"].append({"seat": 2, "take": True})
    expect(doc, "offer_closed")


def test_offer_continues_records_every_taker() -> None:
    rules = TremanswhistRules(offer_continues=True, max_deals=100)
    doc = record_of(rules, trump_deal(), ["byt", "byt", "passa"])
    assert doc["deals"][0]["exchanges"] == [
        {"seat": 1, "take": True},
        {"seat": 2, "take": True},
        {"seat": 0, "take": False},
    ]
    assert doc["deals"][0]["result"]["exchanged"] == [1, 2]
    assert replay(doc).state.totals == doc["totals"]
    doc["deals"][0]["result"]["exchanged"] = [1]
    expect(doc, "result_exchanged")


def test_exchange_entries_in_the_wrong_form_are_malformed() -> None:
    doc = base_record()
    doc["deals"][0]["exchanges"] = [{"seat": 1, "discard": []}]
    expect(doc, "malformed")


def test_replay_refuses_wrong_totals_winner_and_deals_after_the_end() -> None:
    state = random_game(TremanswhistRules(win_score=4, max_deals=100), 5)
    doc = state.to_record(NAMES)
    bad = copy.deepcopy(doc)
    bad["totals"][0] += 1
    expect(bad, "totals")
    bad = copy.deepcopy(doc)
    bad["winner"] = [s for s in range(3) if s not in doc["winner"]][:1]
    expect(bad, "winner")
    bad = copy.deepcopy(doc)
    bad["deals"].append(copy.deepcopy(doc["deals"][-1]))
    expect(bad, "extra_deal")
    bad = copy.deepcopy(doc)
    bad["deals"][1]["dealer"] = bad["deals"][0]["dealer"]
    expect(bad, "dealer")


# --- the buying variant ------------------------------------------------------------------------


def buying_deal() -> Deal:
    hands = tuple(tuple(parse_cards(h)) for h in (SPADES, HEARTS, DIAMONDS))
    pile = tuple(parse_cards("AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C"))
    return Deal(hands, (pile,), None)


def buying_record(answers: list[str]) -> dict[str, Any]:
    return record_of(TremanswhistRules(form="buying"), buying_deal(), answers)


def test_buying_record_lists_the_cards_put_away() -> None:
    doc = buying_record(["2H", "3H", "köp", "2D", "köp", "köp"])
    deal = doc["deals"][0]
    assert deal["exchanges"] == [
        {"seat": 1, "discard": ["2H", "3H"]},
        {"seat": 2, "discard": ["2D"]},
        {"seat": 0, "discard": []},
    ]
    assert deal["upcard"] is None and deal["round"] == 1
    assert deal["result"]["bought"] == [0, 2, 1]
    assert deal["result"]["targets"] == [2, 6, 5]
    assert replay(doc).state.totals == doc["totals"]


def test_replay_refuses_buying_over_the_limit_and_out_of_turn() -> None:
    doc = buying_record([*HEARTS.split()[:10], "köp", "köp", "köp"])
    assert replay(doc).state.totals == doc["totals"]
    bad = copy.deepcopy(doc)
    bad["deals"][0]["exchanges"][1]["discard"] = DIAMONDS.split()[:4]
    expect(bad, "buy_limit")
    bad = copy.deepcopy(doc)
    bad["deals"][0]["exchanges"][1]["seat"] = 0
    expect(bad, "offer_order")
    bad = copy.deepcopy(doc)
    bad["deals"][0]["exchanges"].append({"seat": 1, "discard": []})
    expect(bad, "offer_closed")
    bad = copy.deepcopy(doc)
    bad["deals"][0]["exchanges"][0]["discard"][0] = "AS"
    expect(bad, "card_not_held")
    bad = copy.deepcopy(doc)
    bad["deals"][0]["exchanges"][0]["discard"][0] = "ZZ"
    expect(bad, "malformed")


def test_buying_exhausted_pile_ends_the_purchases() -> None:
    doc = buying_record([*HEARTS.split(), "köp"])
    assert doc["deals"][0]["exchanges"] == [{"seat": 1, "discard": HEARTS.split()}]
    bad = copy.deepcopy(doc)
    bad["deals"][0]["exchanges"].append({"seat": 2, "discard": []})
    expect(bad, "offer_closed")


def test_buying_actions_are_one_discard_per_card_then_buy() -> None:
    state = TremanswhistState(TremanswhistRules(form="buying"))
    assert exchange_actions(state, {"seat": 1, "discard": ["AS", "2C"]}) == [51, 0, BUY]


# --- deals played with real cards --------------------------------------------------------------


def test_reported_deals_make_a_record_that_replays() -> None:
    state = TremanswhistState()
    state.apply_reported_deal(
        {
            "upcard": "8H",
            "exchanges": [{"seat": 1, "take": True}],
            "result": {"tricks": [4, 7, 2]},
        }
    )
    state.apply_reported_deal({"kind": "minus", "result": {"tricks": [6, 4, 3]}})
    state.apply_reported_deal({"kind": "plus", "trump": "S", "result": {"tricks": [13, 0, 0]}})
    doc = state.to_record(NAMES)
    assert "hands" not in doc["deals"][0] and doc["deals"][0]["kind"] == "plus"
    assert doc["deals"][0]["result"]["points"] == [0, 2, -2]
    assert state.totals == [7, -2, -5]
    text = json.dumps(doc)
    result = replay(json.loads(text))
    assert result.state.totals == state.totals
    bad = copy.deepcopy(doc)
    bad["deals"][1]["result"]["tricks"] = [6, 4, 4]
    expect(bad, "trick_sum")
    bad = copy.deepcopy(doc)
    bad["deals"][0]["exchanges"].append({"seat": 2, "take": True})
    expect(bad, "offer_closed")
    bad = copy.deepcopy(doc)
    bad["deals"][0]["kind"] = "minus"
    expect(bad, "result_kind")


def test_reported_buying_deals_replay() -> None:
    state = TremanswhistState(TremanswhistRules(form="buying"))
    for k in range(9):
        extra: dict[str, Any] = {"trump": "C"} if k >= 6 else {}
        state.apply_reported_deal(
            {
                "exchanges": [{"seat": (k + 1) % 3, "count": 4}, {"seat": (k + 2) % 3, "count": 9}],
                "result": {"tricks": [5, 4, 4]},
                **extra,
            }
        )
    doc = state.to_record(NAMES)
    assert doc["deals"][0]["exchanges"] == [{"seat": 1, "count": 4}, {"seat": 2, "count": 9}]
    result = replay(doc)
    assert result.finished and result.state.totals == state.totals
    bad = copy.deepcopy(doc)
    bad["deals"][8]["trump"] = None
    expect(bad, "missing_field")

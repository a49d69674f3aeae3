"""The comment variant of Tremanswhist (seed 004, comment #2; RULES.md): rounds, buying, targets."""

from __future__ import annotations

import pytest

from stickspel.core import TERMINAL, Deal, IllegalActionError
from stickspel.core.cards import card_str, make_rng, mask_of, parse_card, parse_cards
from stickspel.games.tremanswhist import BUY, TremanswhistRules, TremanswhistState

SPADES = "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"
HEARTS = "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H"
DIAMONDS = "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D"
CLUBS = "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C"

BUYING = TremanswhistRules(form="buying")


def suited(upcard: bool = False) -> Deal:
    """Seat 0 spades, seat 1 hearts, seat 2 diamonds; the pile clubs from AC on top to 2C."""
    pile = tuple(parse_cards(CLUBS))
    return Deal(
        tuple(tuple(parse_cards(h)) for h in (SPADES, HEARTS, DIAMONDS)),
        (pile,),
        pile[-1] if upcard else None,
    )


def finish_by_lowest(state: TremanswhistState) -> None:
    while state.phase == 3:
        state.apply_action(state.legal_actions()[0])


def reported(state: TremanswhistState, tricks: list[int], **extra: object) -> None:
    state.apply_reported_deal({"result": {"tricks": tricks}, **extra})


# --- rounds -------------------------------------------------------------------------------------


def test_nine_deals_in_three_rounds_with_rotating_dealer() -> None:
    state = TremanswhistState(BUYING, first_dealer=1)
    seen = []
    rng = make_rng(4)
    while not state.is_terminal():
        assert state.is_chance()
        state.apply_chance(rng)
        seen.append((state.round, state.dealer(), state.kind, state.trump is None, state.upcard))
        while state.phase == 2:
            state.apply_action(BUY)  # nobody buys
        finish_by_lowest(state)
    assert [r for r, *_ in seen] == [1, 1, 1, 2, 2, 2, 3, 3, 3]
    assert [d for _, d, *_ in seen] == [1, 2, 0, 1, 2, 0, 1, 2, 0]
    assert [k for _, _, k, *_ in seen] == ["plus"] * 3 + ["minus"] * 3 + ["plus"] * 3
    assert [nt for *_, nt, _ in seen] == [True] * 6 + [False] * 3
    # rounds 1–2 turn no card; round 3 draws trump by turning the last card dealt
    assert all(up is None for *_, up in seen[:6])
    assert all(up is not None for *_, up in seen[6:])
    assert state.deal_index == 9 and state.current_player() == TERMINAL


def test_round_three_trump_is_the_turned_cards_suit() -> None:
    state = TremanswhistState(BUYING)
    for _ in range(6):
        reported(state, [4, 4, 5])
    with pytest.raises(IllegalActionError) as e:
        state.apply_deal(suited(upcard=False))
    assert e.value.rule == "upcard"
    state.apply_deal(suited(upcard=True))
    assert (state.round, state.kind, state.trump, card_str(state.upcard or 0)) == (
        3,
        "plus",
        0,
        "2C",
    )


def test_no_card_is_turned_in_rounds_one_and_two() -> None:
    with pytest.raises(IllegalActionError) as e:
        TremanswhistState(BUYING).apply_deal(suited(upcard=True))
    assert e.value.rule == "upcard"


# --- buying -------------------------------------------------------------------------------------


def test_buying_goes_from_forhand_each_once_from_the_top() -> None:
    state = TremanswhistState(BUYING, first_dealer=0)
    state.apply_deal(suited())
    assert state.current_player() == 1  # förhand
    for text in ("2H", "3H"):
        state.apply_text(text)
    assert state.hands[1] == mask_of(parse_cards(HEARTS)) & ~mask_of(parse_cards("2H 3H"))
    state.apply_text("köp")
    # förhand gets the top two: AC KC
    assert state.hands[1] & mask_of(parse_cards("AC KC")) == mask_of(parse_cards("AC KC"))
    assert state.purchases == [(1, tuple(parse_cards("2H 3H")))]
    assert state.current_player() == 2
    state.apply_text("2D")
    state.apply_text("done")
    assert state.hands[2] >> parse_card("QC") & 1  # next from the top
    assert state.current_player() == 0
    state.apply_text("pass")  # the dealer buys nothing
    assert state.phase == 3 and state.current_player() == 1
    assert [len(cs) for _, cs in state.purchases] == [2, 1, 0]
    assert len(state.pile) == 10
    assert all(bin(h).count("1") == 13 for h in state.hands)


def test_buying_limit_is_what_the_pile_has_left() -> None:
    state = TremanswhistState(BUYING, first_dealer=0)
    state.apply_deal(suited())
    for c in parse_cards(HEARTS)[:10]:
        state.apply_action(c)
    state.apply_action(BUY)  # förhand buys ten: three left
    for c in parse_cards(DIAMONDS)[:3]:
        state.apply_action(c)
    assert state.legal_actions() == [BUY]
    with pytest.raises(IllegalActionError) as e:
        state.apply_text("2D")
    assert e.value.rule == "buy_limit" and e.value.seat == 2
    state.apply_action(BUY)
    # the pile is used up: the dealer never gets a turn, play starts
    assert state.phase == 3 and state.current_player() == 1
    assert [s for s, _ in state.purchases] == [1, 2]


def test_forhand_may_buy_all_thirteen() -> None:
    state = TremanswhistState(BUYING, first_dealer=2)
    state.apply_deal(suited())
    assert state.current_player() == 0
    for c in parse_cards(SPADES):
        state.apply_action(c)
    state.apply_action(BUY)
    assert state.hands[0] == mask_of(parse_cards(CLUBS))
    assert state.phase == 3


def test_buying_refuses_cards_not_held_and_offer_words() -> None:
    state = TremanswhistState(BUYING, first_dealer=0)
    state.apply_deal(suited())
    with pytest.raises(IllegalActionError) as e:
        state.apply_text("AS")
    assert e.value.rule == "card_not_held"
    with pytest.raises(IllegalActionError) as e:
        state.apply_text("byt")
    assert e.value.rule == "offer_closed"


# --- targets and points -------------------------------------------------------------------------


def test_targets_by_position() -> None:
    assert BUYING.targets("plus", 0) == [2, 6, 5]  # dealer 0: förhand 1, second hand 2
    assert BUYING.targets("minus", 0) == [6, 2, 5]
    assert BUYING.targets("plus", 2) == [6, 5, 2]


def test_plus_deal_scores_tricks_minus_target() -> None:
    state = TremanswhistState(BUYING, first_dealer=0)
    state.apply_deal(suited())
    for _ in range(3):
        state.apply_action(BUY)
    finish_by_lowest(state)  # no trump: förhand leads hearts and takes all 13
    result = state.deal_results[0]
    assert result["tricks"] == [0, 13, 0]
    assert result["targets"] == [2, 6, 5]
    assert result["points"] == [-2, 7, -5]


def test_minus_deal_scores_target_minus_tricks() -> None:
    state = TremanswhistState(BUYING, first_dealer=0)
    for _ in range(3):
        reported(state, [4, 4, 5])
    assert state.dealer() == 0 and state.round == 2
    reported(state, [3, 2, 8])  # dealer 0 target 6, förhand 1 target 2, seat 2 target 5
    assert state.deal_results[-1]["targets"] == [6, 2, 5]
    assert state.deal_results[-1]["points"] == [3, 0, -3]


def test_totals_after_nine_deals_and_shared_win() -> None:
    state = TremanswhistState(BUYING, first_dealer=0)
    # each round: every seat as förhand once, always exactly on target: all zero
    for deal in range(9):
        dealer = deal % 3
        kind = "plus" if deal < 3 or deal >= 6 else "minus"
        tricks = BUYING.targets(kind, dealer)
        extra = {"trump": "H"} if deal >= 6 else {}
        reported(state, tricks, **extra)
    assert state.is_terminal() and state.totals == [0, 0, 0]
    assert state.winners() == [0, 1, 2]


def test_highest_total_after_nine_deals_wins() -> None:
    state = TremanswhistState(BUYING, first_dealer=0)
    for deal in range(9):
        extra = {"trump": "S"} if deal >= 6 else {}
        reported(state, [13, 0, 0], **extra)
    # seat 0 takes everything: plus deals score it 13 − target, minus deals target − 13
    per_deal = [r["points"][0] for r in state.deal_results]
    assert per_deal == [11, 8, 7, -7, -8, -11, 11, 8, 7]
    assert state.totals[0] == sum(per_deal) == 26
    assert state.winners() == [0]
    assert sum(state.totals) == 0  # the targets add up to 13


def test_reported_purchases_are_checked() -> None:
    state = TremanswhistState(BUYING, first_dealer=0)
    reported(state, [5, 5, 3], exchanges=[{"seat": 1, "count": 10}, {"seat": 2, "count": 3}])
    assert state.deal_results[0]["bought"] == [0, 10, 3]
    with pytest.raises(IllegalActionError) as e:
        reported(state, [5, 5, 3], exchanges=[{"seat": 2, "count": 10}, {"seat": 0, "count": 4}])
    assert e.value.rule == "buy_limit"
    with pytest.raises(IllegalActionError) as e:
        reported(state, [5, 5, 3], exchanges=[{"seat": 0, "count": 1}])
    assert e.value.rule == "turn"
    with pytest.raises(IllegalActionError) as e:
        reported(state, [5, 5, 3], exchanges=[{"seat": 2, "count": 13}, {"seat": 0, "count": 0}])
    assert e.value.rule == "offer_closed"
    assert state.deal_index == 1  # nothing half-applied
    for _ in range(5):
        reported(state, [4, 4, 5])
    with pytest.raises(IllegalActionError) as e:
        reported(state, [4, 4, 5])  # round 3 needs its trump
    assert e.value.rule == "missing_field"
    reported(state, [4, 4, 5], upcard="QD")
    assert state.deal_records[-1]["trump"] == "D"

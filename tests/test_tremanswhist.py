"""Tremanswhist rules (seed 004 and RULES.md): bands, exchange, play, scoring, the end, the variant."""

from __future__ import annotations

import pytest

from stickspel.core import CHANCE, TERMINAL, Deal, IllegalActionError, RulesError
from stickspel.core.cards import card_str, make_rng, mask_of, parse_card, parse_cards
from stickspel.games import game_spec, new_game
from stickspel.games.tremanswhist import (
    BUY,
    DECLINE,
    TAKE,
    TremanswhistRules,
    TremanswhistState,
    deal_kind,
    deal_points,
)

SPADES = "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"
HEARTS = "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H"
DIAMONDS = "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D"
CLUBS_BY_UPCARD = {  # the fourth pile: all clubs, the named card dealt last (the upcard)
    up: [c for c in parse_cards("AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C") if card_str(c) != up]
    + [parse_card(up)]
    for up in ("AC", "KC", "QC", "JC", "TC", "9C", "8C", "7C", "6C", "5C", "4C", "3C", "2C")
}


def make_deal(hands: list[str], pile: str | list[int], upcard: bool = True) -> Deal:
    """A deal from three hands (seat order) and the fourth pile (pile order, upcard last)."""
    cards = [tuple(parse_cards(h)) for h in hands]
    extra = tuple(parse_cards(pile)) if isinstance(pile, str) else tuple(pile)
    assert len({c for h in cards for c in h} | set(extra)) == 52
    return Deal(tuple(cards), (extra,), extra[-1] if upcard else None)


def suited_deal(upcard: str, hands: tuple[str, str, str] = (SPADES, HEARTS, DIAMONDS)) -> Deal:
    return make_deal(list(hands), CLUBS_BY_UPCARD[upcard])


def play_texts(state: TremanswhistState, texts: str) -> None:
    for t in texts.split():
        state.apply_text(t)


def lowest_legal(state: TremanswhistState) -> None:
    """Play the deal out, each seat playing its lowest legal action."""
    while state.current_player() >= 0 and state.phase == 3:
        state.apply_action(state.legal_actions()[0])


# --- upcard bands ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("upcard", "kind", "trump"),
    [
        ("2C", "minus", None),
        ("3C", "minus", None),
        ("4C", "minus", None),
        ("5C", "minus", None),
        ("6C", "minus", None),
        ("7C", "minus", None),
        ("8C", "plus", None),
        ("9C", "plus", None),
        ("TC", "plus", None),
        ("JC", "plus", 0),
        ("QC", "plus", 0),
        ("KC", "plus", 0),
        ("AC", "plus", 0),
    ],
)
def test_upcard_band_decides_kind_and_trump(upcard: str, kind: str, trump: int | None) -> None:
    state = TremanswhistState()
    state.apply_deal(suited_deal(upcard))
    assert (state.kind, state.trump, state.upcard) == (kind, trump, parse_card(upcard))
    assert deal_kind(parse_card(upcard)) == (kind, trump)


def test_minus_trump_option_uses_the_upcards_suit() -> None:
    state = TremanswhistState(TremanswhistRules(minus_trump=True))
    state.apply_deal(suited_deal("5C"))
    assert (state.kind, state.trump) == ("minus", 0)
    state = TremanswhistState(TremanswhistRules(minus_trump=True))
    state.apply_deal(suited_deal("9C"))
    assert (state.kind, state.trump) == ("plus", None)


def test_upcard_must_be_the_last_card_of_the_fourth_pile() -> None:
    deal = suited_deal("AC")
    wrong = Deal(deal.hands, deal.extra, deal.extra[0][0])
    with pytest.raises(IllegalActionError) as e:
        TremanswhistState().apply_deal(wrong)
    assert e.value.rule == "upcard"
    with pytest.raises(IllegalActionError) as e:
        TremanswhistState().apply_deal(Deal(deal.hands, deal.extra, None))
    assert e.value.rule == "upcard"


def test_sample_deal_deals_in_rotation_from_forhand() -> None:
    state = TremanswhistState(first_dealer=2)
    rng_a, rng_b = make_rng(11), make_rng(11)
    deal = state.sample_deal(rng_a)
    deck = list(range(52))
    rng_b.shuffle(deck)
    # dealer 2: förhand is seat 0, then seat 1, then the dealer, then the pile
    assert deal.hands[0] == tuple(deck[0::4])
    assert deal.hands[1] == tuple(deck[1::4])
    assert deal.hands[2] == tuple(deck[2::4])
    assert deal.extra == (tuple(deck[3::4]),)
    assert deal.upcard == deck[51]


def test_bad_deals_are_refused() -> None:
    deal = suited_deal("AC")
    short = Deal((deal.hands[0][:12], deal.hands[1], deal.hands[2]), deal.extra, deal.upcard)
    with pytest.raises(IllegalActionError) as e:
        TremanswhistState().apply_deal(short)
    assert e.value.rule == "hand_size"
    twice = Deal((deal.hands[0], deal.hands[0], deal.hands[2]), deal.extra, deal.upcard)
    with pytest.raises(IllegalActionError) as e:
        TremanswhistState().apply_deal(twice)
    assert e.value.rule == "duplicate_card"


# --- the exchange offer -----------------------------------------------------------------------


def test_offer_goes_from_forhand_and_everyone_may_decline() -> None:
    state = TremanswhistState(first_dealer=0)
    state.apply_deal(suited_deal("AC"))
    order = []
    while state.phase == 1:
        order.append(state.current_player())
        assert state.legal_actions() == [TAKE, DECLINE]
        state.apply_text("passa")
    assert order == [1, 2, 0]
    assert state.offers == [(1, False), (2, False), (0, False)]
    assert state.current_player() == 1  # förhand leads
    assert state.hands[1] == mask_of(parse_cards(HEARTS))


def test_first_taker_ends_the_offer_and_pays_one() -> None:
    state = TremanswhistState(first_dealer=0)
    state.apply_deal(suited_deal("AC"))
    state.apply_text("decline")  # seat 1
    state.apply_text("take")  # seat 2 takes the clubs (trump)
    assert state.phase == 3 and state.current_player() == 1  # the dealer is never asked
    assert state.hands[2] == mask_of(CLUBS_BY_UPCARD["AC"])
    assert state.pile == sorted(parse_cards(DIAMONDS))  # the old hand is now the fourth pile
    with pytest.raises(IllegalActionError) as e:
        state.apply_action(TAKE)
    assert e.value.rule == "offer_closed"
    lowest_legal(state)
    # förhand leads hearts; seat 2 holds only trumps and must ruff: 13 tricks to seat 2
    assert state.deal_results[0]["tricks"] == [0, 0, 13]
    assert state.deal_results[0]["points"] == [-4, -4, 9 - 1]
    assert state.deal_results[0]["exchanged"] == [2]


def test_offer_continues_option_passes_the_pile_as_it_now_is() -> None:
    state = TremanswhistState(TremanswhistRules(offer_continues=True), first_dealer=0)
    state.apply_deal(suited_deal("AC"))
    state.apply_text("byt")  # seat 1 takes the clubs, leaves its hearts
    assert state.phase == 1 and state.current_player() == 2
    state.apply_text("byt")  # seat 2 takes the hearts, leaves its diamonds
    assert state.hands[2] == mask_of(parse_cards(HEARTS))
    state.apply_text("passa")  # the dealer keeps its spades
    assert state.phase == 3
    assert state.offers == [(1, True), (2, True), (0, False)]
    lowest_legal(state)
    assert state.deal_results[0]["exchanged"] == [1, 2]
    assert state.deal_results[0]["points"] == [-4, 9 - 1, -4 - 1]


def test_offer_answers_must_be_take_or_decline() -> None:
    state = TremanswhistState()
    state.apply_deal(suited_deal("AC"))
    with pytest.raises(IllegalActionError) as e:
        state.apply_action(parse_card("AH"))
    assert e.value.rule == "offer_pending" and e.value.seat == 1


# --- play -------------------------------------------------------------------------------------

MIXED = [
    "AS KS QS JS TS 9S 8S 7S 6S AH KH QH JH",  # seat 0
    "5S 4S 3S 2S TH 9H 8H 7H AD KD QD JD TD",  # seat 1 (förhand when seat 0 deals)
    "6H 5H 4H 3H 2H 9D 8D 7D 6D 5D 4D 3D 2D",  # seat 2
]
MIXED_PILE = "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C"


def mixed(upcard_last: str) -> Deal:
    pile = [c for c in parse_cards(MIXED_PILE) if card_str(c) != upcard_last]
    return make_deal(MIXED, [*pile, parse_card(upcard_last)])


def test_exchanged_trumps_must_ruff_when_void() -> None:
    state = TremanswhistState(first_dealer=0)
    state.apply_deal(mixed("QC"))  # clubs trump
    play_texts(state, "passa passa byt")  # the dealer (seat 0) takes the clubs
    assert state.hands[0] == mask_of(parse_cards(MIXED_PILE))
    play_texts(state, "AD 9D")  # förhand leads diamonds, seat 2 follows
    # seat 0 holds no diamonds but all the trumps: it must ruff
    assert [card_str(a) for a in state.legal_actions()] == MIXED_PILE.split()[::-1]
    state.apply_text("2C")
    assert state.tricks[-1][2] == 0


def test_void_player_holding_trump_may_not_play_a_side_suit() -> None:
    hands = [
        "AS KS QS JS TS 9S 8S 7S 6S AC KC QC JC",  # seat 0: no diamonds, trumps (clubs)
        "5S 4S 3S 2S TH 9H 8H 7H AD KD QD JD TD",  # seat 1
        "6H 5H 4H 3H 2H 9D 8D 7D 6D 5D 4D 3D 2D",  # seat 2
    ]
    pile = "AH KH QH JH TC 9C 8C 7C 6C 5C 4C 3C 2C"
    deal = make_deal(hands, [*parse_cards(pile)[:-1], parse_card("2C")])
    # a 2 is a minus deal without trump: make it trump by the option
    state = TremanswhistState(TremanswhistRules(minus_trump=True), first_dealer=0)
    state.apply_deal(deal)
    assert state.trump == 0
    play_texts(state, "passa passa passa AD 9D")
    assert [card_str(a) for a in state.legal_actions()] == ["JC", "QC", "KC", "AC"]
    with pytest.raises(IllegalActionError) as e:
        state.apply_text("AS")
    assert e.value.rule == "duty_to_trump" and e.value.seat == 0
    assert "must trump" in str(e.value)
    state.apply_text("JC")
    assert state.tricks[-1] == (1, tuple(parse_cards("AD 9D JC")), 0)


def test_void_without_trump_may_play_any_card() -> None:
    state = TremanswhistState(first_dealer=0)
    state.apply_deal(mixed("9C"))  # plus without trump
    play_texts(state, "passa passa passa AD 9D")
    assert len(state.legal_actions()) == 13  # seat 0 has no diamonds and there is no trump
    state.apply_text("AS")
    assert state.tricks[-1][2] == 1  # the led suit wins: AD


def test_follow_suit_is_enforced() -> None:
    state = TremanswhistState(first_dealer=0)
    state.apply_deal(mixed("9C"))
    play_texts(state, "passa passa passa TH")
    with pytest.raises(IllegalActionError) as e:
        state.apply_text("2D")
    assert e.value.rule == "follow_suit" and e.value.seat == 2
    with pytest.raises(IllegalActionError) as e:
        state.apply_text("AS")
    assert e.value.rule == "card_not_held"


def test_trump_beats_the_suit_led() -> None:
    hands = [
        "AS KS QS JS TS 9S 8S 7S 6S AC KC QC JC",
        "5S 4S 3S 2S TH 9H 8H 7H AD KD QD JD TD",
        "6H 5H 4H 3H 2H 9D 8D 7D 6D 5D 4D 3D 2D",
    ]
    pile = [*parse_cards("AH KH QH TC 9C 8C 7C 6C 5C 4C 3C 2C"), parse_card("JH")]
    state = TremanswhistState(first_dealer=0)
    state.apply_deal(make_deal(hands, pile))  # JH: hearts trump
    play_texts(state, "passa passa passa 7H 6H 6S")
    assert state.tricks[-1][2] == 1  # seat 0 void in hearts, no hearts: any card, 7H wins
    play_texts(state, "AD 2D AC")
    assert state.tricks[-1][2] == 1  # clubs are no trump here: AD wins
    play_texts(state, "2S 2H AS")  # seat 2 void in spades plays a trump: wins over AS
    assert state.tricks[-1][2] == 2


# --- scoring ----------------------------------------------------------------------------------


def test_plus_deal_scores_tricks_over_four() -> None:
    state = TremanswhistState(first_dealer=0)
    state.apply_deal(suited_deal("9C"))  # plus, no trump: the leader wins every trick
    play_texts(state, "passa passa passa")
    lowest_legal(state)
    assert state.deal_results[0]["tricks"] == [0, 13, 0]
    assert state.deal_results[0]["points"] == [-4, 9, -4]
    assert state.totals == [-4, 9, -4]


def test_minus_deal_scores_the_reverse() -> None:
    state = TremanswhistState(first_dealer=0)
    state.apply_deal(suited_deal("3C"))
    play_texts(state, "passa passa passa")
    lowest_legal(state)
    assert state.deal_results[0]["kind"] == "minus"
    assert state.deal_results[0]["points"] == [4, -9, 4]


@pytest.mark.parametrize(
    ("kind", "tricks", "points"),
    [
        ("plus", [6, 4, 3], [2, 0, -1]),
        ("plus", [5, 5, 3], [1, 1, -1]),
        ("minus", [6, 4, 3], [-2, 0, 1]),
        ("minus", [0, 0, 13], [4, 4, -9]),
    ],
)
def test_points_per_deal(kind: str, tricks: list[int], points: list[int]) -> None:
    assert [deal_points(kind, t) for t in tricks] == points
    state = TremanswhistState()
    state.apply_reported_deal({"dealer": 0, "kind": kind, "result": {"tricks": tricks}})
    assert state.deal_results[0]["points"] == points


# --- the end of the game ----------------------------------------------------------------------


def reported(state: TremanswhistState, kind: str, tricks: list[int]) -> None:
    state.apply_reported_deal({"kind": kind, "result": {"tricks": tricks}})


def test_first_to_ten_wins_and_a_tie_at_the_top_plays_on() -> None:
    state = TremanswhistState()
    reported(state, "plus", [9, 4, 0])  # [5, 0, -4]
    reported(state, "plus", [0, 9, 4])  # [1, 5, -4]
    reported(state, "plus", [9, 4, 0])  # [6, 5, -8]
    reported(state, "plus", [4, 5, 4])  # [6, 6, -8]
    reported(state, "minus", [0, 0, 13])  # [10, 10, -17]: a tie at the top
    assert state.totals == [10, 10, -17]
    assert state.current_player() == CHANCE and state.winners() == []
    reported(state, "plus", [5, 4, 4])  # [11, 10, -17]
    assert state.current_player() == TERMINAL
    assert state.winners() == [0]
    with pytest.raises(IllegalActionError) as e:
        reported(state, "plus", [5, 4, 4])
    assert e.value.rule == "game_over"


def test_highest_of_several_over_ten_wins() -> None:
    state = TremanswhistState()
    reported(state, "minus", [0, 0, 13])  # [4, 4, -9]
    reported(state, "minus", [0, 0, 13])  # [8, 8, -18]
    reported(state, "minus", [0, 1, 12])  # [12, 11, -26]
    assert state.is_terminal() and state.winners() == [0]


def test_below_ten_plays_on() -> None:
    state = TremanswhistState()
    reported(state, "plus", [13, 0, 0])  # [9, -4, -4]
    assert not state.is_terminal()
    reported(state, "plus", [5, 4, 4])
    assert state.is_terminal() and state.totals == [10, -4, -4]


def test_win_score_option_and_max_deals_cap() -> None:
    state = TremanswhistState(TremanswhistRules(win_score=5))
    reported(state, "plus", [9, 4, 0])
    assert state.is_terminal() and state.winners() == [0]
    state = TremanswhistState(TremanswhistRules(max_deals=2))
    reported(state, "plus", [5, 4, 4])
    reported(state, "plus", [4, 5, 4])
    assert state.is_terminal() and state.winners() == [0, 1]  # a tie at the cap is shared
    assert TremanswhistRules.parse("tremanswhist(max_deals=none)").max_deals is None


# --- rules options ----------------------------------------------------------------------------


def test_rules_text_round_trip_and_validation() -> None:
    for name in TremanswhistRules.PRESETS:
        rules = TremanswhistRules.preset(name)
        assert TremanswhistRules.parse(rules.to_text()) == rules
        assert TremanswhistRules.from_dict(rules.to_dict()) == rules
    with pytest.raises(RulesError, match="add up to 13"):
        TremanswhistRules(form="buying", plus_targets=(6, 5, 3))
    with pytest.raises(RulesError, match="offer_continues"):
        TremanswhistRules(form="buying", offer_continues=True)
    with pytest.raises(RulesError, match="form"):
        TremanswhistRules.parse("tremanswhist(form=rounds)")
    assert game_spec("tremanswhist").state is TremanswhistState
    assert new_game("tremanswhist", form="buying").rules.buying


def test_action_texts_parse_back() -> None:
    state = TremanswhistState()
    for a in (TAKE, DECLINE, BUY, 0, 51):
        assert state.string_to_action(state.action_to_string(a)) == a
    assert [state.string_to_action(t) for t in ("byt", "take", "passa", "pass", "decline")] == [
        TAKE,
        TAKE,
        DECLINE,
        DECLINE,
        DECLINE,
    ]
    assert state.string_to_action("E♠") == 51
    with pytest.raises(ValueError, match="not a Tremanswhist action"):
        state.string_to_action("bjud 3")

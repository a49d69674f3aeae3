"""Priffe rules: auction, play, scoring, honours, games, rubbers, parti, old variant."""

from __future__ import annotations

from typing import Any

import pytest

from stickspel.core import CALL_BASE, CHANCE, TERMINAL, Deal, IllegalActionError, RulesError
from stickspel.core.cards import CLUBS, DIAMONDS, HEARTS, SPADES, card_str, mask_of, parse_cards
from stickspel.games import game_spec, new_game
from stickspel.games.priffe import (
    HJARTER,
    KLOVER,
    NOLL,
    RUTER,
    SEATINGS,
    SPADER,
    SPEL,
    TVANGSNOLL,
    PriffeRules,
    PriffeState,
    example_hands,
    honours_of,
    score_deal,
)

# Each seat holds one whole suit: 0 spades, 1 clubs, 2 diamonds, 3 hearts.
SUIT_HANDS = tuple(
    tuple(parse_cards(" ".join(r + s for r in "23456789TJQKA"))) for s in ("S", "C", "D", "H")
)


def dealt(rules: PriffeRules | None = None, hands: Any = None, dealer: int = 0) -> PriffeState:
    state = PriffeState(rules, first_dealer=dealer)
    state.apply_deal(Deal(hands or example_hands()))
    return state


def calls(state: PriffeState, *texts: str) -> None:
    for t in texts:
        state.apply_text(t)


def call_names(state: PriffeState) -> list[str]:
    return [state.action_to_string(a) for a in state.legal_actions()]


def report(
    state: PriffeState, texts: list[str], tricks: list[int], honours: Any = None
) -> dict[str, Any]:
    """Apply a reported deal: calls from förhand, tricks per side; returns its result."""
    f = state.forhand()
    auction = [{"seat": (f + k) % 4, "call": t} for k, t in enumerate(texts)]
    state.apply_reported_deal(
        {
            "dealer": state.dealer(),
            "auction": auction,
            "result": {"tricks": tricks, "honours": honours},
        }
    )
    result: dict[str, Any] = state.deal_results[-1]
    return result


def play_lowest(state: PriffeState) -> None:
    """Finish the deal with each seat playing its lowest legal card."""
    deal = state.deal_index
    while state.deal_index == deal and not state.is_terminal():
        state.apply_action(state.legal_actions()[0])


# --- the seed's example ------------------------------------------------------------------


def test_seed_example_trick_ruff_wins_and_leads() -> None:
    state = dealt()
    calls(state, "hjärter", "pass", "pass", "pass")
    assert state.trump == HEARTS and state.current_player() == 1  # förhand leads
    for card in ["KD", "5D"]:
        state.apply_text(card)
    # third hand has no diamond: any card, the J♥ ruff among them (no duty to trump)
    assert "JH" in [card_str(a) for a in state.legal_actions()]
    assert len(state.legal_actions()) == 13
    state.apply_text("JH")
    state.apply_text("2D")
    assert state.last_trick() == (1, tuple(parse_cards("KD 5D JH 2D")), 3)
    assert state.current_player() == 3
    assert state.tricks_won == [0, 0, 0, 1]


def test_without_trump_the_led_suit_wins() -> None:
    state = dealt()
    calls(state, "pass", "pass", "pass", "pass")  # tvångsnoll: no trump
    assert state.trump is None and state.contract_name() == "tvångsnoll"
    calls(state, "KD", "5D", "JH", "2D")
    assert state.last_trick() is not None and state.last_trick()[2] == 1  # type: ignore[index]


def test_follow_suit_enforced() -> None:
    state = dealt()
    calls(state, "ruter", "pass", "pass", "pass")
    state.apply_text("KD")
    with pytest.raises(IllegalActionError) as e:
        state.apply_text("7S")
    assert e.value.rule == "follow_suit" and e.value.seat == 2
    assert {card_str(a)[1] for a in state.legal_actions()} == {"D"}


# --- auction -------------------------------------------------------------------------------


def test_auction_order_and_one_round() -> None:
    state = dealt()
    assert state.current_player() == 1  # förhand
    assert call_names(state) == ["pass", "klöver", "spader", "ruter", "hjärter", "noll", "spel"]
    calls(state, "klöver")
    assert call_names(state) == ["pass", "spader", "ruter", "hjärter", "noll", "spel"]
    calls(state, "ruter")
    # third hand: spader is no longer possible anyway (not higher), but ruter neither
    assert call_names(state) == ["pass", "hjärter", "noll", "spel"]
    calls(state, "pass", "noll")
    assert state.contract_name() == "noll" and state.declarers == 0  # the dealer's side
    assert state.current_player() == 1  # förhand leads in noll
    assert state.auction == [(1, KLOVER), (2, RUTER), (3, 0), (0, NOLL)]


def test_bid_must_be_strictly_higher() -> None:
    state = dealt()
    calls(state, "hjärter")
    with pytest.raises(IllegalActionError) as e:
        state.apply_text("ruter")
    assert e.value.rule == "bid_order" and e.value.seat == 2
    assert str(e.value) == "ruter is not higher than hjärter"
    with pytest.raises(IllegalActionError, match="hjärter is not higher than hjärter"):
        state.apply_text("hjärter")
    assert state.auction == [(1, HJARTER)]  # nothing changed by refused calls


def test_pass_allowed_after_a_bid() -> None:
    state = dealt()
    calls(state, "noll", "pass", "pass", "pass")
    assert state.contract_name() == "noll" and state.declarers == 1


@pytest.mark.parametrize("third_or_dealer", [2, 3])
def test_spader_only_forhand_or_second_hand(third_or_dealer: int) -> None:
    state = dealt()
    calls(state, *(["pass"] * third_or_dealer))
    assert "spader" not in call_names(state)
    with pytest.raises(IllegalActionError) as e:
        state.apply_text("spader")
    assert e.value.rule == "spader_seat"
    assert str(e.value).startswith("spader may only be bid by förhand or second hand")


@pytest.mark.parametrize("passes", [0, 1])
def test_spader_by_forhand_and_second_hand(passes: int) -> None:
    state = dealt()
    calls(state, *(["pass"] * passes), "spader")
    assert state.high == SPADER


def test_klover_by_anyone() -> None:
    state = dealt()
    calls(state, "pass", "pass", "pass")
    assert "klöver" in call_names(state)
    calls(state, "klöver")
    assert state.contract_name() == "tvångsnoll" and state.declarers is None


def test_spel_closes_auction_at_once() -> None:
    state = dealt()
    calls(state, "pass", "spel")
    assert state.phase == 2 and len(state.auction) == 2
    assert state.contract_name() == "spel" and state.declarers == 0
    # the bidder's right-hand neighbour (the seat before the bidder) leads
    assert state.current_player() == 1
    with pytest.raises(IllegalActionError) as e:
        state.apply_text("noll")
    assert e.value.rule == "auction_closed"


def test_spel_by_forhand_lead_by_dealer() -> None:
    state = dealt(dealer=2)
    calls(state, "spel")  # förhand is seat 3
    assert state.current_player() == 2 and state.trump is None


def test_a_card_during_the_auction_is_refused() -> None:
    state = dealt()
    with pytest.raises(IllegalActionError) as e:
        state.apply_text("KD")
    assert e.value.rule == "not_a_call"


@pytest.mark.parametrize(
    "sequence",
    [["pass"] * 4, ["spader", "pass", "pass", "pass"], ["klöver", "pass", "pass", "pass"],
     ["klöver", "spader", "pass", "pass"], ["pass", "klöver", "pass", "pass"]],
)  # fmt: skip
def test_tvangsnoll_from_all_pass_and_standing_spader_or_klover(sequence: list[str]) -> None:
    state = dealt()
    calls(state, *sequence)
    assert state.contract == TVANGSNOLL and state.declarers is None and state.trump is None
    assert state.current_player() == 1  # förhand leads


@pytest.mark.parametrize(
    ("bid", "trump"), [("ruter", DIAMONDS), ("hjärter", HEARTS), ("noll", None), ("spel", None)]
)
def test_contracts_and_trump(bid: str, trump: int | None) -> None:
    state = dealt()
    calls(state, "pass", "pass", bid)
    if bid != "spel":
        calls(state, "pass")
    assert state.contract_name() == bid and state.trump == trump and state.declarers == 1


def test_call_texts_and_aliases() -> None:
    state = PriffeState()
    for text, want in [("klover", "klöver"), ("HJARTER", "hjärter"), ("Hearts", "hjärter"),
                       ("clubs", "klöver"), ("spades", "spader"), ("diamonds", "ruter"),
                       ("null", "noll"), ("nullo", "noll"), ("Pass", "pass"), ("spel", "spel"),
                       ("bud hjärter", "hjärter")]:  # fmt: skip
        assert state.action_to_string(state.string_to_action(text)) == want
    assert state.string_to_action("pass") == CALL_BASE
    assert state.action_to_string(state.string_to_action("E♠")) == "AS"
    with pytest.raises(ValueError, match="neither a call"):
        state.string_to_action("trumf")


# --- scoring (pure) -------------------------------------------------------------------------

MODERN = PriffeRules()


@pytest.mark.parametrize("contract", [RUTER, HJARTER, SPEL])
@pytest.mark.parametrize(
    ("decl_tricks", "trick_points", "penalty"),
    [(7, (10, 0), None), (9, (30, 0), None), (6, (0, 10), 10), (4, (0, 30), 30), (0, (0, 70), 70)],
)
def test_high_game_scoring(
    contract: int, decl_tricks: int, trick_points: tuple[int, int], penalty: int | None
) -> None:
    s = score_deal(MODERN, contract, 0, (decl_tricks, 13 - decl_tricks))
    assert s.trick_points == trick_points
    assert s.made is (decl_tricks >= 7)
    assert s.penalty == (None if penalty is None else {"side": 1, "points": penalty})
    assert s.side_points == (trick_points[0], trick_points[1] + (penalty or 0))


@pytest.mark.parametrize(
    ("decl_tricks", "trick_points", "penalty"),
    [(6, (10, 0), None), (3, (40, 0), None), (7, (0, 10), 10), (10, (0, 40), 40)],
)
def test_bid_noll_scoring(
    decl_tricks: int, trick_points: tuple[int, int], penalty: int | None
) -> None:
    s = score_deal(MODERN, NOLL, 0, (decl_tricks, 13 - decl_tricks))
    assert s.trick_points == trick_points and s.made is (decl_tricks <= 6)
    assert s.penalty == (None if penalty is None else {"side": 1, "points": penalty})
    assert s.slam is None


@pytest.mark.parametrize(
    ("tricks", "points"),
    [((6, 7), (0, 0)), ((5, 8), (10, 0)), ((7, 6), (0, 0)), ((0, 13), (60, 0)), ((10, 3), (0, 30))],
)
def test_tvangsnoll_scoring_no_penalty(tricks: tuple[int, int], points: tuple[int, int]) -> None:
    s = score_deal(MODERN, TVANGSNOLL, None, tricks)
    assert s.trick_points == points and s.penalty is None and s.slam is None and s.made is None


@pytest.mark.parametrize(
    ("contract", "took", "kind", "bonus"),
    [(HJARTER, 12, "lillslam", 20), (RUTER, 13, "storslam", 40), (SPEL, 12, "lillslam", 20),
     (SPEL, 13, "storslam", 40), (NOLL, 1, "lillslam", 20), (NOLL, 0, "storslam", 40)],
)  # fmt: skip
def test_slams_for_declarers(contract: int, took: int, kind: str, bonus: int) -> None:
    s = score_deal(MODERN, contract, 1, (13 - took, took))
    assert s.slam == {"side": 1, "kind": kind, "points": bonus}
    assert s.above == (0, bonus)


def test_no_slam_for_defence_or_in_tvangsnoll() -> None:
    assert score_deal(MODERN, HJARTER, 0, (1, 12)).slam is None  # defence took 12
    assert score_deal(MODERN, NOLL, 0, (13, 0)).slam is None  # defence took none
    assert score_deal(MODERN, TVANGSNOLL, None, (0, 13)).slam is None
    assert score_deal(MODERN, HJARTER, 0, (11, 2)).slam is None


def test_slam_bonuses_configurable() -> None:
    r = PriffeRules(lillslam=25, storslam=100)
    assert score_deal(r, SPEL, 0, (13, 0)).slam == {"side": 0, "kind": "storslam", "points": 100}


# --- honours ----------------------------------------------------------------------------------


def masks(*texts: str) -> list[int]:
    return [mask_of(parse_cards(t)) for t in texts]


@pytest.mark.parametrize(
    ("contract", "hands", "want"),
    [
        (SPEL, ("AS AH AD AC", "", "", ""), {"side": 0, "kind": "aces", "held": [4, 0], "points": 50}),
        (SPEL, ("AS AH AD", "", "AC", ""), {"side": 0, "kind": "aces", "held": [3, 1], "points": 40}),
        (SPEL, ("AS AH AD", "AC", "", ""), {"side": 0, "kind": "aces", "held": [3, 0], "points": 30}),
        (SPEL, ("AS AH", "AD", "", "AC"), None),
        (SPEL, ("AS AH", "", "AD AC", ""), None),  # 2 + 2 in one side: nothing
        (HJARTER, ("", "AH KH QH JH", "", ""), {"side": 1, "kind": "trumps", "held": [4, 0], "points": 50}),
        (HJARTER, ("AS AC AD", "AH KH QH", "", "JH"), {"side": 1, "kind": "trumps", "held": [3, 1], "points": 40}),
        (RUTER, ("JD", "", "", "AD KD QD"), {"side": 1, "kind": "trumps", "held": [3, 0], "points": 30}),
        (RUTER, ("AH KH QH JH", "", "", ""), None),  # hearts are not trumps in ruter
        (NOLL, ("2S 2H 2D 2C", "", "", ""), {"side": 0, "kind": "twos", "held": [4, 0], "points": 50}),
        (TVANGSNOLL, ("", "", "2S 2H", "2D 2C"), None),
        (TVANGSNOLL, ("2S", "", "2H 2D 2C", ""), {"side": 0, "kind": "twos", "held": [3, 1], "points": 40}),
    ],
)  # fmt: skip
def test_honours_cases(contract: int, hands: tuple[str, ...], want: Any) -> None:
    assert honours_of(contract, masks(*hands)) == want


def test_honours_scored_for_the_holding_side_even_if_defence() -> None:
    hon = {"side": 1, "held": [3, 1]}
    s = score_deal(MODERN, HJARTER, 0, (9, 4), hon)
    assert s.trick_points == (30, 0) and s.above == (0, 40) and s.side_points == (30, 40)


def test_honours_off() -> None:
    s = score_deal(PriffeRules(honours=False), SPEL, 0, (7, 6), {"side": 0, "held": [4, 0]})
    assert s.honours is None and s.above == (0, 0)


def test_honours_from_dealt_hands_in_play() -> None:
    state = dealt(hands=SUIT_HANDS)
    calls(state, "pass", "pass", "hjärter", "pass")  # seat 3 holds every heart
    play_lowest(state)
    r = state.deal_results[-1]
    assert r["honours"] == {"side": 1, "kind": "trumps", "held": [4, 0], "points": 50}
    assert r["side_tricks"] == [0, 13] and r["slam"]["kind"] == "storslam"
    assert r["trick_points"] == [0, 70] and r["above"] == [0, 90] and r["points"] == [0, 160] * 2
    assert r["game_won"] == 1


# --- games, rubbers, parti --------------------------------------------------------------------


def test_game_at_30_clears_both_sides_below() -> None:
    state = PriffeState()
    r1 = report(state, ["pass", "hjärter", "pass", "pass"], [5, 8])  # side 0 (seat 2) 5: defence 8
    assert r1["trick_points"] == [0, 20] and r1["penalty"] == {"side": 1, "points": 20}
    assert state.below == [0, 20] and r1["game_won"] is None
    r2 = report(
        state, ["ruter", "pass", "pass", "pass"], [4, 9]
    )  # förhand seat 2 bids, goes 3 down
    assert r2["declarers"] == [0, 2] and r2["trick_points"] == [0, 30]
    assert r2["below"] == [0, 50] and r2["game_won"] == 1 and state.below == [0, 0]
    assert state.games == [0, 1] and r2["games"] == [0, 1]


def test_game_needs_trick_score_only() -> None:
    state = PriffeState()
    # 20 trick points + 20 penalty + 50 honours: still no game
    r = report(state, ["hjärter", "pass", "pass", "pass"], [8, 5], {"side": 0, "held": [4, 0]})
    assert r["declarers"] == [1, 3] and r["trick_points"] == [20, 0]
    assert r["points"][0] == 20 + 20 + 50 and r["game_won"] is None and state.below == [20, 0]
    r = report(state, ["pass", "pass", "pass", "pass"], [5, 8])  # tvångsnoll: 10 to side 0
    assert r["below"] == [30, 0] and r["game_won"] == 0


def test_game_exactly_at_30_and_below_29() -> None:
    state = PriffeState()
    r = report(state, ["hjärter", "pass", "pass", "pass"], [4, 9])  # side 1 30
    assert r["game_won"] == 1
    state = PriffeState(PriffeRules(game_points=40))
    r = report(state, ["hjärter", "pass", "pass", "pass"], [4, 9])
    assert r["game_won"] is None and state.below == [0, 30]


def test_game_reached_over_several_deals_and_29_is_not_game() -> None:
    state = PriffeState()
    r = report(state, ["pass", "ruter", "pass", "pass"], [8, 5])  # side 0: 20
    assert r["game_won"] is None and state.below == [20, 0]
    r = report(state, ["pass", "pass", "pass", "pass"], [6, 7])  # tvångsnoll: nobody scores
    assert r["trick_points"] == [0, 0] and state.below == [20, 0]
    r = report(state, ["pass", "pass", "pass", "pass"], [7, 6])
    assert r["trick_points"] == [0, 0]
    r = report(state, ["pass", "pass", "pass", "pass"], [5, 8])  # 10 more: 30 exactly
    assert r["below"] == [30, 0] and r["game_won"] == 0 and state.below == [0, 0]
    old = PriffeState(PriffeRules(style="old"))
    r = report(old, ["pass", "pass", "spader", "pass"], [0, 13])  # seat 3 spader: 7 × 2 = 14
    assert r["trick_points"] == [0, 14] and r["game_won"] is None
    r = report(old, ["pass", "pass", "pass", "pass"], [7, 6])  # tvångsnoll at 9: 0
    r = report(old, ["pass", "pass", "pass", "pass"], [6, 7])
    assert r["below"] == [0, 14] and r["game_won"] is None


def test_rubber_at_two_games_and_rotation_across_parti() -> None:
    state = PriffeState()
    seen_partners = set()
    rubber_winners = []
    while not state.is_terminal():
        seating = state.seating()
        seen_partners.add(frozenset((seating[0], seating[2])))
        seen_partners.add(frozenset((seating[1], seating[3])))
        # side 1 always declares hjärter by seat forhand if odd, else seat forhand+1 bids
        f = state.forhand()
        texts = (
            ["hjärter", "pass", "pass", "pass"]
            if f % 2 == 1
            else ["pass", "hjärter", "pass", "pass"]
        )
        r = report(state, texts, [3, 10])  # side 1 makes 40: a game each deal
        if r["rubber_won"] is not None:
            rubber_winners.append((r["rubber"], r["rubber_won"], list(seating)))
    assert [w[0] for w in rubber_winners] == [1, 2, 3]
    assert all(w[1] == 1 for w in rubber_winners)
    assert [tuple(w[2]) for w in rubber_winners] == list(SEATINGS)
    assert len(seen_partners) == 6  # everyone has partnered everyone
    assert state.deal_index == 6 and state.current_player() == TERMINAL
    # each deal side 1 scored 40: person totals follow their seats
    # rubber 1: persons 1,3; rubber 2: persons 2,3; rubber 3: persons 1,2
    assert state.totals == [0, 160, 160, 160]
    assert state.winners() == [1, 2, 3]
    assert [r["winner"] for r in state.rubbers] == [1, 1, 1]


def test_dealer_keeps_rotating_across_rubbers() -> None:
    state = PriffeState(first_dealer=3)
    dealers = []
    while not state.is_terminal():
        dealers.append(state.dealer())
        report(state, ["pass", "pass", "pass", "pass"], [0, 13])  # side 0 +60 a deal
    # the deal passes from person to person: after a change of seats it goes to the
    # left of the person who dealt last, where that person now sits (issue 10 #14)
    assert dealers == [3, 0, 1, 2, 2, 3]
    persons = [SEATINGS[i // 2][seat] for i, seat in enumerate(dealers)]
    assert persons == [3, 0, 2, 1, 3, 2]


def test_nobody_deals_twice_running_across_rubber_changes() -> None:
    import random

    from stickspel.bots import Turn, make_bot

    for seed in range(12):
        state = PriffeState(first_dealer=seed % 4)
        bot = make_bot("priffe", "random", seed=seed)
        rng = random.Random(seed)
        dealing: list[int] = []
        while not state.is_terminal():
            if state.is_chance():
                dealing.append(state.seating()[state.dealer()])
                state.apply_chance(rng)
            else:
                state.apply_action(bot.act(Turn.of(state)))
        assert all(a != b for a, b in zip(dealing, dealing[1:], strict=False)), dealing


def test_single_rubber_fixed_partners() -> None:
    state = PriffeState(PriffeRules(parti="one_rubber"))
    report(state, ["pass", "pass", "pass", "pass"], [0, 13])
    assert state.current_player() == CHANCE
    report(state, ["pass", "pass", "pass", "pass"], [10, 3])
    assert state.games == [1, 1]
    report(state, ["spel"], [2, 11])  # förhand seat 3 bids spel; declarers side 1
    assert state.is_terminal() and state.seating() == SEATINGS[0]
    assert state.winners() == [1, 3]
    assert state.totals[1] == state.totals[3] and state.totals[0] == state.totals[2]


# --- old-fashioned variant ---------------------------------------------------------------------

OLD = PriffeRules(style="old")


def test_old_order_and_spader_by_anyone() -> None:
    state = dealt(OLD)
    calls(state, "pass", "pass")
    assert call_names(state) == ["pass", "klöver", "spader", "ruter", "hjärter", "noll", "spel"]
    calls(state, "spader")
    assert call_names(state) == ["pass", "klöver", "ruter", "hjärter", "noll", "spel"]
    calls(state, "klöver")
    assert state.contract_name() == "klöver" and state.trump == CLUBS and state.declarers == 0


def test_old_klover_over_spader_not_reverse() -> None:
    state = dealt(OLD)
    calls(state, "klöver")
    with pytest.raises(IllegalActionError, match="spader is not higher than klöver"):
        state.apply_text("spader")


def test_old_spader_is_a_trump_contract() -> None:
    state = dealt(OLD)
    calls(state, "spader", "pass", "pass", "pass")
    assert state.contract_name() == "spader" and state.trump == SPADES and state.declarers == 1


def test_old_all_pass_is_tvangsnoll() -> None:
    state = dealt(OLD)
    calls(state, "pass", "pass", "pass", "pass")
    assert state.contract == TVANGSNOLL


@pytest.mark.parametrize(
    ("contract", "value"), [(SPADER, 2), (KLOVER, 6), (RUTER, 7), (HJARTER, 8), (SPEL, 10)]
)
def test_old_trick_values(contract: int, value: int) -> None:
    s = score_deal(OLD, contract, 0, (9, 4))
    assert s.trick_points == (3 * value, 0)
    s = score_deal(OLD, contract, 0, (5, 8))
    assert s.trick_points == (0, 2 * value) and s.penalty == {"side": 1, "points": 2 * value}
    assert score_deal(OLD, NOLL, 1, (9, 4)).trick_points == (0, 27)
    assert score_deal(OLD, TVANGSNOLL, None, (9, 4)).trick_points == (0, 18)


def test_old_game_at_20_and_configurable_values() -> None:
    state = PriffeState(OLD)
    r = report(state, ["pass", "hjärter", "pass", "pass"], [9, 4])  # side 0: 3 × 8 = 24
    assert r["trick_points"] == [24, 0] and r["game_won"] == 0
    rules = PriffeRules.parse("priffe(style=old,old_values=1/2/3/4/5/6)")
    assert score_deal(rules, SPADER, 0, (13, 0)).trick_points == (7, 0)


def test_old_honours_in_spader_and_klover() -> None:
    assert honours_of(SPADER, masks("AS KS QS JS", "", "", ""))["kind"] == "trumps"  # type: ignore[index]
    assert honours_of(KLOVER, masks("", "AC KC QC", "", "JC"))["held"] == [3, 1]  # type: ignore[index]


# --- rules options ---------------------------------------------------------------------------


def test_rules_validation_and_presets() -> None:
    assert PriffeRules.preset("old").game_target == 20
    assert PriffeRules.preset("rubber").rubbers == 1
    assert PriffeRules.parse(PriffeRules(style="old", game_points=25).to_text()).game_points == 25
    with pytest.raises(RulesError, match="old_values apply only with style=old"):
        PriffeRules(old_values=(1, 2, 3, 4, 5, 6))
    with pytest.raises(RulesError, match="six positive"):
        PriffeRules(style="old", old_values=(1, 2, 3))
    with pytest.raises(RulesError, match="style"):
        PriffeRules(style="ancient")
    with pytest.raises(RulesError, match="game_points"):
        PriffeRules(game_points=0)
    with pytest.raises(RulesError, match="no option"):
        PriffeRules.from_strings({"players": "5"})


def test_registry() -> None:
    assert game_spec("priffe").state is PriffeState
    state = new_game("priffe", style="old")
    assert isinstance(state, PriffeState) and state.rules.style == "old"


# --- information ------------------------------------------------------------------------------


def test_observation_hides_other_hands() -> None:
    state = dealt()
    calls(state, "hjärter", "pass", "pass", "pass", "KD")
    for seat in range(4):
        obs = state.observation(seat)
        own = {card_str(c) for c in state.dealt[seat]} - {"KD"}
        assert set(obs["hand"]) == own
        text = state.information_state_string(seat)
        for other in range(4):
            if other != seat:
                hidden = {card_str(c) for c in state.dealt[other]} - {"KD"}
                assert not any(f'"{c}"' in text for c in hidden), (seat, other)
        assert obs["contract"] == "hjärter" and obs["trump"] == "H"
        assert obs["trick"] == {"leader": 1, "cards": ["KD"]}
        assert obs["declarers"] == [1, 3]


def test_clone_is_independent() -> None:
    state = dealt()
    copy = state.clone()
    calls(copy, "spel")
    assert state.auction == [] and copy.auction == [(1, SPEL)]

"""Every Plump rule of RULES.md and each of its 12 variants, on hand-written deals.

Cards and bids are written as text and applied with ``apply_text``, the way a
person at the terminal would enter them; each test says which rule it checks.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from stickspel.core import (
    CHANCE,
    TERMINAL,
    Deal,
    IllegalActionError,
    InvalidActionError,
    RulesError,
)
from stickspel.core.cards import card_str, parse_card, parse_cards, shuffled_deck
from stickspel.games.plump import BID_BASE, PlumpRules, PlumpState, score_deal

# --- helpers ---------------------------------------------------------------------------


def new(first_dealer: int = 0, **options: Any) -> PlumpState:
    return PlumpState(PlumpRules(**options), first_dealer=first_dealer)


def deal(state: PlumpState, *hands: str, up: str | None = None, blind: str | None = None) -> None:
    """Apply a hand-written deal: one string of cards per seat (seat 0 first)."""
    extra = (tuple(parse_cards(blind)),) if blind is not None else ()
    upcard = parse_card(up) if up is not None else None
    state.apply_deal(Deal(tuple(tuple(parse_cards(h)) for h in hands), extra, upcard))


def act(state: PlumpState, text: str) -> None:
    """Apply bids and cards written as text, separated by spaces."""
    for token in text.split():
        state.apply_text(token)


def legal(state: PlumpState) -> list[str]:
    return [state.action_to_string(a) for a in state.legal_actions()]


def illegal(state: PlumpState, text: str) -> IllegalActionError:
    """Apply an action that must be refused; check nothing changed and return the error."""
    before = state.clone()
    with pytest.raises(IllegalActionError) as e:
        state.apply_text(text)
    assert state.current_player() == before.current_player()
    assert state.hands == before.hands and state.bids == before.bids
    assert state.trick == before.trick and state.tricks == before.tricks
    return e.value


def trick(state: PlumpState, k: int = -1) -> tuple[int, list[str], int]:
    lead, cards, winner = state.tricks[k]
    return lead, [card_str(c) for c in cards], winner


def random_deal(state: PlumpState, rng: random.Random) -> None:
    """Play the deal at hand with random legal actions."""
    start = state.deal_index
    while not state.is_terminal() and state.deal_index == start:
        if state.is_chance():
            state.apply_chance(rng)
        else:
            state.apply_action(rng.choice(state.legal_actions()))


# The basic deal: three players, three cards, hearts turned up.
BASIC = ("AS KH 2C", "QS 3H 4D", "5S AH 9C")


def basic_deal(**options: Any) -> PlumpState:
    state = new(players=3, max_cards=3, **options)
    deal(state, *BASIC, up="7H")
    return state


# --- schedule and deal sizes ---------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "first", "deals"),
    [(2, 10, 19), (3, 10, 19), (4, 10, 19), (5, 10, 19), (6, 8, 15), (7, 7, 13)]
    + [(8, 6, 11), (9, 5, 9), (10, 5, 9)],
)
def test_first_deal_size_and_number_of_deals(players: int, first: int, deals: int) -> None:
    """10 cards for 2–5 players, 8 for 6, 7 for 7: min(10, 51 // hands); 2 × start − 1 deals."""
    sched = PlumpRules(players=players).schedule()
    assert sched[0] == first
    assert len(sched) == deals == 2 * first - 1
    assert sched.count(1) == 1  # the 1-card deal is played once
    assert list(sched) == list(range(first, 0, -1)) + list(range(2, first + 1))


def test_deal_orders() -> None:
    """Variant 5: down-up (default), up-down, up only, down only (and single for research)."""

    def sched(order: str) -> tuple[int, ...]:
        return PlumpRules(players=4, max_cards=4, deal_order=order).schedule()

    assert sched("down_up") == (4, 3, 2, 1, 2, 3, 4)
    assert sched("up_down") == (1, 2, 3, 4, 3, 2, 1)
    assert sched("up") == (1, 2, 3, 4)
    assert sched("down") == (4, 3, 2, 1)
    assert sched("single") == (4,)
    assert PlumpRules().deal_order == "down_up"


def test_deal_sizes_and_dealer_rotation_over_a_game() -> None:
    """Each deal has the scheduled size; the deal passes clockwise from the first dealer."""
    rng = random.Random(3)
    state = new(first_dealer=2, players=4, max_cards=3, deal_order="up_down")
    seen = []
    while not state.is_terminal():
        assert state.current_player() == CHANCE
        seen.append((state.dealer(), state.hand_size))
        d = state.apply_chance(rng)
        assert all(len(h) == state.hand_size for h in d.hands)
        random_deal(state, rng)
    assert seen == [(2, 1), (3, 2), (0, 3), (1, 2), (2, 1)]
    assert [d["dealer"] for d in state.deal_records] == [2, 3, 0, 1, 2]
    assert [d["cards"] for d in state.deal_records] == [1, 2, 3, 2, 1]
    with pytest.raises(RulesError, match="first dealer must be a seat 0–3, not 4"):
        new(first_dealer=4, players=4)


def test_cards_are_dealt_one_at_a_time_from_forhand_and_the_next_is_turned_up() -> None:
    rng_seed = 11
    state = new(players=3, max_cards=2, first_dealer=1)
    d = state.sample_deal(random.Random(rng_seed))
    deck = shuffled_deck(random.Random(rng_seed))
    # dealer seat 1: förhand is seat 2, then seat 0, then the dealer
    assert d.hands[2] == (deck[0], deck[3])
    assert d.hands[0] == (deck[1], deck[4])
    assert d.hands[1] == (deck[2], deck[5])
    assert d.upcard == deck[6]
    assert d.extra == ()


# --- the basic rules on one deal -----------------------------------------------------


def test_basic_deal_bidding_play_and_score() -> None:
    state = basic_deal()
    # Trump: the upcard's suit.
    assert state.trump == parse_card("7H") // 13
    assert state.upcard == parse_card("7H")
    # Bidding: förhand (left of the dealer) first, bids 0 … hand size.
    assert state.dealer() == 0 and state.current_player() == 1
    assert legal(state) == ["0", "1", "2", "3"]
    e = illegal(state, "4")
    assert e.rule == "bid_range" and e.seat == 1
    assert str(e) == "seat 1 must bid 0–3 now, not 4"
    e = illegal(state, "QS")
    assert e.rule == "bid_range" and str(e) == "seat 1 must bid 0–3 now, not play a card (Q♠)"
    act(state, "1")
    assert state.current_player() == 2
    assert legal(state) == ["0", "1", "2", "3"]  # only the dealer is restricted
    act(state, "1")
    # Spärren: the dealer may not make the bids sum to the number of tricks.
    assert state.current_player() == 0
    assert state.forbidden_bid() == 1
    assert legal(state) == ["0", "2", "3"]
    e = illegal(state, "1")
    assert e.rule == "sparr" and e.seat == 0
    assert str(e) == "the dealer (seat 0) may not bid 1: the bids would add up to 3 (spärren)"
    act(state, "2")
    assert state.bids == [2, 1, 1]
    assert state.auction == [(1, 1), (2, 1), (0, 2)]

    # Play: förhand leads, any card.
    assert state.current_player() == 1
    assert legal(state) == ["4D", "3H", "QS"]
    e = illegal(state, "1")
    assert e.rule == "not_a_card"
    e = illegal(state, "AS")
    assert e.rule == "card_not_held" and e.seat == 1
    assert str(e) == "seat 1 does not hold A♠"  # display notation (issue 10 #5)
    act(state, "QS")
    # Follow suit if able.
    assert legal(state) == ["5S"]
    e = illegal(state, "AH")
    assert e.rule == "follow_suit" and e.seat == 2
    assert str(e) == "seat 2 must follow suit (♠ spades led) and may not play A♥"
    act(state, "5S AS")
    assert trick(state) == (1, ["QS", "5S", "AS"], 0)
    # The winner leads next.
    assert state.current_player() == 0
    act(state, "2C")
    # Void: any card, a trump too (no duty to trump either).
    assert legal(state) == ["4D", "3H"]
    act(state, "3H 9C")
    assert trick(state) == (0, ["2C", "3H", "9C"], 1)  # the small trump takes it
    act(state, "4D AH")
    assert state.current_player() == 0
    act(state, "KH")
    assert trick(state) == (1, ["4D", "AH", "KH"], 2)  # highest trump
    # Score: exact bid → 10 + bid, otherwise 0.
    assert state.deal_results[0] == {
        "bids": [2, 1, 1],
        "tricks": [1, 1, 1],
        "points": [0, 11, 11],
        "made": [False, True, True],
    }
    assert state.totals == [0, 11, 11]
    # The next deal: one card fewer, dealt by the next seat.
    assert state.current_player() == CHANCE
    assert state.dealer() == 1 and state.hand_size == 2 and state.deal_index == 1
    assert state.last_trick() == (1, tuple(parse_cards("4D AH KH")), 2)


def test_actions_before_the_deal_and_after_the_game() -> None:
    state = new(players=3, max_cards=1)
    e = illegal(state, "0")
    assert e.rule == "not_dealt"
    assert state.legal_actions() == []
    deal(state, "AS", "KS", "QS", up="2H")
    act(state, "0 0")
    assert legal(state) == ["0"]  # 1 would make the bids add up
    act(state, "0 KS QS AS")
    assert state.current_player() == TERMINAL and state.is_terminal()
    assert state.legal_actions() == []
    e = illegal(state, "AS")
    assert e.rule == "game_over"
    with pytest.raises(IllegalActionError, match="dealt only before a deal"):
        deal(state, "2C", "3C", "4C", up="5C")


def test_action_text() -> None:
    state = basic_deal()
    assert state.string_to_action("3") == BID_BASE + 3
    assert state.string_to_action("bud 2") == BID_BASE + 2
    assert state.string_to_action("10") == BID_BASE + 10  # digits are a bid
    assert state.string_to_action("10D") == parse_card("TD")
    assert state.string_to_action("Kn♥") == parse_card("JH")
    assert state.action_to_string(BID_BASE) == "0"
    assert state.action_to_string(parse_card("TD")) == "TD"
    with pytest.raises(InvalidActionError, match="neither a bid"):
        state.string_to_action("hello")
    for a in range(state.num_distinct_actions()):
        assert state.string_to_action(state.action_to_string(a)) == a


def test_deal_is_checked() -> None:
    state = new(players=3, max_cards=2)
    with pytest.raises(IllegalActionError, match="2 hands dealt, the game has 3 players"):
        deal(state, "AS KS", "QS JS", up="2H")
    with pytest.raises(IllegalActionError, match="seat 1 was dealt 1 cards, this deal has 2"):
        deal(state, "AS KS", "QS", "JS TS", up="2H")
    with pytest.raises(IllegalActionError, match="K♠ is dealt twice") as e:
        deal(state, "AS KS", "QS KS", "JS TS", up="2H")
    assert e.value.rule == "duplicate_card" and e.value.seat == 1
    with pytest.raises(IllegalActionError, match="upcard A♠ is also in a hand"):
        deal(state, "AS KS", "QS 9S", "JS TS", up="AS")
    with pytest.raises(IllegalActionError, match="a card must be turned up"):
        deal(state, "AS KS", "QS 9S", "JS TS")
    with pytest.raises(IllegalActionError, match="no extra piles"):
        deal(state, "AS KS", "QS 9S", "JS TS", up="2H", blind="2C 3C")
    assert state.is_chance()  # nothing was applied
    deal(state, "AS KS", "QS 9S", "JS TS", up="2H")
    assert state.current_player() == 1


def test_sparr_only_when_the_forbidden_bid_is_possible() -> None:
    """With bids already over the hand size, the dealer may bid anything."""
    state = basic_deal()
    act(state, "3 2")
    assert state.forbidden_bid() is None
    assert legal(state) == ["0", "1", "2", "3"]
    state = basic_deal()
    act(state, "0 0")
    assert legal(state) == ["0", "1", "2"]  # 3 would make 3


def test_game_end_and_shared_win() -> None:
    """Highest total wins; a tie is a shared win unless the tie-break is on."""
    state = new(players=3, max_cards=1)
    assert state.schedule == [1]
    deal(state, "AS", "KS", "QS", up="2H")
    act(state, "0 0 0 KS QS AS")
    assert state.is_terminal()
    assert state.totals == [0, 10, 10]
    assert state.returns() == [0.0, 10.0, 10.0]
    assert state.winners() == [1, 2]
    record = state.to_record(["A", "B", "C"])
    assert record["winner"] == [1, 2] and record["totals"] == [0, 10, 10]


# --- scoring -------------------------------------------------------------------------


SCORING_TABLE = [
    # scoring, penalty, points for bids [3, 0, 1] against tricks [1, 1, 1]
    ("standard", False, [0, 0, 11]),
    ("per_trick", False, [1, 1, 11]),
    ("tricks_only", False, [0, 0, 1]),
    ("standard", True, [-2, -1, 11]),
    ("per_trick", True, [-2, -1, 11]),
    ("tricks_only", True, [-2, -1, 1]),
]


@pytest.mark.parametrize(("scoring", "penalty", "points"), SCORING_TABLE)
def test_scoring_variants_on_a_deal(scoring: str, penalty: bool, points: list[int]) -> None:
    """Variants 2 (per trick + 10), 3 (tricks only) and 4 (plump penalty), with each other."""
    state = basic_deal(scoring=scoring, plump_penalty=penalty)
    act(state, "0 1")
    assert legal(state) == ["0", "1", "3"]
    act(state, "3")
    act(state, "QS 5S AS  2C 3H 9C  4D AH KH")
    assert state.deal_results[0]["tricks"] == [1, 1, 1]
    assert state.deal_results[0]["points"] == points
    assert state.totals == points


@pytest.mark.parametrize(
    ("scoring", "penalty", "bid", "tricks", "points"),
    [
        ("standard", False, 3, 3, 13),
        ("standard", False, 0, 0, 10),
        ("standard", False, 2, 4, 0),
        ("standard", False, 4, 2, 0),
        ("per_trick", False, 2, 3, 3),
        ("per_trick", False, 0, 0, 10),
        ("per_trick", False, 3, 3, 13),
        ("tricks_only", False, 3, 3, 3),
        ("tricks_only", False, 0, 0, 0),
        ("tricks_only", False, 3, 2, 0),
        ("standard", True, 2, 5, -3),
        ("standard", True, 5, 2, -3),
        ("standard", True, 0, 0, 10),
        ("per_trick", True, 2, 3, -1),
        ("tricks_only", True, 4, 1, -3),
        ("tricks_only", True, 1, 1, 1),
    ],
)
def test_score_deal(scoring: str, penalty: bool, bid: int, tricks: int, points: int) -> None:
    assert score_deal(PlumpRules(scoring=scoring, plump_penalty=penalty), bid, tricks) == points


# --- variant 1: no spärr -------------------------------------------------------------


def test_variant_1_no_sparr() -> None:
    state = new(players=3, max_cards=1, sparr=False)
    deal(state, "AS", "KS", "QS", up="2H")
    act(state, "0 0")
    assert state.forbidden_bid() is None
    assert legal(state) == ["0", "1"]  # the dealer may make the bids add up
    act(state, "1 KS QS AS")
    assert state.totals == [11, 10, 10]  # everyone made it
    assert state.winners() == [0]


# --- variant 5: deal orders, the 13-card deal ----------------------------------------


def test_variant_5_thirteen_card_first_deal_with_four_players() -> None:
    """All 52 cards dealt: no card is left to turn up, so no trump."""
    rules = PlumpRules.preset("thirteen")
    assert rules.players == 4 and rules.schedule()[0] == 13 and len(rules.schedule()) == 25
    state = PlumpState(rules)
    sampled = state.sample_deal(random.Random(1))
    assert sampled.upcard is None
    assert sorted(c for h in sampled.hands for c in h) == list(range(52))
    clubs, diamonds, hearts, spades = (" ".join(r + s for r in "23456789TJQKA") for s in "CDHS")
    with pytest.raises(IllegalActionError, match="no card is left to turn up"):
        deal(state, clubs, diamonds, hearts, spades, up="AS")
    deal(state, clubs, diamonds, hearts, spades)
    assert state.trump is None and state.upcard is None
    act(state, "13 0 0")
    assert state.forbidden_bid() == 0
    assert legal(state) == [str(b) for b in range(1, 14)]
    act(state, "1")
    # förhand leads diamonds each time; nobody can follow and there is no trump
    for k in range(13):
        act(state, "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D".split()[k])
        for _ in (2, 3, 0):
            state.apply_action(state.legal_actions()[0])
        assert state.tricks[-1][2] == 1
    assert state.totals == [0, 23, 10, 10]
    # the next deal (12 cards) leaves 4 cards: one is turned up
    assert state.hand_size == 12
    d = state.apply_chance(random.Random(2))
    assert d.upcard is not None and state.trump == d.upcard // 13


def test_variant_5_max_cards_is_limited_by_the_deck() -> None:
    assert PlumpRules(players=4, max_cards=13).largest == 13
    with pytest.raises(RulesError, match="4 players can start at most at 13 cards"):
        PlumpRules(players=4, max_cards=14)
    with pytest.raises(RulesError, match="7 players can start at most at 7 cards"):
        PlumpRules(players=7, max_cards=8)


# --- variant 6: no trump in the largest deals, or never ------------------------------


def test_variant_6_no_trump_in_the_largest_deals() -> None:
    state = new(players=3, max_cards=2, no_trump_largest=True)
    assert state.schedule == [2, 1, 2]
    assert state.sample_deal(random.Random(0)).upcard is None
    with pytest.raises(IllegalActionError, match="no card is turned up in this deal"):
        deal(state, "AS KS", "QS 2H", "JS TS", up="3H")
    deal(state, "AS 2C", "QS 2H", "JS TS")
    assert state.trump is None
    act(state, "0 0 0  2H JS 2C")  # the lone heart led wins: no trump suit
    assert trick(state) == (1, ["2H", "JS", "2C"], 1)
    act(state, "QS TS AS")
    # the 1-card deal has an upcard and trump again
    assert state.hand_size == 1
    with pytest.raises(IllegalActionError, match="a card must be turned up"):
        deal(state, "AS", "KS", "QS")
    deal(state, "AS", "KS", "2D", up="3D")
    assert state.trump == 1
    act(state, "0 0 0  2D AS KS")
    assert trick(state) == (2, ["2D", "AS", "KS"], 2)
    # the last deal is the largest again
    assert state.hand_size == 2
    assert state.sample_deal(random.Random(0)).upcard is None


def test_variant_6_never_trump() -> None:
    state = PlumpState(PlumpRules.preset("no_trump", players=3, max_cards=2))
    rng = random.Random(5)
    while not state.is_terminal():
        if state.is_chance():
            d = state.apply_chance(rng)
            assert d.upcard is None and state.trump is None
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert all(d["trump"] is None and d["upcard"] is None for d in state.deal_records)


# --- variant 7: trump rotation -------------------------------------------------------


@pytest.mark.parametrize(
    ("trump", "suits"),
    [("rotation", "CDHSCDH"), ("rotation_nt", "CDHS-CD")],
)
def test_variant_7_trump_rotation(trump: str, suits: str) -> None:
    state = new(players=3, max_cards=4, trump=trump)
    assert len(state.schedule) == 7
    rng = random.Random(9)
    seen = ""
    while not state.is_terminal():
        assert state.sample_deal(rng).upcard is None
        state.apply_chance(rng)
        seen += "CDHS"[state.trump] if state.trump is not None else "-"
        random_deal(state, rng)
    assert seen == suits


def test_variant_7_first_deal_is_clubs() -> None:
    state = new(players=3, max_cards=3, trump="rotation")
    with pytest.raises(IllegalActionError, match="no card is turned up"):
        deal(state, "2C KS QS", "3D 4D 4H", "5D 6D 7D", up="8D")
    deal(state, "2C KS QS", "3D 4D 4H", "5D 6D 7D")
    assert state.trump == 0
    act(state, "0 0 0  3D 5D")
    assert legal(state) == ["2C", "QS", "KS"]
    act(state, "2C")
    assert trick(state) == (1, ["3D", "5D", "2C"], 0)  # the two of clubs ruffs


# --- variant 8: simultaneous bidding ---------------------------------------------------


def test_variant_8_simultaneous_bidding_hides_bids_until_all_have_bid() -> None:
    # no spärr by nature: choosing simultaneous bidding switches it off (issue 10 #16);
    # only an explicit sparr=true is refused
    assert PlumpRules(bidding="simultaneous").sparr is False
    assert PlumpRules.parse("plump(bidding=simultaneous)") == PlumpRules.preset("simultaneous")
    with pytest.raises(RulesError, match="simultaneous bidding has no spärr"):
        PlumpRules.parse("plump(bidding=simultaneous,sparr=true)")
    # built directly, the same: an explicit sparr=True is refused, not switched off
    with pytest.raises(RulesError, match="simultaneous bidding has no spärr"):
        PlumpRules(bidding="simultaneous", sparr=True)
    with pytest.raises(RulesError, match="simultaneous bidding has no spärr"):
        dataclasses.replace(PlumpRules(), bidding="simultaneous")  # carries sparr=True
    assert dataclasses.replace(PlumpRules.preset("simultaneous"), players=3).sparr is False
    rules = PlumpRules.preset("simultaneous", players=3, max_cards=1)
    assert rules.sparr is False

    def after(first_bid: str) -> PlumpState:
        state = PlumpState(rules)
        deal(state, "AS", "KS", "QS", up="2H")
        act(state, first_bid)
        return state

    state = after("1")
    assert state.observation(1)["bids"] == [None, 1, None]  # a seat sees its own bid
    assert state.observation(2)["bids"] == [None, None, None]
    assert state.observation(0)["bids"] == [None, None, None]
    assert state.observation(2)["bids_made"] == 1
    # seats 0 and 2 cannot tell what seat 1 bid
    other = after("0")
    for seat in (0, 2):
        assert state.information_state_string(seat) == other.information_state_string(seat)
    assert state.information_state_string(1) != other.information_state_string(1)
    act(state, "0")
    assert state.observation(0)["bids"] == [None, None, None]
    assert state.observation(0)["forbidden_bid"] is None
    assert legal(state) == ["0", "1"]  # no spärr by nature
    act(state, "0")
    for seat in range(3):
        assert state.observation(seat)["bids"] == [0, 1, 0]  # all shown at once
    # in the record the bids are in seat order from the left of the dealer
    assert state.to_record()["deals"][0]["auction"] == [
        {"seat": 1, "call": "1"},
        {"seat": 2, "call": "0"},
        {"seat": 0, "call": "0"},
    ]


def test_sequential_bids_are_public_at_once() -> None:
    state = basic_deal()
    act(state, "2")
    assert state.observation(0)["bids"] == [None, 2, None]
    assert state.observation(2)["bids"] == [None, 2, None]


# --- variant 9: the dealer leads ------------------------------------------------------


def test_variant_9_dealer_leads_the_first_trick() -> None:
    state = basic_deal(first_lead="dealer")
    act(state, "1 1 2")
    assert state.current_player() == 0  # the dealer, not förhand
    assert legal(state) == ["2C", "KH", "AS"]
    act(state, "AS QS 5S")
    assert trick(state) == (0, ["AS", "QS", "5S"], 0)
    act(state, "KH 3H AH")  # the winner leads on
    assert trick(state) == (0, ["KH", "3H", "AH"], 2)
    assert state.current_player() == 2
    # the next deal: its dealer (seat 1) leads
    act(state, "9C 2C 4D")
    state.apply_deal(state.sample_deal(random.Random(0)))
    act(state, "0 0 0")
    assert state.dealer() == 1 and state.current_player() == 1


# --- variant 10: tie-break -------------------------------------------------------------


def test_variant_10_tie_break_extra_deals_at_the_largest_size() -> None:
    state = new(players=3, max_cards=2, deal_order="down", trump="none", tie_break=True)
    assert state.schedule == [2, 1]
    deal(state, "AS AH", "KS KH", "QS QH")
    act(state, "2 2 0  KS QS AS  AH KH QH")
    deal(state, "2C", "3C", "4C")
    act(state, "0 1")
    assert legal(state) == ["1"]  # 0 would make the bids add up to 1
    act(state, "1  4C 2C 3C")
    assert state.totals == [0, 0, 0]
    # a three-way tie: another deal at the largest size, the deal passing on
    assert not state.is_terminal() and state.is_chance()
    assert state.schedule == [2, 1, 2]
    assert state.hand_size == 2 and state.dealer() == 2
    deal(state, "AS AH", "2C 3C", "2D 3D")
    act(state, "2 0")
    assert legal(state) == ["1", "2"]
    act(state, "1  AS 2C 2D  AH 3C 3D")
    assert state.totals == [12, 10, 0]
    assert state.is_terminal() and state.winners() == [0]
    assert state.to_record()["winner"] == [0]


def test_variant_10_only_a_tie_for_first_is_played_off() -> None:
    state = new(players=3, max_cards=1, tie_break=True)
    deal(state, "AS", "KS", "QS", up="2H")
    act(state, "1 1 1 KS QS AS")
    assert state.totals == [11, 0, 0]
    assert state.is_terminal() and state.winners() == [0]


def test_variant_10_tie_break_keeps_going_until_one_leads() -> None:
    state = new(players=3, max_cards=1, tie_break=True)
    deal(state, "AS", "KS", "QS", up="2H")
    act(state, "0 0 0 KS QS AS")
    assert state.totals == [0, 10, 10] and not state.is_terminal()
    deal(state, "AS", "KS", "QS", up="2H")  # dealer 1: förhand is seat 2
    act(state, "0 0 0 QS AS KS")
    assert state.totals == [0, 20, 20] and not state.is_terminal()
    assert state.schedule == [1, 1, 1] and state.dealer() == 2
    deal(state, "AS", "KS", "QS", up="2H")
    act(state, "1 0 1 AS KS QS")
    assert state.totals == [11, 30, 20]
    assert state.is_terminal() and state.winners() == [1]


# --- variant 11: the children's game -------------------------------------------------


def test_variant_11_childrens_game() -> None:
    rules = PlumpRules.preset("children", players=3)
    assert rules.schedule() == (5, 4, 3, 2, 1, 2, 3, 4, 5)
    assert rules.trump == "none" and rules.sparr is False
    state = PlumpState(rules)
    with pytest.raises(IllegalActionError, match="no card is turned up"):
        deal(state, "AS KS QS JS TS", "AH KH QH JH TH", "AD KD QD JD TD", up="2C")
    deal(state, "AS KS QS JS TS", "AH KH QH JH TH", "AD KD QD JD TD")
    assert state.trump is None
    act(state, "5 0")
    assert legal(state) == ["0", "1", "2", "3", "4", "5"]  # no spärr
    act(state, "0")
    for _ in range(5):
        for _ in range(3):
            state.apply_action(state.legal_actions()[-1])
    # förhand's hearts won every trick: no trump to stop them
    assert state.totals == [10, 15, 10]


# --- variant 12: two players with a blind hand -----------------------------------------


def test_variant_12_two_players_with_a_blind_hand() -> None:
    rules = PlumpRules(players=2, max_cards=2)
    assert rules.hands == 3 and rules.schedule() == (2, 1, 2)
    state = PlumpState(rules)
    with pytest.raises(IllegalActionError, match="the blind hand must be 2 cards"):
        deal(state, "AS 2H", "KS 3H", up="5C")
    deal(state, "AS 2H", "KS 3H", blind="QS 4H", up="5C")
    assert state.current_player() == 1
    act(state, "1")
    # the spärr still holds for the dealer
    assert legal(state) == ["0", "2"]
    assert illegal(state, "1").rule == "sparr"
    act(state, "2")
    act(state, "KS")
    assert legal(state) == ["AS"]
    act(state, "AS 2H 3H")
    assert trick(state) == (0, ["2H", "3H"], 1)
    assert state.deal_results[0]["points"] == [0, 11]
    # nobody sees the blind hand
    for seat in (0, 1):
        assert "QS" not in str(state.observation(seat))
    rec = state.to_record(["A", "B"])
    assert rec["deals"][0]["extra"] == [["QS", "4H"]]
    assert len(rec["deals"][0]["hands"]) == 2
    # a sampled deal has three hands' worth of distinct cards and an upcard
    d = state.sample_deal(random.Random(4))
    dealt = [c for h in d.hands + d.extra for c in h] + [d.upcard]
    assert len(d.extra) == 1 and len(d.extra[0]) == 1
    assert len(set(dealt)) == len(dealt) == 4


def test_variant_12_two_player_preset_and_limits() -> None:
    rules = PlumpRules.preset("two_player")
    assert rules.players == 2 and rules.schedule()[0] == 7
    assert PlumpRules(players=2).schedule()[0] == 10
    assert PlumpRules(players=2, max_cards=17).largest == 17
    with pytest.raises(RulesError, match="2 players and a blind hand can start at most at 17"):
        PlumpRules(players=2, max_cards=18)


# --- rules options: validation, presets, text ------------------------------------------


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"players": 1}, "Plump is for 2 to 10 players, not 1"),
        ({"players": 11}, "Plump is for 2 to 10 players, not 11"),
        ({"players": 7, "max_cards": 8}, "7 players can start at most at 7 cards"),
        ({"players": 10, "max_cards": 6}, "10 players can start at most at 5 cards"),
        ({"max_cards": 0}, "a deal needs at least 1 card"),
        ({"deal_order": "sideways"}, "option deal_order: 'sideways' is not one of"),
        ({"scoring": "bridge"}, "option scoring: 'bridge' is not one of"),
        ({"trump": "hearts"}, "option trump: 'hearts' is not one of"),
        ({"first_lead": "left"}, "option first_lead"),
        ({"sparr": "yes"}, "option sparr: 'yes' is not true or false"),
        ({"players": "4"}, "option players: '4' is not a whole number"),
    ],
)
def test_rules_validation(options: dict[str, Any], message: str) -> None:
    with pytest.raises(RulesError, match=message):
        PlumpRules(**options)


def test_presets() -> None:
    assert PlumpRules.preset("standard") == PlumpRules()
    assert PlumpRules.preset("children") == PlumpRules(max_cards=5, trump="none", sparr=False)
    assert PlumpRules.preset("pagat") == PlumpRules(sparr=False, scoring="per_trick")
    assert PlumpRules.preset("research").schedule() == (10,)
    assert PlumpRules.preset("two-player", max_cards=5).max_cards == 5
    with pytest.raises(RulesError, match="plump has no preset 'chess'; presets: standard"):
        PlumpRules.preset("chess")


ALL_RULES = [PlumpRules.preset(name) for name in PlumpRules.PRESETS] + [
    PlumpRules(players=6, scoring="tricks_only", plump_penalty=True, tie_break=True),
    PlumpRules(players=3, max_cards=4, deal_order="up", trump="rotation_nt", first_lead="dealer"),
    PlumpRules(players=2, no_trump_largest=True, sparr=False),
]


@pytest.mark.parametrize("rules", ALL_RULES, ids=str)
def test_rules_text_round_trip(rules: PlumpRules) -> None:
    assert PlumpRules.parse(rules.to_text()) == rules
    assert PlumpRules.parse(str(rules)) == rules
    assert PlumpRules.from_dict(rules.to_dict()) == rules
    assert repr(rules).startswith("PlumpRules(")


def test_rules_text_forms() -> None:
    assert PlumpRules().to_text() == "plump"
    assert PlumpRules(sparr=False, scoring="per_trick").to_text() == (
        "plump(sparr=false,scoring=per_trick)"
    )
    assert PlumpRules.parse("plump(children, players=3)") == PlumpRules.preset(
        "children", players=3
    )
    assert PlumpRules.parse("plump( sparr = no , max_cards = 4 )") == PlumpRules(
        sparr=False, max_cards=4
    )
    assert PlumpRules.from_strings({"tie-break": "ja"}) == PlumpRules(tie_break=True)
    with pytest.raises(RulesError, match="is not a plump rules text"):
        PlumpRules.parse("priffe(x=1)")
    with pytest.raises(RulesError, match="plump has no option 'trumps'"):
        PlumpRules.parse("plump(trumps=none)")
    with pytest.raises(RulesError, match="plump has no option 'colour'"):
        PlumpRules.from_dict({"colour": "red"})
    with pytest.raises(RulesError, match="option sparr: 'maybe' is not true or false"):
        PlumpRules.parse("plump(sparr=maybe)")
    with pytest.raises(RulesError, match="option max_cards: 'many' is not a whole number"):
        PlumpRules.parse("plump(max_cards=many)")
    assert PlumpRules.parse("plump(max_cards=none)") == PlumpRules()


# --- deals played with real cards (a score sheet) ----------------------------------------


def reported(dealer: int, bids: list[tuple[int, str]], tricks: Any, **more: Any) -> dict[str, Any]:
    return {
        "dealer": dealer,
        "auction": [{"seat": s, "call": c} for s, c in bids],
        "result": {"tricks": tricks},
        **more,
    }


@pytest.mark.parametrize("call", ["\u0663", " 1 ", "1_0", "+1", "\uff11"])
def test_a_reported_bid_is_ascii_digits_only(call: str) -> None:
    state = new(players=3, max_cards=2)
    with pytest.raises(IllegalActionError) as e:
        state.apply_reported_deal(reported(0, [(1, call), (2, "0"), (0, "0")], [1, 1, 0]))
    assert e.value.rule == "bid_range"
    assert f"seat 1's bid {call!r} is not a number" in str(e.value)
    assert state.deal_index == 0 and state.is_chance()


def test_reported_tricks_are_counts_not_booleans() -> None:
    state = new(players=3, max_cards=2)
    with pytest.raises(IllegalActionError) as e:
        state.apply_reported_deal(reported(0, [(1, "1"), (2, "0"), (0, "0")], [True, True, 0]))
    assert e.value.rule == "missing_field"


def test_reported_deals_are_checked_without_cards() -> None:
    state = new(players=3, max_cards=2)
    state.apply_reported_deal(reported(0, [(1, "1"), (2, "0"), (0, "0")], [1, 1, 0], cards=2))
    assert state.totals == [0, 11, 10] and state.dealer() == 1 and state.hand_size == 1
    before = state.clone()

    def refused(deal: dict[str, Any], rule: str, message: str) -> None:
        with pytest.raises(IllegalActionError) as e:
            state.apply_reported_deal(deal)
        assert e.value.rule == rule
        assert message in str(e.value)
        # nothing entered is lost or half-applied
        assert state.totals == before.totals and state.deal_index == before.deal_index
        assert state.is_chance()

    # not your turn: förhand (seat 2) bids first
    refused(
        reported(1, [(0, "0"), (2, "0"), (1, "0")], [0, 0, 1]),
        "turn",
        "seat 0 bids, but it is seat 2's turn",
    )
    refused(
        reported(1, [(2, "1"), (0, "0"), (1, "0")], [0, 0, 1]),
        "sparr",
        "the dealer (seat 1) may not bid 0: the bids would add up to 1 (spärren)",
    )
    refused(
        reported(1, [(2, "2"), (0, "0"), (1, "0")], [0, 0, 1]),
        "bid_range",
        "seat 2 must bid 0–1 now, not 2",
    )
    refused(
        reported(1, [(2, "x"), (0, "0"), (1, "0")], [0, 0, 1]),
        "bid_range",
        "seat 2's bid 'x' is not a number",
    )
    refused(reported(1, [(2, "1"), (0, "0")], [0, 0, 1]), "truncated", "only 2 of 3 bids")
    refused(
        reported(1, [(2, "1"), (0, "0"), (1, "1")], [1, 1, 0]),
        "trick_sum",
        "the tricks taken add up to 2, the deal has 1 tricks",
    )
    refused(
        reported(1, [(2, "1"), (0, "0"), (1, "1")], [0, 1]),
        "missing_field",
        "the result needs the tricks each of the 3 seats took",
    )
    refused(
        reported(1, [(2, "1"), (0, "0"), (1, "1")], [0, 0, 1], cards=2),
        "hand_size",
        "this deal has 1 cards each, not 2",
    )
    state.apply_reported_deal(reported(1, [(2, "1"), (0, "0"), (1, "1")], [0, 0, 1]))
    assert state.totals == [10, 11, 21]
    assert state.deal_records[-1] == {
        "dealer": 1,
        "cards": 1,
        "trump": None,
        "auction": [{"seat": 2, "call": "1"}, {"seat": 0, "call": "0"}, {"seat": 1, "call": "1"}],
        "result": {"tricks": [0, 0, 1], "points": [10, 0, 11]},
    }

"""Priffe bots: always legal, bid and play like a partnership whist player."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stickspel.bots import Turn, make_bot
from stickspel.core import CALL_BASE
from stickspel.core.cards import card_str, make_rng, parse_card
from stickspel.core.trick import LastTrickView, TrickView
from stickspel.games.priffe import CALLS, PriffeObservation, PriffeRules, PriffeState
from stickspel.games.priffe.bot import HeuristicBot, honour_tricks


def play_obs(hand: str, trick: list[str], leader: int, seat: int, contract: str = "hjärter",
             trump: str | None = "H", tricks: list[dict[str, Any]] | None = None,
             declarers: list[int] | None = None) -> PriffeObservation:  # fmt: skip
    """A seat's observation in play with these cards on the table: a real deal's, the
    cards and the contract set as given."""
    return replace(
        _in_play(),
        seat=seat,
        partner=(seat + 2) % 4,
        trump=trump,
        hand=tuple(hand.split()),
        trick=TrickView(leader, tuple(trick)),
        tricks=tuple(
            LastTrickView(t["leader"], tuple(t["cards"]), t["winner"]) for t in tricks or []
        ),
        contract=contract,
        declarers=tuple(declarers if declarers is not None else [1, 3]),
    )


def _in_play() -> PriffeObservation:
    """An observation of a deal whose cards are being played."""
    state = PriffeState()
    state.apply_chance(make_rng(1))
    bot = HeuristicBot()
    while state.phase != type(state).PLAY_PHASE:
        state.apply_action(bot.act(Turn.of(state, worlds=False)))
    obs: PriffeObservation = state.observation(state.current_player())
    assert obs.phase == "play"
    return obs


def legal_of(obs: PriffeObservation) -> list[int]:
    hand = [parse_card(c) for c in obs.hand]
    if obs.trick is not None and obs.trick.cards:
        led = parse_card(obs.trick.cards[0]) // 13
        same = [c for c in hand if c // 13 == led]
        return sorted(same or hand)
    return sorted(hand)


def choose(obs: PriffeObservation) -> str:
    return card_str(HeuristicBot()._play(obs, legal_of(obs)))


def test_second_hand_low() -> None:
    obs = play_obs("AS TS 2S 5H 3D", ["6S"], leader=1, seat=2)
    assert choose(obs) == "2S"


def test_third_hand_high_lowest_of_touching_honours() -> None:
    obs = play_obs("KS QS 2S 5H 3D", ["3S", "7S"], leader=1, seat=3)
    assert choose(obs) == "QS"
    obs = play_obs("AS 9S 2S 5H 3D", ["3S", "7S"], leader=1, seat=3)
    assert choose(obs) == "AS"


def test_no_overtaking_a_partner_who_wins() -> None:
    # fourth hand: partner (seat 1) played the ace: play low
    obs = play_obs("KS QS 2S 5H", ["AS", "3S", "4S"], leader=1, seat=3)
    assert choose(obs) == "2S"


def test_fourth_hand_wins_cheaply_or_ruffs_low() -> None:
    obs = play_obs("AS JS 2S 5H", ["TS", "3S", "4S"], leader=0, seat=3)
    assert choose(obs) == "JS"
    obs = play_obs("AH 5H 2C", ["TS", "3S", "4S"], leader=0, seat=3)  # void in spades: ruff low
    assert choose(obs) == "5H"


def test_discard_when_partner_wins_and_void() -> None:
    obs = play_obs("AH 5H 2C 9C", ["AS", "3S", "4S"], leader=1, seat=3)
    assert choose(obs) == "2C"


def test_returns_partners_lead() -> None:
    tricks = [{"leader": 1, "cards": ["2D", "5D", "AD", "3D"], "winner": 3}]
    obs = play_obs("7S 6D 4D 8C", [], leader=3, seat=3, tricks=tricks, trump=None,
                   contract="spel")  # fmt: skip
    assert card_str(HeuristicBot()._play(obs, legal_of(obs)))[1] == "D"


def test_noll_ducks_under_and_throws_high_when_void() -> None:
    obs = play_obs("KS 8S 2S 5H", ["9S"], leader=0, seat=1, contract="noll", trump=None)
    assert choose(obs) == "8S"
    obs = play_obs("KH 5H 2C", ["9S"], leader=0, seat=1, contract="tvångsnoll", trump=None)
    assert choose(obs) == "KH"
    # every card wins: last hand takes it with the highest, not a low card
    obs = play_obs("KS QS 5H", ["9S", "2S", "3S"], leader=1, seat=0, contract="noll", trump=None)
    assert choose(obs) == "KS"


def test_noll_leads_low() -> None:
    obs = play_obs("KS 8S 2C 5H", [], leader=1, seat=1, contract="noll", trump=None)
    assert choose(obs) == "2C"


# --- bidding --------------------------------------------------------------------------------


def bid_state(hands_first: str, calls_before: list[str], style: str = "modern") -> PriffeState:
    """Dealer 0; the seat to call after ``calls_before`` holds ``hands_first``."""
    seat = (1 + len(calls_before)) % 4
    mine = [parse_card(c) for c in hands_first.split()]
    rest = [c for c in range(52) if c not in mine]
    hands: list[tuple[int, ...]] = []
    for s in range(4):
        if s == seat:
            hands.append(tuple(mine))
        else:
            hands.append(tuple(rest[:13]))
            rest = rest[13:]
    from stickspel.core import Deal

    state = PriffeState(PriffeRules(style=style))
    state.apply_deal(Deal(tuple(hands)))
    for c in calls_before:
        state.apply_text(c)
    return state


def bot_call(state: PriffeState) -> str:
    return CALLS[HeuristicBot().act(Turn.of(state)) - CALL_BASE]


def test_honour_trick_table() -> None:
    assert honour_tricks(["AS", "KS"]) == 2.0
    assert honour_tricks(["AH", "QH", "2H"]) == 1.5
    assert honour_tricks(["KD", "QD"]) == 1.0
    assert honour_tricks(["KC", "2C"]) == 0.5 and honour_tricks(["KC"]) == 0.0


def test_spader_as_strong_information_bid_from_forhand() -> None:
    # A K in two suits, A Q in a third: spel strength, but shown with spader first?
    hand = "AS KS 4S AH KH 5H AD QD 3D 7C 5C 3C 2C"
    state = bid_state(hand, [])
    assert bot_call(state) in ("spel", "spader")
    weaker = "AS KS 4S AH 6H 5H KD QD 3D 7C 5C 3C 2C"  # 4 honour tricks, 3 stoppers
    assert bot_call(bid_state(weaker, [])) == "spader"


def test_klover_as_weak_invitation_not_from_third_hand_spader() -> None:
    hand = "AS QS 4S KH QH 5H 8D 6D 3D 7C 5C 4C 9H"  # 2.5 … 3 honour tricks
    call = bot_call(bid_state(hand, []))
    assert call in ("klöver", "pass")
    third = bot_call(bid_state("AS KS 4S AH 6H 5H KD QD 3D 7C 5C 3C 2C", ["pass", "pass"]))
    assert third != "spader"


def test_spel_with_every_suit_stopped_klover_with_two_stoppers() -> None:
    assert bot_call(bid_state("AS 4S 3S KH QH 5H AD 8D 3D QC JC 3C 2C", [])) == "spel"
    assert bot_call(bid_state("AS KS 4S AH 6H 5H 8D 6D 3D 7C 5C 4C 9H", [])) == "klöver"
    # the dealer has no partner left to inform: no klöver there
    late = bot_call(bid_state("AS KS 4S AH 6H 5H 8D 6D 3D 7C 5C 4C 9H", ["pass"] * 3))
    assert late == "pass"


def test_partner_answers_spader_with_spel() -> None:
    hand = "KS 4S 3S AH 6H 5H 9D 8D 3D QC JC 3C 2C"  # 1.5 honour tricks
    state = bid_state(hand, ["spader", "pass"])  # seat 3, partner of seat 1
    assert bot_call(state) == "spel"


def test_long_hearts_bid_hjarter_and_low_hand_bids_noll() -> None:
    assert bot_call(bid_state("AH KH QH 9H 7H 5H AS 4S 3D 2D 6C 5C 4C", [])) == "hjärter"
    assert bot_call(bid_state("7H 5H 3H 2H 6S 4S 3S 2S 5D 3D 2D 3C 4C", [])) == "noll"


def test_old_style_bids_real_spader_and_klover() -> None:
    state = bid_state("AC KC QC 9C 7C 5C AS 4S 3D 2D 6H 5H 4H", [], style="old")
    assert bot_call(state) == "klöver"


# --- whole games ------------------------------------------------------------------------------


@settings(max_examples=15)
@given(seed=st.integers(0, 10**6), style=st.sampled_from(["modern", "old"]))
def test_heuristic_always_legal(seed: int, style: str) -> None:
    state = PriffeState(PriffeRules(style=style, parti="one_rubber"), first_dealer=seed % 4)
    bots = [make_bot("priffe", "heuristic", seed=seed + s) for s in range(4)]
    rng = make_rng(seed)
    while not state.is_terminal():
        if state.is_chance():
            state.apply_chance(rng)
        else:
            a = bots[state.current_player()].act(Turn.of(state))
            assert a in state.legal_actions()
            state.apply_action(a)


def test_heuristic_pair_beats_random_pair() -> None:
    diff = 0
    for g in range(30):
        state = PriffeState(PriffeRules(parti="one_rubber"), first_dealer=g % 4)
        kinds = ["heuristic", "random"] * 2
        bots = [make_bot("priffe", k, seed=g * 4 + s) for s, k in enumerate(kinds)]
        rng = make_rng(1000 + g)
        while not state.is_terminal():
            if state.is_chance():
                state.apply_chance(rng)
            else:
                state.apply_action(bots[state.current_player()].act(Turn.of(state)))
        diff += state.totals[0] - state.totals[1]
    assert diff / 30 > 50


@pytest.mark.parametrize("kind", ["random", "heuristic"])
def test_bots_registered(kind: str) -> None:
    assert make_bot("priffe", kind).name == kind


@settings(max_examples=25)
@given(seed=st.integers(0, 10**6))
def test_heuristic_does_not_see_other_hands(seed: int) -> None:
    """Two deals that differ only in the other seats' cards get the same calls and lead."""
    import random

    from stickspel.core import Deal

    rng = random.Random(seed)
    deck = list(range(52))
    rng.shuffle(deck)
    hands = [tuple(deck[13 * s : 13 * s + 13]) for s in range(4)]
    rest = [c for s in (0, 2, 3) for c in hands[s]]
    rng.shuffle(rest)
    other = [tuple(rest[0:13]), hands[1], tuple(rest[13:26]), tuple(rest[26:39])]
    a, b = PriffeState(), PriffeState()
    a.apply_deal(Deal(tuple(hands)))
    b.apply_deal(Deal(tuple(other)))
    bot = HeuristicBot()
    # seat 1 is förhand: its call must not depend on the others' cards
    assert bot.act(Turn.of(a)) == bot.act(Turn.of(b))
    # the same calls for everyone; förhand (seat 1) leads in tvångsnoll and ruter alike
    calls = ["pass", "pass", "pass", "pass"] if seed % 2 else ["pass", "pass", "ruter", "pass"]
    for c in calls:
        a.apply_text(c)
        b.apply_text(c)
    assert a.current_player() == b.current_player() == 1
    assert bot.act(Turn.of(a)) == bot.act(Turn.of(b))

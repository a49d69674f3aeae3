"""Plump on the game API, on concrete deals: undo, history, sampled worlds,
tensors, public actions, catalogue refusals and loading by text."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest

from stickspel import load_game
from stickspel.core import Deal, IllegalActionError, Observation, error_text
from stickspel.core.cards import SUIT_MASKS, parse_card, parse_cards
from stickspel.games.plump import BID_BASE, PlumpObservation, PlumpRules, PlumpState


def dealt(rules: PlumpRules, hands: list[str], upcard: str | None = "2S") -> PlumpState:
    state = PlumpState(rules)
    up = parse_card(upcard) if upcard else None
    state.apply_deal(Deal(tuple(tuple(parse_cards(h)) for h in hands), upcard=up))
    return state


def three() -> PlumpState:
    """Three players, two cards each, one deal; seat 1 leads."""
    rules = PlumpRules(players=3, max_cards=2, deal_order="single")
    return dealt(rules, ["AS 2C", "KH 3C", "4D 5D"])


def play(state: PlumpState, *texts: str) -> None:
    for text in texts:
        state.apply_text(text)


def everything(state: PlumpState) -> tuple[object, ...]:
    return (
        state.current_player(),
        state.legal_actions(),
        [state.information_state_string(s) for s in range(state.num_players)],
        json.dumps(state.to_record(), sort_keys=True),
        list(state.totals),
        state.dealer(),
        state.phase,
        state.deal_index,
        list(state.bids),
        list(state.auction),
        json.dumps(state.deal_results),
        len(state.history()),
    )


def test_undo_after_a_bid_is_fast_and_exact() -> None:
    state = three()
    before = everything(state)
    play(state, "1")
    assert isinstance(state._undo[-1], tuple)  # no snapshot for a bid
    state.undo_action()
    assert everything(state) == before


def test_undo_of_the_bid_that_ends_the_auction() -> None:
    state = three()
    play(state, "1", "0")
    before = everything(state)
    play(state, "0")  # the dealer's bid: play starts
    assert state.observation(0).phase == "play"
    state.undo_action()
    assert everything(state) == before
    assert state.observation(0).phase == "bid" and state.current_player() == 0


def test_undo_after_a_card_and_after_a_trick() -> None:
    state = three()
    play(state, "1", "0", "0")
    before = everything(state)
    play(state, "3C")
    state.undo_action()
    assert everything(state) == before
    play(state, "3C", "5D")
    before_last = everything(state)
    play(state, "2C")  # completes the trick: seat 1's 3C takes it
    assert state.tricks_won == [0, 1, 0]
    state.undo_action()
    assert everything(state) == before_last


def test_undo_after_the_card_that_ends_a_deal() -> None:
    rules = PlumpRules(players=3, max_cards=2)
    state = dealt(rules, ["AS 2C", "KH 3C", "4D 5D"])
    play(state, "1", "0", "0", "3C", "5D", "2C", "KH", "4D")
    before = everything(state)
    play(state, "AS")  # the last card: the deal is scored, the next dealer deals
    assert state.is_chance() and state.dealer() == 1 and state.totals == [0, 11, 10]
    assert len(state.deal_records) == 1
    state.undo_action()
    assert everything(state) == before
    assert state.totals == [0, 0, 0] and state.dealer() == 0 and state.current_player() == 0
    assert state.deal_records == [] and state.observation(0).phase == "play"


def test_history_rebuilds_the_state() -> None:
    rng = random.Random(5)
    game = load_game("plump(players=4,max_cards=3)")
    state = game.new_initial_state(first_dealer=2)
    for _ in range(30):
        if state.is_chance():
            state.apply_chance(rng)
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    rebuilt = game.new_initial_state(first_dealer=2)
    for item in state.history():
        rebuilt.apply_history_item(item)
    assert everything(rebuilt) == everything(state)


def test_sampled_worlds_keep_a_shown_void() -> None:
    state = three()
    play(state, "1", "0", "0", "3C", "5D")  # seat 2 does not follow clubs
    rng = random.Random(2)
    seen = set()
    for _ in range(200):
        world = state.sample_world(0, rng)
        assert not world.hands[2] & SUIT_MASKS[0]
        assert world.observation(0) == state.observation(0)
        assert world.hands[0] == state.hands[0]
        assert parse_card("3C") in world.dealt[1] and parse_card("5D") in world.dealt[2]
        seen.add(world.hands[1])
        # the world's undo stack never holds the real hidden cards
        while world.history():
            world.undo_action()
    assert len(seen) > 5  # the hidden cards really are redealt


def test_sampled_worlds_with_a_blind_hand() -> None:
    state = PlumpState(PlumpRules(players=2, max_cards=3, deal_order="single"))
    hands = (tuple(parse_cards("AS KS QS")), tuple(parse_cards("2C 3D 4H")))
    state.apply_deal(Deal(hands, (tuple(parse_cards("9C 9D 9H")),), parse_card("5H")))
    play(state, "1", "1", "3D", "QS")  # seat 0 shows out of diamonds
    rng = random.Random(3)
    blinds = set()
    for _ in range(50):
        world = state.sample_world(1, rng)
        assert world.observation(1) == state.observation(1)
        assert not world.hands[0] & SUIT_MASKS[1]
        assert len(world.blind) == 3
        blinds.add(world.blind)
    assert len(blinds) > 1


def test_sample_world_redraws_simultaneous_bids() -> None:
    rules = PlumpRules(players=3, max_cards=5, bidding="simultaneous", sparr=False)
    state = dealt(rules, ["AS KS QS JS TS", "2C 3C 4C 5C 6C", "2D 3D 4D 5D 6D"], upcard="2H")
    play(state, "4", "5")  # seats 1 and 2 have bid; seat 0 cannot see them yet
    rng = random.Random(1)
    bids = {tuple(state.sample_world(0, rng).bids) for _ in range(40)}
    assert len(bids) > 1 and all(b[0] is None for b in bids)
    assert {tuple(state.sample_world(1, rng).bids)[1] for _ in range(10)} == {4}


def test_public_action_in_simultaneous_bidding() -> None:
    rules = PlumpRules(players=3, max_cards=2, bidding="simultaneous", sparr=False)
    state = dealt(rules, ["AS 2C", "KH 3C", "4D 5D"])
    assert not state.public_action(BID_BASE + 1)
    play(state, "1", "0", "0")
    assert state.public_action(parse_card("3C"))
    assert three().public_action(BID_BASE + 1)


def test_tensor_spot_checks() -> None:
    state = three()
    play(state, "1", "0", "0", "3C")
    n = 3
    t = state.observation_tensor(2)
    assert t.dtype == np.float32 and t.shape == (167 + 58 * n,)
    assert t[parse_card("4D")] == 1 and t[parse_card("AS")] == 0  # own hand only
    assert t[52 + parse_card("3C")] == 1  # played
    assert t[104 + parse_card("2S")] == 1 and t[156 + 3] == 1  # upcard, spades trump
    assert t[161 + 2] == 1  # play phase
    assert t[165] == 1.0  # two cards of two
    # seat 1 played 3C: relative seat 2 from seat 2's view
    assert t[167 + 52 * 2 + parse_card("3C")] == 1
    bids = 167 + 52 * n
    assert list(t[bids : bids + n]) == [0.0, 0.0, 0.5]  # own 0, seat 0 0, seat 1 bid 1 of 2
    assert list(t[bids + n : bids + 2 * n]) == [1, 1, 1]
    dealer = 167 + 55 * n
    assert list(t[dealer : dealer + n]) == [0, 1, 0]  # seat 0 deals: one to the left
    current = 167 + 56 * n
    assert list(t[current : current + n]) == [1, 0, 0]  # seat 2 is to play
    world = state.sample_world(2, random.Random(1))
    assert world.observation_tensor(2).tobytes() == t.tobytes()


def test_hidden_simultaneous_bids_stay_out_of_the_tensor() -> None:
    rules = PlumpRules(players=3, max_cards=2, bidding="simultaneous", sparr=False)
    one = dealt(rules, ["AS 2C", "KH 3C", "4D 5D"])
    two = dealt(rules, ["AS 2C", "KH 3C", "4D 5D"])
    play(one, "1")
    play(two, "2")
    assert one.observation_tensor(0).tobytes() == two.observation_tensor(0).tobytes()
    assert one.observation_tensor(1).tobytes() != two.observation_tensor(1).tobytes()


def test_observation_is_typed_and_as_before() -> None:
    state = three()
    play(state, "1", "0", "0", "3C")
    obs = state.observation(0)
    assert isinstance(obs, PlumpObservation) and isinstance(obs, Observation)
    assert obs.to_dict() == {
        "game": "plump",
        "seat": 0,
        "phase": "play",
        "deal_index": 0,
        "deals": 1,
        "hand_size": 2,
        "dealer": 0,
        "current_player": 2,
        "hand": ["2C", "AS"],
        "upcard": "2S",
        "trump": "S",
        "bids": [0, 1, 0],
        "bids_made": None,
        "forbidden_bid": None,
        "tricks_won": [0, 0, 0],
        "trick": {"leader": 1, "cards": ["3C"]},
        "last_trick": None,
        "totals": [0, 0, 0],
        "played": ["3C"],
    }
    assert obs["trick"]["cards"] == ["3C"] and obs.trick is not None
    assert "played" not in three().observation(0) and three().observation(0).get("played") is None
    with pytest.raises(TypeError):
        obs["hand"] = []  # type: ignore[index]


def test_refusals_come_from_the_catalogue() -> None:
    state = three()
    play(state, "1", "0")
    error = state.explain(BID_BASE + 1)
    assert isinstance(error, IllegalActionError) and error.key == "plump.sparr"
    assert str(error) == "the dealer (seat 0) may not bid 1: the bids would add up to 2 (spärren)"
    assert error_text(error, "sv") == (
        "givaren (plats 0) får inte bjuda 1: buden skulle bli 2 (spärren)"
    )
    assert error.text("sv", names=["Anna", "Björn", "Cissi"]).startswith("givaren (Anna)")


def test_load_game_by_text() -> None:
    game = load_game("plump(players=5,sparr=false)")
    assert isinstance(game.rules, PlumpRules)
    assert game.rules.players == 5 and not game.rules.sparr
    assert game.info.num_players == 5
    assert game.info.observation_shape == (167 + 58 * 5,)
    state = game.new_initial_state()
    state.apply_chance(random.Random(0))
    assert len(state.legal_actions()) == 11  # bids 0–10, no spärr
    assert game.info.max_game_length == sum(5 * (k + 1) for k in game.rules.schedule())


@pytest.mark.parametrize(
    "text",
    [
        "plump(tie_break=true,players=3,max_cards=3)",
        "plump(players=2,bidding=simultaneous,sparr=false,max_cards=4)",
        "plump(trump=rotation_nt,first_lead=dealer,players=5,max_cards=3)",
        "plump(players=10,max_cards=5,deal_order=up)",
    ],
)
def test_sampled_worlds_under_other_rules(text: str) -> None:
    """Beyond the presets (the conformance suite): what each seat sees, its tensor
    and the legal actions survive resampling, and every world plays on."""
    game = load_game(text)
    rng = random.Random(text)
    state = game.new_initial_state()
    steps = 0
    while not state.is_terminal():
        if state.is_chance():
            state.apply_chance(rng)
            continue
        if steps % 7 == 0:
            for seat in range(state.num_players):
                world = state.sample_world(seat, rng)
                assert world.observation(seat) == state.observation(seat)
                tensor = world.observation_tensor(seat)
                assert tensor.tobytes() == state.observation_tensor(seat).tobytes()
                if seat == state.current_player():
                    assert world.legal_actions() == state.legal_actions()
                while not world.deal_over():
                    world.apply_action(rng.choice(world.legal_actions()))
        state.apply_action(rng.choice(state.legal_actions()))
        steps += 1
    assert steps <= game.info.max_game_length


def test_after_a_trick_the_trick_shown_is_led_by_its_winner() -> None:
    """Issue 10 #1: the empty trick after ``X tar sticket`` names X as leader,
    not the leader of the trick just taken."""
    state = load_game("plump(players=3,max_cards=2)").new_initial_state()
    state.apply_chance(random.Random(4))
    while len(state.tricks) < 1:
        state.apply_action(state.legal_actions()[0])
    winner = state.tricks[-1][2]
    for seat in range(3):
        trick = state.observation(seat)["trick"]
        assert trick == {"leader": winner, "cards": []}

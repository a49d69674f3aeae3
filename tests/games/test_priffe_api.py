"""Priffe under the game API: undo, history, sampled worlds, tensors, load_game."""

from __future__ import annotations

import json
import pickle
import random

import numpy as np
import pytest

from stickspel import load_game
from stickspel.core import Deal, IllegalActionError, Observation, RulesError
from stickspel.core.cards import SUIT_MASKS, parse_cards
from stickspel.games.priffe import SEATINGS, PriffeRules, PriffeState, example_hands
from stickspel.games.priffe.observer import PriffeObservation, observation_shape

# seat 0 all spades, 1 all clubs, 2 all hearts, 3 all diamonds: with hjärter
# called by seat 2 its side takes every trick (a game each deal)
SUITED = tuple(tuple(parse_cards(" ".join(f"{r}{s}" for r in "23456789TJQKA"))) for s in "SCHD")
CLUBS, DIAMONDS = 0, 1


def _view(state: PriffeState) -> tuple[object, ...]:
    """Everything undo must restore."""
    return (
        [state.information_state_string(s) for s in range(4)],
        json.dumps(state.to_record(), sort_keys=True),
        state.current_player(),
        state.legal_actions(),
        state.dealer(),
        state.seating(),
        state.returns(),
        list(state.below),
        list(state.above),
        list(state.games),
        state.rubber_index,
        len(state.history()),
    )


def _calls(state: PriffeState, *texts: str) -> None:
    for text in texts:
        state.apply_text(text)


def _suited_deal(state: PriffeState) -> None:
    """Deal SUITED; seat 2 calls hjärter, everyone else passes (förhand first)."""
    state.apply_deal(Deal(SUITED))
    while state.phase == 1:
        state.apply_text("hjärter" if state.current_player() == 2 else "pass")


def _play_out(state: PriffeState, keep_last: bool = False) -> None:
    """Play the lowest legal card until the deal ends (or one card before)."""
    while not state.deal_over():
        if keep_last and sum(h.bit_count() for h in state.hands) == 1:
            return
        state.apply_action(state.legal_actions()[0])


def test_undo_a_call_uses_the_fast_path_and_restores_the_auction() -> None:
    state = PriffeState()
    state.apply_deal(Deal(example_hands()))
    before = _view(state)
    state.apply_text("hjärter")
    assert isinstance(state._undo[-1], tuple)  # fast entry, no snapshot
    state.undo_action()
    assert _view(state) == before and state.auction == [] and state.current_player() == 1
    _calls(state, "hjärter", "pass", "pass")
    before = _view(state)
    state.apply_text("pass")  # closes the auction: contract, trump and lead set
    assert isinstance(state._undo[-1], dict)
    assert state.contract_name() == "hjärter"
    state.undo_action()
    assert _view(state) == before and state.contract is None and state.trump is None


def test_undo_a_card() -> None:
    state = PriffeState()
    state.apply_deal(Deal(example_hands()))
    _calls(state, "hjärter", "pass", "pass", "pass", "KD", "5D")
    before = _view(state)
    state.apply_text("JH")
    state.undo_action()
    assert _view(state) == before
    state.apply_text("JH")
    before = _view(state)
    state.apply_text("2D")  # completes the trick: seat 3's ruff wins
    assert state.last_trick() == (1, tuple(parse_cards("KD 5D JH 2D")), 3)
    state.undo_action()
    assert _view(state) == before and state.tricks == []


def test_undo_the_card_that_ends_a_deal() -> None:
    state = PriffeState()
    _suited_deal(state)
    _play_out(state, keep_last=True)
    before = _view(state)
    state.apply_action(state.legal_actions()[0])
    assert state.is_chance() and state.games == [1, 0] and state.dealer() == 1
    assert state.deal_results[-1]["side_tricks"] == [13, 0]
    state.undo_action()
    assert _view(state) == before and state.below == [0, 0] and state.dealer() == 0


def test_undo_the_card_that_ends_a_rubber() -> None:
    state = PriffeState()
    _suited_deal(state)
    _play_out(state)
    _suited_deal(state)
    _play_out(state, keep_last=True)
    before = _view(state)
    totals = list(state.totals)
    state.apply_action(state.legal_actions()[0])
    assert state.rubber_index == 1 and state.seating() == SEATINGS[1]
    assert state.games == [0, 0] and state.below == [0, 0] and state.above == [0, 0]
    assert state.rubbers[0]["winner"] == 0 and state.totals != totals
    state.undo_action()
    assert _view(state) == before
    assert state.rubber_index == 0 and state.seating() == SEATINGS[0]
    assert state.games == [1, 0] and state.totals == totals and state.dealer() == 1


def test_history_rebuilds_the_state() -> None:
    rng = random.Random(5)
    state = load_game("priffe(rubber)").new_initial_state(first_dealer=2)
    for _ in range(150):
        if state.is_chance():
            state.apply_chance(rng)
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    rebuilt = PriffeState(state.rules, first_dealer=2)
    for item in state.history():
        rebuilt.apply_history_item(item)
    assert _view(rebuilt) == _view(state)


def test_sampled_worlds_keep_voids_and_played_cards() -> None:
    state = PriffeState()
    _suited_deal(state)  # förhand (seat 1) leads a club; everyone else shows void
    for _ in range(5):
        state.apply_action(state.legal_actions()[0])
    rng = random.Random(3)
    for _ in range(20):
        world = state.sample_world(0, rng)
        assert world.hands[0] == state.hands[0]
        # all unseen clubs must lie with seat 1, the only one not void in them
        assert world.hands[1] == state.hands[1]
        assert world.dealt[1] == tuple(sorted(world.dealt[1]))
        assert world.observation(0) == state.observation(0)
        assert world.history()[1:] == state.history()[1:]  # the same calls and cards
    # seen from seat 1 (all clubs), seats 0, 2 and 3 have shown a club void; the
    # other suits are dealt among them at random, keeping how many each holds
    seen_apart = False
    for _ in range(20):
        world = state.sample_world(1, rng)
        for seat in (0, 2, 3):
            assert not world.hands[seat] & SUIT_MASKS[CLUBS]
            assert world.hands[seat].bit_count() == state.hands[seat].bit_count()
        seen_apart |= world.hands[3] != state.hands[3]
    assert seen_apart


def test_sampled_world_of_the_example_trick_keeps_the_ruff() -> None:
    state = PriffeState()
    state.apply_deal(Deal(example_hands()))
    _calls(state, "hjärter", "pass", "pass", "pass", "KD", "5D", "JH", "2D")
    rng = random.Random(1)
    for _ in range(30):
        world = state.sample_world(2, rng)
        assert not world.hands[3] & SUIT_MASKS[DIAMONDS]  # seat 3 ruffed: void
        assert world.information_state_string(2) == state.information_state_string(2)
        # the real cards of this deal are nowhere in the world's undo stack
        assert all(not isinstance(e, dict) or e.get("dealt") != state.dealt for e in world._undo)


def test_observation_is_typed_and_reads_like_the_old_dictionary() -> None:
    state = PriffeState()
    state.apply_deal(Deal(example_hands()))
    obs = state.observation(1)
    assert isinstance(obs, PriffeObservation) and isinstance(obs, Observation)
    assert obs["hand"] == obs.to_dict()["hand"] and obs.hand == tuple(obs["hand"])
    assert obs["legal_calls"] == ["pass", "klöver", "spader", "ruter", "hjärter", "noll", "spel"]
    assert "last_result" not in obs and "last_result" not in obs.to_dict()
    assert json.loads(obs.to_json()) == obs.to_dict()
    assert pickle.loads(pickle.dumps(obs)) == obs and hash(obs) == hash(state.observation(1))
    state = PriffeState()
    _suited_deal(state)
    _play_out(state)
    obs = state.observation(0)
    assert obs["last_result"]["side_tricks"] == [13, 0]
    assert obs.to_dict()["last_result"] == state.deal_results[-1]


def test_tensor_spot_checks() -> None:
    rules = PriffeRules()
    state = PriffeState(rules)
    state.apply_deal(Deal(example_hands()))
    _calls(state, "hjärter", "pass", "pass", "pass", "KD")
    x = state.observation_tensor(2)
    assert x.shape == observation_shape(rules) == PriffeState.observation_shape(rules)
    assert x.dtype == np.float32
    hand = [c for c in range(52) if state.hands[2] >> c & 1]
    assert list(np.flatnonzero(x[:52])) == hand
    kd = parse_cards("KD")[0]
    # seat 1 is seat 2's right-hand opponent: relative seat 3
    assert x[52 + 3 * 52 + kd] == 1 and x[52 + 4 * 52 + 3 * 52 + kd] == 1
    assert x.sum() == state.observation_tensor(2).sum()
    # positions seat 2 cannot tell apart give it the same tensor
    world = state.sample_world(2, random.Random(4))
    assert world.observation_tensor(2).tobytes() == x.tobytes()
    assert world.observation_tensor(0).tobytes() != state.observation_tensor(0).tobytes()
    assert PriffeState(PriffeRules(parti="one_rubber")).observation_tensor(0).shape == (
        x.shape[0] - 2,
    )


def test_load_game_old_and_game_info() -> None:
    game = load_game("priffe(old)")
    assert game.rules.style == "old" and game.rules.game_target == 20
    info = game.info
    assert info.num_players == 4 and info.num_distinct_actions == 52 + 7
    assert info.observation_shape == observation_shape(game.rules)
    # 3 rubbers x 3 games x (2 x (20 / 2 - 1) + 1) deals x (4 calls + 52 cards)
    assert info.max_game_length == 3 * 3 * 19 * 56
    state = game.new_initial_state()
    assert isinstance(state, PriffeState) and state.rules.style == "old"
    state.apply_chance(random.Random(0))
    assert all(state.public_action(a) for a in state.legal_actions())


def test_refusals_come_from_the_catalogue() -> None:
    state = PriffeState()
    state.apply_deal(Deal(example_hands()))
    _calls(state, "pass", "pass")
    e = state.explain(state.string_to_action("spader"))
    assert e is not None and e.key == "priffe.spader_seat" and e.rule == "spader_seat"
    assert str(e) == "spader may only be bid by förhand or second hand (seat 3 is third hand)"
    assert e.text("sv") == (
        "spader får bara bjudas av förhand eller andrahand (plats 3 är tredjehand)"
    )
    names = ["Anna", "Björn", "Cissi", "David"]
    assert e.text("sv", names) == (
        "spader får bara bjudas av förhand eller andrahand (David är tredjehand)"
    )
    _calls(state, "spel")
    e = state.explain(state.string_to_action("pass"))
    assert e is not None and e.key == "priffe.auction_closed.card"
    # seat 3 called spel: its right-hand neighbour, seat 2, leads
    assert e.text("en", names) == "the auction is closed: Cissi must play a card, not pass"


def test_reported_and_rules_errors_come_from_the_catalogue() -> None:
    state = PriffeState()
    with pytest.raises(IllegalActionError) as caught:
        state.apply_reported_deal({"dealer": 0, "auction": [{"seat": 2, "call": "pass"}]})
    assert caught.value.key == "priffe.turn" and caught.value.rule == "turn"
    assert str(caught.value) == "seat 2 calls, but it is seat 1's turn"
    assert caught.value.text("sv") == "plats 2 bjuder, men det är plats 1:s tur"
    with pytest.raises(RulesError) as bad:
        PriffeRules(game_points=0)
    assert bad.value.key == "priffe.rules.game_points"
    assert str(bad.value) == "option game_points: 0 is not a positive whole number"
    assert bad.value.text("sv") == "regeln game_points: 0 är inget positivt heltal"

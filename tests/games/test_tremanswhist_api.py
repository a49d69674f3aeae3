"""Tremanswhist on the game API, on concrete deals: undo, history, sampled worlds,
the observation tensor and which actions the table sees."""

from __future__ import annotations

import json
import random

import numpy as np

from stickspel.core import Deal, Observation
from stickspel.core.cards import SUIT_MASKS, mask_of, parse_card, parse_cards
from stickspel.games.tremanswhist import (
    BUY,
    DECLINE,
    TAKE,
    TremanswhistRules,
    TremanswhistState,
)
from stickspel.games.tremanswhist.observer import TENSOR_LAYOUT, TremanswhistObservation
from stickspel.games.tremanswhist.worlds import shown_voids

# Dealer 0, förhand 1.  The upcard AH makes a plus deal with hearts trump.
HANDS = (
    "7S 6S 5S 4S 3S 2S 7D 6D 5D 4D 3D 2D 8C",  # seat 0, the dealer
    "AS KS QS JS TS 9S 8S 2H 3H 4H 5H 6H 7H",  # seat 1, förhand
    "AD KD QD JD TD 9D 8D AC KC QC JC TC 9C",  # seat 2
)
PILE = "8H 9H TH JH QH KH 7C 6C 5C 4C 3C 2C AH"
SPADES, HEARTS, DIAMONDS, CLUBS = 3, 2, 1, 0


def dealt(rules: TremanswhistRules | None = None) -> TremanswhistState:
    state = TremanswhistState(rules)
    pile = tuple(parse_cards(PILE))
    upcard = pile[-1] if state.rules.upcard_in_deal(0) else None
    state.apply_deal(Deal(tuple(tuple(parse_cards(h)) for h in HANDS), (pile,), upcard))
    return state


def snapshot(state: TremanswhistState) -> tuple[object, ...]:
    return (
        state.current_player(),
        state.phase,
        state.dealer(),
        tuple(state.totals),
        tuple(state.legal_actions()),
        tuple(state.information_state_string(s) for s in range(3)),
        json.dumps(state.to_record(), sort_keys=True),
        len(state.history()),
    )


def play(state: TremanswhistState, *cards: str) -> None:
    for c in cards:
        state.apply_text(c)


# --- undo ------------------------------------------------------------------------------
def test_undo_after_an_exchange_step_restores_hands_pile_and_turn() -> None:
    state = dealt()
    before = snapshot(state)
    state.apply_action(TAKE)  # förhand takes the fourth pile
    assert state.hands[1] == mask_of(parse_cards(PILE)) and state.phase == 3
    state.undo_action()
    assert snapshot(state) == before
    assert state.hands[1] == mask_of(parse_cards(HANDS[1])) and state.current_player() == 1


def test_undo_of_a_card_and_of_the_card_that_ends_the_deal() -> None:
    state = dealt(TremanswhistRules(max_deals=3))
    for _ in range(3):
        state.apply_action(DECLINE)
    before = snapshot(state)
    state.apply_text("AS")
    state.undo_action()
    assert snapshot(state) == before
    rng = random.Random(5)
    while len(state.tricks) < 12 or len(state.trick) < 2:
        state.apply_action(rng.choice(state.legal_actions()))
    before_last = snapshot(state)
    state.apply_action(state.legal_actions()[0])
    assert state.is_chance() and state.dealer() == 1 and sum(map(abs, state.totals)) > 0
    state.undo_action()
    assert snapshot(state) == before_last
    assert state.dealer() == 0 and state.phase == 3 and state.totals == [0, 0, 0]


def test_history_rebuilds_the_state() -> None:
    state = dealt()
    state.apply_action(DECLINE)
    state.apply_action(TAKE)
    play(state, "AS", "8H")
    rebuilt = TremanswhistState()
    for item in state.history():
        rebuilt.apply_history_item(item)
    assert snapshot(rebuilt) == snapshot(state)


# --- sampled worlds ---------------------------------------------------------------------
def test_worlds_keep_a_shown_void_and_the_duty_to_trump() -> None:
    state = dealt()
    for _ in range(3):
        state.apply_action(DECLINE)
    play(state, "AS", "9C", "2S")  # seat 2 shows: no spades, and (hearts trump) no hearts
    assert shown_voids(state)[2] == (1 << SPADES) | (1 << HEARTS)
    rng = random.Random(3)
    for _ in range(40):
        world = state.sample_world(0, rng)
        assert world.hands[0] == state.hands[0]
        assert not world.hands[2] & (SUIT_MASKS[SPADES] | SUIT_MASKS[HEARTS])
        assert world.pile[-1] == parse_card("AH")  # the upcard stays in the pile
        assert world.observation(0) == state.observation(0)
    # and the worlds differ where seat 0 cannot see
    worlds = {state.sample_world(0, rng).hands[1] for _ in range(10)}
    assert len(worlds) > 1


def test_worlds_keep_the_fourth_pile_a_seat_put_down() -> None:
    state = dealt()
    state.apply_action(TAKE)  # förhand puts its hand down as the new fourth pile
    rng = random.Random(4)
    for _ in range(20):
        taker = state.sample_world(1, rng)
        assert sorted(taker.pile) == sorted(parse_cards(HANDS[1]))
        assert taker.hands[1] == mask_of(parse_cards(PILE))
        other = state.sample_world(2, rng)
        assert other.hands[1] & mask_of([parse_card("AH")])  # the taker holds the upcard
        assert other.hands[2] == state.hands[2]


def test_buying_worlds_resample_the_cards_others_put_away() -> None:
    state = dealt(TremanswhistRules(form="buying"))
    play(state, "2H", "3H", "4H")  # förhand puts away three hearts …
    state.apply_action(BUY)  # … and buys three
    assert not state.public_action(parse_card("AD"))  # seat 2 is buying: its discards are hidden
    assert state.public_action(BUY)
    rng = random.Random(6)
    seen_away = set()
    for _ in range(20):
        world = state.sample_world(2, rng)
        assert world.observation(2) == state.observation(2)
        seen_away.add(world.discarded[1])
        history_cards = {a for a in world.current_deal_items()[1] if a < 52}
        assert len(history_cards) == 3
    assert len(seen_away) > 1  # not the real discards every time
    mine = state.sample_world(1, rng)
    assert mine.discarded[1] == state.discarded[1] and mine.hands[1] == state.hands[1]


# --- observation and tensor ---------------------------------------------------------------
def test_the_observation_is_typed_and_reads_as_before() -> None:
    state = dealt()
    obs = state.observation(1)
    assert isinstance(obs, TremanswhistObservation) and isinstance(obs, Observation)
    assert obs["exchanges"] == [] and "trick" not in obs and obs.get("trick") is None
    assert json.loads(obs.to_json()) == obs.to_dict()
    state.apply_action(TAKE)
    assert state.observation(2)["exchanges"] == [{"seat": 1, "take": True}]
    assert state.observation(2)["trick"] == {"leader": 1, "cards": []}


def _part(tensor: np.ndarray, name: str) -> np.ndarray:
    start = 0
    for part, width in TENSOR_LAYOUT:
        if part == name:
            return tensor[start : start + width]
        start += width
    raise KeyError(name)


def test_tensor_spot_checks() -> None:
    state = dealt()
    t = state.observation_tensor(1)
    assert t.shape == TremanswhistState.observation_shape(state.rules) and t.dtype == np.float32
    assert set(np.flatnonzero(_part(t, "hand"))) == set(parse_cards(HANDS[1]))
    assert np.flatnonzero(_part(t, "upcard")).tolist() == [parse_card("AH")]
    assert np.flatnonzero(_part(t, "pile_known")).tolist() == [parse_card("AH")]
    assert _part(t, "kind").tolist() == [1, 0] and _part(t, "trump")[HEARTS] == 1
    assert _part(t, "phase")[1] == 1 and _part(t, "current").tolist() == [1, 0, 0]
    assert _part(t, "dealer").tolist() == [0, 0, 1]  # the dealer sits at förhand's right
    state.apply_action(TAKE)
    play(state, "8H")
    t0 = state.observation_tensor(0)
    assert _part(t0, "trick_seat1")[parse_card("8H")] == 1  # seat 1 is seat 0's left
    assert _part(t0, "took_pile").tolist() == [0, 1, 0]
    t1 = state.observation_tensor(1)
    assert set(np.flatnonzero(_part(t1, "pile_known"))) == set(parse_cards(HANDS[1]))
    assert not _part(t0, "pile_known").any()


def _cards_shown(obs: TremanswhistObservation) -> str:
    return json.dumps(obs.to_dict())


def test_public_actions_are_those_the_other_seats_are_shown() -> None:
    for rules in (TremanswhistRules(form="buying"), TremanswhistRules(max_deals=1)):
        state = TremanswhistState(rules)
        rng = random.Random(8)
        state.apply_chance(rng)
        while not state.deal_over():
            action, actor = rng.choice(state.legal_actions()), state.current_player()
            public = state.public_action(action)
            state.apply_action(action)
            if action >= 52:
                assert public  # answers to the offer and purchases are announced
                continue
            card = f'"{state.action_to_string(action)}"'
            others = [s for s in range(3) if s != actor]
            shown = [card in _cards_shown(state.observation(s)) for s in others]
            if public:
                assert all(shown) or (state.tricks and action in state.tricks[-1][1])
            else:
                assert not any(shown) and card in _cards_shown(state.observation(actor))

"""The conformance suite: every registered game under every preset keeps the
contract of the game API (:mod:`stickspel.core.api`).

Each case plays one seeded random game to the end and, at a sample of its
positions, checks that legal actions are exactly the actions that apply, that
apply + undo restores everything, that clones and records are independent, that
sampled worlds keep what a seat knows and play to the end, that observations
never show hidden cards, and that tensors have the declared shape.
"""

from __future__ import annotations

import dataclasses
import json
import random

import numpy as np
import pytest

from stickspel import load_game
from stickspel.core import Game, GameState, IllegalActionError, Observation
from stickspel.games import GAMES

CASES = [(name, preset) for name, spec in GAMES.items() for preset in spec.rules.PRESETS]
CHECKS_PER_GAME = 12
MAX_ACTIONS = 400  # of one game; open-ended games are cut here


def _game(name: str, preset: str) -> Game:
    return load_game(f"{name}({preset})")


def _snapshot(state: GameState) -> tuple[object, ...]:
    seats = range(state.num_players)
    return (
        state.current_player(),
        tuple(state.legal_actions()),
        tuple(state.information_state_string(s) for s in seats),
        tuple(state.returns()),
        json.dumps(state.to_record(), sort_keys=True),
        state.dealer(),
        tuple(state.seating()),
        len(state.history()),
    )


def _positions(game: Game, seed: int) -> list[GameState]:
    """Clones of a sample of the decision positions of one random game."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    seen: list[GameState] = []
    steps = 0
    while not state.is_terminal() and steps < MAX_ACTIONS:
        if state.is_chance():
            state.apply_chance(rng)
            continue
        seen.append(state.clone())
        state.apply_action(rng.choice(state.legal_actions()))
        steps += 1
    seen.append(state.clone())
    picks = sorted(rng.sample(range(len(seen)), min(CHECKS_PER_GAME, len(seen))))
    return [seen[i] for i in picks]


@pytest.fixture(params=CASES, ids=[f"{g}-{p}" for g, p in CASES])
def case(request: pytest.FixtureRequest) -> tuple[Game, list[GameState]]:
    name, preset = request.param
    game = _game(name, preset)
    return game, _positions(game, seed=hash((name, preset)) % 10_000)


def test_info_matches_states(case: tuple[Game, list[GameState]]) -> None:
    game, positions = case
    info = game.info
    assert info.num_players == positions[0].num_players
    for state in positions:
        assert state.num_distinct_actions() == info.num_distinct_actions
        assert all(0 <= a < info.num_distinct_actions for a in state.legal_actions())
        actions = [h for h in state.history() if isinstance(h, int)]
        assert len(actions) <= info.max_game_length


def test_legal_actions_are_exactly_those_that_apply(case: tuple[Game, list[GameState]]) -> None:
    game, positions = case
    for state in positions:
        if state.is_terminal():
            continue
        legal = set(state.legal_actions())
        for action in range(game.info.num_distinct_actions):
            probe = state.clone()
            try:
                probe.apply_action(action)
                applied = True
            except IllegalActionError:
                applied = False
            assert applied == (action in legal), (state.action_to_string(action), legal)
            reason = state.explain(action)
            assert (reason is None) == (action in legal)
            if reason is not None:
                assert reason.rule and str(reason) and reason.text("sv")


def test_apply_then_undo_restores_everything(case: tuple[Game, list[GameState]]) -> None:
    _, positions = case
    for state in positions:
        if state.is_terminal():
            continue
        before = _snapshot(state)
        for action in state.legal_actions():
            state.apply_action(action)
            state.undo_action()
            assert _snapshot(state) == before


def test_undo_back_to_the_start_and_rebuild_from_history(
    case: tuple[Game, list[GameState]],
) -> None:
    game, positions = case
    state = positions[-1].clone()
    rebuilt = game.new_initial_state(state.first_dealer)
    for item in state.history():
        rebuilt.apply_history_item(item)
    assert _snapshot(rebuilt) == _snapshot(state)
    while state.history():
        state.undo_action()
    assert _snapshot(state) == _snapshot(game.new_initial_state(state.first_dealer))


def test_clones_and_records_are_independent(case: tuple[Game, list[GameState]]) -> None:
    _, positions = case
    for state in positions:
        before = _snapshot(state)
        record = state.to_record()
        for deal in record["deals"]:
            deal.clear()
        record["totals"].append(99)
        copy = state.clone()
        rng = random.Random(1)
        while not copy.is_terminal() and len(copy.history()) < len(state.history()) + 30:
            if copy.is_chance():
                copy.apply_chance(rng)
            else:
                copy.apply_action(rng.choice(copy.legal_actions()))
        assert _snapshot(state) == before


def test_observations_are_typed_frozen_and_json(case: tuple[Game, list[GameState]]) -> None:
    _, positions = case
    for state in positions:
        for seat in range(state.num_players):
            obs = state.observation(seat)
            assert isinstance(obs, Observation) and dataclasses.is_dataclass(obs)
            first = dataclasses.fields(obs)[0].name
            with pytest.raises(dataclasses.FrozenInstanceError):
                setattr(obs, first, None)
            assert json.loads(obs.to_json()) == obs.to_dict()
            assert state.information_state_string(seat) == obs.to_json()


def test_tensors_have_the_declared_shape(case: tuple[Game, list[GameState]]) -> None:
    game, positions = case
    for state in positions:
        for seat in range(state.num_players):
            tensor = state.observation_tensor(seat)
            assert isinstance(tensor, np.ndarray) and tensor.dtype == np.float32
            assert tensor.shape == game.info.observation_shape
            assert np.isfinite(tensor).all()


def test_sampled_worlds_keep_what_a_seat_knows(case: tuple[Game, list[GameState]]) -> None:
    _, positions = case
    rng = random.Random(7)
    for state in positions:
        if state.is_terminal() or state.is_chance():
            continue
        for seat in range(state.num_players):
            world = state.sample_world(seat, rng)
            assert world.information_state_string(seat) == state.information_state_string(seat)
            assert world.current_player() == state.current_player()
            if state.current_player() == seat:
                assert world.legal_actions() == state.legal_actions()
            assert (
                world.observation_tensor(seat).tobytes() == state.observation_tensor(seat).tobytes()
            )
            # a sampled world is a real position: it plays to the end of its deal
            while not world.deal_over():
                world.apply_action(rng.choice(world.legal_actions()))


def test_observations_do_not_show_hidden_cards(case: tuple[Game, list[GameState]]) -> None:
    """The leak check: re-dealing what a seat cannot see leaves its view unchanged,
    and the world sampled for one seat still differs for the others somewhere."""
    _, positions = case
    rng = random.Random(11)
    for state in positions:
        if state.is_terminal() or state.is_chance():
            continue
        for seat in range(state.num_players):
            for _ in range(3):
                world = state.sample_world(seat, rng)
                assert world.observation(seat) == state.observation(seat)

"""Our bots inside OpenSpiel's own oh_hell (skipped without pyspiel)."""

from __future__ import annotations

import random

import pytest

pyspiel = pytest.importorskip("pyspiel")

from stickspel.interop.openspiel import (  # noqa: E402
    StickspelPlayer,
    action_to_openspiel,
    plump_rules,
    plump_state,
)

GAME = "oh_hell(players=4,num_tricks_fixed=3)"


def _deal(game: object, rng: random.Random) -> object:
    state = game.new_initial_state()  # type: ignore[attr-defined]
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
    return state


def test_replayed_state_agrees_with_openspiel_move_for_move_and_in_the_score() -> None:
    game = pyspiel.load_game(GAME)
    rng = random.Random(3)
    for _ in range(20):
        state = _deal(game, rng)
        while not state.is_terminal():
            ours = plump_state(state)
            assert ours.current_player() == state.current_player()
            assert sorted(action_to_openspiel(a) for a in ours.legal_actions()) == sorted(
                state.legal_actions()
            )
            state.apply_action(rng.choice(state.legal_actions()))
        final = plump_state(state)
        assert final.deal_over()
        assert [float(x) for x in final.totals] == list(state.returns())


def test_our_expert_plays_a_game_against_ismcts_and_random() -> None:
    game = pyspiel.load_game(GAME)
    assert plump_rules(game).scoring == "per_trick"
    ours = StickspelPlayer(game, "expert", seed=1, think_ms=5)
    evaluator = pyspiel.RandomRolloutEvaluator(1, 7)
    ismcts = pyspiel.ISMCTSBot(7, evaluator, 2.0, 30)
    rng = random.Random(5)
    state = _deal(game, rng)
    moves = 0
    while not state.is_terminal():
        p = state.current_player()
        if p == 0:
            action = ours.step(state)
        elif p == 1:
            action = ismcts.step(state)
        else:
            action = rng.choice(state.legal_actions())
        assert action in state.legal_actions()
        state.apply_action(action)
        moves += 1
    assert moves == 4 + 12
    assert len(state.returns()) == 4


def test_other_oh_hell_variants_are_refused() -> None:
    from stickspel.core import RulesError

    with pytest.raises(RulesError, match="oh_hell"):
        plump_rules(pyspiel.load_game("oh_hell(players=4,num_tricks_fixed=3,off_bid_penalty=true)"))

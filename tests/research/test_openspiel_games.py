"""The games as OpenSpiel games: OpenSpiel's own random simulation test on every
game and preset, and OpenSpiel's algorithms running on them."""

from __future__ import annotations

import random

import pytest

pyspiel = pytest.importorskip("pyspiel")

from stickspel.core import RulesError  # noqa: E402
from stickspel.games.registry import GAMES  # noqa: E402
from stickspel.interop.openspiel_games import register_games, spiel_name  # noqa: E402

NAMES = register_games()

# OpenSpiel's simulation test keeps a copy of every state it passes: the open-ended
# Tremanswhist main game is tested with a short cap, every other game whole
SMALL = {
    "python_stickspel_tremanswhist": "(max_deals=8)",
    "python_stickspel_tremanswhist_offer_round": "(max_deals=8)",
    "python_stickspel_tremanswhist_short": "(max_deals=8)",
}


def test_every_game_and_preset_is_registered() -> None:
    for name, spec in GAMES.items():
        assert spiel_name(name) in NAMES
        for preset in spec.rules.PRESETS:
            if preset != "standard":
                assert spiel_name(name, preset) in NAMES


@pytest.mark.parametrize("name", NAMES)
def test_random_sim_test(name: str) -> None:
    game = pyspiel.load_game(name + SMALL.get(name, ""))
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def test_parameters_are_the_rules_options() -> None:
    game = pyspiel.load_game("python_stickspel_plump(players=5,sparr=false,max_cards=3)")
    assert game.num_players() == 5
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    assert state.inner.rules.to_text() == "plump(players=5,max_cards=3,sparr=false)"
    # 5 players of 3 cards and the upcard: 16 cards drawn one by one, the lowest first
    assert len(state.inner.history()) == 1
    # a bad option is the engine's own error, naming the option
    with pytest.raises(RulesError, match="2 to 10 players"):
        pyspiel.load_game("python_stickspel_plump(players=11)")


def test_deal_card_by_card_gives_the_engine_that_deal() -> None:
    game = pyspiel.load_game("python_stickspel_tremanswhist")
    state = game.new_initial_state()
    rng = random.Random(4)
    drawn = []
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        assert sum(p for _, p in outcomes) == pytest.approx(1.0)
        card = rng.choice(outcomes)[0]
        drawn.append(card)
        state.apply_action(card)
    deal = state.inner.history()[0]
    assert [c for h in (*deal.hands, *deal.extra) for c in h] == drawn
    assert deal.upcard == drawn[-1]  # the fourth pile's last card is turned


def test_perfect_recall_information_states_differ_where_the_past_differs() -> None:
    game = pyspiel.load_game("python_stickspel_plump(players=3,max_cards=2,deal_order=single)")
    a = game.new_initial_state()
    while a.is_chance_node():
        a.apply_action(a.chance_outcomes()[0][0])
    b = a.clone()
    a.apply_action(a.legal_actions()[0])
    b.apply_action(b.legal_actions()[1])
    # the observation now shows the bid made, so both strings differ; the chained
    # information state keeps what was seen even after the views meet again
    assert a.information_state_string(0) != b.information_state_string(0)
    assert a.observation_tensor(0) != b.observation_tensor(0)


def test_openspiel_mcts_and_evaluate_bots_run() -> None:
    from open_spiel.python.algorithms import evaluate_bots, mcts

    game = pyspiel.load_game("python_stickspel_plump(players=3,max_cards=1,deal_order=single)")
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=None)
    bots = [
        mcts.MCTSBot(game, 1.4, 20, evaluator, random_state=None, solve=False),
        pyspiel.make_uniform_random_bot(1, 1),
        pyspiel.make_uniform_random_bot(2, 2),
    ]
    returns = evaluate_bots.evaluate_bots(
        game.new_initial_state(), bots, __import__("numpy").random
    )
    assert len(returns) == 3 and all(0 <= r <= 11 for r in returns)


def test_outcome_sampling_mccfr_runs_on_a_tiny_preset() -> None:
    from open_spiel.python.algorithms import outcome_sampling_mccfr

    game = pyspiel.load_game("python_stickspel_plump(players=3,max_cards=1,deal_order=single)")
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    for _ in range(30):
        solver.iteration()
    policy = solver.average_policy()
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    probs = policy.action_probabilities(state)
    assert set(probs) == set(state.legal_actions())
    assert sum(probs.values()) == pytest.approx(1.0)

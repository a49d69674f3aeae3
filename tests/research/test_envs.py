"""PettingZoo AEC environments and the Gymnasium one-seat environment pass their
libraries' own checks, and keep hidden cards hidden."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402

from stickspel.envs import plump_v0, priffe_v0, tremanswhist_v0  # noqa: E402
from stickspel.envs.seat import SeatEnv  # noqa: E402

ENVS = [
    (plump_v0, {"players": 3, "max_cards": 3}),
    (plump_v0, {"players": 5, "bidding": "simultaneous", "sparr": False, "max_cards": 2}),
    (priffe_v0, {"parti": "one_rubber"}),
    (tremanswhist_v0, {"form": "buying"}),
    (tremanswhist_v0, {"max_deals": 3}),
]


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize(("module", "options"), ENVS)
def test_pettingzoo_api_test(module: object, options: dict[str, object]) -> None:
    api_test(module.env(**options), num_cycles=300)  # type: ignore[attr-defined]


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize(("module", "options"), ENVS[:1] + ENVS[2:4])
def test_pettingzoo_seed_test(module: object, options: dict[str, object]) -> None:
    seed_test(lambda: module.env(**options), num_cycles=100)  # type: ignore[attr-defined]


def test_a_whole_game_scores_the_engines_totals() -> None:
    env = plump_v0.env(players=3, max_cards=2)
    env.reset(seed=5)
    rng = np.random.default_rng(5)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    state = env.unwrapped.state
    assert state.is_terminal()
    assert [totals[a] for a in env.possible_agents] == state.returns()


def test_observations_hide_other_hands() -> None:
    env = plump_v0.raw_env(players=4, max_cards=5)
    env.reset(seed=2)
    a = env.observe("player_2")["observation"]
    # the same seat's view of a world with the other hands re-dealt is the same
    state = env.state
    seat = state.seating().index(2)
    world = state.sample_world(seat, __import__("random").Random(9))
    assert np.array_equal(a, world.observation_tensor(seat))
    # a mask is given only to the agent to act
    assert env.observe(env.agent_selection)["action_mask"].sum() > 0
    other = next(p for p in env.possible_agents if p != env.agent_selection)
    assert env.observe(other)["action_mask"].sum() == 0


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize(
    ("game", "options"),
    [
        ("plump", {"players": 3, "max_cards": 2}),
        ("priffe", {"parti": "one_rubber"}),
        ("tremanswhist", {"form": "buying"}),
    ],
)
def test_gymnasium_check_env(game: str, options: dict[str, object]) -> None:
    check_env(SeatEnv(game, **options), skip_render_check=True)


def test_seat_env_is_seeded_and_refuses_illegal_actions() -> None:
    def play(seed: int) -> list[float]:
        env = SeatEnv("plump", players=3, max_cards=2, bots="random")
        obs, _ = env.reset(seed=seed)
        rewards, done = [], False
        while not done:
            action = int(np.flatnonzero(obs["action_mask"])[0])
            obs, reward, done, _, _ = env.step(action)
            rewards.append(reward)
        return rewards

    assert play(11) == play(11)
    env = SeatEnv("plump", players=3, max_cards=2)
    obs, _ = env.reset(seed=1)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    _, reward, terminated, _, info = env.step(illegal)
    assert (reward, terminated, info) == (-1.0, True, {"illegal": True})

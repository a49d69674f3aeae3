"""Research tools' speed: environment steps/s against OpenSpiel's ``oh_hell`` in the
same run, and tournament throughput (games/s) with 1 and 2 local workers and
through a Ray cluster on loopback.

Run by hand (not in CI)::

    .venv/bin/python benchmarks/bench_research.py [--seconds 5] [--boards 60] [--no-ray]

Environment steps: random legal actions, 4 players, 10-card single deals.
``stickspel PettingZoo`` steps ``plump_v0.env`` (observation tensor and mask
built on every ``last()``); ``OpenSpiel oh_hell`` is pyspiel's C++ game stepped
from Python with its observation tensor read each step (the same work an RL loop
does); ``stickspel OpenSpiel`` is our game registered in pyspiel, stepped the
same way.  Tournament: heuristic vs random on 4-player 5-card Plump boards, one
board = one deal played in both rotations (two games).
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

import numpy as np


def rate(step: Callable[[], int], seconds: float) -> float:
    """Steps per second of ``step`` (which returns the steps it took) over ``seconds``."""
    done, start = 0, time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        done += step()
    return done / elapsed


def pettingzoo_episode(rng: np.random.Generator) -> int:
    from stickspel.envs import plump_v0

    env = plump_v0.env(players=4, max_cards=10, deal_order="single")
    env.reset(seed=int(rng.integers(1 << 30)))
    steps = 0
    for _agent in env.agent_iter():
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        steps += 1
    return steps


def spiel_episode(game: object, rng: random.Random, tensor: str) -> int:
    """One random episode, reading the player's ``tensor`` every step."""
    state = game.new_initial_state()  # type: ignore[attr-defined]
    steps = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            continue
        getattr(state, tensor)(state.current_player())
        state.apply_action(rng.choice(state.legal_actions()))
        steps += 1
    return steps


def env_steps(seconds: float) -> None:
    import pyspiel

    from stickspel.interop.openspiel_games import register_games

    register_games()
    rng, nrng = random.Random(1), np.random.default_rng(1)
    oh_hell = pyspiel.load_game("oh_hell(players=4,num_tricks_fixed=10)")
    ours = pyspiel.load_game("python_stickspel_plump(players=4,max_cards=10,deal_order=single)")
    # oh_hell offers only the information-state tensor; ours the observation tensor
    reference = rate(lambda: spiel_episode(oh_hell, rng, "information_state_tensor"), seconds)
    rows = [
        ("OpenSpiel oh_hell (C++), steps/s", reference),
        ("stickspel PettingZoo plump_v0, steps/s", rate(lambda: pettingzoo_episode(nrng), seconds)),
        ("stickspel in OpenSpiel (Python game), steps/s", rate(lambda: spiel_episode(ours, rng, "observation_tensor"), seconds)),
    ]  # fmt: skip
    for name, value in rows:
        print(f"{name:48s} {value:10.0f}   {value / reference:5.2f}x oh_hell")


def tournament_rate(boards: int, use_ray: bool) -> None:
    from stickspel.tournament import LocalExecutor, RayExecutor, TournamentConfig, run_tournament

    config = TournamentConfig.from_dict(
        {"game": "plump", "rules": "plump(players=4,max_cards=5,deal_order=single)",
         "bots": ["heuristic", "random"], "boards": boards, "batch": boards, "stop": "none"}
    )  # fmt: skip
    executors: list[tuple[str, Callable[[], object]]] = [
        ("local, 1 worker", lambda: LocalExecutor(1)),
        ("local, 2 workers", lambda: LocalExecutor(2)),
    ]
    if use_ray:
        executors.append(("Ray on loopback, 2 CPUs", lambda: RayExecutor("local", workers=2)))
    results = {}
    for name, make in executors:
        executor = make()
        run_tournament(config, executor)  # warm: processes, imports, JIT
        start = time.perf_counter()
        result = run_tournament(config, executor)
        seconds = time.perf_counter() - start
        executor.close()  # type: ignore[attr-defined]
        games = 2 * boards  # both rotations of each board
        results[name] = result.to_dict()
        print(f"tournament {name:28s} {games / seconds:8.1f} games/s")
    first = next(iter(results.values()))
    same = all({**r, "executor": ""} == {**first, "executor": ""} for r in results.values())
    print(f"same results on every executor: {same}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--boards", type=int, default=60)
    parser.add_argument("--no-ray", action="store_true")
    args = parser.parse_args()
    env_steps(args.seconds)
    tournament_rate(args.boards, not args.no_ray)


if __name__ == "__main__":
    main()

"""Train a small masked PPO policy for one seat of Plump and compare it with the
random bot in that seat.

Needs the envs extra and sb3-contrib (which brings PyTorch; on CPU):
``pip install 'stickspel[envs]' sb3-contrib``.  Runs in minutes on a laptop:

    python examples/train_plump_ppo.py --steps 40000 --games 400

The learner is person 0 of three-player Plump with deals of 3, 2, 1, 2, 3 cards,
against two ``random`` bots.  It prints the learner's mean total per game with a
95% interval against the random bot's in the same seat on the same seeds.
"""

from __future__ import annotations

import argparse
import math
import time
from typing import Any

import gymnasium as gym
import numpy as np
import torch
from sb3_contrib import MaskablePPO

from stickspel.envs.seat import SeatEnv

RULES: dict[str, Any] = {"players": 3, "max_cards": 3}


class TensorOnly(gym.ObservationWrapper):  # type: ignore[type-arg]
    """The observation tensor alone (the mask goes through ``action_masks``)."""

    def __init__(self, env: SeatEnv) -> None:
        super().__init__(env)
        self.observation_space = env.observation_space["observation"]

    def observation(self, observation: dict[str, np.ndarray]) -> np.ndarray:
        return observation["observation"]

    def action_masks(self) -> np.ndarray:
        return self.env.action_masks()  # type: ignore[no-any-return]


def make_env(bots: str = "random") -> TensorOnly:
    return TensorOnly(SeatEnv("plump", bots=bots, **RULES))


def play(policy: Any, seeds: range, bots: str) -> list[float]:
    """The learner's total per game; ``policy`` None is the random bot."""
    env = make_env(bots)
    rng = np.random.default_rng(0)
    totals = []
    for seed in seeds:
        obs, _ = env.reset(seed=seed)
        done, total = False, 0.0
        while not done:
            mask = env.action_masks()
            if policy is None:
                action = int(rng.choice(np.flatnonzero(mask)))
            else:
                action = int(policy.predict(obs, action_masks=mask, deterministic=True)[0])
            obs, reward, done, _, _ = env.step(action)
            total += float(reward)
        totals.append(total)
    return totals


def summary(values: list[float]) -> str:
    mean = sum(values) / len(values)
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (len(values) - 1))
    return f"{mean:6.2f} ± {1.96 * sd / math.sqrt(len(values)):.2f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=40_000)
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--bots", default="random")
    args = parser.parse_args()
    torch.set_num_threads(1)  # a small network: threads only contend
    start = time.perf_counter()
    model = MaskablePPO("MlpPolicy", make_env(args.bots), seed=0, verbose=0, n_steps=1024)
    model.learn(total_timesteps=args.steps)
    trained = time.perf_counter() - start
    seeds = range(10_000, 10_000 + args.games)
    learned = play(model, seeds, args.bots)
    baseline = play(None, seeds, args.bots)
    diff = [a - b for a, b in zip(learned, baseline, strict=True)]
    print(f"plump {RULES} vs two {args.bots} bots, {args.steps} steps in {trained:.0f} s")
    print(f"PPO    total per game {summary(learned)}")
    print(f"random total per game {summary(baseline)}")
    print(f"PPO − random (same deals) {summary(diff)}", flush=True)


if __name__ == "__main__":
    main()

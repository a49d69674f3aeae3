"""One seat of a stickspel game against bots, as a Gymnasium environment.

The learner is person ``seat`` (0 by default); the other seats are played by
bots of ``bots`` (one kind for all, or one per other person).  ``reset(seed=…)``
seeds the deals and the bots, so a seed replays the same game for the same
actions.  Observations are ``{"observation": tensor, "action_mask": mask}`` as
in the AEC environments (:meth:`action_masks` too, for maskable learners).  The
reward is the change in the learner's total since its last action; an illegal
action ends the episode with ``illegal_reward``.

>>> from stickspel.envs.seat import SeatEnv
>>> env = SeatEnv("plump", players=3, max_cards=2)
>>> obs, info = env.reset(seed=3)
>>> int(obs["action_mask"].sum()) > 0
True
"""

from __future__ import annotations

import random
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from stickspel.bots import Bot, Turn, make_bot
from stickspel.core import GameState
from stickspel.core.turn import needs_worlds
from stickspel.games.registry import load_game

__all__ = ["SeatEnv"]


class SeatEnv(gym.Env):  # type: ignore[type-arg]
    """Person ``seat`` of ``game`` (name or rules text, plus ``options``) against bots."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(
        self,
        game: str,
        *,
        seat: int = 0,
        bots: str | list[str] = "heuristic",
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        self.game = load_game(game, **options)
        info = self.game.info
        if not 0 <= seat < info.num_players:
            raise ValueError(f"seat {seat}: the game has persons 0–{info.num_players - 1}")
        others = info.num_players - 1
        self.bot_kinds = [bots] * others if isinstance(bots, str) else list(bots)
        if len(self.bot_kinds) != others:
            raise ValueError(f"bots: {others} kinds wanted, got {len(self.bot_kinds)}")
        self.person = seat
        self.illegal_reward = illegal_reward
        self.render_mode = render_mode
        self.observation_space: spaces.Dict = spaces.Dict(
            {
                "observation": spaces.Box(
                    -np.inf, np.inf, shape=info.observation_shape, dtype=np.float32
                ),
                "action_mask": spaces.Box(0, 1, shape=(info.num_distinct_actions,), dtype=np.int8),
            }
        )
        self.action_space: spaces.Discrete = spaces.Discrete(info.num_distinct_actions)
        self.deals = random.Random()
        self.state: GameState = self.game.new_initial_state()
        self.bots: dict[int, Bot] = {}

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        super().reset(seed=seed)
        base = int(self.np_random.integers(2**31))
        self.deals = random.Random(base)
        others = [p for p in range(self.game.info.num_players) if p != self.person]
        self.bots = {
            p: make_bot(self.game.name, kind, seed=base + 1 + i)
            for i, (p, kind) in enumerate(zip(others, self.bot_kinds, strict=True))
        }
        self.state = self.game.new_initial_state()
        self._run_others()
        return self._observe(), {}

    def step(self, action: int) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        action = int(action)
        if self.state.is_terminal() or action not in self.state.legal_actions():
            return self._observe(), self.illegal_reward, True, False, {"illegal": True}
        before = self.state.returns()[self.person]
        self.state.apply_action(action)
        self._run_others()
        reward = self.state.returns()[self.person] - before
        return self._observe(), float(reward), self.state.is_terminal(), False, {}

    def action_masks(self) -> np.ndarray:
        """The legal actions as booleans (for maskable learners)."""
        return self._mask().astype(bool)

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        return self.state.information_state_string(self._seat())

    # helpers ----------------------------------------------------------------------------
    def _seat(self) -> int:
        return self.state.seating().index(self.person)

    def _run_others(self) -> None:
        """Deal and let the bots act until it is the learner's turn or the game ends."""
        state = self.state
        while not state.is_terminal():
            if state.is_chance():
                state.apply_chance(self.deals)
                continue
            person = state.seating()[state.current_player()]
            if person == self.person:
                return
            bot = self.bots[person]
            state.apply_action(bot.act(Turn.of(state, worlds=needs_worlds(bot))))

    def _mask(self) -> np.ndarray:
        mask = np.zeros(self.game.info.num_distinct_actions, np.int8)
        if not self.state.is_terminal():
            mask[self.state.legal_actions()] = 1
        return mask

    def _observe(self) -> dict[str, np.ndarray]:
        tensor = self.state.observation_tensor(self._seat())
        return {
            "observation": tensor.reshape(self.game.info.observation_shape).astype(np.float32),
            "action_mask": self._mask(),
        }

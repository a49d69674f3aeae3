"""The PettingZoo AEC environment over any stickspel game.

Agents are people (``player_0`` …): Priffe moves people between seats from one
rubber to the next, and an agent's observation, mask and reward follow the
person.  Chance is played inside the environment from a seedable generator
(``reset(seed=…)``), so a seed gives the same deals every time.  Observations are
``{"observation": float32 tensor, "action_mask": int8 mask}``, the engine's own
``observation_tensor`` and ``legal_mask``; rewards are the change in each
person's total (deals score when they end).

>>> from stickspel.envs import plump_v0
>>> env = plump_v0.env(players=3, max_cards=2)
>>> env.reset(seed=1)
>>> obs, reward, terminated, truncated, info = env.last()
>>> bool(obs["action_mask"].sum() > 0), env.agent_selection
(True, 'player_1')
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from stickspel.core import GameState
from stickspel.games.registry import load_game

__all__ = ["StickspelAEC", "make_env"]


class StickspelAEC(AECEnv):  # type: ignore[misc]
    """One game of ``game`` (a name or rules text) under ``options``; see the module."""

    metadata: dict[str, Any] = {
        "render_modes": ["ansi"],
        "name": "stickspel_v0",
        "is_parallelizable": False,
    }

    def __init__(self, game: str, render_mode: str | None = None, **options: Any) -> None:
        super().__init__()
        self.game = load_game(game, **options)
        self.metadata = {**self.metadata, "name": f"{self.game.name}_v0"}
        info = self.game.info
        self.possible_agents = [f"player_{i}" for i in range(info.num_players)]
        self.agents = list(self.possible_agents)
        shape = info.observation_shape
        self._observation_space = spaces.Dict(
            {
                # scores and counts are scaled, but totals have no fixed bound
                "observation": spaces.Box(-np.inf, np.inf, shape=shape, dtype=np.float32),
                "action_mask": spaces.Box(0, 1, shape=(info.num_distinct_actions,), dtype=np.int8),
            }
        )
        self._action_space = spaces.Discrete(info.num_distinct_actions)
        self.render_mode = render_mode
        self.rng = random.Random()
        self.state: GameState = self.game.new_initial_state()
        self.agent_selection = self.possible_agents[0]

    # spaces -----------------------------------------------------------------------------
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action_space

    # episode ----------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self.rng = random.Random(seed)
        self.state = self.game.new_initial_state()
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._deal_if_needed()
        self._select()

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        before = self.state.returns()
        self.state.apply_action(int(action))  # type: ignore[arg-type]
        self._deal_if_needed()
        after = self.state.returns()
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {a: float(after[i] - before[i]) for i, a in enumerate(self.possible_agents)}
        if self.state.is_terminal():
            self.terminations = dict.fromkeys(self.agents, True)
        self._accumulate_rewards()
        self._select()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        person = self.possible_agents.index(agent)
        seat = self.state.seating().index(person)
        mask = np.zeros(self.game.info.num_distinct_actions, np.int8)
        if self._person_to_act() == person:
            mask[self.state.legal_actions()] = 1
        tensor = self.state.observation_tensor(seat).reshape(self.game.info.observation_shape)
        return {"observation": tensor.astype(np.float32), "action_mask": mask}

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        from io import StringIO

        from rich.console import Console

        from stickspel.views import view_of

        view = view_of(self.game.name)
        if view is None:
            return None
        person = self._person_to_act()
        seat = self.state.seating().index(person if person is not None else 0)
        buffer = StringIO()
        console = Console(file=buffer, width=100, color_system=None)
        names = [f"player_{self.state.seating()[s]}" for s in range(len(self.possible_agents))]
        console.print(view.render(self.state.observation(seat).to_dict(), players=names, lang="en"))
        return buffer.getvalue()

    def close(self) -> None:
        pass

    # helpers ----------------------------------------------------------------------------
    def _deal_if_needed(self) -> None:
        if self.state.is_chance():
            self.state.apply_chance(self.rng)

    def _person_to_act(self) -> int | None:
        seat = self.state.current_player()
        return self.state.seating()[seat] if seat >= 0 else None

    def _select(self) -> None:
        person = self._person_to_act()
        if person is not None:
            self.agent_selection = self.possible_agents[person]
        elif self.agents:
            # at the end every agent is stepped once with None to leave
            live = [a for a in self.agents if not self.terminations[a]]
            self.agent_selection = (live or self.agents)[0]


def make_env(game: str, render_mode: str | None = None, **options: Any) -> AECEnv:
    """The environment wrapped as PettingZoo's classic games are: an illegal action
    ends the game for that agent with reward −1, out-of-range actions are refused,
    and the call order is enforced."""
    env: AECEnv = StickspelAEC(game, render_mode=render_mode, **options)
    env = wrappers.TerminateIllegalWrapper(env, illegal_reward=-1)
    env = wrappers.AssertOutOfBoundsWrapper(env)
    return wrappers.OrderEnforcingWrapper(env)

"""PettingZoo AEC environment for Priffe: ``priffe_v0.env(**rules_options)``."""

from __future__ import annotations

from typing import Any

from pettingzoo import AECEnv

from stickspel.envs.aec import StickspelAEC, make_env


def env(render_mode: str | None = None, **options: Any) -> AECEnv:
    """The wrapped environment (rules options as keywords: see docs/priffe.md)."""
    return make_env("priffe", render_mode=render_mode, **options)


def raw_env(render_mode: str | None = None, **options: Any) -> StickspelAEC:
    """The environment without PettingZoo's wrappers."""
    return StickspelAEC("priffe", render_mode=render_mode, **options)

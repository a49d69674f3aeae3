"""Högsta stick at the terminal: the hand, the trick, the points."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text

from stickspel.views import hand_text, trick_text


def render(obs: dict[str, Any], *, players: list[str], lang: str = "sv") -> RenderableType:
    points = "  ".join(f"{p} {t}" for p, t in zip(players, obs["totals"], strict=True))
    parts: list[RenderableType] = [Text(points)]
    if obs["trick"]["cards"]:
        parts.append(Text(trick_text(obs["trick"], players, lang)))
    parts.append(hand_text({**obs, "trump": None}, lang, "✋"))
    return Group(*parts)


def prompt(obs: dict[str, Any], *, lang: str = "sv") -> str:
    return "?"


def deal_summary(deal: dict[str, Any], players: list[str], lang: str = "sv") -> list[str]:
    tricks = (deal.get("result") or {}).get("tricks") or []
    return [f"{p}: {t}" for p, t in zip(players, tricks, strict=False)]


def rules_summary(rules: Any, lang: str = "sv") -> str:
    return rules.to_text()

"""Plump: its rules options and game state."""

from stickspel.games.plump.state import (
    BID_BASE,
    MAX_PLAYERS,
    PlumpRules,
    PlumpState,
    score_deal,
)

__all__ = [
    "BID_BASE",
    "MAX_PLAYERS",
    "PlumpRules",
    "PlumpState",
    "score_deal",
]

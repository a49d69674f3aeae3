"""Plump: its rules options (:mod:`.rules`), game state (:mod:`.state`) and
per-seat observations (:mod:`.observer`)."""

from stickspel.games.plump.observer import LastTrickView, PlumpObservation, TrickView
from stickspel.games.plump.rules import BID_BASE, MAX_PLAYERS, PlumpRules, score_deal
from stickspel.games.plump.state import PlumpState

__all__ = [
    "BID_BASE",
    "MAX_PLAYERS",
    "LastTrickView",
    "PlumpObservation",
    "PlumpRules",
    "PlumpState",
    "TrickView",
    "score_deal",
]

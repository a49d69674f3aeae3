"""The core every game stands on: cards, rules options, the game API, trick play
written once, and the errors.

Clients import from here (or from :mod:`stickspel`); the modules are
:mod:`~stickspel.core.cards`, :mod:`~stickspel.core.rules`,
:mod:`~stickspel.core.api`, :mod:`~stickspel.core.trick` and
:mod:`~stickspel.core.errors`.
"""

from stickspel.core.api import (
    CALL_BASE,
    CHANCE,
    TERMINAL,
    Deal,
    Game,
    GameInfo,
    GameState,
    HistoryItem,
    Observation,
    ReportedDeal,
)
from stickspel.core.errors import (
    IllegalActionError,
    InvalidActionError,
    Rule,
    RulesError,
    StickspelError,
    error_text,
)
from stickspel.core.rules import Rules, option
from stickspel.core.trick import TrickGameState, check_dealt

__all__ = [
    "CALL_BASE",
    "CHANCE",
    "TERMINAL",
    "Deal",
    "Game",
    "GameInfo",
    "GameState",
    "HistoryItem",
    "Observation",
    "ReportedDeal",
    "IllegalActionError",
    "InvalidActionError",
    "Rule",
    "RulesError",
    "StickspelError",
    "error_text",
    "Rules",
    "option",
    "TrickGameState",
    "check_dealt",
]

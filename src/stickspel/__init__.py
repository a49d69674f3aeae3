"""stickspel: Swedish trick-taking card games — Plump, Priffe and Tremanswhist.

One rules engine for all three games, with the same game interface (current
player, legal actions, apply, per-seat observations, chance, returns), game
records in the ``stickspel/1`` format, the protokoll, bots and interfaces.

>>> from stickspel import PlumpRules, PlumpState, make_rng
>>> state = PlumpState(PlumpRules(players=4))
>>> state.is_chance()
True
>>> _ = state.apply_chance(make_rng(1))
>>> state.current_player(), len(state.legal_actions())
(1, 11)
"""

from .cards import CardError, card_display, card_str, make_rng, parse_card
from .game import (
    CHANCE,
    TERMINAL,
    Deal,
    GameState,
    IllegalActionError,
    InvalidActionError,
    Rules,
    RulesError,
    StickspelError,
)
from .plump import PlumpRules, PlumpState

__version__ = "0.1.0"

__all__ = [
    "CHANCE",
    "TERMINAL",
    "CardError",
    "Deal",
    "GameState",
    "IllegalActionError",
    "InvalidActionError",
    "PlumpRules",
    "PlumpState",
    "Rules",
    "RulesError",
    "StickspelError",
    "card_display",
    "card_str",
    "make_rng",
    "parse_card",
]

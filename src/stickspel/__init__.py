"""stickspel: Swedish trick-taking card games — Plump, Priffe and Tremanswhist.

One rules engine for all three games, with the same game interface (current
player, legal actions, apply, per-seat observations, chance, returns), game
records in the ``stickspel/1`` format, the protokoll, bots and interfaces.

>>> from stickspel import load_game, make_rng
>>> game = load_game("plump(players=4)")
>>> state = game.new_initial_state()
>>> state.is_chance()
True
>>> _ = state.apply_chance(make_rng(1))
>>> state.current_player(), len(state.legal_actions())
(1, 11)
>>> state.apply_action(state.legal_actions()[0]); state.undo_action()
>>> len(state.history())
1
"""

import stickspel.i18n  # noqa: F401  (installs the catalogue every error's text comes from)
from stickspel.core import (
    CHANCE,
    TERMINAL,
    Deal,
    Game,
    GameInfo,
    GameState,
    IllegalActionError,
    InvalidActionError,
    Observation,
    Rule,
    Rules,
    RulesError,
    StickspelError,
)
from stickspel.core.cards import CardError, card_display, card_str, make_rng, parse_card
from stickspel.games import load_game
from stickspel.games.plump import PlumpRules, PlumpState

__version__ = "0.1.0"

__all__ = [
    "Game",
    "GameInfo",
    "Observation",
    "Rule",
    "load_game",
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

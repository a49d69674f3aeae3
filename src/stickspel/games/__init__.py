"""The games: one package each (rules options and state), and the registry that
finds them by name (:func:`load_game`)."""

from stickspel.games.registry import GAMES, GameSpec, game_spec, load_game, new_game, register

__all__ = ["GAMES", "GameSpec", "game_spec", "load_game", "new_game", "register"]

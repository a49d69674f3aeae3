"""The games: one package each (its engine, and its parts for the layers above,
named by its :class:`GameSpec`), and the registry that finds them by name
(:func:`game_spec`, :func:`load_game`)."""

from stickspel.games.registry import GAMES, game_spec, load_game, new_game, register
from stickspel.games.spec import GameSpec

__all__ = ["GAMES", "GameSpec", "game_spec", "load_game", "new_game", "register"]

"""The registry of games: name → rules class and state class.

Interfaces (CLI, records, bots, environments) find games here, so a new game is
one module plus one line below.

>>> sorted(GAMES)[:1]
['plump']
>>> new_game("plump", players=3).num_players
3
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .game import GameState, Rules, RulesError
from .plump import PlumpRules, PlumpState


@dataclass(frozen=True)
class GameSpec:
    name: str
    rules: type[Rules]
    state: type[GameState]
    title_sv: str
    title_en: str


GAMES: dict[str, GameSpec] = {
    "plump": GameSpec("plump", PlumpRules, PlumpState, "Plump", "Plump (Oh Hell)"),
}


def register(spec: GameSpec) -> None:
    GAMES[spec.name] = spec


def game_spec(name: str) -> GameSpec:
    key = name.strip().lower().replace("ä", "a")
    if key not in GAMES:
        raise RulesError(
            f"unknown game {name!r}; games: {', '.join(sorted(GAMES))}",
            sv=f"okänt spel {name!r}; spel: {', '.join(sorted(GAMES))}",
        )
    return GAMES[key]


def new_game(
    name: str, rules: Rules | None = None, first_dealer: int = 0, **options: Any
) -> GameState:
    """A new game state of ``name`` with ``rules`` or the given options."""
    spec = game_spec(name)
    if rules is None:
        rules = spec.rules.from_dict(options)
    return spec.state(rules, first_dealer=first_dealer)  # type: ignore[call-arg]


def _load_optional() -> None:
    # Further games register themselves on import; absent modules are simply not offered.
    import importlib

    for mod in ("priffe", "tremanswhist"):
        try:
            importlib.import_module(f"stickspel.{mod}")
        except ModuleNotFoundError as e:
            if e.name != f"stickspel.{mod}":
                raise


_load_optional()

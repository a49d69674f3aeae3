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

from stickspel.core import Game, GameState, Rules, RulesError
from stickspel.games.plump import PlumpRules, PlumpState
from stickspel.games.priffe import PriffeRules, PriffeState
from stickspel.games.tremanswhist import TremanswhistRules, TremanswhistState


@dataclass(frozen=True)
class GameSpec:
    name: str
    rules: type[Rules]
    state: type[GameState]


GAMES: dict[str, GameSpec] = {
    "plump": GameSpec("plump", PlumpRules, PlumpState),
    "priffe": GameSpec("priffe", PriffeRules, PriffeState),
    "tremanswhist": GameSpec("tremanswhist", TremanswhistRules, TremanswhistState),
}


def register(spec: GameSpec) -> None:
    GAMES[spec.name] = spec


def game_spec(name: str) -> GameSpec:
    key = name.strip().lower().replace("ä", "a")
    if key not in GAMES:
        raise RulesError("rules.unknown_game", name=repr(name), games=", ".join(sorted(GAMES)))
    return GAMES[key]


def load_game(text: str, **options: Any) -> Game:
    """The game named by ``text`` with its rules: a name (``"plump"``), the
    canonical rules text (``"plump(players=5,sparr=false)"``, a preset may stand
    first: ``"plump(children)"``), and/or options as keywords.

    >>> load_game("plump(players=5,sparr=false)").rules == load_game("plump", players=5, sparr=False).rules
    True
    >>> load_game("priffe").info.num_players
    4
    >>> load_game("chess")
    Traceback (most recent call last):
    ...
    stickspel.core.errors.RulesError: unknown game 'chess'; games: plump, priffe, tremanswhist
    """
    name = text.partition("(")[0]
    spec = game_spec(name)
    canonical = spec.name + text.strip()[len(name.strip()) :]
    rules = spec.rules.parse(canonical)
    if options:
        rules = spec.rules.from_dict({**_explicit(rules), **options})
    return Game(spec.state, rules)


def _explicit(rules: Rules) -> dict[str, Any]:
    defaults = type(rules)()
    return {k: v for k, v in rules.to_dict().items() if v != defaults.to_dict()[k]}


def new_game(
    name: str, rules: Rules | None = None, first_dealer: int = 0, **options: Any
) -> GameState:
    """A new game state of ``name`` with ``rules`` or the given options."""
    spec = game_spec(name)
    if rules is None:
        rules = spec.rules.from_dict(options)
    return spec.state(rules, first_dealer=first_dealer)  # type: ignore[call-arg]

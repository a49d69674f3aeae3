"""The registry of games: name → :class:`~stickspel.games.spec.GameSpec`.

Every layer finds a game here by name and reaches its parts through its spec; a
new game is a package with its ``SPEC`` and one line below (``docs/adding-a-game.md``).

>>> sorted(GAMES)[:1]
['plump']
>>> new_game("plump", players=3).num_players
3
"""

from __future__ import annotations

from typing import Any

from stickspel.core import Game, GameState, Rules, RulesError
from stickspel.games.plump import SPEC as PLUMP
from stickspel.games.priffe import SPEC as PRIFFE
from stickspel.games.spec import GameSpec
from stickspel.games.tremanswhist import SPEC as TREMANSWHIST

GAMES: dict[str, GameSpec] = {spec.name: spec for spec in (PLUMP, PRIFFE, TREMANSWHIST)}


def register(spec: GameSpec) -> None:
    """Add ``spec`` to the games found by name (a game outside the package, or a test's)."""
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

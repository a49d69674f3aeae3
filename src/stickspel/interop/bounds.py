"""What OpenSpiel needs of a game that its engine leaves open: a game's spec's
``openspiel`` part (``games/<game>/openspiel.py``), a :class:`SpielBounds`.

OpenSpiel wants finite games with known bounds: the player counts a game may be
loaded with, a finite value for each rules option the rules leave open, at most
how many deals a game has and the bounds of a person's total after them
(:mod:`stickspel.interop.openspiel_games` registers every game that has one).

>>> from stickspel.games import game_spec
>>> bounds = bounds_of(game_spec("tremanswhist"))
>>> dict(bounds.caps), list(bounds.players)
({'max_deals': 100}, [])
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType

from stickspel.core import Rules
from stickspel.games.spec import GameSpec, part_of

__all__ = ["SpielBounds", "bounds_of"]


class SpielBounds:
    """A game's bounds for OpenSpiel; this plain one counts deals of 4 calls and 52
    cards, and leaves a total unbounded."""

    #: The player counts a game may be loaded with (empty: its rules' count only).
    players: Sequence[int] = ()
    #: The rules options the rules leave open (``None``) and the value each gets here.
    caps: Mapping[str, int] = MappingProxyType({})

    def deal_count(self, rules: Rules, max_game_length: int) -> int:
        """At most how many deals a game under ``rules`` has (``max_game_length``: the
        engine's bound of its actions)."""
        return max(1, max_game_length // (4 + 52))

    def utility_bounds(self, rules: Rules, deals: int) -> tuple[float, float]:
        """The bounds of each person's total after at most ``deals`` deals."""
        return float("-inf"), float("inf")


def bounds_of(spec: GameSpec) -> SpielBounds:
    """The OpenSpiel bounds of ``spec``'s game (its spec's ``openspiel``; the plain
    one where the game has none)."""
    found: SpielBounds | None = part_of(spec, spec.openspiel, SpielBounds)
    return found or SpielBounds()

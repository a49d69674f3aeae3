"""What a game is to the rest of the program: a :class:`GameSpec`.

A game is one package, ``stickspel.games.<game>``: its rules options and state
(the engine, imported by everything), and its parts for the layers above — the
record codec, the terminal view, the protokoll, the score sheet's rules, its bots,
its search adapter and its card play as the search sees it.  The spec names each part by a function of the game's own
package that imports it on first use, so that the engine never imports a layer
above it, and each layer reaches a game only through the spec and its own small
Protocol (``records.events.Codec``, ``views.View``, ``protokoll.SheetBuilder``,
``protokoll.sheetrules.SheetRules``, ``bots.search_adapter.SearchAdapter``,
``search.position.PlayModel``):
no layer branches on a game's name, none looks a module up by name.

>>> from stickspel.games import game_spec
>>> spec = game_spec("plump")
>>> spec.name, spec.rules.__name__, spec.state.__name__
('plump', 'PlumpRules', 'PlumpState')
>>> type(spec.codec()).__name__
'PlumpCodec'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from stickspel.core import GameState, Rules

__all__ = ["GameSpec", "Part", "part_of"]

#: A part of a game for a layer above the engine, imported when first asked for.
Part = Callable[[], object]


def _none() -> object:
    return None


@dataclass(frozen=True)
class GameSpec:
    """A game: its name, rules and state classes, and its parts by layer."""

    name: str
    rules: type[Rules]
    state: type[GameState]
    #: The record codec (``records.events.Codec``): a record's deals ↔ engine events.
    codec: Part = _none
    #: The terminal view (``views.View``): the table and the prompt as a seat sees them.
    view: Part = _none
    #: The protokoll (``protokoll.SheetBuilder``): the score sheet built from a record.
    protokoll: Part = _none
    #: The score sheet's rules (``protokoll.sheetrules.SheetRules``): a row checked, built.
    sheet: Part = _none
    #: The game's own bots by name (``heuristic``: the model the levels reason with).
    bots: Part = _none
    #: The search adapter (``bots.search_adapter.SearchAdapter``) of the expert levels.
    search: Part = _none
    #: The card play as the search sees it (``search.position.PlayModel``): its
    #: positions from the game's states, what each seat plays for, which solver.
    play: Part = _none
    #: The web table's view of a seat (``views.seatview.SeatView``): its panel, its calls' kinds.
    seatview: Part = _none
    #: The coach's part (``bots.coach.Coach``): the seat's goal, its calls in words.
    coach: Part = _none
    #: The bounds OpenSpiel needs (``interop.bounds.SpielBounds``): players, caps, totals.
    openspiel: Part = _none


def part_of(spec: GameSpec, part: Part, kind: type) -> Any:
    """``part`` of ``spec`` if the game has one, checked to be a ``kind`` (a runtime
    checkable Protocol or a class); ``None`` where the game has none.  (Typed by the
    layer's accessor that asks: a Protocol is no concrete ``type[T]`` to mypy.)

    >>> from stickspel.games import game_spec
    >>> spec = game_spec("plump")
    >>> part_of(spec, spec.bots, dict) is not None
    True
    """
    found = part()
    if found is None:
        return None
    if not isinstance(found, kind):
        raise TypeError(f"{spec.name}: {found!r} is not a {kind.__name__}")
    return found

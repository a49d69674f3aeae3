"""What a score-sheet row of each game is: the small Protocol the front ends
(``stickspel protokoll`` and the web's score sheets) call to check a row as it is
typed, to build it and, at a terminal, to ask it, so that every entry is judged in
one place.

Each game's rules live in its package (``games/<game>/sheet.py``); :func:`sheet_rules`
hands them out by the game's spec.  The scorekeeper's :class:`~.scorekeeper.Session`
keeps the rows, replays them on the engine and totals them.

>>> from stickspel.protokoll.scorekeeper import Session
>>> s = Session.new("plump", ["Anna", "Björn", "Cissi"], max_cards=2)
>>> sheet_rules(s.spec).check(s, 1, {"bids": ",1,1"})  # Björn and Cissi have bid
{'forbidden': 0}
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol, TypeVar, runtime_checkable

from stickspel.games.spec import GameSpec, part_of
from stickspel.protokoll.scorekeeper import ReportedRow, ScorekeeperError, Session

__all__ = ["Fields", "Asker", "SheetRules", "sheet_rules"]

#: A row's fields as typed, by name (``bids``, ``tricks``, ``calls`` …; ``None``: not given).
Fields = dict[str, str | None]


T = TypeVar("T")


class Asker(Protocol):
    """A terminal a row is asked at, answer by answer (``stickspel protokoll session``):
    its messages are the catalogue's ``cli.protokoll.*``, named without the prefix."""

    def ask(self, prompt: str, default: str | None = None, **params: Any) -> str:
        """The answer to ``prompt`` (``default``, shown, on an empty answer)."""
        ...

    def say(self, message: str, **params: Any) -> None:
        """Tell the table ``message``."""
        ...

    def words(self, message: str, **params: Any) -> str:
        """``message`` in the terminal's language (a part of a prompt)."""
        ...

    def retry(self, ask: Callable[[], T]) -> T:
        """What ``ask`` returns, asked again (the reason told) until it is not refused."""
        ...

    def refused(self, error: Exception) -> None:
        """Tell why an answer was refused."""
        ...


@runtime_checkable
class SheetRules(ReportedRow, Protocol):
    """One game's score-sheet row: what is written first, how it is checked and built,
    how it is asked at a terminal; what the session replays of it (:class:`ReportedRow`)."""

    #: The game (its spec's name).
    game: str
    #: The message asking for what is written first (a row with neither calls nor tricks).
    first: str
    #: The message asking for the tricks of an open row entered again without them.
    tricks_wanted: str
    #: Whether the tricks alone make a row (the engine judges what else it needs).
    tricks_alone: bool
    #: What a correction keeps of the row's result when it is not given again.
    kept: tuple[str, ...]
    #: The fields a row is typed in (of :data:`~stickspel.protokoll.entry.FIELDS`).
    fields: tuple[str, ...]
    #: The seats that play together, told before each deal where people move
    #: between rubbers (two pairs); ``None``: each plays alone.
    partners: tuple[tuple[int, int], tuple[int, int]] | None

    def calls_given(self, fields: Fields) -> bool:
        """Whether what is written before the deal is played is there."""
        ...

    def deal(
        self, session: Session, fields: Fields, *, row: int | None, open_row: bool
    ) -> dict[str, Any]:
        """The deal of row ``row`` (``None``: the next) from its fields; ``open_row``:
        its calls alone."""
        ...

    def fill(self, session: Session, old: dict[str, Any], out: Fields) -> None:
        """The fields of ``out`` not given (``None``) taken from the row as written."""
        ...

    def check(self, session: Session, row: int, fields: Fields) -> dict[str, Any]:
        """Judge row ``row`` as far as it is typed (raises on the first thing wrong);
        what the table should know besides (Plump: the bid the dealer may not make)."""
        ...

    def ask_row(self, session: Session, row: int, asker: Asker) -> dict[str, Any]:
        """Ask row ``row`` (the next, or one being corrected) at a terminal in the order
        the table calls, each answer judged as it comes, and enter it; the deal."""
        ...


def sheet_rules(spec: GameSpec) -> SheetRules:
    """The score-sheet rules of the game of ``spec``."""
    rules: SheetRules | None = part_of(spec, spec.sheet, SheetRules)
    if rules is None:
        raise ScorekeeperError("scorekeeper.cli.no_scorekeeping", game=spec.name)
    return rules

"""What a game adds to the web table's view of a seat: its spec's ``seatview``
(``games/<game>/seatview.py``), a :class:`SeatView`.

The server's seat view (:mod:`stickspel.server.seatview`) builds the page's panel
and the replay's moves from the engine and the catalogues; a game says only its
own part: the panel's head and lines from the seat's observation (the deal, the
bids, Priffe's auction and pair scores, Tremanswhist's exchanges), and which of
its calls a replay names by what they do.  A game without one shows an empty
panel and names every call a bid.

>>> seat_name(["Anna", "Björn"], 1), seat_name(["Anna", "Björn"], None)
('Björn', '?')
>>> seatview_of("plump").CALL_KINDS
{}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

from stickspel.core.cards import parse_suit, suit_display
from stickspel.games import game_spec
from stickspel.games.spec import part_of

__all__ = ["SeatView", "seatview_of", "seat_name", "trump_text"]


@runtime_checkable
class SeatView(Protocol):
    """A game's part of the web table's view of a seat (its spec's ``seatview``)."""

    #: The calls (by their text) a replay names by what they do, not as a bid:
    #: Priffe's ``pass`` → ``"pass"``, Tremanswhist's ``byt`` → ``"take_pile"``.
    CALL_KINDS: Mapping[str, str]

    def panel(
        self,
        out: dict[str, Any],
        obs: dict[str, Any],
        names: list[str],
        lang: str,
        seat: int | None,
    ) -> None:
        """Fill the panel ``out`` (its ``head``, ``lines``, ``auction``, ``table``) from
        the observation ``obs`` of the reader's seat ``seat`` (``None``: a spectator),
        in ``lang``; ``names`` by seat."""
        ...


def seatview_of(game: str) -> SeatView | None:
    """The web table's view part of ``game`` (``None`` where it has none)."""
    spec = game_spec(game)
    found: SeatView | None = part_of(spec, spec.seatview, SeatView)
    return found


def seat_name(names: Sequence[str], seat: Any) -> str:
    """The name at ``seat``, ``?`` where there is none."""
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"


def trump_text(obs: dict[str, Any], lang: str) -> str | None:
    """The trump suit of ``obs`` in ``lang``'s words (``None``: no trump)."""
    trump = obs.get("trump")
    return suit_display(parse_suit(trump), lang) if trump else None

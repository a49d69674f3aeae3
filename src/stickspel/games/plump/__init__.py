"""Plump: its rules options (:mod:`.rules`), game state (:mod:`.state`) and
per-seat observations (:mod:`.observer`)."""

from stickspel.games.plump.observer import LastTrickView, PlumpObservation, TrickView
from stickspel.games.plump.rules import BID_BASE, MAX_PLAYERS, PlumpRules, score_deal
from stickspel.games.plump.state import PlumpState
from stickspel.games.spec import GameSpec

__all__ = [
    "SPEC",
    "BID_BASE",
    "MAX_PLAYERS",
    "LastTrickView",
    "PlumpObservation",
    "PlumpRules",
    "PlumpState",
    "TrickView",
    "score_deal",
]


# The parts for the layers above the engine, imported on first use (see
# stickspel.games.spec): the engine itself never imports them.


def _codec() -> object:
    """The record codec."""
    from stickspel.games.plump.codec import CODEC

    return CODEC


def _view() -> object:
    """The terminal view."""
    from stickspel.games.plump import view

    return view


def _protokoll() -> object:
    """The protokoll built from a record."""
    from stickspel.games.plump import protokoll

    return protokoll


def _sheet() -> object:
    """The score sheet's rules."""
    from stickspel.games.plump.sheet import PLUMP_SHEET

    return PLUMP_SHEET


def _bots() -> object:
    """The game's own bots by name."""
    from stickspel.games.plump.bot import BOTS

    return BOTS


def _search() -> object:
    """The search adapter of the expert levels."""
    from stickspel.games.plump.search import SEARCH

    return SEARCH


def _play() -> object:
    """The card play as the search sees it."""
    from stickspel.games.plump.play import MODEL

    return MODEL


def _seatview() -> object:
    """The web table's view of a seat."""
    from stickspel.games.plump import seatview

    return seatview


def _coach() -> object:
    """The coach's part."""
    from stickspel.games.plump.coach import COACH

    return COACH


def _openspiel() -> object:
    """The bounds OpenSpiel needs."""
    from stickspel.games.plump.openspiel import SPIEL

    return SPIEL


SPEC = GameSpec(
    "plump",
    PlumpRules,
    PlumpState,
    codec=_codec,
    view=_view,
    protokoll=_protokoll,
    sheet=_sheet,
    bots=_bots,
    search=_search,
    play=_play,
    seatview=_seatview,
    coach=_coach,
    openspiel=_openspiel,
)

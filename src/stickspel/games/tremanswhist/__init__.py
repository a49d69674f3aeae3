"""Tremanswhist: its rules options (:mod:`.rules`), game state (:mod:`.state`) and
per-seat observations (:mod:`.observer`)."""

from stickspel.games.spec import GameSpec
from stickspel.games.tremanswhist.observer import TremanswhistObservation
from stickspel.games.tremanswhist.rules import (
    BUY,
    DEALS_IN_BUYING,
    DECLINE,
    NUM_ACTIONS,
    PAR,
    PILE_SIZE,
    PLAYERS,
    TAKE,
    TremanswhistRules,
    deal_kind,
    deal_points,
)
from stickspel.games.tremanswhist.state import TremanswhistState

__all__ = [
    "SPEC",
    "BUY",
    "DEALS_IN_BUYING",
    "DECLINE",
    "NUM_ACTIONS",
    "PAR",
    "PILE_SIZE",
    "PLAYERS",
    "TAKE",
    "TremanswhistObservation",
    "TremanswhistRules",
    "TremanswhistState",
    "deal_kind",
    "deal_points",
]


# The parts for the layers above the engine, imported on first use (see
# stickspel.games.spec): the engine itself never imports them.


def _codec() -> object:
    """The record codec."""
    from stickspel.games.tremanswhist.codec import CODEC

    return CODEC


def _view() -> object:
    """The terminal view."""
    from stickspel.games.tremanswhist import view

    return view


def _protokoll() -> object:
    """The protokoll built from a record."""
    from stickspel.games.tremanswhist import protokoll

    return protokoll


def _sheet() -> object:
    """The score sheet's rules."""
    from stickspel.games.tremanswhist.sheet import TREMANSWHIST_SHEET

    return TREMANSWHIST_SHEET


def _bots() -> object:
    """The game's own bots by name."""
    from stickspel.games.tremanswhist.bot import BOTS

    return BOTS


def _search() -> object:
    """The search adapter of the expert levels."""
    from stickspel.games.tremanswhist.search import SEARCH

    return SEARCH


def _play() -> object:
    """The card play as the search sees it."""
    from stickspel.games.tremanswhist.play import MODEL

    return MODEL


def _seatview() -> object:
    """The web table's view of a seat."""
    from stickspel.games.tremanswhist import seatview

    return seatview


def _coach() -> object:
    """The coach's part."""
    from stickspel.games.tremanswhist.coach import COACH

    return COACH


def _openspiel() -> object:
    """The bounds OpenSpiel needs."""
    from stickspel.games.tremanswhist.openspiel import SPIEL

    return SPIEL


SPEC = GameSpec(
    "tremanswhist",
    TremanswhistRules,
    TremanswhistState,
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

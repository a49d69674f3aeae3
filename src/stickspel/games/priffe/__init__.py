"""Priffe: its rules options (:mod:`.rules`), game state (:mod:`.state`) and
per-seat observation (:mod:`.observer`)."""

from stickspel.games.priffe.observer import PriffeObservation
from stickspel.games.priffe.rules import (
    CALLS,
    CONTRACT_NAMES,
    HJARTER,
    HONOUR_POINTS,
    KLOVER,
    NOLL,
    PASS,
    RUTER,
    SEATINGS,
    SPADER,
    SPEL,
    TVANGSNOLL,
    DealScore,
    PriffeRules,
    example_hands,
    honour_cards,
    honour_kind,
    honours_of,
    score_deal,
    side_of,
    trump_of,
)
from stickspel.games.priffe.state import PriffeState
from stickspel.games.spec import GameSpec

__all__ = [
    "SPEC",
    "CALLS",
    "CONTRACT_NAMES",
    "DealScore",
    "HJARTER",
    "HONOUR_POINTS",
    "KLOVER",
    "NOLL",
    "PASS",
    "PriffeObservation",
    "PriffeRules",
    "PriffeState",
    "RUTER",
    "SEATINGS",
    "SPADER",
    "SPEL",
    "TVANGSNOLL",
    "example_hands",
    "honour_cards",
    "honour_kind",
    "honours_of",
    "score_deal",
    "side_of",
    "trump_of",
]


# The parts for the layers above the engine, imported on first use (see
# stickspel.games.spec): the engine itself never imports them.


def _codec() -> object:
    """The record codec."""
    from stickspel.games.priffe.codec import CODEC

    return CODEC


def _view() -> object:
    """The terminal view."""
    from stickspel.games.priffe import view

    return view


def _protokoll() -> object:
    """The protokoll built from a record."""
    from stickspel.games.priffe import protokoll

    return protokoll


def _sheet() -> object:
    """The score sheet's rules."""
    from stickspel.games.priffe.sheet import PRIFFE_SHEET

    return PRIFFE_SHEET


def _bots() -> object:
    """The game's own bots by name."""
    from stickspel.games.priffe.bot import BOTS

    return BOTS


def _search() -> object:
    """The search adapter of the expert levels."""
    from stickspel.games.priffe.search import SEARCH

    return SEARCH


def _play() -> object:
    """The card play as the search sees it."""
    from stickspel.games.priffe.play import MODEL

    return MODEL


def _seatview() -> object:
    """The web table's view of a seat."""
    from stickspel.games.priffe import seatview

    return seatview


def _coach() -> object:
    """The coach's part."""
    from stickspel.games.priffe.coach import COACH

    return COACH


def _openspiel() -> object:
    """The bounds OpenSpiel needs."""
    from stickspel.games.priffe.openspiel import SPIEL

    return SPIEL


SPEC = GameSpec(
    "priffe",
    PriffeRules,
    PriffeState,
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

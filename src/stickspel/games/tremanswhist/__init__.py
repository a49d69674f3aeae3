"""Tremanswhist: its rules options (:mod:`.rules`), game state (:mod:`.state`) and
per-seat observations (:mod:`.observer`)."""

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

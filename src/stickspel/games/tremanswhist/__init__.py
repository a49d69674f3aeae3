"""Tremanswhist: its rules options and game state."""

from stickspel.games.tremanswhist.state import (
    BUY,
    DEALS_IN_BUYING,
    DECLINE,
    NUM_ACTIONS,
    PAR,
    PILE_SIZE,
    PLAYERS,
    TAKE,
    TremanswhistRules,
    TremanswhistState,
    deal_kind,
    deal_points,
)

__all__ = [
    "BUY",
    "DEALS_IN_BUYING",
    "DECLINE",
    "NUM_ACTIONS",
    "PAR",
    "PILE_SIZE",
    "PLAYERS",
    "TAKE",
    "TremanswhistRules",
    "TremanswhistState",
    "deal_kind",
    "deal_points",
]

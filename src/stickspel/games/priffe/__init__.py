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

__all__ = [
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

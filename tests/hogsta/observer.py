"""What one seat of Högsta stick may know: its hand, the tricks, the points."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from stickspel.core import Observation
from stickspel.core.cards import card_str, cards_of
from stickspel.core.trick import TrickView

if TYPE_CHECKING:
    from tests.hogsta.state import HogstaState


@dataclass(frozen=True)
class HogstaObservation(Observation):
    """A seat's view: ``seat`` ``None`` is a spectator's (no hand)."""

    seat: int | None
    hand: tuple[str, ...]
    phase: str
    dealer: int
    current: int | None
    trick: TrickView
    tricks_won: tuple[int, ...]
    played: tuple[str, ...]
    totals: tuple[int, ...]


def observe(state: HogstaState, seat: int | None) -> HogstaObservation:
    played = [c for _, cards, _ in state.tricks for c in cards] + list(state.trick)
    hand = cards_of(state.hands[seat]) if seat is not None else []
    return HogstaObservation(
        seat=seat,
        hand=tuple(card_str(c) for c in hand),
        phase={0: "deal", 2: "play", 3: "over"}[state.phase],
        dealer=state.dealer_seat,
        current=state.current if state.phase == 2 else None,
        trick=TrickView(state.trick_leader(), tuple(card_str(c) for c in state.trick)),
        tricks_won=tuple(state.tricks_won),
        played=tuple(card_str(c) for c in played),
        totals=tuple(state.totals),
    )


def observation_tensor(state: HogstaState, seat: int) -> np.ndarray:
    """The seat's hand (52) and the cards played this deal (52)."""
    out = np.zeros(104, np.float32)
    out[cards_of(state.hands[seat])] = 1
    for _, cards, _ in state.tricks:
        out[[52 + c for c in cards]] = 1
    out[[52 + c for c in state.trick]] = 1
    return out

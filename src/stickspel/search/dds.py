"""DDS (Bo Haglund's double-dummy solver, through the ``endplay`` package) for the
positions it is made for: four hands, every side playing to take tricks, no duty
to trump — Priffe's trump contracts and spel.  On 13-card deals it is far faster
than this package's own alpha-beta (see docs/search.md), and both are exact, so
it answers those positions when ``endplay`` is installed (the ``bench`` extra).
"""

from __future__ import annotations

from typing import Any

import stickspel.search.kernels as K
from stickspel.search.position import Position

__all__ = ["available", "dds_tricks"]

_RANKS = "23456789TJQKA"
_SUITS = "CDHS"
_endplay: Any = None


def available() -> bool:
    """Whether ``endplay`` (and so DDS) can be imported here."""
    global _endplay
    if _endplay is None:
        try:
            import endplay.dds as dds
            import endplay.types as types

            _endplay = (dds, types)
        except ImportError:  # not installed, or its compiled part does not load
            _endplay = False
    return bool(_endplay)


def fits(pos: Position) -> bool:
    """Whether DDS can solve ``pos``: four hands and no duty to trump."""
    return pos.n == 4 and not pos.s[K.MUST_TRUMP_]


def _pbn(hands: list[int], first: int) -> str:
    parts = []
    for i in range(4):
        h = hands[(first + i) % 4]
        suits = []
        for s in (3, 2, 1, 0):  # PBN lists spades, hearts, diamonds, clubs
            suits.append("".join(_RANKS[r] for r in range(12, -1, -1) if h >> (13 * s + r) & 1))
        parts.append(".".join(suits))
    return "NESW"[first] + ":" + " ".join(parts)


def dds_tricks(pos: Position) -> dict[int, int] | None:
    """For each legal card of the seat to move, the tricks its side takes from here
    on (the trick in progress included) when both sides play for tricks; ``None``
    when DDS is not installed or cannot take the position."""
    if not fits(pos) or not available():
        return None
    dds, types = _endplay
    trick = pos.trick
    leader = pos.leader
    hands = list(pos.hands)
    for i, c in enumerate(trick):  # the trick's cards back in hand, played anew
        hands[(leader + i) % 4] |= 1 << c
    trump = pos.trump
    denom = types.Denom.nt if trump is None else types.Denom(3 - trump)
    deal = types.Deal(_pbn(hands, leader), first=types.Player(leader), trump=denom)
    for c in trick:
        deal.play(types.Card(_SUITS[c // 13] + _RANKS[c % 13]))
    out: dict[int, int] = {}
    for card, tricks in dds.solve_board(deal):
        suit = 3 - int(card.suit)
        rank = int(card.rank).bit_length() - 3
        out[suit * 13 + rank] = int(tricks)
    return out

"""Concrete positions the bot and coach tests set up by hand."""

from __future__ import annotations

from stickspel.core import Deal
from stickspel.core.cards import parse_card, parse_cards
from stickspel.games.plump import PlumpRules, PlumpState


def plump_position(
    hands: list[str], upcard: str, first_dealer: int, moves: list[str]
) -> PlumpState:
    """A single Plump deal dealt as ``hands`` (by seat), then ``moves`` (bids, cards)."""
    size = len(hands[0].split())
    state = PlumpState(
        PlumpRules(players=len(hands), max_cards=size, deal_order="single"),
        first_dealer=first_dealer,
    )
    state.apply_deal(Deal(tuple(tuple(parse_cards(h)) for h in hands), upcard=parse_card(upcard)))
    for m in moves:
        state.apply_text(m)
    return state

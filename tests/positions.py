"""Concrete positions the bot and coach tests set up by hand."""

from __future__ import annotations

from typing import Any

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


def bots_game(seed: int) -> dict[str, Any]:
    """The record of a game of plump(players=3,max_cards=2) by the heuristic, the
    beginner and the heuristic (Anna, Ben, Cleo), dealt from ``seed``: the same
    game whatever the machine."""
    from stickspel.bots import make_bot
    from stickspel.core.cards import make_rng
    from stickspel.games import load_game
    from stickspel.table import play_out

    state = load_game("plump(players=3,max_cards=2)").new_initial_state(0)
    kinds = ["heuristic", "beginner", "heuristic"]
    play_out(state, [make_bot("plump", k, seed=i) for i, k in enumerate(kinds)], make_rng(seed))
    record: dict[str, Any] = state.to_record(["Anna", "Ben", "Cleo"])
    return record

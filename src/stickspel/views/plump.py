"""Plump at the terminal, as one seat sees it (built only from ``observation(seat)``).

>>> from stickspel.games.plump import PlumpRules, PlumpState
>>> from stickspel.core.cards import make_rng
>>> state = PlumpState(PlumpRules(players=3, max_cards=3))
>>> _ = state.apply_chance(make_rng(2))
>>> obs = state.observation(1)
>>> prompt(obs)
'Ditt bud (0–3)'
>>> _ = state.apply_text("1"); _ = state.apply_text("1")
>>> prompt(state.observation(0)), prompt(state.observation(0), lang="en")
('Ditt bud (0–3, inte 1)', 'Your bid (0–3, not 1)')
>>> describe(state.observation(0), 2, "1", ["Anna", "Björn", "Cissi"])
'Cissi bjuder 1.'
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from stickspel.core.cards import (
    card_display,
    hand_display,
    mask_of,
    parse_card,
    parse_suit,
    suit_display,
)

__all__ = ["render", "prompt", "describe"]

_WORDS = {
    "sv": {
        "deal": "Giv {k} av {n}",
        "cards": "{size} kort",
        "dealer": "givare {name}",
        "trump": "Trumf",
        "upcard": "uppvänt kort",
        "player": "Spelare",
        "bid": "Bud",
        "tricks": "Stick",
        "score": "Poäng",
        "hand": "Din hand",
        "trick": "Sticket",
        "leads": "{name} spelar ut",
        "last": "Förra sticket",
        "took": "{name} tog det",
        "forbidden": "Givaren får inte bjuda {bid} (spärren).",
        "forbidden_now": "Spärren som buden står nu: givaren får inte bjuda {bid}.",
        "bid_prompt": "Ditt bud (0–{size}{not_})",
        "not": ", inte {bid}",
        "lead_prompt": "Spela ut ett kort",
        "play_prompt": "Ditt kort",
        "bids": "{name} bjuder {bid}.",
        "bid_hidden": "{name} har bjudit.",
        "you": "du",
        "hidden": "?",
        "over": "Partiet är slut.",
    },
    "en": {
        "deal": "Deal {k} of {n}",
        "cards": "{size} cards",
        "dealer": "dealer {name}",
        "trump": "Trump",
        "upcard": "upcard",
        "player": "Player",
        "bid": "Bid",
        "tricks": "Tricks",
        "score": "Score",
        "hand": "Your hand",
        "trick": "Trick",
        "leads": "{name} leads",
        "last": "Last trick",
        "took": "{name} took it",
        "forbidden": "The dealer may not bid {bid} (the bids may not add up).",
        "forbidden_now": "As the bids stand, the dealer may not bid {bid}.",
        "bid_prompt": "Your bid (0–{size}{not_})",
        "not": ", not {bid}",
        "lead_prompt": "Lead a card",
        "play_prompt": "Your card",
        "bids": "{name} bids {bid}.",
        "bid_hidden": "{name} has bid.",
        "you": "you",
        "hidden": "?",
        "over": "The game is over.",
    },
}


def _cards(cards: list[str], lang: str) -> str:
    return " ".join(card_display(parse_card(c), lang) for c in cards)


def render(obs: dict[str, Any], *, players: list[str], lang: str = "sv") -> RenderableType:
    """The table as ``obs['seat']`` sees it: deal, trump, bids, trick, hand."""
    w = _WORDS[lang]
    me = int(obs["seat"])
    if obs["phase"] == "over":
        return Text(w["over"])
    n = len(players)
    trump = parse_suit(obs["trump"]) if obs.get("trump") else None
    head = Text(
        f"{w['deal'].format(k=obs['deal_index'] + 1, n=obs['deals'])} · "
        f"{w['cards'].format(size=obs['hand_size'])} · "
        f"{w['dealer'].format(name=players[obs['dealer']])}",
        style="bold",
    )
    trump_line = Text(f"{w['trump']}: {suit_display(trump, lang)}")
    if obs.get("upcard"):
        trump_line.append(f" ({w['upcard']} {card_display(parse_card(obs['upcard']), lang)})")
    seats = Table(show_header=True, header_style="bold", box=None, pad_edge=False)
    for col in ("", w["player"], w["bid"], w["tricks"], w["score"]):
        seats.add_column(col, justify="left" if col in ("", w["player"]) else "right")
    for s in range(n):
        bid = obs["bids"][s]
        marks = ("•" if s == obs["dealer"] else " ") + ("▶" if s == obs["current_player"] else " ")
        mine = s == me and players[s].lower() not in ("du", "you")
        name = players[s] + (f" ({w['you']})" if mine else "")
        shown = "–" if bid is None else str(bid)
        seats.add_row(marks, name, shown, str(obs["tricks_won"][s]), str(obs["totals"][s]))
    parts: list[RenderableType] = [head, trump_line, seats]
    if obs["phase"] == "bid" and obs.get("forbidden_bid") is not None:
        key = "forbidden" if me == obs["dealer"] else "forbidden_now"
        parts.append(Text(w[key].format(bid=obs["forbidden_bid"]), style="yellow"))
    if obs["phase"] == "play":
        last = obs.get("last_trick")
        if last:
            parts.append(
                Text(
                    f"{w['last']}: {_cards(last['cards'], lang)} — "
                    f"{w['took'].format(name=players[last['winner']])}",
                    style="dim",
                )
            )
        trick = obs.get("trick") or {"leader": obs["current_player"], "cards": []}
        if trick["cards"]:
            parts.append(
                Text(
                    f"{w['trick']} ({w['leads'].format(name=players[trick['leader']])}): "
                    f"{_cards(trick['cards'], lang)}"
                )
            )
        else:
            parts.append(Text(f"{w['trick']}: {w['leads'].format(name=players[trick['leader']])}"))
    hand = [parse_card(c) for c in obs["hand"]]
    parts.append(Text(f"{w['hand']}: {hand_display(mask_of(hand), lang, trump)}", style="bold"))
    return Group(*parts)


def prompt(obs: dict[str, Any], *, lang: str = "sv") -> str:
    """What the seat is asked now: its bid (with the spärr) or a card."""
    w = _WORDS[lang]
    if obs["phase"] == "bid":
        forbidden = obs.get("forbidden_bid")
        not_ = (
            w["not"].format(bid=forbidden)
            if forbidden is not None and obs["seat"] == obs["dealer"]
            else ""
        )
        return w["bid_prompt"].format(size=obs["hand_size"], not_=not_)
    trick = obs.get("trick") or {}
    return w["play_prompt"] if trick.get("cards") else w["lead_prompt"]


def describe(
    obs: dict[str, Any], seat: int, action: str, players: list[str], lang: str = "sv"
) -> str | None:
    """How a call is announced to the seat of ``obs`` (after it was made).

    In simultaneous bidding a bid stays hidden until all have bid.  Cards are
    announced by the play loop itself.
    """
    w = _WORDS[lang]
    if not action.isdigit():
        return None
    bids = obs.get("bids") or []
    if obs["phase"] == "bid" and seat < len(bids) and bids[seat] is None:
        return w["bid_hidden"].format(name=players[seat])
    return w["bids"].format(name=players[seat], bid=action)

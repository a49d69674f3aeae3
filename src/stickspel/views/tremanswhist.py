"""Tremanswhist at the terminal, as one seat sees it (built only from ``observation(seat)``).

>>> from stickspel.games.tremanswhist import TremanswhistRules, TremanswhistState
>>> from stickspel.core.cards import make_rng
>>> state = TremanswhistState()
>>> _ = state.apply_chance(make_rng(2))
>>> obs = state.observation(1)
>>> prompt(obs), prompt(obs, lang="en")
('Byta din hand mot fjärde högen för −1? (byt/passa)', 'Exchange your hand for the fourth pile at −1? (take/decline)')
>>> _ = state.apply_text("byt")
>>> describe(state.observation(0), 1, "byt", ["Anna", "Björn", "Cissi"])
'Björn byter: tar fjärde högen (−1).'
>>> buying = TremanswhistState(TremanswhistRules(form="buying"))
>>> _ = buying.apply_chance(make_rng(2))
>>> prompt(buying.observation(1))
'Lägg bort kort att köpa (högst 13 till), eller köp'
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
        "deal": "Giv {k}",
        "deal_of": "Giv {k} av {n} · omgång {r}",
        "dealer": "givare {name}",
        "plus": "Plus: ta så många stick som möjligt",
        "minus": "Minus: ta så få stick som möjligt",
        "trump": "Trumf",
        "upcard": "uppvänt kort",
        "player": "Spelare",
        "target": "Krav",
        "tricks": "Stick",
        "score": "Poäng",
        "hand": "Din hand",
        "trick": "Sticket",
        "leads": "{name} spelar ut",
        "last": "Förra sticket",
        "took": "{name} tog det",
        "pile": "Fjärde högen: {n} kort",
        "took_pile": "{name} bytte (−1)",
        "declined": "{name} passade",
        "bought": "{name} köpte {n} kort",
        "putting": "{name} lägger bort: {n} kort",
        "mine_away": "Du har lagt bort: {cards}",
        "mine_got": "Du fick: {cards}",
        "offer_prompt": "Byta din hand mot fjärde högen för −1? (byt/passa)",
        "buy_prompt": "Lägg bort kort att köpa (högst {n} till), eller köp",
        "buy_done": "Köp ({n} kort)",
        "lead_prompt": "Spela ut ett kort",
        "play_prompt": "Ditt kort",
        "says_take": "{name} byter: tar fjärde högen (−1).",
        "says_decline": "{name} passar.",
        "says_buy": "{name} köper {n} kort.",
        "you": "du",
        "goal": "först till {n}",
        "over": "Partiet är slut.",
    },
    "en": {
        "deal": "Deal {k}",
        "deal_of": "Deal {k} of {n} · round {r}",
        "dealer": "dealer {name}",
        "plus": "Plus: take as many tricks as you can",
        "minus": "Minus: take as few tricks as you can",
        "trump": "Trump",
        "upcard": "upcard",
        "player": "Player",
        "target": "Target",
        "tricks": "Tricks",
        "score": "Score",
        "hand": "Your hand",
        "trick": "Trick",
        "leads": "{name} leads",
        "last": "Last trick",
        "took": "{name} took it",
        "pile": "Fourth pile: {n} cards",
        "took_pile": "{name} exchanged (−1)",
        "declined": "{name} declined",
        "bought": "{name} bought {n} cards",
        "putting": "{name} is putting away: {n} cards",
        "mine_away": "You put away: {cards}",
        "mine_got": "You received: {cards}",
        "offer_prompt": "Exchange your hand for the fourth pile at −1? (take/decline)",
        "buy_prompt": "Put away cards to buy (at most {n} more), or buy",
        "buy_done": "Buy ({n} cards)",
        "lead_prompt": "Lead a card",
        "play_prompt": "Your card",
        "says_take": "{name} takes the fourth pile (−1).",
        "says_decline": "{name} declines.",
        "says_buy": "{name} buys {n} cards.",
        "you": "you",
        "goal": "first to {n}",
        "over": "The game is over.",
    },
}


def _w(lang: str) -> dict[str, str]:
    return _WORDS["en" if lang == "en" else "sv"]


def _cards(cards: list[str], lang: str) -> str:
    return " ".join(card_display(parse_card(c), lang) for c in cards)


def render(obs: dict[str, Any], *, players: list[str], lang: str = "sv") -> RenderableType:
    """The table as ``obs['seat']`` sees it: deal type, upcard, exchange, trick, hand."""
    w = _w(lang)
    me = int(obs["seat"])
    if obs["phase"] == "over":
        return Text(w["over"])
    if obs["phase"] == "deal":
        return Text(w["deal"].format(k=obs["deal_index"] + 1), style="bold")
    trump = parse_suit(obs["trump"]) if obs.get("trump") else None
    if obs.get("deals"):
        where = w["deal_of"].format(k=obs["deal_index"] + 1, n=obs["deals"], r=obs["round"])
    else:
        where = (
            w["deal"].format(k=obs["deal_index"] + 1) + " · " + w["goal"].format(n=obs["win_score"])
        )
    head = Text(f"{where} · {w['dealer'].format(name=players[obs['dealer']])}", style="bold")
    kind = Text(w[obs["kind"]], style="bold green" if obs["kind"] == "plus" else "bold red")
    trump_line = Text(f"{w['trump']}: {suit_display(trump, lang)}")
    if obs.get("upcard"):
        trump_line.append(f" ({w['upcard']} {card_display(parse_card(obs['upcard']), lang)})")
    seats = Table(show_header=True, header_style="bold", box=None, pad_edge=False)
    targets = obs.get("targets")
    cols = ["", w["player"]] + ([w["target"]] if targets else []) + [w["tricks"], w["score"]]
    for col in cols:
        seats.add_column(col, justify="left" if col in ("", w["player"]) else "right")
    for s in range(len(players)):
        marks = ("•" if s == obs["dealer"] else " ") + ("▶" if s == obs["current_player"] else " ")
        mine = s == me and players[s].lower() not in ("du", "you")
        name = players[s] + (f" ({w['you']})" if mine else "")
        row = [marks, name] + ([str(targets[s])] if targets else [])
        seats.add_row(*row, str(obs["tricks_won"][s]), str(obs["totals"][s]))
    parts: list[RenderableType] = [head, kind, trump_line, seats]
    exchange = []
    for e in obs.get("exchanges") or []:
        key = "took_pile" if e["take"] else "declined"
        exchange.append(w[key].format(name=players[e["seat"]]))
    for e in obs.get("purchases") or []:
        exchange.append(w["bought"].format(name=players[e["seat"]], n=e["count"]))
    pending = obs.get("discarding")
    if pending and pending["seat"] != me and pending["count"]:
        exchange.append(w["putting"].format(name=players[pending["seat"]], n=pending["count"]))
    if exchange:
        parts.append(Text(" · ".join(exchange), style="yellow"))
    if obs["phase"] in ("offer", "buy"):
        parts.append(Text(w["pile"].format(n=obs["pile_size"]), style="dim"))
    if obs.get("discarded"):
        parts.append(Text(w["mine_away"].format(cards=_cards(obs["discarded"], lang)), style="dim"))
    if obs.get("received") and obs["phase"] != "play":
        parts.append(Text(w["mine_got"].format(cards=_cards(obs["received"], lang)), style="dim"))
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
        line = f"{w['trick']}: {w['leads'].format(name=players[trick['leader']])}"
        if trick["cards"]:
            line += f": {_cards(trick['cards'], lang)}"
        parts.append(Text(line))
    hand = [parse_card(c) for c in obs["hand"]]
    parts.append(Text(f"{w['hand']}: {hand_display(mask_of(hand), lang, trump)}", style="bold"))
    return Group(*parts)


def prompt(obs: dict[str, Any], *, lang: str = "sv") -> str:
    """What the seat is asked now: the exchange offer, what to put away, or a card."""
    w = _w(lang)
    if obs["phase"] == "offer":
        return w["offer_prompt"]
    if obs["phase"] == "buy":
        pending = obs.get("discarding") or {"count": 0}
        left = obs["pile_size"] - pending["count"]
        return w["buy_prompt"].format(n=left)
    trick = obs.get("trick") or {}
    return w["play_prompt"] if trick.get("cards") else w["lead_prompt"]


def describe(
    obs: dict[str, Any], seat: int, action: str, players: list[str], lang: str = "sv"
) -> str | None:
    """How an exchange answer or a purchase is announced (cards put away are not shown)."""
    w = _w(lang)
    name = players[seat]
    if action == "byt":
        return w["says_take"].format(name=name)
    if action == "passa":
        return w["says_decline"].format(name=name)
    if action == "köp":
        bought = [e["count"] for e in obs.get("purchases") or [] if e["seat"] == seat]
        return w["says_buy"].format(name=name, n=bought[-1] if bought else 0)
    return None

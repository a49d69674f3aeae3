"""Priffe at the terminal, as one seat sees it (built only from ``observation(seat)``).

``players`` are the record's persons; the observation's ``seating`` says who
sits in which seat this rubber, so names follow the partners' rotation.

>>> from stickspel.games.priffe import PriffeState, example_hands
>>> from stickspel.core import Deal
>>> state = PriffeState()
>>> state.apply_deal(Deal(example_hands()))
>>> prompt(state.observation(1))
'Ditt bud (pass, klöver, spader, ruter, hjärter, noll, spel)'
>>> _ = state.apply_text("hjärter")
>>> prompt(state.observation(2)), prompt(state.observation(2), lang="en")
('Ditt bud (pass, noll, spel)', 'Your call (pass, noll, spel)')
>>> describe(state.observation(0), 1, "hjärter", ["Anna", "Björn", "Cissi", "David"])
'Björn bjuder hjärter.'
>>> third = PriffeState()
>>> third.apply_deal(Deal(example_hands()))
>>> _ = third.apply_text("pass"); _ = third.apply_text("pass")
>>> prompt(third.observation(3))
'Ditt bud (pass, klöver, ruter, hjärter, noll, spel; spader bara för förhand och andra hand)'
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
        "head": "Robbert {r} av {n} · giv {k} · givare {name}",
        "contract": "Kontrakt",
        "no_contract": "budgivning pågår",
        "tvangsnoll": "tvångsnoll (ingen spelförande sida)",
        "declares": "spelas av {pair}",
        "trump": "trumf {suit}",
        "no_trump": "utan trumf",
        "player": "Spelare",
        "call": "Bud",
        "tricks": "Stick",
        "pair": "Bolag",
        "below": "Under strecket",
        "above": "Över strecket",
        "games": "Utgångar",
        "total": "Summa",
        "hand": "Din hand",
        "trick": "Sticket",
        "leads": "{name} spelar ut",
        "last": "Förra sticket",
        "took": "{name} tog det",
        "call_prompt": "Ditt bud ({calls})",
        "spader_note": "; spader bara för förhand och andra hand",
        "lead_prompt": "Spela ut ett kort",
        "play_prompt": "Ditt kort",
        "calls": "{name} bjuder {call}.",
        "passes": "{name} passar.",
        "you": "du",
        "over": "Partiet är slut.",
        "game_at": "utgång vid {n}",
    },
    "en": {
        "head": "Rubber {r} of {n} · deal {k} · dealer {name}",
        "contract": "Contract",
        "no_contract": "auction in progress",
        "tvangsnoll": "tvångsnoll (forced noll, no declarers)",
        "declares": "played by {pair}",
        "trump": "trump {suit}",
        "no_trump": "no trump",
        "player": "Player",
        "call": "Call",
        "tricks": "Tricks",
        "pair": "Pair",
        "below": "Below the line",
        "above": "Above the line",
        "games": "Games",
        "total": "Total",
        "hand": "Your hand",
        "trick": "Trick",
        "leads": "{name} leads",
        "last": "Last trick",
        "took": "{name} took it",
        "call_prompt": "Your call ({calls})",
        "spader_note": "; spader only from förhand and second hand",
        "lead_prompt": "Lead a card",
        "play_prompt": "Your card",
        "calls": "{name} calls {call}.",
        "passes": "{name} passes.",
        "you": "you",
        "over": "The game is over.",
        "game_at": "game at {n}",
    },
}


def _name(obs: dict[str, Any], players: list[str], seat: int) -> str:
    seating = obs.get("seating") or [0, 1, 2, 3]
    return str(players[int(seating[seat])])


def _cards(cards: list[str], lang: str) -> str:
    return " ".join(card_display(parse_card(c), lang) for c in cards)


def render(obs: dict[str, Any], *, players: list[str], lang: str = "sv") -> RenderableType:
    """The table as ``obs['seat']`` sees it: rubber, contract, calls, trick, scores, hand."""
    w = _WORDS[lang]
    if obs["phase"] == "over":
        return Text(w["over"])
    me = int(obs["seat"])
    head = Text(
        w["head"].format(
            r=obs["rubber"],
            n=obs["rubbers"],
            k=obs["deal_index"] + 1,
            name=_name(obs, players, obs["dealer"]),
        ),
        style="bold",
    )
    parts: list[RenderableType] = [head]
    contract = obs.get("contract")
    if contract is None:
        parts.append(Text(f"{w['contract']}: {w['no_contract']}"))
    elif contract == "tvångsnoll":
        parts.append(Text(f"{w['contract']}: {w['tvangsnoll']}", style="bold"))
    else:
        decl = obs.get("declarers") or []
        pair = " & ".join(_name(obs, players, s) for s in decl)
        trump = obs.get("trump")
        suit = (
            w["trump"].format(suit=suit_display(parse_suit(trump), lang))
            if trump
            else w["no_trump"]
        )
        parts.append(
            Text(
                f"{w['contract']}: {contract}, {w['declares'].format(pair=pair)}, {suit}",
                style="bold",
            )
        )
    seats = Table(show_header=True, header_style="bold", box=None, pad_edge=False)
    for col in ("", w["player"], w["call"], w["tricks"]):
        seats.add_column(col, justify="left" if col in ("", w["player"]) else "right")
    calls = {int(c["seat"]): str(c["call"]) for c in obs.get("calls") or []}
    for s in range(4):
        marks = ("•" if s == obs["dealer"] else " ") + ("▶" if s == obs["current_player"] else " ")
        name = _name(obs, players, s)
        if s == me and name.lower() not in ("du", "you"):
            name += f" ({w['you']})"
        if s == obs["partner"]:
            name += " (partner)"
        seats.add_row(marks, name, calls.get(s, "–"), str(obs["tricks_won"][s]))
    parts.append(seats)
    score = Table(show_header=True, header_style="bold", box=None, pad_edge=False)
    for col in (w["pair"], w["below"], w["above"], w["games"], w["total"]):
        score.add_column(col, justify="left" if col == w["pair"] else "right")
    for side in (0, 1):
        pair = f"{_name(obs, players, side)} & {_name(obs, players, side + 2)}"
        score.add_row(
            pair,
            str(obs["below"][side]),
            str(obs["above"][side]),
            str(obs["games"][side]),
            str(obs["rubber_points"][side]),
        )
    parts.append(score)
    parts.append(Text(w["game_at"].format(n=obs["game_points"]), style="dim"))
    trump_suit = parse_suit(obs["trump"]) if obs.get("trump") else None
    if obs["phase"] == "play":
        last = obs.get("last_trick")
        if last:
            parts.append(
                Text(
                    f"{w['last']}: {_cards(last['cards'], lang)} — "
                    f"{w['took'].format(name=_name(obs, players, last['winner']))}",
                    style="dim",
                )
            )
        trick = obs.get("trick") or {"leader": obs["current_player"], "cards": []}
        leader = _name(obs, players, trick["leader"])
        if trick["cards"]:
            parts.append(
                Text(
                    f"{w['trick']} ({w['leads'].format(name=leader)}): {_cards(trick['cards'], lang)}"
                )
            )
        else:
            parts.append(Text(f"{w['trick']}: {w['leads'].format(name=leader)}"))
    hand = [parse_card(c) for c in obs["hand"]]
    parts.append(
        Text(f"{w['hand']}: {hand_display(mask_of(hand), lang, trump_suit)}", style="bold")
    )
    return Group(*parts)


def prompt(obs: dict[str, Any], *, lang: str = "sv") -> str:
    """What the seat is asked now: its call (the calls open to it) or a card."""
    w = _WORDS[lang]
    if obs["phase"] == "bid":
        # the engine says which calls are open and why the others are not
        calls = list(obs.get("legal_calls") or [])
        barred = obs.get("barred_calls") or {}
        spader = barred.get("spader")
        note = w["spader_note"] if spader and spader.get("rule") == "spader_seat" else ""
        return w["call_prompt"].format(calls=", ".join(calls) + note)
    trick = obs.get("trick") or {}
    return w["play_prompt"] if trick.get("cards") else w["lead_prompt"]


def describe(
    obs: dict[str, Any], seat: int, action: str, players: list[str], lang: str = "sv"
) -> str | None:
    """How a call is announced (cards are announced by the play loop)."""
    w = _WORDS[lang]
    if action not in ("pass", "klöver", "spader", "ruter", "hjärter", "noll", "spel"):
        return None
    name = _name(obs, players, seat)
    if action == "pass":
        return w["passes"].format(name=name)
    return w["calls"].format(name=name, call=action)

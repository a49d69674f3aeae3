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

from stickspel.core.cards import card_display, parse_card, parse_suit, suit_display
from stickspel.i18n import render as render_text
from stickspel.views import hand_text, trick_text

__all__ = ["render", "prompt", "describe", "deal_summary", "rules_summary"]


def _w(lang: str, key: str, **params: Any) -> str:
    """The view's text ``key`` in ``lang`` (catalogue ``plump.view.*``)."""
    return render_text(f"plump.view.{key}", params, lang)


def render(obs: dict[str, Any], *, players: list[str], lang: str = "sv") -> RenderableType:
    """The table as ``obs['seat']`` sees it: deal, trump, bids, trick, hand."""
    me = int(obs["seat"])
    if obs["phase"] == "over":
        return Text(_w(lang, "over"))
    n = len(players)
    trump = parse_suit(obs["trump"]) if obs.get("trump") else None
    head = Text(
        f"{_w(lang, 'deal', k=obs['deal_index'] + 1, n=obs['deals'])} · "
        f"{_w(lang, 'cards', size=obs['hand_size'])} · "
        f"{_w(lang, 'dealer', name=players[obs['dealer']])}",
        style="bold",
    )
    trump_line = Text(f"{_w(lang, 'trump')}: {suit_display(trump, lang)}")
    if obs.get("upcard"):
        trump_line.append(
            f" ({_w(lang, 'upcard')} {card_display(parse_card(obs['upcard']), lang)})"
        )
    seats = Table(show_header=True, header_style="bold", box=None, pad_edge=False)
    for col in ("", _w(lang, "player"), _w(lang, "bid"), _w(lang, "tricks"), _w(lang, "score")):
        seats.add_column(col, justify="left" if col in ("", _w(lang, "player")) else "right")
    for s in range(n):
        bid = obs["bids"][s]
        marks = ("•" if s == obs["dealer"] else " ") + ("▶" if s == obs["current_player"] else " ")
        mine = s == me and players[s].lower() not in ("du", "you")
        name = players[s] + (f" ({_w(lang, 'you')})" if mine else "")
        shown = "–" if bid is None else str(bid)
        seats.add_row(marks, name, shown, str(obs["tricks_won"][s]), str(obs["totals"][s]))
    parts: list[RenderableType] = [head, trump_line, seats]
    if obs["phase"] == "bid" and obs.get("forbidden_bid") is not None:
        key = "forbidden" if me == obs["dealer"] else "forbidden_now"
        parts.append(Text(_w(lang, key, bid=obs["forbidden_bid"]), style="yellow"))
    if obs["phase"] == "play":
        parts += _trick_lines(obs, players, lang)
    parts.append(hand_text(obs, lang, _w(lang, "hand")))
    return Group(*parts)


def _trick_lines(obs: dict[str, Any], players: list[str], lang: str) -> list[Text]:
    """The last trick and who took it, then the trick on the table, names beside cards."""
    lines: list[Text] = []
    last = obs.get("last_trick")
    if last:
        took = _w(lang, "took", name=players[last["winner"]])
        lines.append(
            Text(f"{_w(lang, 'last')}: {trick_text(last, players, lang)} — {took}", style="dim")
        )
    trick = obs.get("trick") or {"leader": obs["current_player"], "cards": []}
    if trick["cards"]:
        lines.append(Text(f"{_w(lang, 'trick')}: {trick_text(trick, players, lang)}"))
    else:
        lines.append(
            Text(f"{_w(lang, 'trick')}: {_w(lang, 'leads', name=players[trick['leader']])}")
        )
    return lines


def prompt(obs: dict[str, Any], *, lang: str = "sv") -> str:
    """What the seat is asked now: its bid (with the spärr) or a card."""
    if obs["phase"] == "bid":
        forbidden = obs.get("forbidden_bid")
        not_ = (
            _w(lang, "not", bid=forbidden)
            if forbidden is not None and obs["seat"] == obs["dealer"]
            else ""
        )
        return _w(lang, "bid_prompt", size=obs["hand_size"], not_=not_)
    trick = obs.get("trick") or {}
    return _w(lang, "play_prompt") if trick.get("cards") else _w(lang, "lead_prompt")


def describe(
    obs: dict[str, Any], seat: int, action: str, players: list[str], lang: str = "sv"
) -> str | None:
    """How a call is announced to the seat of ``obs`` (after it was made).

    In simultaneous bidding a bid stays hidden until all have bid.  Cards are
    announced by the play loop itself.
    """
    if not action.isdigit():
        return None
    bids = obs.get("bids") or []
    if obs["phase"] == "bid" and seat < len(bids) and bids[seat] is None:
        return _w(lang, "bid_hidden", name=players[seat])
    return _w(lang, "bids", name=players[seat], bid=action)


def deal_summary(deal: dict[str, Any], players: list[str], lang: str = "sv") -> list[str]:
    """After a deal, one line per player: bid, tricks, points, made or plump.

    >>> deal = {"auction": [{"seat": 1, "call": "2"}, {"seat": 0, "call": "0"}],
    ...         "result": {"tricks": [0, 1], "points": [10, 0]}}
    >>> deal_summary(deal, ["Anna", "Björn"])
    ['Anna: bud 0, 0 stick, 10 poäng — klarat', 'Björn: bud 2, 1 stick, 0 poäng — plump']
    """
    result = deal.get("result") or {}
    bids = {int(c["seat"]): str(c["call"]) for c in deal.get("auction") or []}
    lines = []
    for s, name in enumerate(players):
        tricks, points = result["tricks"][s], result["points"][s]
        made = bids.get(s) == str(tricks)
        verdict = _w(lang, "made" if made else "plumped")
        lines.append(
            _w(lang, "summary", name=name, bid=bids.get(s, "–"), tricks=tricks, points=points)
            + f" — {verdict}"
        )
    return lines


def rules_summary(rules: Any, lang: str = "sv") -> str:
    """What ``?`` shows: the game's rules in short, with the options in effect."""
    return _w(lang, "rules_summary", rules=rules.to_text())

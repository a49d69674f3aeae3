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

from stickspel.core.cards import card_display, parse_card, parse_suit, suit_display
from stickspel.i18n import gettext
from stickspel.views import hand_text, trick_text

__all__ = ["render", "prompt", "describe", "deal_summary", "rules_summary"]


def _t(key: str, lang: str, **params: Any) -> str:
    """A line of this view from the catalogue: English, or Swedish for any other language."""
    return gettext(f"tremanswhist.view.{key}", "en" if lang == "en" else "sv", **params)


def _cards(cards: list[str], lang: str) -> str:
    return " ".join(card_display(parse_card(c), lang) for c in cards)


def render(obs: dict[str, Any], *, players: list[str], lang: str = "sv") -> RenderableType:
    """The table as ``obs['seat']`` sees it: deal type, upcard, exchange, trick, hand."""
    me = int(obs["seat"])
    if obs["phase"] == "over":
        return Text(_t("over", lang))
    if obs["phase"] == "deal":
        return Text(_t("deal", lang, k=obs["deal_index"] + 1), style="bold")
    trump = parse_suit(obs["trump"]) if obs.get("trump") else None
    parts: list[RenderableType] = [
        _head(obs, players, lang),
        Text(_t(obs["kind"], lang), style="bold green" if obs["kind"] == "plus" else "bold red"),
        _trump_line(obs, trump, lang),
        _seats_table(obs, players, lang, me),
    ]
    parts += _exchange_lines(obs, players, lang, me)
    if obs["phase"] == "play":
        parts += _trick_lines(obs, players, lang)
    parts.append(hand_text(obs, lang, _t("hand", lang)))
    return Group(*parts)


def _head(obs: dict[str, Any], players: list[str], lang: str) -> Text:
    """Where the game is (deal of a round, or deal and goal) and who deals."""
    if obs.get("deals"):
        where = _t("deal_of", lang, k=obs["deal_index"] + 1, n=obs["deals"], r=obs["round"])
    else:
        where = (
            _t("deal", lang, k=obs["deal_index"] + 1) + " · " + _t("goal", lang, n=obs["win_score"])
        )
    return Text(f"{where} · {_t('dealer', lang, name=players[obs['dealer']])}", style="bold")


def _trump_line(obs: dict[str, Any], trump: int | None, lang: str) -> Text:
    """The trump suit, and the upcard it came from when there is one."""
    trump_line = Text(f"{_t('trump', lang)}: {suit_display(trump, lang)}")
    if obs.get("upcard"):
        trump_line.append(
            f" ({_t('upcard', lang)} {card_display(parse_card(obs['upcard']), lang)})"
        )
    return trump_line


def _seats_table(obs: dict[str, Any], players: list[str], lang: str, me: int) -> Table:
    """A row per seat: dealer and turn marks, name, target (buying form), tricks, score."""
    seats = Table(show_header=True, header_style="bold", box=None, pad_edge=False)
    targets = obs.get("targets")
    cols = (
        ["", _t("player", lang)]
        + ([_t("target", lang)] if targets else [])
        + [_t("tricks", lang), _t("score", lang)]
    )
    for col in cols:
        seats.add_column(col, justify="left" if col in ("", _t("player", lang)) else "right")
    for s in range(len(players)):
        marks = ("•" if s == obs["dealer"] else " ") + ("▶" if s == obs["current_player"] else " ")
        mine = s == me and players[s].lower() not in ("du", "you")
        name = players[s] + (f" ({_t('you', lang)})" if mine else "")
        row = [marks, name] + ([str(targets[s])] if targets else [])
        seats.add_row(*row, str(obs["tricks_won"][s]), str(obs["totals"][s]))
    return seats


def _exchange_lines(obs: dict[str, Any], players: list[str], lang: str, me: int) -> list[Text]:
    """Who exchanged or bought, the pile left, and the cards this seat put away or got."""
    lines: list[Text] = []
    exchange = []
    for e in obs.get("exchanges") or []:
        key = "took_pile" if e["take"] else "declined"
        exchange.append(_t(key, lang, name=players[e["seat"]]))
    for e in obs.get("purchases") or []:
        exchange.append(_t("bought", lang, name=players[e["seat"]], n=e["count"]))
    pending = obs.get("discarding")
    # another seat's discard is shown as a count only: its cards are hidden
    if pending and pending["seat"] != me and pending["count"]:
        exchange.append(_t("putting", lang, name=players[pending["seat"]], n=pending["count"]))
    if exchange:
        lines.append(Text(" · ".join(exchange), style="yellow"))
    if obs["phase"] in ("offer", "buy"):
        lines.append(Text(_t("pile", lang, n=obs["pile_size"]), style="dim"))
    if obs.get("discarded"):
        lines.append(Text(_t("mine_away", lang, cards=_cards(obs["discarded"], lang)), style="dim"))
    if obs.get("received") and obs["phase"] != "play":
        lines.append(Text(_t("mine_got", lang, cards=_cards(obs["received"], lang)), style="dim"))
    return lines


def _trick_lines(obs: dict[str, Any], players: list[str], lang: str) -> list[Text]:
    """In play: the last trick and who took it, then the trick on the table."""
    lines: list[Text] = []
    last = obs.get("last_trick")
    if last:
        took = _t("took", lang, name=players[last["winner"]])
        lines.append(
            Text(f"{_t('last', lang)}: {trick_text(last, players, lang)} — {took}", style="dim")
        )
    trick = obs.get("trick") or {"leader": obs["current_player"], "cards": []}
    if trick["cards"]:
        line = f"{_t('trick', lang)}: {trick_text(trick, players, lang)}"
    else:
        line = f"{_t('trick', lang)}: {_t('leads', lang, name=players[trick['leader']])}"
    lines.append(Text(line))
    return lines


def prompt(obs: dict[str, Any], *, lang: str = "sv") -> str:
    """What the seat is asked now: the exchange offer, what to put away, or a card."""
    if obs["phase"] == "offer":
        return _t("offer_prompt", lang)
    if obs["phase"] == "buy":
        pending = obs.get("discarding") or {"count": 0}
        left = obs["pile_size"] - pending["count"]
        return _t("buy_prompt", lang, n=left)
    trick = obs.get("trick") or {}
    return _t("play_prompt", lang) if trick.get("cards") else _t("lead_prompt", lang)


def describe(
    obs: dict[str, Any], seat: int, action: str, players: list[str], lang: str = "sv"
) -> str | None:
    """How an exchange answer or a purchase is announced (cards put away are not shown)."""
    name = players[seat]
    if action == "byt":
        return _t("says_take", lang, name=name)
    if action == "passa":
        return _t("says_decline", lang, name=name)
    if action == "köp":
        bought = [e["count"] for e in obs.get("purchases") or [] if e["seat"] == seat]
        return _t("says_buy", lang, name=name, n=bought[-1] if bought else 0)
    return None


def deal_summary(deal: dict[str, Any], players: list[str], lang: str = "sv") -> list[str]:
    """After a deal, one line per player: tricks (and target), points, the pile taken.

    >>> deal = {"kind": "plus", "exchanges": [{"seat": 1, "take": True}],
    ...         "result": {"tricks": [3, 7, 3], "points": [-1, 2, -1]}}
    >>> deal_summary(deal, ["Anna", "Björn", "Cissi"])[1]
    'Björn: 7 stick, +2 poäng (bytte: −1)'
    """
    result = deal.get("result") or {}
    takers = {int(e["seat"]) for e in deal.get("exchanges") or [] if e.get("take")}
    targets = result.get("targets")
    lines = []
    for s, name in enumerate(players):
        points = int(result["points"][s])
        line = _t(
            "summary",
            lang,
            name=name,
            tricks=result["tricks"][s],
            points=f"+{points}" if points > 0 else str(points).replace("-", "−"),
        )
        if targets:
            line += " " + _t("summary_target", lang, n=targets[s])
        if s in takers:
            line += " " + _t("summary_took", lang)
        lines.append(line)
    return lines


def rules_summary(rules: Any, lang: str = "sv") -> str:
    """What ``?`` shows: the game's rules in short, with the options in effect."""
    key = "rules_summary_buying" if getattr(rules, "form", "") == "buying" else "rules_summary"
    return _t(key, lang, rules=rules.to_text())

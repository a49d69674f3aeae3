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

from stickspel.core.cards import parse_suit, suit_display
from stickspel.i18n import render as render_message
from stickspel.views import hand_text, trick_text

__all__ = ["render", "prompt", "describe", "deal_summary", "rules_summary"]

_LOW_CALLS = ("klöver", "spader")  # the highest call one of these: no contract


def _w(lang: str, key: str, **params: Any) -> str:
    """The view's words from the ``priffe.view.*`` messages of the catalogue."""
    return render_message(f"priffe.view.{key}", params, lang)


def _name(obs: dict[str, Any], players: list[str], seat: int) -> str:
    seating = obs.get("seating") or [0, 1, 2, 3]
    return str(players[int(seating[seat])])


def render(obs: dict[str, Any], *, players: list[str], lang: str = "sv") -> RenderableType:
    """The table as ``obs['seat']`` sees it: rubber, contract, calls, trick, scores, hand."""
    if obs["phase"] == "over":
        return Text(_w(lang, "over"))
    me = int(obs["seat"])
    parts: list[RenderableType] = [
        _head(obs, players, lang),
        _contract_line(obs, players, lang),
        _seats_table(obs, players, lang, me),
        _score_table(obs, players, lang),
        Text(_w(lang, "game_at", n=obs["game_points"]), style="dim"),
    ]
    if obs["phase"] == "play":
        parts += _trick_lines(obs, players, lang)
    parts.append(hand_text(obs, lang, _w(lang, "hand")))
    return Group(*parts)


def _head(obs: dict[str, Any], players: list[str], lang: str) -> Text:
    """Rubber of rubbers, deal number and dealer."""
    return Text(
        _w(
            lang,
            "head",
            r=obs["rubber"],
            n=obs["rubbers"],
            k=obs["deal_index"] + 1,
            name=_name(obs, players, obs["dealer"]),
        ),
        style="bold",
    )


def _contract_line(obs: dict[str, Any], players: list[str], lang: str) -> Text:
    """The contract: none yet, tvångsnoll, or a call with its declarers and trump."""
    contract = obs.get("contract")
    if contract is None:
        return Text(f"{_w(lang, 'contract')}: {_w(lang, 'no_contract')}")
    if contract == "tvångsnoll":
        why = tvangsnoll_reason([str(c["call"]) for c in obs.get("calls") or []], lang)
        return Text(f"{_w(lang, 'contract')}: {_w(lang, 'tvangsnoll')} — {why}", style="bold")
    decl = obs.get("declarers") or []
    pair = " & ".join(_name(obs, players, s) for s in decl)
    trump = obs.get("trump")
    suit = (
        _w(lang, "trump", suit=suit_display(parse_suit(trump), lang))
        if trump
        else _w(lang, "no_trump")
    )
    return Text(
        f"{_w(lang, 'contract')}: {contract}, {_w(lang, 'declares', pair=pair)}, {suit}",
        style="bold",
    )


def _seats_table(obs: dict[str, Any], players: list[str], lang: str, me: int) -> Table:
    """A row per seat: dealer and turn marks, name (you, partner), call, tricks won."""
    seats = Table(show_header=True, header_style="bold", box=None, pad_edge=False)
    for col in ("", _w(lang, "player"), _w(lang, "call"), _w(lang, "tricks")):
        seats.add_column(col, justify="left" if col in ("", _w(lang, "player")) else "right")
    calls = {int(c["seat"]): str(c["call"]) for c in obs.get("calls") or []}
    for s in range(4):
        marks = ("•" if s == obs["dealer"] else " ") + ("▶" if s == obs["current_player"] else " ")
        name = _name(obs, players, s)
        if s == me and name.lower() not in ("du", "you"):
            name += f" ({_w(lang, 'you')})"
        if s == obs["partner"]:
            name += " (partner)"
        seats.add_row(marks, name, calls.get(s, "–"), str(obs["tricks_won"][s]))
    return seats


def _score_table(obs: dict[str, Any], players: list[str], lang: str) -> Table:
    """A row per pair: points below and above the line, games won, rubber total."""
    score = Table(show_header=True, header_style="bold", box=None, pad_edge=False)
    for col in (
        _w(lang, "pair"),
        _w(lang, "below"),
        _w(lang, "above"),
        _w(lang, "games"),
        _w(lang, "total"),
    ):
        score.add_column(col, justify="left" if col == _w(lang, "pair") else "right")
    for side in (0, 1):
        pair = f"{_name(obs, players, side)} & {_name(obs, players, side + 2)}"
        score.add_row(
            pair,
            str(obs["below"][side]),
            str(obs["above"][side]),
            str(obs["games"][side]),
            str(obs["rubber_points"][side]),
        )
    return score


def _trick_lines(obs: dict[str, Any], players: list[str], lang: str) -> list[Text]:
    """In play: the last trick and who took it, then the trick on the table."""
    lines: list[Text] = []
    seated = [_name(obs, players, s) for s in range(4)]  # names by seat this rubber
    last = obs.get("last_trick")
    if last:
        took = _w(lang, "took", name=seated[last["winner"]])
        lines.append(
            Text(f"{_w(lang, 'last')}: {trick_text(last, seated, lang)} — {took}", style="dim")
        )
    trick = obs.get("trick") or {"leader": obs["current_player"], "cards": []}
    leader = seated[trick["leader"]]
    if trick["cards"]:
        lines.append(Text(f"{_w(lang, 'trick')}: {trick_text(trick, seated, lang)}"))
    else:
        lines.append(Text(f"{_w(lang, 'trick')}: {_w(lang, 'leads', name=leader)}"))
    return lines


def prompt(obs: dict[str, Any], *, lang: str = "sv") -> str:
    """What the seat is asked now: its call (the calls open to it) or a card."""
    if obs["phase"] == "bid":
        # the engine says which calls are open and why the others are not
        calls = list(obs.get("legal_calls") or [])
        barred = obs.get("barred_calls") or {}
        spader = barred.get("spader")
        note = _w(lang, "spader_note") if spader and spader.get("rule") == "spader_seat" else ""
        return _w(lang, "call_prompt", calls=", ".join(calls) + note)
    trick = obs.get("trick") or {}
    return _w(lang, "play_prompt") if trick.get("cards") else _w(lang, "lead_prompt")


def describe(
    obs: dict[str, Any], seat: int, action: str, players: list[str], lang: str = "sv"
) -> str | None:
    """How a call is announced (cards are announced by the play loop)."""
    if action not in ("pass", "klöver", "spader", "ruter", "hjärter", "noll", "spel"):
        return None
    name = _name(obs, players, seat)
    said = (
        _w(lang, "passes", name=name)
        if action == "pass"
        else _w(lang, "calls", name=name, call=action)
    )
    if obs.get("contract") == "tvångsnoll" and obs.get("phase") == "play":
        # the auction just closed without a contract: say so, and why
        why = tvangsnoll_reason([str(c["call"]) for c in obs.get("calls") or []], lang)
        said += " " + _w(lang, "tvangsnoll_now", why=why)
    return said


def tvangsnoll_reason(calls: list[str], lang: str = "sv") -> str:
    """Why an auction left tvångsnoll: all passed, or the highest call was too low.

    >>> tvangsnoll_reason(["pass", "spader", "pass", "pass"], "en")
    'the highest call, spader, makes no contract; each pair scores 10 per trick under six'
    """
    bids = [c for c in calls if c != "pass"]
    if not bids:
        return _w(lang, "why_all_passed")
    return _w(lang, "why_low_call", call=bids[-1])


def deal_summary(deal: dict[str, Any], players: list[str], lang: str = "sv") -> list[str]:
    """After a deal: the contract and whether it was made, then per pair its tricks and
    what its points are made of (tricks over or under six, penalty, honours, slam).

    >>> deal = {"seating": [0, 1, 2, 3], "auction": [{"seat": 1, "call": "spel"}],
    ...         "result": {"contract": "spel", "declarers": [1, 3], "made": False,
    ...                    "side_tricks": [12, 1], "trick_points": [60, 0], "honours": None,
    ...                    "slam": None, "penalty": {"side": 0, "points": 60}}}
    >>> for line in deal_summary(deal, ["Anna", "Björn", "Cissi", "David"], "en"):
    ...     print(line)
    Contract: spel (Björn & David) — not made
    Anna & Cissi: 12 tricks, 120 points (tricks 60, penalty 60)
    Björn & David: 1 tricks, 0 points
    """
    result = deal.get("result") or {}
    seating = deal.get("seating") or [0, 1, 2, 3]
    name = [str(players[int(seating[s])]) for s in range(4)]
    contract = result.get("contract")
    if contract == "tvångsnoll" or not result.get("declarers"):
        calls = [str(c["call"]) for c in deal.get("auction") or []]
        head = (
            f"{_w(lang, 'contract')}: {_w(lang, 'tvangsnoll')} — {tvangsnoll_reason(calls, lang)}"
        )
    else:
        pair = " & ".join(name[s] for s in result["declarers"])
        verdict = _w(lang, "made" if result.get("made") else "not_made")
        head = f"{_w(lang, 'contract')}: {contract} ({pair}) — {verdict}"
    lines = [head]
    for side in (0, 1):
        lines.append(_side_line(result, side, f"{name[side]} & {name[side + 2]}", lang))
    return lines


def _side_line(result: dict[str, Any], side: int, pair: str, lang: str) -> str:
    """A pair's tricks and points with what they are made of."""
    parts = []
    total = 0
    tricks = (result.get("trick_points") or [0, 0])[side]
    if tricks:
        parts.append(_w(lang, "part_tricks", n=tricks))
        total += int(tricks)
    for key in ("penalty", "honours", "slam"):
        item = result.get(key)
        if item and int(item.get("side", -1)) == side and item.get("points"):
            label = str(item.get("kind")) if key == "slam" else _w(lang, f"part_{key}")
            parts.append(f"{label} {item['points']}")
            total += int(item["points"])
    side_tricks = (result.get("side_tricks") or [0, 0])[side]
    line = _w(lang, "side_summary", pair=pair, tricks=side_tricks, points=total)
    return line + (f" ({', '.join(parts)})" if parts else "")


def rules_summary(rules: Any, lang: str = "sv") -> str:
    """What ``?`` shows: the game's rules in short, with the options in effect."""
    return _w(lang, "rules_summary", rules=rules.to_text())

"""What a table page is sent beyond the bare observation, all from the engine and the
catalogues (the page holds no game logic): the legal actions with their labels, the
calls and cards the rules refuse with the reason, and the game's panel (the deal,
Priffe's auction and contract, Tremanswhist's exchange or buying: its spec's
``seatview``, :mod:`stickspel.views.seatview`) as lines in the connection's language.

>>> import random
>>> from stickspel.games import load_game
>>> state = load_game("tremanswhist").new_initial_state(0)
>>> _ = state.apply_chance(random.Random(1))
>>> [a["label"] for a in legal_entries(state, state.legal_actions(), None, "en")]
['Take the fourth pile (−1)', 'Decline']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from stickspel.core import GameState, Rule
from stickspel.core.cards import card_display, parse_card
from stickspel.i18n import has_key, render
from stickspel.views.seatview import seat_name, seatview_of

__all__ = [
    "legal_entries",
    "refused_calls",
    "card_reasons",
    "panel",
    "last_deal",
    "CALL_BASE",
    "sentence",
]

CALL_BASE = 52  # actions from 52 up are calls (bids, passes, exchange answers)

# Refusals of a call that only say "not this phase" or "out of range" teach nothing:
# the page greys out (with the reason) only the calls a rule of the moment bars.
_NOT_SHOWN = {
    str(Rule.BID_RANGE),
    str(Rule.NOT_A_CALL),
    str(Rule.NOT_A_CARD),
    str(Rule.AUCTION_CLOSED),
    str(Rule.OFFER_PENDING),
    str(Rule.OFFER_CLOSED),
    str(Rule.BUY_LIMIT),
}


def _game(state: GameState) -> str:
    return str(type(state).GAME)


def call_label(state: GameState, action: int, lang: str, pending: int = 0) -> str:
    """A call as a button says it: ``web.call.<game>.<text>`` where the catalogue has
    one (Tremanswhist's ``byt`` → "Take the fourth pile (−1)"; ``pending``: the cards
    put away so far, for "Buy (2 cards)"), else its text."""
    text = state.action_to_string(action)
    key = f"web.call.{_game(state)}.{text}"
    if not has_key(key):
        return text
    return render(key, {"n": pending}, lang)


def _pending(obs: dict[str, Any] | None) -> int:
    """The cards the seat to act has put away so far (Tremanswhist's buying)."""
    discarding = (obs or {}).get("discarding") or {}
    return int(discarding.get("count", 0))


def legal_entries(
    state: GameState,
    legal: Sequence[int],
    obs: dict[str, Any] | None,
    lang: str,
    *,
    labels: bool = True,
) -> list[dict[str, Any]]:
    """The legal actions as the page offers them: id, text, whether a call, and (with
    ``labels``) how a button says it; ``obs`` is the acting seat's observation."""
    out = []
    for a in legal:
        call = a >= CALL_BASE
        text = state.action_to_string(a)
        entry: dict[str, Any] = {"action": a, "text": text, "call": call}
        if labels:
            entry["label"] = (
                call_label(state, a, lang, _pending(obs))
                if call
                else card_display(parse_card(text), lang)
            )
        out.append(entry)
    return out


def _barred(state: GameState, obs: dict[str, Any]) -> list[int]:
    """The calls the seat's observation says are barred now (Plump's ``forbidden_bid``,
    Priffe's ``barred_calls``): only these are explained (an explanation costs a copy
    of the state), in the order of the actions."""
    texts = list(obs.get("barred_calls") or {})
    if obs.get("forbidden_bid") is not None:
        texts.append(str(obs["forbidden_bid"]))
    return sorted({state.string_to_action(t) for t in texts})


def sentence(text: str) -> str:
    """A message as a line of its own: its first letter a capital."""
    return text[:1].upper() + text[1:]


def refused_calls(
    state: GameState,
    legal: Sequence[int],
    obs: dict[str, Any] | None,
    lang: str,
    names: Sequence[str],
    you: int | None = None,
) -> list[dict[str, Any]]:
    """While the seat to act chooses a call: the calls a rule bars, with the reason
    (Plump's dealer's forbidden bid, a Priffe call too low, spader out of turn),
    said to the reader, the seat ``you`` ("du får inte bjuda 2")."""
    if obs is None or not any(a >= CALL_BASE for a in legal):
        return []
    out = []
    for a in _barred(state, obs):
        if a in legal:
            continue
        err = state.explain(a)
        rule = str(getattr(err, "rule", "") or "")
        if err is None or rule in _NOT_SHOWN:
            continue
        out.append(
            {
                "action": a,
                "text": state.action_to_string(a),
                "label": call_label(state, a, lang, _pending(obs)),
                "rule": rule or None,
                "message": sentence(err.text(lang, list(names), you)),
            }
        )
    return out


def card_reasons(
    state: GameState,
    hand: Sequence[str],
    legal: Sequence[int],
    lang: str,
    names: Sequence[str],
    you: int | None = None,
) -> dict[str, str]:
    """For the seat to act (``you``, the reader): each card of its hand it may not
    play now, with why, said to the reader ("Du måste följa färg …")."""
    out: dict[str, str] = {}
    playable = {state.action_to_string(a) for a in legal if a < CALL_BASE}
    for card in hand:
        if card in playable:
            continue
        err = state.explain(state.string_to_action(card))
        if err is not None:
            out[card] = sentence(err.text(lang, list(names), you))
    return out


# --- the panel ----------------------------------------------------------------------------
def panel(
    obs: dict[str, Any] | None,
    game: str,
    names: Sequence[str],
    lang: str,
    *,
    seat: int | None,
    to_act: bool,
) -> dict[str, Any]:
    """The game's own lines for the page: ``head`` (where the game is), ``lines``
    (contract, deal kind, exchanges …), ``auction`` (Priffe's calls by name),
    ``table`` (Priffe's pair scores: ``columns`` and ``rows``) and ``prompt``
    (what the seat is asked, when it is to act)."""
    out: dict[str, Any] = {"head": "", "lines": [], "auction": None, "table": None, "prompt": None}
    if not obs or obs.get("phase") in (None, "deal", "over"):
        return out
    own = seatview_of(game)
    if own is not None:
        own.panel(out, obs, list(names), lang, seat)
    if to_act and seat is not None:
        out["prompt"] = _prompt(game, obs, lang)
    return out


def _prompt(game: str, obs: dict[str, Any], lang: str) -> str | None:
    """What the seat is asked, in words for a page (the terminal's prompts name the
    words to type; a page has buttons): ``web.prompt.<game>.<phase>`` where the
    catalogue has one, else the game's own prompt."""
    from stickspel.views import view_of

    key = f"web.prompt.{game}.{obs.get('phase')}"
    if has_key(key):
        pending = (obs.get("discarding") or {}).get("count", 0)
        left = int(obs.get("pile_size") or 0) - int(pending)
        return render(key, {"n": left}, lang)

    view = view_of(game)
    return None if view is None else view.prompt(obs, lang=lang)


# --- the summary of the last deal -----------------------------------------------------------
def last_deal(
    summary: dict[str, Any], names: Sequence[str], lang: str, person: int | None
) -> dict[str, Any]:
    """The engine's summary of a finished deal (:meth:`GameState.deal_summary
    <stickspel.core.api.GameState.deal_summary>`) as the page shows it to ``person``
    (the index of a record's player; ``None``: a spectator), in ``lang``: per seat the
    figures, the player's ``name``, ``person``, whether it is the reader (``you``) and
    the ``mark`` in words; ``you``, the reader's own line ("Du bjöd 1 och tog 5 —
    plump"); ``lines``, the game's lines.  ``names`` are by the record's players.

    >>> done = {"deal": 2, "lines": [], "seats": [
    ...     {"seat": 0, "player": 1, "call": "1", "tricks": 2, "points": 0, "target": None,
    ...      "made": False, "mark": {"key": "plump.summary.missed", "params": {}},
    ...      "you": {"key": "plump.summary.you_missed",
    ...              "params": {"bid": "1", "tricks": 2, "points": 0}}}]}
    >>> view = last_deal(done, ["Anna", "Björn"], "en", 1)
    >>> view["you"], view["seats"][0]["name"], view["seats"][0]["mark"]
    ('You bid 1 and took 2 — missed', 'Björn', 'missed')
    """
    rows = summary["seats"]
    seated = [seat_name(names, row["player"]) for row in rows]  # by the deal's seats

    def say(item: dict[str, Any] | None) -> str | None:
        return None if item is None else render(item["key"], item["params"], lang, seated)

    mine = next((row for row in rows if row["player"] == person), None)
    return {
        "deal": summary["deal"],
        "seats": [
            {
                "seat": row["seat"],
                "person": row["player"],
                "name": seated[i],
                "you": row is mine,
                "call": row["call"],
                "tricks": row["tricks"],
                "points": row["points"],
                "target": row["target"],
                "made": row["made"],
                "mark": say(row["mark"]),
            }
            for i, row in enumerate(rows)
        ],
        "you": say(mine["you"]) if mine is not None else None,
        "lines": [say(line) for line in summary["lines"]],
    }

"""Entering a deal as a table reports it: the fields a scorer fills in (``bids``
``3,2,4``, ``tricks`` ``+,-,4``, Priffe's ``calls`` or ``contract`` and ``by``,
Tremanswhist's ``upcard`` and ``exchange`` …), read into the deal the
scorekeeper (:class:`~stickspel.protokoll.scorekeeper.Session`) judges.

One reader for every front end: ``stickspel protokoll add/edit`` and the web's
score sheets (:mod:`stickspel.server.sheets`) both call :func:`build_deal`, so the
same entries give the same record, byte for byte.

>>> from stickspel.protokoll.scorekeeper import Session
>>> s = Session.new("plump", ["Anna", "Björn", "Cissi"], max_cards=2)
>>> build_deal(s, row=None, bids="1,0,0", tricks="+,0,1")["auction"][0]
{'seat': 1, 'call': '0'}
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from stickspel.core import RulesError
from stickspel.games import game_spec
from stickspel.protokoll import blank_sheet
from stickspel.protokoll.fields import (
    band,
    honours_of,
    numbers,
    per_player,
    person_index,
    seat_of_person,
)
from stickspel.protokoll.scorekeeper import ScorekeeperError, Session, parse_count
from stickspel.protokoll.sheetrules import sheet_rules
from stickspel.safetext import plain

__all__ = [
    "build_deal",
    "person_index",
    "seat_of_person",
    "per_player",
    "numbers",
    "honours_of",
    "band",
    "FIELDS",
    "row_fields",
    "keep_honours",
    "correct_row",
    "add_row",
    "rules_texts",
    "blank_sheet_for",
]

#: The fields of a deal as typed (every one optional; which are needed depends on the game).
FIELDS = (
    "bids",
    "tricks",
    "trump",
    "calls",
    "honours",
    "upcard",
    "exchange",
    "bought",
    "contract",
    "by",
)


def build_deal(
    session: Session,
    *,
    row: int | None,
    bids: str | None = None,
    tricks: str | None = None,
    trump: str | None = None,
    calls: str | None = None,
    honours: str | None = None,
    upcard: str | None = None,
    exchange: str | None = None,
    bought: str | None = None,
    deal_json: str | None = None,
    contract: str | None = None,
    by: str | None = None,
    open_row: bool = False,
) -> dict[str, Any]:
    """The deal of the fields as typed; ``open_row``: the calls alone may be given
    (the tricks not yet), for :meth:`Session.open`."""
    if deal_json:
        try:
            deal = json.loads(deal_json)
        except json.JSONDecodeError as e:
            raise ScorekeeperError("scorekeeper.cli.deal_json", reason=str(e)) from None
        if not isinstance(deal, dict):
            raise ScorekeeperError("scorekeeper.cli.deal_json_object")
        return deal
    fields = {"bids": bids, "tricks": tricks, "trump": trump, "calls": calls,
              "honours": honours, "upcard": upcard, "exchange": exchange,
              "bought": bought, "contract": contract, "by": by}  # fmt: skip
    return sheet_rules(session.spec).deal(session, fields, row=row, open_row=open_row)


def row_fields(session: Session, row: int, given: dict[str, str | None]) -> dict[str, str | None]:
    """The fields of a correction of row ``row`` with what was not given (``None``)
    taken from the row as entered (the open row's calls, for the row after the last)."""
    old = session.entries[row - 1] if row <= len(session.entries) else session.pending or {}
    result = old.get("result") or {}
    out = dict(given)
    tricks = result.get("tricks")
    if out["tricks"] is None and isinstance(tricks, list):
        out["tricks"] = ",".join(str(t) for t in tricks)
    sheet_rules(session.spec).fill(session, old, out)
    return out


def keep_honours(
    session: Session, row: int, deal: dict[str, Any], given: dict[str, str | None]
) -> None:
    """A row corrected without its kept results given (Priffe's honours) keeps them
    as written on it."""
    written = session.entries[row - 1].get("result") or {}
    for key in sheet_rules(session.spec).kept:
        held = written.get(key) or None
        if given.get(key) is None and held and key not in deal.get("result", {}):
            deal.setdefault("result", {})[key] = dict(held)


def correct_row(
    session: Session,
    row: int,
    given: dict[str, str | None],
    *,
    deal_json: str | None = None,
) -> dict[str, Any]:
    """Correct row ``row`` under the scorekeeper's rules: give only what was wrong
    (the rest of the row is kept), every later figure is recomputed, and a change that
    makes a later row impossible (another dealer, a game already over) is refused
    naming that row.  The open row is corrected as :func:`add_row` enters it.  The
    corrected row as recorded."""
    if session.pending is not None and row == len(session.entries) + 1 and deal_json is None:
        return add_row(session, given)
    if not 1 <= row <= len(session.entries):
        raise ScorekeeperError("scorekeeper.no_row", row=row, rows=len(session.entries))
    fields = {name: given.get(name) for name in FIELDS}
    if deal_json is None:
        fields = row_fields(session, row, fields)
    deal = build_deal(session, row=row, deal_json=deal_json, **_typed(fields))
    if deal_json is None:
        keep_honours(session, row, deal, given)
    return session.edit(row, deal)


def add_row(session: Session, given: dict[str, str | None]) -> dict[str, Any]:
    """The next row from its fields as typed, as on paper: with the tricks the deal is
    complete and added; without them its calls are written first (an open row,
    :meth:`Session.open`: Plump's bids, Priffe's calls or contract, Tremanswhist's
    upcard and exchange) and a later entry completes it, taking what it does not give
    again from the row as written.  The row as recorded."""
    fields = {name: given.get(name) for name in FIELDS}
    pending = session.pending
    if pending is not None:
        fields = row_fields(session, len(session.entries) + 1, fields)
    rules = sheet_rules(session.spec)
    _each_given(session, fields)
    if fields["tricks"] is None:
        if not rules.calls_given(fields):
            raise ScorekeeperError(rules.first)
        deal = build_deal(session, row=None, open_row=True, **_typed(fields))
        if pending is not None and _same(deal, pending):
            raise ScorekeeperError(rules.tricks_wanted)
        return session.open(deal)
    if not rules.tricks_alone and not rules.calls_given(fields):
        raise ScorekeeperError(rules.first)
    return session.add(build_deal(session, row=None, **_typed(fields)))


def _typed(fields: dict[str, str | None]) -> dict[str, Any]:
    """The fields as :func:`build_deal`'s keywords (each of :data:`FIELDS`, text or ``None``)."""
    return {name: fields.get(name) for name in FIELDS}


_EACH = {"bids": "scorekeeper.entry.bids_each", "tricks": "scorekeeper.entry.tricks_each"}


def _each_given(session: Session, fields: dict[str, str | None]) -> None:
    """A per-player field typed for some players and not others (``2,,1``) names who
    is missing, in words for the page: never a count of values."""
    for name in ("bids", "tricks"):
        text = fields.get(name)
        if text is None or "=" in text:
            continue
        parts = [p.strip() for p in text.split(",")]
        if len(parts) == len(session.players) and not all(parts):
            missing = ", ".join(session.players[i] for i, p in enumerate(parts) if not p)
            raise ScorekeeperError(_EACH[name], names=missing)


def _same(deal: dict[str, Any], pending: dict[str, Any]) -> bool:
    return all(deal.get(k) == pending.get(k) for k in ("auction", "upcard", "kind", "exchanges"))


def rules_texts(options: Sequence[str]) -> dict[str, str]:
    """``name=value`` rules options as typed (``-o``), by option name."""
    texts: dict[str, str] = {}
    for item in options:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise RulesError("scorekeeper.cli.option_form", item=item)
        texts[key.strip().replace("-", "_")] = value.strip()
    return texts


def blank_sheet_for(
    game: str,
    players: str | None,
    order: str | None,
    max_cards: int | None,
    options: Sequence[str],
    first_dealer: int,
    lang: str,
) -> Any:
    """A blank sheet for ``game`` from command-line values."""
    spec = game_spec(game)
    names: list[str] | None = None
    count: int | None = None
    if players:
        if (k := parse_count(players)) is not None:
            count = k
        elif "," in players:
            names = [p.strip() for p in players.split(",")]
            count = len(names)
        else:  # one word that is no number: not a table of one
            raise ScorekeeperError("scorekeeper.cli.players_form", shown=repr(plain(players, 40)))
    texts = rules_texts(options)
    if count is not None and "players" not in spec.rules.option_names():
        fixed = spec.state(spec.rules()).num_players  # type: ignore[call-arg]
        if count != fixed:
            raise ScorekeeperError(
                "scorekeeper.cli.players_fixed", game=spec.name, n=fixed, players=count
            )
    _check_first_dealer(spec, texts, count, first_dealer)
    wanted = {"players": count, "deal_order": order, "max_cards": max_cards}
    for option in spec.rules.option_names():
        if wanted.get(option) is not None:
            texts[option] = str(wanted[option])
    rules = spec.rules.from_strings(texts)
    return blank_sheet(spec.name, rules, names, lang, first_dealer=first_dealer)


def _check_first_dealer(
    spec: Any, texts: dict[str, str], count: int | None, first_dealer: int
) -> None:
    """A blank sheet's first dealer is one of its columns (0 … players − 1)."""
    if count is None:
        probe = spec.rules.from_strings(texts) if texts else spec.rules()
        count = spec.state(probe).num_players
    if not 0 <= first_dealer < count:
        raise ScorekeeperError(
            "scorekeeper.cli.first_dealer_range", last=count - 1, given=first_dealer
        )

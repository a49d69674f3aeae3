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

from stickspel.protokoll.scorekeeper import ScorekeeperError, Session, parse_count, parse_mark
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


def person_index(session: Session, text: str) -> int:
    """A player's index from a name (case-insensitive, a unique prefix will do) or a number."""
    t = text.strip()
    names = session.players
    k = parse_count(t)
    if k is not None and k < len(names) and t not in names:
        return k
    exact = [i for i, n in enumerate(names) if n.lower() == t.lower()]
    if exact:
        return exact[0]
    prefix = [i for i, n in enumerate(names) if n.lower().startswith(t.lower())]
    if len(prefix) == 1:
        return prefix[0]
    raise ScorekeeperError("scorekeeper.cli.not_a_player", text=text, names=", ".join(names))


def seat_of_person(session: Session, person: int) -> int:
    nxt = session.next_deal()
    seating = nxt.seating if nxt is not None else ()
    return list(seating).index(person) if seating else person


def per_player(session: Session, text: str, what: str) -> list[str]:
    """``3,2,4`` (in the order of the players) or ``Anna=3,Björn=2,Cissi=4`` (any order)."""
    parts = [p.strip() for p in text.replace(";", ",").split(",")]
    n = len(session.players)
    if all("=" in p for p in parts):
        out: list[str | None] = [None] * n
        for p in parts:
            name, _, value = p.partition("=")
            out[person_index(session, name)] = value.strip()
        missing = [session.players[i] for i, v in enumerate(out) if v is None]
        if missing:
            raise ScorekeeperError(
                "scorekeeper.cli.none_given", what=what, missing=", ".join(missing)
            )
        return [str(v) for v in out]
    if len(parts) != n:
        raise ScorekeeperError(
            "scorekeeper.cli.value_count",
            what=what,
            values=len(parts),
            players=n,
            names=", ".join(session.players),
        )
    return parts


def numbers(values: Sequence[str], what: str) -> list[int]:
    out = []
    for v in values:
        k = parse_count(v)
        if k is None:
            shown = repr(plain(v.strip(), 20))
            raise ScorekeeperError("scorekeeper.cli.not_a_number", what=what, shown=shown)
        out.append(k)
    return out


def honours_of(session: Session, text: str | None) -> tuple[int, list[int]] | None:
    if text is None or text.strip().lower() in ("", "ingen", "inga", "none", "-", "0"):
        return None
    t = text.replace(":", " ").replace("=", " ").split()
    if len(t) != 2:
        raise ScorekeeperError("scorekeeper.cli.honours_form", text=text)
    held = {"4": [4, 0], "3+1": [3, 1], "31": [3, 1], "3": [3, 0]}.get(t[1])
    if held is None:
        raise ScorekeeperError("scorekeeper.cli.honours_held", text=text)
    return seat_of_person(session, person_index(session, t[0])), held


def band(text: str) -> tuple[str | None, str | None, str | None]:
    """Upcard (``QH``) or band (``plus``, ``plus:H``, ``minus``): (upcard, kind, trump)."""
    t = text.strip()
    low = t.lower()
    for kind in ("plus", "minus"):
        if low.startswith(kind):
            rest = t[len(kind) :].strip(" :/")
            return None, kind, (rest or None)
    return t, None, None


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
) -> dict[str, Any]:
    if deal_json:
        try:
            deal = json.loads(deal_json)
        except json.JSONDecodeError as e:
            raise ScorekeeperError("scorekeeper.cli.deal_json", reason=str(e)) from None
        if not isinstance(deal, dict):
            raise ScorekeeperError("scorekeeper.cli.deal_json_object")
        return deal
    game = session.game
    if game == "plump":
        if bids is None or tricks is None:
            raise ScorekeeperError("scorekeeper.cli.plump_needs")
        bid_values: list[int | None] = list(numbers(per_player(session, bids, "bids"), "bids"))
        marks: list[int | str] = [parse_mark(t) for t in per_player(session, tricks, "tricks")]
        return session.plump_deal(bid_values, marks, row=row, trump=trump)
    if game == "priffe":
        if (calls is None and contract is None) or tricks is None:
            raise ScorekeeperError("scorekeeper.cli.priffe_needs")
        call_list = [c.strip() for c in calls.split(",") if c.strip()] if calls else None
        bidder = seat_of_person(session, person_index(session, by)) if by else None
        trick_list = numbers(tricks.split(","), "tricks")
        return session.priffe_deal(
            call_list,
            trick_list,
            honours_of(session, honours),
            row=row,
            contract=contract,
            bidder=bidder,
        )
    if game == "tremanswhist":
        if tricks is None:
            raise ScorekeeperError("scorekeeper.cli.tremanswhist_needs")
        up, kind, band_trump = band(upcard) if upcard else (None, None, None)
        taker = None
        if exchange and exchange.strip().lower() not in ("ingen", "none", "-", ""):
            taker = seat_of_person(session, person_index(session, exchange))
        purchases = numbers(bought.split(","), "bought") if bought else None
        tricks_list = numbers(per_player(session, tricks, "tricks"), "tricks")
        return session.tremanswhist_deal(
            tricks_list,
            upcard=up,
            kind=kind,
            trump=band_trump if band_trump is not None else trump,
            taker=taker,
            purchases=purchases,
            row=row,
        )
    raise ScorekeeperError("scorekeeper.cli.no_scorekeeping", game=game)

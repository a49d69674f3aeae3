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
    game = session.game
    if game == "plump":
        if bids is None or (tricks is None and not open_row):
            raise ScorekeeperError("scorekeeper.cli.plump_needs")
        bid_values: list[int | None] = list(numbers(per_player(session, bids, "bids"), "bids"))
        marks: list[int | str] | None = None
        if tricks is not None:
            marks = [parse_mark(t) for t in per_player(session, tricks, "tricks")]
        return session.plump_deal(bid_values, marks, row=row, trump=trump)
    if game == "priffe":
        if (calls is None and contract is None) or (tricks is None and not open_row):
            raise ScorekeeperError("scorekeeper.cli.priffe_needs")
        call_list = [c.strip() for c in calls.split(",") if c.strip()] if calls else None
        bidder = seat_of_person(session, person_index(session, by)) if by else None
        trick_list = numbers(tricks.split(","), "tricks") if tricks is not None else None
        return session.priffe_deal(
            call_list,
            trick_list,
            honours_of(session, honours),
            row=row,
            contract=contract,
            bidder=bidder,
        )
    if game == "tremanswhist":
        if tricks is None and not open_row:
            raise ScorekeeperError("scorekeeper.cli.tremanswhist_needs")
        up, kind, band_trump = band(upcard) if upcard else (None, None, None)
        taker = None
        if exchange and exchange.strip().lower() not in ("ingen", "none", "-", ""):
            taker = seat_of_person(session, person_index(session, exchange))
        purchases = numbers(bought.split(","), "bought") if bought else None
        tricks_list = None
        if tricks is not None:
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


def row_fields(session: Session, row: int, given: dict[str, str | None]) -> dict[str, str | None]:
    """The fields of a correction of row ``row`` with what was not given (``None``)
    taken from the row as entered (the open row's calls, for the row after the last)."""
    old = session.entries[row - 1] if row <= len(session.entries) else session.pending or {}
    result = old.get("result") or {}
    out = dict(given)
    tricks = result.get("tricks")
    if out["tricks"] is None and isinstance(tricks, list):
        out["tricks"] = ",".join(str(t) for t in tricks)
    auction = [a for a in old.get("auction") or [] if isinstance(a, dict)]
    if session.game == "plump":
        by_seat = {int(a["seat"]): str(a["call"]) for a in auction}
        if out["bids"] is None and by_seat:
            out["bids"] = ",".join(by_seat.get(s, "") for s in range(len(session.players)))
        if out["trump"] is None and old.get("trump"):
            out["trump"] = str(old["trump"])
    elif session.game == "priffe":
        if out["calls"] is None and out["contract"] is None and auction:
            out["calls"] = ",".join(str(a["call"]) for a in auction)
    elif session.game == "tremanswhist":
        _tremanswhist_fields(session, old, out)
    return out


def _tremanswhist_fields(session: Session, old: dict[str, Any], out: dict[str, str | None]) -> None:
    """The upcard (or band), the pile's taker and the purchases of a Tremanswhist row."""
    if out["upcard"] is None:
        if old.get("upcard"):
            out["upcard"] = str(old["upcard"])
        elif old.get("kind"):
            out["upcard"] = str(old["kind"]) + (f":{old['trump']}" if old.get("trump") else "")
    offers = [e for e in old.get("exchanges") or [] if isinstance(e, dict)]
    if out["exchange"] is None and out["bought"] is None:
        counts = [str(e["count"]) for e in offers if "count" in e]
        takers = [int(e["seat"]) for e in offers if e.get("take")]
        if counts:
            out["bought"] = ",".join(counts)
        elif takers:
            out["exchange"] = session.players[takers[0]]


def keep_honours(session: Session, row: int, deal: dict[str, Any]) -> None:
    """A Priffe row corrected without honours given keeps the honours written on it."""
    held = ((session.entries[row - 1].get("result") or {}).get("honours")) or None
    if session.game == "priffe" and held and "honours" not in deal.get("result", {}):
        deal.setdefault("result", {})["honours"] = dict(held)


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
    if deal_json is None and given.get("honours") is None:
        keep_honours(session, row, deal)
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
    game = session.game
    _each_given(session, fields)
    if fields["tricks"] is None:
        if not _calls_given(game, fields):
            raise ScorekeeperError(_FIRST[game])
        deal = build_deal(session, row=None, open_row=True, **_typed(fields))
        if pending is not None and _same(deal, pending):
            if game == "priffe":
                raise ScorekeeperError("scorekeeper.entry.priffe_tricks")
            raise ScorekeeperError("scorekeeper.entry.tricks")
        return session.open(deal)
    if game != "tremanswhist" and not _calls_given(game, fields):
        raise ScorekeeperError(_FIRST[game])  # Tremanswhist's tricks alone: the engine judges
    return session.add(build_deal(session, row=None, **_typed(fields)))


def _typed(fields: dict[str, str | None]) -> dict[str, Any]:
    """The fields as :func:`build_deal`'s keywords (each of :data:`FIELDS`, text or ``None``)."""
    return {name: fields.get(name) for name in FIELDS}


#: What to write first, by game, when a row has neither its calls nor its tricks.
_FIRST = {
    "plump": "scorekeeper.entry.plump_first",
    "priffe": "scorekeeper.entry.priffe_first",
    "tremanswhist": "scorekeeper.entry.tremanswhist_first",
}
_EACH = {"bids": "scorekeeper.entry.bids_each", "tricks": "scorekeeper.entry.tricks_each"}


def _calls_given(game: str, fields: dict[str, str | None]) -> bool:
    """Whether what is written before a deal is played is there."""
    if game == "plump":
        return fields["bids"] is not None
    if game == "priffe":
        return fields["calls"] is not None or fields["contract"] is not None
    return any(fields[k] is not None for k in ("upcard", "exchange", "bought"))


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
    if spec.name == "plump":
        from stickspel.games.plump import PlumpRules
        from stickspel.protokoll.plump import blank_sheet

        if count is not None:
            texts["players"] = str(count)
        if order is not None:
            texts["deal_order"] = order
        if max_cards is not None:
            texts["max_cards"] = str(max_cards)
        rules = PlumpRules.from_strings(texts)
        return blank_sheet(rules, names, lang, first_dealer=first_dealer)
    from stickspel.protokoll import blank_sheet as generic_blank

    generic_rules = spec.rules.from_strings(texts)
    return generic_blank(spec.name, generic_rules, names, lang)


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

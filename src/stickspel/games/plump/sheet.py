"""Plump's score-sheet row: each player's bid (written in turn from förhand, the
dealer last), then the tricks taken (a count, or ``+``/``-`` for made/missed).

>>> from stickspel.protokoll.scorekeeper import Session
>>> s = Session.new("plump", ["Anna", "Björn", "Cissi"], max_cards=2)
>>> PLUMP_SHEET.deal(s, {"bids": "1,0,0", "tricks": "+,0,1", "trump": None}, row=None,
...     open_row=False)["result"]
{'tricks': [1, 0, 1]}
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

from stickspel.core import IllegalActionError, error_text
from stickspel.i18n import LANGS, render
from stickspel.protokoll.fields import numbers, per_player, require_game
from stickspel.protokoll.scorekeeper import (
    MADE,
    MISSED,
    ScorekeeperError,
    Session,
    Worded,
    parse_mark,
    trump_letter,
)
from stickspel.protokoll.sheetrules import Asker, SheetRules

__all__ = [
    "resolve_tricks",
    "plump_deal",
    "add_plump",
    "edit_plump",
    "check_bids",
    "forbidden_bid",
    "PLUMP_SHEET",
    "PlumpSheet",
]


class PlumpSheet:
    """Plump's :class:`~stickspel.protokoll.sheetrules.SheetRules`."""

    game = "plump"
    first = "scorekeeper.entry.plump_first"
    tricks_wanted = "scorekeeper.entry.tricks"
    tricks_alone = False
    kept: tuple[str, ...] = ()
    fields: tuple[str, ...] = ("bids", "tricks", "trump")
    partners: tuple[tuple[int, int], tuple[int, int]] | None = None
    reported: dict[str, tuple[str, ...]] = {"tricks": ()}
    no_result = "plump.reported_tricks"
    derived: tuple[str, ...] = ()

    def calls_given(self, fields: dict[str, str | None]) -> bool:
        return fields.get("bids") is not None

    def deal(
        self, session: Session, fields: dict[str, str | None], *, row: int | None, open_row: bool
    ) -> dict[str, Any]:
        bids, tricks = fields.get("bids"), fields.get("tricks")
        if bids is None or (tricks is None and not open_row):
            raise ScorekeeperError("scorekeeper.cli.plump_needs")
        bid_values: list[int | None] = list(numbers(per_player(session, bids, "bids"), "bids"))
        marks: list[int | str] | None = None
        if tricks is not None:
            marks = [parse_mark(t) for t in per_player(session, tricks, "tricks")]
        return plump_deal(session, bid_values, marks, row=row, trump=fields.get("trump"))

    def fill(self, session: Session, old: dict[str, Any], out: dict[str, str | None]) -> None:
        auction = [a for a in old.get("auction") or [] if isinstance(a, dict)]
        by_seat = {int(a["seat"]): str(a["call"]) for a in auction}
        if out.get("bids") is None and by_seat:
            out["bids"] = ",".join(by_seat.get(s, "") for s in range(len(session.players)))
        if out.get("trump") is None and old.get("trump"):
            out["trump"] = str(old["trump"])

    def check(self, session: Session, row: int, fields: dict[str, str | None]) -> dict[str, Any]:
        n = len(session.players)
        out: dict[str, Any] = {}
        bids = _each(fields.get("bids"), n)
        if fields.get("bids") is not None:
            values = [None if b is None else numbers([b], "bids")[0] for b in bids]
            forbidden = self.judge_bids(session, row, values)
            if row == len(session.entries) + 1:
                out["forbidden"] = forbidden
        tricks = _each(fields.get("tricks"), n)
        if fields.get("tricks") is not None:
            marks = [None if t is None else parse_mark(t) for t in tricks]
            self.judge_tricks(session, row, marks)
            if all(t is not None for t in tricks) and fields.get("bids"):
                self.deal(session, fields, row=row, open_row=False)
        return out

    def judge_bids(self, session: Session, row: int, bids: Sequence[int | None]) -> int | None:
        """The bids written so far on row ``row`` (seat order, ``None``: not yet): in
        turn and as the engine allows on the next row, which returns the bid the dealer
        may not make; no more than the deal's cards on a row being corrected."""
        if row == len(session.entries) + 1:
            check_bids(session, bids)
            return forbidden_bid(session, bids)
        cards = _cards(session, row)
        for seat, bid in enumerate(bids):
            if bid is not None and cards is not None and bid > cards:
                name = session.players[seat]
                raise ScorekeeperError("scorekeeper.cli.bid_range", name=name, cards=cards, bid=bid)
        return None

    def judge_tricks(self, session: Session, row: int, marks: Sequence[int | str | None]) -> None:
        """Each trick count written (seat order) is one the deal of row ``row`` has."""
        cards = _cards(session, row)
        for seat, mark in enumerate(marks):
            if isinstance(mark, int) and cards is not None and not 0 <= mark <= cards:
                raise ScorekeeperError(
                    "scorekeeper.cli.tricks_range",
                    name=session.players[seat],
                    cards=cards,
                    tricks=mark,
                )

    def ask_row(self, session: Session, row: int, asker: Asker) -> dict[str, Any]:
        bids = self._ask_bids(session, row, asker)
        while True:
            deal: dict[str, Any] = asker.retry(lambda: self._ask_tricks(session, row, bids, asker))
            try:
                session.enter(row, deal)
                return deal
            except ScorekeeperError as e:
                asker.refused(e)

    def _ask_bids(self, session: Session, row: int, asker: Asker) -> list[int | None]:
        """Each player's bid from förhand, the dealer last (told the bid the spärr
        forbids), each judged as it is given; a corrected row's bids the defaults."""
        n = len(session.players)
        is_next = row == len(session.entries) + 1
        dealer, cards = session.dealer_size(row)
        old = _old_row(session, row)
        old_bids = {int(a["seat"]): str(a["call"]) for a in old.get("auction") or []}
        bids: list[int | None] = [None] * n
        for seat in [(dealer + 1 + k) % n for k in range(n)]:
            forbidden = forbidden_bid(session, bids) if is_next and seat == dealer else None
            if forbidden is not None:
                asker.say("forbidden", dealer=session.players[dealer], bid=forbidden)
            not_ = asker.words("not", bid=forbidden) if forbidden is not None else ""

            def one_bid(seat: int = seat, not_: str = not_) -> int:
                name = session.players[seat]
                text = asker.ask("bid_prompt", old_bids.get(seat), name=name, n=cards, not_=not_)
                bid = numbers([text], "bid")[0]
                trial = list(bids)
                trial[seat] = bid
                self.judge_bids(session, row, trial)
                return bid

            bids[seat] = asker.retry(one_bid)
        return bids

    def _ask_tricks(
        self, session: Session, row: int, bids: Sequence[int | None], asker: Asker
    ) -> dict[str, Any]:
        """Each player's tricks (or made/missed) in the order of the bids: the deal."""
        n = len(session.players)
        old = _old_row(session, row)
        old_tricks = (old.get("result") or {}).get("tricks") or []

        def one_mark(seat: int) -> int | str:
            """A player's tricks, refused at once if the deal has not that many."""
            default = str(old_tricks[seat]) if seat < len(old_tricks) else None
            mark = parse_mark(asker.ask("tricks_prompt", default, name=session.players[seat]))
            self.judge_tricks(session, row, [mark if s == seat else None for s in range(n)])
            return mark

        dealer = session.dealer_size(row)[0]
        marks: list[int | str] = [0] * n
        for seat in [(dealer + 1 + k) % n for k in range(n)]:
            marks[seat] = asker.retry(functools.partial(one_mark, seat))
        # a corrected row keeps the trump written on it
        return plump_deal(session, bids, marks, row=row, trump=old.get("trump"))


def _old_row(session: Session, row: int) -> dict[str, Any]:
    """Row ``row`` as written when it is being corrected (the next row: nothing)."""
    return session.entries[row - 1] if row <= len(session.entries) else {}


def _cards(session: Session, row: int) -> int | None:
    """The cards dealt in row ``row`` (a row written, or the next), if known."""
    if 1 <= row <= len(session.entries):
        cards = session.entries[row - 1].get("cards")
        return int(cards) if isinstance(cards, int) else None
    nxt = session.next_deal()
    return nxt.cards if nxt is not None and row == nxt.row else None


def _each(text: str | None, n: int) -> list[str | None]:
    """A per-player field as typed so far (``2,,1``): each player's part or ``None``."""
    parts = [p.strip() for p in (text or "").split(",")] + [""] * n
    return [p or None for p in parts[:n]]


def plump_deal(
    session: Session,
    bids: Sequence[int | None],
    tricks: Sequence[int | str] | None,
    *,
    row: int | None = None,
    trump: str | None = None,
) -> dict[str, Any]:
    """A Plump deal from bids and tricks given in seat order (the columns of the sheet).

    Tricks may be counts or made/missed marks (see :func:`resolve_tricks`).
    """
    require_game(session, "plump")
    n = len(session.players)
    row = row if row is not None else len(session.entries) + 1
    dealer, size = session.dealer_size(row)
    at = {"dealer": dealer, "cards": size}
    where = session.where(row, at)
    if len(bids) != n or any(b is None for b in bids):
        raise ScorekeeperError("scorekeeper.bid_each", row=row, where=where, players=n)
    order = [(dealer + 1 + k) % n for k in range(n)]
    deal: dict[str, Any] = {
        "dealer": dealer,
        "cards": size,
        "auction": [{"seat": s, "call": str(bids[s])} for s in order],
    }
    if trump is not None:
        deal["trump"] = trump_letter(trump)
    session.judge_calls(row, deal)
    if tricks is not None:
        try:
            marks = [parse_mark(t) for t in tricks]
            counts = resolve_tricks(size, [int(b or 0) for b in bids], marks, session.players)
        except ValueError as e:
            raise ScorekeeperError(
                "scorekeeper.at",
                row=row,
                rule="tricks",
                where=where,
                detail=Worded({lang: error_text(e, lang) for lang in LANGS}),
            ) from None
        deal["result"] = {"tricks": counts}
    return deal


def add_plump(
    session: Session,
    bids: Sequence[int | None],
    tricks: Sequence[int | str],
    *,
    trump: str | None = None,
) -> dict[str, Any]:
    """Add the next Plump deal: bids and tricks (or +/- marks) in seat order."""
    return session.add(plump_deal(session, bids, tricks, trump=trump))


def edit_plump(
    session: Session, row: int, bids: Sequence[int | None], tricks: Sequence[int | str]
) -> dict[str, Any]:
    """Correct a Plump row (1-based)."""
    if not 1 <= row <= len(session.entries):
        raise ScorekeeperError("scorekeeper.no_row", row=row, rows=len(session.entries))
    trump = session.entries[row - 1].get("trump")
    return session.edit(row, plump_deal(session, bids, tricks, row=row, trump=trump))


def check_bids(session: Session, bids: Sequence[int | None]) -> None:
    """Check the bids made so far in the next Plump deal (seat order, ``None`` = not yet).

    Bids must come in turn from förhand; the engine judges them (range,
    spärren).  Raises :class:`ScorekeeperError` naming the bid refused.
    """
    require_game(session, "plump")
    nxt = session.next_deal()
    if nxt is None:
        raise ScorekeeperError("scorekeeper.game_over", rule="game_over")
    made = [s for s in nxt.order if bids[s] is not None]
    if made != nxt.order[: len(made)]:
        missing = next(s for s in nxt.order if bids[s] is None)
        raise ScorekeeperError(
            "scorekeeper.bids_before",
            row=nxt.row,
            rule="turn",
            where=session.where(nxt.row),
            bidder=session.players[made[-1]],
            missing=session.players[missing],
        )
    deal = {
        "dealer": nxt.dealer,
        "cards": nxt.cards,
        "auction": [{"seat": s, "call": str(bids[s])} for s in made],
    }
    try:
        session.state.clone().apply_reported_deal(deal)
    except IllegalActionError as e:
        if e.rule in ("truncated", "missing_field"):
            return  # legal so far: only the rest is missing
        raise session.refusal((nxt.row, None), e) from None


def forbidden_bid(session: Session, bids: Sequence[int | None]) -> int | None:
    """The bid the dealer may not make in the next Plump deal, given the others' bids.

    Asked of the engine: the one bid it refuses for the dealer, if any.
    """
    nxt = session.next_deal()
    if nxt is None or nxt.cards is None:
        return None
    for bid in range(nxt.cards + 1):
        trial = list(bids)
        trial[nxt.dealer] = bid
        try:
            check_bids(session, trial)
        except ScorekeeperError as e:
            if e.rule == "sparr":
                return bid
    return None


def resolve_tricks(
    size: int, bids: Sequence[int], marks: Sequence[int | str], names: Sequence[str]
) -> list[int]:
    """Each seat's tricks from counts and made/missed marks.

    A seat marked made took its bid.  The tricks of the seats marked missed
    are what the others leave: with one missed seat its count follows from the
    deal size; with more, all but one of them must be given as counts (the
    last is derived).  Everything is checked: the counts must add up to the
    deal size, and a seat marked missed must not end up with its bid.

    >>> resolve_tricks(3, [1, 1, 0], ["+", "+", "-"], "ABC")
    [1, 1, 1]
    >>> resolve_tricks(3, [1, 1, 0], ["+", "-", "-"], "ABC")
    Traceback (most recent call last):
    ...
    stickspel.protokoll.scorekeeper.ScorekeeperError: B and C are marked missed: give the tricks of all of them but one (2 tricks are left for them)
    >>> resolve_tricks(3, [2, 1, 0], ["+", "-", "+"], "ABC")
    Traceback (most recent call last):
    ...
    stickspel.protokoll.scorekeeper.ScorekeeperError: B is marked missed, but the others' tricks leave B exactly 1, B's bid
    >>> resolve_tricks(2, [1, 1, 1], ["+", "+", "+"], "ABC")
    Traceback (most recent call last):
    ...
    stickspel.protokoll.scorekeeper.ScorekeeperError: all are marked made, but the bids add up to 3, not 2 (somebody must have missed)
    """
    parsed = [m if m in (MADE, MISSED) else parse_mark(m) for m in marks]
    tricks = _marked(size, bids, parsed, names)
    known = sum(t for t in tricks if t is not None)
    missed = [s for s, t in enumerate(tricks) if t is None]
    left = size - known
    if not missed:
        if known != size:
            if all(m == MADE for m in parsed):
                raise ScorekeeperError("scorekeeper.all_made", known=known, size=size)
            raise ScorekeeperError("scorekeeper.trick_sum", known=known, size=size)
        return [int(t) for t in tricks if t is not None]
    if left < 0:
        raise ScorekeeperError("scorekeeper.others_too_many", known=known, size=size)
    if len(missed) > 1:
        who = Worded.of(lambda lang: _join([names[s] for s in missed], lang))
        raise ScorekeeperError("scorekeeper.several_missed", who=who, left=left)
    s = missed[0]
    if left == bids[s]:
        raise ScorekeeperError("scorekeeper.missed_but_bid", name=names[s], left=left)
    tricks[s] = left
    return [int(t) for t in tricks if t is not None]


def _join(names: Sequence[str], lang: str = "en") -> str:
    if len(names) == 1:
        return names[0]
    return render("scorekeeper.join", {"names": ", ".join(names[:-1]), "last": names[-1]}, lang)


def _marked(
    size: int, bids: Sequence[int], parsed: Sequence[int | str], names: Sequence[str]
) -> list[int | None]:
    """Each seat's tricks as far as its mark tells (``None``: marked missed)."""
    n = len(bids)
    if len(parsed) != n:
        raise ScorekeeperError("scorekeeper.trick_entries", entries=len(parsed), players=n)
    tricks: list[int | None] = []
    for s, m in enumerate(parsed):
        if m == MADE:
            tricks.append(bids[s])
        elif m == MISSED:
            tricks.append(None)
        else:
            assert isinstance(m, int)
            if m > size:
                raise ScorekeeperError(
                    "scorekeeper.too_many_tricks", name=names[s], tricks=m, size=size
                )
            tricks.append(m)
    return tricks


PLUMP_SHEET: SheetRules = PlumpSheet()

"""Priffe's score-sheet row: the calls in order from förhand (or the contract and
who bid it), then the tricks per side (or the declarers') and the honours.

>>> from stickspel.protokoll.scorekeeper import Session
>>> s = Session.new("priffe", ["Anna", "Björn", "Cissi", "David"])
>>> PRIFFE_SHEET.check(s, 1, {"calls": "pass,hjärter"})
{}
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from stickspel.core import IllegalActionError
from stickspel.protokoll.fields import (
    honours_of,
    numbers,
    old_tricks,
    person_index,
    require_game,
    seat_of_person,
)
from stickspel.protokoll.scorekeeper import ScorekeeperError, Session
from stickspel.protokoll.sheetrules import Asker, SheetRules

__all__ = ["priffe_deal", "check_calls", "PRIFFE_SHEET", "PriffeSheet"]


class PriffeSheet:
    """Priffe's :class:`~stickspel.protokoll.sheetrules.SheetRules`."""

    game = "priffe"
    first = "scorekeeper.entry.priffe_first"
    tricks_wanted = "scorekeeper.entry.priffe_tricks"
    tricks_alone = False
    kept: tuple[str, ...] = ("honours",)
    fields: tuple[str, ...] = ("calls", "contract", "by", "tricks", "honours")
    partners: tuple[tuple[int, int], tuple[int, int]] | None = ((0, 2), (1, 3))
    reported: dict[str, tuple[str, ...]] = {"tricks": (), "honours": ("side", "held")}
    no_result = "priffe.result_missing"
    derived: tuple[str, ...] = ("seating", "trump")

    def calls_given(self, fields: dict[str, str | None]) -> bool:
        return fields.get("calls") is not None or fields.get("contract") is not None

    def deal(
        self, session: Session, fields: dict[str, str | None], *, row: int | None, open_row: bool
    ) -> dict[str, Any]:
        calls, contract, by = fields.get("calls"), fields.get("contract"), fields.get("by")
        tricks = fields.get("tricks")
        if (calls is None and contract is None) or (tricks is None and not open_row):
            raise ScorekeeperError("scorekeeper.cli.priffe_needs")
        call_list = [c.strip() for c in calls.split(",") if c.strip()] if calls else None
        bidder = seat_of_person(session, person_index(session, by)) if by else None
        trick_list = numbers(tricks.split(","), "tricks") if tricks is not None else None
        return priffe_deal(
            session,
            call_list,
            trick_list,
            honours_of(session, fields.get("honours")),
            row=row,
            contract=contract,
            bidder=bidder,
        )

    def fill(self, session: Session, old: dict[str, Any], out: dict[str, str | None]) -> None:
        auction = [a for a in old.get("auction") or [] if isinstance(a, dict)]
        if out.get("calls") is None and out.get("contract") is None and auction:
            out["calls"] = ",".join(str(a["call"]) for a in auction)

    def check(self, session: Session, row: int, fields: dict[str, str | None]) -> dict[str, Any]:
        calls = [c.strip() for c in str(fields.get("calls") or "").split(",") if c.strip()]
        if calls:
            check_calls(session, calls, row=row)
        return {}

    def ask_row(self, session: Session, row: int, asker: Asker) -> dict[str, Any]:
        while True:
            calls = _ask_calls(session, row, asker)
            a, b = session.seat_name(0), session.seat_name(2)
            old_sides = old_tricks(session, row)
            try:
                raw = asker.ask(
                    "side_tricks",
                    ",".join(str(t) for t in old_sides) if old_sides else None,
                    a=a,
                    b=b,
                )
                tricks = numbers([x for x in raw.replace(" ", ",").split(",") if x], "tricks")
                if len(tricks) == 1:  # asked of the first pair: the other has the rest
                    tricks = [tricks[0], 13 - tricks[0]]
                hon = honours_of(session, asker.ask("honours_prompt"))
                deal = priffe_deal(session, calls, tricks, hon, row=row)
                session.enter(row, deal)
                return deal
            except (ScorekeeperError, ValueError) as e:
                asker.refused(e)


def _ask_calls(session: Session, row: int, asker: Asker) -> list[str]:
    """The calls from förhand, each judged as it is made, until spel or all have called."""
    n = len(session.players)
    dealer = session.dealer_of(row)
    calls: list[str] = []
    for seat in [(dealer + 1 + k) % n for k in range(n)]:

        def one_call(seat: int = seat) -> str:
            call = asker.ask("call_prompt", name=session.seat_name(seat)).lower()
            check_calls(session, [*calls, call], row=row)  # refused at once, asked again
            return call

        calls.append(asker.retry(one_call))
        if calls[-1] == "spel":
            break
    return calls


def priffe_deal(
    session: Session,
    calls: Sequence[str] | None,
    tricks: Sequence[int] | None,
    honours: tuple[int, Sequence[int]] | None = None,
    *,
    row: int | None = None,
    contract: str | None = None,
    bidder: int | None = None,
) -> dict[str, Any]:
    """A Priffe deal: the calls in order from förhand, the tricks and the honours.

    A table that wrote down only the contract and who bid it gives
    ``contract`` and ``bidder`` (a seat) instead of ``calls``: the calls are
    then the bidder's bid with everyone else passing (``tvångsnoll``: all
    pass), which the engine judges like any other.  ``tricks`` is two
    numbers, per side (seats 0+2, then 1+3), or one: the declaring side's
    tricks (the defence has the rest; side 0+2 in tvångsnoll).  ``honours``
    is ``(seat, held)``: any seat of the side that held them and ``[4, 0]``,
    ``[3, 1]`` or ``[3, 0]``.  Without ``tricks`` the deal has no result: the
    calls of an open row (:meth:`open`).

    >>> s = Session.new("priffe", ["Anna", "Björn", "Cissi", "David"])
    >>> priffe_deal(s, None, [9], contract="hjärter", bidder=2)["auction"]
    [{'seat': 1, 'call': 'pass'}, {'seat': 2, 'call': 'hjärter'}, {'seat': 3, 'call': 'pass'}, {'seat': 0, 'call': 'pass'}]
    """
    require_game(session, "priffe")
    row = row if row is not None else len(session.entries) + 1
    dealer = session.dealer_size(row)[0]
    if calls is None:
        calls = _calls_for(session, row, dealer, contract, bidder)
    deal: dict[str, Any] = {"dealer": dealer, "auction": _auction(session, row, dealer, calls)}
    if tricks is None:
        return deal
    result: dict[str, Any] = {"tricks": _side_tricks(session, row, deal, tricks)}
    if honours is not None:
        seat, held = honours
        result["honours"] = {"side": int(seat) % 2, "held": [int(h) for h in held]}
    return {**deal, "result": result}


def _auction(session: Session, row: int, dealer: int, calls: Sequence[str]) -> list[dict[str, Any]]:
    """The calls in order from förhand, each player's once at most."""
    n = len(session.players)
    if len(calls) > n:
        raise ScorekeeperError(
            "scorekeeper.too_many_calls",
            row=row,
            rule="turn",
            where=session.where(row),
            calls=len(calls),
            players=n,
        )
    order = [(dealer + 1 + k) % n for k in range(n)]
    return [{"seat": order[k], "call": str(c).strip().lower()} for k, c in enumerate(calls)]


def _side_tricks(
    session: Session, row: int, deal: dict[str, Any], tricks: Sequence[int]
) -> list[int]:
    """The tricks per side (0+2, 1+3) from both sides' or the declarers' alone."""
    if len(tricks) != 1:
        return [int(t) for t in tricks]
    mine = int(tricks[0])
    if not 0 <= mine <= 13:
        raise ScorekeeperError(
            "scorekeeper.tricks_of_13",
            row=row,
            rule="trick_sum",
            where=session.where(row),
            tricks=mine,
        )
    side = _declaring_side(session, row, int(deal["dealer"]), deal["auction"])
    return [mine, 13 - mine] if side == 0 else [13 - mine, mine]


def _calls_for(
    session: Session, row: int, dealer: int, contract: str | None, bidder: int | None
) -> list[str]:
    """The calls that make ``contract`` by ``bidder``: the others pass."""
    n = len(session.players)
    name = (contract or "").strip().lower()
    if name in ("tvångsnoll", "tvangsnoll", "pass"):
        return ["pass"] * n
    if not name or bidder is None:
        raise ScorekeeperError(
            "scorekeeper.give_calls", row=row, rule="missing_field", where=session.where(row)
        )
    order = [(dealer + 1 + k) % n for k in range(n)]
    k = order.index(bidder)
    rest = [] if name == "spel" else ["pass"] * (n - k - 1)
    return ["pass"] * k + [name] + rest


def check_calls(session: Session, calls: Sequence[str], row: int | None = None) -> None:
    """Check the calls made so far in a Priffe deal (in order from förhand).

    The engine judges them (turn, bid order, who may bid spader, spel ends
    the auction); :class:`ScorekeeperError` names the call refused.
    """
    require_game(session, "priffe")
    row = row if row is not None else len(session.entries) + 1
    dealer = session.dealer_size(row)[0]
    n = len(session.players)
    order = [(dealer + 1 + k) % n for k in range(n)]
    if len(calls) > n:
        raise ScorekeeperError(
            "scorekeeper.calls_once", row=row, rule="turn", where=session.where(row), players=n
        )
    auction = [{"seat": order[k], "call": str(c).strip().lower()} for k, c in enumerate(calls)]
    session.judge_calls(row, {"dealer": dealer, "auction": auction})


def _declaring_side(session: Session, row: int, dealer: int, auction: list[dict[str, Any]]) -> int:
    """Ask the engine whose contract the calls make (side 0 in tvångsnoll)."""
    probe = session.replay(session.entries[: row - 1])[0]
    try:
        probe.apply_reported_deal(
            {"dealer": dealer, "auction": auction, "result": {"tricks": [13, 0]}}
        )
    except IllegalActionError as e:
        raise session.refusal((row, None), e, probe) from None
    declarers = probe.deal_records[-1].get("result", {}).get("declarers") or [0]
    return int(declarers[0]) % 2


PRIFFE_SHEET: SheetRules = PriffeSheet()

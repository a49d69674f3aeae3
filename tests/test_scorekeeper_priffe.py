"""A whole Priffe parti (three rubbers, partners rotating) entered by hand, every
figure worked out by hand from RULES.md; refusals name the row and the cause."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from stickspel.games.priffe.sheet import priffe_deal
from stickspel.protokoll import build_sheet
from stickspel.protokoll.scorekeeper import ScorekeeperError, Session
from stickspel.records import replay

NAMES = ["Anna", "Björn", "Cissi", "David"]
A, B, C, D = range(4)

# Seats 0+2 against 1+3.  Rubber 1: Anna & Cissi v Björn & David; rubber 2: Anna & Björn
# v Cissi & David; rubber 3: Anna & David v Björn & Cissi.  The deal passes to the left,
# person to person (after a change of seats: to the left of whoever dealt last); calls
# are given from förhand.  Each row: calls, tricks (per side [0+2, 1+3], or
# one number: the declarers'), honours (seat, held), and each person's points, by hand.
PARTI: list[tuple[list[str], list[int], tuple[int, list[int]] | None, list[int]]] = [
    # rubber 1 — dealer seat 0; Cissi (seat 2) hjärter, 9 tricks: 30 below, game
    (["pass", "hjärter", "pass", "pass"], [9, 4], None, [30, 0, 30, 0]),
    # David ruter, 5 tricks: the defence's 8 → 20 + 20 penalty; David's side 3+1 honours 40
    (["pass", "ruter", "pass", "pass"], [5], (1, [3, 1]), [40, 40, 40, 40]),
    # Anna noll, 5 tricks: 10 × (7 − 5) = 20, second game: rubber to Anna & Cissi
    (["pass", "noll", "pass", "pass"], [5], None, [20, 0, 20, 0]),
    # rubber 2 — seats Anna, Cissi, Björn, David.  Cissi dealt last; she sits at seat 1
    # now, so the deal goes on to her left: Björn (seat 2) deals, David is förhand.
    # David pass, Anna spel, 13 tricks: 70 + storslam 40 + four aces 50
    (["pass", "spel"], [13, 0], (0, [4, 0]), [160, 160, 0, 0]),
    # Anna pass, Cissi klöver stands: tvångsnoll, 4 and 9 tricks: 10 × (6 − 4) = 20
    # for Anna & Björn
    (["pass", "klöver", "pass", "pass"], [4, 9], None, [20, 20, 0, 0]),
    # Cissi, Björn pass, David hjärter, 12 tricks: 60 + lillslam 20, a game for
    # Cissi & David
    (["pass", "pass", "hjärter", "pass"], [12], None, [0, 0, 80, 80]),
    # Björn, förhand, spel at once: 7 tricks, 10
    (["spel"], [7], None, [10, 10, 0, 0]),
    # David pass, Anna hjärter, 10 tricks: 40, game and rubber; Cissi & David held
    # three honours: 30
    (["pass", "hjärter", "pass", "pass"], [10, 3], (3, [3, 0]), [40, 40, 30, 30]),
    # rubber 3 — seats Anna, Björn, David, Cissi.  Björn dealt last, from seat 1: David
    # (seat 2) deals, Cissi is förhand.  Cissi spader stands: tvångsnoll, 6 and 7
    # tricks: nothing to anyone
    (["spader", "pass", "pass", "pass"], [6, 7], None, [0, 0, 0, 0]),
    # Anna, Björn pass, David noll, 8 tricks: Björn & Cissi's 5 score 20 + 20 penalty
    (["pass", "pass", "noll", "pass"], [8, 5], None, [0, 40, 40, 0]),
    # Björn, David pass, Cissi spel, 9 tricks: 30, game
    (["pass", "pass", "spel"], [9], None, [0, 30, 30, 0]),
    # David, Cissi, Anna pass, Björn ruter, 7 tricks: 10; Anna & David held four
    # honours in one hand: 50
    (["pass", "pass", "pass", "ruter"], [7], (0, [4, 0]), [50, 10, 10, 50]),
    # Cissi pass, Anna hjärter, 9 tricks: 30, game
    (["pass", "hjärter", "pass", "pass"], [9], None, [30, 0, 0, 30]),
    # Anna, Björn pass, David spel, 12 tricks: 60 + lillslam 20: game, rubber and parti
    (["pass", "pass", "spel"], [12], None, [80, 0, 0, 80]),
]
TOTALS = [480, 350, 280, 310]


def _parti(path: Path | None = None) -> Session:
    s = Session.new("priffe", NAMES)
    if path is not None:
        s.save(path)
    for calls, tricks, honours, _ in PARTI:
        s.add(priffe_deal(s, calls, tricks, honours))
    return s


def test_full_parti_every_deal_and_total(tmp_path: Path) -> None:
    s = _parti(tmp_path / "priffe.json")
    assert s.finished and s.totals() == TOTALS
    assert [sum(p[i] for *_, p in PARTI) for i in range(4)] == TOTALS
    running = [0, 0, 0, 0]
    for k, (deal, (*_, points)) in enumerate(zip(s.doc["deals"], PARTI, strict=True), start=1):
        seating = deal["seating"]
        per_person = [0, 0, 0, 0]
        for seat, p in enumerate(deal["result"]["points"]):
            per_person[seating[seat]] = p
        assert per_person == points, f"deal {k}"
        running = [r + p for r, p in zip(running, points, strict=True)]
    assert running == TOTALS
    assert [d["result"]["rubber_won"] for d in s.doc["deals"]].count(None) == 14 - 3
    assert s.doc["winner"] == [A]
    rep = replay(json.loads((tmp_path / "priffe.json").read_text(encoding="utf-8")))
    assert rep.finished and rep.summary()["totals"] == TOTALS
    sheet = build_sheet(s.doc)
    assert sheet.totals == TOTALS and sheet.winners == [A]


def test_next_deal_says_who_sits_where() -> None:
    s = Session.new("priffe", NAMES)
    for calls, tricks, honours, _ in PARTI[:3]:
        s.add(priffe_deal(s, calls, tricks, honours))
    nxt = s.next_deal()
    # Cissi dealt row 3; in rubber 2 she sits at seat 1, so Björn (seat 2) deals next
    assert nxt is not None and nxt.row == 4 and nxt.dealer == 2
    # rubber 2: Anna and Björn are partners (seats 0 and 2)
    assert [s.seat_name(seat) for seat in range(4)] == ["Anna", "Cissi", "Björn", "David"]
    assert [s.seat_name(seat) for seat in nxt.order] == ["David", "Anna", "Cissi", "Björn"]


def test_refusals_name_row_and_cause(tmp_path: Path) -> None:
    path = tmp_path / "p.json"
    s = Session.new("priffe", NAMES)
    s.save(path)
    s.add(priffe_deal(s, *PARTI[0][:3]))
    saved = path.read_text(encoding="utf-8")
    # row 2: Björn deals; Cissi, David, Anna, Björn call.  Anna is third hand: no spader.
    with pytest.raises(ScorekeeperError) as e:
        s.add(priffe_deal(s, ["pass", "pass", "spader", "pass"], [6, 7]))
    assert str(e.value).startswith("row 2 (Björn deals): spader may only be bid by förhand")
    assert "Anna is third hand" in str(e.value)
    with pytest.raises(
        ScorekeeperError, match=r"^row 2 \(Björn deals\): the tricks taken add up to 12"
    ):
        s.add(priffe_deal(s, ["pass", "ruter", "pass", "pass"], [5, 7]))
    with pytest.raises(ScorekeeperError, match="row 2 .*honours held \\[2, 2\\] scores nothing"):
        s.add(priffe_deal(s, ["pass", "ruter", "pass", "pass"], [5, 8], (1, [2, 2])))
    with pytest.raises(ScorekeeperError, match="row 2 .*calls, but it is"):
        s.add({"auction": [{"seat": 3, "call": "pass"}], "result": {"tricks": [6, 7]}})
    assert path.read_text(encoding="utf-8") == saved and len(s.entries) == 1


def test_correcting_a_row_moves_games_and_rubbers() -> None:
    s = Session.new("priffe", NAMES)
    for calls, tricks, honours, _ in PARTI[:3]:
        s.add(priffe_deal(s, calls, tricks, honours))
    # row 1 really made only 8 tricks: 20 below, no game; row 2's 20 for the same side
    # (the defence) then makes the game, and row 3 no longer ends rubber 1
    s.edit(1, priffe_deal(s, ["pass", "hjärter", "pass", "pass"], [8, 5], row=1))
    results = [d["result"] for d in s.doc["deals"]]
    assert [r["game_won"] for r in results] == [None, 0, None]
    assert [r["rubber_won"] for r in results] == [None, None, None]
    # so David (seat 3) deals row 4 in rubber 1; Anna's spel there ends it
    nxt = s.next_deal()
    assert nxt is not None and nxt.dealer == 3
    s.add(priffe_deal(s, ["spel"], [13, 0], (0, [4, 0])))
    assert s.doc["deals"][3]["result"]["rubber_won"] == 0
    assert [d["seating"] for d in s.doc["deals"]] == [[0, 1, 2, 3]] * 4
    # rubber 2: David, who dealt last, sits at seat 3: the deal goes on to seat 0
    nxt = s.next_deal()
    assert nxt is not None and nxt.dealer == 0
    assert replay(s.doc).summary()["totals"] == s.totals()


def test_a_correction_that_would_change_later_dealers_is_refused(tmp_path: Path) -> None:
    # who deals after a change of seats follows who dealt last: a correction that
    # moves the end of a rubber under rows already played cannot stand
    path = tmp_path / "p.json"
    s = _parti(path)
    saved = path.read_text(encoding="utf-8")
    with pytest.raises(ScorekeeperError, match=r"^row 4 .*deals, but the deal passes to"):
        s.edit(1, priffe_deal(s, ["pass", "hjärter", "pass", "pass"], [8, 5], row=1))
    assert path.read_text(encoding="utf-8") == saved and s.totals() == TOTALS

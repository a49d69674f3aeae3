"""A whole Plump evening entered by hand, every cell and total worked out by hand;
and every refusal: it names the row and what is wrong, and nothing entered is lost."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from stickspel.games.plump.sheet import add_plump, edit_plump, forbidden_bid, resolve_tricks
from stickspel.protokoll import build_sheet
from stickspel.protokoll.scorekeeper import ScorekeeperError, Session
from stickspel.records import replay

NAMES = ["Anna", "Björn", "Cissi"]

# (cards, dealer, bids [A, B, C], what the table says [A, B, C], cells as written, points)
# Worked out by hand: made = 10 + bid, missed = plump (0).  Dealers rotate A, B, C, …
EVENING = [
    (10, 0, [3, 4, 2], "+ - +", ["3→13", "4●", "2→12"], [13, 0, 12]),
    (9, 1, [2, 3, 3], "2 4 3", ["2→12", "3●", "3→13"], [12, 0, 13]),
    (8, 2, [1, 2, 4], "- + +", ["1●", "2→12", "4→14"], [0, 12, 14]),
    (7, 0, [0, 3, 3], "+ + -", ["0→10", "3→13", "3●"], [10, 13, 0]),
    (6, 1, [2, 1, 2], "3 + +", ["2●", "1→11", "2→12"], [0, 11, 12]),
    (5, 2, [1, 1, 2], "ja ja nej", ["1→11", "1→11", "2●"], [11, 11, 0]),
    (4, 0, [0, 2, 1], "- + +", ["0●", "2→12", "1→11"], [0, 12, 11]),
    (3, 1, [1, 0, 1], "+ - +", ["1→11", "0●", "1→11"], [11, 0, 11]),
    (2, 2, [0, 1, 0], "+ + -", ["0→10", "1→11", "0●"], [10, 11, 0]),
    (1, 0, [1, 1, 0], "- + +", ["1●", "1→11", "0→10"], [0, 11, 10]),
    (2, 1, [1, 0, 0], "+ + -", ["1→11", "0→10", "0●"], [11, 10, 0]),
    (3, 2, [1, 1, 0], "2 + +", ["1●", "1→11", "0→10"], [0, 11, 10]),
    (4, 0, [2, 1, 0], "+ + -", ["2→12", "1→11", "0●"], [12, 11, 0]),
    (5, 1, [2, 2, 2], "+ - +", ["2→12", "2●", "2→12"], [12, 0, 12]),
    (6, 2, [1, 3, 1], "+ - +", ["1→11", "3●", "1→11"], [11, 0, 11]),
    (7, 0, [2, 2, 2], "- + +", ["2●", "2→12", "2→12"], [0, 12, 12]),
    (8, 1, [3, 2, 2], "+ 1 -", ["3→13", "2●", "2●"], [13, 0, 0]),
    (9, 2, [3, 3, 2], "4 + +", ["3●", "3→13", "2→12"], [0, 13, 12]),
    (10, 0, [4, 3, 2], "+ + -", ["4→14", "3→13", "2●"], [14, 13, 0]),
]
SUBTOTAL = [67, 81, 83]  # after the one-card deal (rows 1–10), added by hand
TOTALS = [140, 151, 140]


def _evening(tmp_path: Path) -> Session:
    s = Session.new("plump", NAMES)
    s.save(tmp_path / "kväll.json")
    for cards, dealer, bids, said, _, _ in EVENING:
        nxt = s.next_deal()
        assert nxt is not None and (nxt.cards, nxt.dealer) == (cards, dealer)
        add_plump(s, bids, said.split())
    return s


def test_full_evening_every_cell_and_total(tmp_path: Path) -> None:
    s = _evening(tmp_path)
    assert s.finished and s.next_deal() is None
    assert s.totals() == TOTALS
    assert s.doc["totals"] == TOTALS and s.doc["winner"] == [1]
    rows = build_sheet(s.doc).tables[0].rows
    deal_rows = [r for r in rows if r.kind == "deal"]
    assert len(deal_rows) == len(EVENING)
    for row, (cards, dealer, _, _, cells, points) in zip(deal_rows, EVENING, strict=True):
        assert row.label == str(cards) and row.dealer == dealer
        assert [c.plain() for c in row.cells] == cells
        assert [int(c.text or 0) for c in row.cells] == points
    labels = [r.label for r in rows]
    assert labels.index("Delsumma") == 10  # right after the one-card deal
    assert [c.text for c in rows[10].cells] == [str(v) for v in SUBTOTAL]
    assert rows[-1].label == "Summa" and [c.text for c in rows[-1].cells] == [
        str(v) for v in TOTALS
    ]
    # the points of each row add up to the totals, as a pen would add them
    assert [sum(p[i] for *_, p in EVENING) for i in range(3)] == TOTALS


def test_the_file_is_a_record_that_replay_reads(tmp_path: Path) -> None:
    s = _evening(tmp_path)
    doc = json.loads((tmp_path / "kväll.json").read_text(encoding="utf-8"))
    assert doc["format"] == "stickspel/1" and doc["game"] == "plump"
    assert all("hands" not in d and "tricks" not in d for d in doc["deals"])
    assert doc["deals"][0]["result"] == {"tricks": [3, 5, 2], "points": [13, 0, 12]}
    rep = replay(doc)
    assert rep.finished and rep.summary()["totals"] == TOTALS and rep.state.winners() == [1]
    # and a resumed session is the same session
    again = Session.load(tmp_path / "kväll.json")
    assert again.totals() == TOTALS and len(again.entries) == 19 and again.finished
    assert s.doc == again.doc


def test_close_and_resume_midway(tmp_path: Path) -> None:
    path = tmp_path / "halv.json"
    s = Session.new("plump", NAMES)
    s.save(path)
    for _c, _d, bids, said, _, _ in EVENING[:7]:
        add_plump(s, bids, said.split())
    resumed = Session.load(path)
    nxt = resumed.next_deal()
    assert nxt is not None and (nxt.row, nxt.cards, nxt.dealer) == (8, 3, 1)
    assert nxt.order == [2, 0, 1]  # Cissi bids first, Björn (the dealer) last
    for _c, _d, bids, said, _, _ in EVENING[7:]:
        add_plump(resumed, bids, said.split())
    assert resumed.totals() == TOTALS


def test_forbidden_bid_is_the_engines_sparr() -> None:
    s = Session.new("plump", NAMES)
    # row 1: Anna deals 10; Björn 4, Cissi 2 → Anna may not bid 4
    assert forbidden_bid(s, [None, 4, 2]) == 4
    assert forbidden_bid(s, [None, 9, 3]) is None  # 12 > 10: nothing to forbid
    s2 = Session.new("plump", NAMES, sparr=False)
    assert forbidden_bid(s2, [None, 4, 2]) is None


def _refused(s: Session, bids: list[int], said: str) -> ScorekeeperError:
    before = json.dumps(s.doc, sort_keys=True)
    with pytest.raises(ScorekeeperError) as e:
        add_plump(s, bids, said.split())
    assert json.dumps(s.doc, sort_keys=True) == before  # nothing entered is lost
    return e.value


def test_refusals_name_the_row_and_what_is_wrong(tmp_path: Path) -> None:
    path = tmp_path / "k.json"
    s = Session.new("plump", NAMES)
    s.save(path)
    for _c, _d, bids, said, _, _ in EVENING[:3]:
        add_plump(s, bids, said.split())
    saved = path.read_text(encoding="utf-8")
    # row 4: Anna deals 7 cards
    e = _refused(s, [1, 3, 3], "1 3 3")
    assert str(e) == (
        "row 4 (7 cards, Anna deals): the dealer (Anna) may not bid 1: "
        "the bids would add up to 7 (spärren)"
    )
    assert e.row == 4 and e.rule == "sparr"
    e = _refused(s, [0, 3, 3], "0 3 3")
    assert "row 4 (7 cards, Anna deals)" in str(e)
    assert "the tricks add up to 6, the deal has 7 tricks" in str(e)
    e = _refused(s, [0, 3, 3], "+ + +")
    assert "all are marked made, but the bids add up to 6, not 7" in str(e)
    e = _refused(s, [0, 3, 3], "1 - +")
    assert str(e).endswith(
        "Björn is marked missed, but the others' tricks leave Björn exactly 3, Björn's bid"
    )
    e = _refused(s, [0, 3, 3], "- - +")
    assert "Anna and Björn are marked missed: give the tricks of all of them but one" in str(e)
    e = _refused(s, [0, 8, 3], "+ + -")
    assert str(e).startswith("row 4 (7 cards, Anna deals): Björn must bid 0–7")
    e = _refused(s, [0, 3, 3], "+ 8 -")
    assert str(e) == "row 4 (7 cards, Anna deals): Björn took 8 tricks, the deal has only 7"
    assert path.read_text(encoding="utf-8") == saved
    assert len(s.entries) == 3


def test_marked_missed_but_left_exactly_the_bid() -> None:
    s = Session.new("plump", NAMES)
    e = _refused(s, [3, 4, 2], "+ - 3")
    assert str(e) == (
        "row 1 (10 cards, Anna deals): Björn is marked missed, but the others' tricks "
        "leave Björn exactly 4, Björn's bid"
    )


def test_resolve_tricks_rules() -> None:
    names = ["A", "B", "C", "D"]
    assert resolve_tricks(5, [1, 2, 0, 1], ["+", "+", "-", "+"], names) == [1, 2, 1, 1]
    assert resolve_tricks(5, [1, 2, 0, 1], [1, "-", 3, "+"], names) == [1, 0, 3, 1]
    assert resolve_tricks(5, [1, 2, 0, 1], [1, 2, 1, 1], names) == [1, 2, 1, 1]
    with pytest.raises(ValueError, match="took 6 tricks, the deal has only 5"):
        resolve_tricks(5, [1, 2, 0, 1], [6, "-", "-", "-"], names)
    with pytest.raises(ValueError, match="already add up to 7, more than the 5"):
        resolve_tricks(5, [3, 3, 0, 1], ["+", "+", "-", "+"], names)


def test_edit_any_row_recomputes_everything_after(tmp_path: Path) -> None:
    s = _evening(tmp_path)
    # row 2 was Björn's deal of 9: Anna 2→12, Björn 3 (took 4), Cissi 3→13.  Correct it:
    # Anna took 3 (a plump) and Björn his 3.
    edit_plump(s, 2, [2, 3, 3], [3, "+", "+"])
    row2 = build_sheet(s.doc).tables[0].rows[1]
    assert [c.plain() for c in row2.cells] == ["2●", "3→13", "3→13"]
    assert s.totals() == [140 - 12, 151 + 13, 140]
    sub = build_sheet(s.doc).tables[0].rows[10]
    assert [c.text for c in sub.cells] == ["55", "94", "83"]
    assert Session.load(tmp_path / "kväll.json").totals() == [128, 164, 140]
    # a correction that breaks the rules is refused and changes nothing
    with pytest.raises(ScorekeeperError, match=r"^row 2 \(9 cards, Björn deals\): the dealer"):
        edit_plump(s, 2, [2, 4, 3], [2, 4, 3])
    assert s.totals() == [128, 164, 140]
    with pytest.raises(ScorekeeperError, match="no row 20 to correct"):
        edit_plump(s, 20, [0, 0, 0], [0, 0, 0])


def test_undo_rows(tmp_path: Path) -> None:
    s = _evening(tmp_path)
    removed = s.undo(2)
    assert [d["cards"] for d in removed] == [9, 10] and not s.finished
    assert s.totals() == [140 - 14, 151 - 13 - 13, 140 - 12]
    assert "winner" not in s.doc
    nxt = s.next_deal()
    assert nxt is not None and (nxt.row, nxt.cards, nxt.dealer) == (18, 9, 2)
    with pytest.raises(ScorekeeperError, match="cannot undo 18 rows: 17 entered"):
        s.undo(18)
    add_plump(s, [3, 3, 2], ["4", "+", "+"])
    add_plump(s, [4, 3, 2], ["+", "+", "-"])
    assert s.totals() == TOTALS


def test_no_rows_after_the_end() -> None:
    s = Session.new("plump", NAMES, max_cards=1)
    add_plump(s, [0, 1, 1], ["+", "-", "+"])
    assert s.finished
    with pytest.raises(ScorekeeperError, match="row 2: the game is over"):
        add_plump(s, [0, 0, 0], [0, 0, 1])


def test_variant_evening_penalty_and_four_players() -> None:
    # four players, 4→1 only, plump costs the difference; worked out by hand
    s = Session.new(
        "plump", ["A", "B", "C", "D"], max_cards=4, deal_order="down", plump_penalty=True
    )
    add_plump(s, [1, 2, 0, 2], [1, 3, 0, 0])  # dealer A (bids 1: 5 ≠ 4)
    add_plump(s, [0, 1, 1, 0], ["+", "+", "-", 2])  # dealer B (forbidden 3-1=2, bids 1)
    add_plump(s, [1, 0, 0, 0], ["+", "+", "-", "+"])  # dealer C (forbidden 2-1=1, bids 0)
    add_plump(s, [0, 0, 0, 0], [0, 0, 0, 1])  # dealer D (forbidden 1)
    rows = [r for r in build_sheet(s.doc).tables[0].rows if r.kind == "deal"]
    assert [[c.plain() for c in r.cells] for r in rows] == [
        ["1→11", "2●-1", "0→10", "2●-2"],
        ["0→10", "1→11", "1●-1", "0●-2"],
        ["1→11", "0→10", "0●-1", "0→10"],
        ["0→10", "0→10", "0→10", "0●-1"],
    ]
    assert s.totals() == [42, 30, 18, 5]  # 11+10+11+10, -1+11+10+10, 10-1-1+10, -2-2+10-1
    assert s.doc["winner"] == [0]


def test_seed_001_example_breaks_the_sparr_in_its_second_row() -> None:
    # 001's half-filled example (Anna, Björn, Cissi; 10→1→10): its 9-card row has bids
    # 2, 3, 4 — they add up to 9, which the dealer (Björn) may not allow.
    s = Session.new("plump", NAMES)
    add_plump(s, [3, 4, 2], ["+", "-", "+"])
    e = _refused(s, [2, 3, 4], "+ + -")
    assert str(e).startswith("row 2 (9 cards, Björn deals): the dealer (Björn) may not bid 3")

"""A whole Tremanswhist game entered by hand (first to +10), worked out by hand."""

from __future__ import annotations

from pathlib import Path

import pytest

from stickspel.games.tremanswhist.sheet import tremanswhist_deal
from stickspel.protokoll import build_sheet
from stickspel.protokoll.scorekeeper import ScorekeeperError, Session
from stickspel.records import replay

NAMES = ["Anna", "Björn", "Cissi"]

# (upcard or band, who took the fourth pile, tricks [A, B, C], points [A, B, C]) —
# plus deal: tricks − 4; minus deal: 4 − tricks; the taker −1.  Dealer A, B, C, A, …
GAME: list[tuple[dict[str, str | None], int | None, list[int], list[int]]] = [
    ({"upcard": "QH"}, 2, [3, 2, 8], [-1, -2, 3]),  # plus, hearts; Cissi took the pile
    ({"upcard": "5S"}, None, [1, 6, 6], [3, -2, -2]),  # minus
    ({"kind": "plus"}, 0, [9, 2, 2], [4, -2, -2]),  # a band: plus without trump; Anna took
    ({"upcard": "AS"}, None, [3, 7, 3], [-1, 3, -1]),  # plus, spades
    ({"upcard": "7D"}, 0, [0, 5, 8], [3, -1, -4]),  # minus; Anna took it (Cissi declined)
    ({"upcard": "KC"}, None, [6, 4, 3], [2, 0, -1]),  # plus, clubs: Anna reaches +10
]
TOTALS = [10, -4, -7]


def test_full_game_every_row_and_total(tmp_path: Path) -> None:
    s = Session.new("tremanswhist", NAMES)
    s.save(tmp_path / "t.json")
    running = [0, 0, 0]
    for k, (band, taker, tricks, points) in enumerate(GAME, start=1):
        nxt = s.next_deal()
        assert nxt is not None and nxt.dealer == (k - 1) % 3
        s.add(tremanswhist_deal(s, tricks, taker=taker, **band))  # type: ignore[arg-type]
        assert s.doc["deals"][-1]["result"]["points"] == points, f"deal {k}"
        running = [r + p for r, p in zip(running, points, strict=True)]
        assert s.totals() == running
    assert s.totals() == TOTALS and s.finished and s.doc["winner"] == [0]
    assert s.doc["deals"][4]["exchanges"] == [
        {"seat": 2, "take": False},
        {"seat": 0, "take": True},
    ]
    assert replay(s.doc).summary()["totals"] == TOTALS
    sheet = build_sheet(s.doc)
    assert sheet.totals == TOTALS
    assert [c.text for c in sheet.tables[0].rows[-1].cells] == ["10", "−4", "−7"]


def test_refusals_name_row_and_cause() -> None:
    s = Session.new("tremanswhist", NAMES)
    s.add(tremanswhist_deal(s, [3, 2, 8], upcard="QH", taker=2))
    with pytest.raises(
        ScorekeeperError, match=r"^row 2 \(Björn deals\): the tricks taken add up to 12"
    ):
        s.add(tremanswhist_deal(s, [3, 4, 5], upcard="5S"))
    with pytest.raises(ScorekeeperError, match=r"^row 2 .*the deal needs its upcard or its kind"):
        s.add(tremanswhist_deal(s, [3, 4, 6]))
    with pytest.raises(ScorekeeperError, match=r"^row 2 .*the deal is a minus deal, not plus"):
        s.add(tremanswhist_deal(s, [3, 4, 6], upcard="5S", kind="plus"))
    assert len(s.entries) == 1 and s.totals() == [-1, -2, 3]

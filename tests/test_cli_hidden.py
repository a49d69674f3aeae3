"""The live protokoll in terminal play shows nothing the player may not see."""

from __future__ import annotations

from stickspel.cli import _as_seen_by
from stickspel.core.cards import make_rng
from stickspel.games.plump import PlumpRules, PlumpState
from stickspel.protokoll import build_sheet

NAMES = ["Anna", "Björn", "Cissi", "David"]


def _bid_notes(doc: dict[str, object]) -> list[str]:
    row = build_sheet(doc).tables[0].rows[0]
    return [cell.note for cell in row.cells]


def test_simultaneous_bids_stay_out_of_the_live_protokoll() -> None:
    state = PlumpState(PlumpRules(bidding="simultaneous", sparr=False), first_dealer=0)
    state.apply_chance(make_rng(4))
    state.apply_text("3")  # seat 1 (förhand) bids first, hidden from the others
    doc = state.to_record(NAMES)
    assert _bid_notes(doc)[1] == "3"  # the full record has it ...
    assert _bid_notes(_as_seen_by(doc, state.observation(2)))[1] == ""  # ... seat 2 may not
    assert _bid_notes(_as_seen_by(doc, state.observation(1)))[1] == "3"  # its own bid
    for text in ("1", "2", "0"):
        state.apply_text(text)
    seen = _as_seen_by(state.to_record(NAMES), state.observation(2))
    assert _bid_notes(seen) == ["0", "3", "1", "2"]  # all shown once everyone has bid


def test_sequential_bids_show_as_they_are_made() -> None:
    state = PlumpState(PlumpRules(), first_dealer=0)
    state.apply_chance(make_rng(4))
    state.apply_text("2")
    seen = _as_seen_by(state.to_record(NAMES), state.observation(3))
    assert _bid_notes(seen) == ["", "2", "", ""]

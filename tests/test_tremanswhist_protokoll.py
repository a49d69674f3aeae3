"""Tremanswhist's protokoll: running totals, exchange marks, the variant's rounds."""

from __future__ import annotations

from stickspel.games.tremanswhist import TremanswhistRules, TremanswhistState
from stickspel.protokoll import build_sheet
from stickspel.protokoll.terminal import render_sheet

NAMES = ["Anna", "Björn", "Cissi"]


def test_main_game_rows_running_totals_and_exchange_marks() -> None:
    state = TremanswhistState()
    state.apply_reported_deal(
        {
            "upcard": "5D",
            "exchanges": [{"seat": 1, "take": False}, {"seat": 2, "take": True}],
            "result": {"tricks": [2, 5, 6]},
        }
    )
    state.apply_reported_deal({"upcard": "9S", "result": {"tricks": [6, 4, 3]}})
    sheet = build_sheet(state.to_record(NAMES), "sv")
    rows = sheet.tables[0].rows
    assert [r.label for r in rows] == ["1 −", "2 +", "Summa"]
    first = rows[0].cells
    # Σ: the running total, → is kept for what a deal scored (issue 10 #6)
    assert [c.plain() for c in first] == ["+2 Σ2", "−1 Σ−1", "−2−1 Σ−3"]
    assert [c.mark for c in first] == ["running", "running", "exchange"]
    assert rows[0].dealer == 0 and rows[1].dealer == 1
    assert [c.text for c in rows[1].cells] == ["4", "−1", "−4"]
    assert [c.text for c in rows[-1].cells] == ["4", "−1", "−4"]
    assert sheet.winners is None and sheet.totals == [4, -1, -4]
    assert render_sheet(sheet)


def test_unfinished_deal_is_a_pending_row_with_its_exchange() -> None:
    state = TremanswhistState()
    from stickspel.core.cards import make_rng

    state.apply_chance(make_rng(1))
    state.apply_text("byt")
    rows = build_sheet(state.to_record(NAMES), "en").tables[0].rows
    assert rows[0].kind == "pending" and rows[0].cells[1].mark == "exchange"
    assert rows[-1].label == "Total"


def test_buying_variant_has_a_section_and_subtotal_per_round() -> None:
    state = TremanswhistState(TremanswhistRules(form="buying"))
    for k in range(9):
        extra = {"trump": "H"} if k >= 6 else {}
        state.apply_reported_deal({"result": {"tricks": [5, 4, 4]}, **extra})
    sheet = build_sheet(state.to_record(NAMES), "sv")
    rows = sheet.tables[0].rows
    kinds = [r.kind for r in rows]
    assert kinds.count("section") == 3 and kinds.count("subtotal") == 3
    assert rows[0].label == "Omgång 1: plus utan trumf"
    assert rows[5].label == "Omgång 2: minus"
    assert rows[10].label == "Omgång 3: plus med trumf"
    assert rows[11].label == "7 +♥"
    # deal 1, dealer 0: targets 2/6/5, tricks 5/4/4
    assert [c.plain() for c in rows[1].cells] == ["5/2 Σ3", "4/6 Σ−2", "4/5 Σ−1"]
    assert [c.text for c in rows[-1].cells] == [str(t).replace("-", "−") for t in state.totals]
    assert sheet.winners == state.winners()


def test_the_rules_under_the_sheet_use_the_games_own_figures() -> None:
    """A game to 3 says 'first to +3', not the usual +10; a cap on the deals and the
    buying form's own targets are printed as set."""
    from stickspel.protokoll.html import render_page

    state = TremanswhistState(TremanswhistRules(win_score=3, max_deals=20))
    state.apply_reported_deal({"upcard": "9S", "result": {"tricks": [6, 4, 3]}})
    record = state.to_record(NAMES)
    for lang, first_to in (("sv", "Först till +3 efter en giv"), ("en", "First to +3 at the end")):
        sheet = build_sheet(record, lang)
        assert any(line.startswith(first_to) for line in sheet.rules_text), sheet.rules_text
        assert not any("+10" in line for line in sheet.rules_text)
        assert any("20" in line for line in sheet.rules_text)
        assert first_to in render_page(sheet)
    buying = TremanswhistState(TremanswhistRules(form="buying", plus_targets=(7, 4, 2)))
    lines = build_sheet(buying.to_record(NAMES), "en").rules_text
    assert "Targets in plus: förhand 7, second hand 4, dealer 2; in minus: 2, 5, 6." in lines

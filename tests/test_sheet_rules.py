"""Each game's score-sheet row is judged in one place, its sheet rules, which the
command line and the web's score sheets both call (neither checks an entry again)."""

from __future__ import annotations

from pathlib import Path

import pytest

from stickspel.core import error_text
from stickspel.games.plump.sheet import add_plump
from stickspel.games.registry import GAMES
from stickspel.protokoll.entry import add_row
from stickspel.protokoll.scorekeeper import ScorekeeperError, Session
from stickspel.protokoll.sheetrules import sheet_rules

SRC = Path(__file__).resolve().parents[1] / "src" / "stickspel"
NAMES = {"plump": ["Anna", "Björn", "Cissi"], "priffe": ["Anna", "Björn", "Cissi", "David"]}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_game_has_sheet_rules_for_its_rows(game: str) -> None:
    names = NAMES.get(game, ["Anna", "Björn", "Cissi"])
    session = Session.new(game, names)
    rules = sheet_rules(session.spec)
    assert rules.game == game
    # nothing written yet: what to write first is asked for, in the reader's words
    with pytest.raises(ScorekeeperError) as e:
        add_row(session, {})
    assert e.value.key == rules.first
    assert "scorekeeper" not in error_text(e.value, "sv")


def test_plump_bids_judged_as_typed_on_the_next_row() -> None:
    s = Session.new("plump", NAMES["plump"], max_cards=3)
    rules = sheet_rules(s.spec)
    assert rules.check(s, 1, {"bids": ",1,1"}) == {"forbidden": 1}
    with pytest.raises(ScorekeeperError) as e:
        rules.check(s, 1, {"bids": "1,,"})  # Anna deals: she bids last
    assert e.value.key == "scorekeeper.bids_before"


def test_plump_row_being_corrected_judged_against_its_own_deal() -> None:
    s = Session.new("plump", NAMES["plump"], max_cards=3)
    add_plump(s, [2, 1, 1], ["+", "+", "-"])  # row 1: 3 cards
    rules = sheet_rules(s.spec)
    with pytest.raises(ScorekeeperError) as e:
        rules.check(s, 1, {"bids": "4,1,1"})
    assert e.value.key == "scorekeeper.cli.bid_range"
    with pytest.raises(ScorekeeperError) as e:
        rules.check(s, 1, {"tricks": ",5,"})
    assert e.value.key == "scorekeeper.cli.tricks_range"
    assert "Björn" in error_text(e.value, "en")
    assert rules.check(s, 1, {"bids": "2,1,1", "tricks": "+,+,-"}) == {}


def test_priffe_calls_judged_on_any_row() -> None:
    s = Session.new("priffe", NAMES["priffe"])
    rules = sheet_rules(s.spec)
    assert rules.check(s, 1, {"calls": "pass,hjärter"}) == {}
    add_row(s, {"calls": "pass,hjärter,pass,pass", "tricks": "8,5"})
    with pytest.raises(ScorekeeperError):
        rules.check(s, 1, {"calls": "hjärter,ruter,spader,pass,pass"})


def test_tremanswhist_tricks_past_a_deal_refused_naming_the_player() -> None:
    s = Session.new("tremanswhist", ["Anna", "Björn", "Cissi"])
    with pytest.raises(ScorekeeperError) as e:
        sheet_rules(s.spec).check(s, 1, {"tricks": "5,14"})
    assert e.value.key == "scorekeeper.cli.tricks_range"
    assert "Björn" in error_text(e.value, "sv")


@pytest.mark.parametrize("front", ["cli/protokoll.py", "server/sheets.py"])
def test_the_front_ends_check_no_entry_themselves(front: str) -> None:
    # the refusals of an entry's figures are the sheet rules' alone
    source = (SRC / front).read_text(encoding="utf-8")
    for key in ("tricks_range", "bid_range", "not_a_number", "check_bids(", "forbidden_bid("):
        if key == "forbidden_bid(" and front.startswith("cli"):
            continue  # the session tells the dealer the bid before asking (no check)
        assert key not in source, key

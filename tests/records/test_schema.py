"""The published JSON Schema of ``stickspel/1``, the record ↔ event-log round trip,
and the record-level checks of hostile input (types, bounds, totals, winner)."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from stickspel.core import Deal, ReportedDeal
from stickspel.games import load_game
from stickspel.records import RecordError, dump_record, load_record, replay
from stickspel.records.replayer import (
    events_from_record,
    first_dealer_of,
    record_from_state,
    schema,
    validate_schema,
)
from stickspel.simulate import play_game

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data"

GAMES = [
    ("plump", "plump(players=3,max_cards=3)", ["random", "random", "random"]),
    ("plump", "plump(players=2,max_cards=4)", ["random", "random"]),
    ("priffe", "priffe", ["random"] * 4),
    ("tremanswhist", "tremanswhist(max_deals=4)", ["random"] * 3),
    ("tremanswhist", "tremanswhist(form=buying)", ["random"] * 3),
]


def simulated(index: int, seed: int = 3) -> dict[str, Any]:
    game, text, bots = GAMES[index]
    state = play_game(game, load_game(text).rules, bots, seed)
    names = [f"P{i}" for i in range(state.num_players)]
    return record_from_state(state, names)


def raises(doc: dict[str, Any]) -> RecordError:
    with pytest.raises(RecordError) as e:
        replay(doc)
    assert "\n" not in str(e.value) and "\n" not in e.value.text("sv")
    return e.value


def test_schema_is_published_and_valid() -> None:
    from jsonschema import Draft202012Validator  # type: ignore[import-untyped]

    published = json.loads((ROOT / "docs" / "records.schema.json").read_text(encoding="utf-8"))
    assert published == schema()
    Draft202012Validator.check_schema(published)


@pytest.mark.parametrize(
    "path",
    sorted(p for p in DATA.rglob("*.json") if p.name != "truncated.json"),
    ids=lambda p: str(p.relative_to(DATA)),
)
def test_schema_accepts_every_record_in_the_test_data(path: Path) -> None:
    validate_schema(load_record(path))


@pytest.mark.parametrize("index", range(len(GAMES)), ids=lambda i: GAMES[i][1])
def test_schema_accepts_simulated_games_and_they_round_trip(index: int) -> None:
    doc = simulated(index)
    validate_schema(doc)
    game, items = events_from_record(doc)
    assert any(isinstance(item, Deal) for item in items)
    state = game.new_initial_state(first_dealer_of(doc))
    for item in items:
        state.apply_history_item(item)
    again = record_from_state(state, doc["players"])
    assert dump_record(again) == dump_record(doc)


def test_reported_deals_round_trip_through_the_event_log() -> None:
    doc = load_record(DATA / "plump" / "score-sheet-without-cards.json")
    game, items = events_from_record(doc)
    assert items and all(isinstance(item, ReportedDeal) for item in items)
    state = game.new_initial_state(first_dealer_of(doc))
    for item in items:
        state.apply_history_item(item)
    assert replay(record_from_state(state, doc["players"])).state.totals == state.totals


def plump_doc() -> dict[str, Any]:
    return load_record(DATA / "plump" / "three-players-2-1-2.json")


@pytest.mark.parametrize(
    ("edit", "words", "where"),
    [
        (
            lambda d: d["deals"][0].__setitem__("dealer", True),
            "deals[0].dealer: true is not an integer",
            (1, None),
        ),
        (
            lambda d: d["deals"][1]["tricks"][0].__setitem__("leader", 2.0),
            "deals[1].tricks[0].leader: 2.0 is not an integer",
            (2, 1),
        ),
        (lambda d: d["deals"][0]["hands"][0].__setitem__(0, "ZZ"), '"ZZ" is not a card', (1, None)),
        (lambda d: d["deals"][0].__setitem__("trump", "X"), "deals[0].trump", (1, None)),
        (
            lambda d: d["deals"][0]["result"]["points"].__setitem__(0, 10**9),
            "is more than",
            (1, None),
        ),
        (
            lambda d: d["totals"].__setitem__(0, float("inf")),
            "totals[0]: Infinity is not an integer",
            (None, None),
        ),
        (lambda d: d.__setitem__("players", "ABC"), 'players: "ABC" is not a list', (None, None)),
        (
            lambda d: d["deals"][0]["tricks"][0].__setitem__("winner", 10),
            "10 is more than 9",
            (1, 1),
        ),
    ],
)
def test_malformed_records_are_refused_in_one_line(
    edit: Any, words: str, where: tuple[Any, Any]
) -> None:
    doc = plump_doc()
    edit(doc)
    e = raises(doc)
    assert e.rule == "malformed", str(e)
    assert words in str(e)
    assert (e.deal, e.trick) == where
    assert str(e).endswith("[malformed]")


def test_missing_fields_of_a_finished_record_are_refused() -> None:
    for key in ("totals", "winner"):
        doc = plump_doc()
        del doc[key]
        e = raises(doc)
        assert (e.rule, e.deal) == ("missing_field", None)
        assert f"'{key}'" in str(e)
    doc = plump_doc()
    del doc["deals"][-1]["result"]
    e = raises(doc)
    assert (e.rule, e.deal) == ("missing_field", len(doc["deals"]))
    doc = plump_doc()
    del doc["deals"][0]["trump"]
    e = raises(doc)
    assert (e.rule, e.deal) == ("missing_field", 1) and "'trump'" in str(e)


def test_totals_and_winner_are_checked_whenever_present() -> None:
    doc = plump_doc()
    doc["deals"] = doc["deals"][:1]
    del doc["winner"]
    doc["totals"] = [999, 0, 0]
    assert raises(doc).rule == "totals"  # an unfinished record's totals so far are checked
    doc["totals"] = doc["deals"][0]["result"]["points"]
    rep = replay(doc)
    assert not rep.finished and rep.warnings == []
    doc["winner"] = [0]
    e = raises(doc)
    assert e.rule == "winner" and "unfinished" in str(e)
    assert "inte slut" in e.text("sv")
    doc = plump_doc()
    doc["winner"] = [(doc["winner"][0] + 1) % 3]
    assert raises(doc).rule == "winner"


def test_priffe_rubbers_are_checked_against_the_replay() -> None:
    doc = simulated(2)
    assert replay(doc).finished
    bad = copy.deepcopy(doc)
    bad["priffe"]["rubbers"][0]["points"][0] = 10**9
    assert raises(bad).rule == "malformed"
    bad = copy.deepcopy(doc)
    bad["priffe"]["rubbers"][0]["points"][0] = float("inf")
    assert raises(bad).rule == "malformed"
    bad = copy.deepcopy(doc)
    bad["priffe"]["rubbers"][0]["points"][0] += 10
    e = raises(bad)
    assert e.rule == "rubbers" and "priffe.rubbers" in str(e)
    bad = copy.deepcopy(doc)
    bad["priffe"]["rubbers"] = bad["priffe"]["rubbers"][:1]
    assert raises(bad).rule == "rubbers"


def test_errors_come_from_the_catalogue_in_both_languages() -> None:
    doc = plump_doc()
    doc["deals"][0]["dealer"] = True
    e = raises(doc)
    assert e.key == "records.schema.type"
    assert e.text("sv") == "giv 1: deals[0].dealer: true är inte ett heltal [malformed]"
    assert e.to_dict()["message_sv"] == "deals[0].dealer: true är inte ett heltal"


def test_every_records_key_in_the_code_is_in_both_catalogues() -> None:
    import re

    from stickspel.i18n import catalogue

    sources = [ROOT / "src" / "stickspel" / "records" / f for f in ("replayer.py", "events.py")]
    sources += [
        ROOT / "src" / "stickspel" / "games" / g / "codec.py"
        for g in ("plump", "priffe", "tremanswhist")
    ]
    keys = set()
    for path in sources:
        keys |= set(re.findall(r'"(records\.[a-z_.]+)"', path.read_text(encoding="utf-8")))
    assert len(keys) > 40
    for lang in ("en", "sv"):
        missing = sorted(k for k in keys if k not in catalogue(lang))
        assert missing == [], (lang, missing)
    assert {k for k in catalogue("en") if k.startswith("records.")} == {
        k for k in catalogue("sv") if k.startswith("records.")
    }

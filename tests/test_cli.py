"""The `stickspel` console script: help, options from the rules, replay, rules."""

from __future__ import annotations

import dataclasses
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from stickspel.cli.rules import source_text
from stickspel.core import Deal
from stickspel.core.cards import parse_cards
from stickspel.games import GAMES
from stickspel.games.plump import PlumpRules, PlumpState
from stickspel.records import load_record, write_record

STICKSPEL = str(Path(sys.executable).with_name("stickspel"))
ROOT = Path(__file__).resolve().parents[1]


def run(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "COLUMNS": "200"}
    return subprocess.run(
        [STICKSPEL, *args], capture_output=True, text=True, cwd=cwd, env=env, timeout=120
    )


def small_record() -> dict[str, Any]:
    """One two-card deal, hand-played: seat 0 deals, hearts are trump.

    Seat 1 leads KS, seat 2 follows QS, seat 0 takes with AS; seat 0 leads 2C,
    seat 1 (void in clubs) ruffs with 3H, seat 2 throws 4D.
    """
    state = PlumpState(PlumpRules(players=3, max_cards=2, deal_order="single"))
    hands = ("AS 2C", "KS 3H", "QS 4D")
    state.apply_deal(Deal(tuple(tuple(parse_cards(h)) for h in hands), upcard=parse_cards("5H")[0]))
    for text in ["1", "0", "0", "KS", "QS", "AS", "2C", "3H", "4D"]:
        state.apply_text(text)
    assert state.is_terminal()
    return state.to_record(["Anna", "Björn", "Cissi"])


@pytest.fixture
def record_file(tmp_path: Path) -> Path:
    path = tmp_path / "game.json"
    write_record(small_record(), path)
    return path


# --- help and options ------------------------------------------------------------


def test_top_level_help_lists_the_commands() -> None:
    res = run("--help")
    assert res.returncode == 0
    for command in ("play", "simulate", "replay", "rules"):
        assert command in res.stdout


def test_play_help_lists_every_game() -> None:
    res = run("play", "--help")
    assert res.returncode == 0
    for game in GAMES:
        assert game in res.stdout


@pytest.mark.parametrize("command", ["play", "simulate"])
@pytest.mark.parametrize("game", sorted(GAMES))
def test_game_help_lists_each_rules_option_with_its_default(command: str, game: str) -> None:
    res = run(command, game, "--help")
    assert res.returncode == 0, res.stderr
    for f in dataclasses.fields(GAMES[game].rules):
        flag = "--" + f.name.replace("_", "-")
        assert flag in res.stdout, flag
    assert "(default:" in res.stdout
    assert "--option" in res.stdout and "--preset" in res.stdout


def test_plump_help_shows_flags_choices_and_defaults() -> None:
    out = run("play", "plump", "--help").stdout
    assert "--sparr" in out and "--no-sparr" in out
    assert "standard|per_trick|tricks_only" in out
    assert "(default: standard)" in out and "(default: down_up)" in out
    assert "--seat-bots" in out and "--resume" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        # the UI speaks Swedish by default; tests/test_messages_sv.py checks --lang en
        (["--players", "7", "--max-cards", "8"], "7 spelare kan börja på högst 7 kort"),
        (["--scoring", "nope"], "regeln scoring: 'nope' är inte något av standard, per_trick"),
        (["-o", "nosuch=1"], "plump har ingen regel 'nosuch'"),
        (["-o", "sparr"], "-o vill ha namn=värde, inte 'sparr'"),
        (["-o", "sparr=maybe"], "regeln sparr: 'maybe' är varken ja eller nej"),
        (["--preset", "nope"], "plump har ingen förinställning 'nope'"),
        (["--players", "11"], "Plump spelas av 2 till 10 spelare, inte 11"),
        (["--bidding", "simultaneous", "--sparr"], "samtidiga bud har ingen spärr"),
        (["--lang", "fi"], "--lang must be sv or en"),
        (["--seat", "5"], "--seat måste vara 0–3, inte 5"),
        (["--seat-bots", "random,random"], "--seat-bots tar en bot för alla"),
    ],
)
def test_bad_values_exit_2_with_the_message(args: list[str], message: str) -> None:
    res = run("play", "plump", *args)
    assert res.returncode == 2, res.stdout
    assert message in res.stderr
    assert "Traceback" not in res.stderr + res.stdout


def test_options_combine_with_presets_and_o() -> None:
    res = run(
        "simulate", "plump", "--preset", "children", "-o", "scoring=per_trick", "--players", "3",
        "--games", "1", "--json",
    )  # fmt: skip
    assert res.returncode == 0, res.stderr
    data = json.loads(res.stdout)
    assert data["rules"] == "plump(players=3,max_cards=5,sparr=false,scoring=per_trick,trump=none)"


def test_swedish_by_default_english_on_request() -> None:
    sv = run("play", "plump", "--players", "11")
    en = run("play", "plump", "--players", "11", "--lang", "en")
    assert sv.stderr.startswith("Fel:") and en.stderr.startswith("Error:")


# --- replay -------------------------------------------------------------------------


def test_replay_valid_record(record_file: Path) -> None:
    res = run("replay", str(record_file))
    assert res.returncode == 0, res.stderr
    assert "Giltigt protokoll." in res.stdout
    assert "Summa" in res.stdout and "Björn" in res.stdout
    # Björn bid 1 and took 1 (11), Cissi bid 0 and took 0 (10), Anna bid 0 and took 1
    assert "Vinnare: Björn med 11 poäng." in res.stdout
    en = run("replay", str(record_file), "--lang", "en")
    assert "Valid record." in en.stdout and "Winner: Björn with 11 points." in en.stdout


def test_replay_json_summary(record_file: Path) -> None:
    res = run("replay", str(record_file), "--json")
    assert res.returncode == 0
    data = json.loads(res.stdout)
    assert data["valid"] is True and data["finished"] is True
    assert data["totals"] == [0, 11, 10] and data["winner"] == [1]
    assert data["players"] == ["Anna", "Björn", "Cissi"]


def tampered(tmp_path: Path, change: Any) -> Path:
    doc = small_record()
    change(doc)
    path = tmp_path / "tampered.json"
    write_record(doc, path)
    return path


def _revoke(doc: dict[str, Any]) -> None:
    # Cissi throws 4D to the spade lead while holding QS
    tricks = doc["deals"][0]["tricks"]
    tricks[0]["cards"] = ["KS", "4D", "AS"]
    tricks[1]["cards"] = ["2C", "3H", "QS"]


def test_replay_reports_the_first_violation_and_exits_1(tmp_path: Path) -> None:
    path = tampered(tmp_path, _revoke)
    res = run("replay", str(path))
    assert res.returncode == 1
    # the player named, as on the sheet (issue 10 #2), not "plats 2" counted from 0
    name = load_record(path)["players"][2]
    assert f"Ogiltigt protokoll: giv 1, stick 1, {name}: {name} måste följa färg" in res.stderr
    assert "(regel: follow_suit)" in res.stderr
    en = run("replay", str(path), "--lang", "en")
    assert (
        f"Invalid record: deal 1, trick 1, {name}: {name} must follow suit" in en.stderr
        and "(rule: follow_suit)" in en.stderr
    )
    js = run("replay", str(path), "--json")
    assert js.returncode == 1
    data = json.loads(js.stdout)
    assert data["valid"] is False
    assert data["error"]["rule"] == "follow_suit"
    assert (data["error"]["deal"], data["error"]["trick"], data["error"]["seat"]) == (1, 1, 2)
    assert "must follow suit" in data["error"]["message"]


def test_replay_catches_a_wrong_trick_winner_and_score(tmp_path: Path) -> None:
    def winner(doc: dict[str, Any]) -> None:
        doc["deals"][0]["tricks"][1]["winner"] = 0

    def points(doc: dict[str, Any]) -> None:
        doc["deals"][0]["result"]["points"] = [10, 11, 10]

    res = run("replay", str(tampered(tmp_path, winner)), "--json")
    assert res.returncode == 1
    assert json.loads(res.stdout)["error"]["rule"] == "trick_winner"
    res = run("replay", str(tampered(tmp_path, points)), "--json")
    assert res.returncode == 1
    err = json.loads(res.stdout)["error"]
    assert (err["rule"], err["seat"]) == ("score", 0)


def test_replay_unfinished_record_is_reported_as_unfinished(tmp_path: Path) -> None:
    def cut(doc: dict[str, Any]) -> None:
        deal = doc["deals"][0]
        del deal["result"]
        deal["tricks"] = [{"leader": 1, "cards": ["KS", "QS"]}]
        del doc["winner"]
        del doc["totals"]  # present, they would have to be the totals so far

    path = tampered(tmp_path, cut)
    res = run("replay", str(path))
    assert res.returncode == 0, res.stderr
    assert "ofullständigt parti" in res.stdout
    data = json.loads(run("replay", str(path), "--json").stdout)
    assert data["finished"] is False and data["winner"] is None


def test_replay_of_a_file_that_is_not_json(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text('{"format": "stickspel/1", "deals": [', encoding="utf-8")
    res = run("replay", str(path), "--json")
    assert res.returncode == 1
    assert json.loads(res.stdout)["error"]["rule"] == "json"
    res = run("replay", str(tmp_path / "missing.json"))
    assert res.returncode != 0 and "Traceback" not in res.stderr


# --- rules --------------------------------------------------------------------------


@pytest.mark.parametrize("game", sorted(GAMES))
def test_rules_lists_every_option_and_preset(game: str) -> None:
    res = run("rules", game)
    assert res.returncode == 0, res.stderr
    spec = GAMES[game]
    for f in dataclasses.fields(spec.rules):
        assert f.name in res.stdout
        # the seed texts cited by name, not by file numbers (issue 10 #17)
        assert source_text(str(f.metadata.get("source", "")).split(";")[0], "sv") in res.stdout
    assert not re.search(r"Källa: 00[0-4]", res.stdout)
    for name in spec.rules.PRESETS:
        assert name in res.stdout


def test_rules_of_an_unknown_game() -> None:
    res = run("rules", "bridge")
    assert res.returncode == 2 and "okänt spel 'bridge'" in res.stderr
    en = run("rules", "bridge", "--lang", "en")
    assert en.returncode == 2 and "unknown game 'bridge'" in en.stderr


def test_docs_plump_holds_the_generated_option_table() -> None:
    """docs/plump.md must show the options exactly as the code declares them."""
    table = run("rules", "plump", "--markdown", "--lang", "en").stdout
    assert table.count("\n") > 10
    assert table in (ROOT / "docs" / "plump.md").read_text(encoding="utf-8")


def test_every_docs_option_table_is_current() -> None:
    res = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "gen_docs.py"), "--check"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert res.returncode == 0, res.stdout + res.stderr


def test_links_in_readme_and_docs_point_to_files() -> None:
    import re

    pages = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    for page in pages:
        for target in re.findall(r"\]\(([^)#]+)(?:#[^)]*)?\)", page.read_text(encoding="utf-8")):
            if "://" in target:
                continue
            assert (page.parent / target).exists(), f"{page.name} links to missing {target}"


@pytest.mark.parametrize(
    "game", [g for g in sorted(GAMES) if "players" not in GAMES[g].rules.option_names()]
)
def test_games_with_a_fixed_table_refuse_another_number_of_players(game: str) -> None:
    state = GAMES[game].state(GAMES[game].rules())  # type: ignore[call-arg]
    wrong = str(state.num_players + 1)
    res = run("simulate", game, "--players", wrong, "--games", "1")
    assert res.returncode == 2
    assert f"{game} spelas av {state.num_players} spelare, inte {wrong}" in res.stderr
    ok = run("simulate", game, "--players", str(state.num_players), "--games", "1", "--json")
    assert ok.returncode == 0, ok.stderr


def test_option_help_in_both_languages_and_the_english_is_the_options_own() -> None:
    from stickspel.cli.rules import option_help
    from stickspel.games.registry import GAMES
    from stickspel.i18n import render

    for name, spec in GAMES.items():
        for f in dataclasses.fields(spec.rules):
            key = f"rules.help.{name}.{f.name}"
            assert render(key, {}, "en") == f.metadata["help"], key
            assert render(key, {}, "sv") != f.metadata["help"], key
            assert option_help(name, f, "sv") == render(key, {}, "sv")
    result = run("rules", "plump", "--lang", "sv")
    assert "Spärren: givaren får inte bjuda" in result.stdout

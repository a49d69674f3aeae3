"""Duplicate matches: the same deal for every rotation, fair sums, records, the CLI."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from stickspel.cli import app
from stickspel.games.plump import PlumpRules
from stickspel.games.priffe import PriffeRules
from stickspel.match import board_rules, play_board, run_match, seat_kinds
from stickspel.records import load_record, replay


def test_every_rotation_plays_the_same_deal_with_the_bots_moved_round() -> None:
    board = play_board(
        "plump", PlumpRules(players=4), ["heuristic", "random"] * 2, 5, 3, None, True
    )
    assert len(board.points) == 4 == len(board.records)
    deals = [rec["deals"][0]["hands"] for rec in board.records]
    assert all(d == deals[0] for d in deals)
    names = [rec["players"] for rec in board.records]
    assert names[0][0].startswith("heuristic") and names[1][0].startswith("random")


def test_plump_boards_walk_the_schedule() -> None:
    rules = PlumpRules(players=4)
    assert [board_rules(rules, k).max_cards for k in (0, 1, 9, 10)] == [10, 9, 1, 2]  # type: ignore[attr-defined]
    assert board_rules(PriffeRules(), 3) == PriffeRules()


def test_match_summary_counts_every_seat_and_is_reproducible() -> None:
    rules = PlumpRules(players=4, max_cards=4)
    a = run_match("plump", rules, ["heuristic", "random"], deals=6, seed=2)
    b = run_match("plump", rules, ["heuristic", "random"], deals=6, seed=2, jobs=2)
    assert [r.points for r in a.results] == [r.points for r in b.results]
    data = a.to_dict()
    assert data["deals"] == 6 and data["plays"] == 24
    by = data["by_bot"]
    assert by["heuristic"]["moves"] == by["random"]["moves"] > 0
    # duplicate: every board's points, over the rotations, split evenly between the kinds' seats
    total = sum(sum(sum(p) for p in r.points) for r in a.results) / (6 * 4 * 4)
    assert by["heuristic"]["mean"] + by["random"]["mean"] == pytest.approx(2 * total, abs=0.01)
    diff = data["differences"]["heuristic - random"]
    assert diff["mean"] == pytest.approx(by["heuristic"]["mean"] - by["random"]["mean"], abs=0.01)
    assert 0 <= by["heuristic"]["made_rate"] <= 1


def test_seat_kinds_repeat_round_the_table() -> None:
    assert seat_kinds(["a", "b", "c"], 4) == ["a", "b", "c", "a"]


@pytest.mark.parametrize("game", ["priffe", "tremanswhist"])
def test_matches_in_the_other_games(game: str) -> None:
    summary = run_match(game, _rules(game), ["heuristic", "random"], deals=2, seed=1)
    by = summary.by_bot()
    assert set(by) == {"heuristic", "random"}
    if game == "tremanswhist":
        assert by["heuristic"]["made_rate"] is None  # no bids to make


def _rules(game: str) -> object:
    from stickspel import load_game

    return load_game(game).rules


def test_match_cli_json_and_records(tmp_path: Path) -> None:
    out = tmp_path / "rec"
    result = CliRunner().invoke(
        app,
        ["match", "plump", "--bots", "expert,heuristic", "--deals", "2", "--seed", "4",
         "--think-ms", "2", "--records", str(out), "--json", "-o", "max_cards=3"],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["think_ms"] == 2 and data["deals"] == 2
    files = sorted(out.iterdir())
    assert len(files) == 8
    assert replay(load_record(files[0])).finished


def test_match_cli_refuses_an_unknown_bot_in_one_line() -> None:
    result = CliRunner().invoke(app, ["match", "plump", "--bots", "clever", "--deals", "1"])
    assert result.exit_code == 2
    assert "clever" in result.output and "Traceback" not in result.output

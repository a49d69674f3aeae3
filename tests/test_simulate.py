"""`stickspel simulate` and stickspel.simulate: seeded runs, records that replay, the summary."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from stickspel.games import GAMES
from stickspel.games.plump import PlumpRules
from stickspel.records import load_record, replay
from stickspel.simulate import game_seed, parse_bots, play_game, record_name, simulate

STICKSPEL = str(Path(sys.executable).with_name("stickspel"))


def run(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([STICKSPEL, *args], capture_output=True, text=True, cwd=cwd, timeout=300)


def test_simulate_writes_one_record_per_game_that_replays(tmp_path: Path) -> None:
    out = tmp_path / "recs"
    res = run(
        "simulate", "plump", "--players", "3", "--games", "4", "--seed", "5",
        "--record-dir", str(out), "--json",
    )  # fmt: skip
    assert res.returncode == 0, res.stderr
    files = sorted(p.name for p in out.iterdir())
    assert files == ["game-0001.json", "game-0002.json", "game-0003.json", "game-0004.json"]
    summary = json.loads(res.stdout)
    totals = []
    for name in files:
        doc = load_record(out / name)
        rep = replay(doc)
        assert rep.finished and doc["variant"]["players"] == 3
        assert len(doc["deals"]) == 19
        totals.append(doc["totals"])
        check = run("replay", str(out / name), "--json")
        assert check.returncode == 0
        assert json.loads(check.stdout)["valid"] is True
    means = [sum(t[s] for t in totals) / 4 for s in range(3)]
    assert [seat["mean_score"] for seat in summary["seats"]] == pytest.approx(means, abs=1e-3)


def test_summary_json_fields(tmp_path: Path) -> None:
    res = run(
        "simulate", "plump", "--players", "4", "--games", "6", "--seed", "1",
        "--bots", "heuristic,random,heuristic,random", "--json", "--no-sparr",
    )  # fmt: skip
    assert res.returncode == 0, res.stderr
    data = json.loads(res.stdout)
    assert data["game"] == "plump" and data["games"] == 6 and data["seed"] == 1
    assert data["players"] == 4 and data["rules"] == "plump(sparr=false)"
    assert data["variant"]["sparr"] is False
    assert data["bots"] == ["heuristic", "random", "heuristic", "random"]
    assert [s["seat"] for s in data["seats"]] == [0, 1, 2, 3]
    for seat in data["seats"]:
        assert set(seat) == {"seat", "bot", "mean_score", "wins", "win_rate"}
        assert 0 <= seat["win_rate"] <= 1
        assert seat["win_rate"] == pytest.approx(seat["wins"] / 6, abs=1e-3)
    assert set(data["by_bot"]) == {"heuristic", "random"}
    assert data["by_bot"]["heuristic"]["seats"] == [0, 2]
    # every game has at least one winner
    assert sum(s["wins"] for s in data["seats"]) >= 6
    assert data["games_per_second"] > 0
    assert data["record_dir"] is None


def test_rich_summary_in_both_languages() -> None:
    sv = run("simulate", "plump", "--players", "3", "--games", "2", "--seed", "3")
    en = run("simulate", "plump", "--players", "3", "--games", "2", "--seed", "3", "--lang", "en")
    assert sv.returncode == en.returncode == 0
    assert "Medelpoäng" in sv.stdout and "partier" in sv.stdout
    assert "Mean score" in en.stdout and "games/s" in en.stdout


def test_same_seed_same_games_other_seed_other_games(tmp_path: Path) -> None:
    for d, seed in (("a", "9"), ("b", "9"), ("c", "10")):
        res = run(
            "simulate", "plump", "--players", "3", "--games", "2", "--seed", seed,
            "--record-dir", str(tmp_path / d), "--max-cards", "4",
        )  # fmt: skip
        assert res.returncode == 0, res.stderr
    a = (tmp_path / "a" / "game-0002.json").read_text()
    assert a == (tmp_path / "b" / "game-0002.json").read_text()
    assert a != (tmp_path / "c" / "game-0002.json").read_text()


def test_game_k_can_be_played_again_alone(tmp_path: Path) -> None:
    rules = PlumpRules(players=4, max_cards=3)
    bots = ["heuristic", "random", "random", "heuristic"]
    simulate("plump", rules, bots, games=3, seed=42, record_dir=tmp_path)
    again = play_game("plump", rules, bots, game_seed(42, 2))
    doc = load_record(tmp_path / record_name(2))
    assert again.to_record(doc["players"]) == doc


def test_summary_object_counts_shared_wins_for_each_seat() -> None:
    summary = simulate("plump", PlumpRules(players=3, max_cards=1, deal_order="single"),
                       ["random"] * 3, games=30, seed=2)  # fmt: skip
    assert summary.games == 30 and len(summary.totals) == 30
    assert summary.wins() == [sum(s in w for w in summary.winners) for s in range(3)]
    # in a one-card game ties are common: shared wins count for every seat in them
    assert any(len(w) > 1 for w in summary.winners)
    assert sum(summary.wins()) > 30


def test_bots_must_match_the_seats() -> None:
    with pytest.raises(Exception, match="one bot for every seat or one for all"):
        parse_bots("plump", "heuristic,random", 4)
    res = run("simulate", "plump", "--players", "4", "--games", "1", "--bots", "heuristic,random")
    assert res.returncode == 2
    assert "2 botar för 4 platser" in res.stderr and "Traceback" not in res.stderr
    res = run("simulate", "plump", "--games", "1", "--bots", "genius", "--lang", "en")
    assert res.returncode == 2 and "no bot 'genius'" in res.stderr


def test_bad_rules_exit_2_with_the_rules_message() -> None:
    res = run("simulate", "plump", "--players", "7", "--max-cards", "8", "--games", "1")
    assert res.returncode == 2
    assert "7 spelare kan börja på högst 7 kort" in res.stderr
    assert "Traceback" not in res.stderr


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_registered_game_simulates_and_replays(game: str, tmp_path: Path) -> None:
    res = run(
        "simulate", game, "--games", "2", "--seed", "4", "--bots", "random",
        "--record-dir", str(tmp_path), "--json",
    )  # fmt: skip
    assert res.returncode == 0, res.stderr
    assert json.loads(res.stdout)["games"] == 2
    for path in sorted(tmp_path.iterdir()):
        assert replay(load_record(path)).finished

"""Tournaments: config checking, stopping rules, ratings, the report, the same
results from local processes and from a Ray cluster, and self-play export."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from stickspel.core import RulesError
from stickspel.reports import report_html
from stickspel.tournament import (
    LocalExecutor,
    TournamentConfig,
    bradley_terry,
    run_tournament,
    sprt_llr,
)

SMALL = {
    "game": "plump",
    "rules": "plump(players=3,max_cards=3)",
    "bots": ["heuristic", "random", "beginner"],
    "boards": 12,
    "batch": 4,
    "seed": 7,
    "stop": "none",
}


def test_config_errors_name_the_setting(tmp_path: Path) -> None:
    cases = {
        '{"game": "plump", "bots": ["heuristic"]}': "bots: a list of at least two",
        '{"game": "plump", "bots": ["heuristic", "random"], "boards": "x"}': "boards",
        '{"game": "plump", "bots": ["heuristic", "nobody"]}': "nobody",
        '{"game": "plump", "bots": ["a", "b"], "colour": 1}': "colour",
        '{"game": "chess", "bots": ["a", "b"]}': "chess",
        '{"game": "plump", "bots": ["heuristic", "random"], "format": "swiss"}': "swiss",
        '{"game": "plump", "bots": ["heuristic", "random"], "boards": 1e400}': "",
        "[1, 2]": "",
    }
    for text, needle in cases.items():
        path = tmp_path / "t.json"
        path.write_text(text)
        with pytest.raises(RulesError) as e:
            TournamentConfig.load(path)
        assert needle in str(e.value) and "\n" not in str(e.value)
    bad = tmp_path / "t.toml"
    bad.write_bytes(b"game = \xff")
    with pytest.raises(RulesError, match="UTF-8"):
        TournamentConfig.load(bad)
    bad.write_text("game = [")
    with pytest.raises(RulesError, match="TOML"):
        TournamentConfig.load(bad)


def test_round_robin_plays_every_pairing_and_rates_the_bots() -> None:
    result = run_tournament(TournamentConfig.from_dict(SMALL))
    pairs = [(p["a"], p["b"]) for p in result.pairings]
    assert pairs == [("heuristic", "random"), ("heuristic", "beginner"), ("random", "beginner")]
    assert all(
        p["boards"] == 12 and p["wins"] + p["draws"] + p["losses"] == 12 for p in result.pairings
    )
    r = result.ratings
    assert r["heuristic"]["elo"] == 0.0
    assert (
        r["random"]["elo"] < 0 and r["random"]["low"] <= r["random"]["elo"] <= r["random"]["high"]
    )


def test_gauntlet_and_stopping_by_interval_and_sprt() -> None:
    gauntlet = TournamentConfig.from_dict({**SMALL, "format": "gauntlet", "bots": ["heuristic", "random"],
                                           "boards": 400, "batch": 10, "stop": "ci"})  # fmt: skip
    result = run_tournament(gauntlet)
    (only,) = result.pairings
    # heuristic beats random by far: the interval excludes zero long before 400 boards
    assert only["stopped"] == "ci" and only["boards"] < 400
    sprt = run_tournament(TournamentConfig.from_dict({**SMALL, "bots": ["heuristic", "random"],
                                                      "boards": 400, "batch": 10, "stop": "sprt"}))  # fmt: skip
    assert sprt.pairings[0]["stopped"] == "sprt_h1"


def test_statistics() -> None:
    assert sprt_llr(70, 0, 30, 0, 30) > 0 > sprt_llr(30, 0, 70, 0, 30)
    even = bradley_terry(["a", "b"], [("a", "b", 1.0), ("a", "b", 0.0)] * 5)
    assert abs(even["b"]) < 1e-6
    strong = bradley_terry(["a", "b", "c"], [("a", "b", 1.0)] * 8 + [("b", "c", 1.0)] * 8)
    assert strong["a"] > strong["b"] > strong["c"]


def test_the_report_escapes_names_and_draws_the_ratings() -> None:
    result = run_tournament(
        TournamentConfig.from_dict({**SMALL, "bots": ["heuristic", "random"], "boards": 4})
    )
    data = result.to_dict()
    data["config"]["rules"] = "<script>alert(1)</script>"
    page = report_html(data, "sv")
    assert "<script>" not in page and "&lt;script&gt;" in page
    assert "<svg" in page and "Rating" in page


def test_the_same_seed_gives_the_same_results_on_any_executor() -> None:
    config = TournamentConfig.from_dict({**SMALL, "boards": 8})
    one = run_tournament(config).to_dict()
    pool = LocalExecutor(2)
    try:
        two = run_tournament(config, pool).to_dict()
    finally:
        pool.close()
    assert one == two


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
def test_a_ray_cluster_on_loopback_gives_the_same_results() -> None:
    ray = pytest.importorskip("ray")
    from stickspel.tournament import RayExecutor

    config = TournamentConfig.from_dict({**SMALL, "boards": 8})
    local = run_tournament(config).to_dict()
    executor = RayExecutor("local", workers=2)
    try:
        remote = run_tournament(config, executor).to_dict()
    finally:
        executor.close()
    assert not ray.is_initialized()
    assert remote.pop("executor") == "ray" and local.pop("executor") == "local"
    assert remote == local


def test_cli_writes_results_and_report(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from stickspel.cli import app

    config = tmp_path / "t.toml"
    config.write_text(
        'game = "plump"\nrules = "plump(players=3,max_cards=2)"\nbots = ["heuristic", "random"]\n'
        'boards = 6\nbatch = 3\nstop = "none"\n'
    )
    out = tmp_path / "out"
    result = CliRunner().invoke(app, ["tournament", str(config), "--out", str(out), "--lang", "en"])
    assert result.exit_code == 0, result.output
    data = json.loads((out / "results.json").read_text())
    assert data["pairings"][0]["boards"] == 6
    assert (out / "report.html").read_text().startswith("<!doctype html>")
    bad = CliRunner().invoke(app, ["tournament", str(tmp_path / "missing.toml")])
    assert bad.exit_code == 2 and "missing.toml" in bad.output


def test_selfplay_parquet_rows(tmp_path: Path) -> None:
    pq = pytest.importorskip("pyarrow.parquet")
    from stickspel.games import load_game
    from stickspel.selfplay import export_selfplay

    game = load_game("plump(players=3,max_cards=2,deal_order=single)")
    path = tmp_path / "d.parquet"
    rows = export_selfplay(game, ["heuristic", "random"], games=3, seed=2, path=path)
    table = pq.read_table(path)
    assert table.num_rows == rows == 3 * (3 + 6)
    row = table.slice(0, 1).to_pylist()[0]
    assert len(row["observation"]) == game.info.observation_shape[0]
    assert row["mask"][row["action"]] == 1
    assert row["return"] == row["returns"][row["person"]]
    again = tmp_path / "e.parquet"
    export_selfplay(game, ["heuristic", "random"], games=3, seed=2, path=again)
    assert pq.read_table(again).equals(table)


def test_selfplay_cli_refuses_bad_bots_in_one_line(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from stickspel.cli import app

    out = str(tmp_path / "d.parquet")
    for bots, needle in ((",", "0 bots for 4 seats"), ("heuristic,nobody", "nobody")):
        run = CliRunner().invoke(
            app, ["selfplay", "plump", "--bots", bots, "--out", out, "--lang", "en"]
        )
        assert run.exit_code == 2, run.output
        assert run.exception is None or isinstance(run.exception, SystemExit)
        assert needle in run.output and "Traceback" not in run.output
    assert not (tmp_path / "d.parquet").exists()


def test_an_unreachable_ray_cluster_is_one_line_at_once(tmp_path: Path) -> None:
    import socket

    from typer.testing import CliRunner

    from stickspel.cli import app

    with socket.socket() as s:  # a port nothing listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    config = tmp_path / "t.toml"
    config.write_text('game = "plump"\nbots = ["heuristic", "random"]\nboards = 2\n')
    run = CliRunner().invoke(
        app, ["tournament", str(config), "--ray", f"127.0.0.1:{port}", "--lang", "en"]
    )
    assert run.exit_code == 2, run.output
    assert f"cannot reach the Ray cluster at 127.0.0.1:{port}" in run.output
    assert not (tmp_path / "t-results").exists()

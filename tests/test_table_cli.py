"""`stickspel play` as a client of the table: saved after every event, the output
path checked before anything is played, resume refusing what it cannot go on with."""

from __future__ import annotations

import os
import re
import signal
import subprocess
from pathlib import Path

import pytest
from terminal_session import PROMPT, STICKSPEL, Session

from stickspel.games.plump.sheet import add_plump
from stickspel.protokoll.scorekeeper import Session as Scorekeeper
from stickspel.records import load_record, replay

BASE = ["play", "plump", "--players", "3", "--max-cards", "3", "--seed", "4"]


def run(args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "COLUMNS": "200"}
    return subprocess.run(
        [STICKSPEL, *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=60, input=""
    )


def test_saved_after_the_first_deal_and_kill_9_loses_nothing(tmp_path: Path) -> None:
    s = Session([*BASE, "--record", "r.json"], tmp_path)
    _, m = s.expect(PROMPT)
    doc = load_record(tmp_path / "r.json")  # before any move: the deal is saved
    assert len(doc["deals"]) == 1 and "hands" in doc["deals"][0]
    s.send(m.group(1).split()[0])
    s.expect(PROMPT)
    os.kill(s.proc.pid, signal.SIGKILL)
    s.proc.wait(timeout=30)
    rep = replay(load_record(tmp_path / "r.json"))
    assert not rep.finished
    mine = [a for a in rep.state.history() if isinstance(a, int)]
    assert mine  # the move typed before the kill is in the file


def test_q_is_a_chosen_end(tmp_path: Path) -> None:
    s = Session([*BASE, "--record", "q.json"], tmp_path)
    s.expect(PROMPT)
    s.send("q")
    s.expect(re.compile(r"Partiet är sparat i q.json"))
    assert s.finish() == 0


@pytest.mark.parametrize(
    ("setup", "record", "message"),
    [
        (lambda d: (d / "dir").mkdir(), "dir", "dir är en mapp"),
        (lambda d: (d / "file").write_text("x"), "file/r.json", "file är en fil"),
        (lambda d: (d / "old.json").write_text("{}"), "old.json", "old.json finns redan"),
    ],
)
def test_a_bad_output_path_stops_before_anything_is_played(
    tmp_path: Path, setup: object, record: str, message: str
) -> None:
    setup(tmp_path)  # type: ignore[operator]
    before = sorted(p.name for p in tmp_path.rglob("*"))
    res = run([*BASE, "--record", record], tmp_path)
    assert res.returncode == 2, res.stdout + res.stderr
    assert message in res.stderr and res.stderr.count("\n") == 1
    assert "Ny giv" not in res.stdout and "Traceback" not in res.stderr
    assert sorted(p.name for p in tmp_path.rglob("*")) == before
    if record == "old.json":
        assert (tmp_path / "old.json").read_text() == "{}"


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write anywhere")
def test_an_unwritable_place_is_refused(tmp_path: Path) -> None:
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o500)
    try:
        res = run([*BASE, "--record", "locked/r.json"], tmp_path)
    finally:
        locked.chmod(0o700)
    assert res.returncode == 2 and "kan inte skriva" in res.stderr


def test_force_overwrites_a_file_given_with_record(tmp_path: Path) -> None:
    (tmp_path / "old.json").write_text("{}")
    s = Session([*BASE, "--record", "old.json", "--force"], tmp_path)
    s.expect(PROMPT)
    assert s.finish() == 0
    assert load_record(tmp_path / "old.json")["format"] == "stickspel/1"


def _saved_game(tmp_path: Path) -> Path:
    s = Session([*BASE, "--record", "saved.json"], tmp_path)
    _, m = s.expect(PROMPT)
    s.send(m.group(1).split()[0])
    s.expect(PROMPT)
    assert s.finish() == 0
    return tmp_path / "saved.json"


def test_resume_refuses_another_variant_and_other_files(tmp_path: Path) -> None:
    path = _saved_game(tmp_path)
    kept = path.read_text()
    res = run(["play", "plump", "--resume", "saved.json", "--max-cards", "5"], tmp_path)
    assert res.returncode == 2
    assert "saved.json spelas med plump(players=3,max_cards=3), inte max_cards=5" in res.stderr
    res = run(["play", "priffe", "--resume", "saved.json"], tmp_path)
    assert res.returncode == 2 and "är ett parti plump, inte priffe" in res.stderr
    (tmp_path / "other.json").write_text("{}")
    res = run(["play", "plump", "--resume", "saved.json", "--record", "other.json"], tmp_path)
    assert res.returncode == 2 and "other.json finns redan" in res.stderr
    assert path.read_text() == kept and (tmp_path / "other.json").read_text() == "{}"
    # the same options as the record's are fine (and said not to apply)
    s = Session(["play", "plump", "--resume", "saved.json", "--max-cards", "3"], tmp_path)
    s.expect(re.compile(r"Reglerna kommer från protokollet"))
    s.expect(PROMPT)
    assert s.finish() == 0


def test_resume_refuses_a_record_kept_by_hand(tmp_path: Path) -> None:
    sheet = Scorekeeper.new("plump", ["Anna", "Björn", "Cissi"], max_cards=2)
    add_plump(sheet, bids=[0, 1, 0], tricks=["+", "-", 2])
    path = sheet.save(tmp_path / "sheet.json")
    kept = path.read_text()
    res = run(["play", "plump", "--resume", "sheet.json"], tmp_path)
    assert res.returncode == 1
    assert "sheet.json är ett protokoll fört för hand" in res.stderr
    assert path.read_text() == kept
    en = run(["play", "plump", "--resume", "sheet.json", "--lang", "en"], tmp_path)
    assert en.returncode == 1 and "is a record kept by hand" in en.stderr


def test_an_unwritable_place_is_named(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """(As root every place is writable: the check itself, with access denied.)"""
    from stickspel.cli.play import _output_problem

    assert _output_problem(tmp_path / "new" / "r.json", "en", force=False, ours=None) is None
    monkeypatch.setattr(os, "access", lambda path, mode: False)
    problem = _output_problem(tmp_path / "new" / "r.json", "en", force=False, ours=None)
    assert problem == f"cannot write {tmp_path / 'new' / 'r.json'}"
    (tmp_path / "mine.json").write_text("{}")
    mine = tmp_path / "mine.json"
    assert _output_problem(mine, "sv", force=False, ours=mine) == f"kan inte skriva {mine}"

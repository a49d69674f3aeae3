"""The data folder is its owner's: the SQLite database holds every hand of every game in
progress, so the server makes the folder 0700 and the database (and the files SQLite
writes beside it) 0600, and warns at start of an existing one that others may read;
the CLI's saved games and score sheets are written 0600."""

from __future__ import annotations

import logging
import stat
from pathlib import Path

import pytest
from server_helpers import PLUMP, SEATS, start_server
from typer.testing import CliRunner

from stickspel.cli import app
from stickspel.client import create_table
from stickspel.server.store import SQLiteStore


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_a_new_data_folder_and_database_are_the_owners_only(tmp_path: Path) -> None:
    folder = tmp_path / "stickspel-data"
    db = folder / "stickspel.sqlite3"
    running = start_server(f"sqlite:///{db}")
    try:
        create_table(running.url, rules=PLUMP, seats=SEATS)  # events written: -wal, -shm
        files = [db, *(db.with_name(db.name + end) for end in ("-wal", "-shm"))]
        assert _mode(folder) == 0o700
        assert {p.name: _mode(p) for p in files if p.exists()} == {p.name: 0o600 for p in files}
    finally:
        running.stop()


def test_an_existing_folder_others_may_read_is_warned_of(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    folder = tmp_path / "shared"
    folder.mkdir(mode=0o755)
    folder.chmod(0o755)
    db = folder / "stickspel.sqlite3"
    db.touch(mode=0o644)
    db.chmod(0o644)
    with caplog.at_level(logging.WARNING, logger="stickspel.server"):
        SQLiteStore(db).close()
    warned = {r.__dict__.get("path"): r.__dict__.get("mode") for r in caplog.records}
    assert warned == {str(folder): "755", str(db): "644"}
    assert _mode(folder) == 0o755 and _mode(db) == 0o644  # warned of, left as its owner set it


def test_the_clis_score_sheet_is_the_owners_only(tmp_path: Path) -> None:
    # (a played game's record: tests/test_play_hostile.py)
    sheet = tmp_path / "kvällar" / "kväll.json"
    runner = CliRunner()
    result = runner.invoke(
        app, ["protokoll", "new", "plump", "--players", "Anna,Björn,Cissi", "--file", str(sheet)]
    )
    assert result.exit_code == 0, result.output
    assert _mode(sheet) == 0o600

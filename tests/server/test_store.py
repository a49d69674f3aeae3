"""The store on SQLite and on PostgreSQL: the same statements, the same answers; one
event per number even when two writers (two processes) race for it."""

from __future__ import annotations

from pathlib import Path

import pytest
from server_helpers import PLUMP, SEATS

from stickspel.server.devdb import Cluster
from stickspel.server.rooms import Room, SeatSpec
from stickspel.server.store import (
    PostgresStore,
    StoredTable,
    StoreError,
    VersionConflict,
    open_store,
)
from stickspel.table import StaleVersionError

pytestmark = pytest.mark.databases


def test_tables_and_events(database: str, database_kind: str) -> None:
    store = open_store(database)
    try:
        assert store.kind == database_kind and store.server_version()
        store.put_table(StoredTable("t1", {"game": "plump", "ä": "ö"}, None, "2026-01-01"))
        store.put_table(StoredTable("t0", {"game": "priffe"}, None, "2026-01-02"))
        store.append("t1", 0, [{"deal": "AS/KS"}, {"action": 52, "person": 1}], {"n": 2})
        store.put_table(StoredTable("t1", {"game": "plump", "status": "over"}, None, "2026-01-01"))
        assert [(t.id, t.version, t.record) for t in store.tables()] == [
            ("t1", 2, {"n": 2}),
            ("t0", 0, None),
        ]
        t1 = store.table("t1")
        assert t1 is not None and t1.meta == {"game": "plump", "status": "over"}
        assert store.table("nope") is None
        assert store.events("t1", after=1) == [(2, {"action": 52, "person": 1})]
        assert store.events("t0", after=0) == []
    finally:
        store.close()


def test_two_writers_one_event_per_number(database: str) -> None:
    first, second = open_store(database), open_store(database)
    try:
        first.put_table(StoredTable("t", {}, None, "2026"))
        first.append("t", 0, [{"action": 1, "person": 0}], {"by": "first"})
        with pytest.raises(VersionConflict):
            second.append("t", 0, [{"action": 2, "person": 0}], {"by": "second"})
        # nothing of the refused write stayed
        stored = second.table("t")
        assert stored is not None and (stored.version, stored.record) == (1, {"by": "first"})
        assert second.events("t", after=0) == [(1, {"action": 1, "person": 0})]
        second.append("t", 1, [{"action": 3, "person": 1}], {"by": "second"})
        assert [s for s, _ in first.events("t", after=0)] == [1, 2]
    finally:
        first.close()
        second.close()


def test_a_stale_room_refuses_and_catches_up(database: str) -> None:
    """Two servers' copies of one table: the second to act at a version is refused as
    stale and rebuilt at the first one's version; the first hears of it by catch_up."""
    stores = [open_store(database), open_store(database)]
    try:
        seats = [SeatSpec(s["name"], s.get("bot")) for s in SEATS]
        here = Room.create(stores[0], PLUMP, seats)
        here.start()
        row = stores[1].table(here.id)
        assert row is not None
        there = Room.load(stores[1], row)
        assert there.table.to_record() == here.table.to_record()
        person = here.table.to_act()
        assert person is not None
        index = here.table.person_index(person)
        version = here.table.version
        action = here.table.legal_actions()[0]
        here.act(person, action, version)
        with pytest.raises(StaleVersionError):
            there.act(there.persons[index], there.table.legal_actions()[-1], version)
        assert there.table.to_record() == here.table.to_record()
        # and the other way: the first copy takes in what the second stores
        person = there.table.to_act()
        assert person is not None
        there.act(person, there.table.legal_actions()[0], there.table.version)
        here.catch_up(meta=False)
        assert here.table.version == there.table.version
        assert here.table.to_record() == there.table.to_record()
    finally:
        for s in stores:
            s.close()


def test_unusable_databases_are_named_without_password() -> None:
    with pytest.raises(StoreError) as e:
        open_store("postgresql://anna:hemligt@127.0.0.1:1/stickspel")
    text = str(e.value)
    assert "hemligt" not in text and "anna:***@127.0.0.1:1/stickspel" in text
    assert "\n" not in text and "hemligt" not in e.value.text("sv")
    with pytest.raises(StoreError, match="unknown kind"):
        open_store("mysql://x:y@h/db")


def test_sqlite_commit_setting(tmp_path: Path) -> None:
    """``synchronous=normal`` is asked for in the URL; the default is full (fsync each
    commit); anything else is refused with a one-line error."""
    pragma = "PRAGMA synchronous"
    full = open_store(f"sqlite:///{tmp_path / 'a.sqlite3'}")
    normal = open_store(f"sqlite:///{tmp_path / 'b.sqlite3'}?synchronous=normal")
    try:
        assert full._conn.execute(pragma).fetchone() == (2,)  # FULL
        assert normal._conn.execute(pragma).fetchone() == (1,)  # NORMAL
    finally:
        full.close()
        normal.close()
    with pytest.raises(StoreError, match="full or normal"):
        open_store(f"sqlite:///{tmp_path / 'c.sqlite3'}?synchronous=off")


def test_postgresql_connection_lost_and_opened_again(pg_cluster: Cluster) -> None:
    """The database ends the server's connection (a restart, an administrator): the next
    statement opens a new one and goes through."""
    import psycopg

    store = open_store(pg_cluster.create_database())
    try:
        assert isinstance(store, PostgresStore)
        store.put_table(StoredTable("t", {}, None, "2026"))
        with psycopg.connect(store.url, autocommit=True) as admin:
            admin.execute("SELECT pg_terminate_backend(%s)", (store._conn.info.backend_pid,))
        store.append("t", 0, [{"action": 1, "person": 0}])
        assert store.events("t", after=0) == [(1, {"action": 1, "person": 0})]
    finally:
        store.close()


def test_a_rebuilt_room_keeps_the_stand_ins(database: str) -> None:
    """A person whose move timer ran out is played for by a stand-in bot; when another
    process's event makes the room rebuild its table, the stand-in plays on."""
    store = open_store(database)
    try:
        room = Room.create(store, PLUMP, [SeatSpec(s["name"], s.get("bot")) for s in SEATS])
        room.start()
        anna = room.persons[0]
        room.go_away(anna)
        room.reload()
        assert anna in room.away and anna in room.table.bots
        assert room.persons[1] not in room.table.bots
    finally:
        store.close()


def test_serve_names_an_unreachable_database_in_one_line() -> None:
    """``stickspel serve`` on a database it cannot reach: one line on stderr naming the
    database without its password, no traceback, exit status 1."""
    import subprocess
    import sys

    url = "postgresql://anna:hemligt@127.0.0.1:1/stickspel"
    cmd = [sys.executable, "-c", "from stickspel.cli import main; main()", "serve"]
    done = subprocess.run(
        [*cmd, "--database", url, "--lang", "en"], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 1
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: cannot use the database ")
    assert "postgresql://anna:***@127.0.0.1:1/stickspel" in lines[0]
    assert "hemligt" not in done.stderr + done.stdout

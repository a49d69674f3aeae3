"""Where the server keeps its tables: each table's event log, one row per event
numbered from 1, and one row per table with its settings (``meta``) and a checkpoint:
its ``stickspel/1`` record after event ``version`` (the server writes one at the end
of each deal and of the game).  A table is its checkpoint and the events after it.

One store, two databases: :class:`Store` holds every statement and speaks the
standard DB-API (PEP 249); the two dialect adapters only connect, name their
placeholder, their duplicate-key error and their version, and say how a change is
announced.  :class:`SQLiteStore` is the embedded default; :class:`PostgresStore`
(``postgresql://…``, psycopg 3) also announces every change with ``NOTIFY`` so that
several server processes can serve the same tables (:mod:`stickspel.server.sync`).

Writes are serialised per table by the events' primary key ``(table_id, seq)``: an
event (and a checkpoint with it) is stored in one transaction, and a second writer
of the same ``seq`` (another process that accepted an action at the same version)
gets :class:`VersionConflict` and nothing of its write is kept.

>>> store = open_store("sqlite://:memory:")
>>> store.kind
'sqlite'
>>> store.put_table(StoredTable("t1", {"game": "plump"}, None, "2026-01-01T00:00:00Z"))
>>> store.append("t1", 0, [{"action": 52, "person": 0}], {"format": "stickspel/1"})
>>> store.append("t1", 1, [{"action": 53, "person": 1}])
>>> [(t.id, t.version, t.record) for t in store.tables()]
[('t1', 1, {'format': 'stickspel/1'})]
>>> store.append("t1", 0, [{"action": 53, "person": 1}])
Traceback (most recent call last):
...
stickspel.server.store.VersionConflict: table t1 already has event 1
>>> store.events("t1", after=1)
[(2, {'action': 53, 'person': 1})]
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import re
import sqlite3
import threading
import urllib.parse
from abc import ABC, abstractmethod
from collections.abc import AsyncIterator, Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from stickspel.core import StickspelError

if TYPE_CHECKING:
    import asyncio

_T = TypeVar("_T")  # what a transaction returns


class Committer(Protocol):
    """What queues a store's writes on the server's loop (``commits.GroupCommit``):
    named by what it offers, so the store needs nothing of the module above it."""

    loop: asyncio.AbstractEventLoop

    def append(
        self,
        table_id: str,
        since: int,
        items: Sequence[dict[str, Any]],
        record: dict[str, Any] | None = None,
        generation: int = 0,
    ) -> asyncio.Future[None]: ...

    def stop(self) -> None: ...


# the server's logger (stickspel.server.common.log): the store sits below that module
_log = logging.getLogger("stickspel.server")

__all__ = [
    "Store",
    "SQLiteStore",
    "PostgresStore",
    "StoredTable",
    "StoredSheet",
    "Change",
    "StoreError",
    "VersionConflict",
    "Write",
    "open_store",
    "default_database_url",
    "redact_url",
]

#: The ``NOTIFY`` channel of table changes.
CHANNEL = "stickspel_tables"


class StoreError(StickspelError):
    """The database cannot be used (unreachable, unknown kind): one line naming it."""


class VersionConflict(Exception):
    """Another writer stored an event of this number first: the table moved on."""


@dataclass(frozen=True)
class StoredTable:
    """One table as stored: ``meta`` is the server's settings of the table
    (game, persons, seat tokens, status), ``record`` the game up to event ``version``
    (the checkpoint; the events after it are in :meth:`Store.events`)."""

    id: str
    meta: dict[str, Any]
    record: dict[str, Any] | None
    created: str
    version: int = 0


@dataclass(frozen=True)
class Change:
    """A change announced by a store: table ``table`` is now at ``version`` (``meta``:
    its settings changed)."""

    table: str
    version: int
    meta: bool

    def payload(self) -> str:
        return json.dumps({"t": self.table, "v": self.version, "m": self.meta})

    @classmethod
    def parse(cls, payload: str) -> Change:
        d = json.loads(payload)
        return cls(str(d["t"]), int(d["v"]), bool(d.get("m")))


@dataclass(frozen=True)
class StoredSheet:
    """A score sheet kept for a game played with real cards: ``doc`` is its
    ``stickspel/1`` record (no cards), ``meta`` the tokens' hashes and its settings,
    ``version`` the number of changes made to it."""

    id: str
    meta: dict[str, Any]
    doc: dict[str, Any]
    created: str
    version: int = 0


def _sheet_of(row: tuple[Any, ...]) -> StoredSheet:
    i, m, d, v, c = row
    return StoredSheet(str(i), json.loads(m), json.loads(d), str(c), int(v))


Statement = tuple[str, tuple[Any, ...]]


@dataclass(frozen=True)
class Write:
    """Events ``since + 1 …`` of a table and, with them, its checkpoint (``record``)."""

    table_id: str
    since: int
    items: Sequence[dict[str, Any]]
    record: dict[str, Any] | None = None


def _append_statements(write: Write) -> list[Statement]:
    statements: list[Statement] = [
        (
            "INSERT INTO events (table_id, seq, item) VALUES (?, ?, ?)",
            (write.table_id, write.since + i + 1, json.dumps(item, ensure_ascii=False)),
        )
        for i, item in enumerate(write.items)
    ]
    if write.record is not None:
        version = write.since + len(write.items)
        statements.append(
            (
                "UPDATE tables SET record = ?, version = ? WHERE id = ?",
                (json.dumps(write.record, ensure_ascii=False), version, write.table_id),
            )
        )
    return statements


class Store(ABC):
    """A database of tables and their event logs behind a DB-API connection."""

    kind: str = ""
    #: The driver's placeholder for a parameter (``?`` for sqlite3, ``%s`` for psycopg).
    placeholder = "?"
    #: Whether other processes hear of this store's changes (see :meth:`changes`).
    broadcasts = False

    def __init__(self, connection: Any) -> None:
        # the connection is in autocommit mode: one statement is its own transaction
        # (one round trip), several are wrapped in BEGIN … COMMIT by _run
        self._conn = connection
        self._lock = threading.Lock()
        #: The writer thread that commits the tables' events in groups, while the
        #: server runs (:mod:`stickspel.server.commits`); ``None``: each write commits
        #: on the caller's thread.
        self.committer: Committer | None = None
        self._migrate()

    # --- the dialect ------------------------------------------------------------------
    @abstractmethod
    def server_version(self) -> str:
        """The database's own version (for ``/api/health``)."""

    @abstractmethod
    def _is_duplicate(self, error: Exception) -> bool:
        """Whether ``error`` is the driver's duplicate-key error."""

    def _announce(self, change: Change) -> Statement | None:
        """The statement that tells other processes of a change of settings when the
        transaction commits (``None``: nobody to tell).  New events are announced by
        the database itself (:meth:`_schema_extra`)."""
        return None

    def _migration_lock(self) -> Statement | None:
        """A statement that keeps two processes from migrating at once."""
        return None

    def _schema_extra(self) -> list[Statement]:
        """The dialect's own part of the schema."""
        return []

    def changes(self) -> AsyncIterator[Change | None]:
        """Other processes' changes as they are announced: ``None`` each time the
        listening (re)starts — changes may have been missed before it."""
        raise NotImplementedError(f"{self.kind} does not announce changes")

    # --- statements -------------------------------------------------------------------
    def _sql(self, text: str) -> str:
        return text.replace("?", self.placeholder)

    def _lost(self, error: Exception) -> bool:
        """Whether ``error`` says the connection to the database is gone."""
        return False

    def _reconnect(self) -> None:
        """A new connection in place of a lost one (its error if it cannot)."""
        raise NotImplementedError

    def _run(self, statements: Sequence[Statement]) -> tuple[list[tuple[Any, ...]], list[int]]:
        """Run ``statements`` in one transaction; the last one's rows and each one's
        row count.  Nothing is kept if one fails.  A lost connection (the database
        restarted) is opened again, once, and the statements run again: a write that
        did commit before the loss then meets its own event and reads as a conflict."""
        return self._once_more_if_lost(lambda: self._run_once(statements))

    def _once_more_if_lost(self, once: Callable[[], _T]) -> _T:
        """``once()``; if it lost the connection (the database restarted), the
        connection opened again and ``once()`` run a second time."""
        try:
            return once()
        except Exception as e:
            if not self._lost(e):
                raise
        with self._lock:
            self._reconnect()
        return once()

    def _run_once(self, statements: Sequence[Statement]) -> tuple[list[tuple[Any, ...]], list[int]]:
        several = len(statements) > 1
        with self._lock:
            cur = self._conn.cursor()
            try:
                if several:
                    cur.execute("BEGIN")
                counts = []
                rows: list[tuple[Any, ...]] = []
                for text, params in statements:
                    cur.execute(self._sql(text), params)
                    counts.append(cur.rowcount)
                    rows = [tuple(r) for r in cur.fetchall()] if cur.description else []
                if several:
                    cur.execute("COMMIT")
                return rows, counts
            except BaseException:
                if several:
                    with contextlib.suppress(Exception):
                        cur.execute("ROLLBACK")
                raise
            finally:
                cur.close()

    def _query(self, text: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        return self._run([(text, params)])[0]

    def _migrate(self) -> None:
        lock = self._migration_lock()
        self._run(
            [
                *([lock] if lock else []),
                (
                    "CREATE TABLE IF NOT EXISTS tables ("
                    " id TEXT PRIMARY KEY, meta TEXT NOT NULL, record TEXT,"
                    " version INTEGER NOT NULL DEFAULT 0, created TEXT NOT NULL)",
                    (),
                ),
                (
                    "CREATE TABLE IF NOT EXISTS events ("
                    " table_id TEXT NOT NULL, seq INTEGER NOT NULL, item TEXT NOT NULL,"
                    " PRIMARY KEY (table_id, seq))",
                    (),
                ),
                (
                    "CREATE TABLE IF NOT EXISTS sheets ("
                    " id TEXT PRIMARY KEY, meta TEXT NOT NULL, doc TEXT NOT NULL,"
                    " version INTEGER NOT NULL DEFAULT 0, created TEXT NOT NULL)",
                    (),
                ),
                *self._schema_extra(),
            ]
        )

    # --- tables -----------------------------------------------------------------------
    def put_table(self, table: StoredTable) -> None:
        """Insert a table or replace its settings (its record and events are kept)."""
        meta = json.dumps(table.meta, ensure_ascii=False)
        record = None if table.record is None else json.dumps(table.record, ensure_ascii=False)
        updated = [("UPDATE tables SET meta = ? WHERE id = ?", (meta, table.id))]
        inserted = [
            (
                "INSERT INTO tables (id, meta, record, version, created) VALUES (?, ?, ?, ?, ?)",
                (table.id, meta, record, table.version, table.created),
            )
        ]
        announce = self._announce(Change(table.id, table.version, True))
        tail = [announce] if announce else []
        if self._run([*updated, *tail])[1][0] == 0:
            self._run([*inserted, *tail])

    def append(
        self,
        table_id: str,
        since: int,
        items: Sequence[dict[str, Any]],
        record: dict[str, Any] | None = None,
    ) -> None:
        """Store ``items`` as events ``since + 1 …`` of ``table_id`` — and ``record``, the
        game after them, as the table's checkpoint — in one transaction.
        :class:`VersionConflict` (and nothing stored) if another writer has stored one
        of these events."""
        try:
            self._run(_append_statements(Write(table_id, since, items, record)))
        except Exception as e:
            if self._is_duplicate(e):
                raise VersionConflict(f"table {table_id} already has event {since + 1}") from None
            raise

    def append_many(self, writes: Sequence[Write]) -> list[VersionConflict | None]:
        """Store several :meth:`append` writes in one transaction: one commit (one
        ``fsync``) for all.  Each runs in a savepoint: one that meets an event another
        writer stored gets its :class:`VersionConflict` (in the list, by position) and
        is not kept; the others are, except the later writes of a table one of whose
        writes was refused (made on top of it: refused too, untried).  Any other error
        keeps none and is raised."""
        return self._once_more_if_lost(lambda: self._append_many_once(writes))

    def _append_many_once(self, writes: Sequence[Write]) -> list[VersionConflict | None]:
        results: list[VersionConflict | None] = []
        refused: set[str] = set()
        with self._lock:
            cur = self._conn.cursor()
            try:
                cur.execute("BEGIN")
                for write in writes:
                    conflict = VersionConflict(
                        f"table {write.table_id} already has event {write.since + 1}"
                    )
                    if write.table_id in refused:
                        results.append(conflict)
                        continue
                    cur.execute("SAVEPOINT one_write")
                    try:
                        for text, params in _append_statements(write):
                            cur.execute(self._sql(text), params)
                        results.append(None)
                    except Exception as e:
                        if not self._is_duplicate(e):
                            raise
                        cur.execute("ROLLBACK TO SAVEPOINT one_write")
                        results.append(conflict)
                        refused.add(write.table_id)
                    cur.execute("RELEASE SAVEPOINT one_write")
                cur.execute("COMMIT")
            except BaseException:
                with contextlib.suppress(Exception):
                    cur.execute("ROLLBACK")
                raise
            finally:
                cur.close()
        return results

    def tables(self) -> list[StoredTable]:
        """Every table, oldest first."""
        return self._rows(
            "SELECT id, meta, record, version, created FROM tables ORDER BY created, id", ()
        )

    def table(self, table_id: str) -> StoredTable | None:
        """One table, or ``None``."""
        rows = self._rows(
            "SELECT id, meta, record, version, created FROM tables WHERE id = ?", (table_id,)
        )
        return rows[0] if rows else None

    def _rows(self, text: str, params: tuple[Any, ...]) -> list[StoredTable]:
        return [
            StoredTable(str(i), json.loads(m), None if r is None else json.loads(r), str(c), int(v))
            for i, m, r, v, c in self._query(text, params)
        ]

    def events(self, table_id: str, after: int) -> list[tuple[int, dict[str, Any]]]:
        """The stored events of ``table_id`` after number ``after``: ``(seq, item)``."""
        rows = self._query(
            "SELECT seq, item FROM events WHERE table_id = ? AND seq > ? ORDER BY seq",
            (table_id, after),
        )
        return [(int(seq), json.loads(item)) for seq, item in rows]

    # --- score sheets ---------------------------------------------------------------------
    def put_sheet(self, sheet: StoredSheet) -> None:
        """Store a new score sheet (its id must be new)."""
        self._run(
            [
                (
                    "INSERT INTO sheets (id, meta, doc, version, created) VALUES (?, ?, ?, ?, ?)",
                    (
                        sheet.id,
                        json.dumps(sheet.meta, ensure_ascii=False),
                        json.dumps(sheet.doc, ensure_ascii=False),
                        sheet.version,
                        sheet.created,
                    ),
                )
            ]
        )

    def update_sheet(self, sheet_id: str, since: int, doc: dict[str, Any]) -> int:
        """Replace the record of sheet ``sheet_id`` if it is still at version ``since``;
        its new version.  One statement, so atomic; :class:`VersionConflict` (nothing
        stored) if another writer changed it first."""
        text = json.dumps(doc, ensure_ascii=False)
        counts = self._run(
            [
                (
                    "UPDATE sheets SET doc = ?, version = ? WHERE id = ? AND version = ?",
                    (text, since + 1, sheet_id, since),
                )
            ]
        )[1]
        if counts[0] != 1:
            raise VersionConflict(f"sheet {sheet_id} is no longer at version {since}")
        return since + 1

    def sheet(self, sheet_id: str) -> StoredSheet | None:
        """One score sheet, or ``None``."""
        rows = self._query(
            "SELECT id, meta, doc, version, created FROM sheets WHERE id = ?", (sheet_id,)
        )
        return _sheet_of(rows[0]) if rows else None

    def sheets(self) -> list[StoredSheet]:
        """Every score sheet, oldest first."""
        rows = self._query(
            "SELECT id, meta, doc, version, created FROM sheets ORDER BY created, id"
        )
        return [_sheet_of(r) for r in rows]

    def close(self) -> None:
        with self._lock:
            self._conn.close()


class SQLiteStore(Store):
    """The embedded default: one SQLite file (or ``:memory:``), in WAL mode.

    ``synchronous="full"`` (the default) makes each commit durable on disk before
    anyone is told (an ``fsync`` per event: on a slow disk, the whole cost of an
    action); ``"normal"`` keeps every commit through a crash or ``kill -9`` of the
    server but may lose the last ones to a power cut (``sqlite:///path?synchronous=normal``).
    """

    kind = "sqlite"

    def __init__(self, path: str | Path, synchronous: str = "full") -> None:
        if synchronous not in ("full", "normal"):
            raise StoreError("store.sqlite_synchronous", value=synchronous)
        if str(path) != ":memory:":
            keep_private(Path(path))
        try:
            conn = sqlite3.connect(str(path), check_same_thread=False, isolation_level=None)
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute(f"PRAGMA synchronous={synchronous.upper()}")
        except sqlite3.Error as e:
            raise StoreError("store.unreachable", url=f"sqlite:///{path}", reason=str(e)) from None
        super().__init__(conn)
        self.path = str(path)

    def server_version(self) -> str:
        return sqlite3.sqlite_version

    def _is_duplicate(self, error: Exception) -> bool:
        return isinstance(error, sqlite3.IntegrityError)


#: The files beside an SQLite database that hold its data too (SQLite gives them the
#: database file's mode when it makes them).
SQLITE_COMPANIONS = ("-wal", "-shm", "-journal")


def keep_private(db: Path) -> None:
    """Make the database's folder (mode 0700) and file (0600) when they are missing,
    so that no other local user can read the hands of the games in progress; log a
    warning naming each existing one that others may read (it is left as it is: its
    owner may share it on purpose)."""
    folder = db.parent
    if not folder.exists():
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    if not db.exists():
        with contextlib.suppress(FileExistsError):
            os.close(os.open(db, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600))
    paths = [folder, db, *(db.with_name(db.name + end) for end in SQLITE_COMPANIONS)]
    for path in paths:
        with contextlib.suppress(FileNotFoundError):
            mode = path.stat().st_mode & 0o777
            if mode & 0o077:
                _log.warning("readable by others", extra={"path": str(path), "mode": f"{mode:o}"})


class PostgresStore(Store):
    """PostgreSQL at ``url`` (``postgresql://user:password@host:port/database``),
    through psycopg 3; every change is announced with ``NOTIFY``."""

    kind = "postgresql"
    placeholder = "%s"
    broadcasts = True

    def __init__(self, url: str) -> None:
        self.url = url
        super().__init__(self._connect())

    def _connect(self) -> Any:
        import psycopg

        try:
            return psycopg.connect(self.url, connect_timeout=10, autocommit=True)
        except (psycopg.Error, ValueError) as e:
            raise StoreError(
                "store.unreachable", url=redact_url(self.url), reason=_reason(e)
            ) from None

    def _lost(self, error: Exception) -> bool:
        import psycopg

        return isinstance(error, psycopg.OperationalError) and bool(self._conn.closed)

    def _reconnect(self) -> None:
        self._conn = self._connect()

    def server_version(self) -> str:
        return str(self._query("SHOW server_version")[0][0])

    def _is_duplicate(self, error: Exception) -> bool:
        import psycopg

        return isinstance(error, psycopg.errors.UniqueViolation)

    def _announce(self, change: Change) -> Statement:
        return ("SELECT pg_notify(?, ?)", (CHANNEL, change.payload()))

    def _migration_lock(self) -> Statement:
        # two processes starting at once would both create the tables
        return ("SELECT pg_advisory_xact_lock(?)", (0x5715C5E1,))

    def _schema_extra(self) -> list[Statement]:
        # each new event is announced by the insert itself, delivered at commit: an
        # event is one statement, one round trip
        payload = "json_build_object('t', NEW.table_id, 'v', NEW.seq)::text"
        return [
            (
                "CREATE OR REPLACE FUNCTION stickspel_event_notify() RETURNS trigger"
                f" LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_notify('{CHANNEL}', {payload});"
                " RETURN NULL; END $$",
                (),
            ),
            ("DROP TRIGGER IF EXISTS stickspel_event_notify ON events", ()),
            (
                "CREATE TRIGGER stickspel_event_notify AFTER INSERT ON events"
                " FOR EACH ROW EXECUTE FUNCTION stickspel_event_notify()",
                (),
            ),
        ]

    async def changes(self) -> AsyncIterator[Change | None]:
        import psycopg

        own = self._conn.info.backend_pid  # this process's writes: already taken in
        async with await psycopg.AsyncConnection.connect(self.url, autocommit=True) as conn:
            await conn.execute(f"LISTEN {CHANNEL}")
            yield None
            async for note in conn.notifies():
                if note.pid != own:
                    yield Change.parse(note.payload)


def _reason(error: BaseException) -> str:
    """The first line of a driver's error (they run to several lines)."""
    lines = [line.strip() for line in str(error).splitlines() if line.strip()]
    return lines[0] if lines else type(error).__name__


def redact_url(url: str) -> str:
    """``url`` without its password (for messages and logs).

    >>> redact_url("postgresql://anna:hemligt@db.example:5432/stickspel")
    'postgresql://anna:***@db.example:5432/stickspel'
    >>> redact_url("postgresql://db/stickspel?password=hemligt&sslmode=require")
    'postgresql://db/stickspel?password=***&sslmode=require'
    """
    url = re.sub(r"(://[^/@:]*):[^/@]*@", r"\1:***@", url)
    return re.sub(r"(?i)(password=)[^&\s]*", r"\1***", url)


def default_database_url() -> str:
    """``$STICKSPEL_DATABASE``, else ``sqlite:///<data folder>/stickspel.sqlite3``: the
    folder is ``$STICKSPEL_DATA`` or ``./stickspel-data``."""
    if os.environ.get("STICKSPEL_DATABASE"):
        return os.environ["STICKSPEL_DATABASE"]
    folder = Path(os.environ.get("STICKSPEL_DATA") or "stickspel-data")
    return f"sqlite:///{folder / 'stickspel.sqlite3'}"


def open_store(url: str | None = None) -> Store:
    """The store at ``url``: ``postgresql://…`` (or ``postgres://…``),
    ``sqlite:///relative/or/absolute/path`` (``?synchronous=normal`` for commits that
    survive a crash of the server but not of the machine), ``sqlite://:memory:``, or a
    plain file path; ``None`` for ``$STICKSPEL_DATABASE`` or the default data folder.
    :class:`StoreError` when it cannot be opened."""
    url = url or default_database_url()
    if url.startswith("sqlite://"):
        rest, _, query = url[len("sqlite://") :].partition("?")
        path = ":memory:" if rest in (":memory:", "/:memory:") else rest[1:] or rest
        options = dict(urllib.parse.parse_qsl(query))
        return SQLiteStore(path, options.get("synchronous", "full").lower())
    if url.startswith(("postgresql://", "postgres://")):
        return PostgresStore(url)
    if "://" in url:
        raise StoreError("store.unknown_kind", url=redact_url(url))
    return SQLiteStore(url)

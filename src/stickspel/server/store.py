"""Where the server keeps its tables: one row per table, its settings (``meta``)
and its ``stickspel/1`` record, written after every accepted event.

The store speaks the standard DB-API (PEP 249) so that another database can
sit behind the same small interface: :class:`SQLiteStore` is the embedded
default; a PostgreSQL store is a subclass with its driver, its placeholder
style and its ``kind``.

>>> store = open_store("sqlite://:memory:")
>>> store.kind
'sqlite'
>>> store.put_table(StoredTable("t1", {"game": "plump"}, None, "2026-01-01T00:00:00Z"))
>>> store.save_record("t1", 3, {"format": "stickspel/1"})
>>> [(t.id, t.version, t.record) for t in store.tables()]
[('t1', 3, {'format': 'stickspel/1'})]
"""

from __future__ import annotations

import json
import os
import sqlite3
import threading
from abc import ABC, abstractmethod
from dataclasses import dataclass
from pathlib import Path
from typing import Any

__all__ = ["Store", "SQLiteStore", "StoredTable", "open_store", "default_database_url"]


@dataclass(frozen=True)
class StoredTable:
    """One table as stored: ``meta`` is the server's settings of the table
    (game, persons, seat tokens, status), ``record`` the game so far."""

    id: str
    meta: dict[str, Any]
    record: dict[str, Any] | None
    created: str
    version: int = 0


class Store(ABC):
    """A database of tables behind a DB-API connection."""

    kind: str = ""
    #: The driver's placeholder for a parameter (``?`` for sqlite3, ``%s`` for psycopg).
    placeholder = "?"

    def __init__(self, connection: Any) -> None:
        self._conn = connection
        self._lock = threading.Lock()
        self._migrate()

    def _sql(self, text: str) -> str:
        return text.replace("?", self.placeholder)

    def _execute(self, text: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        with self._lock:
            cur = self._conn.cursor()
            try:
                cur.execute(self._sql(text), params)
                rows = cur.fetchall() if cur.description is not None else []
                self._conn.commit()
                return [tuple(r) for r in rows]
            except Exception:
                self._conn.rollback()
                raise
            finally:
                cur.close()

    def _migrate(self) -> None:
        self._execute(
            "CREATE TABLE IF NOT EXISTS tables ("
            " id TEXT PRIMARY KEY, meta TEXT NOT NULL, record TEXT,"
            " version INTEGER NOT NULL DEFAULT 0, created TEXT NOT NULL)"
        )

    @abstractmethod
    def server_version(self) -> str:
        """The database's own version (for ``/api/health``)."""

    def put_table(self, table: StoredTable) -> None:
        """Insert a table or replace its settings (its record is kept)."""
        meta = json.dumps(table.meta, ensure_ascii=False)
        if self._execute("SELECT id FROM tables WHERE id = ?", (table.id,)):
            self._execute("UPDATE tables SET meta = ? WHERE id = ?", (meta, table.id))
            return
        record = None if table.record is None else json.dumps(table.record, ensure_ascii=False)
        self._execute(
            "INSERT INTO tables (id, meta, record, version, created) VALUES (?, ?, ?, ?, ?)",
            (table.id, meta, record, table.version, table.created),
        )

    def save_record(self, table_id: str, version: int, record: dict[str, Any]) -> None:
        """Save the game of ``table_id`` as it is after event ``version``."""
        self._execute(
            "UPDATE tables SET record = ?, version = ? WHERE id = ?",
            (json.dumps(record, ensure_ascii=False), version, table_id),
        )

    def tables(self) -> list[StoredTable]:
        """Every table, oldest first."""
        rows = self._execute(
            "SELECT id, meta, record, version, created FROM tables ORDER BY created, id"
        )
        return [
            StoredTable(str(i), json.loads(m), None if r is None else json.loads(r), str(c), int(v))
            for i, m, r, v, c in rows
        ]

    def close(self) -> None:
        with self._lock:
            self._conn.close()


class SQLiteStore(Store):
    """The embedded default: one SQLite file (or ``:memory:``)."""

    kind = "sqlite"

    def __init__(self, path: str | Path) -> None:
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        conn = sqlite3.connect(str(path), check_same_thread=False)
        conn.execute("PRAGMA journal_mode=WAL")
        super().__init__(conn)
        self.path = str(path)

    def server_version(self) -> str:
        return sqlite3.sqlite_version


def default_database_url() -> str:
    """``sqlite:///<data folder>/stickspel.sqlite3``: the folder is ``$STICKSPEL_DATA``
    or ``./stickspel-data``."""
    folder = Path(os.environ.get("STICKSPEL_DATA") or "stickspel-data")
    return f"sqlite:///{folder / 'stickspel.sqlite3'}"


def open_store(url: str | None = None) -> Store:
    """The store at ``url``: ``sqlite:///relative/or/absolute/path``, ``sqlite://:memory:``,
    or a plain file path; ``None`` for the default data folder."""
    url = url or default_database_url()
    if url.startswith("sqlite://"):
        rest = url[len("sqlite://") :]
        return SQLiteStore(":memory:" if rest in (":memory:", "/:memory:") else rest[1:] or rest)
    if "://" in url:
        scheme = url.partition("://")[0]
        raise ValueError(f"no store for {scheme!r} databases yet; use sqlite:///path")
    return SQLiteStore(url)

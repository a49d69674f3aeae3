"""Group commit: the tables' events are written off the event loop, many to a commit.

A table's new event is handed to :class:`GroupCommit` (:meth:`GroupCommit.append`),
which answers with a future; one writer thread takes every write queued by the time
it is free and stores them in one transaction (:meth:`Store.append_many`): one
commit, one ``fsync``, for all the actions of that moment, on SQLite and PostgreSQL
alike.  While other tables write often enough that waiting gathers more (PostgreSQL's
``commit_delay`` and ``commit_siblings`` in a form of their own), a commit begins no
sooner than :data:`COMMIT_SPACING` after the last one began: a busy server's writes
share a commit (at 230 actions a second, about five a commit instead of one), while a
quiet one commits each write at once: one table's next action waits for this one's
answer, so waiting would gather nothing.  The future is settled on the event loop
once the commit is durable, and only then is anyone told of the event (the room
sends nothing past its last durable event,
:attr:`~stickspel.server.rooms.Room.durable`) or the action acknowledged.

A write that meets an event another process stored first gets
:class:`~stickspel.server.store.VersionConflict`; the table's later writes of the same
generation (made on top of the refused one) get it too, without being tried, until
the room rebuilds the table from the store and starts a new generation.

>>> import asyncio
>>> from stickspel.server.store import StoredTable, open_store
>>> store = open_store("sqlite://:memory:")
>>> store.put_table(StoredTable("t1", {}, None, "2026-01-01T00:00:00Z"))
>>> async def main() -> list[object]:
...     committer = GroupCommit(store, asyncio.get_running_loop())
...     writes = [committer.append("t1", n, [{"action": 52, "person": 0}]) for n in (0, 1, 0)]
...     done = await asyncio.gather(*writes, return_exceptions=True)
...     committer.stop()
...     return [type(d).__name__ for d in done]
>>> asyncio.run(main())
['NoneType', 'NoneType', 'VersionConflict']
>>> store.events("t1", after=0)
[(1, {'action': 52, 'person': 0}), (2, {'action': 52, 'person': 0})]
"""

from __future__ import annotations

import asyncio
import logging
import queue
import threading
import time
from collections import Counter, deque
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from stickspel.server.store import Store, VersionConflict, Write

__all__ = ["GroupCommit", "MAX_BATCH", "COMMIT_SPACING"]

log = logging.getLogger("stickspel.server")

#: The most writes one transaction takes (a bound on one commit's time).
MAX_BATCH = 1000

#: Seconds from the start of one commit to the earliest start of the next.  A commit's
#: cost is mostly its own (the ``fsync``, the thread's wake-up, the loop's): sharing
#: it is what makes an action cheaper, for a few milliseconds more of latency at load
#: (benchmarks/RESULTS.md, 2026-12-05).
COMMIT_SPACING = 0.02


@dataclass
class _Pending:
    write: Write
    generation: int
    future: asyncio.Future[None] = field(repr=False)


class GroupCommit:
    """The writer thread of a store, started with it (:meth:`stop` ends it)."""

    def __init__(
        self, store: Store, loop: asyncio.AbstractEventLoop, spacing: float = COMMIT_SPACING
    ) -> None:
        self.store = store
        self.loop = loop
        self.spacing = spacing
        self._queue: queue.SimpleQueue[_Pending | None] = queue.SimpleQueue()
        self._failed: set[tuple[str, int]] = set()  # (table, generation): refused
        self._thread = threading.Thread(target=self._run, name="stickspel-commits", daemon=True)
        self._thread.start()
        #: Transactions committed and writes stored in them (the groups' mean size).
        self.commits = 0
        self.writes = 0

    def append(
        self,
        table_id: str,
        since: int,
        items: Sequence[dict[str, Any]],
        record: dict[str, Any] | None = None,
        generation: int = 0,
    ) -> asyncio.Future[None]:
        """Queue a :meth:`Store.append`; its future, settled on the loop once it is
        durable (or with its :class:`VersionConflict` or error)."""
        future: asyncio.Future[None] = self.loop.create_future()
        pending = _Pending(Write(table_id, since, items, record), generation, future)
        self._queue.put(pending)
        return future

    def stop(self) -> None:
        """Store what is queued, then end the thread."""
        self._queue.put(None)
        self._thread.join(30)

    def _run(self) -> None:
        began = -self.spacing  # the last commit's start (monotonic)
        recent = _Recent()
        while True:
            first = self._queue.get()
            if first is None:
                return
            now = time.monotonic()
            if recent.others(now, first.write.table_id) * self.spacing >= 1:
                if (wait := began + self.spacing - now) > 0:
                    time.sleep(wait)  # the writes of the next few milliseconds join it
            began = time.monotonic()
            batch = [first]
            stop = False
            while len(batch) < MAX_BATCH:
                try:
                    more = self._queue.get_nowait()
                except queue.Empty:
                    break
                if more is None:
                    stop = True
                    break
                batch.append(more)
            self._write(batch)
            recent.add(began, [p.write.table_id for p in batch])
            if stop:
                return

    def _write(self, batch: list[_Pending]) -> None:
        outcome: list[BaseException | None] = []
        tried = [p for p in batch if (p.write.table_id, p.generation) not in self._failed]
        try:
            results: Sequence[BaseException | None] = self.store.append_many(
                [p.write for p in tried]
            )
            self.commits += 1
            self.writes += sum(r is None for r in results)
        except Exception as e:  # the database refused the whole transaction
            log.error("events not stored", extra={"error": type(e).__name__, "writes": len(tried)})
            results = [e] * len(tried)
        by_write = {id(p): r for p, r in zip(tried, results, strict=True)}
        for p in batch:
            key = (p.write.table_id, p.generation)
            if id(p) in by_write:
                result = by_write[id(p)]
            else:  # made on top of a write that was refused
                result = VersionConflict(f"table {key[0]} moved on")
            if result is not None:
                self._failed.add(key)
            outcome.append(result)
        self.loop.call_soon_threadsafe(_settle, batch, outcome)


class _Recent:
    """The writes of the last second, by table."""

    def __init__(self) -> None:
        self._writes: deque[tuple[float, str]] = deque()
        self._by_table: Counter[str] = Counter()

    def add(self, now: float, tables: list[str]) -> None:
        for table in tables:
            self._writes.append((now, table))
            self._by_table[table] += 1

    def others(self, now: float, table: str) -> int:
        """The writes of the last second of tables other than ``table``."""
        writes, by_table = self._writes, self._by_table
        while writes and writes[0][0] < now - 1.0:
            _, old = writes.popleft()
            by_table[old] -= 1
            if not by_table[old]:
                del by_table[old]
        return len(writes) - by_table.get(table, 0)


def _settle(batch: list[_Pending], outcome: list[BaseException | None]) -> None:
    """On the loop: the futures, in the order of the writes (a table's rooms see its
    events settled in order)."""
    for p, result in zip(batch, outcome, strict=True):
        if p.future.done():
            continue
        if result is None:
            p.future.set_result(None)
        else:
            p.future.set_exception(result)

"""Group commit: the events are written by one thread, many to a transaction, and
nobody hears of an event (no ack, no event message) before its commit is durable."""

from __future__ import annotations

import asyncio
import threading
from typing import Any

import pytest
from server_helpers import Running, play_out

from stickspel.client import Client, create_table
from stickspel.server.commits import GroupCommit
from stickspel.server.store import StoredTable, VersionConflict, Write, open_store

pytestmark = pytest.mark.databases


def test_append_many_keeps_the_writes_that_fit(database: str) -> None:
    """A write that meets a stored event is refused and not kept, and so are the later
    writes of its table in the same transaction; the other tables' writes are kept."""
    store = open_store(database)
    try:
        for t in ("a", "b"):
            store.put_table(StoredTable(t, {}, None, "2026"))
        store.append("a", 0, [{"action": 1, "person": 0}])
        results = store.append_many(
            [
                Write("b", 0, [{"action": 5, "person": 0}]),
                Write("a", 0, [{"action": 2, "person": 1}]),  # event 1 is there
                Write("a", 1, [{"action": 3, "person": 1}], {"r": 1}),  # made on top of it
                Write("b", 1, [{"action": 6, "person": 1}], {"r": 2}),
            ]
        )
        assert [type(r).__name__ for r in results] == [
            "NoneType",
            "VersionConflict",
            "VersionConflict",
            "NoneType",
        ]
        assert store.events("a", after=0) == [(1, {"action": 1, "person": 0})]
        assert [seq for seq, _ in store.events("b", after=0)] == [1, 2]
        assert [(t.id, t.version, t.record) for t in store.tables()] == [
            ("a", 0, None),
            ("b", 2, {"r": 2}),
        ]
    finally:
        store.close()


def test_writes_of_one_moment_share_a_commit(database: str) -> None:
    store = open_store(database)
    try:
        tables = [f"t{i}" for i in range(40)]
        for t in tables:
            store.put_table(StoredTable(t, {}, None, "2026"))

        async def main() -> GroupCommit:
            committer = GroupCommit(store, asyncio.get_running_loop())
            writes = [committer.append(t, 0, [{"action": 1, "person": 0}]) for t in tables]
            await asyncio.gather(*writes)
            # a refused write refuses the later ones of its table and generation, untried
            refused = committer.append("t0", 0, [{"action": 2, "person": 0}])
            later = committer.append("t0", 1, [{"action": 3, "person": 0}])
            for write in (refused, later):
                with pytest.raises(VersionConflict):
                    await write
            # the table rebuilt (a new generation): its writes are tried again
            await committer.append("t0", 1, [{"action": 4, "person": 0}], generation=1)
            committer.stop()
            return committer

        committer = asyncio.run(main())
        assert committer.writes == 41
        assert committer.commits < 10  # 41 writes: a few transactions, not 41
        assert [a for _, a in store.events("t0", after=0)] == [
            {"action": 1, "person": 0},
            {"action": 4, "person": 0},
        ]
    finally:
        store.close()


def test_nobody_hears_of_an_event_before_it_is_stored(live: Running) -> None:
    """Every event a client is sent, and every ack, is already in the store: the
    store's writes are recorded as they commit, and each message checked against them."""
    store = live.app.state.store
    committed: set[int] = set()
    lock = threading.Lock()
    write_many = store.append_many

    def recording(writes: Any) -> Any:
        results = write_many(writes)
        with lock:  # the transaction has committed: these events are durable
            for w, r in zip(writes, results, strict=True):
                if r is None:
                    committed.update(w.since + 1 + i for i in range(len(w.items)))
        return results

    store.append_many = recording
    try:
        seats = [{"name": "A"}, {"name": "B"}, {"name": "Bot", "bot": "heuristic"}]
        made = create_table(live.url, rules="plump(players=3,max_cards=3)", seats=seats)
        clients = [Client(live.url, made["id"], s["token"]) for s in made["seats"][:2]]
        try:
            play_out(clients)
            for c in clients:
                for f in c.frames:
                    seq = f.get("seq") if f["type"] in ("event", "ack") else None
                    if seq is not None:
                        assert seq in committed, f
                    if f["type"] in ("state", "delta"):
                        assert f["version"] == 0 or f["version"] in committed, f
        finally:
            for c in clients:
                c.close()
        assert committed  # the writes went through the group commit
    finally:
        store.append_many = write_many

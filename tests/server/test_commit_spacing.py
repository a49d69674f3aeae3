"""Commit spacing: while many tables write, a commit waits for the writes of the next
few milliseconds (fewer commits, each holding several writes); one table acting alone
is committed at once (its next action waits for this one's answer)."""

from __future__ import annotations

import asyncio
import random
import time

from stickspel.server.commits import COMMIT_SPACING, GroupCommit
from stickspel.server.store import StoredTable, open_store


async def _drive(tables: int, seconds: float) -> tuple[int, int, float]:
    """Each table writes an event, waits for it to be durable, and again, for
    ``seconds``; the commits, the writes and the slowest wait for one write."""
    store = open_store("sqlite://:memory:")
    for t in range(tables):
        store.put_table(StoredTable(f"t{t}", {}, None, "2026"))
    committer = GroupCommit(store, asyncio.get_running_loop())
    slowest = 0.0
    end = time.monotonic() + seconds

    async def table(t: int) -> None:
        nonlocal slowest
        seq, rng = 0, random.Random(t)
        while time.monotonic() < end:
            began = time.monotonic()
            await committer.append(f"t{t}", seq, [{"action": 52, "person": 0}])
            slowest = max(slowest, time.monotonic() - began)
            seq += 1
            await asyncio.sleep(rng.uniform(0.04, 0.1))  # ~14 writes a second a table, spread

    await asyncio.gather(*(table(t) for t in range(tables)))
    await asyncio.to_thread(committer.stop)
    return committer.commits, committer.writes, slowest


def test_a_busy_server_shares_commits() -> None:
    commits, writes, slowest = asyncio.run(_drive(tables=40, seconds=2.0))
    assert writes > 500  # about 500 writes a second from 40 tables
    assert writes / commits >= 4  # without the spacing: fewer than two a commit
    assert slowest < COMMIT_SPACING + 0.5  # a write waits one spacing, not more


def test_one_table_alone_is_committed_at_once() -> None:
    commits, writes, slowest = asyncio.run(_drive(tables=1, seconds=1.0))
    assert commits == writes  # every write its own commit: nothing waited
    assert writes >= 10

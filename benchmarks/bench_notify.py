"""What one ``NOTIFY`` costs a server process that hears it: the listener's CPU per
change announced, for a table the process does not serve (it hears it and leaves it);
and how long one durable commit of PostgreSQL takes on this machine.

Run by hand (a throwaway PostgreSQL cluster on loopback, ``stickspel.server.devdb``)::

    .venv/bin/python benchmarks/bench_notify.py [--changes 20000] [--rate 2000]

This process listens as a server does (``Store.changes`` into ``Rooms.follow``, on
an empty set of rooms); a second process announces ``--changes`` changes of random
tables at about ``--rate`` a second (``pg_notify``, as a commit announces one).  The
figure: this process's CPU time (user + system) from the first change heard to the
last, divided by the changes heard.  In a deployment every process hears every
table's changes, so this cost times the events a second of the whole deployment is
a share of each process's core (``benchmarks/sim_scale.py --notify``).  Before it,
``--commits`` one-row transactions are committed one after another (``fsync`` on, as
the benchmarks' clusters run): their median and p99 time, ``sim_scale.py --commit``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import subprocess
import sys
import time

from stickspel.server.devdb import Cluster
from stickspel.server.rooms import Rooms
from stickspel.server.store import open_store

#: The announcing process: ``changes`` pg_notify calls, paced to ``rate`` a second.
ANNOUNCER = """
import secrets, sys, time, psycopg
from stickspel.server.store import CHANNEL, Change
url, changes, rate = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
with psycopg.connect(url, autocommit=True) as conn:
    start = time.perf_counter()
    for n in range(changes):
        change = Change(secrets.token_hex(5), n + 1, False)
        conn.execute("SELECT pg_notify(%s, %s)", (CHANNEL, change.payload()))
        ahead = start + (n + 1) / rate - time.perf_counter()
        if ahead > 0:
            time.sleep(ahead)
"""


async def listen(url: str, changes: int, rate: float) -> dict[str, float]:
    store = open_store(url)
    rooms = Rooms(store)
    heard = 0
    cpu0 = wall0 = 0.0
    announcer: subprocess.Popen[bytes] | None = None
    async for change in store.changes():
        if change is None:  # listening: start announcing
            cmd = [sys.executable, "-c", ANNOUNCER, url, str(changes), str(rate)]
            announcer = subprocess.Popen(cmd)
            continue
        if heard == 0:
            cpu0, wall0 = time.process_time(), time.perf_counter()
        rooms.follow(change)
        heard += 1
        if heard == changes:
            break
    cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0
    if announcer is not None:
        announcer.wait(30)
    return {
        "changes": heard,
        "seconds": round(wall, 2),
        "per_s": round(heard / wall, 1),
        "listener_cpu_ms_per_change": round(cpu * 1000 / max(heard - 1, 1), 4),
    }


def commit_times(url: str, commits: int) -> dict[str, float]:
    """Median and p99 ms of ``commits`` one-row commits, one after another."""
    import psycopg

    times = []
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("CREATE TABLE bench_commit (n integer)")
        for n in range(commits):
            start = time.perf_counter()
            conn.execute("INSERT INTO bench_commit VALUES (%s)", (n,))
            times.append((time.perf_counter() - start) * 1000)
    times.sort()
    return {
        "commit_ms_p50": round(times[len(times) // 2], 2),
        "commit_ms_p99": round(times[int(len(times) * 0.99)], 2),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--changes", type=int, default=20000)
    ap.add_argument("--rate", type=float, default=2000.0)
    ap.add_argument("--commits", type=int, default=500)
    args = ap.parse_args()
    cluster = Cluster.start(fsync=True)
    try:
        url = cluster.create_database()
        out = commit_times(url, args.commits)
        print(json.dumps({**out, **asyncio.run(listen(url, args.changes, args.rate))}))
    finally:
        cluster.stop()


if __name__ == "__main__":
    main()

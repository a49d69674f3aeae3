"""Server load: N tables of four bot clients over real websockets, full games.

Run by hand (loopback only, never in CI), bounded by ``--seconds`` per setup::

    .venv/bin/python benchmarks/bench_server.py --tables 250 --seconds 20 [--think 1.0]
        [--setups sqlite:1,postgresql:1,postgresql:2] [--json]

Each setup starts its own database (a fresh SQLite file; a throwaway PostgreSQL
cluster on loopback, ``stickspel.server.devdb``, with ``fsync`` on so that both
databases commit durably; ``--relaxed``: commits that survive a crash of the server
but not of the machine, SQLite ``synchronous=normal`` and PostgreSQL
``synchronous_commit=off``) and ``P`` ``stickspel serve`` processes (``--bot-delay 0``;
no bots on the server: all four seats are clients).  Then ``--tables`` tables of
the children's Plump preset are created over REST (``stickspel.client.create_table``)
and each seat connects with ``stickspel.client.AsyncClient`` — seat ``i`` of table
``t`` to process ``(t + i) mod P``, so with two processes every table spans both and
its events travel through ``LISTEN/NOTIFY``.  A seat whose turn it is waits its
think time (uniform in ``[0, 2 × --think]``; 0: at once) and plays a random legal
action; a table whose game is over is replaced by a new one.

The first tables are created without starting, all connected, then all started
at once; measured from that moment, for ``--seconds``:

- actions/s: actions acknowledged by the server;
- latency: for every action, from the moment its client sent it to the moment
  each of the table's four connections received its ``event`` (one sample per
  connection): p50, p99, max;
- games finished, refusals (should be 0);
- server CPU per action: the server processes' CPU time (user + system, from
  ``/proc``) over the measured time, divided by the actions; their RSS at the end;
  the load generator's own CPU time (this process) beside it.

``--base-src PATH`` (a second checkout's ``src``, e.g. ``git worktree add
/tmp/base <commit>``) runs every setup twice, alternating: the servers from that
tree (``base``), then from this one (``new``); the clients are this tree's in
both (they speak either protocol), so the two are measured in the same window.

The reference printed with each ratio is the first setup (SQLite, one process),
measured in the same run.  The clients run in this one asyncio process, on the
same cores as the servers and the database: on a 2-core machine shared with
other work the figures are a floor, and the load generator's own CPU is part of
what is measured.

Why not locust (the project's load-test tool): locust's users are gevent
greenlets, each timing its own request/response pairs; this workload's unit is a
table of four connections whose latency is from one connection's send to the
*other* connections' receipt of the broadcast, which needs the four seats of a
table in one scheduler sharing one clock and one table state.  A plain asyncio
driver over the project's own protocol client does that in ~200 lines, with no
gevent monkey-patching of the websockets library the client is built on.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from stickspel.client import AsyncClient, create_table, request
from stickspel.server.devdb import Cluster

SEATS = [{"name": "A"}, {"name": "B"}, {"name": "C"}, {"name": "D"}]


@dataclass
class Tally:
    """What the clients saw, shared by every table of a setup."""

    sent: dict[tuple[str, int], float] = field(default_factory=dict)  # (table, seq) → sent at
    latencies: list[float] = field(default_factory=list)
    acks: int = 0
    refusals: int = 0
    games: int = 0
    measuring_since: float | None = None
    ready: int = 0


#: ``stickspel serve`` under cProfile: uvicorn stops on SIGTERM and raises it again
#: with the handler it found, here one that exits through the ``finally`` that writes.
PROFILED = """
import cProfile, signal, sys
from stickspel.cli import main
signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
profile = cProfile.Profile()
profile.enable()
try:
    main()
finally:
    profile.disable()
    profile.dump_stats({out!r})
"""


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def spawn(
    database: str,
    folder: Path,
    n: int,
    src: str | None = None,
    profile: str | None = None,
    deflate: bool | None = None,
) -> tuple[list[str], list[subprocess.Popen[bytes]]]:
    """``n`` ``stickspel serve`` processes on ``database`` (``src``: import stickspel
    from that tree instead; ``profile``: a folder for each one's cProfile); their base
    URLs."""
    urls, procs = [], []
    env = dict(os.environ)
    if src is not None:
        env["PYTHONPATH"] = src
    if deflate is not None:  # permessage-deflate on or off (the default: off)
        env["STICKSPEL_WS_DEFLATE"] = "1" if deflate else "0"
    for i in range(n):
        port = _free_port()
        cmd = [sys.executable, "-c", "from stickspel.cli import main; main()", "serve"]
        if profile:  # cProfile of the server's main thread (its event loop), written at exit
            out = Path(profile) / f"server{i}-{time.strftime('%H%M%S')}.prof"
            cmd[2] = PROFILED.format(out=str(out))
        cmd += ["--port", str(port), "--database", database, "--bot-delay", "0"]
        log = (folder / f"server{i}.log").open("ab")
        procs.append(subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, env=env))
        urls.append(f"http://127.0.0.1:{port}")
    for url, proc in zip(urls, procs, strict=True):
        end = time.monotonic() + 30
        while True:
            try:
                if request(url, "GET", "/api/health")[0] == 200:
                    break
            except OSError:
                pass
            if proc.poll() is not None or time.monotonic() > end:
                raise RuntimeError(f"a server did not start (see {folder})")
            time.sleep(0.1)
    return urls, procs


def wait_warm(folder: Path, n: int, seconds: float = 90.0) -> None:
    """Until each of the ``n`` servers has compiled (or loaded) its search kernels: that
    warm-up runs in a thread of the server at start, and its CPU is not the actions'."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        logs = [(folder / f"server{i}.log").read_text(errors="replace") for i in range(n)]
        if all("search kernels ready" in text or "warming" in text for text in logs):
            return
        time.sleep(0.2)


async def seat(
    client: AsyncClient, table: str, tally: Tally, think: float, rng: random.Random
) -> None:
    """One bot client: random legal actions on its turn, until the game is over."""
    acted = -1
    while True:
        msg = await client.recv()
        kind = msg["type"]
        now = time.perf_counter()
        if kind == "event":
            at = tally.sent.get((table, msg["seq"]))
            if at is not None and tally.measuring_since is not None:
                tally.latencies.append(now - at)
        elif kind == "ack":
            if tally.measuring_since is not None:
                tally.acks += 1
        elif kind == "error":
            tally.refusals += 1
        elif kind == "state":
            if msg["terminal"]:
                return
            if msg["legal"] and msg["version"] > acted:
                acted = msg["version"]
                if think > 0:
                    await asyncio.sleep(rng.uniform(0, 2 * think))
                # this action's event is the next one of the table (no bots on the server)
                tally.sent[(table, msg["version"] + 1)] = time.perf_counter()
                await client.act(rng.choice(msg["legal"])["action"], msg["version"])


async def table_loop(
    t: int, urls: list[str], args: argparse.Namespace, tally: Tally, go: asyncio.Event
) -> None:
    """Table ``t``: create, connect four seats, play to the end; again until the end of
    the run (cancelled).  The first table waits (not started) until every first table
    is connected, so that the measured load is the full load."""
    rng = random.Random(t)
    first = True
    home = urls[t % len(urls)]
    while True:
        made = await asyncio.to_thread(
            create_table, home, rules=args.rules, seats=SEATS, start=not first
        )
        clients = [
            await AsyncClient.open(urls[(t + i) % len(urls)], made["id"], s["token"])
            for i, s in enumerate(made["seats"])
        ]
        try:
            if first:
                first = False
                tally.ready += 1
                await go.wait()
                path = f"/api/tables/{made['id']}/start"
                await asyncio.to_thread(request, home, "POST", path, {"token": made["host_token"]})
            await asyncio.gather(*(seat(c, made["id"], tally, args.think, rng) for c in clients))
            if tally.measuring_since is not None:
                tally.games += 1
        finally:
            for c in clients:
                await c.close()
            for key in [k for k in tally.sent if k[0] == made["id"]]:
                del tally.sent[key]


def cpu_seconds(pids: list[int]) -> float:
    """User + system CPU time of the processes so far (Linux ``/proc``)."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for pid in pids:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        total += (int(fields[11]) + int(fields[12])) / ticks  # utime, stime
    return total


def rss_mb(pids: list[int]) -> float:
    """Resident memory of the processes now, MB."""
    total = 0
    for pid in pids:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                total += int(line.split()[1])
    return total / 1024


async def drive(
    urls: list[str], args: argparse.Namespace, pids: list[int]
) -> tuple[Tally, float, dict[str, float]]:
    tally = Tally()
    rss_start = rss_mb(pids)
    go = asyncio.Event()
    tasks = [asyncio.create_task(table_loop(t, urls, args, tally, go)) for t in range(args.tables)]
    setup_deadline = time.perf_counter() + args.setup_seconds
    while tally.ready < args.tables:
        failed = [t for t in tasks if t.done()]
        if failed:
            failed[0].result()
        if time.perf_counter() > setup_deadline:
            raise RuntimeError(f"only {tally.ready} of {args.tables} tables connected in time")
        await asyncio.sleep(0.05)
    rss_idle = rss_mb(pids)
    cpu0, own0 = cpu_seconds(pids), time.process_time()
    tally.measuring_since = time.perf_counter()
    go.set()
    await asyncio.sleep(args.seconds)
    measured = time.perf_counter() - tally.measuring_since
    tally.measuring_since = None
    cpu = {
        "server_cpu_s": cpu_seconds(pids) - cpu0,
        "client_cpu_s": time.process_time() - own0,
        "rss_mb": rss_mb(pids),
        "rss_connected_mb": rss_idle,
        "rss_start_mb": rss_start,
    }
    failed = [t for t in tasks if t.done() and not t.cancelled() and t.exception()]
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    if failed:
        raise RuntimeError(f"a table failed: {failed[0].exception()!r}")
    return tally, measured, cpu


def run_setup(
    kind: str, processes: int, args: argparse.Namespace, src: str | None = None, label: str = ""
) -> dict[str, Any]:
    folder = Path(tempfile.mkdtemp(prefix="stickspel-bench-", dir=args.tmp))
    cluster = None
    procs: list[subprocess.Popen[bytes]] = []
    try:
        if kind == "postgresql":
            cluster = Cluster.start(args.tmp, fsync=True)
            database = cluster.create_database()
            if args.relaxed:
                database += "?options=-c%20synchronous_commit%3Doff"
        else:
            database = f"sqlite:///{folder / 'stickspel.sqlite3'}"
            if args.relaxed:
                database += "?synchronous=normal"
        urls, procs = spawn(database, folder, processes, src, args.profile, args.deflate)
        wait_warm(folder, processes)
        tally, measured, cpu = asyncio.run(drive(urls, args, [p.pid for p in procs]))
    finally:
        for p in procs:
            p.terminate()
        for p in procs:
            try:
                p.wait(20)
            except subprocess.TimeoutExpired:
                p.kill()
        if cluster is not None:
            cluster.stop()
        shutil.rmtree(folder, ignore_errors=True)
    lat = sorted(tally.latencies)
    ms = [x * 1000 for x in lat]
    acks = max(tally.acks, 1)
    return {
        "code": label,
        "database": kind,
        "processes": processes,
        "tables": args.tables,
        "connections": 4 * args.tables,
        "seconds": round(measured, 1),
        "actions_per_s": round(tally.acks / measured, 1),
        "games": tally.games,
        "refusals": tally.refusals,
        "samples": len(ms),
        "p50_ms": round(statistics.median(ms), 1) if ms else None,
        "p99_ms": round(ms[min(len(ms) - 1, int(len(ms) * 0.99))], 1) if ms else None,
        "max_ms": round(ms[-1], 1) if ms else None,
        "server_cpu_ms_per_action": round(cpu["server_cpu_s"] * 1000 / acks, 2),
        "server_cpu_share": round(cpu["server_cpu_s"] / measured / processes, 2),
        "client_cpu_ms_per_action": round(cpu["client_cpu_s"] * 1000 / acks, 2),
        "rss_mb": round(cpu["rss_mb"], 1),
        "rss_connected_mb": round(cpu["rss_connected_mb"], 1),
        # the servers' growth from start to every table created and connected, idle
        "rss_kb_per_connection": round(
            (cpu["rss_connected_mb"] - cpu["rss_start_mb"]) * 1024 / (4 * args.tables), 1
        ),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tables", type=int, default=50)
    ap.add_argument("--seconds", type=float, default=15.0, help="measured time per setup")
    ap.add_argument("--setup-seconds", type=float, default=120.0, help="limit for connecting")
    ap.add_argument("--think", type=float, default=0.0, help="mean seconds a seat thinks")
    ap.add_argument("--rules", default="plump(children)")
    ap.add_argument("--setups", default="sqlite:1,postgresql:1,postgresql:2")
    ap.add_argument("--tmp", default=None, help="folder for the databases (default: $TMPDIR)")
    ap.add_argument(
        "--relaxed",
        action="store_true",
        help="commits that survive a crash of the server, not of the machine "
        "(SQLite synchronous=normal, PostgreSQL synchronous_commit=off)",
    )
    ap.add_argument(
        "--base-src",
        default=None,
        help="another checkout's src: every setup runs with its servers too (alternating)",
    )
    ap.add_argument(
        "--deflate",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="the servers compress each frame (permessage-deflate) or not (the default)",
    )
    ap.add_argument("--profile", default=None, help="a folder: cProfile each server there")
    ap.add_argument("--repeat", type=int, default=1, help="runs of each setup (alternating)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))  # the servers inherit it
    setups = [(k, int(n)) for k, _, n in (s.partition(":") for s in args.setups.split(","))]
    codes: list[tuple[str, str | None]] = [("new", None)]
    if args.base_src:
        codes = [("base", args.base_src), ("new", None)]
    results = [
        run_setup(kind, n, args, src, label)
        for _ in range(args.repeat)
        for kind, n in setups
        for label, src in codes
    ]
    ref = results[0]
    for r in results:
        if ref["actions_per_s"] and r["actions_per_s"] is not None:
            r["actions_ratio_to_first"] = round(r["actions_per_s"] / ref["actions_per_s"], 2)
    info = {
        "machine": f"{platform.machine()}, {os.cpu_count()} cores (shared), {platform.python_version()}",
        "think_s": args.think,
        "commits": "relaxed" if args.relaxed else "durable",
        "rules": args.rules,
        "results": results,
    }
    if args.json:
        print(json.dumps(info, indent=2))
        return
    print(f"{info['machine']}; think {args.think} s; {info['commits']} commits; {args.rules}")
    head = (
        "setup            tables  conns  actions/s  ×first  p50 ms  p99 ms  max ms  games  refused"
        "  cpu ms/act  busy  client ms/act  RSS MB  KB/conn"
    )
    print(head)
    for r in results:
        name = f"{r['code'] + ' ' if r['code'] else ''}{r['database']}×{r['processes']}"
        print(
            f"{name:<16} {r['tables']:>6} {r['connections']:>6} {r['actions_per_s']:>10}"
            f" {r.get('actions_ratio_to_first', ''):>7} {r['p50_ms']!s:>7} {r['p99_ms']!s:>7}"
            f" {r['max_ms']!s:>7} {r['games']:>6} {r['refusals']:>8}"
            f" {r['server_cpu_ms_per_action']:>11} {r['server_cpu_share']:>5}"
            f" {r['client_cpu_ms_per_action']:>14} {r['rss_mb']:>7}"
            f" {r['rss_kb_per_connection']:>8}"
        )


if __name__ == "__main__":
    main()

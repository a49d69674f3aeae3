"""The server's cost per action as browsers' traffic drives it: a load driver written
from ``docs/protocol.md`` alone, in a process of its own.

Run by hand (loopback only, never in CI)::

    .venv/bin/python benchmarks/bench_load.py --tables 250 --warmup 15 --seconds 60
        [--protocol 1|2] [--think 1.0] [--server "CMD … {port} …"] [--json]

The server is started as ``make serve`` starts it (``stickspel serve``; the default
database: SQLite in a fresh data folder, durable commits; one process), or by
``--server``, a command with ``{port}`` (and ``{data}``, the fresh folder) in it.  It
is not timed until its search kernels are warm (a thread of its own at start);
``--cold``: a fresh kernel cache (a fresh clone's first ``make serve``) and no wait
but for ``/api/health``, as a driver that knows only the documents sees it.

The driver speaks to it as the documents say a client does, with nothing taken from
the project's own client:

- each table is created as the lobby creates it (``POST /api/tables`` with ``game``,
  ``preset`` ``children`` and four people, started at once), and a new one replaces
  each table whose game is over;
- each seat is its own websocket (the ``websockets`` library's ``connect`` with every
  default: its keepalive ping every 20 s, permessage-deflate offered, 16 frames
  queued), and says ``hello`` with ``"protocol": 2`` (``--protocol 1``: whole states)
  and no ``ui``;
- a seat whose turn it is thinks uniform in ``[0, 2 × --think]`` seconds (a table
  acts about once every ``--think`` seconds) and plays a random legal action; it
  applies each ``delta`` to the state it holds, asks ``sync`` when one does not fit.

Measured over ``--seconds`` after ``--warmup`` (every table connected and playing):

- actions/s: ``ack`` s received;
- latency: for every action, from its send to the moment the *last* of the table's
  three other seats has its ``event`` (one sample per action): p50, p99, max;
- server CPU per action: the server process's user + system time (``/proc``, every
  thread) over the window, divided by the actions; the driver's own CPU beside it
  (its share of a core: if it nears 1.0 the driver, not the server, is the limit);
- frames per action each way, counted by the driver (the keepalive's pings and pongs
  are not frames the driver sees: 1,000 sockets ping every 20 s each way, 100 pings
  and 100 pongs a second).

``--profile DIR`` runs the server under cProfile (its event loop's thread), written
at exit.  ``uptime``'s load averages are printed before and after: on a shared
machine a figure is only as good as the load it was measured at.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import shlex
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import websockets
from bench_server import PROFILED  # the server under cProfile: a harness, not a client
from websockets.asyncio.client import ClientConnection

NAMES = ["Anna", "Björn", "Cissi", "David"]


@dataclass
class Tally:
    """What the seats saw; counted only while :attr:`measuring`."""

    measuring: bool = False
    acks: int = 0
    refusals: int = 0
    syncs: int = 0
    games: int = 0
    frames_in: int = 0
    frames_out: int = 0
    latencies: list[float] = field(default_factory=list)


@dataclass
class Pending:
    """An action sent: when, and the other seats that have not had its event."""

    sent: float
    waiting: set[int]


def apply_delta(state: dict[str, Any], delta: dict[str, Any]) -> dict[str, Any]:
    """docs/protocol.md, "Deltas": set, then patch, then drop, then the version."""
    new = {**state, **delta.get("set", {})}
    for key, part in delta.get("patch", {}).items():
        new[key] = {**new[key], **part}
    for key, gone in delta.get("drop", {}).items():
        new[key] = {k: v for k, v in new[key].items() if k not in gone}
    new["version"] = delta["version"]
    return new


class Seat:
    """One person's websocket at one table."""

    def __init__(self, game: Game, index: int, ws: ClientConnection) -> None:
        self.game, self.index, self.ws = game, index, ws
        self.state: dict[str, Any] | None = None
        self.acted = -1

    async def run(self) -> None:
        """Read until the game is over (or the socket closes)."""
        async for frame in self.ws:
            self.game.tally.frames_in += self.game.tally.measuring
            got = json.loads(frame)
            for msg in got if isinstance(got, list) else [got]:
                await self.take(msg)
            if self.state is not None and self.state["terminal"]:
                return
            self.maybe_act()

    async def take(self, msg: dict[str, Any]) -> None:
        kind, tally = msg["type"], self.game.tally
        if kind == "event":
            self.game.seen(msg["seq"], self.index)
        elif kind == "state":
            self.state = msg
        elif kind == "delta":
            if self.state is not None and msg["from"] == self.state["version"]:
                self.state = apply_delta(self.state, msg)
            else:  # a delta that does not fit: the whole state again
                tally.syncs += 1
                await self.send({"type": "sync"})
        elif kind == "ack":
            tally.acks += tally.measuring
        elif kind == "error":
            tally.refusals += tally.measuring

    def maybe_act(self) -> None:
        state = self.state
        if state is None or not state["legal"] or state["version"] <= self.acted:
            return
        self.acted = state["version"]
        delay = self.game.rng.uniform(0, 2 * self.game.think)
        self.game.later.add(asyncio.get_running_loop().call_later(delay, self._act, state))

    def _act(self, state: dict[str, Any]) -> None:
        if self.state is not state:  # the table moved on meanwhile
            return
        action = self.game.rng.choice(state["legal"])["action"]
        self.game.sent(state["version"] + 1, self.index)
        msg = {"type": "act", "action": action, "version": state["version"], "id": "a"}
        task = asyncio.get_running_loop().create_task(self.send(msg))
        self.game.later.add(task)
        task.add_done_callback(self.game.later.discard)

    async def send(self, msg: dict[str, Any]) -> None:
        self.game.tally.frames_out += self.game.tally.measuring
        await self.ws.send(json.dumps(msg))


class Game:
    """One table's game: its four seats and the actions waiting for their events."""

    def __init__(self, tally: Tally, think: float, rng: random.Random) -> None:
        self.tally, self.think, self.rng = tally, think, rng
        self.pending: dict[int, Pending] = {}
        self.later: set[Any] = set()

    def sent(self, seq: int, by: int) -> None:
        self.pending[seq] = Pending(time.perf_counter(), {0, 1, 2, 3} - {by})

    def seen(self, seq: int, index: int) -> None:
        pending = self.pending.get(seq)
        if pending is None:
            return
        pending.waiting.discard(index)
        if not pending.waiting:
            del self.pending[seq]
            if self.tally.measuring:
                self.tally.latencies.append(time.perf_counter() - pending.sent)


def post(base: str, path: str, body: dict[str, Any]) -> dict[str, Any]:
    req = urllib.request.Request(
        base + path, json.dumps(body).encode(), {"content-type": "application/json"}
    )
    with urllib.request.urlopen(req, timeout=60) as answer:
        return json.loads(answer.read())  # type: ignore[no-any-return]


async def open_seat(base: str, table: dict[str, Any], i: int, args: Any) -> ClientConnection:
    ws = await websockets.connect(f"ws{base[4:]}/ws/tables/{table['id']}")
    hello: dict[str, Any] = {"type": "hello", "token": table["seats"][i]["token"], "lang": "sv"}
    if args.protocol == 2:
        hello["protocol"] = 2
    await ws.send(json.dumps(hello))
    welcome = json.loads(await ws.recv())
    if welcome.get("type") != "welcome" or welcome["person"] != i:
        raise RuntimeError(f"no welcome: {welcome}")
    return ws


async def table_loop(t: int, base: str, args: Any, tally: Tally, ready: list[int]) -> None:
    """Table ``t``: a game after another, until cancelled."""
    rng = random.Random(t)
    first = True
    while True:
        body = {"game": "plump", "preset": "children", "seats": [{"name": n} for n in NAMES]}
        made = await asyncio.to_thread(post, base, "/api/tables", body)
        sockets = [await open_seat(base, made, i, args) for i in range(4)]
        game = Game(tally, args.think, rng)
        if first:
            ready.append(t)
            first = False
        try:
            await asyncio.gather(*(Seat(game, i, ws).run() for i, ws in enumerate(sockets)))
            tally.games += tally.measuring
        finally:
            for handle in list(game.later):
                handle.cancel()
            for ws in sockets:
                await ws.close()


def cpu_seconds(pid: int) -> tuple[float, float]:
    """User and system CPU time of a process and its children (a server's workers),
    every thread, Linux ``/proc``."""
    user = system = 0.0
    ticks = os.sysconf("SC_CLK_TCK")
    for each in [pid, *children(pid)]:
        with contextlib.suppress(OSError):
            fields = Path(f"/proc/{each}/stat").read_text().rsplit(")", 1)[1].split()
            user += int(fields[11]) / ticks
            system += int(fields[12]) / ticks
    return user, system


def children(pid: int) -> list[int]:
    """The processes below ``pid``, at any depth."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError, IndexError):
                parents[int(entry.name)] = int(
                    (entry / "stat").read_text().rsplit(")", 1)[1].split()[1]
                )
    found, todo = [], [pid]
    while todo:
        above = todo.pop()
        below = [p for p, parent in parents.items() if parent == above]
        found += below
        todo += below
    return found


def load() -> str:
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


async def drive(base: str, pid: int, args: Any) -> dict[str, Any]:
    tally, ready = Tally(), list[int]()
    tasks = [
        asyncio.create_task(table_loop(t, base, args, tally, ready)) for t in range(args.tables)
    ]
    t0 = time.perf_counter()
    while len(ready) < args.tables:
        if done := [t for t in tasks if t.done()]:
            done[0].result()
        await asyncio.sleep(0.1)
    setup_s = time.perf_counter() - t0
    await asyncio.sleep(args.warmup)
    load_before = load()
    cpu0, own0, t1 = cpu_seconds(pid), time.process_time(), time.perf_counter()
    tally.measuring = True
    await asyncio.sleep(args.seconds)
    tally.measuring = False
    measured = time.perf_counter() - t1
    (user1, sys1), own_cpu = cpu_seconds(pid), time.process_time() - own0
    server_cpu, server_sys = user1 + sys1 - sum(cpu0), sys1 - cpu0[1]
    failed = [t for t in tasks if t.done() and not t.cancelled() and t.exception()]
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    if failed:
        raise RuntimeError(f"a table failed: {failed[0].exception()!r}")
    ms = sorted(x * 1000 for x in tally.latencies)
    acks = max(tally.acks, 1)
    return {
        "tables": args.tables,
        "sockets": 4 * args.tables,
        "protocol": args.protocol,
        "setup_s": round(setup_s, 1),
        "seconds": round(measured, 1),
        "actions_per_s": round(tally.acks / measured, 1),
        "games": tally.games,
        "refusals": tally.refusals,
        "syncs": tally.syncs,
        "samples": len(ms),
        "p50_ms": round(statistics.median(ms), 1) if ms else None,
        "p99_ms": round(ms[min(len(ms) - 1, int(len(ms) * 0.99))], 1) if ms else None,
        "max_ms": round(ms[-1], 1) if ms else None,
        "server_cpu_ms_per_action": round(server_cpu * 1000 / acks, 3),
        "server_sys_ms_per_action": round(server_sys * 1000 / acks, 3),
        "server_busy": round(server_cpu / measured, 2),
        "driver_cpu_ms_per_action": round(own_cpu * 1000 / acks, 3),
        "driver_busy": round(own_cpu / measured, 2),
        "frames_in_per_action": round(tally.frames_in / acks, 2),
        "frames_out_per_action": round(tally.frames_out / acks, 2),
        "load_before": load_before,
        "load_after": load(),
    }


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(args: Any, folder: Path) -> tuple[str, subprocess.Popen[bytes]]:
    """The server as ``make serve`` runs it (or ``--server``), once it answers and its
    search kernels are warm; its base URL and process."""
    port = free_port()
    if args.server:
        cmd = shlex.split(args.server.format(port=port, data=folder))
    else:
        cmd = [sys.executable, "-c", "from stickspel.cli import main; main()", "serve"]
        if args.profile:
            out = Path(args.profile) / f"server-p{args.protocol}-{time.strftime('%H%M%S')}.prof"
            cmd[2] = PROFILED.format(out=str(out))
        cmd += ["--port", str(port)]
    env = {**os.environ, "STICKSPEL_DATA": str(folder)}
    if args.cold:  # numba compiles the kernels again, in the server's warm-up thread
        env["NUMBA_CACHE_DIR"] = str(folder / "numba-cache")
    env.pop("STICKSPEL_DATABASE", None)
    log = (folder / "server.log").open("ab")
    proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, env=env)
    base = f"http://127.0.0.1:{port}"
    end = time.monotonic() + 120
    while time.monotonic() < end and proc.poll() is None:
        text = (folder / "server.log").read_text(errors="replace")
        if args.server or args.cold or "search kernels ready" in text or "warming" in text:
            try:
                with urllib.request.urlopen(base + "/api/health", timeout=5) as answer:
                    if answer.status == 200:
                        return base, proc
            except OSError:
                pass
        time.sleep(0.2)
    proc.kill()
    raise RuntimeError(f"the server did not start: {folder / 'server.log'}")


def stop(proc: subprocess.Popen[bytes]) -> None:
    proc.send_signal(signal.SIGTERM)
    try:
        proc.wait(30)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tables", type=int, default=250)
    ap.add_argument("--seconds", type=float, default=60.0, help="the measured window")
    ap.add_argument("--warmup", type=float, default=15.0, help="played before it")
    ap.add_argument("--think", type=float, default=1.0, help="a table's mean seconds an action")
    ap.add_argument("--protocol", type=int, choices=(1, 2), default=2)
    ap.add_argument("--server", default=None, help="the server's command, with {port}")
    ap.add_argument("--cold", action="store_true", help="a fresh kernel cache, no wait for it")
    ap.add_argument("--profile", default=None, help="a folder: cProfile the server there")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))  # the server inherits it
    with tempfile.TemporaryDirectory(prefix="stickspel-load-") as tmp:
        base, proc = start_server(args, Path(tmp))
        try:
            result = asyncio.run(drive(base, proc.pid, args))
        finally:
            stop(proc)
    result["server"] = args.server or "stickspel serve (SQLite, durable, one process)"
    result["kernels"] = "cold, not waited for" if args.cold else "warm before the warm-up"
    if args.json:
        print(json.dumps(result))
        return
    for key, value in result.items():
        print(f"{key:>26}  {value}")


if __name__ == "__main__":
    main()

"""The floor of a websocket stack under the table's traffic: what a server that does
nothing but pass frames spends per action.

Run by hand (not in CI)::

    PYTHONPATH=src .venv/bin/python benchmarks/bench_ws_floor.py [--tables 250]
        [--seconds 30] [--warmup 5] [--stacks asgi,fastapi,websockets] [--bytes 400]

Each stack serves ``/t/<table>``: the sockets of one table are a group, and a text
frame from one of them is answered by one frame of ``--bytes`` bytes to each of the
group's sockets (an action's event and delta to four seats, the actor's ack riding
in its frame, as the table's server sends them).  No rules, no store, no JSON: what
is measured is the socket path alone.  The stacks:

- ``asgi``: a bare ASGI app under uvicorn (``websockets-sansio``, as ``stickspel
  serve`` runs it), calling the ASGI ``receive``/``send`` directly;
- ``fastapi``: a FastAPI websocket route under the same uvicorn, reading and sending
  through Starlette's ``WebSocket`` in a sender task per socket, as the table's
  websocket does (``stickspel.server.ws``);
- ``websockets``: the ``websockets`` library's own asyncio server, no ASGI.

The driver is the load benchmark's: one socket a seat, a table acting about once a
second (a seat thinks uniform 0–2 s), in a process of its own.  The server's CPU
(user + system, ``/proc``) over the window, divided by the actions.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import subprocess
import sys
import time
from collections import defaultdict
from typing import Any

# at the module's top: FastAPI reads the route's annotations (strings here) from it
from fastapi import FastAPI, WebSocket, WebSocketDisconnect

CLK = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def _payload(size: int) -> str:
    return json.dumps({"type": "delta", "pad": "x" * max(0, size - 30)})


# ---------------------------------------------------------------- the servers


def serve_asgi(port: int, size: int) -> None:
    import uvicorn

    groups: dict[str, list[Any]] = defaultdict(list)
    text = _payload(size)

    async def app(scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "websocket":
            return
        group = groups[scope["path"]]
        await receive()  # connect
        await send({"type": "websocket.accept"})
        group.append(send)
        try:
            while True:
                msg = await receive()
                if msg["type"] == "websocket.disconnect":
                    return
                for peer in list(group):
                    await peer({"type": "websocket.send", "text": text})
        finally:
            group.remove(send)

    uvicorn.run(app, port=port, log_level="warning", ws="websockets-sansio", lifespan="off")


def serve_fastapi(port: int, size: int) -> None:
    import uvicorn

    groups: dict[str, list[asyncio.Queue[str]]] = defaultdict(list)
    text = _payload(size)
    app = FastAPI()

    async def sender(ws: WebSocket, queue: asyncio.Queue[str]) -> None:
        while True:
            await ws.send_text(await queue.get())

    @app.websocket("/t/{table}")
    async def play(ws: WebSocket, table: str) -> None:
        await ws.accept()
        queue: asyncio.Queue[str] = asyncio.Queue()
        group = groups[table]
        group.append(queue)
        task = asyncio.create_task(sender(ws, queue))
        try:
            while True:
                msg = await ws.receive()
                if msg["type"] == "websocket.disconnect":
                    raise WebSocketDisconnect()
                for peer in group:
                    peer.put_nowait(text)
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            group.remove(queue)
            task.cancel()

    uvicorn.run(app, port=port, log_level="warning", ws="websockets-sansio", lifespan="off")


def serve_websockets(port: int, size: int) -> None:
    from websockets.asyncio.server import ServerConnection, serve

    groups: dict[str, list[ServerConnection]] = defaultdict(list)
    text = _payload(size)

    async def handler(ws: ServerConnection) -> None:
        group = groups[ws.request.path if ws.request else ""]
        group.append(ws)
        try:
            async for _ in ws:
                for peer in list(group):
                    await peer.send(text)
        finally:
            group.remove(ws)

    async def main() -> None:
        async with serve(handler, "127.0.0.1", port, compression=None, max_queue=None):
            await asyncio.Future()

    asyncio.run(main())


SERVERS = {"asgi": serve_asgi, "fastapi": serve_fastapi, "websockets": serve_websockets}


# ---------------------------------------------------------------- the driver


class Count:
    measuring = False
    actions = 0


async def _table(url: str, count: Count, stop: float) -> None:
    from websockets.asyncio.client import connect

    seats = [await connect(url, compression=None) for _ in range(4)]
    try:
        while time.monotonic() < stop:
            await asyncio.sleep(random.uniform(0.0, 2.0))
            await random.choice(seats).send('{"type":"act"}')
            for s in seats:
                await s.recv()
            if count.measuring:
                count.actions += 1
    finally:
        for s in seats:
            await s.close()


def _cpu(pid: int) -> tuple[float, float]:
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return int(fields[11]) / CLK, int(fields[12]) / CLK


async def _drive(port: int, pid: int, tables: int, warmup: float, seconds: float) -> dict[str, Any]:
    count = Count()
    stop = time.monotonic() + warmup + seconds + 60
    tasks = [
        asyncio.create_task(_table(f"ws://127.0.0.1:{port}/t/{i}", count, stop))
        for i in range(tables)
    ]
    await asyncio.sleep(warmup)
    user0, sys0 = _cpu(pid)
    count.measuring = True
    await asyncio.sleep(seconds)
    count.measuring = False
    user1, sys1 = _cpu(pid)
    for t in tasks:
        t.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    n = max(count.actions, 1)
    return {
        "actions_per_s": round(count.actions / seconds, 1),
        "server_cpu_ms_per_action": round(1e3 * (user1 - user0 + sys1 - sys0) / n, 3),
        "server_sys_ms_per_action": round(1e3 * (sys1 - sys0) / n, 3),
    }


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def measure(stack: str, args: argparse.Namespace) -> dict[str, Any]:
    port = _free_port()
    cmd = [sys.executable, __file__, "--serve", stack, "--port", str(port)]
    proc = subprocess.Popen(cmd + ["--bytes", str(args.bytes)])
    try:
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                time.sleep(0.1)
        figure = asyncio.run(_drive(port, proc.pid, args.tables, args.warmup, args.seconds))
    finally:
        proc.terminate()
        proc.wait(10)
    return {"stack": stack, **figure, "load": os.getloadavg()[0]}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tables", type=int, default=250)
    ap.add_argument("--seconds", type=float, default=30.0)
    ap.add_argument("--warmup", type=float, default=5.0)
    ap.add_argument("--bytes", type=int, default=400, help="a frame's size")
    ap.add_argument("--stacks", default="asgi,fastapi,websockets")
    ap.add_argument("--serve", default=None, help=argparse.SUPPRESS)
    ap.add_argument("--port", type=int, default=0, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.serve:
        SERVERS[args.serve](args.port, args.bytes)
        return
    for stack in args.stacks.split(","):
        print(json.dumps(measure(stack, args)), flush=True)


if __name__ == "__main__":
    main()

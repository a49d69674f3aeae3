"""A real uvicorn server on 127.0.0.1 with a free port, in a thread of the test process
(the fixture ``live`` is in this folder's conftest), or ``stickspel serve`` in a process
of its own (:func:`spawn_server`), and a driver that plays a game through clients."""

from __future__ import annotations

import logging
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import uvicorn
from fastapi import FastAPI

from stickspel.client import Client, ServerError, request
from stickspel.server.app import create_app
from stickspel.server.store import open_store
from stickspel.server.wsguard import PING_INTERVAL_SECONDS, PING_TIMEOUT_SECONDS, WS_MAX_SIZE

PLUMP = "plump(players=3,max_cards=2)"
SEATS = [{"name": "Anna"}, {"name": "Björn"}, {"name": "Bot", "bot": "heuristic"}]


class ErrorLog(logging.Handler):
    """Every log record at ERROR or above (an exception in the app is one)."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Running:
    url: str
    app: FastAPI
    server: uvicorn.Server
    thread: threading.Thread

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(10)
        assert not self.thread.is_alive(), "the server did not stop"
        self.app.state.store.close()


def start_server(
    db: Path | str,
    bot_delay: float = 0.0,
    port: int | None = None,
    allowed_origins: tuple[str, ...] = (),
    ping: tuple[float, float] = (PING_INTERVAL_SECONDS, PING_TIMEOUT_SECONDS),
    trick_pause: float = 0.2,
    send_buffer: int | None = None,
    deal_pause: float = 0.0,
) -> Running:
    """A server over the database at ``db`` (a URL, or an SQLite file), on ``port``,
    else a free one (a restart keeps its port); with uvicorn's settings of ``stickspel serve``
    (``ping``: the keepalive's interval and timeout, shorter where a test waits for it; a
    short trick pause: the tests that need the real one ask for it; ``send_buffer``: the
    kernel's send buffer of each connection, in bytes, for tests of slow readers; no deal
    summary on the pages unless ``deal_pause`` asks for one)."""
    app = create_app(
        open_store(str(db)),
        bot_delay=bot_delay,
        trick_pause=trick_pause,
        allowed_origins=allowed_origins,
        deal_pause=deal_pause,
    )
    port = port or free_port()
    config = uvicorn.Config(
        app,
        host="127.0.0.1",
        port=port,
        log_level="warning",
        ws="websockets-sansio",
        ws_max_size=WS_MAX_SIZE,
        ws_ping_interval=ping[0],
        ws_ping_timeout=ping[1],
        ws_per_message_deflate=False,
    )
    server = uvicorn.Server(config)
    sockets = None
    if send_buffer is not None:  # set on the listening socket: its connections inherit it
        listening = socket.socket()
        listening.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, send_buffer)
        listening.bind(("127.0.0.1", port))
        sockets = [listening]
    thread = threading.Thread(target=server.run, kwargs={"sockets": sockets}, daemon=True)
    thread.start()
    end = time.monotonic() + 10
    while not server.started:
        if time.monotonic() > end or not thread.is_alive():
            raise RuntimeError("the server did not start")
        time.sleep(0.01)
    return Running(f"http://127.0.0.1:{port}", app, server, thread)


def play_out(
    clients: list[Client], limit: int = 500, until: Callable[[], bool] | None = None
) -> int:
    """Let whichever client is to act play its first legal action, until the end (or
    until ``until()`` holds, checked when every client knows the latest version);
    the number of actions the clients played."""
    played = 0
    for _ in range(limit):
        for c in clients:
            c.drain()
        if all(c.state["terminal"] for c in clients):
            return played
        if until is not None and until():
            return played
        actor = next((c for c in clients if c.state["legal"]), None)
        if actor is None:  # someone has not heard of the latest version yet, or a bot moves
            top = max(c.state["version"] for c in clients)
            for c in clients:
                c.sync(top)
            if not any(c.state["legal"] or c.state["terminal"] for c in clients):
                clients[0].wait_for(lambda m: m["type"] == "state")  # the bot's move
            continue
        seen = actor.state["version"]
        try:
            ack = actor.act(actor.state["legal"][0]["action"])
        except ServerError as refused:
            # the actor's state was behind (its latest state still on the way, or a
            # move timer played for it): wait for the newer state and look again
            if refused.code != "stale_version":
                raise
            actor.sync(seen + 1)
            continue
        played += 1
        for c in clients:
            c.sync(ack["version"])
    raise AssertionError("the game did not end")


@dataclass
class Process:
    """``stickspel serve`` in a process of its own (what ``kill -9`` can hit)."""

    url: str
    proc: subprocess.Popen[str]
    log: Path

    def kill(self) -> None:
        """``kill -9``: no shutdown, no goodbye."""
        self.proc.kill()
        self.proc.wait(10)

    def stop(self) -> str:
        """Stop (SIGTERM) and return what it logged."""
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(20)
            except subprocess.TimeoutExpired:
                self.kill()
        return self.log.read_text()


def spawn_server(database: str, log: Path, bot_delay: float = 0.0) -> Process:
    """``stickspel serve --database …`` on a free port; returns once it answers."""
    port = free_port()
    cmd = [sys.executable, "-c", "from stickspel.cli import main; main()", "serve"]
    cmd += ["--port", str(port), "--database", database, "--bot-delay", str(bot_delay)]
    with log.open("a") as out:
        # the logs (stderr) only: stdout has the one plain line for people
        proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=out, text=True)
    running = Process(f"http://127.0.0.1:{port}", proc, log)
    end = time.monotonic() + 30
    while True:
        try:
            if request(running.url, "GET", "/api/health")[0] == 200:
                return running
        except OSError:
            pass
        if proc.poll() is not None or time.monotonic() > end:
            running.stop()
            raise RuntimeError(f"the server did not start: {log.read_text()[-2000:]}")
        time.sleep(0.1)

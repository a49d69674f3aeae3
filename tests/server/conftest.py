"""A real uvicorn server on 127.0.0.1 with a free port, in a thread of the test process."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
import uvicorn
from fastapi import FastAPI

from stickspel.server.app import create_app
from stickspel.server.store import SQLiteStore


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


def start_server(db: Path) -> Running:
    app = create_app(SQLiteStore(db))
    port = free_port()
    config = uvicorn.Config(
        app, host="127.0.0.1", port=port, log_level="warning", ws="websockets-sansio"
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    end = time.monotonic() + 10
    while not server.started:
        if time.monotonic() > end or not thread.is_alive():
            raise RuntimeError("the server did not start")
        time.sleep(0.01)
    return Running(f"http://127.0.0.1:{port}", app, server, thread)


@pytest.fixture
def live(tmp_path: Path) -> Iterator[Running]:
    running = start_server(tmp_path / "db.sqlite3")
    yield running
    running.stop()

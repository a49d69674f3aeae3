"""``live``: a real server for one test, on a fresh database."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from server_helpers import Running, start_server


@pytest.fixture
def live(tmp_path: Path) -> Iterator[Running]:
    running = start_server(tmp_path / "db.sqlite3")
    yield running
    running.stop()

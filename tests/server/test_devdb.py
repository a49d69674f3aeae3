"""``python -m stickspel.server.devdb``: the throwaway PostgreSQL cluster stops when
its process is stopped, and ``stop FOLDER`` ends one whose process was killed."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from stickspel.server.devdb import find_binaries

pytestmark = pytest.mark.skipif(
    find_binaries() is None, reason="PostgreSQL is not installed (no initdb/pg_ctl)"
)

DEVDB = [sys.executable, "-m", "stickspel.server.devdb"]


def _start() -> tuple[subprocess.Popen[str], str, Path]:
    """A devdb process, the URL it printed and the cluster's folder."""
    proc = subprocess.Popen(DEVDB, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert proc.stdout is not None and proc.stderr is not None
    url = proc.stdout.readline().strip()
    told = proc.stderr.readline().strip()
    assert url.startswith("postgresql://stickspel@127.0.0.1:"), told
    folder = Path(told.split("cluster in ", 1)[1].split(":", 1)[0])
    assert told.endswith(f"python -m stickspel.server.devdb stop {folder}")
    return proc, url, folder


def _answers(url: str) -> bool:
    import psycopg

    try:
        with psycopg.connect(url, connect_timeout=5) as conn:
            return conn.execute("SELECT 1").fetchone() == (1,)
    except psycopg.OperationalError:
        return False


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGHUP, signal.SIGINT])
def test_stopping_the_process_stops_the_cluster(sig: signal.Signals) -> None:
    proc, url, folder = _start()
    assert _answers(url) and folder.is_dir()
    proc.send_signal(sig)
    assert proc.wait(60) == 0
    assert not _answers(url) and not folder.exists()


def test_stop_ends_the_cluster_of_a_killed_process(tmp_path: Path) -> None:
    proc, url, folder = _start()
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(30)
    assert _answers(url), "kill -9 leaves PostgreSQL running"
    done = subprocess.run([*DEVDB, "stop", str(folder)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert not _answers(url) and not folder.exists()
    # a folder that is no cluster of devdb's is left alone, with one line saying why
    other = tmp_path / "data"
    other.mkdir()
    refused = subprocess.run([*DEVDB, "stop", str(tmp_path)], capture_output=True, text=True)
    assert refused.returncode == 2 and other.is_dir()
    assert refused.stderr.strip().splitlines() == [
        f"error: {tmp_path}: not a folder of python -m stickspel.server.devdb"
    ]

"""A throwaway PostgreSQL cluster on loopback, for the tests, the load benchmark and
trying the server with PostgreSQL without setting one up.

It runs the installed PostgreSQL's ``initdb`` and ``pg_ctl`` on a fresh folder and a
free port (trust authentication, loopback only).  PostgreSQL refuses to run as root:
as root the cluster runs as the ``postgres`` user (``runuser``).  ``fsync`` is off —
the cluster is thrown away; the tests kill the *server* process, never PostgreSQL
(the load benchmark turns it on: its figures are for durable commits).

    python -m stickspel.server.devdb      # starts one, prints its URL, stops on Ctrl-C
"""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path

__all__ = ["Cluster", "find_binaries"]


def find_binaries() -> Path | None:
    """The folder of ``initdb`` and ``pg_ctl`` (the newest Debian PostgreSQL, else PATH)."""
    folders = sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=_major, reverse=True)
    for folder in folders:
        if (Path(folder) / "initdb").exists() and (Path(folder) / "pg_ctl").exists():
            return Path(folder)
    initdb = shutil.which("initdb")
    if initdb and shutil.which("pg_ctl"):
        return Path(initdb).parent
    return None


def _major(folder: str) -> int:
    version = Path(folder).parent.name
    return int(version) if version.isdigit() else 0


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Cluster:
    """A running cluster: :meth:`url` of a database in it, :meth:`create_database`,
    :meth:`stop` (which removes its folder)."""

    user = "stickspel"

    def __init__(self, binaries: Path, folder: Path, port: int) -> None:
        self.binaries = binaries
        self.folder = folder
        self.port = port
        self._databases = 0

    @classmethod
    def start(cls, parent: str | None = None, *, fsync: bool = False) -> Cluster:
        """Initialise and start a cluster in a new folder under ``parent`` (default: the
        system's temporary folder).  ``RuntimeError`` with PostgreSQL's words on failure."""
        binaries = find_binaries()
        if binaries is None:
            raise RuntimeError("no PostgreSQL binaries (initdb, pg_ctl) found")
        folder = Path(tempfile.mkdtemp(prefix="stickspel-pg-", dir=parent))
        data = folder / "data"
        if os.geteuid() == 0:  # PostgreSQL will not run as root
            shutil.chown(folder, "postgres", "postgres")
        cluster = cls(binaries, folder, _free_port())
        try:
            cluster._run("initdb", "-D", str(data), "-A", "trust", "-U", cls.user, "-E", "UTF8")
            options = (
                f"-p {cluster.port} -k {folder} -c listen_addresses=127.0.0.1"
                f" -c fsync={'on' if fsync else 'off'} -c max_connections=300"
            )
            log = str(folder / "postgres.log")
            cluster._run("pg_ctl", "-D", str(data), "-o", options, "-l", log, "-w", "start")
        except RuntimeError:
            shutil.rmtree(folder, ignore_errors=True)
            raise
        return cluster

    def _run(self, program: str, *args: str) -> None:
        command = [str(self.binaries / program), *args]
        if os.geteuid() == 0:
            command = ["runuser", "-u", "postgres", "--", *command]
        done = subprocess.run(command, capture_output=True, text=True, timeout=120)
        if done.returncode != 0:
            tail = (done.stderr or done.stdout).strip().splitlines()[-3:]
            raise RuntimeError(f"{program} failed: {' / '.join(tail)}")

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://{self.user}@127.0.0.1:{self.port}/{database}"

    def create_database(self) -> str:
        """A new empty database; its URL."""
        import psycopg

        self._databases += 1
        name = f"t{self._databases}_{os.getpid()}"
        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)

    def stop(self) -> None:
        with contextlib.suppress(RuntimeError, subprocess.TimeoutExpired):
            self._run("pg_ctl", "-D", str(self.folder / "data"), "-m", "immediate", "stop")
        shutil.rmtree(self.folder, ignore_errors=True)


def main() -> None:
    cluster = Cluster.start()
    print(cluster.create_database(), flush=True)
    try:
        while True:
            time.sleep(3600)
    except KeyboardInterrupt:
        pass
    finally:
        cluster.stop()


if __name__ == "__main__":
    main()

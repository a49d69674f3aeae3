"""A throwaway PostgreSQL cluster on loopback, for the tests, the load benchmark and
trying the server with PostgreSQL without setting one up.

It runs the installed PostgreSQL's ``initdb`` and ``pg_ctl`` on a fresh folder and a
free port (trust authentication, loopback only).  PostgreSQL refuses to run as root:
as root the cluster runs as the ``postgres`` user (``runuser``).  ``fsync`` is off —
the cluster is thrown away; the tests kill the *server* process, never PostgreSQL
(the load benchmark turns it on: its figures are for durable commits).

    python -m stickspel.server.devdb              # starts one, prints its URL
    python -m stickspel.server.devdb stop FOLDER  # stops the one in FOLDER

The first prints the URL of a database on stdout and, on stderr, the cluster's
folder and the command that stops it.  It stops the cluster itself on Ctrl-C,
``kill`` (SIGTERM) or when its terminal closes (SIGHUP); only a process killed
with ``kill -9`` leaves the cluster running, and ``stop FOLDER`` ends that one.
"""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

__all__ = ["Cluster", "FOLDER_PREFIX", "find_binaries", "stop_folder"]

#: The folders :meth:`Cluster.start` makes begin so; ``stop`` touches no other.
FOLDER_PREFIX = "stickspel-pg-"


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
        folder = Path(tempfile.mkdtemp(prefix=FOLDER_PREFIX, dir=parent))
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


def stop_folder(folder: str | Path) -> None:
    """Stop the cluster :meth:`Cluster.start` made in ``folder`` and remove the folder.

    ``ValueError`` naming the folder when it is not such a cluster's (its name does
    not start with :data:`FOLDER_PREFIX`, or it holds no ``data/PG_VERSION``):
    nothing else is stopped or removed.
    """
    path = Path(folder).resolve()
    if not path.name.startswith(FOLDER_PREFIX) or not (path / "data" / "PG_VERSION").is_file():
        raise ValueError(f"{folder}: not a folder of python -m stickspel.server.devdb")
    binaries = find_binaries()
    if binaries is None:
        raise ValueError("no PostgreSQL binaries (initdb, pg_ctl) found")
    Cluster(binaries, path, 0).stop()


def _stop_on_signals() -> None:
    """``kill`` and a closed terminal end the process as Ctrl-C does: through the
    ``finally`` that stops the cluster (pg_ctl runs PostgreSQL in the background,
    where the process's own death would leave it)."""

    def interrupt(signum: int, frame: object) -> None:
        raise KeyboardInterrupt

    for sig in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, interrupt)


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args[:1] == ["stop"] and len(args) == 2:
        try:
            stop_folder(args[1])
        except ValueError as e:
            print(f"error: {e}", file=sys.stderr)
            return 2
        print(f"stopped and removed {args[1]}")
        return 0
    if args:
        print("usage: python -m stickspel.server.devdb [stop FOLDER]", file=sys.stderr)
        return 2
    _stop_on_signals()
    cluster = Cluster.start()
    try:
        print(cluster.create_database(), flush=True)
        print(
            f"cluster in {cluster.folder}: Ctrl-C stops it; after a kill -9: "
            f"python -m stickspel.server.devdb stop {cluster.folder}",
            file=sys.stderr,
            flush=True,
        )
        while True:
            time.sleep(3600)
    except KeyboardInterrupt:
        pass
    finally:
        cluster.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())

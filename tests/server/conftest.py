"""Fixtures of the server tests.

``live``: a real server for one test, on a fresh database.  ``database``: the URL of
a fresh database.  Tests (or modules) marked ``pytest.mark.databases`` run once per
database: SQLite, and PostgreSQL in a throwaway cluster on loopback started once
per session (skipped, saying why, only where PostgreSQL's binaries are absent).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from server_helpers import Running, start_server

from stickspel.server.devdb import Cluster, find_binaries

DATABASES = ["sqlite", "postgresql"]


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "databases: run once on SQLite and once on PostgreSQL")


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if metafunc.definition.get_closest_marker("databases") and (
        "database" in metafunc.fixturenames
    ):
        metafunc.parametrize("database_kind", DATABASES, indirect=True)


@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[Cluster]:
    if find_binaries() is None:
        pytest.skip(
            "PostgreSQL is not installed (no initdb/pg_ctl; Debian: apt install postgresql)"
        )
    cluster = Cluster.start()
    yield cluster
    cluster.stop()


@pytest.fixture
def database_kind(request: pytest.FixtureRequest) -> str:
    kind: str = getattr(request, "param", "sqlite")
    return kind


@pytest.fixture
def database(database_kind: str, tmp_path: Path, request: pytest.FixtureRequest) -> str:
    """The URL of a fresh database of ``database_kind``."""
    if database_kind == "postgresql":
        cluster: Cluster = request.getfixturevalue("pg_cluster")
        return cluster.create_database()
    return f"sqlite:///{tmp_path / 'data' / 'stickspel.sqlite3'}"


@pytest.fixture
def live(database: str) -> Iterator[Running]:
    running = start_server(database)
    yield running
    running.stop()

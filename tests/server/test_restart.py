"""``kill -9`` of a server process mid-trick, then a restart: every table continues
exactly from the last accepted action — on SQLite and on PostgreSQL."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from server_helpers import play_out, spawn_server

from stickspel.client import Client, create_table, request
from stickspel.records import replay
from stickspel.server.store import open_store

pytestmark = pytest.mark.databases

CHILDREN = {"game": "plump", "preset": "children"}
FOUR = [{"name": "Anna"}, {"name": "Björn"}, {"name": "C", "bot": "heuristic"}]
FOUR.append({"name": "D", "bot": "random"})


def _mid_trick(clients: list[Client]) -> bool:
    """Some cards of a trick are on the table, after at least one whole trick."""
    obs = clients[0].state["observation"]
    return bool(obs["trick"]) and sum(obs["tricks_won"]) >= 1


def _views(clients: list[Client]) -> list[dict[str, Any]]:
    top = max(c.state["version"] for c in clients)
    return [c.sync(top) for c in clients]


def test_kill_9_mid_trick_and_restart(database: str, tmp_path: Path) -> None:
    log = tmp_path / "server.log"
    first = spawn_server(database, log)
    try:
        made = create_table(first.url, **CHILDREN, seats=FOUR)
        tokens = [s["token"] for s in made["seats"][:2]]
        clients = [Client(first.url, made["id"], t, lang="en") for t in tokens]
        assert play_out(clients, until=lambda: _mid_trick(clients)) > 0
        before = _views(clients)
        for c in clients:
            c.close()
    finally:
        first.kill()
    assert first.proc.returncode == -9

    second = spawn_server(database, log)
    try:
        status, table = request(second.url, "GET", f"/api/tables/{made['id']}")
        assert status == 200 and table["version"] == before[0]["version"]
        clients = [Client(second.url, made["id"], t, lang="en") for t in tokens]
        assert [c.state for c in clients] == before  # every seat's whole view, exactly
        assert play_out(clients) > 0
        assert all(c.state["terminal"] for c in clients)
        for c in clients:
            c.close()
    finally:
        text = second.stop()
    store = open_store(database)
    stored = store.table(made["id"])
    store.close()
    assert stored is not None and stored.record is not None
    assert replay(stored.record).state.is_terminal()
    # the logs of both runs: no seat token, no card of a hand
    for token in [made["host_token"], made["spectator_token"], *tokens]:
        assert token not in text
    for view in before:
        for card in view["observation"]["hand"]:
            assert f'"{card}"' not in text

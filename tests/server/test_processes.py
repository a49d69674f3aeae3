"""Several server processes on one PostgreSQL: a table's events reach every process
(``LISTEN/NOTIFY``), and two processes never both accept an action at one version."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from server_helpers import Process, play_out, spawn_server

from stickspel.client import Client, create_table, request
from stickspel.records import replay
from stickspel.server.devdb import Cluster
from stickspel.server.store import open_store

CHILDREN = {"game": "plump", "preset": "children"}
SEATS = [{"name": "Anna"}, {"name": "Björn"}, {"name": "C", "bot": "heuristic"}]
SEATS.append({"name": "D", "bot": "random"})


@pytest.fixture
def two(pg_cluster: Cluster, tmp_path: Path) -> Iterator[tuple[str, Process, Process]]:
    """Two ``stickspel serve`` processes on one fresh PostgreSQL database."""
    url = pg_cluster.create_database()
    a = spawn_server(url, tmp_path / "a.log")
    try:
        b = spawn_server(url, tmp_path / "b.log")
    except BaseException:
        a.stop()
        raise
    yield url, a, b
    for p in (a, b):
        p.stop()


def test_two_people_on_two_processes_finish_a_game(two: tuple[str, Process, Process]) -> None:
    url, a, b = two
    made = create_table(a.url, **CHILDREN, seats=SEATS)
    anna = Client(a.url, made["id"], made["seats"][0]["token"], lang="en")
    björn = Client(b.url, made["id"], made["seats"][1]["token"], lang="sv")  # the other process
    assert play_out([anna, björn]) > 0
    assert anna.state["terminal"] and björn.state["terminal"]
    for key in ("version", "totals", "winners"):
        assert anna.state[key] == björn.state[key]
    # each heard every event, pushed by its own process, each exactly once
    hands = []
    for c in (anna, björn):
        seqs = [m["seq"] for m in c.messages if m["type"] == "event"]
        assert seqs == list(range(1, c.state["version"] + 1))
        deals = [m for m in c.messages if m["type"] == "event" and m["kind"] == "deal"]
        hands += [card for m in deals for card in m["observation"]["hand"]]
        c.close()
    for p in (a, b):  # both processes know the finished table
        assert request(p.url, "GET", f"/api/tables/{made['id']}")[1]["status"] == "over"
    store = open_store(url)
    stored = store.table(made["id"])
    store.close()
    assert stored is not None and stored.record is not None
    assert replay(stored.record).state.is_terminal()
    logs = a.stop() + b.stop()
    assert '"msg": "listening for other processes\' changes"' in logs
    # structured logs, with no seat token and no card of anyone's hand
    assert all(json.loads(line)["level"] for line in logs.splitlines() if line.strip())
    for token in [made["host_token"], made["spectator_token"], made["seats"][0]["token"]]:
        assert token not in logs
    assert hands and not any(f'"{card}"' in logs for card in hands)


def test_one_version_one_action_across_processes(two: tuple[str, Process, Process]) -> None:
    """The same seat in two tabs, one on each process, acts at the same version at the
    same moment: one action is accepted, the other refused as stale."""
    _, a, b = two
    made = create_table(a.url, **CHILDREN, seats=SEATS)
    token = made["seats"][0]["token"]
    other = Client(a.url, made["id"], made["seats"][1]["token"])
    tabs = [Client(a.url, made["id"], token), Client(b.url, made["id"], token)]
    play_out([tabs[0], other], until=lambda: bool(tabs[0].state["legal"]))
    version = tabs[0].state["version"]
    assert tabs[1].sync(version)["version"] == version and tabs[1].state["legal"]
    action = tabs[0].state["legal"][-1]["action"]
    for i, tab in enumerate(tabs):  # both sent before either is answered
        msg = {"type": "act", "action": action, "version": version, "id": f"t{i}"}
        tab.ws.send(json.dumps(msg))
    replies = [
        tab.wait_for(lambda m, i=i: m.get("id") == f"t{i}" and m["type"] in ("ack", "error"))
        for i, tab in enumerate(tabs)
    ]
    kinds = sorted(r["type"] if r["type"] == "ack" else r["code"] for r in replies)
    assert kinds == ["ack", "stale_version"]
    status, table = request(b.url, "GET", f"/api/tables/{made['id']}")
    assert table["version"] >= version + 1
    for tab in (*tabs, other):
        tab.close()

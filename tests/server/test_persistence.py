"""Tables survive a restart: the store holds each table's record after every event."""

from __future__ import annotations

import pytest
from server_helpers import PLUMP, SEATS, Running, play_out, start_server

from stickspel.client import Client, create_table, request

pytestmark = pytest.mark.databases  # every test here runs on SQLite and on PostgreSQL


def test_restart_and_go_on(database: str) -> None:
    db = database
    first = start_server(db)
    try:
        made = create_table(first.url, rules=PLUMP, seats=SEATS)
        tokens = [s["token"] for s in made["seats"][:2]]
        clients = [Client(first.url, made["id"], t) for t in tokens]
        actor = next(c for c in clients if c.state["legal"])
        ack = actor.act(actor.state["legal"][0]["action"])
        before = first.app.state.rooms.get(made["id"]).table.to_record()
        for c in clients:
            c.close()
    finally:
        first.stop()
    second = start_server(db)
    try:
        status, info = request(second.url, "GET", f"/api/tables/{made['id']}")
        assert status == 200 and info["version"] == ack["version"]
        room = second.app.state.rooms.get(made["id"])
        assert room.table.to_record() == before
        clients = [Client(second.url, made["id"], t) for t in tokens]
        assert clients[0].state["version"] == ack["version"]
        assert play_out(clients) > 0
        assert all(c.state["terminal"] for c in clients)
        for c in clients:
            c.close()
    finally:
        second.stop()


def test_rematch_same_people_same_links(live: Running) -> None:
    made = create_table(live.url, rules=PLUMP, seats=SEATS)
    clients = [Client(live.url, made["id"], s["token"]) for s in made["seats"][:2]]
    status, body = request(
        live.url, "POST", f"/api/tables/{made['id']}/rematch", {"token": made["host_token"]}
    )
    assert status == 409 and body["error"]["code"] == "not_over"
    play_out(clients)
    status, new = request(
        live.url, "POST", f"/api/tables/{made['id']}/rematch", {"token": made["seats"][0]["token"]}
    )
    assert status == 200 and new["id"] != made["id"] and new["rematch_of"] == made["id"]
    assert new["players"] == made["players"] and new["status"] == "playing"
    clients[0].wait_for(lambda m: m["type"] == "rematch" and m["table"] == new["id"])
    again = Client(live.url, new["id"], made["seats"][1]["token"])
    assert again.welcome["person"] == 1 and again.state["version"] >= 1
    for c in [*clients, again]:
        c.close()


def test_the_store_keeps_only_hashes_of_tokens(database: str) -> None:
    import json

    from stickspel.server.rooms import token_hash

    db = database
    first = start_server(db)
    try:
        made = create_table(first.url, rules=PLUMP, seats=SEATS)
        store = first.app.state.rooms.store
        meta = store.table(made["id"]).meta
        text = json.dumps(meta)
        secrets_given = [s["token"] for s in made["seats"] if s["token"]]
        secrets_given += [made["spectator_token"], made["host_token"]]
        assert not any(t in text for t in secrets_given)  # no token in the database
        assert meta["persons"][0]["token_hash"] == token_hash(made["seats"][0]["token"])
        # a table stored before tokens were hashed: its plain tokens become hashes on
        # load, and the links people hold keep working
        old = {**meta, "persons": [dict(p) for p in meta["persons"]]}
        for spec, seat in zip(old["persons"], made["seats"], strict=True):
            spec.pop("token_hash")
            spec["token"] = seat["token"]
        old["spectator_token"] = made["spectator_token"]
        old["host_token"] = made["host_token"]
        del old["spectator_token_hash"], old["host_token_hash"]
        row = store.table(made["id"])
        store.put_table(type(row)(row.id, old, row.record, row.created))
    finally:
        first.stop()
    second = start_server(db)
    try:
        with Client(second.url, made["id"], made["seats"][0]["token"]) as anna:
            assert anna.welcome["person"] == 0
        stored = json.dumps(second.app.state.rooms.store.table(made["id"]).meta)
        assert made["seats"][0]["token"] not in stored and made["host_token"] not in stored
        status, _ = request(
            second.url, "POST", f"/api/tables/{made['id']}/start", {"token": made["host_token"]}
        )
        assert status == 200
    finally:
        second.stop()

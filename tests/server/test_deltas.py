"""Protocol 2: after a change a connection is sent the ``delta`` from its last state,
and the state it makes is, field for field, the whole state a connection of
protocol 1 of the same view is sent (every game, seats and spectators, pages and
programs)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from server_helpers import Running, play_out

from stickspel.client import Client, apply_delta, create_table
from stickspel.server.deltas import state_delta

GAMES = [
    ("plump(players=3,max_cards=2)", 3),
    ("priffe", 4),
    ("tremanswhist(form=buying)", 3),
]


def _pairs(url: str, made: dict[str, Any], ui: bool) -> list[tuple[Client, Client]]:
    """For each seat and the spectators: a connection of protocol 2 and one of protocol 1."""
    tokens = [s["token"] for s in made["seats"]] + [made["spectator_token"]]
    return [
        (
            Client(url, made["id"], t, lang="en", ui=ui),
            Client(url, made["id"], t, lang="en", ui=ui, protocol=1),
        )
        for t in tokens
    ]


@pytest.mark.parametrize(("rules", "n"), GAMES)
@pytest.mark.parametrize("ui", [True, False])
def test_deltas_make_the_whole_state(live: Running, rules: str, n: int, ui: bool) -> None:
    seats = [{"name": f"P{i}"} for i in range(n)]
    made = create_table(live.url, rules=rules, seats=seats)
    pairs = _pairs(live.url, made, ui)
    try:
        versions = 0

        def compare() -> bool:
            nonlocal versions
            top = max(c.state["version"] for pair in pairs for c in pair)
            for new, old in pairs:
                new.sync(top)
                old.sync(top)
                assert new.state == old.state, (new.state["version"], new.state["seat"])
            versions += 1
            return versions > 60  # enough of each game: its deals, auctions, tricks

        play_out([new for new, _ in pairs[:-1]], until=compare)
        for new, old in pairs:
            deltas = [f for f in new.frames if f["type"] == "delta"]
            states = [f for f in new.frames if f["type"] == "state"]
            assert len(states) == 1 and len(deltas) >= 20
            assert not any(f["type"] == "delta" for f in old.frames)
            assert new.welcome["protocol"] == 2 and old.welcome["protocol"] == 1
            # a delta is smaller than the state it replaces
            whole = sum(len(json.dumps(m)) for m in old.frames if m["type"] == "state")
            assert sum(len(json.dumps(d)) for d in deltas) < whole / 2
    finally:
        for pair in pairs:
            for c in pair:
                c.close()


def test_a_delta_that_does_not_fit_asks_for_the_whole_state(live: Running) -> None:
    """A client whose state is not the one a delta starts from asks ``sync`` and
    goes on from the whole state it is sent."""
    seats = [{"name": "A"}, {"name": "B"}, {"name": "C"}]
    made = create_table(live.url, rules="plump(players=3,max_cards=2)", seats=seats)
    clients = [Client(live.url, made["id"], s["token"]) for s in made["seats"]]
    watcher = Client(live.url, made["id"], made["spectator_token"])  # never acts
    try:
        watcher._follower.state = {**watcher.state, "version": -5}  # as if a delta went missing
        play_out([*clients, watcher], until=lambda: watcher.state["version"] >= 4)
        assert watcher.state["version"] >= 4
        assert [f["type"] for f in watcher.frames].count("state") == 2
    finally:
        for c in [*clients, watcher]:
            c.close()


def test_state_delta_round_trip() -> None:
    old = {
        "type": "state",
        "version": 3,
        "legal": [1],
        "observation": {"a": 1, "b": None, "gone": 2},
        "panel": {"head": "x"},
        "public": None,
    }
    new = {
        "type": "state",
        "version": 4,
        "legal": [],
        "observation": {"a": 1, "b": 5, "c": None},
        "panel": {"head": "x"},
        "public": {"p": 1},
    }
    delta = state_delta(old, new)
    assert delta["set"] == {"legal": [], "public": {"p": 1}}
    assert delta["patch"] == {"observation": {"b": 5, "c": None}}
    assert delta["drop"] == {"observation": ["gone"]}
    assert apply_delta(old, delta) == new
    assert apply_delta(new, state_delta(new, new)) == new


def test_the_ack_comes_in_the_frame_of_its_event_and_delta(live: Running) -> None:
    """Protocol 2: the answer to a connection's own action goes in one frame with the
    action's event and the delta after it (the commit sends those one step before the
    ack is made; the sender waits that step), not in a frame of its own."""
    from websockets.sync.client import connect

    seats = [{"name": "A"}, {"name": "B"}, {"name": "C"}]
    made = create_table(live.url, rules="plump(players=3,max_cards=2)", seats=seats)
    others = [Client(live.url, made["id"], s["token"]) for s in made["seats"]]
    try:
        to_act = others[0].state["to_act"]
        token = made["seats"][to_act]["token"]
        with connect(f"{live.url.replace('http', 'ws')}/ws/tables/{made['id']}") as ws:
            ws.send(json.dumps({"type": "hello", "token": token, "since": 0, "protocol": 2}))
            frames = [json.loads(ws.recv(timeout=10)) for _ in range(2)]  # welcome, history
            state = frames[1][-1]
            legal = state["legal"][0]["action"]
            ws.send(json.dumps({"type": "act", "action": legal, "version": state["version"]}))
            frame = json.loads(ws.recv(timeout=10))
        assert isinstance(frame, list), frame
        assert [m["type"] for m in frame] == ["event", "delta", "ack"], frame
        assert frame[0]["seq"] == frame[2]["seq"] == state["version"] + 1
    finally:
        for c in others:
            c.close()

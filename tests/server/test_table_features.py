"""Table features over the protocol: the move timer and the away state, bots thinking
off the event loop, labels and reasons from the catalogues, the record download."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

from server_helpers import PLUMP, SEATS, Running, play_out, start_server

from stickspel.bots import Turn
from stickspel.client import Client, create_table, request

FOUR = [{"name": "Anna"}, {"name": "Björn"}, {"name": "Cissi"}, {"name": "David"}]


def test_timer_lets_a_bot_play_for_an_absent_person(live: Running) -> None:
    made = create_table(live.url, rules=PLUMP, seats=SEATS, timer=1)
    assert made["timer"] == 1
    a = Client(live.url, made["id"], made["seats"][0]["token"], lang="en")
    b = Client(live.url, made["id"], made["seats"][1]["token"], lang="en")
    with a, b:
        idle, other = (a, b) if a.state["legal"] else (b, a)
        me = idle.welcome["person"]
        assert idle.state["legal"] and 0 < idle.state["deadline"] <= 1
        assert idle.state["away"] == []
        version = idle.state["version"]
        # the time runs out: the others see the person away, and the table moved on
        seen = other.wait_for(lambda m: m["type"] == "state" and me in m["away"])
        assert seen["version"] > version
        # back: the person plays their own turns again
        idle.back()
        back = other.wait_for(lambda m: m["type"] == "state" and m["away"] == [])
        assert back["version"] == seen["version"]
        idle.sync(back["version"])  # its own copy of that state may still be on the way
        assert play_out([idle, other]) > 0
        assert idle.state["terminal"] and idle.state["deadline"] is None
        ours = [
            m
            for m in idle.messages
            if m["type"] == "state" and m["version"] > back["version"] and m["legal"]
        ]
        assert ours, "after coming back the person was asked again"


def test_no_timer_no_clock(live: Running) -> None:
    made = create_table(live.url, rules=PLUMP, seats=SEATS)
    with Client(live.url, made["id"], made["seats"][0]["token"]) as a:
        assert a.state["timer"] is None and a.state["deadline"] is None
    status, body = request(
        live.url, "POST", "/api/tables", {"rules": PLUMP, "seats": SEATS, "timer": 0}
    )
    assert status == 422


class _Watched:
    """A real bot that notes the thread it thinks in."""

    def __init__(self, bot: Any, threads: list[int]) -> None:
        self.bot = bot
        self.name = bot.name
        self.threads = threads

    def act(self, turn: Turn) -> int:
        self.threads.append(threading.get_ident())
        action: int = self.bot.act(turn)
        return action


def test_bots_think_in_a_worker_thread(tmp_path: Path) -> None:
    running = start_server(tmp_path / "db.sqlite3", bot_delay=0.001)
    try:
        seats = [
            {"name": "Anna"},
            {"name": "B", "bot": "heuristic"},
            {"name": "C", "bot": "random"},
        ]
        made = create_table(running.url, rules=PLUMP, seats=seats, start=False)
        room = running.app.state.rooms.get(made["id"])
        threads: list[int] = []
        for person, bot in list(room.table.bots.items()):
            room.table.bots[person] = _Watched(bot, threads)
        request(
            running.url, "POST", f"/api/tables/{made['id']}/start", {"token": made["host_token"]}
        )
        with Client(running.url, made["id"], made["seats"][0]["token"]) as anna:
            assert play_out([anna]) > 0
        assert threads and running.thread.ident not in threads
    finally:
        running.stop()


def test_labels_and_reasons_from_the_catalogues(live: Running) -> None:
    made = create_table(live.url, rules="priffe", seats=FOUR)
    clients = [Client(live.url, made["id"], s["token"], lang="en", ui=True) for s in made["seats"]]
    try:
        first = next(c for c in clients if c.state["legal"])
        labels = {a["text"]: a["label"] for a in first.state["legal"]}
        assert labels["spel"] == "Spel (no trump)" and first.state["panel"]["prompt"]
        ack = first.act("ruter")
        second = next(c for c in clients if c.sync(ack["version"])["legal"])
        refused = {r["text"]: r for r in second.state["refused"]}
        # a call below the standing one is greyed with the engine's reason
        assert refused["klöver"]["rule"] == "bid_order" and "ruter" in refused["klöver"]["message"]
        assert second.state["panel"]["auction"][0]["call"] == "ruter"
        for _ in range(3):  # the others pass: ruter stands
            actor = next(c for c in clients if c.sync(ack["version"])["legal"])
            ack = actor.act("pass")
        for c in clients:
            c.sync(ack["version"])
        assert "ruter" in clients[0].state["panel"]["lines"][0]
        # in play: the cards a seat may not play now, each with why
        leader = next(c for c in clients if c.state["legal"])
        ack = leader.act(leader.state["legal"][0]["action"])
        follower = next(c for c in clients if c.sync(ack["version"])["legal"])
        hand = follower.state["observation"]["hand"]
        playable = {a["text"] for a in follower.state["legal"]}
        reasons = follower.state["reasons"]
        assert set(reasons) == set(hand) - playable
        assert all(reasons.values())
        # said to the seat that reads them: "You must follow suit …", not its name
        assert all(why.startswith("You must follow suit") for why in reasons.values()), reasons
    finally:
        for c in clients:
            c.close()
    with Client(live.url, made["id"], made["seats"][0]["token"], lang="sv", ui=True) as sv:
        assert sv.state["panel"]["head"].startswith("Robbert 1 av 3")


def test_tremanswhist_labels(live: Running) -> None:
    made = create_table(live.url, rules="tremanswhist", seats=[{"name": n} for n in "ABC"])
    clients = [Client(live.url, made["id"], s["token"], lang="en", ui=True) for s in made["seats"]]
    try:
        actor = next(c for c in clients if c.state["legal"])
        labels = [a["label"] for a in actor.state["legal"]]
        assert labels == ["Take the fourth pile (−1)", "Decline"]
        assert "Fourth pile: 13 cards" in actor.state["panel"]["lines"]
    finally:
        for c in clients:
            c.close()


def test_record_download(live: Running) -> None:
    made = create_table(live.url, rules=PLUMP, seats=SEATS)
    path = f"/api/tables/{made['id']}/record"
    status, doc = request(live.url, "POST", path, {"token": made["seats"][0]["token"]})
    assert status == 200 and doc["players"] == ["Anna", "Björn", "Bot"]
    hands = doc["deals"][-1]["hands"]
    assert hands[0] and not hands[1] and not hands[2]  # the others' cards stay hidden
    status, _ = request(live.url, "POST", path, {"token": made["spectator_token"]})
    assert status == 403  # not before the end
    status, _ = request(live.url, "POST", path, {"token": "nope"})
    assert status == 403

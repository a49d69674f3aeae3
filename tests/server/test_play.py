"""Playing over a real server: REST, the websocket protocol, stale versions, leaks."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from server_helpers import PLUMP, SEATS, Running, play_out, start_server
from websockets.sync.client import connect

from stickspel.client import Client, ServerError, create_table, request
from stickspel.core import Observation
from stickspel.games import load_game

pytestmark = pytest.mark.databases  # every test here runs on SQLite and on PostgreSQL


def test_health(live: Running, database_kind: str) -> None:
    status, body = request(live.url, "GET", "/api/health")
    assert status == 200
    assert body["database"]["kind"] == database_kind and body["database"]["version"]
    assert body["stickspel"]


def test_create_and_validation(live: Running) -> None:
    made = create_table(live.url, rules=PLUMP, seats=SEATS)
    assert made["rules"] == PLUMP and made["status"] == "playing"
    assert [s["token"] is None for s in made["seats"]] == [False, False, True]
    assert made["seats"][0]["join_url"] == f"/t/{made['id']}#token={made['seats'][0]['token']}"
    # no one's tables are listed to anyone (docs/protocol.md): a table is found by its id
    status, _ = request(live.url, "GET", "/api/tables")
    assert status == 405
    status, info = request(live.url, "GET", f"/api/tables/{made['id']}")
    assert status == 200 and info["id"] == made["id"] and "token" not in str(info)
    # the engine's RulesError, as a 400 with its message in both languages
    status, body = request(
        live.url, "POST", "/api/tables", {"rules": "plump(players=3,max_cards=99)", "seats": SEATS}
    )
    assert status == 400 and body["error"]["code"] == "rules"
    assert "17" in body["error"]["message"] and "kort" in body["error"]["sv"]
    status, body = request(
        live.url,
        "POST",
        "/api/tables",
        {"game": "plump", "options": {"sparr": "maybe"}, "seats": SEATS},
    )
    # the option named as the lobby's form names it, not as the rules text spells it
    assert status == 400 and "“Spärr (dealer's bar)”" in body["error"]["message"]
    assert body["error"]["sv"].startswith("regeln “Spärr”:")
    status, body = request(live.url, "POST", "/api/tables", {"rules": PLUMP, "seats": SEATS[:2]})
    assert status == 400 and "3" in body["error"]["message"]
    bad_bot = [*SEATS[:2], {"name": "X", "bot": "genius"}]
    status, body = request(live.url, "POST", "/api/tables", {"rules": PLUMP, "seats": bad_bot})
    assert status == 400 and "genius" in body["error"]["message"]
    status, body = request(live.url, "POST", "/api/tables", {"rules": "chess", "seats": SEATS})
    assert status == 400
    status, _ = request(live.url, "POST", "/api/tables", {"rules": PLUMP})
    assert status == 422
    # presets, by name or in the rules text
    four = [*SEATS, {"name": "D", "bot": "random"}]
    made = create_table(live.url, game="priffe", preset="old", seats=four)
    assert made["rules"] == load_game("priffe(old)").rules.to_text()
    made = create_table(live.url, rules="tremanswhist(short)", seats=SEATS)
    assert made["rules"] == load_game("tremanswhist(short)").rules.to_text()
    status, body = request(live.url, "POST", "/api/tables", {"preset": "nope", "seats": SEATS})
    assert status == 400 and "nope" in body["error"]["message"]


def test_full_plump_game_two_humans_and_a_bot(live: Running) -> None:
    made = create_table(live.url, rules=PLUMP, seats=SEATS)
    anna = Client(live.url, made["id"], made["seats"][0]["token"], lang="en")
    björn = Client(live.url, made["id"], made["seats"][1]["token"], lang="sv")
    with anna, björn:
        assert anna.welcome["person"] == 0 and björn.welcome["person"] == 1
        played = play_out([anna, björn])
        assert played > 0
        final = anna.state
        assert final["terminal"] and final["status"] == "over" and final["winners"]
        assert final["totals"] == björn.state["totals"]
        # every event once, numbered from 1, the same numbers for both
        seqs = [m["seq"] for m in anna.messages if m["type"] == "event"]
        assert seqs == list(range(1, final["version"] + 1))
        assert seqs == [m["seq"] for m in björn.messages if m["type"] == "event"]
    room = live.app.state.rooms.get(made["id"])
    assert room.table.is_terminal()
    stored = {t.id: t for t in live.app.state.store.tables()}[made["id"]]
    assert stored.version == room.table.version and stored.record == room.table.to_record()


def test_refusals_are_typed_and_in_the_clients_language(live: Running) -> None:
    made = create_table(live.url, rules=PLUMP, seats=SEATS)
    a = Client(live.url, made["id"], made["seats"][0]["token"], lang="en")
    b = Client(live.url, made["id"], made["seats"][1]["token"], lang="sv")
    with a, b:
        actor, other = (a, b) if a.state["legal"] else (b, a)
        assert actor.state["legal"] and not other.state["legal"]
        with pytest.raises(ServerError) as e:
            other.act(other.state["legal"][0]["action"] if other.state["legal"] else "1")
        assert e.value.code == "not_your_turn"
        assert ("turn" if other is a else "tur") in e.value.message["message"]
        with pytest.raises(ServerError) as e:
            actor.act("bogus")
        assert e.value.code == "unknown_action"
        with pytest.raises(ServerError) as e:
            actor.act(actor.state["legal"][0]["action"], version=actor.state["version"] - 1)
        assert e.value.code == "stale_version"
        # an action must name the version it acts on
        actor.ws.send(json.dumps({"type": "act", "action": "1", "id": "raw"}))
        reply = actor.wait_for(lambda m: m.get("id") == "raw")
        assert reply["type"] == "error" and reply["code"] == "malformed"
        assert actor.state["legal"], "nothing was played"


def test_two_tabs_cannot_play_twice(live: Running) -> None:
    made = create_table(live.url, rules=PLUMP, seats=SEATS)
    tokens = [s["token"] for s in made["seats"][:2]]
    probe = [Client(live.url, made["id"], t) for t in tokens]
    seat_token = next(t for t, c in zip(tokens, probe, strict=True) if c.state["legal"])
    for c in probe:
        c.close()
    tab1 = Client(live.url, made["id"], seat_token)
    tab2 = Client(live.url, made["id"], seat_token)
    with tab1, tab2:
        version = tab1.state["version"]
        assert tab2.state["version"] == version
        tab1.act(tab1.state["legal"][0]["action"], version=version)
        with pytest.raises(ServerError) as e:
            tab2.act(tab2.state["legal"][-1]["action"], version=version)
        assert e.value.code == "stale_version"
        assert "version" in e.value.message["message"]


def test_spectator_sees_public_events_only(live: Running) -> None:
    made = create_table(live.url, rules=PLUMP, seats=SEATS)
    watcher = Client(live.url, made["id"], made["spectator_token"])
    with watcher:
        assert watcher.welcome["spectator"] and watcher.state["observation"] is None
        assert watcher.state["legal"] == []
        with pytest.raises(ServerError) as e:
            watcher.act(52)
        assert e.value.code == "spectator"
        deals = [m for m in watcher.messages if m["type"] == "event" and m["kind"] == "deal"]
        assert deals and all(m["observation"] is None for m in deals)
    with pytest.raises(ServerError) as e:
        Client(live.url, made["id"], "not-a-token")
    assert e.value.code == "token"


# --- no leaks ---------------------------------------------------------------------------

CARD = re.compile(r"^[2-9TJQKA][CDHS]$")


def cards_in(value: Any) -> set[str]:
    """Every card (record notation) anywhere in a JSON value."""
    if isinstance(value, str):
        return {value} if CARD.match(value) else set()
    if isinstance(value, Observation):
        value = value.to_dict()
    if isinstance(value, dict):
        return set().union(*(cards_in(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(cards_in(v) for v in value)) if value else set()
    return set()


def forbidden_by_version(
    rules: str, record_state: Any, person_seats: int
) -> tuple[dict[int, list[set[str]]], dict[int, tuple[int, ...]]]:
    """For each version v: per seat, the cards other seats hold (or the pile hides)
    after event v that the seat's own observation does not show — the last entry is
    a spectator's: every such card no seat's observation shows to all; and the seating
    (seat → person) after event v."""
    from stickspel.core.cards import card_str

    state = record_state
    fresh = load_game(rules).new_initial_state(state.first_dealer)
    out: dict[int, list[set[str]]] = {0: [set() for _ in range(person_seats + 1)]}
    seating: dict[int, tuple[int, ...]] = {0: tuple(range(person_seats))}
    for v, item in enumerate(state.history(), 1):
        fresh.apply_history_item(item)
        obs = [fresh.observation(s) for s in range(person_seats)]
        seen = [cards_in(o) for o in obs]
        private = set()
        for o in obs:
            private |= set(o.get("hand") or []) | set(o.get("discarded") or [])
        pile = getattr(fresh, "pile", None)
        if pile:
            private |= {card_str(c) for c in pile}
        hidden = [private - set(o.get("hand") or []) - seen[s] for s, o in enumerate(obs)]
        hidden.append(private - set.intersection(*seen))
        out[v] = hidden
        seating[v] = tuple(fresh.seating()) or tuple(range(person_seats))
    return out, seating


def assert_no_leak(
    client: Client,
    person: int | None,
    forbidden: dict[int, list[set[str]]],
    seating: dict[int, tuple[int, ...]],
) -> None:
    """Every message ``client`` got holds only cards its seat (``person`` None: a
    spectator) may know at the version the message belongs to."""
    for msg in client.messages:
        v = msg.get("seq") if msg["type"] == "event" else msg.get("version")
        if v is None:
            assert not cards_in(msg), msg
            continue
        seat = -1 if person is None else seating[v].index(person)  # Priffe moves people
        leaked = cards_in(msg) & forbidden[v][seat]
        assert not leaked, f"seat {seat} was sent {leaked} at version {v}: {msg}"


def play_some(clients: list[Client], moves: int, pick: int = -1) -> None:
    """Let whichever client is to act play its legal action ``pick``, ``moves`` times
    at most (or to the end)."""
    for _ in range(moves):
        for c in clients:
            c.drain()
        if all(c.state["terminal"] for c in clients):
            return
        actor = next((c for c in clients if c.state["legal"]), None)
        if actor is None:
            top = max(c.state["version"] for c in clients)
            for c in clients:
                c.sync(top)
            continue
        ack = actor.act(actor.state["legal"][pick]["action"])
        for c in clients:
            c.sync(ack["version"])


LEAK_GAMES = [
    (PLUMP, SEATS),
    ("plump(players=3,max_cards=2,bidding=simultaneous,sparr=false)", SEATS),
    ("tremanswhist", SEATS),
    ("tremanswhist(form=buying)", SEATS),
    ("priffe", [*SEATS, {"name": "D", "bot": "heuristic"}]),
]


@pytest.mark.parametrize(("rules", "seats"), LEAK_GAMES, ids=[r for r, _ in LEAK_GAMES])
def test_no_connection_receives_cards_it_may_not_see(
    live: Running, rules: str, seats: list[dict[str, Any]]
) -> None:
    made = create_table(live.url, rules=rules, seats=seats)
    # Anna and the spectator draw pages (labels, card reasons, the panel); Björn does not
    anna = Client(live.url, made["id"], made["seats"][0]["token"], ui=True)
    björn = Client(live.url, made["id"], made["seats"][1]["token"])
    watcher = Client(live.url, made["id"], made["spectator_token"], ui=True)
    with anna, björn, watcher:
        if rules.startswith("plump"):
            play_out([anna, björn])
        else:  # a few deals are enough; put away cards while buying (pick 0)
            play_some([anna, björn], 120, pick=0 if "buying" in rules else -1)
        watcher.sync(max(anna.state["version"], björn.state["version"]))
        # the spectator was shown the game: a public observation and the panel
        shown = [m for m in watcher.messages if m["type"] == "state" and m["public"]]
        assert shown and any(m["panel"]["head"] for m in shown)
        assert all(m["observation"] is None and not m["legal"] for m in shown)
    room = live.app.state.rooms.get(made["id"])
    n = len(seats)
    forbidden, seating = forbidden_by_version(room.game.rules.to_text(), room.table.state, n)
    assert max(forbidden) == room.table.version
    assert_no_leak(anna, 0, forbidden, seating)
    assert_no_leak(björn, 1, forbidden, seating)
    assert_no_leak(watcher, None, forbidden, seating)


def test_waiting_table_and_start(live: Running) -> None:
    made = create_table(live.url, rules=PLUMP, seats=SEATS, start=False)
    assert made["status"] == "waiting" and made["version"] == 0
    with Client(live.url, made["id"], made["seats"][0]["token"], lang="en") as anna:
        assert anna.state["status"] == "waiting" and anna.state["legal"] == []
        with pytest.raises(ServerError) as e:
            anna.act("1")
        assert e.value.code == "not_started"
        path = f"/api/tables/{made['id']}/start"
        status, _ = request(live.url, "POST", path, {"token": "nope"})
        assert status == 403
        status, body = request(live.url, "POST", path, {"token": made["host_token"]})
        assert status == 200 and body["status"] == "playing"
        state = anna.wait_for(lambda m: m["type"] == "state" and m["status"] == "playing")
        assert state["observation"]["hand"]
        assert [m["seq"] for m in anna.messages if m["type"] == "event"][0] == 1


def test_reconnect_since(live: Running) -> None:
    made = create_table(live.url, rules=PLUMP, seats=SEATS)
    token = made["seats"][0]["token"]
    with Client(live.url, made["id"], token) as first:
        seen = [m["seq"] for m in first.messages if m["type"] == "event"]
    other = Client(live.url, made["id"], made["seats"][1]["token"])
    with other:
        if other.state["legal"]:
            other.act(other.state["legal"][0]["action"])
    with Client(live.url, made["id"], token) as again:  # since=0: everything again
        assert [m["seq"] for m in again.messages if m["type"] == "event"][: len(seen)] == seen
        again.ws.send(json.dumps({"type": "ping"}))
        assert again.wait_for(lambda m: m["type"] == "pong")["version"] == again.state["version"]


def test_priffe_plays_through_the_server(live: Running) -> None:
    seats = [{"name": "Anna"}, {"name": "B", "bot": "heuristic"}, {"name": "Cissi"}]
    seats.append({"name": "D", "bot": "heuristic"})
    made = create_table(live.url, rules="priffe", seats=seats)
    a = Client(live.url, made["id"], made["seats"][0]["token"], lang="en")
    c = Client(live.url, made["id"], made["seats"][2]["token"], lang="sv")
    with a, c:
        clients = [a, c]
        for _ in range(80):
            for x in clients:
                x.drain()
            actor = next((x for x in clients if x.state["legal"]), None)
            if actor is None:
                if all(x.state["terminal"] for x in clients):
                    break
                top = max(x.state["version"] for x in clients)
                for x in clients:
                    x.sync(top)
                continue
            ack = actor.act(actor.state["legal"][0]["text"])  # by its text, as a person types
            for x in clients:
                x.sync(ack["version"])
        assert a.state["version"] > 20
        assert not set(a.state["observation"]["hand"]) & set(c.state["observation"]["hand"])


def test_malformed_messages(live: Running) -> None:
    from websockets.exceptions import ConnectionClosed

    made = create_table(live.url, rules=PLUMP, seats=SEATS)
    with Client(live.url, made["id"], made["seats"][0]["token"], lang="en") as anna:
        anna.ws.send(json.dumps({"type": "dance", "id": "x"}))
        reply = anna.wait_for(lambda m: m["type"] == "error")
        assert reply["code"] == "malformed"
        # after the hello, a frame that is no JSON object is refused; the connection stays
        anna.ws.send("not json")
        reply = anna.wait_for(lambda m: m["type"] == "error")
        assert (reply["code"], reply["message"]) == ("malformed", "a message is JSON text")
        anna.ws.send(json.dumps({"type": "ping"}))
        assert anna.wait_for(lambda m: m["type"] == "pong")["version"] >= 0
    # before the hello, it is refused and the connection closed
    with pytest.raises(ConnectionClosed):
        with connect(f"{live.url.replace('http', 'ws', 1)}/ws/tables/{made['id']}") as ws:
            ws.send("not json")
            assert json.loads(ws.recv(timeout=10))["code"] == "malformed"
            ws.recv(timeout=10)
    assert ws.close_code == 4400
    # the table goes on for everyone else
    with Client(live.url, made["id"], made["seats"][1]["token"]) as björn:
        assert björn.state["status"] == "playing"


def test_bots_move_one_at_a_time(database: str) -> None:
    """With a bot delay (as `stickspel serve` runs) each bot move comes as its own state."""
    running = start_server(database, bot_delay=0.01)
    try:
        seats = [{"name": "Anna"}, {"name": "B", "bot": "random"}, {"name": "C", "bot": "random"}]
        made = create_table(running.url, rules=PLUMP, seats=seats)
        with Client(running.url, made["id"], made["seats"][0]["token"]) as anna:
            assert play_out([anna]) > 0
            assert anna.state["terminal"]
            versions = [m["version"] for m in anna.messages if m["type"] == "state"]
            # a state for nearly every event: the bots did not act in one go
            assert len(set(versions)) >= anna.state["version"] - 3
    finally:
        running.stop()


@pytest.mark.parametrize("rules", ["tremanswhist", "tremanswhist(form=buying)", PLUMP])
def test_the_record_download_holds_no_card_the_seat_may_not_know(live: Running, rules: str) -> None:
    """``POST /api/tables/<id>/record`` at every step, for every seat, and for the
    spectators once the game is over: only the cards each may know (the fourth pile
    to its taker, the purchase counts of the others, no blind hand)."""
    from test_record_views import check_view

    seats = [{"name": "Anna"}, {"name": "Björn"}, {"name": "Cissi"}]
    made = create_table(live.url, rules=rules, seats=seats)
    room = live.app.state.rooms.get(made["id"])
    tokens = [s["token"] for s in made["seats"]]
    path = f"/api/tables/{made['id']}/record"
    buying = "buying" in rules
    clients = [Client(live.url, made["id"], t) for t in tokens]
    checked = 0
    with clients[0], clients[1], clients[2]:
        for _ in range(60):
            full = room.table.to_record()
            for player, token in enumerate(tokens):
                status, doc = request(live.url, "POST", path, {"token": token})
                assert status == 200
                checked += check_view(room.game.name, full, doc, player, buying)
            status, doc = request(live.url, "POST", path, {"token": made["spectator_token"]})
            if not room.table.is_terminal():
                assert status == 403  # the spectators' copy comes once the game is over
                play_some(clients, 1, pick=0 if buying else -1)
                continue
            assert status == 200
            checked += check_view(room.game.name, full, doc, None, buying)
            break
    assert checked > 300

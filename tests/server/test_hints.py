"""The coach at a web table: a seat's hint over the websocket, from its own view,
allowed by the table's option (on for one person against bots, off for several)."""

from __future__ import annotations

import json
import re
import time

import pytest
from server_helpers import PLUMP, SEATS, Running

from stickspel.client import Client, ServerError, create_table

AGAINST_BOTS = [{"name": "Anna"}, {"name": "Bot 1", "bot": "heuristic"}, {"name": "Bot 2", "bot": "heuristic"}]  # fmt: skip
CARD = re.compile(r"\b[2-9TJQKA][CDHS]\b")


def _my_turn(client: Client) -> None:
    """Read until it is this seat's turn (the bots answer at once on the test server)."""
    if not client.state["legal"]:
        client.wait_for(lambda m: m["type"] == "state" and m["legal"])


def test_one_person_against_bots_gets_a_hint_from_its_own_view(live: Running) -> None:
    made = create_table(live.url, rules=PLUMP, seats=AGAINST_BOTS)
    assert made["hints"] is True
    with Client(live.url, made["id"], made["seats"][0]["token"], lang="sv", ui=True) as me:
        assert me.welcome["table"]["hints"] is True
        for _ in range(3):  # a bid, then cards
            _my_turn(me)
            hint = me.hint()
            legal = {a["action"] for a in me.state["legal"]}
            actions = [o["action"] for o in hint["options"]]
            assert set(actions) <= legal and 1 <= len(actions) <= 3
            assert [o["chosen"] for o in hint["options"]][0] is True
            assert all(
                o["said"] and all(isinstance(s, str) for s in o["said"]) for o in hint["options"]
            )
            # nothing but the seat's own cards and the public ones is named
            obs = me.state["observation"]
            known = set(obs["hand"]) | set(obs.get("played") or []) | {obs.get("upcard")}
            known |= set((obs.get("trick") or {}).get("cards", []))
            assert set(CARD.findall(json.dumps(hint))) <= known
            me.act(actions[0])
            if me.state["terminal"]:
                break
        english = None
        if not me.state["terminal"]:
            _my_turn(me)
            english = me.hint(lang="en")
            assert all(re.search(r"[a-z]", " ".join(o["said"])) for o in english["options"])


def test_a_table_of_several_people_has_no_hints_unless_asked(live: Running) -> None:
    made = create_table(live.url, rules=PLUMP, seats=SEATS)  # two people and a bot
    with Client(live.url, made["id"], made["seats"][0]["token"], lang="sv") as a:
        assert a.welcome["table"]["hints"] is False
        with pytest.raises(ServerError) as e:
            a.hint()
        assert e.value.code == "hints_off"
        assert e.value.message["message"] == "tips är avstängda vid det här bordet"
    made = create_table(live.url, rules=PLUMP, seats=SEATS, hints=True)
    tokens = [s["token"] for s in made["seats"][:2]]
    with (
        Client(live.url, made["id"], tokens[0], lang="en") as a,
        Client(live.url, made["id"], tokens[1], lang="en") as b,
    ):
        assert a.welcome["table"]["hints"] is True
        actor, other = (a, b) if a.state["legal"] else (b, a)
        with pytest.raises(ServerError) as e:
            other.hint()
        assert (e.value.code, e.value.message["message"]) == (
            "hint_turn",
            "a hint is given when it is your turn",
        )
        assert actor.hint()["options"]
        spectator = Client(live.url, made["id"], made["spectator_token"])
        with spectator, pytest.raises(ServerError) as e:
            spectator.hint()
        assert e.value.code == "spectator"


def test_the_table_answers_while_the_coach_thinks(live: Running) -> None:
    made = create_table(live.url, rules=PLUMP, seats=AGAINST_BOTS)
    with Client(live.url, made["id"], made["seats"][0]["token"]) as me:
        _my_turn(me)
        me.ws.send(json.dumps({"type": "hint", "id": "h"}))
        start = time.monotonic()
        me.ws.send(json.dumps({"type": "ping"}))
        first = me.wait_for(lambda m: m["type"] in ("pong", "hint"))
        # the event loop answers at once: the coach thinks (0.4 s) in its own thread
        assert first["type"] == "pong", time.monotonic() - start
        me.ws.send(json.dumps({"type": "hint", "id": "again"}))  # one at a time
        busy = me.wait_for(lambda m: m.get("id") in ("again", "h"))
        if busy["id"] == "again":
            assert busy["code"] == "hint_busy"
        me.wait_for(lambda m: m.get("id") == "h" and m["type"] == "hint")

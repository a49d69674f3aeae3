"""The end of a deal on the server: every state carries the summary of the last finished
deal (``last_deal``: the engine's figures, worded for the reader, no card), and the bots
wait the deal pause before the next deal, less once every person watching has closed
the summary."""

from __future__ import annotations

import asyncio
import random
import time
from typing import Any

import pytest
from test_leaks import cards_in

from stickspel.server.rooms import Connection, Room, Rooms, SeatSpec
from stickspel.server.store import open_store
from stickspel.table import Event


def seeded_room(rules: str, seed: int) -> Room:
    """A table of people only, first dealer seat 0, dealt by a seeded generator."""
    store = open_store("sqlite://:memory:")
    n = {"priffe": 4}.get(rules.partition("(")[0], 3)
    room = Room.create(store, rules, [SeatSpec(f"P{i}") for i in range(n)])
    room.meta["first_dealer"] = 0
    room.table = room._new_table(None)  # the start again, with the first dealer above
    room.table.rng = random.Random(seed)
    room.start()
    return room


def play_a_deal(room: Room) -> None:
    """Each seat's first legal action (Priffe's callers their highest call: spel) until
    the deal is over."""
    done = len(room.table.state.deal_records)
    while len(room.table.state.deal_records) == done:
        legal = room.table.legal_actions()
        call = legal[-1] if legal[-1] >= 52 and room.game_name == "priffe" else legal[0]
        room.act(room.table.to_act(), call, room.table.version)  # type: ignore[arg-type]


def summary(room: Room, person: int | None, lang: str) -> Any:
    who = None if person is None else room.persons[person]
    return room.state_message(Connection(who, lang, ui=True))["last_deal"]


def rows(last: dict[str, Any]) -> list[tuple[Any, ...]]:
    return [
        (s["name"], s["call"], s["tricks"], s["points"], s["target"], s["made"], s["mark"])
        for s in last["seats"]
    ]


def test_plump_the_state_says_who_made_their_bid_and_who_plumped() -> None:
    room = seeded_room("plump(players=3,max_cards=2)", 7)
    assert summary(room, 0, "sv") is None  # no deal is over yet
    play_a_deal(room)
    # dealt 2 cards each, trump clubs; everyone bid 0 and P0 took both tricks
    mine = summary(room, 0, "sv")
    assert mine["deal"] == 1
    assert mine["you"] == "Du bjöd 0 och tog 2 — plump"
    assert rows(mine) == [
        ("P0", "0", 2, 0, None, False, "plump"),
        ("P1", "0", 0, 10, None, True, "klarat"),
        ("P2", "0", 0, 10, None, True, "klarat"),
    ]
    assert [s["you"] for s in mine["seats"]] == [True, False, False]
    assert summary(room, 1, "en")["you"] == "You bid 0 and took 0 — made, 10 points"
    watching = summary(room, None, "en")
    assert watching["you"] is None and not any(s["you"] for s in watching["seats"])
    assert [s["mark"] for s in watching["seats"]] == ["missed", "made", "made"]
    assert room.table.state.totals == [0, 10, 10]
    # the summary stays while the next deal is played (a page that opens sees it) …
    assert room.table.state.current_player() >= 0 and summary(room, 0, "sv") == mine
    # … until that one is over
    play_a_deal(room)
    assert summary(room, 0, "sv")["deal"] == 2


def test_priffe_the_state_says_the_contract_and_each_pairs_points() -> None:
    room = seeded_room("priffe", 7)
    play_a_deal(room)
    # P1 called spel at once; P1 & P3 took 4 tricks, P0 & P2 9: 3 over six below the
    # line and as much again above as the penalty, 60 in all, and a game at 30
    mine = summary(room, 0, "sv")
    assert mine["lines"] == [
        "Kontrakt: spel, spelat av P1 & P3 — inte klarat",
        "P0 & P2: 9 stick, 60 poäng (30 under strecket, 30 över)",
        "P1 & P3: 4 stick, 0 poäng (0 under strecket, 0 över)",
        "P0 & P2 vinner en utgång",
    ]
    assert mine["you"] == "Du och P2 spelade mot spel och tog 9 stick — 60 poäng"
    assert rows(mine) == [
        ("P0", None, 5, 60, None, None, None),
        ("P1", "spel", 1, 0, None, False, "inte klarat"),
        ("P2", None, 4, 60, None, None, None),
        ("P3", None, 3, 0, None, False, "inte klarat"),
    ]
    assert summary(room, 3, "en")["you"] == (
        "You and P1 played spel and took 4 tricks — not made, 0 points"
    )
    assert summary(room, None, "en")["lines"][0] == "Contract: spel, played by P1 & P3 — not made"


def test_tremanswhist_the_state_says_each_seats_tricks_against_its_target() -> None:
    room = seeded_room("tremanswhist", 7)
    play_a_deal(room)
    # upcard 9♦: plus without trump; P1 took the fourth pile (−1); par 4 tricks each
    mine = summary(room, 1, "en")
    assert mine["lines"] == [
        "Plus, no trumps: points = tricks taken − target",
        "P1 took the fourth pile (−1)",
    ]
    assert mine["you"] == (
        "You took the fourth pile (−1) and 3 tricks against your target of 4 — score −2"
    )
    assert rows(mine) == [
        ("P0", None, 6, 2, 4, True, "made"),
        ("P1", None, 3, -2, 4, False, "missed"),
        ("P2", None, 4, 0, 4, True, "made"),
    ]
    assert summary(room, 0, "sv")["you"] == "Du tog 6 stick mot kravet 4 — +2 poäng"


@pytest.mark.parametrize("rules", ["plump(players=3,max_cards=2)", "priffe", "tremanswhist"])
def test_the_summary_names_no_card(rules: str) -> None:
    room = seeded_room(rules, 11)
    play_a_deal(room)
    for person in (*range(len(room.persons)), None):
        for lang in ("sv", "en"):
            last = summary(room, person, lang)
            assert last["deal"] == 1 and not cards_in(last), last


# --- the pause --------------------------------------------------------------------------------
def deal_gaps(deal_pause: float, *, watching: bool, dismiss: bool) -> list[float]:
    """Anna and two bots play plump(players=3,max_cards=2) on a paced table: the seconds
    from each deal's last card to the next deal.  ``watching``: Anna has the page open;
    ``dismiss``: she closes each summary as soon as the deal is over."""

    async def play() -> list[float]:
        store = open_store("sqlite://:memory:")
        rooms = Rooms(store, bot_delay=0.01, trick_pause=0.05, deal_pause=deal_pause)
        seats = [SeatSpec("Anna"), SeatSpec("Björn", "random"), SeatSpec("Cissi", "random")]
        room = rooms.add(Room.create(store, "plump(players=3,max_cards=2)", seats))
        anna = room.persons[0]
        if watching:
            room.connections.append(Connection(anna, "sv", ui=True))
            room.connections.append(Connection(None, "sv", ui=True))  # a spectator: no wait
        ended: list[float] = []
        dealt: list[float] = []

        def note(event: Event) -> None:
            state = room.table.state
            if event.kind == "deal" and len(state.deal_records):
                dealt.append(time.monotonic())
            elif event.kind == "action" and (state.is_chance() or state.is_terminal()):
                ended.append(time.monotonic())

        room.table.subscribe(note)
        room.start()
        while not room.table.is_terminal():
            await asyncio.sleep(0.005)
            done = len(room.table.state.deal_records)
            if dismiss and done:
                room.deal_seen(anna, done)
            if room.table.to_act() is anna:
                room.act(anna, room.table.legal_actions()[0], room.table.version)
        assert len(ended) == 3 and len(dealt) == 2  # three deals: 2, 1 and 2 cards
        return [d - e for e, d in zip(ended, dealt, strict=False)]

    return asyncio.run(play())


def test_the_bots_wait_the_deal_pause_while_a_person_reads_the_summary() -> None:
    for gap in deal_gaps(1.5, watching=True, dismiss=False):
        assert gap >= 1.5 + 0.05, gap  # the last trick's pause, then the summary's


def test_the_next_deal_comes_once_everyone_watching_has_closed_the_summary() -> None:
    for gap in deal_gaps(30.0, watching=True, dismiss=True):
        assert gap < 5, gap


def test_nobody_watching_nobody_waits() -> None:
    for gap in deal_gaps(30.0, watching=False, dismiss=False):
        assert gap < 5, gap

"""The trick pause on the server: the event that finishes a trick carries the whole
trick (its cards are public by then), and the bots wait the pause before the next move,
so every page can show the finished trick in full."""

from __future__ import annotations

import asyncio
import time
from typing import Any

from stickspel.server.rooms import Connection, Room, Rooms, SeatSpec
from stickspel.server.store import open_store

BOTS = [SeatSpec("Anna", "random"), SeatSpec("Björn", "random"), SeatSpec("Cissi", "random")]


def test_bots_wait_the_trick_pause_and_the_event_carries_the_trick() -> None:
    async def play() -> tuple[list[tuple[float, int]], dict[int, dict[str, Any]], list[Any]]:
        store = open_store("sqlite://:memory:")
        rooms = Rooms(store, bot_delay=0.02, trick_pause=0.3)
        room = rooms.add(Room.create(store, "plump(players=3,max_cards=2)", BOTS))
        times: list[tuple[float, int]] = []
        room.table.subscribe(lambda e: times.append((time.monotonic(), e.seq)))
        room.start()
        while not room.table.is_terminal():
            await asyncio.sleep(0.02)
        messages = room.pending(Connection(None, "en"))
        return times, dict(room.tricks), messages

    times, tricks, messages = asyncio.run(play())
    assert len(tricks) == 5  # plump(players=3,max_cards=2): deals of 2, 1 and 2 cards
    at = {seq: t for t, seq in times}
    for seq, trick in tricks.items():
        assert len(trick["cards"]) == 3 and trick["winner"] in (0, 1, 2)
        later = [t for t, s in times if s > seq]
        if later:  # the next move (or deal) waited for the finished trick to be seen
            assert later[0] - at[seq] >= 0.3, (seq, later[0] - at[seq])
    events = [m for m in messages if m["type"] == "event"]
    with_trick = [e for e in events if e["trick"] is not None]
    assert [e["seq"] for e in with_trick] == sorted(tricks)
    assert all(e["trick_winner"] == e["trick"]["winner"] for e in with_trick)

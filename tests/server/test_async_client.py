"""``stickspel.client.AsyncClient``: three asyncio connections play a game to the end."""

from __future__ import annotations

import asyncio

import pytest
from server_helpers import PLUMP, Running

from stickspel.client import AsyncClient, ServerError, create_table


async def _seat(client: AsyncClient) -> tuple[int, dict[str, object]]:
    """Play the first legal action whenever it is this seat's turn (a refusal raises);
    the number of actions sent, and the final state."""
    sent, acted = 0, -1
    while True:
        msg = await client.recv()
        if msg["type"] == "error":
            raise ServerError(msg)
        if msg["type"] == "state":
            if msg["terminal"]:
                return sent, msg
            if msg["legal"] and msg["version"] > acted:
                acted = msg["version"]
                await client.act(msg["legal"][0]["action"], msg["version"])
                sent += 1


def test_async_clients_play_a_game(live: Running) -> None:
    seats = [{"name": "A"}, {"name": "B"}, {"name": "C"}]
    made = create_table(live.url, rules=PLUMP, seats=seats)

    async def main() -> list[tuple[int, dict[str, object]]]:
        clients = [await AsyncClient.open(live.url, made["id"], s["token"]) for s in made["seats"]]
        try:
            return await asyncio.wait_for(asyncio.gather(*(_seat(c) for c in clients)), 60)
        finally:
            for c in clients:
                await c.close()

    results = asyncio.run(main())
    ends = [end for _, end in results]
    assert all(end["version"] == ends[0]["version"] for end in ends)
    # every action was a person's (no bots): what they sent is every action of the game
    room = live.app.state.rooms.get(made["id"])
    actions = sum(1 for e in room.table.events() if e.kind == "action")
    assert sum(acks for acks, _ in results) == actions > 0


def test_async_client_refused_token(live: Running) -> None:
    made = create_table(live.url, rules=PLUMP, seats=[{"name": "A"}, {"name": "B"}, {"name": "C"}])
    with pytest.raises(ServerError):
        asyncio.run(AsyncClient.open(live.url, made["id"], "wrong"))

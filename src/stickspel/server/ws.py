"""The websocket ``/ws/tables/{table_id}``: one per connected person, speaking the
protocol of ``docs/protocol.md`` (hello, welcome, then acts and events)."""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from fastapi import FastAPI, WebSocket, WebSocketDisconnect

from stickspel.core import InvalidActionError, StickspelError
from stickspel.server.common import LANGS, log, rooms_of
from stickspel.server.rooms import Connection, Room

__all__ = ["add_routes"]


def add_routes(app: FastAPI) -> None:
    app.websocket("/ws/tables/{table_id}")(play)


async def play(websocket: WebSocket, table_id: str) -> None:
    await websocket.accept()
    room = rooms_of(websocket).get(table_id)
    if room is None:
        await websocket.send_json({"type": "error", "code": "no_table", "message": table_id})
        await websocket.close(4404)
        return
    conn = await _receive_hello(websocket, room)
    if conn is None:
        return
    await _welcome(websocket, room, conn)
    await _serve(websocket, room, conn)


async def _receive_hello(websocket: WebSocket, room: Room) -> Connection | None:
    """The connection the client's hello asks for; ``None`` (the socket closed) when
    there is no hello within 30 s, or it does not hold a token of this table."""
    try:
        hello = await asyncio.wait_for(websocket.receive_json(), 30)
    except (TimeoutError, WebSocketDisconnect, ValueError, KeyError):
        await _close(websocket, 4400)
        return None
    if not isinstance(hello, dict):
        await _close(websocket, 4400)
        return None
    lang = hello.get("lang") if hello.get("lang") in LANGS else "sv"
    token = hello.get("token")
    person = room.person_of(token) if isinstance(token, str) and token else False
    if hello.get("type") != "hello" or person is False:
        msg = "not a token of this table" if lang == "en" else "inte en nyckel till bordet"
        await websocket.send_json({"type": "error", "code": "token", "message": msg})
        await _close(websocket, 4403)
        return None
    conn = Connection(person, str(lang), ui=hello.get("ui") is True)
    since = hello.get("since")
    # a reconnecting client says how many events it already knows: it is sent only the rest
    conn.sent = since if isinstance(since, int) and 0 <= since <= room.table.version else 0
    return conn


async def _welcome(websocket: WebSocket, room: Room, conn: Connection) -> None:
    """Send the welcome, then join ``conn`` to the room with what it has not seen queued."""
    person = conn.person
    await websocket.send_json(
        {
            "type": "welcome",
            "table": room.info(),
            "person": None if person is None else room.table.person_index(person),
            "spectator": person is None,
            "protocol": 1,
        }
    )
    room.connections.append(conn)
    for first in room.pending(conn):
        conn.queue.put_nowait(first)
    log.info("connected", extra={"table": room.id, "spectator": person is None})


async def _serve(websocket: WebSocket, room: Room, conn: Connection) -> None:
    """Answer the client's messages until it goes; a separate task sends ``conn``'s
    queue, so events from other connections reach it while this one waits to read."""
    sender = asyncio.create_task(_send_loop(websocket, conn))
    try:
        while True:
            reply = _handle(room, conn, await websocket.receive_json())
            if reply is not None:
                conn.queue.put_nowait(reply)
    except (WebSocketDisconnect, RuntimeError):
        pass
    except (ValueError, KeyError):  # not JSON, or a binary frame
        await _close(websocket, 4400)
    finally:
        room.connections.remove(conn)
        sender.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await sender
        log.info("disconnected", extra={"table": room.id})


def _handle(room: Room, conn: Connection, msg: Any) -> dict[str, Any] | None:
    """One client message: the reply to queue (events go to every connection)."""
    if not isinstance(msg, dict):
        return {"type": "error", "code": "malformed", "message": "a JSON object, please"}
    kind = msg.get("type")
    if kind == "ping":
        return {"type": "pong", "version": room.table.version}
    if kind == "sync":
        for m in room.pending(conn):
            conn.queue.put_nowait(m)
        return None
    if kind == "back":
        if conn.person is not None and room.come_back(conn.person):
            room.flush()
        return None
    if kind != "act":
        return {"type": "error", "code": "malformed", "message": f"unknown type {kind!r}"}
    return _act(room, conn, msg)


def _act(room: Room, conn: Connection, msg: dict[str, Any]) -> dict[str, Any]:
    """An ``act`` message: its ack, or the error that refuses it."""
    ident = msg.get("id")
    if conn.person is None:
        text = "spectators cannot play" if conn.lang == "en" else "åskådare kan inte spela"
        return {"type": "error", "code": "spectator", "message": text, "id": ident}
    if room.status == "waiting":
        text = "the game has not started" if conn.lang == "en" else "partiet har inte börjat"
        return {"type": "error", "code": "not_started", "message": text, "id": ident}
    action, version = msg.get("action"), msg.get("version")
    try:
        if isinstance(action, str):
            action = room.table.state.string_to_action(action)
        if not isinstance(action, int) or isinstance(action, bool):
            raise InvalidActionError(
                "an action is a number or a text", sv="ett drag är ett tal eller en text"
            )
        if not isinstance(version, int) or isinstance(version, bool):
            text = "an action names the version it acts on"
            if conn.lang == "sv":
                text = "ett drag anger vilken version det gäller"
            return {"type": "error", "code": "malformed", "message": text, "id": ident}
        seq = room.act(conn.person, action, version)
    except StickspelError as e:
        return {**room.error_message(e, conn), "id": ident}
    log.info("action", extra={"table": room.id, "seq": seq, "version": room.table.version})
    room.flush()
    return {"type": "ack", "id": ident, "seq": seq, "version": room.table.version}


async def _send_loop(websocket: WebSocket, conn: Connection) -> None:
    while True:
        msg = await conn.queue.get()
        await websocket.send_json(msg)


async def _close(websocket: WebSocket, code: int) -> None:
    # the client may already be gone: closing is best effort
    with contextlib.suppress(Exception):
        await websocket.close(code)

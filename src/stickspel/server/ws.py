"""The websocket ``/ws/tables/{table_id}``: one per connected person, speaking the
protocol of ``docs/protocol.md`` (hello, welcome, then acts and events).

Every frame is read through :mod:`~stickspel.server.wsguard` (size, depth, JSON,
rate, origin) before it reaches the table."""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from fastapi import FastAPI, WebSocket, WebSocketDisconnect

from stickspel.core import InvalidActionError, StickspelError
from stickspel.i18n import render
from stickspel.safetext import plain
from stickspel.server import hints, wsguard
from stickspel.server.common import LANGS, log, request_lang, rooms_of
from stickspel.server.deltas import encode
from stickspel.server.rooms import Connection, Message, Room
from stickspel.server.wsguard import (
    CLOSE_FLOOD,
    CLOSE_MALFORMED,
    CLOSE_ORIGIN,
    CLOSE_SLOW,
    HELLO_SECONDS,
    BadMessage,
    RateLimit,
    origin_ok,
    parse_message,
    receive_frame,
)

__all__ = ["add_routes", "PROTOCOL"]

#: The newest protocol the server speaks (docs/protocol.md): 2 sends deltas.
PROTOCOL = 2


def add_routes(app: FastAPI) -> None:
    app.websocket("/ws/tables/{table_id}")(play)


async def play(websocket: WebSocket, table_id: str) -> None:
    await websocket.accept()
    if not origin_ok(websocket):
        await _refuse(websocket, _error("origin", request_lang(websocket)), CLOSE_ORIGIN)
        return
    room = rooms_of(websocket).get(table_id)
    if room is None:
        no_table = {"type": "error", "code": "no_table", "message": table_id}
        await _refuse(websocket, no_table, 4404)
        return
    conn = await _receive_hello(websocket, room)
    if conn is None or not await _welcome(websocket, room, conn):
        return
    await _serve(websocket, room, conn)


async def _receive_hello(websocket: WebSocket, room: Room) -> Connection | None:
    """The connection the client's hello asks for; ``None`` (the socket closed) when
    there is no hello within :data:`HELLO_SECONDS`, or it does not hold a token of
    this table."""
    try:
        frame = await asyncio.wait_for(receive_frame(websocket), HELLO_SECONDS)
        hello = parse_message(frame)
    except TimeoutError:
        no_hello = _error("no_hello", request_lang(websocket), seconds=f"{HELLO_SECONDS:g}")
        await _refuse(websocket, no_hello, CLOSE_MALFORMED)
        return None
    except (WebSocketDisconnect, RuntimeError):
        await _close(websocket, CLOSE_MALFORMED)  # gone: there is no one to tell
        return None
    except BadMessage as e:
        await _refuse(websocket, _bad_message(e, request_lang(websocket)), CLOSE_MALFORMED)
        return None
    lang = hello.get("lang") if hello.get("lang") in LANGS else "sv"
    token = hello.get("token")
    person = room.person_of(token) if isinstance(token, str) and token else False
    if hello.get("type") != "hello" or person is False:
        await _refuse(websocket, _error("token", str(lang)), 4403)
        return None
    conn = Connection(
        person,
        str(lang),
        limit=wsguard.SEND_QUEUE_LIMIT,
        ui=hello.get("ui") is True,
        protocol=_protocol(hello),
    )
    since = hello.get("since")
    # a reconnecting client says how many events it already knows: it is sent only the rest
    conn.sent = since if isinstance(since, int) and 0 <= since <= room.table.version else 0
    return conn


async def _welcome(websocket: WebSocket, room: Room, conn: Connection) -> bool:
    """Send the welcome, then join ``conn`` to the room with what it has not seen queued;
    ``False`` when the socket was closed meanwhile."""
    person = conn.person
    welcome = {
        "type": "welcome",
        "table": room.info(),
        "person": None if person is None else room.table.person_index(person),
        "spectator": person is None,
        "protocol": conn.protocol,
    }
    if not await _send(websocket, welcome):
        return False
    room.connections.append(conn)
    conn.send(list(room.pending(conn)))  # one item of its queue, however long a history
    log.info("connected", extra={"table": room.id, "spectator": person is None})
    return True


async def _serve(websocket: WebSocket, room: Room, conn: Connection) -> None:
    """Answer the client's messages until it goes; a separate task sends ``conn``'s
    queue, so events from other connections reach it while this one waits to read."""
    sender = asyncio.create_task(_send_loop(websocket, conn))

    def overflow() -> None:  # the client does not read: drop it (docs/protocol.md)
        log.info("too slow", extra={"table": room.id})
        sender.cancel()
        dropping.append(asyncio.get_running_loop().create_task(_close(websocket, CLOSE_SLOW)))

    dropping: list[asyncio.Task[None]] = []  # the close, kept from the garbage collector
    conn.on_overflow = overflow
    limit = RateLimit()
    try:
        while True:
            frame = await receive_frame(websocket)
            if not limit.take():
                if limit.flooding_too_long():
                    log.info("flooding", extra={"table": room.id})
                    await _refuse(websocket, _error("flood", conn.lang), CLOSE_FLOOD)
                    return
                if limit.flood_started:  # one error per flood, not one per message
                    conn.send(_rate_limited(frame, conn.lang))
                continue
            try:
                reply = await _handle(room, conn, parse_message(frame))
            except BadMessage as e:  # one line: what was refused (never the frame itself)
                log.info("malformed message", extra={"table": room.id, "reason": e.key})
                reply = _bad_message(e, conn.lang)
            if reply is not None and reply["type"] == "ack":
                limit.give_back()
            if reply is not None:
                conn.send(reply)
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        room.connections.remove(conn)
        sender.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await sender
        log.info("disconnected", extra={"table": room.id})


def _protocol(hello: dict[str, Any]) -> int:
    """The protocol the hello asks for: 2 (deltas) when it says so, else 1 (a whole
    state after every change, as clients that name none expect)."""
    asked = hello.get("protocol")
    return PROTOCOL if isinstance(asked, int) and asked >= PROTOCOL else 1


async def _handle(room: Room, conn: Connection, msg: dict[str, Any]) -> dict[str, Any] | None:
    """One client message: the reply to queue (events go to every connection)."""
    kind = msg.get("type")
    if kind == "ping":
        return {"type": "pong", "version": room.table.version}
    if kind == "sync":
        conn.send(list(room.pending(conn)))
        return None
    if kind == "back":
        if conn.person is not None and room.come_back(conn.person):
            room.flush()
        return None
    if kind == "hint":  # the coach: answered later, off the event loop
        return hints.ask(room, conn, msg)
    if kind == "deal_seen":  # the deal's summary dismissed: the next deal need not wait
        deal = msg.get("deal")
        if conn.person is not None and isinstance(deal, int) and not isinstance(deal, bool):
            room.deal_seen(conn.person, deal)
        return None
    if kind != "act":
        # the client's own text, in one line: its controls made visible
        return _error("malformed", conn.lang, key="ws.unknown_type", kind=plain(kind, limit=40))
    return await _act(room, conn, msg)


async def _act(room: Room, conn: Connection, msg: dict[str, Any]) -> dict[str, Any]:
    """An ``act`` message: its ack once its event (and the bots' after it) is durable
    and sent to everyone, or the error that refuses it."""
    ident = msg.get("id")
    if conn.person is None:
        return {**_error("spectator", conn.lang), "id": ident}
    if room.status == "waiting":
        return {**_error("not_started", conn.lang), "id": ident}
    action, version = msg.get("action"), msg.get("version")
    try:
        if isinstance(action, str):
            action = room.table.state.string_to_action(action)
        if not isinstance(action, int) or isinstance(action, bool):
            raise InvalidActionError("server.error.action_type")
        if not isinstance(version, int) or isinstance(version, bool):
            return {**_error("malformed", conn.lang, key="ws.no_version"), "id": ident}
        seq = room.act(conn.person, action, version)
        if room.settled():  # stored at once (no group commit): send it now
            room.flush()
        else:  # the commit sends it to everyone, then this answers
            conn.acting = True
            try:
                await room.stored()
            finally:
                conn.acting = False
    except StickspelError as e:
        return {**room.error_message(e, conn), "id": ident}
    # per action: at debug level only (a line a move costs more than the move's own work)
    log.debug("action", extra={"table": room.id, "seq": seq, "version": room.table.version})
    return {"type": "ack", "id": ident, "seq": seq, "version": room.table.version}


def _error(code: str, lang: str, key: str | None = None, **params: Any) -> dict[str, Any]:
    """An ``error`` message worded by the catalogue key ``ws.<code>`` (or ``key``)."""
    return {"type": "error", "code": code, "message": render(key or f"ws.{code}", params, lang)}


def _bad_message(e: BadMessage, lang: str) -> dict[str, Any]:
    return _error(e.code, lang, key=e.key, **e.params)


def _rate_limited(frame: str | bytes, lang: str) -> dict[str, Any]:
    """The error of the first message dropped in a flood; it answers that message's
    ``id`` when it had one, so a client waiting for its answer hears of it."""
    reply = _error("rate_limited", lang)
    with contextlib.suppress(BadMessage):
        ident = parse_message(frame).get("id")
        if ident is not None:
            reply["id"] = ident
    return reply


async def _send_loop(websocket: WebSocket, conn: Connection) -> None:
    """Send ``conn``'s outbox: to a protocol-2 connection everything queued by the time
    it runs (a change's events and delta, an ack) as one frame, a list; else each
    message as its own frame.  The commit that makes a connection's own action durable
    wakes this one step before the action's answer is queued: a connection waiting for
    its ack lets that step run first, so that the ack goes in the same frame."""
    while True:
        batch = await conn.taken()
        if conn.acting:  # the commit's events came: let the ack join them in this frame
            await asyncio.sleep(0)
            batch.extend(conn.take())
        texts = _texts(batch)
        if conn.protocol < PROTOCOL:
            for text in texts:
                await websocket.send_text(text)
            continue
        for at in range(0, len(texts), FRAME_MESSAGES):
            part = texts[at : at + FRAME_MESSAGES]
            await websocket.send_text(part[0] if len(part) == 1 else "[" + ",".join(part) + "]")


#: The most messages one list frame holds (a joining client's history may be long).
FRAME_MESSAGES = 200


def _texts(batch: list[Message]) -> list[str]:
    """The messages' texts (some were encoded once for several connections).  One that
    cannot be encoded is left out with a log line rather than ending the sending: the
    messages are checked as they come in, so this is a fault of the server's own."""
    texts = []
    for msg in batch:
        try:
            texts.append(msg if isinstance(msg, str) else encode(msg))
        except (TypeError, ValueError) as e:  # orjson.JSONEncodeError is a TypeError
            kind = msg.get("type") if isinstance(msg, dict) else None
            log.error("unsendable message", extra={"kind": kind, "reason": str(e)})
    return texts


async def _send(websocket: WebSocket, msg: dict[str, Any]) -> bool:
    """Send ``msg``; ``False`` when the socket is gone (the client left, or uvicorn
    closed it over a frame it refused while this message was being prepared)."""
    try:
        await websocket.send_json(msg)
    except (WebSocketDisconnect, RuntimeError, OSError):
        return False
    return True


async def _refuse(websocket: WebSocket, error: dict[str, Any], code: int) -> None:
    """Send one ``error`` and close with ``code``."""
    if await _send(websocket, error):
        await _close(websocket, code)


async def _close(websocket: WebSocket, code: int) -> None:
    # the client may already be gone: closing is best effort
    with contextlib.suppress(Exception):
        await websocket.close(code)

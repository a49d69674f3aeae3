"""The FastAPI app: REST for tables, a websocket per connected person, the web UI.

>>> from stickspel.server.store import open_store
>>> app = create_app(open_store("sqlite://:memory:"))
>>> sorted(r.path for r in app.routes if r.path.startswith("/api/tables"))[:2]
['/api/tables', '/api/tables']
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from importlib.resources import files
from pathlib import Path
from typing import Any, Literal

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from jinja2 import Environment, FileSystemLoader, select_autoescape
from pydantic import BaseModel, Field

import stickspel
from stickspel.core import InvalidActionError, RulesError, StickspelError
from stickspel.games import GAMES
from stickspel.server.rooms import Connection, Room, Rooms, SeatSpec
from stickspel.server.store import Store, open_store

__all__ = ["create_app", "SeatIn", "CreateTable"]

log = logging.getLogger("stickspel.server")

_HERE = Path(str(files("stickspel.server")))
LANGS = ("sv", "en")


class SeatIn(BaseModel):
    name: str = Field(min_length=1, max_length=40)
    bot: str | None = None


class CreateTable(BaseModel):
    """``rules`` is the rules text (``"plump(players=3,max_cards=2)"``, a preset may
    stand first); or ``game`` with ``preset`` and ``options``."""

    rules: str | None = None
    game: str = "plump"
    preset: str | None = None
    options: dict[str, Any] = Field(default_factory=dict)
    seats: list[SeatIn]
    start: bool = True


class TokenIn(BaseModel):
    token: str


class ProtokollIn(BaseModel):
    token: str
    format: Literal["html", "pdf"] = "html"
    lang: Literal["sv", "en"] = "sv"


class QrIn(BaseModel):
    text: str = Field(min_length=1, max_length=500)


def qr_svg(text: str) -> bytes:
    """``text`` (a join link) as a QR code in SVG (pure Python: ``qrcode``)."""
    import io

    import qrcode
    import qrcode.image.svg

    image = qrcode.make(text, image_factory=qrcode.image.svg.SvgPathImage, border=2)
    out = io.BytesIO()
    image.save(out)
    return out.getvalue()


def _rules_text(body: CreateTable) -> str:
    from stickspel.games import load_game

    if body.rules:
        return load_game(body.rules).rules.to_text()
    text = f"{body.game}({body.preset})" if body.preset else body.game
    return load_game(text, **body.options).rules.to_text()


def _lang(request: Request) -> str:
    q = request.query_params.get("lang")
    if q in LANGS:
        return q
    accept = request.headers.get("accept-language", "")
    return "en" if accept.lower().startswith("en") else "sv"


def _error(status: int, code: str, message: str, sv: str | None = None) -> JSONResponse:
    return JSONResponse(
        {"error": {"code": code, "message": message, "sv": sv or message}}, status_code=status
    )


def create_app(
    store: Store | None = None, database: str | None = None, *, bot_delay: float = 0.0
) -> FastAPI:
    """The server over ``store`` (or the store at ``database``; default: the data folder);
    bots move every ``bot_delay`` seconds (0: at once, in the call that gave them the turn).

    Every handler is ``async``: the tables live on the event loop's one thread,
    so each change to a table happens between two awaits, never concurrently.
    """
    store = store if store is not None else open_store(database)
    rooms = Rooms(store, bot_delay)

    @contextlib.asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        rooms.resume_bots()  # tables reloaded where a bot was to act
        yield

    app = FastAPI(title="stickspel", version=stickspel.__version__, lifespan=lifespan)
    app.state.rooms = rooms
    app.state.store = store
    templates = Environment(
        loader=FileSystemLoader(str(_HERE / "templates")),
        autoescape=select_autoescape(["html"]),
    )
    app.mount("/static", StaticFiles(directory=str(_HERE / "static")), name="static")

    @app.middleware("http")
    async def access_log(
        request: Request, call_next: Callable[[Request], Awaitable[Response]]
    ) -> Response:
        start = time.perf_counter()
        response = await call_next(request)
        log.info(
            "request",
            extra={
                "method": request.method,
                "path": request.url.path,  # never the query: it could hold a token
                "status": response.status_code,
                "ms": round((time.perf_counter() - start) * 1000, 1),
            },
        )
        return response

    # --- REST ----------------------------------------------------------------------
    @app.get("/api/health")
    async def health() -> dict[str, Any]:
        return {
            "status": "ok",
            "stickspel": stickspel.__version__,
            "database": {"kind": store.kind, "version": store.server_version()},
            "tables": len(rooms.rooms),
        }

    @app.get("/api/games")
    async def games() -> dict[str, Any]:
        from stickspel.bots import bot_names

        return {
            name: {
                "title_sv": spec.title_sv,
                "title_en": spec.title_en,
                "rules": spec.rules().to_text(),
                "players": spec.state(spec.rules()).num_players,  # type: ignore[call-arg]
                "bots": bot_names(name),
            }
            for name, spec in GAMES.items()
        }

    @app.get("/api/tables")
    async def list_tables() -> list[dict[str, Any]]:
        return rooms.listing()

    @app.post("/api/tables", status_code=201, response_model=None)
    async def create_table(body: CreateTable, request: Request) -> dict[str, Any] | JSONResponse:
        try:
            rules = _rules_text(body)
            room = Room.create(store, rules, [SeatSpec(s.name, s.bot) for s in body.seats])
        except (RulesError, TypeError, ValueError) as e:
            return _error(400, "rules", str(e), getattr(e, "sv", None))
        rooms.add(room)
        if body.start:
            room.start()
        return _created(room)

    @app.get("/api/tables/{table_id}", response_model=None)
    async def get_table(table_id: str) -> dict[str, Any] | JSONResponse:
        room = rooms.get(table_id)
        if room is None:
            return _error(404, "no_table", f"no table {table_id}", f"inget bord {table_id}")
        return room.info()

    @app.post("/api/tables/{table_id}/start", response_model=None)
    async def start_table(table_id: str, body: TokenIn) -> dict[str, Any] | JSONResponse:
        room = rooms.get(table_id)
        if room is None:
            return _error(404, "no_table", f"no table {table_id}", f"inget bord {table_id}")
        if not room.is_host(body.token):
            return _error(403, "token", "not a token of this table", "inte en nyckel till bordet")
        room.start()
        room.flush()
        return room.info()

    @app.post("/api/tables/{table_id}/rematch", response_model=None)
    async def rematch(table_id: str, body: TokenIn) -> dict[str, Any] | JSONResponse:
        room = rooms.get(table_id)
        if room is None:
            return _error(404, "no_table", f"no table {table_id}", f"inget bord {table_id}")
        if not room.is_host(body.token):
            return _error(403, "token", "not a token of this table", "inte en nyckel till bordet")
        if not room.table.is_terminal():
            return _error(409, "not_over", "the game is not over", "partiet är inte slut")
        new = rooms.rematch(room)
        for conn in room.connections:
            conn.queue.put_nowait({"type": "rematch", "table": new.id})
        return {**new.info(), "table_url": f"/t/{new.id}"}

    @app.post("/api/tables/{table_id}/protokoll", response_model=None)
    async def protokoll(table_id: str, body: ProtokollIn) -> Response:
        # POST with the seat token in the body: the sheet is that seat's view
        room = rooms.get(table_id)
        if room is None:
            return _error(404, "no_table", f"no table {table_id}", f"inget bord {table_id}")
        person = room.person_of(body.token)
        if not person:
            return _error(403, "token", "not a seat token of this table", "inte en platsnyckel")
        if room.table.version == 0:
            return _error(409, "not_started", "the game has not started", "partiet har inte börjat")
        data = room.protokoll(person, body.lang, body.format)
        if body.format == "pdf":
            headers = {"content-disposition": f'attachment; filename="protokoll-{room.id}.pdf"'}
            return Response(data, media_type="application/pdf", headers=headers)
        return Response(data, media_type="text/html; charset=utf-8")

    @app.post("/api/qr")
    async def qr(body: QrIn) -> Response:
        # POST, not GET: a join link holds a seat token, which must not sit in a URL
        return Response(qr_svg(body.text), media_type="image/svg+xml")

    # --- pages -----------------------------------------------------------------------
    @app.get("/", response_class=HTMLResponse)
    async def lobby(request: Request) -> str:
        lang = _lang(request)
        return templates.get_template("lobby.html").render(
            lang=lang, tables=rooms.listing(), games=GAMES, version=stickspel.__version__
        )

    @app.get("/t/{table_id}", response_class=HTMLResponse, response_model=None)
    async def table_page(table_id: str, request: Request) -> str | JSONResponse:
        room = rooms.get(table_id)
        if room is None:
            return _error(404, "no_table", f"no table {table_id}", f"inget bord {table_id}")
        lang = _lang(request)
        return templates.get_template("table.html").render(
            lang=lang, table=room.info(), info_json=json.dumps(room.info())
        )

    # --- the websocket ------------------------------------------------------------------
    @app.websocket("/ws/tables/{table_id}")
    async def play(websocket: WebSocket, table_id: str) -> None:
        await websocket.accept()
        room = rooms.get(table_id)
        if room is None:
            await websocket.send_json({"type": "error", "code": "no_table", "message": table_id})
            await websocket.close(4404)
            return
        try:
            hello = await asyncio.wait_for(websocket.receive_json(), 30)
        except (TimeoutError, WebSocketDisconnect, ValueError, KeyError):
            await _close(websocket, 4400)
            return
        if not isinstance(hello, dict):
            await _close(websocket, 4400)
            return
        lang = hello.get("lang") if hello.get("lang") in LANGS else "sv"
        token = hello.get("token")
        person = room.person_of(token) if isinstance(token, str) and token else False
        if hello.get("type") != "hello" or person is False:
            msg = "not a token of this table" if lang == "en" else "inte en nyckel till bordet"
            await websocket.send_json({"type": "error", "code": "token", "message": msg})
            await _close(websocket, 4403)
            return
        conn = Connection(person, str(lang))
        since = hello.get("since")
        conn.sent = since if isinstance(since, int) and 0 <= since <= room.table.version else 0
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

    return app


def _created(room: Room) -> dict[str, Any]:
    base = f"/t/{room.id}"
    seats = [
        {
            "name": spec["name"],
            "bot": spec.get("bot"),
            "token": spec["token"],
            "join_url": f"{base}#token={spec['token']}" if spec["token"] else None,
        }
        for spec in room.meta["persons"]
    ]
    return {
        **room.info(),
        "table_url": base,
        "seats": seats,
        "spectator_token": room.meta["spectator_token"],
        "spectator_url": f"{base}#token={room.meta['spectator_token']}",
        "host_token": room.meta["host_token"],
    }


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
    if kind != "act":
        return {"type": "error", "code": "malformed", "message": f"unknown type {kind!r}"}
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
    with contextlib.suppress(Exception):
        await websocket.close(code)

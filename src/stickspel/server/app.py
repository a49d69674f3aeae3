"""The FastAPI app: REST for tables, a websocket per connected person, the web UI.

:func:`create_app` only wires: the routes live in :mod:`~stickspel.server.meta`
(health, games), :mod:`~stickspel.server.tables` (tables REST, QR codes),
:mod:`~stickspel.server.pages` (the web UI) and :mod:`~stickspel.server.ws`
(the websocket), each with an ``add_routes(app)``; the handlers reach the tables
through ``app.state``.

>>> from stickspel.server.store import open_store
>>> app = create_app(open_store("sqlite://:memory:"))
>>> sorted(r.path for r in app.routes if r.path.startswith("/api/tables"))[:2]
['/api/tables', '/api/tables/{table_id}']
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable

from fastapi import FastAPI, Request
from fastapi.responses import Response
from fastapi.staticfiles import StaticFiles
from jinja2 import Environment, FileSystemLoader, select_autoescape

import stickspel
from stickspel.server import meta, pages, replays, sheets, tables, ws, wsguard
from stickspel.server.commits import GroupCommit
from stickspel.server.common import HERE, log
from stickspel.server.httpguard import BodyGuard, SafetyHeaders
from stickspel.server.logs import quiet_bad_utf8_frames
from stickspel.server.rooms import DEAL_PAUSE, TRICK_PAUSE, Rooms
from stickspel.server.store import Store, open_store
from stickspel.server.sync import follow_changes
from stickspel.server.tables import CreateTable, SeatIn

__all__ = ["create_app", "SeatIn", "CreateTable"]


def create_app(
    store: Store | None = None,
    database: str | None = None,
    *,
    bot_delay: float = 0.0,
    trick_pause: float = TRICK_PAUSE,
    allowed_origins: Iterable[str] = (),
    deal_pause: float = DEAL_PAUSE,
) -> FastAPI:
    """The server over ``store`` (or the store at ``database``; default: the data folder);
    bots move every ``bot_delay`` seconds (0: at once, in the call that gave them the turn);
    a finished trick stays in view ``trick_pause`` seconds (pages, and bots before they go on),
    a finished deal's summary ``deal_pause`` seconds (less once everyone has dismissed it).
    Browser pages of ``allowed_origins`` (``scheme://host[:port]``) may open the websocket
    besides the server's own (:func:`~stickspel.server.wsguard.origin_allowed`); the
    REST API sends no CORS headers, so other sites' pages cannot read its answers.

    Every handler is ``async``: the tables live on the event loop's one thread,
    so each change to a table happens between two awaits, never concurrently.
    """
    store = store if store is not None else open_store(database)
    quiet_bad_utf8_frames()  # however uvicorn's logging is set up around the app
    # no /docs or /redoc: they load scripts from a CDN onto the origin whose storage holds
    # host tokens and join links (docs/protocol.md describes the API; /openapi.json stays)
    app = FastAPI(
        title="stickspel",
        version=stickspel.__version__,
        lifespan=_lifespan,
        docs_url=None,
        redoc_url=None,
    )
    app.state.rooms = Rooms(store, bot_delay, trick_pause, deal_pause)
    app.state.store = store
    app.state.allowed_origins = wsguard.allowed_origins(allowed_origins, env="")
    app.state.templates = Environment(
        loader=FileSystemLoader(str(HERE / "templates")),
        autoescape=select_autoescape(["html"]),
    )
    app.mount("/static", StaticFiles(directory=str(HERE / "static")), name="static")
    app.middleware("http")(access_log)
    # added last, run first: a hostile body is refused before anything reads it, and
    # every answer (refusals included) carries the safety headers
    app.add_middleware(BodyGuard)
    app.add_middleware(SafetyHeaders)
    # Each concern adds its routes to the app itself, not through an APIRouter: since
    # FastAPI 0.165 include_router puts one opaque entry in app.routes for a router.
    # In this order: it is the order of the routes and of the OpenAPI paths.
    for concern in (meta, tables, pages, ws, sheets, replays):
        concern.add_routes(app)
    return app


@contextlib.asynccontextmanager
async def _lifespan(app: FastAPI) -> AsyncIterator[None]:
    rooms: Rooms = app.state.rooms
    store: Store = app.state.store
    # the events are written by a thread, many to a commit, off the event loop
    store.committer = GroupCommit(store, asyncio.get_running_loop())
    rooms.resume_bots()  # tables reloaded where a bot was to act
    # with PostgreSQL, other processes may serve the same tables: hear of their events
    listener = asyncio.create_task(follow_changes(store, rooms)) if store.broadcasts else None
    yield
    if listener is not None:
        listener.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await listener
    committer, store.committer = store.committer, None
    await asyncio.to_thread(committer.stop)  # what is queued is stored


async def access_log(
    request: Request, call_next: Callable[[Request], Awaitable[Response]]
) -> Response:
    """One log line per HTTP request, with its status and time."""
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

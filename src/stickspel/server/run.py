"""Running the server: ``stickspel serve`` (uvicorn, JSON-line logs)."""

from __future__ import annotations

import gc
import logging
import os
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from stickspel.i18n import render
from stickspel.server.logs import setup_logging
from stickspel.server.store import open_store
from stickspel.server.wsguard import (
    PING_INTERVAL_SECONDS,
    PING_TIMEOUT_SECONDS,
    WS_MAX_SIZE,
    allowed_origins,
)

__all__ = ["serve"]


def serve(
    host: str = "127.0.0.1",
    port: int = 8000,
    database: str | None = None,
    bot_delay: float = 0.8,
    allow_origins: Sequence[str] = (),
    trick_pause: float = 1.2,
    lang: str = "sv",
    deal_pause: float = 5.0,
) -> None:
    """Serve on ``host:port`` with the store at ``database`` (default:
    ``$STICKSPEL_DATABASE`` or the data folder); bots move every ``bot_delay`` seconds, a
    finished trick stays in view ``trick_pause`` seconds and a finished deal's summary
    ``deal_pause`` seconds;
    pages of ``allow_origins`` and ``$STICKSPEL_ALLOWED_ORIGINS`` may open the websocket.
    :class:`~stickspel.server.store.StoreError` if the database cannot be used,
    :class:`~stickspel.server.wsguard.OriginError` (naming it) for an origin that is not an http(s) URL.
    Once it listens, one plain line on stdout in ``lang`` says the address to open (the
    logs are JSON lines on stderr)."""
    import uvicorn

    from stickspel.bots.warm import warm_in_background
    from stickspel.server.app import create_app

    origins = allowed_origins(allow_origins)  # before the store: a typo stops at once
    setup_logging()
    store = open_store(database)
    logging.getLogger("stickspel.server").info(
        "serving",
        extra={"host": host, "port": port, "database": store.kind, "tables": len(store.tables())},
    )
    config = uvicorn.Config(
        create_app(
            store,
            bot_delay=bot_delay,
            trick_pause=trick_pause,
            allowed_origins=origins,
            deal_pause=deal_pause,
        ),
        host=host,
        port=port,
        log_config=None,
        access_log=False,
        ws="websockets-sansio",
        ws_max_size=WS_MAX_SIZE,  # longer frames are refused (1009) before they are read
        ws_ping_interval=PING_INTERVAL_SECONDS,  # uvicorn's defaults, said here: documented
        ws_ping_timeout=PING_TIMEOUT_SECONDS,
        # frames are small (a delta: 200-400 bytes): compressing each costs more CPU than
        # the bytes it saves; STICKSPEL_WS_DEFLATE=1 turns it on (measured both ways)
        ws_per_message_deflate=os.environ.get("STICKSPEL_WS_DEFLATE") == "1",
    )
    # the search kernels compiled (or loaded) in the background once the server listens,
    # so that it does not slow the start; the bots search uncompiled until it is done
    warm = partial(warm_in_background, logging.getLogger("stickspel.server"))
    _announcing_server(config, _address(host, port), lang, warm).run()


#: Allocations between two collections of the youngest generation (Python's: 700).
GC_YOUNG = 10_000


def _calm_collector() -> None:
    """Fewer and shorter pauses of Python's cycle collector while serving: what is
    loaded by now (the code, the tables of the store) is set apart from it for good,
    and the youngest generation is collected every 10,000 allocations instead of 700.
    A server's messages are acyclic and freed as they go; with the defaults a full
    collection walked every live table's objects about once every 10 s at 250 tables,
    a pause of a quarter of a second (benchmarks/RESULTS.md, 2026-12-04)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(GC_YOUNG, 10, 10)


def _address(host: str, port: int) -> str:
    """The address a browser on this machine opens (all interfaces: this one's loopback)."""
    shown = "127.0.0.1" if host in ("0.0.0.0", "") else f"[{host}]" if ":" in host else host
    if host == "::":
        shown = "[::1]"
    return f"http://{shown}:{port}/"


def _announcing_server(
    config: Any, address: str, lang: str, then: Callable[[], object] = lambda: None
) -> Any:
    """uvicorn's server that says, once it listens, where to point a browser, and then
    calls ``then`` (uvicorn is imported only to serve)."""
    import uvicorn

    class Announcing(uvicorn.Server):
        async def startup(self, sockets: Any = None) -> None:
            await super().startup(sockets)
            if self.started:
                print(render("web.serve_ready", {"url": address}, lang), flush=True)
                _calm_collector()  # everything is loaded: the rest is what serving makes
                then()

    return Announcing(config)

"""The server's app on another ASGI server or websocket stack, for ``bench_load.py``'s
side-by-side runs only (``stickspel serve`` runs uvicorn with ``websockets-sansio``)::

    .venv/bin/python benchmarks/bench_load.py --server \\
        ".venv/bin/python benchmarks/serve_alt.py STACK {port}"

STACK: ``uvicorn-sansio`` (what ``stickspel serve`` runs), ``uvicorn-websockets``
(uvicorn's older asyncio implementation), ``uvicorn-wsproto``, ``hypercorn``,
``granian`` (one worker process).  The store is the default one (SQLite in
``$STICKSPEL_DATA``, durable), bots move after 0.8 s as ``stickspel serve``'s, and the
keepalive pings every 20 s where the server lets it be set.  Needs the stack installed
(``pip install wsproto hypercorn granian``).
"""

from __future__ import annotations

import sys
from typing import Any


def app() -> Any:
    """The app as ``stickspel serve`` makes it (granian imports this factory)."""
    from stickspel.server.app import create_app
    from stickspel.server.logs import setup_logging
    from stickspel.server.run import _calm_collector
    from stickspel.server.store import open_store

    setup_logging()
    app = create_app(open_store(None), bot_delay=0.8)
    _calm_collector()  # as stickspel serve does once it listens
    return app


def main(stack: str, port: int) -> None:
    from stickspel.server.wsguard import PING_INTERVAL_SECONDS, PING_TIMEOUT_SECONDS, WS_MAX_SIZE

    if stack.startswith("uvicorn-"):
        import uvicorn

        ws = {"sansio": "websockets-sansio", "websockets": "websockets", "wsproto": "wsproto"}
        uvicorn.run(
            app(),
            port=port,
            log_config=None,
            access_log=False,
            ws=ws[stack.removeprefix("uvicorn-")],
            ws_max_size=WS_MAX_SIZE,
            ws_ping_interval=PING_INTERVAL_SECONDS,
            ws_ping_timeout=PING_TIMEOUT_SECONDS,
            ws_per_message_deflate=False,
        )
    elif stack == "hypercorn":
        import asyncio

        from hypercorn.asyncio import serve
        from hypercorn.config import Config

        config = Config()
        config.bind = [f"127.0.0.1:{port}"]
        config.websocket_ping_interval = PING_INTERVAL_SECONDS
        config.websocket_max_message_size = WS_MAX_SIZE
        asyncio.run(serve(app(), config))
    elif stack == "granian":
        from granian.constants import Interfaces
        from granian.server import Server

        sys.path.insert(0, str(__import__("pathlib").Path(__file__).parent))
        Server(
            "serve_alt:app",
            address="127.0.0.1",
            port=port,
            interface=Interfaces.ASGI,
            workers=1,
            factory=True,
        ).serve()
    else:
        raise SystemExit(f"unknown stack {stack}")


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]))

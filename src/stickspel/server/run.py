"""Running the server: ``stickspel serve`` (uvicorn, JSON-line logs)."""

from __future__ import annotations

import logging

from stickspel.server.logs import setup_logging
from stickspel.server.store import open_store

__all__ = ["serve"]


def serve(
    host: str = "127.0.0.1", port: int = 8000, database: str | None = None, bot_delay: float = 0.8
) -> None:
    """Serve on ``host:port`` with the store at ``database`` (default:
    ``$STICKSPEL_DATABASE`` or the data folder); bots move every ``bot_delay`` seconds.
    :class:`~stickspel.server.store.StoreError` if the database cannot be used."""
    import uvicorn

    from stickspel.server.app import create_app

    setup_logging()
    store = open_store(database)
    logging.getLogger("stickspel.server").info(
        "serving",
        extra={"host": host, "port": port, "database": store.kind, "tables": len(store.tables())},
    )
    uvicorn.run(
        create_app(store, bot_delay=bot_delay),
        host=host,
        port=port,
        log_config=None,
        access_log=False,
        ws="websockets-sansio",
    )

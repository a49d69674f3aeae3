"""``/api/health`` and ``/api/games``: what this server is and what it can play."""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI, Request

import stickspel
from stickspel.server.catalog import games_catalog
from stickspel.server.common import request_lang, rooms_of, store_of

__all__ = ["add_routes"]


def add_routes(app: FastAPI) -> None:
    app.get("/api/health")(health)
    app.get("/api/games")(games)


async def health(request: Request) -> dict[str, Any]:
    store = store_of(request)
    return {
        "status": "ok",
        "stickspel": stickspel.__version__,
        "database": {"kind": store.kind, "version": store.server_version()},
        "tables": len(rooms_of(request).rooms),
    }


async def games(request: Request) -> dict[str, Any]:
    """Each game: its titles, default rules, players and bots, and for the lobby's form
    its description, presets and options from the rules' metadata in the language of
    ``?lang=`` (else the browser's)."""
    return games_catalog(request_lang(request))

"""``/api/health`` and ``/api/games``: what this server is and what it can play."""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI, Request

import stickspel
from stickspel.games import GAMES
from stickspel.server.common import rooms_of, store_of

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


async def games() -> dict[str, Any]:
    from stickspel.bots import bot_names
    from stickspel.i18n import game_title

    return {
        name: {
            "title_sv": game_title(name, "sv"),
            "title_en": game_title(name, "en"),
            "rules": spec.rules().to_text(),
            "players": spec.state(spec.rules()).num_players,  # type: ignore[call-arg]
            "bots": bot_names(name),
        }
        for name, spec in GAMES.items()
    }

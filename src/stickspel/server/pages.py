"""The web UI: the lobby (``/``) and a table's page (``/t/{table_id}``)."""

from __future__ import annotations

import json

from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse

import stickspel
from stickspel.games import GAMES
from stickspel.i18n import game_title
from stickspel.server.common import request_lang, rooms_of, templates_of

__all__ = ["add_routes", "words"]


def words() -> dict[str, dict[str, str]]:
    """The pages' words in both languages, from the catalogue (``web.*``; a message
    with plural forms also as ``key|plural``): the page switches language without
    asking the server for them."""
    from stickspel.i18n import catalogue

    return {
        lang: {k[4:]: v for k, v in catalogue(lang).items() if k.startswith("web.")}
        for lang in ("sv", "en")
    }


def add_routes(app: FastAPI) -> None:
    app.get("/", response_class=HTMLResponse)(lobby)
    app.get("/t/{table_id}", response_class=HTMLResponse, response_model=None)(table_page)


async def lobby(request: Request) -> str:
    lang = request_lang(request)
    return (
        templates_of(request)
        .get_template("lobby.html")
        .render(
            lang=lang,
            games={name: game_title(name, lang) for name in GAMES},
            version=stickspel.__version__,
            words=words(),
        )
    )


async def table_page(table_id: str, request: Request) -> str | HTMLResponse:
    room = rooms_of(request).get(table_id)
    lang = request_lang(request)
    if room is None:  # a broken link: a page that says so in the person's language
        page = templates_of(request).get_template("missing.html").render(lang=lang, words=words())
        return HTMLResponse(page, status_code=404)
    return (
        templates_of(request)
        .get_template("table.html")
        .render(lang=lang, table=room.info(), info_json=json.dumps(room.info()), words=words())
    )

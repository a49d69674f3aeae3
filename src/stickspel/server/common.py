"""What the server's routers share: the app's state, error bodies, the language.

The routers live in their own modules, so they reach the tables through
``app.state`` (set once by :func:`stickspel.server.app.create_app`), typed here.
"""

from __future__ import annotations

import logging
from importlib.resources import files
from pathlib import Path
from typing import Any

from fastapi.responses import JSONResponse
from jinja2 import Environment
from starlette.requests import HTTPConnection

from stickspel.core import StickspelError, error_text
from stickspel.safetext import plain
from stickspel.server.rooms import Rooms
from stickspel.server.store import Store

__all__ = [
    "HERE",
    "LANGS",
    "log",
    "rooms_of",
    "store_of",
    "templates_of",
    "request_lang",
    "error",
    "error_answer",
    "no_table",
    "not_host",
]

# one logger for the whole server: the log lines keep the name they always had
log = logging.getLogger("stickspel.server")

HERE = Path(str(files("stickspel.server")))
LANGS = ("sv", "en")


def rooms_of(conn: HTTPConnection) -> Rooms:
    rooms: Rooms = conn.app.state.rooms
    return rooms


def store_of(conn: HTTPConnection) -> Store:
    store: Store = conn.app.state.store
    return store


def templates_of(conn: HTTPConnection) -> Environment:
    templates: Environment = conn.app.state.templates
    return templates


def request_lang(conn: HTTPConnection) -> str:
    """``?lang=`` if it names a language, else the browser's ``Accept-Language``."""
    q = conn.query_params.get("lang")
    if q in LANGS:
        return q
    accept = conn.headers.get("accept-language", "")
    return "en" if accept.lower().startswith("en") else "sv"


def error(status: int, code: str, key: str | None = None, **params: Any) -> JSONResponse:
    """An error answer worded by the catalogue key ``server.error.<code>`` (or ``key``),
    in English (``message``) and Swedish (``sv``): the page shows its own language."""
    return error_of(status, code, StickspelError(key or f"server.error.{code}", **params))


def error_of(status: int, code: str, e: BaseException) -> JSONResponse:
    """An error answer with the text of ``e`` in both languages."""
    return error_answer(status, code, {lang: error_text(e, lang) for lang in ("en", "sv")})


def error_answer(status: int, code: str, words: dict[str, str]) -> JSONResponse:
    """An error answer worded ``words[lang]`` in English (``message``) and Swedish
    (``sv``), each one line: what it quotes of the request (an id in the path, a name)
    shows its controls as pictures (:func:`~stickspel.safetext.plain`), never a line
    break."""
    body = {"code": code, "message": plain(words["en"]), "sv": plain(words["sv"])}
    return JSONResponse({"error": body}, status_code=status)


def no_table(table_id: str) -> JSONResponse:
    return error(404, "no_table", table=table_id)


def not_host() -> JSONResponse:
    return error(403, "token")

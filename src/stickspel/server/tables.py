"""REST for tables: create, look up, start, rematch, the protokoll; and QR codes
for join links."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, Any, Literal

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel, Field

from stickspel.core import RulesError
from stickspel.server.common import (
    LANGS,
    error,
    error_answer,
    error_of,
    no_table,
    not_host,
    rooms_of,
    store_of,
)
from stickspel.server.rooms import Room, SeatSpec

if TYPE_CHECKING:
    from stickspel.analysis import Analysis

__all__ = [
    "add_routes",
    "SeatIn",
    "CreateTable",
    "TokenIn",
    "ProtokollIn",
    "AnalysisIn",
    "QrIn",
    "qr_svg",
]


def add_routes(app: FastAPI) -> None:
    app.post("/api/tables", status_code=201, response_model=None)(create_table)
    app.get("/api/tables/{table_id}", response_model=None)(get_table)
    app.post("/api/tables/{table_id}/start", response_model=None)(start_table)
    app.post("/api/tables/{table_id}/rematch", response_model=None)(rematch)
    app.post("/api/tables/{table_id}/protokoll", response_model=None)(protokoll)
    app.post("/api/tables/{table_id}/record", response_model=None)(record)
    app.post("/api/tables/{table_id}/analysis", response_model=None)(analysis)
    app.post("/api/qr")(qr)


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
    #: Seconds a person has for each move; then a bot plays for them (``None``: no clock).
    timer: int | None = Field(default=None, ge=1, le=3600)
    #: Whether people may ask the coach for a hint (``None``: on for one person
    #: against bots, off when several people play).
    hints: bool | None = None


class TokenIn(BaseModel):
    token: str


class ProtokollIn(BaseModel):
    token: str
    format: Literal["html", "pdf"] = "html"
    lang: Literal["sv", "en"] = "sv"


class AnalysisIn(BaseModel):
    token: str
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


async def create_table(body: CreateTable, request: Request) -> dict[str, Any] | JSONResponse:
    try:
        rules = _rules_text(body)
        seats = [SeatSpec(s.name, s.bot) for s in body.seats]
        room = Room.create(store_of(request), rules, seats, timer=body.timer, hints=body.hints)
    except RulesError as e:  # an option named as the lobby's form names it
        return _rules_refused(e, (body.rules or body.game).partition("(")[0])
    except (TypeError, ValueError) as e:
        return error_of(400, "rules", e)
    rooms_of(request).add(room)
    if body.start:
        room.start()
    return _created(room)


async def get_table(table_id: str, request: Request) -> dict[str, Any] | JSONResponse:
    room = rooms_of(request).get(table_id)
    if room is None:
        return no_table(table_id)
    return room.info()


async def start_table(
    table_id: str, body: TokenIn, request: Request
) -> dict[str, Any] | JSONResponse:
    room = rooms_of(request).get(table_id)
    if room is None:
        return no_table(table_id)
    if not room.is_host(body.token):
        return not_host()
    room.start()
    room.flush()
    return room.info()


async def rematch(table_id: str, body: TokenIn, request: Request) -> dict[str, Any] | JSONResponse:
    rooms = rooms_of(request)
    room = rooms.get(table_id)
    if room is None:
        return no_table(table_id)
    if not room.is_host(body.token):
        return not_host()
    if not room.table.is_terminal():
        return error(409, "not_over")
    new = rooms.rematch(room)
    for conn in room.connections:
        conn.send({"type": "rematch", "table": new.id})
    return {**new.info(), "table_url": f"/t/{new.id}"}


async def protokoll(table_id: str, body: ProtokollIn, request: Request) -> Response:
    # POST with a token in the body: the sheet is that seat's view (the spectators' token:
    # the game's public record)
    room = rooms_of(request).get(table_id)
    if room is None:
        return no_table(table_id)
    person = room.person_of(body.token)
    if person is False:
        return error(403, "token", "server.error.seat_token")
    if room.table.version == 0:
        return error(409, "not_started")
    data = room.protokoll(person, body.lang, body.format)
    if body.format == "pdf":
        headers = {"content-disposition": f'attachment; filename="protokoll-{room.id}.pdf"'}
        return Response(data, media_type="application/pdf", headers=headers)
    return Response(data, media_type="text/html; charset=utf-8")


async def record(table_id: str, body: TokenIn, request: Request) -> Response:
    """The game's ``stickspel/1`` record as this seat may read it (``Table.record_for``:
    only the cards the seat saw); spectators get the public facts once the game is over."""
    room = rooms_of(request).get(table_id)
    if room is None:
        return no_table(table_id)
    person = room.person_of(body.token)
    if person is False or (person is None and not room.table.is_terminal()):
        return error(403, "token", "server.error.seat_token")
    if room.table.version == 0:
        return error(409, "not_started")
    doc = room.table.record_for(person)
    headers = {"content-disposition": f'attachment; filename="record-{room.id}.json"'}
    return JSONResponse(doc, headers=headers)


#: One analysis at a time on the whole server: it searches hard, and tables must
#: stay quick.  Worlds a decision, fewer for long games (see _analysis_samples).
_ANALYST = ThreadPoolExecutor(max_workers=1, thread_name_prefix="analysis")


def _analysis_samples(decisions: int) -> int:
    """Worlds a decision: 16, down to 4 for long games (about 2,000 searches in all)."""
    return max(4, min(16, 2000 // max(decisions, 1)))


def _analyse(doc: dict[str, Any]) -> Analysis:
    from stickspel.analysis import analyse_record

    actions = sum(len(d.get("auction", [])) + 52 for d in doc.get("deals", []))
    return analyse_record(doc, samples=_analysis_samples(actions), seed=0)


async def analysis(table_id: str, body: AnalysisIn, request: Request) -> Response:
    """The finished game's analysis (:mod:`stickspel.analysis`) as a page, for anyone
    at the table: every decision judged from its seat's view."""
    room = rooms_of(request).get(table_id)
    if room is None:
        return no_table(table_id)
    if room.person_of(body.token) is False:
        return error(403, "token", "server.error.seat_token")
    if not room.table.is_terminal():
        return error(409, "not_over")
    from stickspel.reports import analysis_html
    from stickspel.server.catalog import table_title

    found = room.analyses.get(room.table.version)
    if found is None:
        loop = asyncio.get_running_loop()
        # judged on the whole record; each reader gets the view the game allows them
        found = await loop.run_in_executor(_ANALYST, _analyse, room.table.to_record())
        room.analyses[room.table.version] = found
    person = room.person_of(body.token)
    viewer = None if not person else room.table.person_index(person)
    title = table_title(found.rules, len(found.players), body.lang)
    page = analysis_html(found.view(viewer).to_dict(), body.lang, title, viewer)
    return Response(page, media_type="text/html; charset=utf-8")


async def qr(body: QrIn) -> Response:
    # POST, not GET: a join link holds a seat token, which must not sit in a URL
    return Response(qr_svg(body.text), media_type="image/svg+xml")


def _rules_refused(e: RulesError, game: str) -> JSONResponse:
    from stickspel.server.catalog import rules_error_text

    return error_answer(400, "rules", {lang: rules_error_text(e, game, lang) for lang in LANGS})


def _rules_text(body: CreateTable) -> str:
    from stickspel.games import load_game

    if body.rules:
        return load_game(body.rules).rules.to_text()
    text = f"{body.game}({body.preset})" if body.preset else body.game
    return load_game(text, **body.options).rules.to_text()


def _created(room: Room) -> dict[str, Any]:
    """The answer to a new table: its info plus every seat's token and join link —
    the only time the tokens are told (the store keeps their hashes)."""
    base = f"/t/{room.id}"
    tokens = room.fresh_tokens or {}
    seats = [
        {
            "name": spec["name"],
            "bot": spec.get("bot"),
            "token": token,
            "join_url": f"{base}#token={token}" if token else None,
        }
        for spec, token in zip(room.meta["persons"], tokens.get("persons", []), strict=True)
    ]
    return {
        **room.info(),
        "table_url": base,
        "seats": seats,
        "spectator_token": tokens.get("spectator"),
        "spectator_url": f"{base}#token={tokens.get('spectator')}",
        "host_token": tokens.get("host"),
    }

"""Score sheets for games played with real cards: REST under ``/api/sheets`` and a
websocket per sheet (``/ws/sheets/{sheet_id}``) that tells every phone at the table
of each change.

A sheet is a ``stickspel/1`` record without cards, kept by the same scorekeeper as
``stickspel protokoll`` (:class:`~stickspel.protokoll.scorekeeper.Session`, the deals
read by :func:`~stickspel.protokoll.entry.build_deal`): one set of rules, the same
refusals with the same reasons, and the same file.  It is stored in the server's
database (:meth:`~stickspel.server.store.Store.put_sheet`) with a version; a write
names the version it was made on, and a stale one is refused (409 ``stale``) with the
sheet as it is now — two scorers at once: one wins, the other is told.

As on paper, a row may be written in two steps: the calls when the deal starts (an
open row: Plump's bids, the spärr checked; Priffe's call; Tremanswhist's upcard and
exchange), the tricks when it is played (:func:`~stickspel.protokoll.entry.add_row`).
The open row is kept in the record's ``scorekeeper`` object, shown on every phone
and left out of the totals.

Two tokens, stored as hashes: the scorer's (may enter, correct, undo) and the
reader's (follows).  The sheet holds no cards, so either may read all of it.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import HTMLResponse, JSONResponse, Response
from pydantic import BaseModel, Field

from stickspel.core import RulesError, StickspelError, error_text
from stickspel.i18n import game_title, render
from stickspel.protokoll import build_sheet
from stickspel.protokoll.entry import FIELDS, add_row, correct_row
from stickspel.protokoll.scorekeeper import (
    ScorekeeperError,
    Session,
    Worded,
    validate_protokoll,
)
from stickspel.protokoll.sheetrules import sheet_rules
from stickspel.records import RecordError
from stickspel.server.common import LANGS, error, error_answer, error_of, store_of, templates_of
from stickspel.server.rooms import new_token, token_hash
from stickspel.server.store import StoredSheet, VersionConflict
from stickspel.server.wsguard import BadMessage, origin_ok, parse_message, receive_frame

__all__ = ["add_routes", "CreateSheet", "EntryIn", "sheet_state", "SheetHub"]

Role = Literal["scorer", "reader"]


def add_routes(app: FastAPI) -> None:
    app.state.sheet_hub = SheetHub()
    app.post("/api/sheets", status_code=201, response_model=None)(create_sheet)
    app.post("/api/sheets/upload", status_code=201, response_model=None)(upload_sheet)
    app.get("/api/sheets/blank", response_model=None)(blank)
    app.get("/api/sheets/{sheet_id}", response_model=None)(get_sheet)
    app.post("/api/sheets/{sheet_id}/deals", response_model=None)(enter_deal)
    app.post("/api/sheets/{sheet_id}/check", response_model=None)(check_entry)
    app.post("/api/sheets/{sheet_id}/undo", response_model=None)(undo)
    app.get("/api/sheets/{sheet_id}/print", response_model=None)(print_sheet)
    app.get("/api/sheets/{sheet_id}/record", response_model=None)(record)
    app.websocket("/ws/sheets/{sheet_id}")(follow)
    app.get("/s/new", response_class=HTMLResponse)(new_page)
    app.get("/s/{sheet_id}", response_class=HTMLResponse)(sheet_page)


def page_words() -> dict[str, dict[str, str]]:
    """The score-sheet and replay pages' words in both languages (``sheet.*``,
    ``replay.*``), keys in full."""
    from stickspel.i18n import texts

    out: dict[str, dict[str, str]] = {lang: {} for lang in LANGS}
    for prefix in ("sheet", "replay"):
        for lang, messages in texts(prefix).items():
            out[lang].update((f"{prefix}.{k}", v) for k, v in dict(messages).items())
    return out


def _games() -> dict[str, dict[str, dict[str, Any]]]:
    """Each game for the new-sheet form, in both languages: its title, players, and
    its variants and options as named choices (the lobby's catalogue: the rules'
    metadata and the catalogues' names), never a rules text to type."""
    from stickspel.server.catalog import games_catalog

    out: dict[str, dict[str, dict[str, Any]]] = {}
    for lang in LANGS:
        out[lang] = {}
        for name, g in games_catalog(lang).items():
            out[lang][name] = {
                "title": g["title"],
                "players": g["players"],
                "free_players": any(o["name"] == "players" for o in g["options"]),
                "presets": [
                    {"name": p["name"], "label": p["label"], "values": p["values"]}
                    for p in g["presets"]
                    if p["name"] != "research"  # one deal, for research: no evening's sheet
                ],
                "options": [
                    {k: o[k] for k in ("name", "label", "kind", "choices", "optional")}
                    for o in g["options"]
                    if o["name"] != "players"
                    and not isinstance(o["default"], list)
                    and (o["kind"] != "text" or o["choices"])
                ],
            }
    return out


def _page(request: Request, sheet_id: str) -> str:
    from stickspel.protokoll.html import CSS

    lang = _lang(request)
    return (
        templates_of(request)
        .get_template("sheet.html")
        .render(
            lang=lang,
            sheet_id=sheet_id,
            title=render("sheet.title", {}, lang),
            words=page_words(),
            games=_games(),
            protokoll_css=CSS,
        )
    )


async def new_page(request: Request) -> str:
    """The form that starts a sheet, prints a blank one or reads a file in."""
    return _page(request, "")


async def sheet_page(sheet_id: str, request: Request) -> str:
    """A sheet's page; the token is in the link's hash, which never reaches the server."""
    return _page(request, sheet_id[:40])


# --- requests ----------------------------------------------------------------------------


class CreateSheet(BaseModel):
    """A new sheet: the game and its rules (``rules`` text, or ``preset`` and ``options``
    as for a table), the players in seat order and who deals first (an index)."""

    game: str = "plump"
    rules: str | None = None
    preset: str | None = None
    options: dict[str, Any] = Field(default_factory=dict)
    players: list[str] = Field(min_length=2, max_length=10)
    first_dealer: int = Field(default=0, ge=0, le=9)


class EntryIn(BaseModel):
    """A deal as typed (the fields of :data:`~stickspel.protokoll.entry.FIELDS`), made
    on sheet version ``version``; ``row`` corrects an entered row instead."""

    version: int
    row: int | None = Field(default=None, ge=1)
    fields: dict[str, str | None] = Field(default_factory=dict)


class CheckIn(BaseModel):
    """A deal being typed: what is there so far (``None`` or ``""``: not yet)."""

    fields: dict[str, str | None] = Field(default_factory=dict)
    row: int | None = Field(default=None, ge=1)


class UndoIn(BaseModel):
    version: int


class UploadIn(BaseModel):
    """A file's text, read as ``stickspel protokoll`` reads a file."""

    text: str = Field(max_length=4_000_000)


# --- live updates ------------------------------------------------------------------------


@dataclass
class SheetHub:
    """The websockets following each sheet (in this process): a queue per phone."""

    followers: dict[str, set[asyncio.Queue[dict[str, Any]]]] = field(default_factory=dict)

    def tell(self, sheet_id: str, message: dict[str, Any]) -> None:
        for queue in self.followers.get(sheet_id, set()):
            queue.put_nowait(message)


def _hub(conn: Request | WebSocket) -> SheetHub:
    hub: SheetHub = conn.app.state.sheet_hub
    return hub


# --- helpers -----------------------------------------------------------------------------


def _now() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


def _lang(request: Request | WebSocket) -> str:
    q = request.query_params.get("lang")
    if q in LANGS:
        return q
    return "en" if request.headers.get("accept-language", "").lower().startswith("en") else "sv"


def _token(request: Request) -> str:
    """The token of ``Authorization: Bearer …`` (never in the URL: logs keep paths)."""
    header = request.headers.get("authorization", "")
    return header[7:].strip() if header.lower().startswith("bearer ") else ""


def role_of(sheet: StoredSheet, token: str) -> Role | None:
    """Which token of ``sheet`` this is (compared by hashes, in constant time)."""
    if not token:
        return None
    given = token_hash(token).encode()
    if secrets.compare_digest(str(sheet.meta.get("scorer_hash", "")).encode(), given):
        return "scorer"
    if secrets.compare_digest(str(sheet.meta.get("reader_hash", "")).encode(), given):
        return "reader"
    return None


def _open(
    request: Request, sheet_id: str, need: Role = "reader"
) -> tuple[StoredSheet, Role] | JSONResponse:
    sheet = store_of(request).sheet(sheet_id)
    if sheet is None:
        return error(404, "no_sheet", "sheet.error.no_sheet", sheet=sheet_id[:40])
    role = role_of(sheet, _token(request))
    if role is None:
        return error(403, "token", "sheet.error.token")
    if need == "scorer" and role != "scorer":
        return error(403, "reader", "sheet.error.reader")
    return sheet, role


def _session(sheet: StoredSheet) -> Session:
    return Session(json.loads(json.dumps(sheet.doc)))


def _refused(e: Exception, session: Session, row: int) -> JSONResponse:
    """A refusal in both languages, naming the row as the CLI does; a field the CLI
    names by its option (``bids``) is named in words of the page's language."""
    words: dict[str, str] = {}
    params = getattr(e, "params", None)
    what = params.get("what") if isinstance(params, dict) else None
    if what in ("bids", "tricks", "bought") and isinstance(params, dict):
        params["what"] = Worded.of(lambda lang: render(f"scorekeeper.what.{what}", {}, lang))
    for lang in LANGS:
        text = error_text(e, lang)
        if not (str(e).startswith("row ") or "no row" in str(e)):
            text = f"{session.describe(row, lang=lang)}: {text}"
        words[lang] = text
    return error_answer(422, "refused", words)


def _rules_text(body: CreateSheet) -> str:
    from stickspel.games import game_spec, load_game

    if body.rules:
        return load_game(body.rules).rules.to_text()
    text = f"{body.game}({body.preset})" if body.preset else body.game
    options = dict(body.options)
    if "players" in game_spec(body.game).rules.option_names():
        options.setdefault("players", len(body.players))  # as many as are named
    return load_game(text, **options).rules.to_text()


def _links(sheet_id: str, scorer: str, reader: str) -> dict[str, str]:
    base = f"/s/{sheet_id}"
    return {
        "sheet_url": base,
        "scorer_token": scorer,
        "reader_token": reader,
        "scorer_url": f"{base}#token={scorer}",
        "reader_url": f"{base}#token={reader}",
    }


def _store_new(request: Request, session: Session) -> dict[str, Any]:
    """Store a new sheet of ``session``; its state and both tokens (told only now)."""
    scorer, reader = new_token(), new_token()
    sheet = StoredSheet(
        secrets.token_hex(5),
        {"scorer_hash": token_hash(scorer), "reader_hash": token_hash(reader)},
        session.doc,
        _now(),
    )
    store_of(request).put_sheet(sheet)
    return {**sheet_state(sheet, "scorer", _lang(request)), **_links(sheet.id, scorer, reader)}


# --- what a phone is told ----------------------------------------------------------------


def sheet_state(sheet: StoredSheet, role: Role, lang: str) -> dict[str, Any]:
    """Everything a phone shows of a sheet: the next deal, the open row (its calls
    written, no result yet), the rows (for corrections), the totals and the sheet as
    on paper (HTML, the open row in it)."""
    from stickspel.protokoll.html import render_html

    session = _session(sheet)
    return {
        "id": sheet.id,
        "version": sheet.version,
        "role": role,
        "game": session.game,
        "title": game_title(session.game, lang),
        "rules": session.rules.to_text(),
        "players": session.players,
        "finished": session.finished,
        "totals": session.totals(),
        "winners": [session.players[p] for p in session.state.winners()]
        if session.finished
        else [],
        "next": _next(session, lang),
        "pending": _pending(session, lang),
        "rows": [_row(session, k + 1, lang) for k in range(len(session.entries))],
        "html": render_html(build_sheet(session.sheet_doc(), lang)),
        "created": sheet.created,
    }


def _next(session: Session, lang: str) -> dict[str, Any] | None:
    nxt = session.next_deal()
    if nxt is None:
        return None
    cards = render("cli.protokoll.cards", {"n": nxt.cards}, lang) if nxt.cards else ""
    text = render(
        "cli.protokoll.next",
        {
            "row": nxt.row,
            "dealer": session.seat_name(nxt.dealer),
            "cards": cards,
            "first": session.seat_name(nxt.order[0]),
        },
        lang,
    )
    return {
        "row": nxt.row,
        "dealer": nxt.dealer,
        "cards": nxt.cards,
        "order": nxt.order,
        "seats": [session.seat_name(s) for s in range(len(session.players))],
        "text": text,
    }


def _row(session: Session, row: int, lang: str) -> dict[str, Any]:
    """An entered row: its label and its fields as a correction would start from."""
    from stickspel.protokoll.entry import row_fields

    fields = row_fields(session, row, dict.fromkeys(FIELDS))
    return {"row": row, "label": session.describe(row, lang=lang), "fields": fields}


def _pending(session: Session, lang: str) -> dict[str, Any] | None:
    """The open row: its calls as fields (the form starts from them) and what it waits for."""
    if session.pending is None:
        return None
    row = len(session.entries) + 1
    text = render(f"sheet.pending.{session.game}", {}, lang)
    return {**_row(session, row, lang), "text": text}


# --- REST --------------------------------------------------------------------------------


async def create_sheet(body: CreateSheet, request: Request) -> dict[str, Any] | JSONResponse:
    """A new sheet; the answer holds the scorer's and the reader's tokens and links."""
    try:
        rules_text = _rules_text(body)
        from stickspel.games import load_game

        rules = load_game(rules_text).rules
        if not 0 <= body.first_dealer < len(body.players):
            raise ScorekeeperError("scorekeeper.entry.first_dealer")
        session = Session.new(
            load_game(rules_text).name, body.players, rules, first_dealer=body.first_dealer
        )
    except (RulesError, StickspelError, TypeError, ValueError) as e:
        return error_of(400, "rules", e)
    return _store_new(request, session)


async def upload_sheet(body: UploadIn, request: Request) -> dict[str, Any] | JSONResponse:
    """A record kept with ``stickspel protokoll`` (checked whole, as the CLI checks a
    file it resumes): a new sheet of it, or a one-line reason and nothing stored."""
    from stickspel.records.io import parse_record_text

    try:
        doc = parse_record_text(body.text)
        if any(isinstance(d, dict) and "hands" in d for d in doc.get("deals") or []):
            raise ScorekeeperError("sheet.error.has_cards")
        session = validate_protokoll(doc)
    except (RecordError, StickspelError, RulesError, TypeError, ValueError, KeyError) as e:
        return error_of(422, "record", e)
    return _store_new(request, session)


async def get_sheet(sheet_id: str, request: Request) -> dict[str, Any] | JSONResponse:
    opened = _open(request, sheet_id)
    if isinstance(opened, JSONResponse):
        return opened
    sheet, role = opened
    return sheet_state(sheet, role, _lang(request))


async def _write(
    request: Request, sheet: StoredSheet, since: int, change: Callable[[Session], Any]
) -> dict[str, Any] | JSONResponse:
    """Apply ``change`` to the sheet as it was at version ``since`` and store it, or
    refuse: stale (409, with the sheet as it is) or the scorekeeper's reason (422)."""
    lang = _lang(request)
    if since != sheet.version:
        return _stale(sheet, lang)
    session = _session(sheet)
    row = len(session.entries) + 1
    try:
        change(session)
    except (ScorekeeperError, RulesError, StickspelError, ValueError) as e:
        return _refused(e, session, getattr(e, "row", None) or row)
    try:
        version = store_of(request).update_sheet(sheet.id, since, session.doc)
    except VersionConflict:
        fresh = store_of(request).sheet(sheet.id) or sheet
        return _stale(fresh, lang)
    stored = StoredSheet(sheet.id, sheet.meta, session.doc, sheet.created, version)
    _hub(request).tell(sheet.id, {"type": "changed", "version": version})
    return sheet_state(stored, "scorer", lang)


def _stale(sheet: StoredSheet, lang: str) -> JSONResponse:
    body = error(409, "stale", "sheet.error.stale", version=sheet.version).body
    answer = json.loads(bytes(body))
    answer["sheet"] = sheet_state(sheet, "scorer", lang)
    return JSONResponse(answer, status_code=409)


async def enter_deal(
    sheet_id: str, body: EntryIn, request: Request
) -> dict[str, Any] | JSONResponse:
    """The next deal (or, with ``row``, a correction of that row)."""
    opened = _open(request, sheet_id, "scorer")
    if isinstance(opened, JSONResponse):
        return opened
    sheet, _ = opened
    fields = {k: (v if v not in ("", None) else None) for k, v in body.fields.items()}
    if body.row is None:
        return await _write(request, sheet, body.version, lambda s: add_row(s, fields))
    row = body.row
    return await _write(request, sheet, body.version, lambda s: correct_row(s, row, fields))


async def undo(sheet_id: str, body: UndoIn, request: Request) -> dict[str, Any] | JSONResponse:
    """Remove the last row."""
    opened = _open(request, sheet_id, "scorer")
    if isinstance(opened, JSONResponse):
        return opened
    sheet, _ = opened
    return await _write(request, sheet, body.version, lambda s: s.undo(1))


async def check_entry(
    sheet_id: str, body: CheckIn, request: Request
) -> dict[str, Any] | JSONResponse:
    """Judge a deal as it is typed, by the game's sheet rules (no rules in the page):
    the Plump bids in turn (and the one bid the spärr forbids the dealer), each trick
    count against the deal's size, Priffe's calls; ``{"ok": true}`` or the reason."""
    opened = _open(request, sheet_id)
    if isinstance(opened, JSONResponse):
        return opened
    sheet, _ = opened
    session = _session(sheet)
    row = body.row or len(session.entries) + 1
    fields: dict[str, str | None] = {k: v for k, v in body.fields.items() if v not in ("", None)}
    answer: dict[str, Any] = {"ok": True}
    try:
        answer.update(sheet_rules(session.spec).check(session, row, fields))
    except (ScorekeeperError, StickspelError, ValueError) as e:
        return _refused(e, session, getattr(e, "row", None) or row)
    return answer


async def print_sheet(sheet_id: str, request: Request) -> Response:
    """The sheet as it is now, as a PDF or a whole HTML page (mid-evening: "Summa hittills")."""
    opened = _open(request, sheet_id)
    if isinstance(opened, JSONResponse):
        return opened
    sheet, _ = opened
    fmt = request.query_params.get("format", "pdf")
    # as printed for the evening: the rows still to come are there, empty, to fill in by pen
    shown = build_sheet(_session(sheet).sheet_doc(), _lang(request), full=True)
    return _printed(shown, fmt, f"protokoll-{sheet.id}")


def _printed(sheet: Any, fmt: str, name: str) -> Response:
    if fmt == "html":
        from stickspel.protokoll.html import render_page

        headers = {"content-disposition": f'attachment; filename="{name}.html"'}
        return Response(render_page(sheet), media_type="text/html; charset=utf-8", headers=headers)
    from stickspel.protokoll.pdf import render_pdf

    headers = {"content-disposition": f'attachment; filename="{name}.pdf"'}
    return Response(render_pdf(sheet), media_type="application/pdf", headers=headers)


async def record(sheet_id: str, request: Request) -> Response:
    """The sheet as the ``stickspel/1`` record ``stickspel protokoll`` reads and writes."""
    from stickspel.records.io import dump_record

    opened = _open(request, sheet_id)
    if isinstance(opened, JSONResponse):
        return opened
    sheet, _ = opened
    headers = {"content-disposition": f'attachment; filename="protokoll-{sheet.id}.json"'}
    return Response(dump_record(sheet.doc), media_type="application/json", headers=headers)


async def blank(request: Request) -> Response:
    """A blank sheet to print: ``?game=plump&players=4`` (and ``rules=``, ``format=``)."""
    from stickspel.protokoll.entry import blank_sheet_for

    q = request.query_params
    options = [p for p in (q.get("options") or "").split(";") if p.strip()]
    try:
        sheet = blank_sheet_for(
            q.get("game", "plump"), q.get("players"), None, None, options, 0, _lang(request)
        )
    except (RulesError, StickspelError, TypeError, ValueError) as e:
        return error_of(400, "rules", e)
    return _printed(sheet, q.get("format", "pdf"), f"protokoll-{q.get('game', 'plump')}")


# --- the websocket -----------------------------------------------------------------------


async def follow(websocket: WebSocket, sheet_id: str) -> None:
    """``hello`` with a token of the sheet, then a ``sheet`` message with its state and
    another after every change, until the phone goes."""
    await websocket.accept()
    lang = _lang(websocket)
    if not origin_ok(websocket):
        await _close(websocket, {"type": "error", "code": "origin"}, 4403)
        return
    try:  # read as the tables' websocket reads a frame: size, depth, JSON, text
        hello = parse_message(await asyncio.wait_for(receive_frame(websocket), 10))
    except (TimeoutError, BadMessage, WebSocketDisconnect, RuntimeError):
        await _close(websocket, {"type": "error", "code": "no_hello"}, 4400)
        return
    token = hello["token"] if isinstance(hello.get("token"), str) else ""
    lang = str(hello["lang"]) if hello.get("lang") in LANGS else lang
    store = websocket.app.state.store
    sheet = store.sheet(sheet_id)
    role = role_of(sheet, token) if sheet is not None else None
    if sheet is None or role is None:
        message = render("sheet.error.token", {}, lang)
        await _close(websocket, {"type": "error", "code": "token", "message": message}, 4403)
        return
    queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
    followers = _hub(websocket).followers.setdefault(sheet_id, set())
    followers.add(queue)
    queue.put_nowait({"type": "changed", "version": sheet.version})
    reader = asyncio.create_task(_drain(websocket))
    try:
        while not reader.done():
            getter = asyncio.create_task(queue.get())
            done, _ = await asyncio.wait({getter, reader}, return_when=asyncio.FIRST_COMPLETED)
            if getter not in done:
                getter.cancel()
                break
            getter.result()
            fresh = store.sheet(sheet_id)
            if fresh is not None:
                state = sheet_state(fresh, role, str(lang))
                await websocket.send_json({"type": "sheet", "sheet": state})
    except (WebSocketDisconnect, RuntimeError, OSError):
        pass
    finally:
        followers.discard(queue)
        reader.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await reader


async def _drain(websocket: WebSocket) -> None:
    """Read (and drop) what the phone sends, to hear when it goes."""
    while True:
        message = await websocket.receive()
        if message["type"] == "websocket.disconnect":
            return


async def _close(websocket: WebSocket, message: dict[str, Any], code: int) -> None:
    with contextlib.suppress(Exception):
        await websocket.send_json(message)
        await websocket.close(code)

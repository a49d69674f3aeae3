"""The replay and analysis viewer: a finished game stepped through move by move on the
table's felt with every hand shown, the protokoll beside it, the analysis' marks at
the moves they judge and its key moments (``/r/t/{table_id}#token=…`` for a table's
game, ``/r/file`` for a record read in).  The server says what each move was (a card,
a bid, a call by what it does) and the page words it.

A table's whole record (every hand) is served only once its game is over, and only
to a token of that table (a seat's or the spectators').  The analysis is a job in the
background (:data:`~stickspel.server.tables._ANALYST`, one at a time on the server)
whose progress the page polls: ``POST /api/analyses`` starts one (or finds the one
already made), ``GET /api/analyses/{job}`` says how far it has come and, at the end,
holds the analysis.
"""

from __future__ import annotations

import asyncio
import json
import secrets
from dataclasses import dataclass, field
from typing import Any, Literal

from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse, JSONResponse
from pydantic import BaseModel, Field

from stickspel.core import StickspelError
from stickspel.i18n import render
from stickspel.records import RecordError
from stickspel.server.common import LANGS, error, error_of, no_table, rooms_of, templates_of

__all__ = ["add_routes", "replay_frames", "ReplayIn", "AnalysisJobIn"]


def add_routes(app: FastAPI) -> None:
    app.state.analysis_jobs = {}
    app.post("/api/tables/{table_id}/replay", response_model=None)(table_replay)
    app.post("/api/replays", response_model=None)(file_replay)
    app.post("/api/analyses", status_code=202, response_model=None)(start_analysis)
    app.get("/api/analyses/{job_id}", response_model=None)(analysis_progress)
    app.get("/r/t/{table_id}", response_class=HTMLResponse)(table_page)
    app.get("/r/file", response_class=HTMLResponse)(file_page)


class ReplayIn(BaseModel):
    """A table's game (``token`` of that table) or a record file's ``text``."""

    token: str | None = Field(default=None, max_length=200)
    text: str | None = Field(default=None, max_length=4_000_000)
    lang: Literal["sv", "en"] = "sv"


class AnalysisJobIn(BaseModel):
    table: str | None = Field(default=None, max_length=40)
    token: str | None = Field(default=None, max_length=200)
    text: str | None = Field(default=None, max_length=4_000_000)


@dataclass
class Job:
    """An analysis under way or done: its progress in decisions, then its result."""

    id: str
    done: int = 0
    total: int = 0
    result: dict[str, Any] | None = None
    failed: str | None = None
    task: Any = field(default=None, repr=False)

    def answer(self) -> dict[str, Any]:
        return {
            "job": self.id,
            "done": self.done,
            "total": self.total,
            "finished": self.result is not None,
            "analysis": self.result,
            "error": self.failed,
        }


# --- the frames of a replay ------------------------------------------------------------


def replay_frames(
    doc: dict[str, Any], lang: str = "sv", viewer: int | None = None
) -> dict[str, Any]:
    """A record (with its cards) as frames: the position after each move (and at the
    start of each deal), with every hand, the trick on the table (a trick a move
    completes shown whole, its winner marked), the public facts, and the protokoll
    after each deal; ``viewer`` is the person reading (``None``: a spectator or a
    file), whom the page calls "you".  A record without cards is refused."""
    from stickspel.protokoll import build_sheet
    from stickspel.protokoll.html import render_html
    from stickspel.records.replayer import first_dealer_of, replay
    from stickspel.server.catalog import table_title

    deals = doc.get("deals") or []
    if not deals or not all(isinstance(d, dict) and d.get("hands") for d in deals):
        raise StickspelError("replay.error.no_cards")
    rep = replay(doc, check_totals=False)
    state = type(rep.state)(rep.state.rules, first_dealer=first_dealer_of(doc))  # type: ignore[call-arg]
    names = list(rep.players)
    frames: list[dict[str, Any]] = []
    deal, index = -1, 0
    for item in rep.state.history():
        if not isinstance(item, int):
            state.apply_history_item(item)
            deal += 1
            frames.append(_frame(state, names, deal, None))
            continue
        move = _move(state, item, index, lang)
        before = frames[-1] if frames else None
        state.apply_action(item)
        frame = _frame(state, names, deal, move)
        if move["kind"] == "card" and not (frame["trick"] or {}).get("cards"):
            frame["trick"] = _completed(before, move, frame)
        frames.append(frame)
        index += 1
    sheets = []
    for k in range(len(deals) + 1):
        part = {**doc, "deals": deals[:k]}
        part.pop("winner", None)
        if k < len(deals):
            part.pop("totals", None)
        sheets.append(render_html(build_sheet(part, lang)))
    rules = rep.state.rules.to_text()
    return {
        "game": rep.state.GAME,
        "title": table_title(rules, len(names), lang),
        "rules": rules,
        "players": names,
        "viewer": viewer,
        "deals": len(deals),
        "moves": index,
        "frames": frames,
        "sheets": sheets,
    }


def _call_kind(game: str, text: str) -> str:
    """What a call does, as a replay names it ("Anna passade"): the game's
    ``CALL_KINDS`` (its spec's ``seatview``), else a ``bid``."""
    from stickspel.views.seatview import seatview_of

    own = seatview_of(game)
    return "bid" if own is None else own.CALL_KINDS.get(text, "bid")


def _move(state: Any, action: int, index: int, lang: str) -> dict[str, Any]:
    """The move about to be made: who, its text, what kind of move (``card``, a card
    ``put_away`` while buying, a ``bid``, or a call named by what it does) and, for a
    call, how the table's buttons say it."""
    from stickspel.core import CALL_BASE
    from stickspel.server.seatview import call_label

    seat = state.current_player()
    text = state.action_to_string(action)
    if action < CALL_BASE:
        buying = str(state.observation(seat)["phase"]) == "buy"
        kind, label = ("put_away" if buying else "card"), text
    else:
        kind, label = _call_kind(state.GAME, text), call_label(state, action, lang)
    return {
        "index": index,
        "seat": seat,
        "person": int(state.seating()[seat]),
        "text": text,
        "kind": kind,
        "label": label,
    }


def _completed(
    before: dict[str, Any] | None, move: dict[str, Any], frame: dict[str, Any]
) -> dict[str, Any] | None:
    """The trick a card completed, whole, with its winner: the next trick (or the deal's
    end) has already taken it off the table."""
    last = frame.get("last_trick")
    if last and move["text"] in last.get("cards", []):
        return {**last, "done": True}
    trick = (before or {}).get("trick") or {}
    if trick.get("leader") is None:
        return None
    # the deal's last trick: its winner is the seat whose count of tricks grew
    was = (before or {}).get("facts", {}).get("tricks_won") or []
    now = frame["facts"].get("tricks_won") or []
    grew = [s for s, (a, b) in enumerate(zip(was, now, strict=False)) if b > a]
    return {"leader": trick["leader"], "cards": [*trick.get("cards", []), move["text"]],
            "winner": grew[0] if len(grew) == 1 else None, "done": True}  # fmt: skip


def _frame(state: Any, names: list[str], deal: int, move: dict[str, Any] | None) -> dict[str, Any]:
    public = json.loads(json.dumps(state.public_observation(), default=str))
    seating = [int(p) for p in state.seating()] or list(range(len(names)))
    hands = []
    for seat in range(state.num_players):
        try:
            hand = list(state.observation(seat).hand)
        except (AttributeError, ValueError, IndexError):
            hand = []
        hands.append(
            {"seat": seat, "person": seating[seat], "name": names[seating[seat]], "cards": hand}
        )
    trick = public.get("trick") or None
    return {
        "deal": deal,
        "move": move,
        "dealer": public.get("dealer"),
        "turn": None if state.is_terminal() or state.is_chance() else state.current_player(),
        "hands": hands,
        "trick": trick,
        "last_trick": public.get("last_trick"),
        "facts": _facts(public, [names[p] for p in seating]),
        "deal_over": bool(state.deal_over()) if hasattr(state, "deal_over") else False,
    }


#: The public facts a frame lists (whatever of them the game has).
_FACTS = (
    "hand_size",
    "upcard",
    "trump",
    "bids",
    "calls",
    "contract",
    "declarers",
    "kind",
    "tricks_won",
    "totals",
)


def _facts(public: dict[str, Any], by_seat: list[str]) -> dict[str, Any]:
    """The public facts, calls as one line ``Ben spel, Anna pass``."""
    out = {k: public[k] for k in _FACTS if public.get(k) not in (None, [], ())}
    calls = out.get("calls")
    if isinstance(calls, list) and all(isinstance(c, dict) for c in calls):
        out["calls"] = ", ".join(f"{by_seat[int(c['seat'])]} {c.get('call')}" for c in calls)
    return out


# --- REST --------------------------------------------------------------------------------


def _table_record(request: Request, table_id: str, token: str | None) -> Any:
    """The finished game's whole record for a token of the table, or the refusal."""
    room = rooms_of(request).get(table_id)
    if room is None:
        return no_table(table_id)
    if not token or room.person_of(token) is False:
        return error(403, "token", "replay.error.token")
    if not room.table.is_terminal():
        return error(409, "not_over", "replay.error.not_over")
    return room.table.to_record()


def _file_record(text: str | None) -> Any:
    from stickspel.records.io import parse_record_text

    try:
        return parse_record_text(text or "")
    except (RecordError, StickspelError, ValueError) as e:
        return error_of(422, "record", e)


async def table_replay(table_id: str, body: ReplayIn, request: Request) -> Any:
    doc = _table_record(request, table_id, body.token)
    if isinstance(doc, JSONResponse):
        return doc
    return _frames_or_error(doc, body.lang, _viewer(request, table_id, body.token))


def _viewer(request: Request, table_id: str, token: str | None) -> int | None:
    """The person a token of the table seats (``None``: the spectators')."""
    room = rooms_of(request).get(table_id)
    person = room.person_of(token or "") if room is not None else None
    return None if not person or room is None else int(room.table.person_index(person))


async def file_replay(body: ReplayIn) -> Any:
    """A record read in (a game played in stickspel, or any ``stickspel/1`` file with
    its cards): checked whole, then its frames; a bad one gets its one-line reason."""
    doc = _file_record(body.text)
    if isinstance(doc, JSONResponse):
        return doc
    return _frames_or_error(doc, body.lang)


def _frames_or_error(doc: dict[str, Any], lang: str, viewer: int | None = None) -> Any:
    loop_lang = lang if lang in LANGS else "sv"
    try:
        return replay_frames(doc, loop_lang, viewer)
    except (RecordError, StickspelError, ValueError, KeyError, TypeError) as e:
        return error_of(422, "record", e)


async def start_analysis(body: AnalysisJobIn, request: Request) -> Any:
    """Start the analysis of a finished table's game (``table`` and ``token``) or of a
    record file (``text``) in the background; the job to poll.  A table's analysis is
    made once and kept: asking again finds it."""
    jobs: dict[str, Job] = request.app.state.analysis_jobs
    viewer: int | None = None
    if body.table:
        doc = _table_record(request, body.table, body.token)
        if isinstance(doc, JSONResponse):
            return doc
        room = rooms_of(request).get(body.table)
        assert room is not None
        viewer = _viewer(request, body.table, body.token)
        key = f"t:{room.id}:{room.table.version}:{viewer}"
    else:
        doc = _file_record(body.text)
        if isinstance(doc, JSONResponse):
            return doc
        try:
            replay_frames(doc, "en")  # the same checks as the replay: cards, a valid game
        except (RecordError, StickspelError, ValueError, KeyError, TypeError) as e:
            return error_of(422, "record", e)
        key = f"f:{secrets.token_hex(8)}"
    job = jobs.get(key)
    if job is None or job.failed:
        job = Job(secrets.token_hex(8))
        _forget_old(jobs)
        jobs[key] = jobs[job.id] = job
        job.task = asyncio.get_running_loop().create_task(_run(job, doc, viewer))
    return job.answer()


#: The analyses kept in memory (two entries each: by what was analysed and by job).
MAX_JOBS = 64


def _forget_old(jobs: dict[str, Job]) -> None:
    """Drop the oldest finished analyses beyond :data:`MAX_JOBS` (a page that still
    polls one is told it is gone, and starts it again)."""
    for key in list(jobs):
        if len(jobs) < 2 * MAX_JOBS:
            return
        if jobs[key].result is not None or jobs[key].failed:
            del jobs[key]


async def _run(job: Job, doc: dict[str, Any], viewer: int | None) -> None:
    from stickspel.server.tables import _ANALYST, _analysis_samples

    def progress(done: int, total: int) -> None:
        job.done, job.total = done, total  # read by the event loop: plain ints

    def work() -> dict[str, Any]:
        from stickspel.analysis import analyse_record

        actions = sum(len(d.get("auction", [])) + 52 for d in doc.get("deals", []))
        found = analyse_record(
            doc, samples=_analysis_samples(actions), seed=0, on_decision=progress
        )
        return found.view(viewer).to_dict()

    try:
        job.result = await asyncio.get_running_loop().run_in_executor(_ANALYST, work)
    except Exception as e:  # noqa: BLE001 - the page is told; the server goes on
        job.failed = str(e).splitlines()[0][:200] if str(e) else type(e).__name__


async def analysis_progress(job_id: str, request: Request) -> Any:
    job = request.app.state.analysis_jobs.get(job_id[:40])
    if job is None or job.id != job_id:
        return error(404, "no_job", "replay.error.no_job")
    return job.answer()


# --- pages -------------------------------------------------------------------------------


def _page(request: Request, table_id: str) -> str:
    from stickspel.protokoll.html import CSS
    from stickspel.server.sheets import _lang, page_words

    lang = _lang(request)
    return (
        templates_of(request)
        .get_template("replay.html")
        .render(
            lang=lang,
            table_id=table_id,
            title=render("replay.title", {}, lang),
            words=page_words(),
            protokoll_css=CSS,
        )
    )


async def table_page(table_id: str, request: Request) -> str:
    """A table's finished game; the token is in the link's hash."""
    return _page(request, table_id[:40])


async def file_page(request: Request) -> str:
    """A record file read in, in the browser, and sent to the server to be checked."""
    return _page(request, "")

"""The coach at a web table: a seat asks for a hint (a ``hint`` message on its
websocket, ``docs/protocol.md``) and is answered with the expert's best options
for its decision (:mod:`stickspel.bots.coach`).

The hint is worked out from that seat's view only: its turn is made as a bot's is
(:meth:`stickspel.core.turn.Turn.of` on a copy of the state: the seat's
observation and an information set dealt from what it knows, the state not
kept), then thought over for :data:`HINT_MS` in a worker thread of its own, so
the table goes on meanwhile.  A table allows hints by its option ``hints``:
unset, on when one person plays against bots, off when several people play.
"""

from __future__ import annotations

import asyncio
import logging
import weakref
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, Any, Protocol

from stickspel.i18n import LANGS, render

if TYPE_CHECKING:
    from stickspel.bots.coach import Hint
    from stickspel.core.turn import Turn
    from stickspel.table import Person, Table


# The room and the connection a hint is asked in, named by what they offer (the
# rooms module hands hints its messages): hints needs nothing of the module above it.


class Connection(Protocol):
    """The websocket that asked: whose it is, its language, how it is answered."""

    @property
    def person(self) -> Person | None: ...
    @property
    def lang(self) -> str: ...
    def send(self, msg: dict[str, Any]) -> None: ...


class Room(Protocol):
    """The table the hint is for."""

    @property
    def id(self) -> str: ...
    @property
    def meta(self) -> dict[str, Any]: ...
    @property
    def status(self) -> str: ...
    @property
    def table(self) -> Table: ...


__all__ = ["HINT_MS", "hints_allowed", "ask"]

log = logging.getLogger("stickspel.server")

#: Milliseconds the coach thinks for a hint at a web table.
HINT_MS = 400.0
#: Hints worked out at once, across the server's tables: their own threads, so that
#: the bots' moves do not wait behind them.
_POOL = ThreadPoolExecutor(max_workers=2, thread_name_prefix="coach")
#: The connections waiting for a hint: one at a time each.
_BUSY: weakref.WeakSet[Connection] = weakref.WeakSet()
#: The tasks under way (kept from the garbage collector until they end).
_TASKS: set[asyncio.Task[None]] = set()


def hints_allowed(meta: dict[str, Any]) -> bool:
    """Whether the table of ``meta`` allows hints: its option ``hints``, else on
    when exactly one person plays (against bots) and off when several do."""
    chosen = meta.get("hints")
    if isinstance(chosen, bool):
        return chosen
    return sum(1 for p in meta.get("persons", []) if not p.get("bot")) == 1


def ask(room: Room, conn: Connection, msg: dict[str, Any]) -> dict[str, Any] | None:
    """A ``hint`` message: an error to answer at once, or ``None`` while the hint is
    worked out (it is queued to ``conn`` as a ``hint`` message when done)."""
    ident = msg.get("id")
    lang = msg.get("lang") if msg.get("lang") in LANGS else conn.lang
    lang = str(lang)
    refusal = _refusal(room, conn)
    if refusal is not None:
        code, key = refusal
        return {"type": "error", "code": code, "message": render(key, {}, lang), "id": ident}
    from stickspel.core.turn import Turn

    # the seat's turn as a bot is handed it: a copy, so the table may move on meanwhile
    turn = Turn.of(room.table.state.clone())
    _BUSY.add(conn)
    task = asyncio.get_running_loop().create_task(
        _answer(room.id, conn, turn, room.table.version, ident, lang)
    )
    _TASKS.add(task)
    task.add_done_callback(_TASKS.discard)
    return None


def _refusal(room: Room, conn: Connection) -> tuple[str, str] | None:
    """Why ``conn`` may not have a hint now (an error code and its catalogue key)."""
    if conn.person is None:
        return "spectator", "ws.spectator"
    if not hints_allowed(room.meta):
        return "hints_off", "coach.off"
    if room.status != "playing" or room.table.to_act() != conn.person:
        return "hint_turn", "coach.not_your_turn"
    if conn in _BUSY:
        return "hint_busy", "coach.busy"
    return None


def _advise(turn: Turn) -> Hint:
    from stickspel.bots.coach import advise

    return advise(turn, think_ms=HINT_MS)


async def _answer(
    table: str, conn: Connection, turn: Turn, version: int, ident: Any, lang: str
) -> None:
    """Think in the coach's thread, then queue the hint (for the version asked about)."""
    try:
        hint = await asyncio.get_running_loop().run_in_executor(_POOL, _advise, turn)
        reply = {"type": "hint", "id": ident, "version": version, "hint": hint.to_dict(lang)}
    except Exception:
        log.exception("hint failed", extra={"table": table})
        reply = {
            "type": "error",
            "code": "hint_failed",
            "message": render("coach.failed", {}, lang),
            "id": ident,
        }
    finally:
        _BUSY.discard(conn)
    conn.send(reply)

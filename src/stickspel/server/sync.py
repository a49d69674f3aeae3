"""Several server processes on one PostgreSQL: each table's events reach every process.

A table's events are stored one row each (:meth:`~stickspel.server.store.Store.append`)
in the form :func:`stored_item` gives them; the store announces each change with
``NOTIFY`` when its transaction commits.  Each process runs one listener task
(:func:`follow_changes`): on a change another process announced, the table loads
the events it has not seen from the log and applies them (:func:`apply_item`, through
the table's own checks, without saving them again), and the process sends each of
its own connections its share.  Two processes accepting an action at the same
version cannot both store it: the second gets
:class:`~stickspel.server.store.VersionConflict`, rebuilds the table from the store
and refuses the action as stale.

>>> from stickspel.table import Person, Table
>>> import random
>>> people = [Person("A"), Person("B"), Person("C")]
>>> here = Table("plump(players=3,max_cards=2)", people, rng=random.Random(4))
>>> there = Table("plump(players=3,max_cards=2)", people)
>>> deal = here.deal()
>>> bid = here.submit(here.to_act(), here.legal_actions()[0])
>>> for e in here.events():
...     apply_item(there, stored_item(e))
>>> there.to_record() == here.to_record()
True
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any, Protocol

from stickspel.core import Deal
from stickspel.table import Event, Table

if TYPE_CHECKING:
    from stickspel.server.store import Change, Store


class Follower(Protocol):
    """What takes in the changes other processes announce (``rooms.Rooms``)."""

    def follow(self, change: Change | None) -> None: ...


__all__ = ["stored_item", "apply_item", "follow_changes"]

log = logging.getLogger("stickspel.server")


def stored_item(event: Event) -> dict[str, Any]:
    """The form an event is stored in: a deal's cards, an action and the person who
    took it, or the event an undo took back.  (It holds hidden cards: the store is
    private, and the item never reaches a log or a client.)"""
    if event.kind == "deal" and isinstance(event.deal, Deal):
        return {"deal": event.deal.to_text()}
    if event.kind == "action":
        return {"action": event.action, "person": event.person}
    if event.kind == "undo":
        return {"undo": event.undone}
    raise ValueError(f"a {event.kind} event is not stored as an item")


def apply_item(table: Table, item: dict[str, Any]) -> None:
    """Apply a stored event to ``table`` through its own checks (``ValueError`` or the
    table's refusal if the item does not fit)."""
    if "deal" in item:
        table.deal(Deal.parse(str(item["deal"])))
    elif "action" in item:
        table.submit(table.persons[int(item["person"])], int(item["action"]))
    elif "undo" in item:
        table.undo()
    else:
        raise ValueError("not a stored event")


async def follow_changes(store: Store, rooms: Follower) -> None:
    """The listener task of a process: take in every change other processes announce,
    listening again (with backoff) whenever the connection drops."""
    delay = 0.5
    while True:
        try:
            async for change in store.changes():
                if change is None:
                    log.info("listening for other processes' changes")
                    delay = 0.5
                try:
                    rooms.follow(change)
                except Exception as e:  # one table's trouble must not stop the others
                    table = None if change is None else change.table
                    log.error(
                        "change not taken in", extra={"table": table, "error": type(e).__name__}
                    )
        except asyncio.CancelledError:
            raise
        except Exception as e:
            log.warning("listener lost", extra={"error": type(e).__name__, "retry_s": delay})
        await asyncio.sleep(delay)
        delay = min(delay * 2, 10.0)

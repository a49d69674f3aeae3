"""The live tables of a server: each a :class:`~stickspel.table.Table`, its
persons' secret seat tokens, its store row and the connections watching it.

Everything here runs on the server's event loop (one thread), so a table
changes between two awaits only; each event is stored (committed) as the table
logs it, before anyone is told.
"""

from __future__ import annotations

import asyncio
import logging
import random
import secrets
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Literal

from stickspel.bots import make_bot
from stickspel.core import Game, GameState, InvalidActionError, Rule, RulesError, error_text
from stickspel.games import load_game
from stickspel.server.store import Change, Store, StoredTable, VersionConflict
from stickspel.server.sync import apply_item, stored_item
from stickspel.table import Event, Person, PersonView, SeatEvent, StaleVersionError, Table

__all__ = ["Room", "Rooms", "SeatSpec", "Connection", "new_token"]

log = logging.getLogger("stickspel.server")

Status = Literal["waiting", "playing", "over"]


def new_token() -> str:
    return secrets.token_urlsafe(18)


def _now() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


@dataclass(frozen=True)
class SeatSpec:
    """A place at a new table: a person's name, and a bot kind if a bot plays."""

    name: str
    bot: str | None = None


@dataclass(eq=False)
class Connection:
    """One websocket: the person it speaks for (``None``: a spectator), its
    language, and how many of the table's events it has been sent."""

    person: Person | None
    lang: str
    queue: asyncio.Queue[dict[str, Any]] = field(default_factory=asyncio.Queue)
    sent: int = 0


class Room:
    """One table on the server."""

    def __init__(self, store: Store, table_id: str, meta: dict[str, Any], created: str) -> None:
        self.store = store
        self.id = table_id
        self.meta = meta
        self.created = created
        self.game: Game = load_game(meta["rules"])
        self.persons = [
            Person(p["name"], "bot" if p.get("bot") else "human") for p in meta["persons"]
        ]
        self.connections: list[Connection] = []
        self.table: Table = self._new_table(None)
        #: Seconds between two bot moves (0: the bots answer at once, in the same call).
        self.bot_delay = 0.0
        self._bots_task: asyncio.Task[None] | None = None
        self._following = False  # applying events another process stored: not saved again

    # --- building --------------------------------------------------------------------
    def _bots(self) -> dict[Person, Any]:
        seed = random.SystemRandom()
        return {
            person: make_bot(self.game_name, spec["bot"], seed=seed.randrange(2**32))
            for person, spec in zip(self.persons, self.meta["persons"], strict=True)
            if spec.get("bot")
        }

    def _new_table(self, record: dict[str, Any] | None) -> Table:
        """The table from a checkpoint (``None``: the start), storing each new event."""
        if record is None:
            table = Table(
                self.game,
                self.persons,
                self._bots(),
                rng=random.SystemRandom(),
                first_dealer=int(self.meta.get("first_dealer", 0)),
            )
        else:
            from stickspel.records import replay

            rep = replay(record)  # the table's rebuild from its history does not store
            table = Table.from_state(
                rep.state, self.persons, self._bots(), rng=random.SystemRandom()
            )
        table.subscribe(self._store_event)
        return table

    def _store_event(self, event: Event) -> None:
        """Store a new event before anyone is told (with the record, as a checkpoint, at
        the end of each deal and of the game); :class:`VersionConflict` if another
        process stored an event of this number first."""
        if self._following:
            return
        state = self.table.state
        checkpoint = self.table.to_record() if state.is_chance() or state.is_terminal() else None
        self.store.append(self.id, event.seq - 1, [stored_item(event)], checkpoint)

    def _take_in_events(self) -> int:
        """Apply the stored events after the table's version (not storing them again);
        how many.  ``ValueError`` or the table's refusal if they do not fit."""
        stored = self.store.events(self.id, after=self.table.version)
        self._following = True
        try:
            for seq, item in stored:
                if seq != self.table.version + 1:
                    raise ValueError(f"event {seq} after {self.table.version}")
                apply_item(self.table, item)
        finally:
            self._following = False
        return len(stored)

    @classmethod
    def create(
        cls,
        store: Store,
        rules: str,
        seats: Sequence[SeatSpec],
        *,
        rematch_of: str | None = None,
        tokens: Sequence[str | None] | None = None,
        spectator_token: str | None = None,
        host_token: str | None = None,
    ) -> Room:
        """A new table (validated: ``RulesError`` for bad rules, seats or bots)."""
        game = load_game(rules)
        n = game.new_initial_state().num_players
        if len(seats) != n:
            raise RulesError(
                f"{game.rules.to_text()} is played by {n} players, not {len(seats)}",
                sv=f"{game.rules.to_text()} spelas av {n} spelare, inte {len(seats)}",
            )
        name = type(game.new_initial_state()).GAME
        persons = []
        for i, s in enumerate(seats):
            if not s.name.strip() or len(s.name) > 40:
                raise RulesError(
                    f"seat {i}: a name of 1–40 characters, please",
                    sv=f"plats {i}: ett namn på 1–40 tecken, tack",
                )
            if s.bot:
                make_bot(name, s.bot)  # the engine's refusal for an unknown kind
            token = None if s.bot else (tokens[i] if tokens and tokens[i] else new_token())
            persons.append({"name": s.name.strip(), "bot": s.bot, "token": token})
        meta = {
            "game": name,
            "rules": game.rules.to_text(),
            "persons": persons,
            "spectator_token": spectator_token or new_token(),
            "host_token": host_token or new_token(),
            "first_dealer": random.SystemRandom().randrange(n),
            "status": "waiting",
            "rematch_of": rematch_of,
            "rematch": None,
        }
        table_id = secrets.token_hex(5)
        created = _now()
        store.put_table(StoredTable(table_id, meta, None, created))
        log.info("table created", extra={"table": table_id, "rules": meta["rules"]})
        return cls(store, table_id, meta, created)

    @classmethod
    def load(cls, store: Store, row: StoredTable) -> Room:
        """The table as stored: its checkpoint, then the events after it."""
        room = cls(store, row.id, row.meta, row.created)
        if row.record is not None:
            room.table = room._new_table(row.record)
        room._take_in_events()
        return room

    @property
    def game_name(self) -> str:
        return str(self.meta["game"])

    @property
    def status(self) -> Status:
        if self.meta["status"] == "waiting":
            return "waiting"
        return "over" if self.table.is_terminal() else "playing"

    def save_meta(self) -> None:
        self.store.put_table(StoredTable(self.id, self.meta, None, self.created))

    # --- who is who ------------------------------------------------------------------
    def person_of(self, token: str) -> Person | None | Literal[False]:
        """The person whose seat token this is, ``None`` for the spectators' token,
        ``False`` for anything else."""
        for person, spec in zip(self.persons, self.meta["persons"], strict=True):
            if spec["token"] and secrets.compare_digest(spec["token"], token):
                return person
        if secrets.compare_digest(self.meta["spectator_token"], token):
            return None
        return False

    def is_host(self, token: str) -> bool:
        return secrets.compare_digest(self.meta["host_token"], token) or bool(self.person_of(token))

    def names_by_seat(self) -> list[str]:
        n = len(self.persons)
        return [self.table.person_at(s).name for s in range(n)]

    # --- playing ---------------------------------------------------------------------
    def start(self) -> None:
        if self.meta["status"] != "waiting":
            return
        self.meta["status"] = "playing"
        self.save_meta()
        self.let_bots_play()
        log.info("table started", extra={"table": self.id})

    def act(self, person: Person, action: int, version: int | None) -> int:
        """Submit and let the bots answer; the seq of the person's event.
        :class:`StaleVersionError` also when another process stored an event first."""
        try:
            event = self.table.submit(person, action, version=version)
        except VersionConflict:
            self.reload()
            raise StaleVersionError(
                -1 if version is None else version, self.table.version
            ) from None
        self.let_bots_play()
        return event.seq

    def let_bots_play(self) -> None:
        """Deal and let the bots act up to a person's turn: at once (``bot_delay`` 0),
        or one move every ``bot_delay`` seconds in a task on the event loop, each
        move sent to everyone as it happens (people see the bots' cards fall)."""
        if self.meta["status"] == "waiting":
            return
        if self.bot_delay <= 0:
            try:
                self.table.advance()
            except VersionConflict:  # another process moved first: its bots go on there
                self.reload()
            return
        if self._bots_task is None or self._bots_task.done():
            self._bots_task = asyncio.get_running_loop().create_task(self._bots_loop())

    async def _bots_loop(self) -> None:
        from stickspel.bots import Turn

        try:
            while not self.table.is_terminal():
                state = self.table.state
                if state.is_chance():
                    if state.history():  # the last trick stays in view a moment
                        await asyncio.sleep(self.bot_delay * 2)
                    if self.table.state.is_chance():
                        self.table.deal()
                        self.flush()
                    continue
                person = self.table.to_act()
                bot = None if person is None else self.table.bots.get(person)
                if person is None or bot is None:
                    return
                await asyncio.sleep(self.bot_delay)
                if self.table.to_act() is not person:
                    continue
                self.table.submit(person, bot.act(Turn.of(self.table.state)))
                self.flush()
        except VersionConflict:  # another process moved first: its bots go on there
            self.reload()
        except Exception:
            log.exception("bot move failed", extra={"table": self.id})

    def protokoll(self, person: Person, lang: str, fmt: Literal["html", "pdf"]) -> bytes:
        """The live protokoll as ``person`` may see it (``Table.record_for``): a whole
        HTML page or a PDF."""
        from stickspel.protokoll import build_sheet

        sheet = build_sheet(self.table.record_for(person), lang)
        if fmt == "pdf":
            from stickspel.protokoll.pdf import render_pdf

            return render_pdf(sheet)
        from stickspel.protokoll.html import render_page

        return render_page(sheet).encode()

    # --- what a connection is sent ----------------------------------------------------
    def info(self) -> dict[str, Any]:
        """The public description of the table (lobby, welcome)."""
        return {
            "id": self.id,
            "game": self.game_name,
            "rules": self.meta["rules"],
            "players": [p.name for p in self.persons],
            "kinds": ["bot" if spec.get("bot") else "human" for spec in self.meta["persons"]],
            "bots": [spec.get("bot") for spec in self.meta["persons"]],
            "status": self.status,
            "version": self.table.version,
            "created": self.created,
            "rematch": self.meta.get("rematch"),
            "rematch_of": self.meta.get("rematch_of"),
        }

    def state_message(self, conn: Connection) -> dict[str, Any]:
        view: PersonView = self.table.view(conn.person)
        state: GameState = self.table.state
        n = len(self.persons)
        legal = [
            {"action": a, "text": state.action_to_string(a), "call": a >= 52}
            for a in view.legal_actions
        ]
        refused = []
        obs = view.observation
        if view.legal_actions and obs is not None and obs.get("forbidden_bid") is not None:
            forbidden = 52 + int(obs["forbidden_bid"])
            err = state.explain(forbidden)
            if err is not None:
                refused.append(
                    {
                        "action": forbidden,
                        "text": state.action_to_string(forbidden),
                        "rule": str(err.rule) if getattr(err, "rule", None) else None,
                        "message": err.text(conn.lang, names=self.names_by_seat()),
                    }
                )
        to_act = self.table.to_act()
        return {
            "type": "state",
            "version": view.version,
            "status": self.status,
            "seat": view.seat,
            "seating": [self.table.person_index(self.table.person_at(s)) for s in range(n)],
            "names": self.names_by_seat(),
            "to_act": None if to_act is None else self.table.person_index(to_act),
            "observation": obs,
            "legal": legal,
            "refused": refused,
            "terminal": view.terminal,
            "totals": [float(x) for x in state.returns()],
            # totals and winners are indexed like the record's players (persons)
            "winners": [self.persons[i].name for i in state.winners()] if view.terminal else [],
        }

    def pending(self, conn: Connection) -> list[dict[str, Any]]:
        """The messages ``conn`` has not had yet: new events, then the state."""
        events = self.table.events_for(conn.person, since=conn.sent)
        conn.sent = self.table.version
        out = [_event_message(e) for e in events]
        out.append(self.state_message(conn))
        return out

    def flush(self) -> None:
        for conn in self.connections:
            for msg in self.pending(conn):
                conn.queue.put_nowait(msg)

    def error_message(self, err: BaseException, conn: Connection) -> dict[str, Any]:
        from stickspel.table import StaleVersionError

        rule = getattr(err, "rule", None)
        if isinstance(err, StaleVersionError):
            code = "stale_version"
        elif rule:
            code = str(rule)
        elif isinstance(err, InvalidActionError):  # text that is no action of the game
            code = str(Rule.UNKNOWN_ACTION)
        else:
            code = type(err).__name__
        return {
            "type": "error",
            "code": code,
            "message": error_text(err, conn.lang, self.names_by_seat()),
            "version": self.table.version,
        }

    # --- several processes (PostgreSQL): another process may move the table on -------
    def reload(self) -> None:
        """Rebuild the table from the store (another process stored an event first)
        and tell this process's connections."""
        row = self.store.table(self.id)
        if row is None:
            return
        self.meta = row.meta
        self.table = self._new_table(row.record)
        self._take_in_events()
        self.flush()

    def catch_up(self, meta: bool) -> None:
        """Take in what other processes stored (their events; with ``meta``, the
        settings too) and tell this process's connections."""
        announced = self.meta.get("rematch")
        if meta:
            row = self.store.table(self.id)
            self.meta = row.meta if row is not None else self.meta
        try:
            taken = self._take_in_events()
        except Exception as e:  # events that do not fit this copy: rebuild it
            log.warning("table rebuilt", extra={"table": self.id, "error": type(e).__name__})
            self.reload()
            return
        if meta or taken:
            self.flush()
        rematch = self.meta.get("rematch")
        if rematch and rematch != announced:
            for conn in self.connections:
                conn.queue.put_nowait({"type": "rematch", "table": rematch})


def _event_message(e: SeatEvent) -> dict[str, Any]:
    return {
        "type": "event",
        "seq": e.seq,
        "kind": e.kind,
        "seat": e.seat,
        "person": e.person,
        "action": e.action,
        "text": e.text,
        "hidden": e.hidden,
        "call": e.is_call,
        "observation": e.observation,
        "trick_winner": e.trick_winner,
        "trick_winner_person": e.trick_winner_person,
        "deal_over": e.deal_over,
        "undone": e.undone,
    }


class Rooms:
    """Every table of the server, loaded from the store at start."""

    def __init__(self, store: Store, bot_delay: float = 0.0) -> None:
        self.store = store
        self.bot_delay = bot_delay
        self.rooms: dict[str, Room] = {}
        for row in store.tables():
            try:
                self.add(Room.load(store, row))
            except Exception as e:  # a bad row must not stop the server
                log.error("table not loaded", extra={"table": row.id, "error": str(e)})

    def add(self, room: Room) -> Room:
        room.bot_delay = self.bot_delay
        self.rooms[room.id] = room
        return room

    def resume_bots(self) -> None:
        """At start (on the event loop): let the bots of reloaded tables go on."""
        for room in self.rooms.values():
            room.let_bots_play()

    def get(self, table_id: str) -> Room | None:
        room = self.rooms.get(table_id)
        if room is None and self.store.broadcasts:  # another process may have created it
            row = self.store.table(table_id)
            if row is not None:
                room = self.add(Room.load(self.store, row))
        return room

    def follow(self, change: Change | None) -> None:
        """Take in a change another process announced (``None``: any may have been
        missed, so every table catches up)."""
        if change is None:
            for each in list(self.rooms.values()):
                each.catch_up(meta=True)
            return
        room = self.rooms.get(change.table)
        if room is None:
            self.get(change.table)
        elif change.meta or change.version > room.table.version:
            room.catch_up(meta=change.meta)

    def listing(self) -> list[dict[str, Any]]:
        return [
            r.info() for r in sorted(self.rooms.values(), key=lambda r: r.created, reverse=True)
        ]

    def rematch(self, room: Room) -> Room:
        """A new game of the same rules for the same people (same seat tokens, so their
        links and open pages carry over); the old table points to it."""
        if room.meta.get("rematch"):
            return self.rooms[room.meta["rematch"]]
        seats = [SeatSpec(p["name"], p.get("bot")) for p in room.meta["persons"]]
        new = Room.create(
            self.store,
            room.meta["rules"],
            seats,
            rematch_of=room.id,
            tokens=[p["token"] for p in room.meta["persons"]],
            spectator_token=room.meta["spectator_token"],
            host_token=room.meta["host_token"],
        )
        self.add(new)
        room.meta["rematch"] = new.id
        room.save_meta()
        new.start()
        return new

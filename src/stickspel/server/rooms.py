"""The live tables of a server: each a :class:`~stickspel.table.Table`, its
persons' secret seat tokens, its store row and the connections watching it.

Everything here runs on the server's event loop (one thread), so a table
changes between two awaits only; each event is handed to the store as the table
logs it (while the server runs, to its group commit, :mod:`~stickspel.server.commits`)
and nobody is told of it before it is durable.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import hashlib
import logging
import random
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, Literal

from stickspel.bots import make_bot
from stickspel.core import Game, GameState, InvalidActionError, Rule, RulesError, error_text
from stickspel.core.cards import card_str
from stickspel.games import load_game
from stickspel.server.catalog import titles
from stickspel.server.deltas import encode, state_delta
from stickspel.server.hints import hints_allowed
from stickspel.server.seatview import (
    card_reasons,
    last_deal,
    legal_entries,
    panel,
    refused_calls,
)
from stickspel.server.store import Change, Store, StoredTable, VersionConflict
from stickspel.server.sync import apply_item, stored_item
from stickspel.table import BotMove, Event, Person, PersonView, SeatEvent, StaleVersionError, Table

if TYPE_CHECKING:
    from stickspel.analysis import Analysis

__all__ = ["Room", "Rooms", "SeatSpec", "Connection", "ViewKey", "new_token", "token_hash"]

log = logging.getLogger("stickspel.server")

Status = Literal["waiting", "playing", "over"]

#: A message to a connection, or its text (encoded once for several connections).
Message = dict[str, Any] | str

#: A view of the table: the person's index (``None``: the spectators), the language,
#: whether it draws a page.  Connections of one view are sent the same state.
ViewKey = tuple[int | None, str, bool]

_MISSING = object()

#: The bot that plays for a person whose move timer ran out.
STAND_IN = "heuristic"

#: Seconds a finished trick stays in full view, its winner marked, by default.
TRICK_PAUSE = 1.2

#: Seconds a finished deal's summary stays in view before the next deal, by default.
DEAL_PAUSE = 5.0


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
    language, and how many of the table's events it has been sent.  Its outbox holds
    messages, or their text when it was encoded once for several connections, until
    its sender takes them (:meth:`taken`) all at once."""

    person: Person | None
    lang: str
    sent: int = 0
    #: The connection draws a page: its states carry labels, card reasons and the panel.
    ui: bool = False
    #: 2: after a change it is sent the ``delta`` from the last state it was sent.
    protocol: int = 1
    #: The last state it was sent (the very object: a delta from it fits only it).
    last_state: dict[str, Any] | None = None
    #: The most sends its outbox may hold untaken (``None``: no bound).
    limit: int | None = None
    #: Its outbox overflowed (the client does not read): it is sent nothing more.
    dropped: bool = False
    #: Called once when the outbox overflows (the websocket closes the connection).
    on_overflow: Callable[[], None] | None = None
    #: An action of its own waits for its commit: its ack will follow the events.
    acting: bool = False
    _outbox: list[Message] = field(default_factory=list, repr=False)
    _sends: int = 0  # the sends in the outbox: what the bound counts
    _waiter: asyncio.Future[None] | None = field(default=None, repr=False)

    def send(self, msg: Message | list[Message]) -> None:
        """Queue ``msg`` (a list: messages that go together, one send, e.g. what a
        joining connection has not seen); past the bound the connection is dropped
        instead."""
        if self.dropped:
            return
        if self.limit is not None and self._sends >= self.limit:
            self.dropped = True
            if self.on_overflow is not None:
                self.on_overflow()
            return
        if isinstance(msg, list):
            self._outbox.extend(msg)
        else:
            self._outbox.append(msg)
        self._sends += 1
        waiter = self._waiter
        if waiter is not None and not waiter.done():
            waiter.set_result(None)

    @property
    def queued(self) -> int:
        """The sends not yet taken by the connection's sender."""
        return self._sends

    def take(self) -> list[Message]:
        """Everything queued, in order; the outbox is empty after."""
        out, self._outbox, self._sends = self._outbox, [], 0
        return out

    async def taken(self) -> list[Message]:
        """Everything queued, once there is something (a plain list and one future
        a wait: lighter than a queue's item by item)."""
        while not self._outbox:
            self._waiter = asyncio.get_running_loop().create_future()
            try:
                await self._waiter
            finally:
                self._waiter = None
        return self.take()


@dataclass
class _Built:
    """A view's state after a change, built once, and its texts, each encoded once
    and only when a connection needs it."""

    state: dict[str, Any]
    previous: dict[str, Any] | None
    _full: str | None = None
    _delta: str | None = None

    def full(self) -> str:
        if self._full is None:
            self._full = encode(self.state)
        return self._full

    def delta(self) -> str:
        if self._delta is None:
            assert self.previous is not None
            self._delta = encode(state_delta(self.previous, self.state))
        return self._delta


class Room:
    """One table on the server."""

    def __init__(self, store: Store, table_id: str, meta: dict[str, Any], created: str) -> None:
        self.store = store
        self.id = table_id
        self.meta = meta
        self.created = created
        self.game: Game = load_game(meta["rules"])
        #: The table's readable name by language ("Plump · barn · 4 spelare").
        self.titles = titles(meta["rules"], len(meta["persons"]))
        self.persons = [
            Person(p["name"], "bot" if p.get("bot") else "human") for p in meta["persons"]
        ]
        self.connections: list[Connection] = []
        self._last_trick: tuple[int, tuple[int, ...], int] | None = None
        self.tricks: dict[int, dict[str, Any]] = {}
        self.table: Table = self._new_table(None)
        #: Seconds between two bot moves (0: the bots answer at once, in the same call).
        self.bot_delay = 0.0
        #: Seconds a finished trick stays in view before the next move (pages and bots).
        self.trick_pause = TRICK_PAUSE
        #: Seconds a finished deal's summary stays in view before the next deal (pages and
        #: bots; shorter when everyone watching has dismissed it; 0: no summary shown).
        self.deal_pause = DEAL_PAUSE
        #: The last deal whose summary each person has dismissed (its number).
        self.deals_seen: dict[Person, int] = {}
        self._dismissed: asyncio.Event | None = None  # set when someone dismisses one
        #: The last finished deal's summary (the engine's), and its words by view.
        self._summary: tuple[Any, dict[str, Any] | None, dict[Any, Any]] | None = None
        #: The finished tricks by the seq of the event that finished them (public cards).
        self._trick_done_at = 0.0  # the event loop's time of the last finished trick
        self._bots_task: asyncio.Task[None] | None = None
        #: Seconds a person has for a move (``None``: no limit); then a bot plays for them.
        self.timer: int | None = meta.get("timer")
        #: Persons whose time ran out: a stand-in bot plays for them until they are back.
        self.away: set[Person] = set()
        self._timer: asyncio.TimerHandle | None = None
        self._timer_version = -1
        self._deadline: float | None = None
        self._public: tuple[int, dict[str, Any] | None] | None = None
        #: The last state built for each view: a connection holding it is sent a delta.
        self._views: dict[ViewKey, dict[str, Any]] = {}
        #: The fields every view shared at the last change (:meth:`_shared_state`).
        self._shared: dict[str, Any] = {}
        self._following = False  # applying events another process stored: not saved again
        #: The last event stored durably: nothing after it is sent to anyone yet.
        self.durable = self.table.version
        #: A rebuild of the table from the store starts a new generation: the writes of
        #: the old one still queued are refused (:mod:`~stickspel.server.commits`).
        self._generation = 0
        #: The table's last write not yet settled (group commit), ``None``: none.
        self._last_write: asyncio.Future[None] | None = None
        #: The finished game's analysis pages, by (version, language).
        self.analyses: dict[int, Analysis] = {}  # by version: judged once, viewed per person
        #: A new table's tokens, kept only to answer its creator (the store has hashes).
        self.fresh_tokens: dict[str, Any] | None = None

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
        self._last_trick = table.state.last_trick()
        table.subscribe(self._note_trick)
        return table

    def _note_trick(self, event: Event) -> None:
        """Keep the trick an action finished (its cards were all played face up) for
        the event message, and when, for the bots' pause."""
        last = self.table.state.last_trick()
        if event.kind != "action" or last is None or last == self._last_trick:
            self._last_trick = last
            return
        self._last_trick = last
        leader, cards, winner = last
        if len(self.tricks) > 64:  # the pages need only the recent ones
            self.tricks.pop(min(self.tricks))
        self.tricks[event.seq] = {
            "leader": leader,
            "cards": [card_str(c) for c in cards],
            "winner": winner,
        }
        try:
            self._trick_done_at = asyncio.get_running_loop().time()
        except RuntimeError:  # not on the event loop (a script, a test)
            pass

    def _store_event(self, event: Event) -> None:
        """Store a new event before anyone is told (with the record, as a checkpoint, at
        the end of each deal and of the game); :class:`VersionConflict` if another
        process stored an event of this number first."""
        if self._following:
            return
        state = self.table.state
        checkpoint = self.table.to_record() if state.is_chance() or state.is_terminal() else None
        items = [stored_item(event)]
        committer = self.store.committer
        if committer is None or not _on_loop(committer.loop):  # a script, a test: at once
            self.store.append(self.id, event.seq - 1, items, checkpoint)
            self.durable = event.seq
            return
        write = committer.append(self.id, event.seq - 1, items, checkpoint, self._generation)
        write.add_done_callback(functools.partial(self._stored, event.seq, self._generation))
        self._last_write = write

    def _stored(self, seq: int, generation: int, write: asyncio.Future[None]) -> None:
        """A write settled (on the loop, in the order of the writes): once the table's
        last event is durable, everyone is sent what it has not had; a refused write
        (another process stored its event first) rebuilds the table from the store."""
        if generation != self._generation:
            return  # a write of a table since rebuilt
        error = write.exception()
        if error is None:
            self.durable = max(self.durable, seq)
            if self.durable >= self.table.version:
                self.flush()
            return
        if not isinstance(error, VersionConflict):
            log.error("event not stored", extra={"table": self.id, "error": type(error).__name__})
        self.reload()

    async def stored(self) -> None:
        """Wait until the table's events so far are durable; :class:`StaleVersionError`
        if one was refused (nothing of it was kept, the table was rebuilt)."""
        write = self._last_write
        if write is None:
            return
        try:
            await asyncio.shield(write)
        except Exception:
            raise StaleVersionError(-1, self.table.version) from None

    def settled(self) -> bool:
        """Whether every event of the table is durable (nothing waits for a commit)."""
        return self.durable >= self.table.version

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
                self.durable = max(self.durable, seq)  # stored by the other process
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
        hashes: dict[str, Any] | None = None,
        timer: int | None = None,
        hints: bool | None = None,
    ) -> Room:
        """A new table (validated: ``RulesError`` for bad rules, seats or bots);
        ``timer``: seconds a person has for a move before a bot plays for them;
        ``hints``: whether its people may ask the coach (``None``: on for one person
        against bots, off for several, :func:`~stickspel.server.hints.hints_allowed`).

        Tokens are stored only as hashes: the new tokens themselves are handed out
        once, in :attr:`fresh_tokens` (for the answer to the creator).  ``hashes``
        (a rematch) takes over another table's hashed tokens instead."""
        game = load_game(rules)
        n = game.new_initial_state().num_players
        if len(seats) != n:
            raise RulesError(
                "server.error.seat_count", rules=game.rules.to_text(), n=n, seats=len(seats)
            )
        name = type(game.new_initial_state()).GAME
        persons: list[dict[str, Any]] = []
        for i, s in enumerate(seats):
            if not s.name.strip() or len(s.name) > 40:
                raise RulesError("server.error.seat_name", index=i)
            if s.name.strip().casefold() in {str(p["name"]).casefold() for p in persons}:
                raise RulesError("web.duplicate_name", name=s.name.strip())  # who is who?
            if s.bot:
                make_bot(name, s.bot)  # the engine's refusal for an unknown kind
            persons.append({"name": s.name.strip(), "bot": s.bot})
        fresh = _fresh_tokens(persons) if hashes is None else None
        hashed = hashes if hashes is not None else _hashed(fresh)  # type: ignore[arg-type]
        for spec, token_hash in zip(persons, hashed["persons"], strict=True):
            spec["token_hash"] = token_hash
        meta = {
            "game": name,
            "rules": game.rules.to_text(),
            "persons": persons,
            "spectator_token_hash": hashed["spectator"],
            "host_token_hash": hashed["host"],
            "first_dealer": random.SystemRandom().randrange(n),
            "status": "waiting",
            "rematch_of": rematch_of,
            "rematch": None,
            "timer": timer,
            "hints": hints,
        }
        table_id = secrets.token_hex(5)
        created = _now()
        store.put_table(StoredTable(table_id, meta, None, created))
        log.info("table created", extra={"table": table_id, "rules": meta["rules"]})
        room = cls(store, table_id, meta, created)
        room.fresh_tokens = fresh
        return room

    @classmethod
    def load(cls, store: Store, row: StoredTable) -> Room:
        """The table as stored: its checkpoint, then the events after it."""
        room = cls(store, row.id, row.meta, row.created)
        if hash_stored_tokens(room.meta):
            room.save_meta()
        if row.record is not None:
            room.table = room._new_table(row.record)
        room._take_in_events()
        room.durable = room.table.version
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
        ``False`` for anything else (tokens are compared by their hashes)."""
        given = token_hash(token)
        for person, spec in zip(self.persons, self.meta["persons"], strict=True):
            if spec.get("token_hash") and _same_hash(spec["token_hash"], given):
                return person
        if _same_hash(self.meta["spectator_token_hash"], given):
            return None
        return False

    def is_host(self, token: str) -> bool:
        host = _same_hash(self.meta["host_token_hash"], token_hash(token))
        return host or bool(self.person_of(token))

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
        self.arm_timer()
        log.info("table started", extra={"table": self.id})

    def act(self, person: Person, action: int, version: int | None) -> int:
        """Submit and let the bots answer; the seq of the person's event.  A person
        who was away and acts again is back (their stand-in stops).
        :class:`StaleVersionError` also when another process stored an event first."""
        self.come_back(person)
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
        """The table's own steps (:meth:`Table.next_step`), paced for people to follow."""
        try:
            while (step := self.table.next_step()) is not None:
                if step == "deal":
                    if self.table.state.history():  # the last trick stays in view a moment
                        await asyncio.sleep(max(self.bot_delay * 2, self._trick_wait()))
                        await self._deal_wait()  # then the deal's summary
                    if self.table.next_step() == "deal":
                        self.table.deal()
                        self.flush()
                    continue
                await asyncio.sleep(max(self.bot_delay, self._trick_wait()))
                if self.table.next_step() == step:
                    await self._bot_move(step)
        except VersionConflict:  # another process moved first: its bots go on there
            self.reload()
        except Exception:
            log.exception("bot move failed", extra={"table": self.id})

    def _trick_wait(self) -> float:
        """Seconds until the finished trick has been in view for the trick pause (and a
        little more: the cards go to the winner), 0 if it has."""
        left = self._trick_done_at + self.trick_pause + 0.4 - asyncio.get_running_loop().time()
        return max(0.0, left)

    async def _deal_wait(self) -> None:
        """Wait while the finished deal's summary is in view: the deal pause, or less
        once every person watching (a page open at their seat, no bot playing for them)
        has dismissed it (:meth:`deal_seen`); nobody watching, no wait."""
        done = len(self.table.state.deal_records)
        loop = asyncio.get_running_loop()
        end = loop.time() + self.deal_pause
        self._dismissed = asyncio.Event()
        while not self._all_seen(done) and (left := end - loop.time()) > 0:
            self._dismissed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._dismissed.wait(), left)

    def _all_seen(self, deal: int) -> bool:
        watching = {
            c.person
            for c in self.connections
            if c.ui and c.person is not None and c.person not in self.table.bots
        }
        return all(self.deals_seen.get(p, 0) >= deal for p in watching)

    def deal_seen(self, person: Person, deal: int) -> None:
        """``person`` has dismissed the summary of deal number ``deal``: once everyone
        watching has, the next deal comes without waiting out the deal pause."""
        self.deals_seen[person] = max(deal, self.deals_seen.get(person, 0))
        if self._dismissed is not None:
            self._dismissed.set()

    async def _bot_move(self, move: BotMove) -> None:
        """One bot move, thought out in a worker thread (a search bot may think for a
        while: the event loop goes on serving everyone) on a copy of the state; played
        only if the table has not moved on meanwhile."""
        from stickspel.core.turn import Turn, needs_worlds

        turn = Turn.of(self.table.state.clone(), worlds=needs_worlds(move.bot))
        version = self.table.version
        action = await asyncio.get_running_loop().run_in_executor(None, move.bot.act, turn)
        if self.table.version != version or self.table.next_step() != move:
            return
        self.table.submit(move.person, action, version=version)
        self.flush()

    # --- the move timer and the persons who are away -----------------------------------
    def arm_timer(self) -> None:
        """With a timer: start the clock for the person to act (once per version); at
        the end of it a stand-in bot plays for them (:meth:`_time_out`)."""
        person = self.table.to_act() if self.status == "playing" else None
        if not self.timer or person is None or person in self.table.bots:
            self._stop_timer()
            return
        if self._timer is not None and self._timer_version == self.table.version:
            return
        self._stop_timer()
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # not on the event loop (a script, a test): no clock
            return
        self._timer_version = self.table.version
        self._deadline = loop.time() + self.timer
        self._timer = loop.call_later(self.timer, self._time_out, self.table.version)

    def _stop_timer(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
        self._timer, self._deadline, self._timer_version = None, None, -1

    def deadline_left(self) -> float | None:
        """Seconds left for the person to act, ``None`` when no clock runs."""
        if self._deadline is None:
            return None
        return max(0.0, round(self._deadline - asyncio.get_running_loop().time(), 1))

    def _time_out(self, version: int) -> None:
        self._timer, self._deadline, self._timer_version = None, None, -1
        person = self.table.to_act()
        if self.table.version != version or person is None or person in self.table.bots:
            return
        self.go_away(person)
        self.let_bots_play()
        self.flush()

    def go_away(self, person: Person) -> None:
        """``person`` is away: a stand-in bot (the game's heuristic) plays for them."""
        self.away.add(person)
        self.table.bots[person] = self._stand_in()
        log.info("away", extra={"table": self.id, "person": self.table.person_index(person)})

    def _stand_in(self) -> Any:
        return make_bot(self.game_name, STAND_IN, seed=random.SystemRandom().randrange(2**32))

    def come_back(self, person: Person) -> bool:
        """``person`` plays again themselves; whether they were away."""
        if person not in self.away:
            return False
        self.away.discard(person)
        self.table.bots.pop(person, None)
        log.info("back", extra={"table": self.id, "person": self.table.person_index(person)})
        return True

    def protokoll(self, person: Person | None, lang: str, fmt: Literal["html", "pdf"]) -> bytes:
        """The live protokoll as ``person`` may see it (``Table.record_for``; ``None``:
        the spectators, the public record): a whole HTML page or a PDF."""
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
            "titles": self.titles,
            "players": [p.name for p in self.persons],
            "kinds": ["bot" if spec.get("bot") else "human" for spec in self.meta["persons"]],
            "bots": [spec.get("bot") for spec in self.meta["persons"]],
            "status": self.status,
            "version": self.table.version,
            "created": self.created,
            "rematch": self.meta.get("rematch"),
            "rematch_of": self.meta.get("rematch_of"),
            "timer": self.meta.get("timer"),
            "hints": hints_allowed(self.meta),
        }

    def view_key(self, conn: Connection) -> ViewKey:
        person = None if conn.person is None else self.table.person_index(conn.person)
        return (person, conn.lang, conn.ui)

    def state_message(self, conn: Connection) -> dict[str, Any]:
        """The connection's view now (:meth:`_view_state`)."""
        return self._view_state(self.view_key(conn), conn.person, self._shared_state())

    def _shared_state(self) -> dict[str, Any]:
        """The fields of the state that every view shares, built once a change; a
        field equal to the last change's is that very object (compared here once for
        every view, so that each view's delta passes it by identity)."""
        n = len(self.persons)
        state: GameState = self.table.state
        terminal = state.is_terminal()
        to_act = self.table.to_act()
        shared = {
            "status": self.status,
            "seating": [self.table.person_index(self.table.person_at(s)) for s in range(n)],
            "names": self.names_by_seat(),
            "to_act": None if to_act is None else self.table.person_index(to_act),
            "terminal": terminal,
            "totals": [float(x) for x in state.returns()],
            # totals and winners are indexed like the record's players (persons)
            "winners": [self.persons[i].name for i in state.winners()] if terminal else [],
            "timer": self.timer,
            "trick_pause": self.trick_pause,
            "deal_pause": self.deal_pause,
            "deadline": self.deadline_left(),
            "away": sorted(self.table.person_index(p) for p in self.away),
        }
        last = self._shared
        for key, value in shared.items():
            before = last.get(key, _MISSING)
            if before is not _MISSING and before == value:
                shared[key] = before
        self._shared = shared
        return shared

    def _view_state(
        self, key: ViewKey, person: Person | None, shared: dict[str, Any]
    ) -> dict[str, Any]:
        """A view's state: its seat's observation (a spectator: the public one), its
        legal actions, the calls refused with the reason, and ``shared``; for a page
        (``ui``) also the labels, the reasons of the cards it may not play and the
        game's panel.  The legal actions, refusals and reasons are built only for the
        seat to act (the others have none)."""
        _, lang, ui = key
        view: PersonView = self.table.view(person)
        state: GameState = self.table.state
        names = shared["names"]
        obs = view.observation
        legal = list(view.legal_actions)
        public = self.public_observation() if person is None else None
        out = {
            "type": "state",
            "version": view.version,
            "seat": view.seat,
            **shared,
            "observation": obs,
            "public": public,
            "legal": legal_entries(state, legal, obs, lang, labels=ui) if legal else [],
            "refused": refused_calls(state, legal, obs, lang, names, view.seat) if legal else [],
            "last_deal": self.last_deal(key[0], lang),
        }
        if ui:
            hand = (obs or {}).get("hand") or []
            out["reasons"] = (
                card_reasons(state, hand, legal, lang, names, view.seat) if legal else {}
            )
            seen = obs if obs is not None else public
            out["panel"] = panel(
                seen, self.game_name, names, lang, seat=view.seat, to_act=bool(legal)
            )
        return out

    def last_deal(self, person: int | None, lang: str) -> dict[str, Any] | None:
        """The last finished deal's summary as ``person`` (``None``: the spectators)
        reads it in ``lang`` (:func:`~stickspel.server.seatview.last_deal`), made once
        per deal and view."""
        state = self.table.state
        deals = state.deal_records
        if not deals:
            return None
        # by the record itself: an undone deal and its replay are two records (kept
        # here, so that the identity of the one in the key is never another's)
        if self._summary is None or self._summary[0] is not deals[-1]:
            self._summary = (deals[-1], state.deal_summary(), {})
        _, summary, said = self._summary
        if summary is None:
            return None
        if (person, lang) not in said:
            names = [p.name for p in self.persons]
            said[person, lang] = last_deal(summary, names, lang, person)
        return said[person, lang]  # type: ignore[no-any-return]

    def public_observation(self) -> dict[str, Any] | None:
        """What every seat sees alike (for spectators), once per version."""
        version = self.table.version
        if self._public is None or self._public[0] != version:
            state = self.table.state
            public = None if state.is_chance() else state.public_observation()
            self._public = (version, public)
        return self._public[1]

    def pending(self, conn: Connection) -> list[dict[str, Any]]:
        """The messages ``conn`` has not had yet: new events, then the whole state (on
        joining, and when it asks ``sync``); none while an event waits for its commit
        (the commit sends them, the whole state since ``conn`` holds none)."""
        if not self.settled():
            conn.last_state = None
            return []
        events = self.table.events_for(conn.person, since=conn.sent)
        conn.sent = self.table.version
        out = [_event_message(e, self.tricks.get(e.seq)) for e in events]
        key = self.view_key(conn)
        state = self._view_state(key, conn.person, self._shared_state())
        if state != self._views.get(key):
            self._views[key] = state
        # the view's state object: the view's next delta fits this connection too
        conn.last_state = self._views[key]
        out.append(state)
        return out

    def flush(self) -> None:
        """Send every connection what changed: the new events, each encoded once for
        everyone who sees it alike, then its view's state, built and encoded once for
        all the view's connections, or (protocol 2) the delta from the state the
        connection was last sent.  Nothing while an event waits for its commit: the
        commit sends it (:meth:`_stored`)."""
        self.arm_timer()
        if not self.connections or not self.settled():
            return
        shared = self._shared_state()
        built: dict[ViewKey, _Built] = {}
        events: dict[tuple[Any, ...], str] = {}
        for conn in self.connections:
            for e in self.table.events_for(conn.person, since=conn.sent):
                key = _event_key(e, conn)
                text = events.get(key)
                if text is None:
                    text = events[key] = encode(_event_message(e, self.tricks.get(e.seq)))
                conn.send(text)
            conn.sent = self.table.version
            view = self.view_key(conn)
            now = built.get(view)
            if now is None:
                state = self._view_state(view, conn.person, shared)
                now = built[view] = _Built(state, self._views.get(view))
                self._views[view] = state
            fits = now.previous is not None and conn.last_state is now.previous
            conn.send(now.delta() if conn.protocol >= 2 and fits else now.full())
            conn.last_state = now.state

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
        # a refusal of the reader's own move says "du" / "you", not their name
        you = None if conn.person is None else self.table.seat_of(conn.person)
        return {
            "type": "error",
            "code": code,
            "message": error_text(err, conn.lang, self.names_by_seat(), you),
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
        self._generation += 1
        self._last_write = None
        self.table = self._new_table(row.record)
        self._take_in_events()
        self.durable = self.table.version
        for person in self.away:  # their stand-ins play on
            self.table.bots[person] = self._stand_in()
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
                conn.send({"type": "rematch", "table": rematch})


def _on_loop(loop: asyncio.AbstractEventLoop) -> bool:
    """Whether this code runs on ``loop`` (the server's), not in a script or thread."""
    try:
        return asyncio.get_running_loop() is loop
    except RuntimeError:
        return False


def token_hash(token: str) -> str:
    """What the store keeps of a token: its SHA-256 (a leaked database gives no seat
    away).  Tokens are 144 random bits, so no salt or slow hash is needed.  Text
    that is not UTF-8 (a client's) is hashed with replacement characters."""
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def _same_hash(stored: str, given: str) -> bool:
    """Whether two token hashes are equal, in constant time."""
    return secrets.compare_digest(stored.encode(), given.encode())


def _fresh_tokens(persons: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """New tokens: one per human seat (``None`` for bots), the spectators', the host's."""
    return {
        "persons": [None if p.get("bot") else new_token() for p in persons],
        "spectator": new_token(),
        "host": new_token(),
    }


def _hashed(tokens: dict[str, Any]) -> dict[str, Any]:
    return {
        "persons": [None if t is None else token_hash(t) for t in tokens["persons"]],
        "spectator": token_hash(tokens["spectator"]),
        "host": token_hash(tokens["host"]),
    }


def hash_stored_tokens(meta: dict[str, Any]) -> bool:
    """Replace the plain tokens of a table stored before tokens were hashed by their
    hashes (the tokens in people's links keep working); whether anything changed."""
    changed = False
    for spec in meta.get("persons", []):
        if "token" in spec:
            plain = spec.pop("token")
            spec["token_hash"] = None if plain is None else token_hash(plain)
            changed = True
    for key in ("spectator_token", "host_token"):
        if key in meta:
            meta[f"{key}_hash"] = token_hash(meta.pop(key))
            changed = True
    return changed


def _event_key(e: SeatEvent, conn: Connection) -> tuple[Any, ...]:
    """What tells apart the forms of one event: whether the action was seen, and for a
    deal the viewer (it carries the viewer's own observation)."""
    if e.observation is not None:
        return ("deal", e.seq, id(conn.person))
    return ("event", e.seq, e.hidden)


def _event_message(e: SeatEvent, trick: dict[str, Any] | None = None) -> dict[str, Any]:
    """An event for a connection; ``trick``: the trick it finished (leader, cards and
    winner, all public), so a page shows the whole trick before it is gathered."""
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
        "trick": trick if e.trick_winner is not None else None,
    }


class Rooms:
    """Every table of the server, loaded from the store at start."""

    def __init__(
        self,
        store: Store,
        bot_delay: float = 0.0,
        trick_pause: float = TRICK_PAUSE,
        deal_pause: float = DEAL_PAUSE,
    ) -> None:
        self.store = store
        self.bot_delay = bot_delay
        self.trick_pause = trick_pause
        self.deal_pause = deal_pause
        self.rooms: dict[str, Room] = {}
        for row in store.tables():
            try:
                self.add(Room.load(store, row))
            except Exception as e:  # a bad row must not stop the server
                log.error("table not loaded", extra={"table": row.id, "error": str(e)})

    def add(self, room: Room) -> Room:
        room.bot_delay = self.bot_delay
        room.trick_pause = self.trick_pause
        room.deal_pause = self.deal_pause
        self.rooms[room.id] = room
        return room

    def resume_bots(self) -> None:
        """At start (on the event loop): let the bots of reloaded tables go on."""
        for room in self.rooms.values():
            room.let_bots_play()
            room.arm_timer()  # a person's clock runs whether or not anyone reconnects

    def get(self, table_id: str) -> Room | None:
        room = self.rooms.get(table_id)
        if room is None and self.store.broadcasts:  # another process may have created it
            row = self.store.table(table_id)
            if row is not None:
                room = self.add(Room.load(self.store, row))
        return room

    def follow(self, change: Change | None) -> None:
        """Take in a change another process announced (``None``: any may have been
        missed, so every table catches up).  A table this process does not hold is
        left alone: it is loaded when someone asks this process for it (:meth:`get`),
        so that each event is taken in only by the processes that serve the table,
        not by all of them (docs/deploy.md, "How many tables a machine holds")."""
        if change is None:
            for each in list(self.rooms.values()):
                each.catch_up(meta=True)
            return
        room = self.rooms.get(change.table)
        if room is not None and (change.meta or change.version > room.table.version):
            room.catch_up(meta=change.meta)

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
            hashes={
                "persons": [p.get("token_hash") for p in room.meta["persons"]],
                "spectator": room.meta["spectator_token_hash"],
                "host": room.meta["host_token_hash"],
            },
            timer=room.meta.get("timer"),
            hints=room.meta.get("hints"),
        )
        self.add(new)
        room.meta["rematch"] = new.id
        room.save_meta()
        new.start()
        return new

"""A table: one game played by persons and bots, kept as a numbered event log.

The table is the one place every client goes through (the terminal game, the
browser server, simulations): it maps persons to seats (``state.seating()``;
Priffe moves people between rubbers), checks that the right person acts,
asks the game why an action is refused (``state.explain``), applies it,
appends it to its event log, saves the game and only then tells anyone.
What each person is told is their seat's share of the log: the public form
of each action (``state.public_action``), their own observation of each deal,
and their current observation; spectators get the public share only.

>>> from stickspel import load_game
>>> from stickspel.bots import make_bot
>>> import random
>>> game = load_game("plump(players=3,max_cards=2)")
>>> people = [Person("Du"), Person("Anna", "bot"), Person("Björn", "bot")]
>>> bots = {p: make_bot("plump", "random", seed=i) for i, p in enumerate(people[1:])}
>>> table = Table(game, people, bots, rng=random.Random(1), first_dealer=2)
>>> table.advance()                     # deals, lets the bots act up to the human's turn
>>> table.to_act() == people[0], table.version > 0
(True, True)
>>> first = table.events_for(people[0])[0]
>>> first.kind, first.seq, sorted(first.observation)[:3]
('deal', 1, ['bids', 'bids_made', 'current_player'])
>>> table.submit(people[1], table.legal_actions()[0])
Traceback (most recent call last):
...
stickspel.core.errors.IllegalActionError: it is not seat 1's turn
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from stickspel.core.api import Deal, Game, GameState, HistoryItem, Observation, ReportedDeal
from stickspel.core.errors import IllegalActionError, Rule, StickspelError
from stickspel.core.turn import Bot, Turn, needs_worlds

__all__ = [
    "Person",
    "BotMove",
    "Event",
    "SeatEvent",
    "PersonView",
    "Table",
    "StaleVersionError",
    "Autosave",
]

EventKind = Literal["deal", "action", "reported_deal", "undo"]

#: Called with the record after every event (or a path the record is written to).
Autosave = Callable[[dict[str, Any]], None]


@dataclass(frozen=True, eq=False)
class Person:
    """Someone at the table: a name and whether a bot plays.  Persons are told
    apart by identity (two players may share a name); keep the objects."""

    name: str
    kind: Literal["human", "bot"] = "human"


@dataclass(frozen=True)
class BotMove:
    """A bot's move the table waits for: ``person``'s ``bot``, at ``seat``."""

    person: Person
    bot: Bot
    seat: int


@dataclass(frozen=True)
class Event:
    """One entry of the table's log, complete (it may hold hidden cards: never
    handed to a client; clients get :class:`SeatEvent`).

    ``seq`` counts from 1; ``seat`` is the acting seat (the dealer for a deal),
    ``person`` the index of the person in that seat, ``seating`` seat → person
    when it happened, ``public`` whether everyone saw the action's content.
    An ``undo`` event names in ``undone`` the ``seq`` it took back.
    """

    seq: int
    kind: EventKind
    seat: int | None
    person: int | None
    seating: tuple[int, ...]
    action: int | None = None
    deal: Deal | ReportedDeal | None = None
    public: bool = True
    undone: int | None = None


@dataclass(frozen=True)
class SeatEvent:
    """An event as one person (or a spectator) may see it.

    ``action`` and ``text`` are ``None`` where the action was hidden from the
    viewer (``hidden`` is then true: "seat X acted"); ``is_call`` tells a call
    from a card.  A deal carries the viewer's own observation just after it
    (``None`` for spectators).  ``trick_winner`` (a seat) and
    ``trick_winner_person`` are set when the action completed a trick, and
    ``deal_over`` when it ended the deal; both are public.
    """

    seq: int
    kind: EventKind
    seat: int | None
    person: int | None
    action: int | None = None
    text: str | None = None
    hidden: bool = False
    is_call: bool = False
    observation: dict[str, Any] | None = None
    trick_winner: int | None = None
    trick_winner_person: int | None = None
    deal_over: bool = False
    undone: int | None = None


@dataclass(frozen=True)
class PersonView:
    """What a person may know now: seat (``None`` for a spectator), the seat's
    observation, the legal actions if it is their turn, and the table version."""

    person: Person | None
    seat: int | None
    observation: dict[str, Any] | None
    legal_actions: tuple[int, ...]
    version: int
    terminal: bool


class StaleVersionError(StickspelError, ValueError):
    """An action sent for an older version of the table than the current one."""

    def __init__(self, given: int, version: int) -> None:
        super().__init__("table.stale_version", given=given, version=version)
        self.rule = Rule.STALE_VERSION
        self.given = given
        self.version = version


@dataclass
class _Facts:
    """Public facts an action brought about (computed once, when it happened)."""

    trick_winner: int | None = None
    trick_winner_person: int | None = None
    deal_over: bool = False
    is_call: bool = False
    text: str | None = None


@dataclass
class _Entry:
    event: Event
    facts: _Facts = field(default_factory=_Facts)
    #: For a deal: each seat's observation just after it.
    deal_views: tuple[dict[str, Any], ...] = ()


def plain_observation(obs: Any) -> dict[str, Any]:
    """An observation as plain data, whether a typed :class:`Observation` or a dict."""
    if isinstance(obs, Observation):
        return obs.to_dict()
    return dict(obs)


class Table:
    """A game (a :class:`Game` or its text, ``"plump(players=3)"``) played by
    ``persons`` (their order is the record's ``players``).

    ``bots`` maps the persons a bot plays to their bot; ``rng`` deals
    (``random.SystemRandom()`` for live games, a seeded ``random.Random`` in
    simulations); ``autosave`` is a path the record is written to after every
    event, or a callable given the record.  :meth:`from_state` wraps a game
    already under way (a resumed record).
    """

    def __init__(
        self,
        game: Game | str,
        persons: Sequence[Person],
        bots: Mapping[Person, Bot] | None = None,
        *,
        rng: random.Random | None = None,
        first_dealer: int = 0,
        autosave: Autosave | str | Path | None = None,
        state: GameState | None = None,
    ) -> None:
        if isinstance(game, str):
            from stickspel.games import load_game

            game = load_game(game)
        self.game = game
        self.persons = list(persons)
        self.bots: dict[Person, Bot] = dict(bots or {})
        for p in self.bots:
            if not any(p is q for q in self.persons):
                raise ValueError(f"a bot for {p.name!r}, who is not at the table")
        self.rng = rng if rng is not None else random.SystemRandom()
        self._state = state if state is not None else game.new_initial_state(first_dealer)
        if len(self.persons) != self._state.num_players:
            raise ValueError(
                f"{len(self.persons)} persons for a game of {self._state.num_players} seats"
            )
        self._autosave = _autosaver(autosave)
        self._log: list[_Entry] = []
        self._live: list[int] = []  # indices into _log of events not undone, in order
        self._listeners: list[Callable[[Event], None]] = []
        if state is not None and state.history():
            self._rebuild(state)

    # --- building ----------------------------------------------------------------
    @classmethod
    def from_state(
        cls,
        state: GameState,
        persons: Sequence[Person],
        bots: Mapping[Person, Bot] | None = None,
        *,
        rng: random.Random | None = None,
        autosave: Autosave | str | Path | None = None,
    ) -> Table:
        """A table around ``state`` (which it goes on mutating); its history becomes
        the first events (replayed on a fresh copy to give each seat its share)."""
        game = Game(type(state), state.rules)
        return cls(game, persons, bots, rng=rng, autosave=autosave, state=state)

    @classmethod
    def resume(
        cls,
        doc: dict[str, Any],
        bots: Mapping[str, Bot] | None = None,
        *,
        rng: random.Random | None = None,
        autosave: Autosave | str | Path | None = None,
    ) -> Table:
        """The table of a saved record (``bots`` by player name), ready to go on."""
        from stickspel.records import replay

        rep = replay(doc)
        named = bots or {}
        persons = [Person(n, "bot" if n in named else "human") for n in rep.players]
        by_person = {p: named[p.name] for p in persons if p.name in named}
        return cls.from_state(rep.state, persons, by_person, rng=rng, autosave=autosave)

    def _rebuild(self, state: GameState) -> None:
        fresh = self.game.new_initial_state(state.first_dealer)
        real, save = self._state, self._autosave
        self._state, self._autosave = fresh, None
        try:
            for item in state.history():
                self._record(item)
        finally:
            self._state, self._autosave = real, save

    # --- who is where --------------------------------------------------------------
    @property
    def version(self) -> int:
        """The number of events so far: a client acting on an older one is refused."""
        return len(self._log)

    @property
    def state(self) -> GameState:
        """The game state (for the rules engine's own clients: records, tests).  Never
        hand it to a bot or a client: they get :class:`~stickspel.bots.Turn` and views."""
        return self._state

    def person_index(self, person: Person) -> int:
        for i, p in enumerate(self.persons):
            if p is person:
                return i
        raise ValueError(f"{person.name!r} is not at this table")

    def seat_of(self, person: Person) -> int:
        """The seat ``person`` sits in now."""
        return self._seating().index(self.person_index(person))

    def person_at(self, seat: int) -> Person:
        return self.persons[self._seating()[seat]]

    def _seating(self) -> tuple[int, ...]:
        return tuple(self._state.seating()) or tuple(range(self._state.num_players))

    def to_act(self) -> Person | None:
        """The person whose turn it is (``None`` before a deal and at the end)."""
        seat = self._state.current_player()
        return self.person_at(seat) if seat >= 0 else None

    def is_terminal(self) -> bool:
        return self._state.is_terminal()

    def legal_actions(self) -> list[int]:
        return self._state.legal_actions()

    def players(self) -> list[str]:
        """The persons' names, as a record's ``players``."""
        return [p.name for p in self.persons]

    # --- acting ------------------------------------------------------------------
    def submit(self, person: Person, action: int, version: int | None = None) -> Event:
        """Take ``action`` for ``person``; the event logged, or a refusal raised.

        Refusals: :class:`StaleVersionError` when ``version`` is not the current
        one; :class:`IllegalActionError` with ``Rule.GAME_OVER``,
        ``Rule.NOT_DEALT``, ``Rule.NOT_YOUR_TURN`` or the game's own rule.
        """
        if version is not None and version != self.version:
            raise StaleVersionError(version, self.version)
        index = self.person_index(person)
        state = self._state
        if state.is_terminal():
            raise IllegalActionError("rule.game_over", rule=Rule.GAME_OVER)
        if state.is_chance():
            raise IllegalActionError("rule.not_dealt", rule=Rule.NOT_DEALT)
        seating = self._seating()
        seat = seating.index(index)
        if seat != state.current_player():
            raise IllegalActionError("rule.not_your_turn", rule=Rule.NOT_YOUR_TURN, seat=seat)
        refusal = state.explain(action)
        if refusal is not None:
            raise refusal
        return self._record(action, seating)

    def deal(self, deal: Deal | None = None) -> Event:
        """Deal the next cards (``deal`` given, or drawn from the table's generator)."""
        if not self._state.is_chance():
            raise IllegalActionError("rule.not_chance", rule=Rule.NOT_CHANCE)
        return self._record(deal)

    def next_step(self, max_deals: int | None = None) -> Literal["deal"] | BotMove | None:
        """What the table does next without a person: ``"deal"``, a :class:`BotMove`,
        or ``None`` when a person without a bot must act, the game is over, or (with
        ``max_deals``) that many deals are played.  Every loop that plays bots (a
        simulation, a match, the terminal game, the server's paced one) asks this."""
        state = self._state
        seat = state.current_player()
        if seat < 0:
            if not state.is_chance():
                return None  # the end
            if max_deals is not None and len(state.deal_records) >= max_deals:
                return None  # stopped before the next deal
            return "deal"
        person = self.persons[self._seating()[seat]]
        bot = self.bots.get(person)
        return None if bot is None else BotMove(person, bot, seat)

    def play_bot(self, move: BotMove) -> Event:
        """Let ``move``'s bot act on the state as it is; an action the rules refuse
        is refused as a person's would be."""
        turn = Turn.of(self._state, worlds=needs_worlds(move.bot))
        action = move.bot.act(turn)
        if action not in turn.legal_actions:  # the same refusal a person gets
            self.submit(move.person, action)
        return self._record(action)

    def advance(self, max_deals: int | None = None) -> None:
        """Deal and let the bots act until a person without a bot must act, or the end;
        with ``max_deals``, stop before dealing once that many deals are played."""
        while (step := self.next_step(max_deals)) is not None:
            if step == "deal":
                self._record(None)
            else:
                self.play_bot(step)

    def undo(self) -> Event:
        """Take back the last action (not a deal): logged as an ``undo`` event."""
        if not self._live or self._log[self._live[-1]].event.kind != "action":
            raise IllegalActionError("rule.undo", rule=Rule.UNDO)
        taken = self._log[self._live[-1]].event
        seating = self._seating()
        self._state.undo_action()
        self._live.pop()
        event = Event(
            len(self._log) + 1, "undo", taken.seat, taken.person, seating, undone=taken.seq
        )
        return self._append(_Entry(event))

    def subscribe(self, listener: Callable[[Event], None]) -> None:
        """Call ``listener`` with each new event, after it is logged and saved."""
        self._listeners.append(listener)

    # --- the log -----------------------------------------------------------------
    def _record(self, item: HistoryItem | None, seating: tuple[int, ...] | None = None) -> Event:
        """Apply ``item`` (``None``: deal from the generator) and log it; ``seating``
        is the seating now, where the caller has it."""
        state = self._state
        seq = len(self._log) + 1
        if seating is None:
            seating = self._seating()
        if item is None or isinstance(item, Deal):
            deal = state.apply_chance(self.rng) if item is None else _applied(state, item)
            seating = self._seating()  # after the deal: who sits where for it
            seat = state.dealer()
            views = tuple(plain_observation(state.observation(s)) for s in range(state.num_players))
            event = Event(seq, "deal", seat, seating[seat], seating, deal=deal)
            return self._append(_Entry(event, deal_views=views))
        if isinstance(item, ReportedDeal):
            state.apply_reported_deal(item.deal)
            event = Event(seq, "reported_deal", None, None, seating, deal=item)
            return self._append(_Entry(event, facts=_Facts(deal_over=True)))
        action = item
        seat = state.current_player()
        public = state.public_action(action)
        facts = _Facts(is_call=action >= 52, text=state.action_to_string(action))
        before_trick = state.last_trick()
        state.apply_action(action)
        last = state.last_trick()
        if last is not None and last != before_trick:
            facts.trick_winner = last[2]
            facts.trick_winner_person = seating[last[2]]
        facts.deal_over = state.deal_over()
        event = Event(seq, "action", seat, seating[seat], seating, action=action, public=public)
        return self._append(_Entry(event, facts=facts))

    def _append(self, entry: _Entry) -> Event:
        self._log.append(entry)
        if entry.event.kind != "undo":
            self._live.append(len(self._log) - 1)
        if self._autosave is not None:
            self._autosave(self.to_record())
        for listener in self._listeners:
            listener(entry.event)
        return entry.event

    def events(self) -> list[Event]:
        """The whole log (with hidden content: for the record keeper, not for clients)."""
        return [e.event for e in self._log]

    def to_record(self) -> dict[str, Any]:
        """The game so far as a ``stickspel/1`` record (what autosave writes)."""
        return self._state.to_record(self.players())

    # --- per-person streams -----------------------------------------------------------
    def events_for(self, person: Person | None, since: int = 0) -> list[SeatEvent]:
        """The events after ``since`` as ``person`` may see them (``None``: a spectator)."""
        index = None if person is None else self.person_index(person)
        return [self._seat_event(e, index) for e in self._log[since:]]

    def stream(self, person: Person | None, since: int = 0) -> Iterator[SeatEvent]:
        yield from self.events_for(person, since)

    def view(self, person: Person | None) -> PersonView:
        """What ``person`` may know now (a spectator: no observation at all)."""
        state = self._state
        if person is None:
            return PersonView(None, None, None, (), self.version, state.is_terminal())
        seat = self.seat_of(person)
        legal = tuple(state.legal_actions()) if state.current_player() == seat else ()
        obs = plain_observation(state.observation(seat))
        return PersonView(person, seat, obs, legal, self.version, state.is_terminal())

    def _seat_event(self, entry: _Entry, index: int | None) -> SeatEvent:
        e, f = entry.event, entry.facts
        seat_now = e.seating.index(index) if index is not None else None
        if e.kind == "deal":
            obs = entry.deal_views[seat_now] if seat_now is not None else None
            return SeatEvent(e.seq, "deal", e.seat, e.person, observation=obs)
        if e.kind != "action":
            return SeatEvent(
                e.seq, e.kind, e.seat, e.person, deal_over=f.deal_over, undone=e.undone
            )
        seen = e.public or (seat_now is not None and seat_now == e.seat)
        return SeatEvent(
            e.seq,
            "action",
            e.seat,
            e.person,
            action=e.action if seen else None,
            text=f.text if seen else None,
            hidden=not seen,
            is_call=f.is_call,
            trick_winner=f.trick_winner,
            trick_winner_person=f.trick_winner_person,
            deal_over=f.deal_over,
        )

    def record_for(self, person: Person | None) -> dict[str, Any]:
        """The record as ``person`` may read it (``None``: a spectator), made by the
        game (:meth:`GameState.record_view`): only the cards that person saw."""
        player = None if person is None else self.person_index(person)
        return self._state.record_view(player, self.players())


def _applied(state: GameState, deal: Deal) -> Deal:
    state.apply_deal(deal)
    return deal


def _autosaver(target: Autosave | str | Path | None) -> Autosave | None:
    if target is None or callable(target):
        return target
    path = Path(target)

    def save(doc: dict[str, Any]) -> None:
        from stickspel.records.io import write_record

        # Atomic (a unique temporary file, fsync, replace): a crash leaves the last
        # save whole.  Private: it holds every hand of the deal in progress.  No
        # lock file: one table writes its game; the output path was checked first.
        write_record(doc, path, private=True)

    return save

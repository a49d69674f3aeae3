"""The scorekeeper: a protokoll kept for a game played with real cards.

A session is a ``stickspel/1`` record whose deals have no ``hands`` or
``tricks`` (RECORD-FORMAT, "Games played with real cards"): each deal holds
what the table reported — the dealer, the deal size, the calls in order and
``result.tricks`` — plus the scores the engine worked out.  Every entry is
checked by the game engine itself (:meth:`GameState.apply_reported_deal`):
the whole list of entries is replayed on a fresh state, so editing or undoing
any row recomputes every figure after it, and an entry that is refused is
simply not added: nothing entered earlier is lost.  What a row of each game is
(its calls and tricks as written) is the game's sheet rules' (``games/<game>/sheet.py``);
the session keeps the rows, replays them and totals them.

>>> from stickspel.games.plump.sheet import add_plump, forbidden_bid
>>> s = Session.new("plump", ["Anna", "Björn", "Cissi"], max_cards=2)
>>> nxt = s.next_deal()
>>> (s.players[nxt.dealer], nxt.cards, [s.players[p] for p in nxt.order])
('Anna', 2, ['Björn', 'Cissi', 'Anna'])
>>> forbidden_bid(s, [None, 1, 0])          # Björn bid 1, Cissi 0: Anna may not bid 1
1
>>> _ = add_plump(s, bids=[0, 1, 0], tricks=["+", "-", 2])
>>> s.doc["deals"][0]["result"]
{'tricks': [0, 0, 2], 'points': [10, 0, 0]}
>>> add_plump(s, bids=[0, 1, 0], tricks=[1, 0, 0])
Traceback (most recent call last):
...
stickspel.protokoll.scorekeeper.ScorekeeperError: row 2 (1 card, Björn deals): the dealer (Björn) may not bid 1: the bids would add up to 1 (spärren)
>>> len(s.doc["deals"]), s.totals()
(1, [10, 0, 0])
"""

from __future__ import annotations

import copy
import json
import os
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

from stickspel.core import GameState, IllegalActionError, Rules, StickspelError
from stickspel.core.numbers import parse_digits
from stickspel.games import game_spec
from stickspel.games.spec import part_of
from stickspel.i18n import LANGS, render
from stickspel.records import FORMAT, RecordError, load_record, write_record
from stickspel.records.io import FileBusyError, locked
from stickspel.records.replayer import record_totals
from stickspel.safetext import MAX_NAME_LENGTH, check_name

__all__ = [
    "ScorekeeperError",
    "Worded",
    "StaleFileError",
    "Session",
    "ReportedRow",
    "parse_count",
    "NextDeal",
    "parse_mark",
    "validate_protokoll",
    "MADE",
    "MISSED",
]

#: Trick entries that say "made my bid" / "missed my bid" instead of a count.
MADE = "made"
MISSED = "missed"
_MADE_WORDS = {"+", "ja", "j", "yes", "y", "made", "✓", "rätt", "ratt", "ok"}
_MISSED_WORDS = {"-", "−", "nej", "n", "no", "missed", "plump", "x", "fel", "miss"}


class ScorekeeperError(StickspelError, ValueError):
    """An entry the scorekeeper refuses: which row, which seat and what is inconsistent.

    Built like the core errors, from a catalogue key (``scorekeeper.*``) and its
    parameters; a parameter with a ``text(lang)`` (a row described, a nested
    error) is put in in the language rendered.

    >>> e = ScorekeeperError("scorekeeper.game_over_row", row=3, rule="game_over")
    >>> str(e), e.text("sv"), e.row, e.rule
    ('row 3: the game is over', 'rad 3: partiet är slut', 3, 'game_over')
    """

    def __init__(
        self,
        key: str = "",
        /,
        *,
        row: int | None = None,
        seat: int | None = None,
        rule: str = "",
        **params: Any,
    ) -> None:
        super().__init__(key, **params)
        self.row = row
        self.seat = seat
        self.rule = rule

    def text(self, lang: str, names: Sequence[str] | None = None, you: int | None = None) -> str:
        params: dict[str, Any] = {"row": self.row, "seat": self.seat, "rule": self.rule}
        params.update(
            (k, v.text(lang) if isinstance(v, Worded) else v) for k, v in self.params.items()
        )
        return render(self.key, params, lang, names, you)


@dataclass(frozen=True)
class Worded:
    """A part of a message already rendered in every language (a row described)."""

    by_lang: dict[str, str]

    @classmethod
    def of(cls, fn: Callable[[str], str]) -> Worded:
        return cls({lang: fn(lang) for lang in LANGS})

    def text(self, lang: str) -> str:
        return self.by_lang.get(lang) or self.by_lang["en"]

    def __str__(self) -> str:
        return self.by_lang["en"]


class StaleFileError(StickspelError, RuntimeError):
    """The session's file was changed by another program since the session read it:
    nothing was saved, and the session has read the file again."""


#: The most digits a number typed in may have.
MAX_DIGITS = 6


def parse_count(text: str | int) -> int | None:
    """A whole number typed in, or ``None`` if ``text`` is not one.

    Only ASCII digits count (``"3"``, ``" 12 "``): other characters Unicode calls
    digits (``"²"``, ``"٣"``, ``"３"``) are refused, and so is anything longer than
    :data:`MAX_DIGITS` digits.

    >>> [parse_count(t) for t in ["3", " 12 ", "²", "٣", "-1", "1" * 7, "", 4]]
    [3, 12, None, None, None, None, None, 4]
    """
    if isinstance(text, int) and not isinstance(text, bool):
        return text
    return parse_digits(str(text).strip(), MAX_DIGITS)  # typed: spaces around are fine


@dataclass(frozen=True)
class NextDeal:
    """What the table needs to know before the next deal: its row number, the
    dealer, the number of cards each (``None`` where the game deals all 52) and
    the calling order."""

    row: int
    dealer: int
    cards: int | None
    order: list[int]
    #: Who sits in each seat (an index into the players), where people move
    #: between rubbers (Priffe); the identity elsewhere.
    seating: tuple[int, ...] = ()

    def person(self, seat: int) -> int:
        """The player (index into the record's ``players``) in ``seat``."""
        return self.seating[seat] if self.seating else seat


_NO_TRUMP_WORDS = ("", "-", "none", "ingen", "utan", "nt", "no trump", "utan trumf")


def trump_letter(text: str) -> str | None:
    """The record letter of a trump suit typed as a letter, symbol or name (English or
    Swedish), or ``None`` for no trump; anything else is refused naming what is accepted.

    >>> [trump_letter(t) for t in ("h", "♠", "klöver", "Diamonds", "ingen")]
    ['H', 'S', 'C', 'D', None]
    >>> trump_letter("X")
    Traceback (most recent call last):
    ...
    stickspel.protokoll.scorekeeper.ScorekeeperError: 'X' is not a trump suit: give C, D, H or S (♣ ♦ ♥ ♠, clubs … spades, klöver … spader), or none
    """
    from stickspel.core.cards import parse_suit

    t = text.strip()
    if t.lower() in _NO_TRUMP_WORDS:
        return None
    try:
        return "CDHS"[parse_suit(t)]
    except (ValueError, KeyError, IndexError):
        raise ScorekeeperError("scorekeeper.bad_trump", shown=_shown(text)) from None


def parse_mark(text: str | int) -> int | str:
    """A trick entry: a count, :data:`MADE` or :data:`MISSED`.

    >>> [parse_mark(t) for t in ["3", "+", "ja", "-", "nej", 2]]
    [3, 'made', 'made', 'missed', 'missed', 2]
    >>> parse_mark("många")
    Traceback (most recent call last):
    ...
    stickspel.protokoll.scorekeeper.ScorekeeperError: 'många' is neither a number of tricks nor + / - (ja / nej)
    """
    if isinstance(text, int):
        return text
    t = text.strip().lower()
    count = parse_count(t)
    if count is not None:
        return count
    if t in _MADE_WORDS:
        return MADE
    if t in _MISSED_WORDS:
        return MISSED
    shown = _shown(text)
    raise ScorekeeperError("scorekeeper.not_a_mark", shown=shown)


def _shown(text: str, limit: int = 20) -> str:
    """Text someone typed, quoted for a message: visible, at most ``limit`` characters."""
    from stickspel.safetext import plain

    return repr(plain(text, limit))


@runtime_checkable
class ReportedRow(Protocol):
    """What a session needs of its game's score-sheet rules
    (:class:`~stickspel.protokoll.sheetrules.SheetRules`) to replay the rows."""

    #: What the table reports in a deal's ``result``, by key: the parts of an object
    #: kept (``()``: the value whole); the rest is worked out again when rows are re-scored.
    reported: dict[str, tuple[str, ...]]
    #: What the engine says of a deal whose calls are complete and whose result is missing.
    no_result: str
    #: Deal fields that follow from earlier rows (a correction may change them).
    derived: tuple[str, ...]


class _Tricks:
    """The rows of a game without sheet rules of its own: the tricks reported."""

    reported: dict[str, tuple[str, ...]] = {"tricks": ()}
    no_result = ""
    derived: tuple[str, ...] = ()


_TRICKS = _Tricks()


class Session:
    """A scorekeeper session: the record of the evening and the engine replaying it."""

    def __init__(self, doc: dict[str, Any], path: str | Path | None = None) -> None:
        self.doc = doc
        self.path = Path(path) if path is not None else None
        #: What the file looked like when last read or written (to notice other writers).
        self._stamp: tuple[int, int, int] | None = None
        self.spec = game_spec(str(doc.get("game", "")))
        self.row_rules: ReportedRow = part_of(self.spec, self.spec.sheet, ReportedRow) or _TRICKS
        variant = dict(doc.get("variant") or {})
        if "players" in self.spec.rules.option_names() and "players" not in variant:
            variant["players"] = len(doc.get("players", []))
        self.rules: Rules = self.spec.rules.from_dict(variant)
        self.entries = [self._entry_of(d) for d in doc.get("deals", [])]
        self.state, self._deals = self.replay(self.entries)

    # --- creation, files ---------------------------------------------------------
    @classmethod
    def new(
        cls,
        game: str,
        names: Sequence[str],
        rules: Rules | None = None,
        *,
        first_dealer: int = 0,
        **options: Any,
    ) -> Session:
        """A new, empty session; ``rules`` or options as in :func:`stickspel.games.new_game`."""
        spec = game_spec(game)
        if rules is None:
            if "players" in spec.rules.option_names():
                options.setdefault("players", len(names))
            rules = spec.rules.from_dict(options)
        names = [p.strip() for p in names]
        _check_names(names)
        doc: dict[str, Any] = {
            "format": FORMAT,
            "game": spec.name,
            "variant": rules.to_dict(),
            "players": names,
            "deals": [],
            "totals": [0] * len(names),
            "scorekeeper": {"first_dealer": first_dealer},
        }
        state = spec.state(rules, first_dealer=first_dealer)  # type: ignore[call-arg]
        if state.num_players != len(names):
            raise ScorekeeperError(
                "scorekeeper.players_named", named=len(names), players=state.num_players
            )
        return cls(doc)

    @classmethod
    def load(cls, path: str | Path) -> Session:
        """Resume a session from its file (any record without cards).

        The whole file is checked before anything else (:func:`validate_protokoll`):
        its structure, every row replayed by the engine, and the figures written
        in it (points, totals, winner) against what the rules give.  A file that
        fails is refused with a :class:`ScorekeeperError` naming the file, the row
        and the problem, and is never written to.
        """
        try:
            with locked(path):
                doc = load_record(path)
                stamp = _stamp(path)
        except FileBusyError:
            raise
        except PermissionError:  # a read-only place: read it without the lock
            doc = load_record(path)
            stamp = _stamp(path)
        session = validate_protokoll(doc, path)
        session._stamp = stamp
        return session

    def save(self, path: str | Path | None = None) -> Path:
        """Write the record atomically (to the session's own file by default).

        Holds the file's lock while writing; if another program changed the file
        since this session read it, nothing is written: the session reads the file
        again and raises :class:`StaleFileError`.
        """
        target = Path(path) if path is not None else self.path
        if target is None:
            raise ScorekeeperError("scorekeeper.no_file")
        with locked(target):
            if self._stamp is not None and target == self.path and _stamp(target) != self._stamp:
                self._reload()
                raise StaleFileError("scorekeeper.stale_file", target=str(target))
            # the evening's names and scores: readable by the owner only, as saved games
            write_record(self.doc, target, private=True)
            self._stamp = _stamp(target)
        self.path = target
        return target

    def _reload(self) -> None:
        assert self.path is not None
        fresh = Session.load(self.path)
        self.__dict__.update(fresh.__dict__)

    # --- reading --------------------------------------------------------------------
    @property
    def players(self) -> list[str]:
        return list(self.doc["players"])

    @property
    def game(self) -> str:
        return self.spec.name

    @property
    def finished(self) -> bool:
        return self.state.is_terminal()

    def totals(self) -> list[int]:
        return [int(x) for x in self.state.returns()]

    def first_dealer(self) -> int:
        deals = self.doc.get("deals") or []
        if deals and isinstance(deals[0].get("dealer"), int):
            return int(deals[0]["dealer"])
        return int((self.doc.get("scorekeeper") or {}).get("first_dealer", 0))

    def next_deal(self) -> NextDeal | None:
        """Who deals next, how many cards and the calling order; ``None`` at the end."""
        state = self.state
        if state.is_terminal():
            return None
        n = state.num_players
        dealer = state.dealer()
        cards = getattr(state, "hand_size", None)
        return NextDeal(
            len(self.entries) + 1,
            dealer,
            int(cards) if isinstance(cards, int) else None,
            [(dealer + 1 + k) % n for k in range(n)],
            self._seating(),
        )

    def _seating(self, state: GameState | None = None) -> tuple[int, ...]:
        seating = (state or self.state).seating()
        return tuple(int(p) for p in seating) if seating else tuple(range(len(self.players)))

    def seat_name(self, seat: int) -> str:
        """The name of the player in ``seat`` for the next deal."""
        seating = self._seating()
        return self.players[seating[seat]] if 0 <= seat < len(seating) else f"seat {seat}"

    def describe(self, row: int, deal: dict[str, Any] | None = None, lang: str = "en") -> str:
        """``row 5 (6 cards, Björn deals)``: how errors name a row (Swedish:
        ``rad 5 (6 kort, Björn ger)``)."""
        if deal is None:
            if row <= len(self.entries):
                deal = self.entries[row - 1]
            else:
                nxt = self.next_deal()
                deal = {"dealer": nxt.dealer, "cards": nxt.cards} if nxt else {}
        parts = []
        if isinstance(deal.get("cards"), int):
            cards = deal["cards"]
            key = "scorekeeper.row.card" if cards == 1 else "scorekeeper.row.cards"
            parts.append(render(key, {"cards": cards}, lang))
        if isinstance(deal.get("dealer"), int) and 0 <= deal["dealer"] < len(self.players):
            seating = deal.get("seating") or range(len(self.players))
            dealer = self.players[list(seating)[deal["dealer"]]]
            parts.append(render("scorekeeper.row.deals", {"dealer": dealer}, lang))
        if not parts:
            return render("scorekeeper.row", {"row": row}, lang)
        return render("scorekeeper.row.with", {"row": row, "parts": ", ".join(parts)}, lang)

    def where(self, row: int, deal: dict[str, Any] | None = None) -> Worded:
        """:meth:`describe` in every language, for a message."""
        return Worded.of(lambda lang: self.describe(row, deal, lang))

    def refusal(
        self,
        where: tuple[int, dict[str, Any] | None],
        error: IllegalActionError,
        state: GameState | None = None,
    ) -> ScorekeeperError:
        """An engine refusal of row ``where`` in both languages, seats named."""
        row, deal = where
        return ScorekeeperError(
            "scorekeeper.at",
            row=row,
            seat=error.seat,
            rule=error.rule,
            where=self.where(row, deal),
            detail=Worded.of(lambda lang: self._names(error.text(lang), state)),
        )

    # --- the engine ---------------------------------------------------------------------
    def _fresh(self) -> GameState:
        return self.spec.state(self.rules, first_dealer=self.first_dealer())  # type: ignore[call-arg]

    def _names(self, message: str, state: GameState | None = None) -> str:
        """The engine speaks of seats; the table knows names."""
        players = self.players
        seating = self._seating(state)

        def name(m: re.Match[str]) -> str:
            k = int(m.group(1))
            if not 0 <= k < len(seating):
                return m.group(0)
            who = players[seating[k]]
            # Swedish genitive: "plats 1:s tur" → "Annas tur", "Lars tur"
            return who + ("s" if m.group(2) and not who.endswith(("s", "x", "z")) else "")

        return re.sub(r"\b(?:seat|plats) ([0-9]+)(:s\b)?", name, message)

    def _entry_of(self, deal: dict[str, Any]) -> dict[str, Any]:
        """What the table reported in a recorded deal, without what the engine computes."""
        if "hands" in deal or "tricks" in deal:
            raise ScorekeeperError("scorekeeper.played_with_cards", rule="cards")
        entry = copy.deepcopy(deal)
        for key in self.row_rules.derived:
            entry.pop(key, None)
        result = entry.get("result")
        if isinstance(result, dict):
            entry["result"] = _reported(result, self.row_rules.reported)
        return entry

    def replay(
        self, entries: Sequence[dict[str, Any]], start: int = 1
    ) -> tuple[GameState, list[dict[str, Any]]]:
        """Replay ``entries`` on a fresh state: the state after them and each deal as recorded."""
        state = self._fresh()
        deals: list[dict[str, Any]] = []
        for i, entry in enumerate(entries, start=1):
            at = {**entry, "seating": list(self._seating(state))}
            where = self.where(i, at)
            if state.is_terminal():
                raise ScorekeeperError(
                    "scorekeeper.already_over", row=i, rule="game_over", where=where
                )
            want = state.dealer()
            if want is not None and entry.get("dealer", want) != want:
                raise ScorekeeperError(
                    "scorekeeper.wrong_dealer",
                    row=i,
                    rule="dealer",
                    where=where,
                    said=self._names(f"seat {entry.get('dealer')}", state),
                    want=self._names(f"seat {want}", state),
                )
            try:
                state.apply_reported_deal(copy.deepcopy(entry))
            except IllegalActionError as e:
                raise self.refusal((i, at), e, state) from None
            deals.append(copy.deepcopy(state.deal_records[-1]))
        return state, deals

    def _commit(self, entries: list[dict[str, Any]], pending: dict[str, Any] | None = None) -> None:
        state, deals = self.replay(entries)
        if pending is not None:
            self._check_open(state, len(entries) + 1, pending)
        old = (self.doc, self.entries, self.state)
        doc = dict(self.doc)
        doc["deals"] = deals
        doc["totals"] = record_totals(state)
        if state.is_terminal():
            doc["winner"] = state.winners()
        else:
            doc.pop("winner", None)
        _keep_open(doc, pending)
        self.doc, self.entries, self.state = doc, entries, state
        if self.path is not None:
            try:
                self.save()
            except StaleFileError:
                raise  # the session holds the file as it is now
            except BaseException:
                self.doc, self.entries, self.state = old  # not saved: not entered
                raise

    # --- entering --------------------------------------------------------------------------
    def add(self, deal: dict[str, Any]) -> dict[str, Any]:
        """Add the next deal as reported (the game's record form without cards).

        The dealer and deal size default to the next deal's.  Returns the deal
        as recorded (with its scores); raises :class:`ScorekeeperError` and adds
        nothing if the engine refuses it.
        """
        nxt = self.next_deal()
        row = len(self.entries) + 1
        if nxt is None:
            raise ScorekeeperError("scorekeeper.game_over_row", row=row, rule="game_over")
        entry = copy.deepcopy(deal)
        entry.setdefault("dealer", nxt.dealer)
        if nxt.cards is not None:
            entry.setdefault("cards", nxt.cards)
        self._commit([*self.entries, entry])
        return dict(self.doc["deals"][-1])

    def edit(self, row: int, deal: dict[str, Any]) -> dict[str, Any]:
        """Replace row ``row`` (1-based); every later row is scored again.

        If the change makes a later row impossible, nothing changes and the
        error names that row.
        """
        if not 1 <= row <= len(self.entries):
            raise ScorekeeperError("scorekeeper.no_row", row=row, rows=len(self.entries))
        old = self.entries[row - 1]
        entry = copy.deepcopy(deal)
        entry.setdefault("dealer", old.get("dealer"))
        if "cards" in old:
            entry.setdefault("cards", old["cards"])
        entries = list(self.entries)
        entries[row - 1] = entry
        self._commit(entries, self.pending)
        return dict(self.doc["deals"][row - 1])

    def enter(self, row: int, deal: dict[str, Any]) -> dict[str, Any]:
        """Row ``row`` as ``deal``: added if it is the next row, else corrected."""
        if row == len(self.entries) + 1:
            return self.add(deal)
        return self.edit(row, deal)

    def undo(self, count: int = 1) -> list[dict[str, Any]]:
        """Remove the last ``count`` rows (an open row is the last); returns them (as recorded)."""
        pending = self.pending
        rows = len(self.entries) + (pending is not None)
        if not 1 <= count <= rows:
            raise ScorekeeperError("scorekeeper.cannot_undo", rule="undo", count=count, rows=rows)
        done = count - (pending is not None)
        removed = self.doc["deals"][len(self.entries) - done :] if done else []
        self._commit(self.entries[: len(self.entries) - done])
        return [*removed, *([pending] if pending is not None else [])]

    # --- the open row: calls written before the deal is played --------------------------------
    @property
    def pending(self) -> dict[str, Any] | None:
        """The next row as far as it is written, or ``None``: its calls (Plump's bids,
        Priffe's calls, Tremanswhist's upcard and exchange) written before the deal is
        played, as on paper; no result, never totalled.  Kept in the record's
        ``scorekeeper`` object (``"pending"``, a deal without ``result``), which other
        readers ignore: the deals stay a valid record."""
        pending = (self.doc.get("scorekeeper") or {}).get("pending")
        return copy.deepcopy(pending) if isinstance(pending, dict) else None

    def open(self, deal: dict[str, Any]) -> dict[str, Any]:
        """Write the next row's calls before the deal is played (``deal`` without
        ``result``; the dealer and deal size default to the next deal's).  The engine
        judges them as it would the whole deal (turn, spärr, bid order); the calls
        must be complete.  A later :meth:`add` completes the row.  Returns the row."""
        nxt = self.next_deal()
        row = len(self.entries) + 1
        if nxt is None:
            raise ScorekeeperError("scorekeeper.game_over_row", row=row, rule="game_over")
        entry = {k: copy.deepcopy(v) for k, v in deal.items() if k != "result"}
        entry.setdefault("dealer", nxt.dealer)
        if nxt.cards is not None:
            entry.setdefault("cards", nxt.cards)
        self._commit(self.entries, entry)
        return copy.deepcopy(entry)

    def _check_open(self, state: GameState, row: int, entry: dict[str, Any]) -> None:
        """An open row is sound if the engine, given it after ``state``, misses only
        its result."""
        at = {**entry, "seating": list(self._seating(state))}
        if state.is_terminal():
            raise ScorekeeperError(
                "scorekeeper.already_over", row=row, rule="game_over", where=self.where(row, at)
            )
        try:
            state.clone().apply_reported_deal(copy.deepcopy(entry))
        except IllegalActionError as e:
            if e.key == self.row_rules.no_result:
                return
            raise self.refusal((row, at), e, state) from None
        raise ScorekeeperError("scorekeeper.open_has_result", row=row, where=self.where(row, at))

    def sheet_doc(self) -> dict[str, Any]:
        """The record with the open row as its last deal: what a sheet draws (the bids
        written, no score)."""
        pending = self.pending
        if pending is None:
            return self.doc
        return {**self.doc, "deals": [*self.doc["deals"], pending]}

    def judge_calls(self, row: int, deal: dict[str, Any]) -> None:
        """Let the engine judge the calls of ``deal`` (row ``row``) before anything else."""
        if row == len(self.entries) + 1:
            probe = self.state.clone()
        else:
            probe = self.replay(self.entries[: row - 1])[0]
        try:
            probe.apply_reported_deal({k: v for k, v in deal.items() if k != "result"})
        except IllegalActionError as e:
            if e.rule in ("truncated", "missing_field"):
                return  # the calls are fine; only the rest is missing
            raise self.refusal((row, deal), e, probe) from None

    def dealer_of(self, row: int) -> int:
        """The dealer's seat in row ``row`` (an entered row or the next one)."""
        return self.dealer_size(row)[0]

    def dealer_size(self, row: int) -> tuple[int, int]:
        if row <= len(self.entries):
            entry = self.entries[row - 1]
            return int(entry["dealer"]), int(entry.get("cards") or 0)
        nxt = self.next_deal()
        if nxt is None or row != nxt.row:
            raise ScorekeeperError("scorekeeper.game_over_row", row=row, rule="game_over")
        return nxt.dealer, int(nxt.cards or 0)


def _reported(result: dict[str, Any], reported: dict[str, tuple[str, ...]]) -> dict[str, Any]:
    """What the table reported of ``result``: its ``reported`` keys, of an object the
    parts named."""
    out: dict[str, Any] = {}
    for key, value in result.items():
        if key not in reported:
            continue
        parts = reported[key]
        out[key] = {p: value.get(p) for p in parts} if parts and isinstance(value, dict) else value
    return out


def _keep_open(doc: dict[str, Any], pending: dict[str, Any] | None) -> None:
    """The open row in ``doc``'s ``scorekeeper`` object, or none there (a new dict:
    the old doc is kept whole until the commit is done)."""
    keeper = {k: v for k, v in (doc.get("scorekeeper") or {}).items() if k != "pending"}
    if pending is not None:
        keeper["pending"] = copy.deepcopy(pending)
    if keeper:
        doc["scorekeeper"] = keeper
    else:
        doc.pop("scorekeeper", None)


def _stamp(path: str | Path) -> tuple[int, int, int]:
    """What identifies one version of a file: inode, modification time, size."""
    st = os.stat(path)
    return (st.st_ino, st.st_mtime_ns, st.st_size)


def _check_names(names: Sequence[Any]) -> None:
    """Players need distinct, non-empty names of at most 40 characters, without
    control characters (:func:`stickspel.safetext.check_name`)."""
    for name in names:
        if not isinstance(name, str):
            raise ScorekeeperError(
                "scorekeeper.name_not_text", rule="players", shown=_shown(json.dumps(name))
            )
        why = check_name(name)
        if why is not None:
            reason = {
                "empty": "scorekeeper.name_why.empty",
                f"longer than {MAX_NAME_LENGTH} characters": "scorekeeper.name_why.long",
                "holds control characters": "scorekeeper.name_why.control",
            }.get(why)
            raise ScorekeeperError(
                "scorekeeper.bad_name",
                rule="players",
                shown=_shown(name, MAX_NAME_LENGTH + 1),
                why=Worded(
                    {
                        lang: render(reason, {"most": MAX_NAME_LENGTH}, lang) if reason else why
                        for lang in LANGS
                    }
                ),
            )
    if len({n.strip().casefold() for n in names}) != len(names):
        listed = ", ".join(_shown(n, MAX_NAME_LENGTH) for n in names)
        raise ScorekeeperError("scorekeeper.same_names", rule="players", listed=listed)


def _kind(value: Any) -> str:
    """The catalogue key of what kind of JSON value ``value`` is (``a list``)."""
    return "list" if isinstance(value, list) else "object" if isinstance(value, dict) else (
        "text" if isinstance(value, str) else "null" if value is None else
        "bool" if isinstance(value, bool) else "number"
    )  # fmt: skip


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_structure(doc: dict[str, Any]) -> None:
    """The shape of a protokoll file, before the engine sees any of it."""

    def bad(key: str, row: int | None = None, **params: Any) -> ScorekeeperError:
        detail = Worded.of(lambda lang: render(f"scorekeeper.file.{key}", params, lang))
        if row:
            return ScorekeeperError(
                "scorekeeper.file.at_row", row=row, rule="malformed", at=row, detail=detail
            )
        return ScorekeeperError("scorekeeper.file.detail", rule="malformed", detail=detail)

    if doc.get("format") != FORMAT:
        raise ScorekeeperError(
            "scorekeeper.file.format",
            rule="format",
            shown=_shown(json.dumps(doc.get("format"))),
            want=FORMAT,
        )
    expect = {"game": str, "variant": dict, "players": list, "deals": list, "totals": list}
    for key, typ in expect.items():
        if key in ("game", "players", "deals") and key not in doc:
            raise ScorekeeperError("scorekeeper.file.missing", rule="missing_field", field=key)
        value = doc.get(key)
        if key in doc and not isinstance(value, typ) and not (key == "variant" and value is None):
            want = {str: "text", dict: "object", list: "list"}[typ]
            raise bad(f"must_be_{want}", field=key, kind=f"scorekeeper.kind.{_kind(value)}")
    players = doc["players"]
    _check_names(players)
    n = len(players)
    for key in ("totals", "winner"):
        values = doc.get(key)
        if values is None:
            continue
        if not isinstance(values, list) or not all(_is_int(x) for x in values):
            raise bad("whole_numbers", field=key)
    if "totals" in doc and len(doc["totals"]) != n:
        raise bad("totals_count", totals=len(doc["totals"]), players=n)
    keeper = doc.get("scorekeeper")
    if keeper is not None:
        if not isinstance(keeper, dict):
            raise bad("keeper_object")
        fd = keeper.get("first_dealer", 0)
        if not _is_int(fd) or not 0 <= fd < max(n, 1):
            raise bad("first_dealer", last=n - 1)
        if "pending" in keeper and not isinstance(keeper["pending"], dict):
            raise bad("pending_object")
    for row, deal in enumerate(doc["deals"], start=1):
        if not isinstance(deal, dict):
            raise bad("row_object", row, kind=f"scorekeeper.kind.{_kind(deal)}")
        for key in ("dealer", "cards"):
            if key in deal and not (_is_int(deal[key]) and 0 <= deal[key] < 100):
                raise bad("small_number", row, field=key)
        if "dealer" in deal and deal["dealer"] >= n:
            raise bad("dealer_seat", row, last=n - 1)
        for key, typ in (
            ("auction", list),
            ("exchanges", list),
            ("result", dict),
            ("seating", list),
        ):
            if key in deal and not isinstance(deal[key], typ):
                want = "list" if typ is list else "object"
                raise bad(
                    f"field_{want}", row, field=key, kind=f"scorekeeper.kind.{_kind(deal[key])}"
                )
        for key in ("upcard", "trump", "kind"):
            if deal.get(key) is not None and not isinstance(deal[key], str):
                raise bad("field_text", row, field=key, kind=f"scorekeeper.kind.{_kind(deal[key])}")
        for item in deal.get("auction", []) + deal.get("exchanges", []):
            if not isinstance(item, dict) or not _is_int(item.get("seat")):
                raise bad("item_seat", row)
            if "call" in item and not isinstance(item["call"], str):
                raise bad("call_text", row, kind=f"scorekeeper.kind.{_kind(item['call'])}")
        result = deal.get("result", {})
        for key, value in result.items():
            if key in ("tricks", "points") and (
                not isinstance(value, list) or not all(_is_int(x) for x in value)
            ):
                raise bad("result_numbers", row, field=key)


def _canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=True)


def _check_figures(session: Session) -> None:
    """The figures written in the file (each row's result, totals, winner) must be the
    ones the rules give: a figure edited by hand is refused, never shown or rewritten."""
    doc = session.doc
    for row, (stored, want) in enumerate(zip(doc["deals"], session._deals, strict=True), start=1):
        have = stored.get("result") or {}
        for key, value in (want.get("result") or {}).items():
            if key in have and _canonical(have[key]) != _canonical(value):
                raise ScorekeeperError(
                    "scorekeeper.file.figure",
                    row=row,
                    rule="score" if key == "points" else f"result_{key}",
                    where=session.where(row),
                    field=key,
                    shown=_shown(_canonical(have[key]), 60),
                    want=_canonical(value),
                )
    totals = record_totals(session.state)
    if "totals" in doc and _canonical(doc["totals"]) != _canonical(totals):
        raise ScorekeeperError(
            "scorekeeper.file.totals", rule="totals", have=_canonical(doc["totals"]), want=totals
        )
    winners = session.state.winners() if session.state.is_terminal() else None
    if doc.get("winner") is not None and _canonical(sorted(doc["winner"])) != _canonical(
        sorted(winners or [])
    ):
        raise ScorekeeperError(
            "scorekeeper.file.winner", rule="winner", have=doc["winner"], want=winners
        )


def validate_protokoll(doc: dict[str, Any], path: str | Path | None = None) -> Session:
    """Check a whole protokoll (a record without cards) and return its session.

    Its structure, every row replayed by the engine (which judges the rules), the
    figures written in it against what the rules give, and the record's own checks
    (:func:`stickspel.records.replay`).  Anything wrong is one
    :class:`ScorekeeperError` naming the file (``path``), the row and the problem.

    >>> from stickspel.games.plump.sheet import add_plump
    >>> s = Session.new("plump", ["Anna", "Björn", "Cissi"], max_cards=2)
    >>> _ = add_plump(s, bids=[0, 1, 0], tricks=["+", "-", 2])
    >>> doc = copy.deepcopy(s.doc)
    >>> doc["deals"][0]["result"]["points"] = [10, 0, 99]
    >>> validate_protokoll(doc, "kväll.json")
    Traceback (most recent call last):
    ...
    stickspel.protokoll.scorekeeper.ScorekeeperError: kväll.json: row 1 (2 cards, Anna deals): the file says points '[10, 0, 99]', the rules give [10, 0, 0]
    >>> doc["deals"] = "abc"
    >>> validate_protokoll(doc, "kväll.json")
    Traceback (most recent call last):
    ...
    stickspel.protokoll.scorekeeper.ScorekeeperError: kväll.json: 'deals' must be a list, not text
    """
    from stickspel.core import RulesError
    from stickspel.records import replay

    key = "scorekeeper.file.in" if path is not None else "scorekeeper.file.error"
    try:
        _check_structure(doc)
        session = Session(doc, path)
        _check_figures(session)
        pending = session.pending
        if pending is not None:
            session._check_open(session.state, len(session.entries) + 1, pending)
        replay(doc)
        return session
    except ScorekeeperError as e:
        raise ScorekeeperError(
            key, row=e.row, seat=e.seat, rule=e.rule, path=str(path), error=e
        ) from None
    except (RecordError, RulesError) as e:
        rule = str(getattr(e, "rule", "") or "variant")
        raise ScorekeeperError(key, rule=rule, path=str(path), error=e) from None
    except (TypeError, ValueError, KeyError, IndexError, AttributeError, OverflowError) as e:
        # the engine choked on a value of the wrong kind: still a refusal, in one line
        detail = _shown(f"{type(e).__name__}: {e}", 120)
        raise ScorekeeperError(
            "scorekeeper.file.invalid" if path is not None else "scorekeeper.file.invalid_doc",
            rule="malformed",
            path=str(path),
            detail=detail,
        ) from None

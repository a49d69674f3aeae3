"""The one game interface every game implements, its errors and the rules-options base.

Modelled on OpenSpiel: a state has a current player (or :data:`CHANCE` when
cards are to be dealt, :data:`TERMINAL` at the end), integer legal actions with a
canonical text form, :meth:`GameState.apply_action`, per-seat observations that
hide what a seat may not see, and returns.  A whole game (*parti*) is one state.

Actions are ints: ``0 … 51`` play (or, where a game says so, put away) that card;
each game numbers its calls from :data:`CALL_BASE` up.

Dealing is a chance node: :meth:`GameState.apply_chance` shuffles with a given
generator (seeded for simulations, :class:`random.SystemRandom` for live games);
:meth:`GameState.apply_deal` applies a known :class:`Deal` (records, search bots).
"""

from __future__ import annotations

import copy
import dataclasses
import json
import random
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Self

from stickspel.core.cards import CardError, card_str, parse_card
from stickspel.core.errors import IllegalActionError, InvalidActionError, Rule
from stickspel.core.rules import Rules

CHANCE = -1
TERMINAL = -4
_CARD_NAMES = tuple(card_str(c) for c in range(52))
CALL_BASE = 52

if TYPE_CHECKING:
    import numpy as np

__all__ = [
    "UNNAMED_PLAYER",
    "unnamed_players",
    "CHANCE",
    "TERMINAL",
    "CALL_BASE",
    "Deal",
    "ReportedDeal",
    "HistoryItem",
    "GameInfo",
    "Game",
    "GameState",
    "Observation",
]

#: A record's name for a player given none (``to_record()`` without names): part of
#: the record's text, the same whatever language a person reads it in, so that the
#: same game gives the same record.
UNNAMED_PLAYER = "Spelare {n}"


def unnamed_players(n: int) -> list[str]:
    """The record's names of ``n`` players given none: ``Spelare 1`` …"""
    return [UNNAMED_PLAYER.format(n=i + 1) for i in range(n)]


@dataclass(frozen=True)
class Deal:
    """The outcome of the chance node that deals: each seat's cards as dealt,
    cards dealt to no seat (``extra`` piles, in pile order) and the upcard."""

    hands: tuple[tuple[int, ...], ...]
    extra: tuple[tuple[int, ...], ...] = ()
    upcard: int | None = None

    def to_text(self) -> str:
        """Hands separated by ``/``, then ``|`` extra piles, then ``^`` upcard.

        >>> d = Deal(((51, 0), (13,)), upcard=25)
        >>> d.to_text()
        'AS 2C/2D^AD'
        >>> Deal.parse(d.to_text()) == d
        True
        """
        text = "/".join(" ".join(card_str(c) for c in h) for h in self.hands)
        if self.extra:
            text += "|" + "/".join(" ".join(card_str(c) for c in p) for p in self.extra)
        if self.upcard is not None:
            text += "^" + card_str(self.upcard)
        return text

    @classmethod
    def parse(cls, text: str) -> Deal:
        body, _, up = text.partition("^")
        hands_text, _, extra_text = body.partition("|")
        try:
            hands = tuple(tuple(parse_card(c) for c in h.split()) for h in hands_text.split("/"))
            extra = (
                tuple(tuple(parse_card(c) for c in p.split()) for p in extra_text.split("/"))
                if extra_text
                else ()
            )
            upcard = parse_card(up) if up.strip() else None
        except CardError as e:
            raise InvalidActionError("deal.bad_text", error=e) from None
        return cls(hands, extra, upcard)


@dataclass(frozen=True)
class ReportedDeal:
    """A deal played with real cards, as a scorekeeper was told it (a record deal
    without hands or tricks); an item of :meth:`GameState.history`."""

    deal: dict[str, Any]


#: One item of a state's history: an action, a deal from the chance node, or a reported deal.
HistoryItem = int | Deal | ReportedDeal


class Observation:
    """Base of each game's typed, frozen per-seat observation (a dataclass).

    :meth:`to_json` is its canonical JSON text; :meth:`to_dict` plain data.
    Item access (``obs["hand"]``) reads a field, for code written against the
    dictionaries observations used to be.
    """

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = _plain(dataclasses.asdict(self))  # type: ignore[call-overload]
        return data

    def to_json(self) -> str:
        """Canonical JSON: sorted keys, no ASCII escaping (equal for equal observations)."""
        return json.dumps(self.to_dict(), sort_keys=True, ensure_ascii=False)

    def __getitem__(self, key: str) -> Any:
        try:
            value = getattr(self, key)
        except AttributeError:
            raise KeyError(key) from None
        return _plain(value)

    def get(self, key: str, default: Any = None) -> Any:
        try:
            return self[key]
        except KeyError:
            return default

    def __contains__(self, key: object) -> bool:
        return isinstance(key, str) and key in {f.name for f in dataclasses.fields(self)}  # type: ignore[arg-type]

    def keys(self) -> list[str]:
        return [f.name for f in dataclasses.fields(self)]  # type: ignore[arg-type]


def _plain(value: Any) -> Any:
    """Tuples as lists and nested observations as dicts: JSON's shapes."""
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, Observation):
        return value.to_dict()
    return value


@dataclass(frozen=True)
class GameInfo:
    """What a learner or a search needs to know of a game before playing it (as
    OpenSpiel's ``GameInfo``): fixed per game and player count."""

    num_players: int
    num_distinct_actions: int
    max_game_length: int
    observation_shape: tuple[int, ...]


class Game:
    """A game with its rules fixed: makes initial states.

    >>> from stickspel import load_game
    >>> game = load_game("plump(players=3,max_cards=2)")
    >>> game.info.num_players, game.rules.schedule()
    (3, (2, 1, 2))
    >>> state = game.new_initial_state()
    >>> state.is_chance(), state.dealer()
    (True, 0)
    """

    def __init__(self, state_class: type[GameState], rules: Rules) -> None:
        self.state_class = state_class
        self.rules = rules
        self.name = rules.GAME
        self.info = state_class.game_info(rules)

    def new_initial_state(self, first_dealer: int | None = None) -> GameState:
        """The game before its first deal; ``first_dealer`` defaults to seat 0."""
        return self.state_class(self.rules, first_dealer=first_dealer or 0)  # type: ignore[call-arg]

    def __repr__(self) -> str:
        return f"load_game({self.rules.to_text()!r})"


class GameState(ABC):
    """A position in a whole game of one of our games.

    Mutable for speed (like OpenSpiel's ``State`` and python-chess's ``Board``):
    :meth:`apply_action` and :meth:`undo_action` make and unmake moves,
    :meth:`clone` gives an independent copy.  Games implement the underscored
    hooks (``_apply_action``, ``_apply_deal`` …); this class keeps the history and
    the undo stack around them.
    """

    GAME: ClassVar[str]
    rules: Rules
    num_players: int
    #: Finished deals in record form (each with its ``result``); never handed out.
    deal_records: list[dict[str, Any]]
    #: Each player's total so far.
    totals: list[int]
    #: Completed tricks of the current (or just finished) deal: leader, cards, winner.
    tricks: list[tuple[int, tuple[int, ...], int]]
    #: The seat dealing the current (or next) deal.
    dealer_seat: int
    first_dealer: int
    #: The mutable list attributes :meth:`clone` and the undo snapshots must copy.
    CLONE_LISTS: ClassVar[tuple[str, ...]] = ()

    _undo: list[Any]
    _log: list[HistoryItem]

    # --- the game's description ------------------------------------------------
    @classmethod
    def game_info(cls, rules: Rules) -> GameInfo:
        """The :class:`GameInfo` of this game under ``rules``."""
        state = cls(rules)  # type: ignore[call-arg]
        return GameInfo(
            num_players=state.num_players,
            num_distinct_actions=state.num_distinct_actions(),
            max_game_length=cls.max_game_length(rules),
            observation_shape=cls.observation_shape(rules),
        )

    @classmethod
    def max_game_length(cls, rules: Rules) -> int:
        """An upper bound on the actions (deals not counted) of a whole game."""
        return 0

    @classmethod
    def observation_shape(cls, rules: Rules) -> tuple[int, ...]:
        """The shape of :meth:`observation_tensor`."""
        return (0,)

    # --- whose turn ---------------------------------------------------------
    @abstractmethod
    def current_player(self) -> int:
        """The seat to act, :data:`CHANCE` before a deal, :data:`TERMINAL` at the end."""

    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    def is_chance(self) -> bool:
        return self.current_player() == CHANCE

    def deal_over(self) -> bool:
        """Whether no deal is in progress: the cards are to be dealt, or the game is over."""
        return self.current_player() in (CHANCE, TERMINAL)

    def dealer(self) -> int:
        """The seat dealing the current deal (the next one between deals)."""
        return self.dealer_seat

    def seating(self) -> tuple[int, ...]:
        """Seat → person (index of the record's ``players``) now; the identity for
        games where people never change seats."""
        return tuple(range(self.num_players))

    # --- actions ------------------------------------------------------------
    @abstractmethod
    def legal_actions(self) -> list[int]:
        """The actions the current player may take, ascending; ``[]`` at chance or terminal."""

    def apply_action(self, action: int) -> None:
        """Apply a legal action of the current player or raise :class:`IllegalActionError`
        (the state is then unchanged)."""
        entry: Any = self._fast_undo_entry(action)
        if entry is None:
            entry = self._snapshot()
        self._apply_action(action)
        self._undo.append(entry)
        self._log.append(action)

    @abstractmethod
    def _apply_action(self, action: int) -> None:
        """The game's move: check ``action`` and apply it, or raise before changing anything."""

    def undo_action(self) -> None:
        """Undo the last action or deal exactly (cards, calls, scores, phase, dealer)."""
        if not self._undo:
            raise IllegalActionError("rule.undo", rule=Rule.UNDO)
        entry = self._undo.pop()
        self._log.pop()
        if isinstance(entry, dict):
            self._restore(entry)
        else:
            self._undo_fast(entry)

    def history(self) -> list[HistoryItem]:
        """Every action, deal and reported deal applied, in order: applied to
        ``Game.new_initial_state(first_dealer)`` they rebuild this state."""
        return list(self._log)

    def explain(self, action: int) -> IllegalActionError | None:
        """Why ``action`` is refused now (``None`` if it is legal), without applying it."""
        if action in self.legal_actions():
            return None
        probe = self._scratch()
        try:
            probe._apply_action(action)
        except IllegalActionError as e:
            return e
        return IllegalActionError(
            "rule.unknown_action", rule=Rule.UNKNOWN_ACTION, action=str(action)
        )  # pragma: no cover - legal_actions and _apply_action agree (conformance suite)

    def public_action(self, action: int) -> bool:
        """Whether everyone at the table sees ``action`` when the current player takes
        it (a simultaneous bid or a discard is seen by its player only)."""
        return True

    def secret_action(self, action: int) -> bool:
        """Whether ``action``, taken now by the current player, stays hidden from the
        other seats for good (Tremanswhist's cards put away), not only for a while
        (bids made at once are shown once all are in)."""
        return False

    @abstractmethod
    def action_to_string(self, action: int) -> str:
        """The canonical text of an action (``'AS'``, ``'3'``, ``'hjärter'``)."""

    @abstractmethod
    def string_to_action(self, text: str) -> int:
        """Parse an action's text in any accepted form or raise :class:`InvalidActionError`."""

    def apply_text(self, text: str) -> int:
        """Parse and apply an action; returns the action applied."""
        action = self.string_to_action(text)
        self.apply_action(action)
        return action

    def legal_mask(self) -> list[int]:
        """Action mask over :attr:`num_distinct_actions` (1 = legal), as RL expects."""
        mask = [0] * self.num_distinct_actions()
        for a in self.legal_actions():
            mask[a] = 1
        return mask

    @abstractmethod
    def num_distinct_actions(self) -> int:
        """Size of this game's action space."""

    # --- undo machinery ---------------------------------------------------------
    def _fast_undo_entry(self, action: int) -> tuple[Any, ...] | None:
        """A small tuple that :meth:`_undo_fast` can reverse ``action`` from, or
        ``None`` to have the whole state snapshotted (the default)."""
        return None

    def _undo_fast(self, entry: tuple[Any, ...]) -> None:
        raise NotImplementedError  # pragma: no cover - only for entries a game made

    def _deal_undo_entry(self) -> tuple[Any, ...] | None:
        """A small tuple that :meth:`_undo_fast` can take a deal back from, or
        ``None`` to have the whole state snapshotted (the default)."""
        return None

    # A state's attributes are read and written by name, never through
    # ``__dict__``: touching ``__dict__`` makes CPython (3.11+) give up the
    # compact instance layout, and every later attribute read gets slower.  The
    # copy, snapshot and restore of each state class are functions written out
    # for its attributes (made once per class): a loop of getattr/setattr over
    # thirty names cost three times as much.
    _ATTRS: ClassVar[dict[type, tuple[str, ...]]] = {}
    _COPIERS: ClassVar[dict[type, tuple[Any, Any, Any]]] = {}

    @classmethod
    def _attr_names(cls) -> tuple[str, ...]:
        names = GameState._ATTRS.get(cls)
        if names is None:
            probe = cls(cls._default_rules())  # type: ignore[call-arg]
            names = tuple(n for n in vars(probe) if n not in ("_undo", "_log"))
            GameState._ATTRS[cls] = names
        return names

    @classmethod
    def _default_rules(cls) -> Rules:
        hints = cls.__annotations__.get("rules")
        rules_class = getattr(cls, "RULES_CLASS", None)
        if rules_class is None:  # pragma: no cover - every game sets RULES_CLASS
            raise TypeError(f"{cls.__name__} has no RULES_CLASS ({hints})")
        return rules_class()  # type: ignore[no-any-return]

    @classmethod
    def _copiers(cls) -> tuple[Any, Any, Any]:
        """This class's copy(self, new), snapshot(self) and restore(self, snap)."""
        made = GameState._COPIERS.get(cls)
        if made is None:
            made = GameState._COPIERS[cls] = _make_copiers(cls._attr_names(), cls.CLONE_LISTS)
        return made

    def _snapshot(self) -> dict[str, Any]:
        snap: dict[str, Any] = self._copiers()[1](self)
        return snap

    def _restore(self, snap: dict[str, Any]) -> None:
        # the lists are copied again: the snapshot may be shared with clones
        self._copiers()[2](self, snap)

    def _copy(self) -> Self:
        new = object.__new__(type(self))
        self._copiers()[0](self, new)
        return new

    def _scratch(self) -> Self:
        """A copy without history, for probing a move."""
        new = self._copy()
        new._undo, new._log = [], []
        return new

    # --- chance ---------------------------------------------------------------
    @abstractmethod
    def sample_deal(self, rng: random.Random) -> Deal:
        """Draw the next deal from ``rng`` (without applying it)."""

    def apply_deal(self, deal: Deal) -> None:
        """Apply a known deal at a chance node; checks sizes and that all cards are distinct."""
        entry = self._deal_undo_entry() or self._snapshot()
        self._apply_deal(deal)
        self._undo.append(entry)
        self._log.append(deal)

    @abstractmethod
    def _apply_deal(self, deal: Deal) -> None:
        """The game's deal: check ``deal`` and apply it, or raise before changing anything."""

    def apply_chance(self, rng: random.Random) -> Deal:
        """Deal from ``rng`` and return what was dealt."""
        entry = self._deal_undo_entry() or self._snapshot()
        deal = self._apply_chance(rng)
        self._undo.append(entry)
        self._log.append(deal)
        return deal

    def _apply_chance(self, rng: random.Random) -> Deal:
        deal = self.sample_deal(rng)
        self._apply_deal(deal)
        return deal

    def apply_reported_deal(self, deal: dict[str, Any]) -> None:
        """Apply a deal played with real cards, as a scorekeeper was told it.

        ``deal`` is a record deal without ``hands``/``tricks``: the dealer, the
        calls and ``result`` with what each seat reported.  Everything that can
        be checked without the cards is checked (turn order, calls, sums) and
        the deal is scored; :class:`IllegalActionError` names what is wrong.
        """
        snap = self._snapshot()
        self._apply_reported_deal(deal)
        self._undo.append(snap)
        self._log.append(ReportedDeal(copy.deepcopy(deal)))

    def _apply_reported_deal(self, deal: dict[str, Any]) -> None:
        raise IllegalActionError("rule.no_cards", rule=Rule.NO_CARDS, game=self.GAME)

    def apply_history_item(self, item: HistoryItem) -> None:
        """Apply one item of another state's :meth:`history`."""
        if isinstance(item, Deal):
            self.apply_deal(item)
        elif isinstance(item, ReportedDeal):
            self.apply_reported_deal(item.deal)
        else:
            self.apply_action(item)

    # --- information ----------------------------------------------------------
    @abstractmethod
    def observation(self, seat: int) -> Any:
        """What ``seat`` may know now (a frozen :class:`Observation`); never another
        seat's hidden cards."""

    def public_observation(self) -> dict[str, Any]:
        """What anyone at the table may know now (a spectator's view, plain data): no
        hand, no card put away, no hidden call; made by the game."""
        raise NotImplementedError(f"{self.GAME} has no public observation")

    def information_state_string(self, seat: int) -> str:
        """A canonical text of :meth:`observation` (equal for positions ``seat`` cannot tell apart)."""
        obs = self.observation(seat)
        if isinstance(obs, Observation):
            return obs.to_json()
        return json.dumps(obs, sort_keys=True, ensure_ascii=False)

    def observation_tensor(self, seat: int) -> np.ndarray:
        """:meth:`observation` as a float32 array of :attr:`GameInfo.observation_shape`."""
        raise NotImplementedError(f"{self.GAME} has no observation tensor yet")

    def sample_world(self, seat: int, rng: random.Random) -> Self:
        """A full state ``seat`` cannot tell from this one: its own cards and all that
        is public fixed, the cards it has not seen dealt at random where they may lie."""
        raise NotImplementedError(f"{self.GAME} cannot sample worlds yet")

    def current_deal_items(self) -> tuple[Deal | None, list[int]]:
        """The deal in progress as it was dealt, and the actions taken in it since;
        ``(None, [])`` between deals."""
        actions: list[int] = []
        for item in reversed(self._log):
            if isinstance(item, Deal):
                return item, actions[::-1]
            if isinstance(item, ReportedDeal):
                break
            actions.append(item)
        return None, []

    def _rebuild_deal(self, deal: Deal, actions: Sequence[int]) -> Self:
        """A copy of this state whose current deal was dealt as ``deal`` and played
        with ``actions``: the base of :meth:`sample_world`.  The copy's history and
        undo stack hold the new deal only, never the real cards of this one."""
        world = self.clone()
        while world._log and not isinstance(world._log[-1], Deal):
            world.undo_action()
        if not world._log:
            raise ValueError("no deal is in progress")
        world.undo_action()
        world.apply_deal(deal)
        for action in actions:
            world.apply_action(action)
        return world

    def last_trick(self) -> tuple[int, tuple[int, ...], int] | None:
        """The last completed trick of the current (or just finished) deal: leader, cards, winner."""
        return self.tricks[-1] if self.tricks else None

    def returns(self) -> list[float]:
        """Each player's score so far (final at the end), from :attr:`totals`."""
        return [float(t) for t in self.totals]

    def winners(self) -> list[int]:
        """Those with the highest total at the end (more than one only for a shared win)."""
        if not self.is_terminal():
            return []
        top = max(self.totals)
        return [i for i, t in enumerate(self.totals) if t == top]

    def __deepcopy__(self, memo: dict[int, Any]) -> Self:
        # copy.deepcopy (OpenSpiel clones Python states with it) gets the exact,
        # far cheaper clone instead of copying every object of the history
        return self.clone()

    def clone(self) -> Self:
        """An independent copy, history and undo stack included: the lists named in
        :attr:`CLONE_LISTS` are copied, the rest (ints, tuples, rules, finished
        records, snapshots) is shared because it is never mutated."""
        new = self._copy()
        new._undo = list(self._undo)
        new._log = list(self._log)
        return new

    @abstractmethod
    def _deal_record(self, result: dict[str, Any] | None) -> dict[str, Any]:
        """The current deal in record form (``result`` given once it is scored)."""

    # --- what a finished deal came to -------------------------------------------------
    def deal_summary(self, index: int = -1) -> dict[str, Any] | None:
        """What finished deal ``index`` (the last by default) came to, from facts every
        seat knows once it is over — no card (``None`` before a deal is over):

        - ``deal``: its number in the game (1 the first);
        - ``seats``: one per seat of the deal: ``seat``, ``player`` (the record's
          player in it), ``call`` (the bid or the seat's last call, ``None`` where
          the game has none), ``tricks``, ``points`` (for this deal), ``target``
          (tricks the seat was to take, ``None`` where the game sets none), ``made``
          (whether the seat, or its pair, made what it undertook; ``None``: it
          undertook nothing), ``mark`` (how that reads, ``None`` with no ``made``)
          and ``you`` (the seat's result as its own player reads it);
        - ``lines``: the game's own lines on the deal (Priffe's contract and pairs,
          Tremanswhist's kind of deal).

        Words are catalogue keys with their params (``{"key", "params"}``); a param
        read as ``{a:seat}`` is a seat of the deal, named by whoever shows it.

        >>> from stickspel import load_game
        >>> from stickspel.core.cards import make_rng
        >>> state = load_game("plump(players=2,max_cards=1)").new_initial_state(0)
        >>> _ = state.apply_chance(make_rng(1)); state.deal_summary() is None
        True
        >>> while not state.is_terminal():  # both bid 0, each plays its one card
        ...     state.apply_action(state.legal_actions()[0])
        >>> done = state.deal_summary()
        >>> done["deal"], [(s["call"], s["tricks"], s["points"], s["made"]) for s in done["seats"]]
        (1, [('0', 0, 10, True), ('0', 1, 0, False)])
        >>> done["seats"][0]["you"]
        {'key': 'plump.summary.you_made', 'params': {'bid': '0', 'tricks': 0, 'points': 10}}
        """
        deals = self.deal_records
        if not deals:
            return None
        deal = deals[index]
        return self._summarize(deal, index % len(deals) + 1)

    def _summarize(self, deal: dict[str, Any], number: int) -> dict[str, Any]:
        """:meth:`deal_summary` of the record ``deal``, numbered ``number``; here each
        seat's tricks and points (the games say more)."""
        result = deal.get("result") or {}
        seats = [
            {
                "seat": s,
                "player": s,
                "call": None,
                "tricks": tricks,
                "points": points,
                "target": None,
                "made": None,
                "mark": None,
                "you": {"key": "summary.you", "params": {"tricks": tricks, "points": points}},
            }
            for s, (tricks, points) in enumerate(
                zip(result.get("tricks") or [], result.get("points") or [], strict=True)
            )
        ]
        return {"deal": number, "seats": seats, "lines": []}

    # --- what a person may read -------------------------------------------------
    def record_view(
        self, player: int | None, players: Sequence[str] | None = None
    ) -> dict[str, Any]:
        """The record as the person who is ``players[player]`` may read it (``None``:
        a spectator), at any moment of the game and after it.

        Every deal, finished or under way, keeps only the cards that person saw:
        their own hand, the cards played to tricks (in the hand of the seat that
        played them) and whatever the rules showed them (the game's
        :meth:`_deal_view`); a spectator sees the public facts only.  A view, not a
        record to replay: the hands of the other seats are incomplete.

        >>> from stickspel import load_game
        >>> from stickspel.core.cards import make_rng
        >>> state = load_game("plump(players=2,max_cards=2)").new_initial_state()
        >>> _ = state.apply_chance(make_rng(4))
        >>> full, mine = state.to_record()["deals"][0], state.record_view(0)["deals"][0]
        >>> mine["hands"][0] == full["hands"][0], mine["hands"][1], "extra" in mine
        (True, [], False)
        """
        doc = self.to_record(players)
        deals = doc["deals"]
        live = not self.deal_over()
        doc["deals"] = [
            self._deal_view(d, self._seat_in_deal(d, player), live and i == len(deals) - 1)
            for i, d in enumerate(deals)
        ]
        return doc

    def _seat_in_deal(self, deal: dict[str, Any], player: int | None) -> int | None:
        """The seat ``player`` held in ``deal`` (games where people move say where)."""
        return player

    def _deal_view(
        self, deal: dict[str, Any], seat: int | None, in_progress: bool
    ) -> dict[str, Any]:
        """``deal`` (a record deal) as ``seat`` may read it (``None``: a spectator);
        ``in_progress``: the deal under way.  Here: the seat's own hand whole, the
        others' hands cut to the cards they played, the piles no seat holds left out;
        games with more to hide or to show override it."""
        view = dict(deal)
        view.pop("extra", None)
        if isinstance(deal.get("hands"), list):
            view["hands"] = _hands_seen(deal, seat)
        return view

    def to_record(self, players: Sequence[str] | None = None) -> dict[str, Any]:
        """The game so far as a ``stickspel/1`` record (an independent copy): finished
        deals, the deal in progress (unfinished, without ``result``), totals and, at
        the end, the winner."""
        names = list(players) if players else unnamed_players(self.num_players)
        deals = copy.deepcopy(self.deal_records)
        if not (self.is_chance() or self.is_terminal()):
            deals.append(self._deal_record(None))
        doc: dict[str, Any] = {
            "format": "stickspel/1",
            "game": self.GAME,
            "variant": self.rules.to_dict(),
            "players": names,
            "deals": deals,
            "totals": list(self.totals),
        }
        if self.is_terminal():
            doc["winner"] = self.winners()
        return doc


def _make_copiers(names: Sequence[str], lists: Sequence[str]) -> tuple[Any, Any, Any]:
    """copy(self, new), snapshot(self) -> dict and restore(self, snap) over the
    attributes ``names``, the mutable ``lists`` among them copied, written out as
    code (names are a state's own attribute names, identifiers by construction)."""
    for name in names:
        if not name.isidentifier():  # pragma: no cover - vars() of an instance
            raise TypeError(f"not an attribute name: {name!r}")

    def value(name: str, source: str) -> str:
        return f"{source}[:]" if name in lists else source

    copy_body = [f"    new.{n} = {value(n, 'self.' + n)}" for n in names]
    snap_body = [f"        {n!r}: {value(n, 'self.' + n)}," for n in names]
    restore_body = [f"    self.{n} = {value(n, f'snap[{n!r}]')}" for n in names]
    code = "\n".join(
        [
            "def copy(self, new):",
            *(copy_body or ["    pass"]),
            "def snapshot(self):",
            "    return {",
            *snap_body,
            "    }",
            "def restore(self, snap):",
            *(restore_body or ["    pass"]),
        ]
    )
    scope: dict[str, Any] = {}
    exec(code, scope)  # noqa: S102 - code made above from attribute names only
    return scope["copy"], scope["snapshot"], scope["restore"]


def cards_played(deal: dict[str, Any]) -> list[set[str]]:
    """The cards each seat played to the tricks of a record ``deal`` (the trick under
    way included): public once played.

    >>> cards_played({"hands": [[], [], []],
    ...               "tricks": [{"leader": 2, "cards": ["AS", "KS", "2S"]}]})
    [{'KS'}, {'2S'}, {'AS'}]
    """
    hands = deal.get("hands") or []
    seats = len(hands)
    played: list[set[str]] = [set() for _ in range(seats)]
    for trick in deal.get("tricks") or []:
        for k, card in enumerate(trick["cards"]):
            played[(trick["leader"] + k) % seats].add(card)
    return played


def _hands_seen(deal: dict[str, Any], seat: int | None) -> list[list[str]]:
    """The dealt hands of ``deal`` as ``seat`` sees them: its own whole, each other
    one cut to the cards that seat has played."""
    played = cards_played(deal)
    return [
        list(hand) if s == seat else [c for c in hand if c in played[s]]
        for s, hand in enumerate(deal["hands"])
    ]

"""What one Priffe seat may know: the typed observation and its tensor encoding.

:class:`PriffeObservation` is frozen and its :meth:`~PriffeObservation.to_dict`
is the plain dictionary clients have always read (``obs["hand"]`` still works).

The tensor (:func:`observation_tensor`, float32, :func:`observation_shape`) is
seen from the observing seat: *relative seat* ``r`` is the seat ``r`` places to
its left (0 itself, 1 its left-hand opponent, 2 its partner, 3 its right-hand
opponent); *side* 0 is the observer's partnership, 1 the other.  Blocks, in order:

====================  =====  ==========================================================
block                 size   meaning
====================  =====  ==========================================================
hand                  52     1 for each card the observer holds now
played                4×52   cards played this deal (tricks and current trick), by relative seat
trick                 4×52   cards of the trick in progress, by relative seat
calls                 4×7    each relative seat's call this deal, one-hot (none yet: zeros)
high bid              7+4    the standing bid one-hot and its relative seat one-hot
contract              8      one-hot over the calls and tvångsnoll (none yet: zeros)
declarers             2      the side declaring (tvångsnoll or none yet: zeros)
trump                 4      the trump suit one-hot (no trump: zeros)
tricks                4+2    tricks taken per relative seat and per side, ÷ 13
below / above         2+2    per side, below ÷ game target, above ÷ 100
games                 2      games won per side this rubber, ÷ games for a rubber
rubber                R      the rubber being played, one-hot (R = rubbers in the parti)
totals                4      each relative seat's person's total, ÷ 100
dealer                4      the dealer, one-hot by relative seat
current player        4      the seat to act, one-hot by relative seat (chance, end: zeros)
phase                 4      deal, bid, play, over, one-hot
====================  =====  ==========================================================

Everything in it is public or the observer's own hand, so positions the seat
cannot tell apart give the same tensor.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Any, Protocol

import numpy as np

from stickspel.core import IllegalActionError
from stickspel.core.api import Observation, _plain
from stickspel.core.cards import card_str, cards_of, suit_str
from stickspel.core.trick import LastTrickView, TrickTable, TrickView
from stickspel.games.priffe.rules import (
    BID,
    CALLS,
    CONTRACT_NAMES,
    DEAL,
    PHASES,
    PLAY,
    PriffeRules,
    side_of,
)

# Priffe's names for the shared views of a trick
TrickSeen = TrickView
TrickTaken = LastTrickView

__all__ = [
    "PriffeObservation",
    "SeenState",
    "CallSeen",
    "TrickSeen",
    "TrickTaken",
    "BarredCall",
    "FrozenMap",
    "observe",
    "observation_shape",
    "observation_tensor",
    "public_observation",
]


@dataclass(frozen=True)
class CallSeen(Observation):
    """A call made this deal."""

    seat: int
    call: str

    def to_dict(self) -> dict[str, Any]:  # (dataclasses.asdict is slow: observations are hot)
        return {"seat": self.seat, "call": self.call}


@dataclass(frozen=True)
class BarredCall(Observation):
    """Why a call is not open to the seat to call: the rule and its texts."""

    rule: str
    message: str
    message_sv: str

    def to_dict(self) -> dict[str, Any]:
        return {"rule": self.rule, "message": self.message, "message_sv": self.message_sv}


@dataclass(frozen=True)
class FrozenMap(Observation):
    """An immutable JSON object (key, value pairs in order) inside an observation;
    reads like a dictionary and turns into one in :meth:`to_dict`."""

    pairs: tuple[tuple[str, Any], ...]

    @classmethod
    def of(cls, data: Mapping[str, Any]) -> FrozenMap:
        """Freeze plain data: dictionaries become maps, lists tuples, all the way down."""
        return cls(tuple((k, _freeze(v)) for k, v in data.items()))

    def to_dict(self) -> dict[str, Any]:
        return {k: _plain(v) for k, v in self.pairs}

    def __getitem__(self, key: str) -> Any:
        for k, v in self.pairs:
            if k == key:
                return _plain(v)
        raise KeyError(key)

    def __contains__(self, key: object) -> bool:
        return any(k == key for k, _ in self.pairs)

    def keys(self) -> list[str]:
        return [k for k, _ in self.pairs]


def _freeze(value: Any) -> Any:
    if isinstance(value, Mapping):
        return FrozenMap.of(value)
    if isinstance(value, list | tuple):
        return tuple(_freeze(v) for v in value)
    return value


@dataclass(frozen=True)
class PriffeObservation(Observation):
    """What ``seat`` sees: its own hand, the calls, the contract, the play so far, scores.

    Seats are seats; ``seating`` maps them to persons (indices of the record's
    ``players``) and ``totals`` is per person.  No other hand is ever included.
    ``last_result`` (the deal just scored) is there only between deals.
    """

    game: str
    style: str
    seat: int
    person: int
    seating: tuple[int, ...]
    partner: int
    side: int
    phase: str
    deal_index: int
    rubber: int
    rubbers: int
    dealer: int
    forhand: int
    current_player: int
    hand: tuple[str, ...]
    calls: tuple[CallSeen, ...]
    high_bid: str | None
    high_seat: int | None
    #: the calls open to this seat if it is to call, and why the others are not
    legal_calls: tuple[str, ...]
    barred_calls: FrozenMap
    contract: str | None
    declarers: tuple[int, ...]
    trump: str | None
    tricks_won: tuple[int, ...]
    side_tricks: tuple[int, int]
    trick: TrickSeen | None
    tricks: tuple[TrickTaken, ...]
    last_trick: TrickTaken | None
    below: tuple[int, int]
    above: tuple[int, int]
    games: tuple[int, int]
    rubber_points: tuple[int, int]
    game_points: int
    totals: tuple[int, ...]
    last_result: FrozenMap | None = None

    def to_dict(self) -> dict[str, Any]:
        # field by field (a generic walk is slow, and bots read observations every move)
        out = {name: getattr(self, name) for name in _FIELDS}
        for name in ("seating", "hand", "legal_calls", "declarers", "tricks_won", "side_tricks"):
            out[name] = list(out[name])
        for name in ("below", "above", "games", "rubber_points", "totals"):
            out[name] = list(out[name])
        out["calls"] = [c.to_dict() for c in self.calls]
        out["tricks"] = [t.to_dict() for t in self.tricks]
        for name in ("barred_calls", "trick", "last_trick"):
            part = out[name]
            out[name] = None if part is None else part.to_dict()
        if self.last_result is None:
            del out["last_result"]  # the key exists only between deals
        else:
            out["last_result"] = self.last_result.to_dict()
        return out

    def __getitem__(self, key: str) -> Any:
        if key == "last_result" and self.last_result is None:
            raise KeyError(key)
        return super().__getitem__(key)

    def __contains__(self, key: object) -> bool:
        if key == "last_result":
            return self.last_result is not None
        return super().__contains__(key)

    def keys(self) -> list[str]:
        return list(self.to_dict())


_FIELDS = tuple(f.name for f in fields(PriffeObservation))


class SeenState(TrickTable, Protocol):
    """What an observation reads of a :class:`~.state.PriffeState`: the state is
    named by what it offers, so this module needs nothing of the state's module
    (which builds its observations here)."""

    @property
    def rules(self) -> PriffeRules: ...
    @property
    def seating_now(self) -> Sequence[int]: ...
    @property
    def rubber_index(self) -> int: ...
    @property
    def current(self) -> int: ...
    @property
    def auction(self) -> Sequence[tuple[int, int]]: ...
    @property
    def high(self) -> int: ...
    @property
    def high_seat(self) -> int | None: ...
    @property
    def contract(self) -> int | None: ...
    @property
    def declarers(self) -> int | None: ...
    @property
    def below(self) -> Sequence[int]: ...
    @property
    def above(self) -> Sequence[int]: ...
    @property
    def games(self) -> Sequence[int]: ...
    @property
    def rubber_points(self) -> Sequence[int]: ...
    @property
    def deal_results(self) -> Sequence[dict[str, Any]]: ...
    def forhand(self) -> int: ...
    def contract_name(self) -> str | None: ...
    def call_error(self, seat: int, call: int) -> IllegalActionError | None: ...


def observe(state: SeenState, seat: int) -> PriffeObservation:
    """The observation of ``seat`` in ``state``."""
    phase = state.phase
    live = phase in (BID, PLAY)
    playing = phase == PLAY
    tricks = (
        tuple(TrickTaken(lead, tuple(card_str(c) for c in cs), w) for lead, cs, w in state.tricks)
        if playing
        else ()
    )
    legal, barred = _calls_open(state, seat)
    t = state.tricks_won
    return PriffeObservation(
        game=state.GAME,
        style=state.rules.style,
        seat=seat,
        person=state.seating_now[seat],
        seating=tuple(state.seating_now),
        partner=(seat + 2) % 4,
        side=side_of(seat),
        phase=PHASES[phase],
        deal_index=state.deal_index,
        rubber=min(state.rubber_index + 1, state.rules.rubbers),
        rubbers=state.rules.rubbers,
        dealer=state.dealer_seat,
        forhand=state.forhand(),
        current_player=state.current_player(),
        hand=tuple(card_str(c) for c in cards_of(state.hands[seat])) if live else (),
        calls=tuple(CallSeen(s, CALLS[c]) for s, c in state.auction) if live else (),
        high_bid=CALLS[state.high] if live and state.high_seat is not None else None,
        high_seat=state.high_seat if live else None,
        legal_calls=legal,
        barred_calls=barred,
        contract=state.contract_name() if playing else None,
        declarers=(
            (state.declarers, state.declarers + 2)
            if playing and state.declarers is not None
            else ()
        ),
        trump=suit_str(state.trump) if playing else None,
        tricks_won=tuple(t),
        side_tricks=(t[0] + t[2], t[1] + t[3]),
        trick=TrickSeen(state.trick_leader(), tuple(card_str(c) for c in state.trick))
        if playing
        else None,
        tricks=tricks,
        last_trick=tricks[-1] if tricks else None,
        below=(state.below[0], state.below[1]),
        above=(state.above[0], state.above[1]),
        games=(state.games[0], state.games[1]),
        rubber_points=(state.rubber_points[0], state.rubber_points[1]),
        game_points=state.rules.game_target,
        totals=tuple(state.totals),
        last_result=(
            FrozenMap.of(state.deal_results[-1]) if phase == DEAL and state.deal_results else None
        ),
    )


def _calls_open(state: SeenState, seat: int) -> tuple[tuple[str, ...], FrozenMap]:
    """The calls open to ``seat`` if it is to call now, and why each other one is not."""
    if state.phase != BID or seat != state.current:
        return (), FrozenMap(())
    legal: list[str] = []
    barred: list[tuple[str, Any]] = []
    for c, name in enumerate(CALLS):
        err = state.call_error(seat, c)
        if err is None:
            legal.append(name)
        else:
            barred.append((name, BarredCall(err.rule, str(err), err.text("sv"))))
    return tuple(legal), FrozenMap(tuple(barred))


# --- the tensor -------------------------------------------------------------------------
_BLOCKS = (
    ("hand", 52),
    ("played", 4 * 52),
    ("trick", 4 * 52),
    ("calls", 4 * len(CALLS)),
    ("high_bid", len(CALLS)),
    ("high_seat", 4),
    ("contract", len(CONTRACT_NAMES)),
    ("declarers", 2),
    ("trump", 4),
    ("seat_tricks", 4),
    ("side_tricks", 2),
    ("below", 2),
    ("above", 2),
    ("games", 2),
)
_AFTER_RUBBER = (("totals", 4), ("dealer", 4), ("current", 4), ("phase", len(PHASES)))


def _offsets(rules: PriffeRules) -> dict[str, int]:
    out: dict[str, int] = {}
    at = 0
    for name, size in (*_BLOCKS, ("rubber", rules.rubbers), *_AFTER_RUBBER):
        out[name] = at
        at += size
    out["end"] = at
    return out


def observation_shape(rules: PriffeRules) -> tuple[int, ...]:
    """The shape of :func:`observation_tensor` under ``rules``."""
    return (_offsets(rules)["end"],)


def observation_tensor(state: SeenState, seat: int) -> np.ndarray:
    """``seat``'s view of ``state`` as a float32 vector (layout in the module docstring)."""
    at = _offsets(state.rules)
    x = np.zeros(at["end"], dtype=np.float32)
    rel = [(s - seat) % 4 for s in range(4)]  # seat -> relative seat
    own = side_of(seat)
    live = state.phase in (BID, PLAY)
    if live:
        for c in cards_of(state.hands[seat]):
            x[at["hand"] + c] = 1
        _encode_play(state, x, at, rel)
        for s, call in state.auction:
            x[at["calls"] + rel[s] * len(CALLS) + call] = 1
        if state.high_seat is not None:
            x[at["high_bid"] + state.high] = 1
            x[at["high_seat"] + rel[state.high_seat]] = 1
    if state.phase == PLAY:
        assert state.contract is not None
        x[at["contract"] + state.contract] = 1
        if state.declarers is not None:
            x[at["declarers"] + (state.declarers != own)] = 1
        if state.trump is not None:
            x[at["trump"] + state.trump] = 1
    _encode_scores(state, x, at, rel, own)
    return x


def _encode_play(state: SeenState, x: np.ndarray, at: dict[str, int], rel: list[int]) -> None:
    for lead, cards, _ in state.tricks:
        for i, c in enumerate(cards):
            x[at["played"] + rel[(lead + i) % 4] * 52 + c] = 1
    for i, c in enumerate(state.trick):
        r = rel[(state.leader + i) % 4]
        x[at["played"] + r * 52 + c] = 1
        x[at["trick"] + r * 52 + c] = 1


def _encode_scores(
    state: SeenState, x: np.ndarray, at: dict[str, int], rel: list[int], own: int
) -> None:
    rules = state.rules
    sides = (own, 1 - own)  # side index in the tensor -> real side
    for s in range(4):
        x[at["seat_tricks"] + rel[s]] = state.tricks_won[s] / 13
        x[at["totals"] + rel[s]] = state.totals[state.seating_now[s]] / 100
    t = state.tricks_won
    for k, side in enumerate(sides):
        x[at["side_tricks"] + k] = (t[side] + t[side + 2]) / 13
        x[at["below"] + k] = state.below[side] / rules.game_target
        x[at["above"] + k] = state.above[side] / 100
        x[at["games"] + k] = state.games[side] / rules.rubber_games
    x[at["rubber"] + min(state.rubber_index, rules.rubbers - 1)] = 1
    x[at["dealer"] + rel[state.dealer_seat]] = 1
    current = state.current_player()
    if current >= 0:
        x[at["current"] + rel[current]] = 1
    x[at["phase"] + state.phase] = 1


#: What only the seat itself sees (its hand, the calls open to it) or says of the
#: seat (partner, side): a spectator's view leaves them out.
SEAT_FIELDS = ("seat", "person", "partner", "side", "hand", "legal_calls", "barred_calls")


def public_observation(state: SeenState) -> dict[str, Any]:
    """What anyone at the table may know now, a spectator included: every call and
    card is public in Priffe, so the observation without a seat's own fields."""
    data = observe(state, 0).to_dict()
    for name in SEAT_FIELDS:
        data.pop(name, None)
    return data

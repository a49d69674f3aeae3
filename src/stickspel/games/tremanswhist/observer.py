"""What one Tremanswhist seat may know: its typed observation and its tensor.

:func:`observe` builds a :class:`TremanswhistObservation` (a frozen dataclass
whose :meth:`~TremanswhistObservation.to_dict` is the plain dictionary the game
has always shown); :func:`observation_tensor` encodes the same knowledge as a
float32 vector for learners, laid out as :data:`TENSOR_LAYOUT` says.

Neither ever reads another seat's hidden cards: the fourth pile's unseen cards,
other hands, what others put away or bought.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import numpy as np

from stickspel.core import Observation, Rules
from stickspel.core.api import cards_played
from stickspel.core.cards import card_str, cards_of, suit_str
from stickspel.core.trick import LastTrickView, TrickTable, TrickView
from stickspel.games.tremanswhist.rules import (
    BUY_PHASE,
    DEALS_IN_BUYING,
    OFFER,
    OVER,
    PHASES,
    PILE_SIZE,
    PLAY,
    PLAYERS,
    TremanswhistRules,
)

__all__ = [
    "TremanswhistObservation",
    "SeenState",
    "TrickView",
    "LastTrickView",
    "ResultView",
    "ExchangeView",
    "PurchaseView",
    "observe",
    "observation_tensor",
    "observation_shape",
    "TENSOR_LAYOUT",
    "deal_view",
    "public_observation",
]


# --- the typed observation ---------------------------------------------------------


@dataclass(frozen=True)
class ResultView(Observation):
    """The last finished deal: tricks and points by seat."""

    tricks: tuple[int, ...]
    points: tuple[int, ...]


@dataclass(frozen=True)
class ExchangeView(Observation):
    """Main game: a seat's answer to the offer of the fourth pile."""

    seat: int
    take: bool


@dataclass(frozen=True)
class PurchaseView(Observation):
    """Buying variant: how many cards a seat bought (or has put away so far)."""

    seat: int
    count: int


_LIVE_KEYS = ("targets", "pile_size", "discarded", "received", "tricks_won")
_BUYING_KEYS = ("purchases", "discarding")
_MAIN_KEYS = ("exchanges",)
_PLAY_KEYS = ("trick", "played", "last_trick")


@dataclass(frozen=True)
class TremanswhistObservation(Observation):
    """What a seat may know now (cards in their text form, ``"AS"``).

    Keys present in every phase: the game, form, seat, phase, deal, dealer,
    förhand, whose turn, scores, the last deal's result, and ``hand``,
    ``upcard``, ``kind``, ``trump`` (empty between deals).  While a deal is
    live (offer, buy, play) also ``targets``, ``pile_size``, the seat's own
    ``discarded`` and ``received`` cards and ``tricks_won``; then
    ``purchases`` and ``discarding`` (buying) or ``exchanges`` (main game);
    in play also ``trick``, ``played`` and ``last_trick``.  Fields absent in
    a phase are ``None`` here and left out of :meth:`to_dict`.
    """

    game: str
    form: str
    seat: int
    phase: str
    deal_index: int
    deals: int | None
    round: int | None
    dealer: int
    forhand: int
    current_player: int
    win_score: int | None
    totals: tuple[int, ...]
    last_result: ResultView | None
    hand: tuple[str, ...]
    upcard: str | None
    kind: str | None
    trump: str | None
    targets: tuple[int, ...] | None = None
    pile_size: int | None = None
    discarded: tuple[str, ...] | None = None
    received: tuple[str, ...] | None = None
    tricks_won: tuple[int, ...] | None = None
    purchases: tuple[PurchaseView, ...] | None = None
    discarding: PurchaseView | None = None
    exchanges: tuple[ExchangeView, ...] | None = None
    trick: TrickView | None = None
    played: tuple[str, ...] | None = None
    last_trick: LastTrickView | None = None

    def present_keys(self) -> tuple[str, ...]:
        """The keys this phase and form show (the others are ``None`` placeholders)."""
        keys = tuple(f.name for f in dataclasses.fields(self) if f.default is dataclasses.MISSING)
        if self.phase not in ("offer", "buy", "play"):
            return keys
        keys += _LIVE_KEYS + (_BUYING_KEYS if self.form == "buying" else _MAIN_KEYS)
        return keys + _PLAY_KEYS if self.phase == "play" else keys

    def to_dict(self) -> dict[str, Any]:
        data = Observation.to_dict(self)
        return {k: data[k] for k in self.present_keys()}

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), sort_keys=True, ensure_ascii=False)

    def __getitem__(self, key: str) -> Any:
        if key not in self.present_keys():
            raise KeyError(key)
        return Observation.__getitem__(self, key)

    def __contains__(self, key: object) -> bool:
        return key in self.present_keys()

    def keys(self) -> list[str]:
        return list(self.present_keys())


class SeenState(TrickTable, Protocol):
    """What an observation reads of a :class:`~.state.TremanswhistState`: the state
    is named by what it offers, so this module needs nothing of the state's module
    (which builds its observations here)."""

    @property
    def rules(self) -> TremanswhistRules: ...
    @property
    def round(self) -> int | None: ...
    @property
    def current(self) -> int: ...
    @property
    def upcard(self) -> int | None: ...
    @property
    def kind(self) -> str: ...
    @property
    def pile(self) -> Sequence[int]: ...
    @property
    def offers(self) -> Sequence[tuple[int, bool]]: ...
    @property
    def purchases(self) -> Sequence[tuple[int, tuple[int, ...]]]: ...
    @property
    def discarding(self) -> Sequence[int]: ...
    @property
    def discarded(self) -> Sequence[int]: ...
    @property
    def received(self) -> Sequence[int]: ...
    @property
    def deal_results(self) -> Sequence[dict[str, Any]]: ...
    def forhand(self) -> int: ...
    def current_targets(self) -> Sequence[int] | None: ...


def _cards(mask: int) -> tuple[str, ...]:
    return tuple(card_str(c) for c in cards_of(mask))


def observe(state: SeenState, seat: int) -> TremanswhistObservation:
    """The observation of ``seat`` (checked to be a seat by the caller)."""
    rules = state.rules
    last = state.deal_results[-1] if state.deal_results else None
    head: dict[str, Any] = {
        "game": state.GAME,
        "form": rules.form,
        "seat": seat,
        "phase": PHASES[state.phase],
        "deal_index": state.deal_index,
        "deals": DEALS_IN_BUYING if rules.buying else None,
        "round": state.round if state.phase != OVER else None,
        "dealer": state.dealer_seat,
        "forhand": state.forhand(),
        "current_player": state.current_player(),
        "win_score": None if rules.buying else rules.win_score,
        "totals": tuple(state.totals),
        "last_result": (
            ResultView(tuple(last["tricks"]), tuple(last["points"])) if last is not None else None
        ),
    }
    if state.phase not in (OFFER, BUY_PHASE, PLAY):
        return TremanswhistObservation(**head, hand=(), upcard=None, kind=None, trump=None)
    targets = state.current_targets()
    live: dict[str, Any] = {
        "hand": _cards(state.hands[seat]),
        "upcard": card_str(state.upcard) if state.upcard is not None else None,
        "kind": state.kind,
        "trump": suit_str(state.trump),
        "targets": tuple(targets) if targets is not None else None,
        "pile_size": len(state.pile),
        "discarded": _cards(state.discarded[seat]),
        "received": _cards(state.received[seat]),
        "tricks_won": tuple(state.tricks_won),
    }
    if rules.buying:
        live["purchases"] = tuple(PurchaseView(s, len(cs)) for s, cs in state.purchases)
        if state.phase == BUY_PHASE:
            live["discarding"] = PurchaseView(state.current, len(state.discarding))
    else:
        live["exchanges"] = tuple(ExchangeView(s, took) for s, took in state.offers)
    if state.phase == PLAY:
        live.update(_play_part(state))
    return TremanswhistObservation(**head, **live)


def _play_part(state: SeenState) -> dict[str, Any]:
    played = [card_str(c) for _, cs, _ in state.tricks for c in cs]
    last_trick = None
    if state.tricks:
        lead, cards, winner = state.tricks[-1]
        last_trick = LastTrickView(lead, tuple(card_str(c) for c in cards), winner)
    return {
        "trick": TrickView(state.trick_leader(), tuple(card_str(c) for c in state.trick)),
        "played": (*played, *(card_str(c) for c in state.trick)),
        "last_trick": last_trick,
    }


# --- the tensor --------------------------------------------------------------------
#: The parts of :func:`observation_tensor`, in order: name and length.  Seats are
#: relative to the observing seat (0 = itself, 1 = its left, 2 = its right);
#: card planes are 52 wide, a card at its number (suit * 13 + rank, as everywhere).
TENSOR_LAYOUT: tuple[tuple[str, int], ...] = (
    ("hand", 52),  # the seat's own cards now
    ("played", 52),  # every card played this deal (finished tricks and the current one)
    ("trick_seat0", 52),  # the current trick, by relative seat of its player
    ("trick_seat1", 52),
    ("trick_seat2", 52),
    ("pile_known", 52),  # cards the seat knows lie in the fourth pile now
    ("discarded", 52),  # the seat's own cards put away (its old hand, or discards)
    ("received", 52),  # the cards it got from the fourth pile
    ("upcard", 52),  # the upcard, one-hot (none in rounds 1–2 of the buying variant)
    ("kind", 2),  # plus, minus (zeros between deals)
    ("trump", 5),  # clubs, diamonds, hearts, spades, none (zeros between deals)
    ("phase", 5),  # deal, offer, buy, play, over
    ("tricks_won", 3),  # by relative seat, / 13
    ("targets", 3),  # buying variant: by relative seat, / 13 (zeros in the main game)
    ("totals", 3),  # by relative seat, / 10 (the main game's race is to +10)
    ("dealer", 3),  # one-hot, relative
    ("current", 3),  # one-hot, relative (zeros at chance and at the end)
    ("took_pile", 3),  # main game: the seats that took the fourth pile, relative
    ("bought", 3),  # buying variant: cards each seat bought, / 13
    ("putting_away", 1),  # buying variant: cards the buyer now to act has put away, / 13
    ("pile_size", 1),  # cards left in the fourth pile, / 13
    ("round", 3),  # buying variant: round 1–3, one-hot
    ("deal_index", 1),  # deals played, / 9 (buying) or / 100 (the main game)
)
_OFFSETS: dict[str, int] = {}
_size = 0
for _name, _width in TENSOR_LAYOUT:
    _OFFSETS[_name] = _size
    _size += _width
TENSOR_SIZE = _size
#: The deals the main game's deal counter is scaled by (as ``simulate`` caps open games).
ASSUMED_DEALS = 100


def observation_shape(rules: Rules) -> tuple[int, ...]:
    """The tensor's shape: one flat vector, the same for every rules option."""
    return (TENSOR_SIZE,)


def _set_cards(out: np.ndarray, name: str, mask: int) -> None:
    base = _OFFSETS[name]
    for c in cards_of(mask):
        out[base + c] = 1.0


def _by_seat(out: np.ndarray, name: str, seat: int, values: list[float]) -> None:
    base = _OFFSETS[name]
    for s, v in enumerate(values):
        out[base + (s - seat) % PLAYERS] = v


def pile_known(state: SeenState, seat: int) -> int:
    """The cards ``seat`` knows lie in the fourth pile now (a mask).

    Main game: the upcard until someone takes the pile; after a take, the hand
    the taker put down, known to the taker only.  Buying: the upcard, at the
    bottom, while the pile is not bought out.
    """
    up = 0 if state.upcard is None else 1 << state.upcard
    if state.phase not in (OFFER, BUY_PHASE, PLAY):
        return 0
    if state.rules.buying:
        return up if state.pile else 0
    takers = [s for s, took in state.offers if took]
    if not takers:
        return up
    return state.discarded[seat] if takers[-1] == seat else 0


def observation_tensor(state: SeenState, seat: int) -> np.ndarray:
    """``seat``'s knowledge as a float32 vector laid out as :data:`TENSOR_LAYOUT`."""
    out = np.zeros(TENSOR_SIZE, dtype=np.float32)
    out[_OFFSETS["phase"] + state.phase] = 1.0
    _by_seat(out, "totals", seat, [t / 10 for t in state.totals])
    _by_seat(out, "dealer", seat, [float(s == state.dealer_seat) for s in range(PLAYERS)])
    current = state.current_player()
    _by_seat(out, "current", seat, [float(s == current) for s in range(PLAYERS)])
    scale = DEALS_IN_BUYING if state.rules.buying else ASSUMED_DEALS
    out[_OFFSETS["deal_index"]] = min(state.deal_index, scale) / scale
    if state.rules.buying and state.phase != OVER:
        out[_OFFSETS["round"] + (state.round or 1) - 1] = 1.0
    if state.phase in (OFFER, BUY_PHASE, PLAY):
        _live_part(out, state, seat)
    return out


def _live_part(out: np.ndarray, state: SeenState, seat: int) -> None:
    _set_cards(out, "hand", state.hands[seat])
    _set_cards(out, "discarded", state.discarded[seat])
    _set_cards(out, "received", state.received[seat])
    _set_cards(out, "pile_known", pile_known(state, seat))
    if state.upcard is not None:
        out[_OFFSETS["upcard"] + state.upcard] = 1.0
    out[_OFFSETS["kind"] + (0 if state.kind == "plus" else 1)] = 1.0
    out[_OFFSETS["trump"] + (4 if state.trump is None else state.trump)] = 1.0
    _by_seat(out, "tricks_won", seat, [t / 13 for t in state.tricks_won])
    targets = state.current_targets()
    if targets is not None:
        _by_seat(out, "targets", seat, [t / 13 for t in targets])
    out[_OFFSETS["pile_size"]] = len(state.pile) / PILE_SIZE
    if state.rules.buying:
        bought = [0.0] * PLAYERS
        for s, cards in state.purchases:
            bought[s] += len(cards) / PILE_SIZE
        _by_seat(out, "bought", seat, bought)
        if state.phase == BUY_PHASE:
            out[_OFFSETS["putting_away"]] = len(state.discarding) / PILE_SIZE
    else:
        took = [0.0] * PLAYERS
        for s, taken in state.offers:
            took[s] = max(took[s], float(taken))
        _by_seat(out, "took_pile", seat, took)
    played = 0
    for _, cards, _ in state.tricks:
        for c in cards:
            played |= 1 << c
    for i, c in enumerate(state.trick):
        played |= 1 << c
        who = (state.leader + i) % PLAYERS
        out[_OFFSETS[f"trick_seat{(who - seat) % PLAYERS}"] + c] = 1.0
    _set_cards(out, "played", played)


# --- a deal of the record as one seat may read it ---------------------------------------


def deal_view(deal: dict[str, Any], seat: int | None, *, buying: bool) -> dict[str, Any]:
    """A record ``deal`` as ``seat`` may read it (``None``: a spectator).

    The seat's own hand whole; another seat's hand cut to the cards it played
    (nothing, in the buying variant, of a seat that bought: its cards may have come
    from the pile); the fourth pile cut to the upcard and the cards the seat got
    from it (all of it for the first taker; the last taker's old hand for the next
    one); another seat's purchase as its count only.

    >>> deal = {"hands": [["AS"], ["KS"], ["QS"]], "extra": [["2C", "3C"]], "upcard": "3C",
    ...         "exchanges": [{"seat": 1, "take": False}, {"seat": 2, "take": True}],
    ...         "tricks": []}
    >>> deal_view(deal, 2, buying=False)["extra"], deal_view(deal, 0, buying=False)["extra"]
    ([['2C', '3C']], [['3C']])
    >>> deal_view(deal, 0, buying=False)["hands"]
    [['AS'], [], []]
    """
    view = dict(deal)
    hands = deal.get("hands")
    if not isinstance(hands, list):  # played with real cards: no card to hide
        return view
    played = cards_played(deal)
    seen = [list(h) if s == seat else [c for c in h if c in played[s]] for s, h in enumerate(hands)]
    pile = list((deal.get("extra") or [[]])[0])
    exchanges = list(deal.get("exchanges") or [])
    if buying:
        got = _bought_cards(pile, exchanges, seat)
        for e in exchanges:
            if e["seat"] != seat and e.get("discard"):
                seen[e["seat"]] = []  # what it played may be bought cards
        view["exchanges"] = [e if e["seat"] == seat else _count_only(e) for e in exchanges]
    else:
        takers = [e["seat"] for e in exchanges if e.get("take")]
        got = set(pile) if takers[:1] == [seat] else set()
        for before, taker in zip(takers, takers[1:], strict=False):
            if taker == seat:  # it was handed the last taker's old hand
                seen[before] = list(hands[before])
    view["hands"] = seen
    view["extra"] = [[c for c in pile if c in got or c == deal.get("upcard")]]
    return view


def _bought_cards(pile: list[str], exchanges: list[dict[str, Any]], seat: int | None) -> set[str]:
    """The cards ``seat`` received from the top of the pile (buying variant)."""
    top = 0
    for e in exchanges:
        if e.get("pending"):
            break  # put away so far, nothing received yet
        count = len(e.get("discard") or [])
        if e["seat"] == seat:
            return set(pile[top : top + count])
        top += count
    return set()


def _count_only(entry: dict[str, Any]) -> dict[str, Any]:
    """Another seat's purchase as everyone sees it: how many cards, not which."""
    out: dict[str, Any] = {"seat": entry["seat"], "count": len(entry.get("discard") or [])}
    if entry.get("pending"):
        out["pending"] = True
    return out


#: What only the seat itself sees: its hand, the cards it put away and got from the
#: pile.  A spectator's view leaves them out.
SEAT_FIELDS = ("seat", "hand", "discarded", "received")


def public_observation(state: SeenState) -> dict[str, Any]:
    """What anyone at the table may know now, a spectator included: the upcard, who
    took the pile or how many cards each bought, the play and the scores."""
    data = observe(state, 0).to_dict()
    for name in SEAT_FIELDS:
        data.pop(name, None)
    return data

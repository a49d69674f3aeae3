"""What one seat of a Plump table may know: :class:`PlumpObservation` (typed,
frozen, JSON) and the same as a float32 tensor for learners.

>>> from stickspel import load_game
>>> from stickspel.core.cards import make_rng
>>> state = load_game("plump(players=3,max_cards=2)").new_initial_state()
>>> _ = state.apply_chance(make_rng(2))
>>> obs = state.observation(1)
>>> obs.phase, obs["bids"], len(obs.hand)
('bid', [None, None, None], 2)
>>> state.observation_tensor(1).shape == observation_shape(state.rules) == (167 + 58 * 3,)
True
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import numpy as np

from stickspel.core import TERMINAL, Observation
from stickspel.core.cards import card_str, cards_of, suit_str
from stickspel.core.trick import LastTrickView, TrickTable, TrickView
from stickspel.games.plump.rules import BID, OVER, PHASE_NAMES, PLAY, PlumpRules

__all__ = [
    "PlumpObservation",
    "SeenState",
    "TrickView",
    "LastTrickView",
    "observe",
    "observation_shape",
    "observation_tensor",
    "public_observation",
]

_NAME = tuple(card_str(c) for c in range(52))


class SeenState(TrickTable, Protocol):
    """What an observation reads of a :class:`~.state.PlumpState`: the state is
    named by what it offers, so this module needs nothing of the state's module
    (which builds its observations here)."""

    @property
    def rules(self) -> PlumpRules: ...
    @property
    def num_players(self) -> int: ...
    @property
    def schedule(self) -> Sequence[int]: ...
    @property
    def hand_size(self) -> int: ...
    @property
    def upcard(self) -> int | None: ...
    @property
    def bids(self) -> Sequence[int | None]: ...
    def bids_visible(self) -> bool: ...
    def forbidden_bid(self) -> int | None: ...


@dataclass(frozen=True)
class PlumpObservation(Observation):
    """What ``seat`` sees: its own hand, the upcard, public bids and play, scores.

    Cards are in record notation (``'AS'``), the trump suit a letter.  ``played``
    (the cards of the deal so far, in order) exists only while cards are played:
    it is ``None`` otherwise and then left out of :meth:`to_dict`, as the
    dictionaries observations used to be.
    """

    game: str
    seat: int
    phase: str
    deal_index: int
    deals: int
    hand_size: int
    dealer: int
    current_player: int
    hand: tuple[str, ...]
    upcard: str | None
    trump: str | None
    bids: tuple[int | None, ...]
    bids_made: int | None
    forbidden_bid: int | None
    tricks_won: tuple[int, ...]
    trick: TrickView | None
    last_trick: LastTrickView | None
    totals: tuple[int, ...]
    played: tuple[str, ...] | None = None

    def to_dict(self) -> dict[str, Any]:
        return self._plain()  # a fresh copy: the caller may change it

    def to_json(self) -> str:
        return json.dumps(self._plain(), sort_keys=True, ensure_ascii=False)

    def _plain(self) -> dict[str, Any]:
        # written out rather than dataclasses.asdict: search compares these often
        data: dict[str, Any] = {
            "game": self.game,
            "seat": self.seat,
            "phase": self.phase,
            "deal_index": self.deal_index,
            "deals": self.deals,
            "hand_size": self.hand_size,
            "dealer": self.dealer,
            "current_player": self.current_player,
            "hand": list(self.hand),
            "upcard": self.upcard,
            "trump": self.trump,
            "bids": list(self.bids),
            "bids_made": self.bids_made,
            "forbidden_bid": self.forbidden_bid,
            "tricks_won": list(self.tricks_won),
            "trick": None if self.trick is None else self.trick.to_dict(),
            "last_trick": None if self.last_trick is None else self.last_trick.to_dict(),
            "totals": list(self.totals),
        }
        if self.played is not None:
            data["played"] = list(self.played)
        return data

    def __getitem__(self, key: str) -> Any:
        if key == "played" and self.played is None:
            raise KeyError(key)  # the key exists only while cards are played
        return Observation.__getitem__(self, key)

    def __contains__(self, key: object) -> bool:
        if key == "played":
            return self.played is not None
        return Observation.__contains__(self, key)

    def keys(self) -> list[str]:
        return list(self._plain())


def observe(state: SeenState, seat: int) -> PlumpObservation:
    """``state`` as ``seat`` sees it (:meth:`PlumpState.observation`)."""
    phase = state.phase
    in_deal = phase in (BID, PLAY)
    bids: tuple[int | None, ...]
    if not in_deal:
        bids = (None,) * state.num_players
    elif state.bids_visible():
        bids = tuple(state.bids)
    else:  # simultaneous bidding: a seat sees only its own bid until all have bid
        bids = tuple(b if s == seat else None for s, b in enumerate(state.bids))
    trick = last = played = None
    if phase == PLAY:
        trick = TrickView(state.trick_leader(), tuple(_NAME[c] for c in state.trick))
        if state.tricks:
            lead, cards, w = state.tricks[-1]
            last = LastTrickView(lead, tuple(_NAME[c] for c in cards), w)
        # cards already played this deal are public
        played = tuple(_NAME[c] for _, cs, _ in state.tricks for c in cs) + trick.cards
    return PlumpObservation(
        game=state.GAME,
        seat=seat,
        phase=PHASE_NAMES[phase],
        deal_index=state.deal_index,
        deals=len(state.schedule),
        hand_size=state.hand_size if phase != OVER else 0,
        dealer=state.dealer_seat,
        current_player=state.current_player(),
        hand=tuple(_NAME[c] for c in cards_of(state.hands[seat])) if in_deal else (),
        upcard=_NAME[state.upcard] if state.upcard is not None and in_deal else None,
        trump=suit_str(state.trump) if in_deal else None,
        bids=bids,
        bids_made=sum(b is not None for b in state.bids) if phase == BID else None,
        forbidden_bid=state.forbidden_bid(),
        tricks_won=tuple(state.tricks_won),
        trick=trick,
        last_trick=last,
        totals=tuple(state.totals),
        played=played,
    )


# --- the tensor ------------------------------------------------------------------
# Offsets of the fixed part; the per-seat blocks follow at _SEATS.
_HAND, _PLAYED, _UPCARD, _TRUMP, _PHASE, _SIZE, _PROGRESS, _SEATS = (
    0,
    52,
    104,
    156,
    161,
    165,
    166,
    167,
)
#: Values per seat: its card in the current trick (52), bid, bid made, tricks
#: won, dealer, current player, total.
_PER_SEAT = 52 + 6
#: Totals are divided by this to keep them near the unit range.
TOTAL_SCALE = 100.0


def observation_shape(rules: PlumpRules) -> tuple[int, ...]:
    """The shape of :func:`observation_tensor`: ``(167 + 58 × players,)``."""
    return (_SEATS + _PER_SEAT * rules.players,)


def observation_tensor(state: SeenState, seat: int) -> np.ndarray:
    """What ``seat`` knows as a flat float32 vector; seats are counted relative to
    ``seat`` (0 is ``seat`` itself, 1 the seat to its left …), so one network
    serves every seat.  ``N`` is the number of players, ``L`` the largest deal size.

    ======================  =====  ==================================================
    offset                  size   content
    ======================  =====  ==================================================
    0                       52     own hand (1 = held), by card number
    52                      52     cards played this deal, the current trick included
    104                     52     the upcard (one-hot; zero when none)
    156                     5      trump: clubs, diamonds, hearts, spades, no trump
    161                     4      phase: deal, bid, play, over
    165                     1      cards each in this deal / L
    166                     1      deals finished / deals in the game
    167                     52·N   current trick: the card each relative seat played
    167 + 52N               N      bids / L (0 while unseen or not made)
    167 + 53N               N      1 where the seat has bid
    167 + 54N               N      tricks won this deal / L
    167 + 55N               N      dealer (one-hot)
    167 + 56N               N      player to act (one-hot; zero at chance and end)
    167 + 57N               N      totals / 100
    ======================  =====  ==================================================

    Only what :meth:`PlumpState.observation` shows goes in, so positions the seat
    cannot tell apart give the same tensor.
    """
    n = state.num_players
    largest = state.rules.largest
    out = np.zeros(_SEATS + _PER_SEAT * n, dtype=np.float32)
    phase = state.phase
    out[_PHASE + phase] = 1.0
    out[_PROGRESS] = state.deal_index / len(state.schedule)
    if phase in (BID, PLAY):
        out[_HAND + np.array(cards_of(state.hands[seat]), dtype=np.intp)] = 1.0
        if state.upcard is not None:
            out[_UPCARD + state.upcard] = 1.0
        out[_TRUMP + (4 if state.trump is None else state.trump)] = 1.0
        out[_SIZE] = state.hand_size / largest
        _encode_play(state, seat, out)
        visible = state.bids_visible()
        bids, made = _SEATS + 52 * n, _SEATS + 53 * n
        for s, b in enumerate(state.bids):
            if b is None:
                continue
            r = (s - seat) % n
            out[made + r] = 1.0
            if visible or s == seat:
                out[bids + r] = b / largest
    base = _SEATS + 54 * n
    for s in range(n):
        r = (s - seat) % n
        out[base + r] = state.tricks_won[s] / largest
        out[base + 3 * n + r] = state.totals[s] / TOTAL_SCALE
    out[base + n + (state.dealer_seat - seat) % n] = 1.0
    current = state.current_player()
    if current >= 0 and current != TERMINAL:
        out[base + 2 * n + (current - seat) % n] = 1.0
    return out


def _encode_play(state: SeenState, seat: int, out: np.ndarray) -> None:
    """The played cards and the current trick (by relative seat) into ``out``."""
    n = state.num_players
    for _, cards, _ in state.tricks:
        for c in cards:
            out[_PLAYED + c] = 1.0
    for i, c in enumerate(state.trick):
        out[_PLAYED + c] = 1.0
        r = (state.leader + i - seat) % n
        out[_SEATS + 52 * r + c] = 1.0


#: What only the seat itself sees: a spectator's view leaves them out.
SEAT_FIELDS = ("seat", "hand")


def public_observation(state: SeenState) -> dict[str, Any]:
    """What anyone at the table may know now, a spectator included: the
    observation without a seat's own fields, and no bid while bids made at once
    are not all in (only how many are)."""
    data = observe(state, 0).to_dict()
    for name in SEAT_FIELDS:
        del data[name]
    if not state.bids_visible():
        data["bids"] = [None] * state.num_players
    return data

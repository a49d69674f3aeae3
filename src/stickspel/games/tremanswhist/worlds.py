"""Sampling the worlds a Tremanswhist seat cannot tell from the real one.

The seat's own cards, the upcard and every card it has seen stay where they
are; the cards it has not seen are dealt at random to the places it cannot
see into, so that every void a player has shown holds (and, by the duty to
trump, a player who did not trump when void holds no trump either).

The world is the real game with its current deal dealt again
(:meth:`~stickspel.core.api.GameState._rebuild_deal`): the real actions are
replayed on the new deal, with the hidden ones (other seats' cards put away
in the buying variant) replaced by cards of the new deal, so the world's
history never holds the real hidden cards.

Places are filled card by card, each card into a place chosen at random (by
room left) among those that keep the rest fillable (Hall's condition over
the four suits), so sampling always succeeds: the real deal is one answer.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol, TypeVar

from stickspel.core import Deal
from stickspel.core.cards import cards_of, deal_plainly, suit_of
from stickspel.core.trick import Redealable
from stickspel.games.tremanswhist.rules import (
    BUY,
    BUY_PHASE,
    PILE_SIZE,
    PLAYERS,
    TremanswhistRules,
)

__all__ = ["WorldSource", "sample_world", "shown_voids"]


class WorldSource(Redealable, Protocol):
    """What a world is drawn from: the parts of a
    :class:`~.state.TremanswhistState` read here, and its copies (the state's
    module samples its worlds here, so this one names the state by what it
    offers, not by its class)."""

    @property
    def rules(self) -> TremanswhistRules: ...
    @property
    def phase(self) -> int: ...
    @property
    def current(self) -> int: ...
    @property
    def hands(self) -> Sequence[int]: ...
    @property
    def upcard(self) -> int | None: ...
    @property
    def trump(self) -> int | None: ...
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


#: The state a world is drawn from, and so the world's own type.
_State = TypeVar("_State", bound=WorldSource)

_SUBSETS = tuple(range(1, 16))  # every nonempty set of suits, as a 4-bit mask


@dataclass
class _Place:
    """Somewhere unseen cards go: how many, and the suits that may not go there."""

    room: int
    forbidden: int = 0  # suit mask
    cards: list[int] = field(default_factory=list)


def shown_voids(state: WorldSource) -> list[int]:
    """The suits (a 4-bit mask per seat) each seat has shown it has none of in this
    deal: the suit led when it did not follow, and trump too when it did not
    trump either (the duty to trump)."""
    voids = [0] * PLAYERS
    tricks = [(lead, cards) for lead, cards, _ in state.tricks]
    if state.trick:
        tricks.append((state.leader, tuple(state.trick)))
    for lead, cards in tricks:
        led = suit_of(cards[0])
        for i, card in enumerate(cards[1:], 1):
            seat = (lead + i) % PLAYERS
            if suit_of(card) != led:
                voids[seat] |= 1 << led
                if state.trump is not None and suit_of(card) != state.trump:
                    voids[seat] |= 1 << state.trump
    return voids


def _played_by(state: WorldSource) -> list[int]:
    """The cards each seat has played in this deal (masks)."""
    played = [0] * PLAYERS
    for lead, cards, _ in state.tricks:
        for i, card in enumerate(cards):
            played[(lead + i) % PLAYERS] |= 1 << card
    for i, card in enumerate(state.trick):
        played[(state.leader + i) % PLAYERS] |= 1 << card
    return played


def _fillable(left: Sequence[int], places: Sequence[_Place]) -> bool:
    """Hall's condition: each set of suits has room enough where it may go."""
    for suits in _SUBSETS:
        need = sum(left[s] for s in range(4) if suits >> s & 1)
        if need and need > sum(p.room for p in places if suits & ~p.forbidden):
            return False
    return True


def _fill(cards: Sequence[int], places: Sequence[_Place], rng: random.Random) -> None:
    """Deal ``cards`` into ``places`` at random, keeping every place's forbidden suits:
    plainly first (:func:`~stickspel.core.cards.deal_plainly`), card by card where
    no plain deal fits."""
    plain = deal_plainly(cards, [p.room for p in places], [p.forbidden for p in places], rng)
    if plain is not None:
        for place, part in zip(places, plain, strict=True):
            place.cards.extend(part)
            place.room = 0
        return
    left = [0] * 4
    for c in cards:
        left[suit_of(c)] += 1
    order = list(cards)
    rng.shuffle(order)
    for card in order:
        suit = suit_of(card)
        left[suit] -= 1
        open_places = [p for p in places if p.room and not p.forbidden >> suit & 1]
        # a random order weighted by room (Efraimidis–Spirakis keys)
        open_places.sort(key=lambda p: rng.random() ** (1 / p.room), reverse=True)
        for place in open_places:
            place.room -= 1
            if _fillable(left, places):
                place.cards.append(card)
                break
            place.room += 1
        else:  # pragma: no cover - the real deal fills every place
            raise AssertionError("no world fits what the seat has seen")


def sample_world(state: _State, seat: int, rng: random.Random) -> _State:
    """A full state ``seat`` cannot tell from ``state`` (a copy; between deals, a clone)."""
    deal, actions = state.current_deal_items()
    if deal is None:
        return state.clone()
    if state.rules.buying:
        new_deal, new_actions = _buying_world(state, seat, deal, actions, rng)
    else:
        new_deal, new_actions = _main_world(state, seat, deal, rng), actions
    return state._rebuild_deal(new_deal, new_actions)


# --- the main game ------------------------------------------------------------------
def _main_world(state: WorldSource, seat: int, deal: Deal, rng: random.Random) -> Deal:
    """The four piles as dealt (hands 0–2, the fourth pile 3), again.

    The exchange only moves whole piles, so what is known is known per pile:
    the seat's own, any pile it took, the upcard in the fourth, the cards each
    holder has played; a holder's voids bar suits from the pile it holds.
    """
    piles = [*deal.hands, deal.extra[0]]
    held = list(range(PLAYERS))  # the pile each seat holds
    pile, known = PLAYERS, {seat}
    for taker, took in state.offers:
        if took:
            if taker == seat:
                known.add(pile)
            held[taker], pile = pile, held[taker]
    fixed = [0] * (PLAYERS + 1)
    for g in known:
        fixed[g] = sum(1 << c for c in piles[g])
    if state.upcard is not None:
        fixed[PLAYERS] |= 1 << state.upcard
    voids = shown_voids(state)
    for s, mask in enumerate(_played_by(state)):
        fixed[held[s]] |= mask
    places = [_Place(PILE_SIZE - fixed[g].bit_count()) for g in range(PLAYERS + 1)]
    for s in range(PLAYERS):
        places[held[s]].forbidden = voids[s]
    seen = 0
    for mask in fixed:
        seen |= mask
    _fill(cards_of(((1 << 52) - 1) & ~seen), places, rng)
    new = [
        piles[g] if g in known else _shuffled(cards_of(fixed[g]) + places[g].cards, rng)
        for g in range(PLAYERS + 1)
    ]
    if PLAYERS not in known and state.upcard is not None:
        rest = [c for c in new[PLAYERS] if c != state.upcard]
        new[PLAYERS] = (*rest, state.upcard)  # the upcard is the last card dealt
    return Deal(tuple(new[:PLAYERS]), (tuple(new[PLAYERS]),), deal.upcard)


def _shuffled(cards: list[int], rng: random.Random) -> tuple[int, ...]:
    rng.shuffle(cards)
    return tuple(cards)


# --- the buying variant -------------------------------------------------------------
def _buying_world(
    state: WorldSource,
    seat: int,
    deal: Deal,
    actions: Sequence[int],
    rng: random.Random,
) -> tuple[Deal, list[int]]:
    """Every card now lies in a seat's hand (or was played from it), among the
    cards a seat put away, or in what is left of the fourth pile.  The seat
    knows its own three; of the others it knows the cards played and the
    upcard; each other seat's cards put away and bought are sampled anew."""
    purchases = list(state.purchases)
    if state.phase == BUY_PHASE:
        purchases.append((state.current, tuple(state.discarding)))  # under way: not bought yet
    played = _played_by(state)
    voids = shown_voids(state)
    upcard = state.upcard
    up_bit = 0 if upcard is None else 1 << upcard
    holds = [state.hands[s] | played[s] for s in range(PLAYERS)]
    hands = [_Place(0) for _ in range(PLAYERS)]
    away = [_Place(0) for _ in range(PLAYERS)]
    for s in range(PLAYERS):
        if s != seat:
            hands[s] = _Place((holds[s] & ~played[s] & ~up_bit).bit_count(), voids[s])
    for s, cards in purchases:
        if s != seat:
            away[s].room += len(cards)
    in_pile = up_bit if state.pile else 0
    rest = _Place(len(state.pile) - in_pile.bit_count())
    seen = holds[seat] | state.discarded[seat] | up_bit
    for s in range(PLAYERS):
        seen |= played[s]
    _fill(cards_of(((1 << 52) - 1) & ~seen), [*hands, *away, rest], rng)
    for s in range(PLAYERS):
        if s != seat:
            hands[s].cards += cards_of(holds[s] & (played[s] | up_bit))
            rng.shuffle(away[s].cards)
    return _assemble(state, seat, deal, purchases, hands, away, rest, rng), _world_actions(
        state, seat, actions, purchases, away
    )


def _assemble(
    state: WorldSource,
    seat: int,
    deal: Deal,
    purchases: list[tuple[int, tuple[int, ...]]],
    hands: list[_Place],
    away: list[_Place],
    rest: _Place,
    rng: random.Random,
) -> Deal:
    """The deal that, played with the world's actions, gives the sampled places."""
    real_pile = deal.extra[0]
    pile: list[int] = []
    dealt = [list(h) for h in deal.hands]
    for s, cards in purchases[: len(state.purchases)]:
        k = len(cards)
        if s == seat:
            pile += real_pile[len(pile) : len(pile) + k]
            continue
        # which k of the hand were bought is unseen: the upcard, if bought, and a random rest
        own = [c for c in hands[s].cards if c != state.upcard]
        rng.shuffle(own)
        bought = (
            own[: k - 1] + [state.upcard]
            if len(pile) + k == PILE_SIZE and state.upcard is not None
            else own[:k]
        )
        pile += bought
        hands[s].cards = [c for c in hands[s].cards if c not in bought]
    tail = list(rest.cards)
    rng.shuffle(tail)
    if state.pile and state.upcard is not None:
        tail.append(state.upcard)  # the last card dealt, at the bottom
    pile += tail
    for s in range(PLAYERS):
        if s != seat:
            dealt[s] = hands[s].cards + away[s].cards
            rng.shuffle(dealt[s])
    return Deal(tuple(tuple(h) for h in dealt), (tuple(pile),), deal.upcard)


def _world_actions(
    state: WorldSource,
    seat: int,
    actions: Sequence[int],
    purchases: list[tuple[int, tuple[int, ...]]],
    away: list[_Place],
) -> list[int]:
    """The real actions with other seats' cards put away replaced by sampled ones."""
    out: list[int] = []
    done = 0
    for i, (s, cards) in enumerate(purchases):
        out += cards if s == seat else away[s].cards
        done += len(cards)
        if i < len(state.purchases):
            out.append(BUY)
            done += 1
    return out + list(actions[done:])

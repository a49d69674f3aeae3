"""Worlds a Priffe seat cannot tell apart: the cards it has not seen, dealt again.

What constrains the other hands is public: the cards each seat has played this
deal (it held them) and the suits it has shown void in (it did not follow the
suit led, so it held none of that suit from then on).  Honours are scored from
the hands only after the last trick and there is no dummy, so nothing else
constrains them.

The unseen cards are first dealt plainly (shuffled and cut by the room in each
hand), a few times, and the first deal that gives no seat a suit it has shown
void in is kept: among the deals that keep the voids each is then as likely as
any other.  Where none of those fits (many voids), they are dealt one at a time
in random order, each to a seat that
may hold it with probability in proportion to the room left in its hand; a
seat that would leave the rest impossible to deal is passed over (Hall's
condition on suits, checked over the 15 sets of suits), so a deal is always
found.  Without voids this is a uniform random deal.
"""

from __future__ import annotations

import random

from stickspel.core.cards import cards_of, deal_plainly, mask_of
from stickspel.core.trick import PlayedTricks

__all__ = ["PlayedTricks", "deal_unseen", "shown"]


_FULL = (1 << 52) - 1


def shown(state: PlayedTricks) -> tuple[list[int], list[int]]:
    """Per seat, the mask of cards it has played this deal and the mask of suits
    (bit ``s`` for suit ``s``) it has shown void in."""
    played = [0] * 4
    void = [0] * 4
    plays = [(lead, cards) for lead, cards, _ in state.tricks]
    if state.trick:
        plays.append((state.leader, tuple(state.trick)))
    for lead, cards in plays:
        led = cards[0] // 13
        for i, c in enumerate(cards):
            p = (lead + i) % 4
            played[p] |= 1 << c
            if c // 13 != led:
                void[p] |= 1 << led
    return played, void


def deal_unseen(
    state: PlayedTricks, seat: int, own: tuple[int, ...], rng: random.Random
) -> tuple[tuple[int, ...], ...]:
    """Hands as dealt for a world of ``seat``: its own ``own`` as dealt, each other
    seat the cards it has played and a random share of the unseen cards."""
    played, void = shown(state)
    others = [s for s in range(4) if s != seat]
    seen = mask_of(own)
    for s in others:
        seen |= played[s]
    room = {s: 13 - played[s].bit_count() for s in others}
    supply = [0] * 4
    cards = cards_of(_FULL & ~seen)
    for c in cards:
        supply[c // 13] += 1
    hands = {s: played[s] for s in others}
    plain = deal_plainly(cards, [room[s] for s in others], [void[s] for s in others], rng)
    if plain is not None:
        for s, part in zip(others, plain, strict=True):
            hands[s] |= mask_of(part)
        return tuple(own if s == seat else tuple(cards_of(hands[s])) for s in range(4))
    rng.shuffle(cards)
    for c in cards:
        s = _place(c // 13, others, room, supply, void, rng)
        hands[s] |= 1 << c
    return tuple(own if s == seat else tuple(cards_of(hands[s])) for s in range(4))


def _place(
    suit: int,
    others: list[int],
    room: dict[int, int],
    supply: list[int],
    void: list[int],
    rng: random.Random,
) -> int:
    """Pick the seat for one card of ``suit`` and book it (``room`` and ``supply``)."""
    options = [s for s in others if room[s] and not void[s] >> suit & 1]
    supply[suit] -= 1
    while options:
        s = rng.choices(options, weights=[room[o] for o in options])[0]
        room[s] -= 1
        if _dealable(others, room, supply, void):
            return s
        room[s] += 1
        options.remove(s)
    raise AssertionError("no seat may hold the card")  # pragma: no cover - Hall holds


def _dealable(others: list[int], room: dict[int, int], supply: list[int], void: list[int]) -> bool:
    """Whether the cards left (``supply`` per suit) fit the room left: for every set
    of suits, no more cards than the seats that may hold one of them have room for."""
    for suits in range(1, 16):
        cards = sum(supply[s] for s in range(4) if suits >> s & 1)
        if cards and cards > sum(room[p] for p in others if suits & ~void[p]):
            return False
    return True

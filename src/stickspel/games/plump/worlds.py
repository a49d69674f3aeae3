"""Worlds a seat cannot tell from the real one, for search bots (PIMC, IS-MCTS).

A world keeps what the seat knows: its own cards, the upcard, every card played
and who played it, and the bids it has seen.  The cards it has not seen (the
others' remaining cards, the blind hand with two players, the undealt deck) are
dealt again at random, and a player who has shown out of a suit (did not follow
it) gets none of it.

The deal is built card by card, each card going to a pile that still has room,
accepts its suit and leaves the rest placeable (Hall's condition over the four
suits): no rejection, so it always succeeds.

>>> from stickspel.core import Deal
>>> from stickspel.core.cards import SUIT_MASKS, parse_cards
>>> from stickspel.games.plump import PlumpRules, PlumpState
>>> state = PlumpState(PlumpRules(players=3, max_cards=2, deal_order="single"))
>>> state.apply_deal(Deal((tuple(parse_cards("AS 2C")), tuple(parse_cards("KH 3C")),
...                        tuple(parse_cards("4D 5D"))), upcard=parse_cards("2S")[0]))
>>> for text in ["0", "1", "0", "3C", "5D"]:  # seat 2 shows out of clubs
...     _ = state.apply_text(text)
>>> rng = random.Random(1)
>>> worlds = [state.sample_world(0, rng) for _ in range(50)]
>>> any(w.hands[2] & SUIT_MASKS[0] for w in worlds)  # never a club for seat 2
False
>>> all(w.observation(0) == state.observation(0) for w in worlds)
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol, TypeVar

from stickspel.core import Deal
from stickspel.core.trick import Redealable
from stickspel.games.plump.rules import BID, BID_BASE

__all__ = [
    "WorldSource",
    "sample_world",
    "sample_deal",
    "deal_with_voids",
    "hidden_piles",
    "shown",
]


class WorldSource(Redealable, Protocol):
    """What a world is drawn from: the parts of a :class:`~.state.PlumpState` read
    here, and its copies (the state's module samples its worlds here, so this one
    names the state by what it offers, not by its class)."""

    @property
    def num_players(self) -> int: ...
    @property
    def hand_size(self) -> int: ...
    @property
    def phase(self) -> int: ...
    def forhand(self) -> int: ...
    def bids_visible(self) -> bool: ...
    def is_chance(self) -> bool: ...
    def is_terminal(self) -> bool: ...


#: The state a world is drawn from, and so the world's own type.
_State = TypeVar("_State", bound=WorldSource)


def sample_world(state: _State, seat: int, rng: random.Random) -> _State:
    """A full state ``seat`` cannot tell from ``state`` (its hidden cards redealt,
    hidden simultaneous bids redrawn); a plain copy between deals."""
    deal, actions = state.current_deal_items()
    if deal is None or state.is_chance() or state.is_terminal():
        return state.clone()
    return state._rebuild_deal(
        _redeal(state, seat, deal, rng), _redraw_bids(state, seat, actions, rng)
    )


def sample_deal(state: WorldSource, seat: int, rng: random.Random) -> Deal:
    """The deal of a world ``seat`` cannot tell from ``state`` (what
    :func:`sample_world` rebuilds its state from), without building that state:
    for searches that need only the hands.  ``state`` is in a deal's bidding or
    play, with every bid made so far seen (no simultaneous bids hidden).

    >>> from stickspel.core.cards import mask_of
    >>> from stickspel.games.plump import PlumpRules, PlumpState
    >>> state = PlumpState(PlumpRules(players=3, max_cards=4, deal_order="single"))
    >>> _ = state.apply_chance(random.Random(4))
    >>> deal = sample_deal(state, 1, random.Random(2))
    >>> deal.hands[1] == state.current_deal_items()[0].hands[1]   # its own cards kept
    True
    """
    deal, _ = state.current_deal_items()
    if deal is None or state.is_chance() or state.is_terminal():
        raise ValueError("sample_deal needs a deal in its bidding or play")
    return _redeal(state, seat, deal, rng)


def hidden_piles(
    deal: Deal, seat: int, size: int, played: list[list[int]], voids: list[int]
) -> tuple[list[int], list[tuple[int, int, int]]]:
    """What ``seat`` has not seen of ``deal`` (``size`` cards a hand; ``played`` and
    ``voids`` as :func:`shown` gives them) and where it lies: the unseen cards,
    and the piles they were dealt into as ``(size, suits banned, seat)`` — the
    other seats' cards still held (a suit banned where the seat has shown out),
    the blind hand if there is one (seat -1), the undealt rest last (seat -1)."""
    known = 0
    for c in deal.hands[seat]:
        known |= 1 << c
    if deal.upcard is not None:
        known |= 1 << deal.upcard
    for cards in played:
        for c in cards:
            known |= 1 << c
    unseen = [c for c in range(52) if not known >> c & 1]
    n = len(played)
    piles = [(size - len(played[s]), voids[s], s) for s in range(n) if s != seat]
    if deal.extra:  # the blind hand: nobody has seen it
        piles.append((size, 0, -1))
    piles.append((len(unseen) - sum(p[0] for p in piles), 0, -1))  # the undealt rest
    return unseen, piles


def _redeal(state: WorldSource, seat: int, deal: Deal, rng: random.Random) -> Deal:
    """``deal`` with every card ``seat`` has not seen dealt again, voids respected."""
    n = state.num_players
    played, voids = shown(state)
    unseen, where = hidden_piles(deal, seat, state.hand_size, played, voids)
    others = [s for s in range(n) if s != seat]
    piles = deal_with_voids(unseen, [p[0] for p in where], [p[1] for p in where], rng)
    hands = list(deal.hands)
    for k, s in enumerate(others):
        hands[s] = tuple(sorted(played[s] + piles[k]))
    extra = (tuple(sorted(piles[len(others)])),) if deal.extra else ()
    return Deal(tuple(hands), extra, deal.upcard)


def shown(state: WorldSource) -> tuple[list[list[int]], list[int]]:
    """The cards each seat has played this deal, and the suits it has shown out
    of (a mask with bit ``s`` for suit ``s``)."""
    n = state.num_players
    played: list[list[int]] = [[] for _ in range(n)]
    voids = [0] * n
    tricks = [(lead, cards) for lead, cards, _ in state.tricks]
    if state.trick:
        tricks.append((state.leader, tuple(state.trick)))
    for lead, cards in tricks:
        led = cards[0] // 13
        for i, c in enumerate(cards):
            s = (lead + i) % n
            played[s].append(c)
            if c // 13 != led:
                voids[s] |= 1 << led
    return played, voids


def _redraw_bids(
    state: WorldSource, seat: int, actions: list[int], rng: random.Random
) -> list[int]:
    """``actions`` with the bids ``seat`` has not seen (simultaneous bidding, before
    all have bid) replaced by random ones."""
    if state.phase != BID or state.bids_visible():
        return actions
    n, first = state.num_players, state.forhand()
    # no spärr with simultaneous bids (the rules refuse it): any bid 0…size is legal
    return [
        a if (first + i) % n == seat else BID_BASE + rng.randint(0, state.hand_size)
        for i, a in enumerate(actions)
    ]


def deal_with_voids(
    cards: Sequence[int], sizes: Sequence[int], bans: Sequence[int], rng: random.Random
) -> list[list[int]]:
    """Deal ``cards`` into piles of ``sizes`` at random, pile ``i`` taking no card of
    a suit in the mask ``bans[i]``.  Such a deal must exist (the real one does).

    >>> piles = deal_with_voids([0, 1, 13, 14], [2, 2], [0b0001, 0], random.Random(3))
    >>> sorted(piles[0]), sorted(piles[1])
    ([13, 14], [0, 1])
    """
    left = list(sizes)
    counts = [0, 0, 0, 0]
    for c in cards:
        counts[c // 13] += 1
    order = list(cards)
    rng.shuffle(order)
    piles: list[list[int]] = [[] for _ in sizes]
    if not any(bans):  # the common case: a plain split of the shuffled cards
        start = 0
        for i, k in enumerate(sizes):
            piles[i] = order[start : start + k]
            start += k
        return piles
    accepts = [0b1111 & ~b for b in bans]
    # Hall's condition over the 15 sets of suits, kept up to date card by card: the
    # cards of each set still to deal, and the room of the piles accepting any of it
    # (summing them afresh for every card was most of a world's time)
    need = [sum(counts[s] for s in range(4) if group >> s & 1) for group in range(16)]
    room = [sum(k for k, a in zip(left, accepts, strict=True) if a & group) for group in range(16)]
    feeds = [[group for group in range(1, 16) if a & group] for a in accepts]
    holding = [[group for group in range(1, 16) if group >> s & 1] for s in range(4)]
    for card in order:
        suit = card // 13
        for group in holding[suit]:
            need[group] -= 1
        choices = [i for i, k in enumerate(left) if k and accepts[i] >> suit & 1]
        while True:
            # weighted by room, as a plain shuffle would be
            i = rng.choices(choices, weights=[left[j] for j in choices])[0]
            left[i] -= 1
            for group in feeds[i]:
                room[group] -= 1
            if all(need[g] <= room[g] or not need[g] for g in range(1, 16)):
                break  # the rest still fits: the card stays here
            left[i] += 1
            for group in feeds[i]:
                room[group] += 1
            choices.remove(i)
        piles[i].append(card)
    return piles

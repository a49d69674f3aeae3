"""Plump's worlds drawn in compiled code (stickspel.search.redeal): the same deals,
weights, bid rows and positions as the bots' Python path, the voids kept."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from stickspel import load_game
from stickspel.bots import Turn
from stickspel.bots.expert import ExpertBot
from stickspel.core.cards import mask_of
from stickspel.games.plump import PlumpState
from stickspel.games.plump.bot import count_tricks
from stickspel.games.plump.search import bid_row, expected_tricks, plump_draw, plump_hands_weight
from stickspel.games.plump.worlds import deal_with_voids, shown
from stickspel.search import Position
from stickspel.search import kernels as K
from stickspel.search.position import new_buffer
from stickspel.search.redeal import PILES_W, _deal_piles, count_mask

SHIFT = 0.25
GAMES = [
    "plump(players=4,max_cards=10,deal_order=single,trump=upcard,first_lead=forhand)",
    "plump(players=2,max_cards=6,deal_order=single)",  # with the blind hand
    "plump(players=5,max_cards=8,deal_order=single,sparr=true)",
]


def positions(text: str, seed: int) -> list[PlumpState]:
    """Every decision of one deal with more than one choice, the heuristic playing."""
    state: PlumpState = load_game(text).new_initial_state()  # type: ignore[assignment]
    state.apply_chance(random.Random(seed))
    model = ExpertBot(seed=0, think_ms=None, samples=2)
    out = []
    while not state.deal_over():
        turn = Turn.of(state)
        if len(turn.legal_actions) > 1:
            out.append(state.clone())
        state.apply_action(model._heuristic(turn))
    return out


def python_world(state: PlumpState, seat: int, hands: list[int], read: str) -> tuple:
    """The weight, bid row and position the Python path gives the hands still held."""
    played, _ = shown(state)
    deal = state.current_deal_items()[0]
    dealt = [
        list(deal.hands[s]) if s == seat else sorted(played[s] + cards_in(hands[s]))
        for s in range(state.num_players)
    ]
    size, trump, up = state.hand_size, state.trump, state.upcard
    expected = expected_tricks(read, dealt, size, trump, up)
    weight = plump_hands_weight(
        dealt, state.auction, seat, size, trump, up, shift=SHIFT, expected=expected
    )
    row = bid_row(dealt, state.bids, seat, size, trump, up, expected)
    masks = [mask_of(h) for h in dealt]
    if state.phase == type(state).PLAY_PHASE:
        down = [mask_of(c) for c in played]
        trick = list(state.trick)
        leader = state.leader if trick else state.current
        left = [masks[s] & ~down[s] for s in range(len(masks))]
        pos = Position.from_hands(left, trump, leader, trick=trick, tricks=state.tricks_won)
    else:
        first = state.dealer_seat if state.rules.first_lead == "dealer" else state.forhand()
        pos = Position.from_hands(masks, trump, first)
    return weight, row, list(pos.s)


def cards_in(mask: int) -> list[int]:
    return [c for c in range(52) if mask >> c & 1]


@pytest.mark.parametrize("read", ["count", "share"])
@pytest.mark.parametrize("text", GAMES)
def test_a_compiled_world_is_the_python_paths_world_of_its_hands(text: str, read: str) -> None:
    checked = 0
    for state in positions(text, 17)[::3]:
        turn = Turn.of(state)
        draw = plump_draw(turn, random.Random(4), True, 40, SHIFT, read)
        assert draw is not None
        assert draw.draw(40) == 40
        worlds = draw.worlds
        _, voids = shown(state)
        for k in range(0, 40, 7):
            hands = worlds.hands(k)
            assert hands[turn.seat] == int(Position.from_state(state).s[K.HANDS_ + turn.seat])
            for s, h in enumerate(hands):  # no card of a suit a seat has shown out of
                assert all(not voids[s] >> (c // 13) & 1 for c in cards_in(h)) or s == turn.seat
            weight, row, pos = python_world(state, turn.seat, hands, read)
            assert float(worlds.weights[k]) == pytest.approx(weight, rel=1e-9)
            assert worlds.bids(k) == row
            assert [int(v) for v in worlds.rows[k * K.STATE_SIZE : (k + 1) * K.STATE_SIZE]] == pos
            checked += 1
    assert checked > 10


def test_the_count_of_a_mask_is_count_tricks() -> None:
    rng = random.Random(9)
    for _ in range(300):
        n, size = rng.choice([(3, 5), (4, 10), (5, 8), (2, 6)])
        deck = list(range(52))
        rng.shuffle(deck)
        hand = deck[:size]
        unknown = mask_of(deck[size : rng.randrange(size, 52)] + deck[size + 5 :])
        trump = rng.choice([-1, 0, 1, 2, 3])
        want = count_tricks(hand, unknown, n, size, None if trump < 0 else trump)
        assert count_mask(mask_of(hand), unknown, n, size, trump) == pytest.approx(want, rel=1e-12)


def test_the_compiled_piles_fall_as_deal_with_voids_deals_them() -> None:
    # cards 0-3 of clubs and 13-16 of diamonds into piles of 2, 3 and 3, the first
    # void in clubs: how often each card lands in each pile, both ways
    cards = [0, 1, 2, 3, 13, 14, 15, 16]
    sizes, bans = [2, 3, 3], [0b0001, 0, 0]
    rng = random.Random(1)
    python: Counter[tuple[int, int]] = Counter()
    compiled: Counter[tuple[int, int]] = Counter()
    draws = 6000
    for _ in range(draws):
        for p, pile in enumerate(deal_with_voids(cards, sizes, bans, rng)):
            python.update((c, p) for c in pile)
    buf = new_buffer(len(cards))
    buf[:] = cards
    piles = new_buffer(PILES_W * 3)
    piles[:] = [2, 0b0001, 0, 3, 0, 1, 3, 0, -1]
    out, left, state = new_buffer(3), new_buffer(3), new_buffer(1)
    state[0] = 12345
    for _ in range(draws):
        _deal_piles(buf, len(cards), piles, 3, out, state, left)
        assert [bin(int(m)).count("1") for m in out] == sizes
        assert not int(out[0]) & 0b1111  # the void kept
        for p in range(3):
            compiled.update((c, p) for c in cards_in(int(out[p])))
    for key in set(python) | set(compiled):
        assert abs(python[key] - compiled[key]) / draws < 0.04, key


def test_the_expert_decides_alike_with_either_worlds() -> None:
    # the same search over worlds drawn either way: a legal choice, and the same
    # choice where one card or bid is clearly best (the top trump to a trick needed)
    for state in positions(GAMES[0], 3)[::4]:
        turn = Turn.of(state)
        for compiled in (True, False):
            bot = ExpertBot(seed=2, think_ms=None, samples=60, compiled_worlds=compiled)
            assert bot.act(turn) in turn.legal_actions

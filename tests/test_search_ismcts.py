"""IS-MCTS over sampled worlds (stickspel.search.ismcts) and the expert's use of it."""

from __future__ import annotations

import math
import random

import pytest

from stickspel import load_game
from stickspel.bots import Turn
from stickspel.bots.expert import ExpertBot
from stickspel.bots.tree import most_simulated_bid
from stickspel.core import Deal
from stickspel.core.cards import parse_card, parse_cards
from stickspel.games.plump import PlumpRules, PlumpState
from stickspel.games.plump.rules import BID_BASE, score_deal
from stickspel.search import Position, SearchError
from stickspel.search.ismcts import LOG_TABLE, Tree, _draw_order, _log_table
from stickspel.search.kernels import PAIRS_ as K_PAIRS


def dealt(text: str, seed: int, bids: tuple[str, ...] = ()) -> PlumpState:
    state = load_game(text).new_initial_state()
    state.apply_chance(random.Random(seed))
    for bid in bids:
        state.apply_text(bid)
    return state  # type: ignore[return-value]


def worlds_of(state: PlumpState, count: int) -> list[Position]:
    turn = Turn.of(state)
    return [Position.from_state(turn.sample_world(random.Random(k))) for k in range(count)]


def test_every_simulation_passes_a_root_card_and_every_legal_card_is_tried() -> None:
    state = dealt("plump(players=4,max_cards=6,deal_order=single)", 2, ("1", "2", "0", "2"))
    tree = Tree(capacity=5000)
    assert tree.search(worlds_of(state, 6), [1.0] * 6, sims=400, seed=3) == 400
    assert sorted(tree.root_visits()) == state.legal_actions()
    values = tree.root_values()
    # a mean deal score of the seat: between what it can lose and win (Plump's scores)
    assert all(0 <= v <= 10 + 6 for v in values.values())


def test_a_full_tree_stops_growing_but_the_simulations_go_on() -> None:
    state = dealt("plump(players=3,max_cards=5,deal_order=single)", 4, ("1", "1", "1"))
    tree = Tree(capacity=20)
    tree.start(worlds_of(state, 3), [1.0, 1.0, 1.0], seed=1)
    assert tree.run(300) == 20
    assert sum(tree.root_visits().values()) == 300


def test_ucb1_reads_the_log_of_small_counts_from_a_table_and_computes_the_rest() -> None:
    table = _log_table()
    assert len(table) == LOG_TABLE and table[0] == 0.0
    assert all(table[i] == math.log(i) for i in range(1, LOG_TABLE))  # exactly: same trees
    # past the table: a root card legal in every one of 70,000 simulations
    state = dealt("plump(players=3,max_cards=2,deal_order=single)", 5, ("1", "0", "0"))
    tree = Tree(capacity=2000)
    assert tree.search(worlds_of(state, 4), [1.0] * 4, sims=LOG_TABLE + 4000, seed=2) == (
        LOG_TABLE + 4000
    )
    assert sorted(tree.root_visits()) == state.legal_actions()
    assert all(0 <= v <= 10 + 2 for v in tree.root_values().values())


def test_the_same_seed_grows_the_same_tree() -> None:
    state = dealt("plump(players=4,max_cards=5,deal_order=single)", 8, ("0", "1", "1", "1"))
    worlds = worlds_of(state, 5)
    a, b = Tree(capacity=4000), Tree(capacity=4000)
    a.search(worlds, [1, 2, 1, 1, 3], sims=500, seed=9)
    b.search(worlds, [1, 2, 1, 1, 3], sims=500, seed=9)
    assert a.root_visits() == b.root_visits() and a.root_values() == b.root_values()


def test_worlds_are_drawn_by_their_weights() -> None:
    order = _draw_order([1.0, 0.0, 3.0])
    assert len(order) == 1024 and 1 not in order
    assert order.count(2) == 3 * order.count(0)
    with pytest.raises(SearchError, match="sum to nothing"):
        _draw_order([0.0, 0.0])
    with pytest.raises(SearchError, match="each with its weight"):
        Tree(capacity=10).start([], [], seed=1)


def test_a_bid_tree_chooses_among_the_candidates() -> None:
    state = dealt("plump(players=4,max_cards=5,deal_order=single)", 3, ("1",))
    seat = state.current_player()
    rules = state.rules
    scores = [[score_deal(rules, b, t) for t in range(6)] for b in range(6)]
    worlds = worlds_of(state, 4)
    tree = Tree(capacity=8000)
    tree.start_bid(
        worlds, [1.0] * 4, 5, seat=seat, candidates=[0, 1, 2], bids=[[1, 0, 1, 2]] * 4,
        scores=scores, sparr_dealer=state.dealer_seat,
    )  # fmt: skip
    tree.run(600)
    assert sorted(tree.root_visits()) == [0, 1, 2]
    assert sum(tree.root_visits().values()) == 600
    with pytest.raises(SearchError, match="candidate bids"):
        tree.start_bid(worlds, [1.0] * 4, 5, seat=seat, candidates=[7], bids=[[0] * 4] * 4,
                       scores=scores)  # fmt: skip


def test_an_even_root_tries_every_choice_as_often() -> None:
    # analysis values every choice: each gets the same simulations, cards and bids
    state = dealt("plump(players=4,max_cards=5,deal_order=single)", 3, ("1",))
    rules = state.rules
    scores = [[score_deal(rules, b, t) for t in range(6)] for b in range(6)]
    tree = Tree(capacity=8000)
    tree.even_root = True
    tree.start_bid(
        worlds_of(state, 4), [1.0] * 4, 5, seat=state.current_player(), candidates=[0, 1, 2],
        bids=[[1, 0, 1, 2]] * 4, scores=scores,
    )  # fmt: skip
    tree.run(600)
    assert list(tree.root_visits().values()) == [200, 200, 200]
    while state.phase != type(state).PLAY_PHASE:
        state.apply_action(state.legal_actions()[0])
    tree.start(worlds_of(state, 6), [1.0] * 6, 2)
    tree.run(500)
    visits = tree.root_visits().values()
    assert len(visits) > 1 and max(visits) - min(visits) <= 1


def test_ismcts_bids_the_tricks_a_hand_of_top_trumps_takes() -> None:
    # the first to bid holds the three top spades, trumps: three sure tricks
    rules = PlumpRules(players=3, max_cards=3, deal_order="single")
    state = PlumpState(rules)
    first = (state.dealer_seat + 1) % 3
    hands = ["2H 3H 4H", "5D 6D 7D", "8C 9C TC"]
    hands[first] = "AS KS QS"
    state.apply_deal(Deal(tuple(tuple(parse_cards(h)) for h in hands), upcard=parse_card("2S")))
    assert state.current_player() == first
    bot = ExpertBot(seed=1, think_ms=None, samples=8, bids="ismcts", cards="ismcts")
    assert bot.act(Turn.of(state)) == BID_BASE + 3


@pytest.mark.parametrize("phase", ["bid", "play"])
def test_ismcts_choice_does_not_change_when_the_hidden_hands_are_redealt(phase: str) -> None:
    state = dealt("plump(players=4,max_cards=7,deal_order=single)", 21)
    if phase == "play":
        while state.phase != type(state).PLAY_PHASE:
            state.apply_action(state.legal_actions()[0])
    shuffle = random.Random(5)
    for _ in range(3):
        seat = state.current_player()
        other = state.sample_world(seat, shuffle)
        bots = [ExpertBot(seed=4, think_ms=None, samples=6, bids="ismcts", cards="ismcts")
                for _ in range(2)]  # fmt: skip
        assert bots[0].act(Turn.of(state)) == bots[1].act(Turn.of(other))
        state.apply_action(bots[0].act(Turn.of(state)))


def test_ismcts_within_a_time_budget_plays_a_deal() -> None:
    state = dealt("plump(players=4,max_cards=6,deal_order=single)", 13)
    bot = ExpertBot(seed=2, think_ms=5, bids="ismcts", cards="ismcts")
    while not state.deal_over():
        turn = Turn.of(state)
        action = bot.act(turn)
        assert action in turn.legal_actions
        state.apply_action(action)


@pytest.mark.parametrize("read", ["count", "share"])
@pytest.mark.parametrize("cards_played", [0, 1, 6, 13])
def test_the_fast_worlds_are_sample_worlds_positions(cards_played: int, read: str) -> None:
    from stickspel.bots.search_adapter import world_weight
    from stickspel.games.plump.search import guessed_bids, plump_worlds

    state = dealt("plump(players=4,max_cards=8,deal_order=single)", 31)
    model = ExpertBot(seed=1, think_ms=None, samples=2)
    while state.phase != type(state).PLAY_PHASE and state.current_player() != 2:
        state.apply_action(model._heuristic(Turn.of(state)))  # part of the bidding
    if cards_played:
        while state.phase != type(state).PLAY_PHASE:
            state.apply_action(model._heuristic(Turn.of(state)))
        for _ in range(cards_played - 1):
            state.apply_action(model._heuristic(Turn.of(state)))
    turn = Turn.of(state)
    fast = plump_worlds(turn, random.Random(8), infer=True, read=read)
    slow = random.Random(8)
    for _ in range(5):
        pos, weight, row = next(fast)
        world = turn.sample_world(slow)
        assert list(pos.s) == list(Position.from_state(world).s)
        assert (pos.bids, pos.game, pos.rules) == (
            Position.from_state(world).bids,
            "plump",
            state.rules,
        )
        if read == "count":
            assert weight == pytest.approx(world_weight(world, turn.seat), rel=1e-12)
        guess, _ = guessed_bids(world, turn.seat, read)
        assert row == [b if b is not None else guess[s] for s, b in enumerate(world.bids)]


def test_experts_deciding_in_threads_at_once_decide_as_alone() -> None:
    # the server decides for several tables at once in worker threads: each thread
    # has its own search buffers, so no decision reads another's worlds or tree
    from concurrent.futures import ThreadPoolExecutor

    states = [dealt("plump(players=4,max_cards=8,deal_order=single)", 40 + k) for k in range(6)]
    for state in states[3:]:  # half of them in the card play
        while state.phase != type(state).PLAY_PHASE:
            state.apply_action(state.legal_actions()[0])

    def decide(state: PlumpState) -> list[int]:
        bot = ExpertBot(seed=3, think_ms=None, samples=12)
        return [bot.act(Turn.of(state)) for _ in range(3)]

    alone = [decide(s) for s in states]
    with ThreadPoolExecutor(max_workers=6) as pool:
        together = list(pool.map(decide, states))
    assert together == alone


def test_a_read_shift_takes_the_others_to_bid_that_far_above_their_count() -> None:
    from stickspel.games.plump.bot import count_tricks
    from stickspel.games.plump.search import plump_hands_weight

    hands = (tuple(parse_cards("AS KS QH 4C")), tuple(parse_cards("2D 3D 5C 9H")))
    up = parse_card("2S")
    counted = count_tricks(list(hands[1]), ((1 << 52) - 1) & ~sum(1 << c for c in (*hands[1], up)),
                           2, 4, 3)  # fmt: skip
    bid = round(counted + 1)
    weight = plump_hands_weight(hands, [(1, bid)], 0, 4, 3, up)
    shifted = plump_hands_weight(hands, [(1, bid)], 0, 4, 3, up, shift=bid - counted)
    assert shifted == pytest.approx(1.0) and weight < shifted


def test_a_hand_read_at_its_share_is_its_count_scaled_to_the_tricks_of_the_deal() -> None:
    from stickspel.games.plump.bot import count_dealt, share_dealt
    from stickspel.games.plump.search import plump_hands_weight

    rng = random.Random(5)
    deck = list(range(52))
    rng.shuffle(deck)
    hands = [deck[10 * s : 10 * s + 10] for s in range(4)]
    up = deck[40]
    counts = [count_dealt(h, 4, 10, up // 13, up) for h in hands]
    shares = share_dealt(hands, 10, up // 13, up)
    assert sum(shares) == pytest.approx(10.0)
    assert all(
        s / c == pytest.approx(10 / sum(counts)) for s, c in zip(shares, counts, strict=True)
    )
    # the others' bids read against the shares: a bid at a seat's share fits best
    bid = round(shares[1])
    at_share = plump_hands_weight(hands, [(1, bid)], 0, 10, up // 13, up, expected=shares)
    off = plump_hands_weight(hands, [(1, bid + 2)], 0, 10, up // 13, up, expected=shares)
    assert at_share > off


def test_the_counts_of_big_deals_fall_short_of_the_tricks() -> None:
    # why the share exists: four hands of ten count about seven of the ten tricks
    from stickspel.games.plump.bot import count_dealt

    rng = random.Random(11)
    totals = []
    for _ in range(200):
        deck = list(range(52))
        rng.shuffle(deck)
        up = deck[40]
        totals.append(
            sum(count_dealt(deck[10 * s : 10 * s + 10], 4, 10, up // 13, up) for s in range(4))
        )
    assert 6.0 < sum(totals) / len(totals) < 8.0


class _Root:
    """A bid tree's root as its statistics: visits and mean scores by bid."""

    def __init__(self, visits: dict[int, int], values: dict[int, float]) -> None:
        self.visits, self.values = visits, values

    def root_visits(self) -> dict[int, int]:
        return self.visits

    def root_values(self) -> dict[int, float]:
        return self.values


def test_the_bid_is_the_most_simulated() -> None:
    root = _Root({0: 900, 1: 700, 2: 50}, {0: 9.6, 1: 9.1, 2: 4.0})
    assert most_simulated_bid(root) == 0
    root = _Root({0: 500, 1: 500, 2: 50}, {0: 9.1, 1: 9.6, 2: 4.0})
    assert most_simulated_bid(root) == 0  # the lower between equals


def test_a_priffe_seat_is_credited_with_its_sides_tricks() -> None:
    # the last trick: seat 0's ace of spades takes it, and the side of seats 0 and 2
    # ends with 3 + 4 + 1 tricks, not seat 0's own 4
    hands = [1 << parse_card(c) for c in ("AS", "2S", "3S", "4S")]
    pos = Position.from_hands(hands, None, 0, pairs=True, tricks=(3, 1, 4, 4))
    pos.game = "priffe"
    tree = Tree(capacity=100)
    tree.search([pos], [1.0], sims=10, seed=1)
    assert tree.root_values() == {parse_card("AS"): 8.0}
    pos.s[K_PAIRS] = 0  # no partners: the seat's own tricks
    tree.search([pos], [1.0], sims=10, seed=1)
    assert tree.root_values() == {parse_card("AS"): 4.0}

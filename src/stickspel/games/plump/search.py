"""Plump's search adapter: worlds weighted by the bids, and the bid as a search's root.

The expert's worlds are drawn with the bids made: each world's hands weighted
by how likely each other seat's bid is for the hand it holds there
(:func:`plump_hands_weight`: the bid against the tricks the hand counts, a
normal error of :data:`BID_SIGMA` tricks), and for IS-MCTS every seat's
bid in it (the ones still to come guessed from the hands, :func:`bid_row`).
:func:`plump_worlds` draws them in Python, :func:`plump_draw` in compiled code
(:class:`stickspel.search.redeal.PlumpDraw`: the same deals, weights and rows).
A bid is judged at the root of the tree (:meth:`PlumpSearch.start_bid_tree`)
or, without it, by play-outs of each world (:meth:`PlumpSearch.call_values`);
a deal's tricks are worth each seat its deal score (:class:`PlumpObjective`).

Everything here reads the turn's information set: the frame's public parts
(the rules, the dealer, the bids, the cards down) and the seat's own hand.

>>> from stickspel.core.cards import parse_cards
>>> bid_row([parse_cards("AS KS"), parse_cards("2C 3C"), parse_cards("AH 4D")],
...         [None, 1, None], 0, 2, 3, None)
[0, 1, 1]
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator, Sequence
from typing import Any

from stickspel.bots.config import ExpertConfig, bid_model
from stickspel.bots.objectives import Objective
from stickspel.bots.search_adapter import SearchAdapter
from stickspel.bots.tree import drawn_worlds
from stickspel.core.turn import Turn
from stickspel.games.plump.bot import count_dealt, share_dealt
from stickspel.games.plump.play import MODEL as PLUMP_MODEL
from stickspel.games.plump.rules import BID_BASE, PLAY, score_deal

__all__ = [
    "SEARCH",
    "BID_SIGMA",
    "PlumpObjective",
    "PlumpSearch",
    "bid_row",
    "expected_tricks",
    "guessed_bids",
    "plump_bid_weight",
    "plump_hands_weight",
    "plump_worlds",
    "plump_draw",
]

#: How far (in tricks) a bid strays from the counted tricks, one standard deviation.
BID_SIGMA = 1.2
#: The weight floor of one surprising bid, so that no world is ruled out entirely.
BID_FLOOR = 0.001

#: Bids judged by simulation (without the tree): the ones nearest the tricks the hand counts.
BID_CANDIDATES = 4
#: Points a bid loses per trick it stands from the counted tricks: breaks ties only.
BID_TIE_BREAK = 0.01
#: Fast play-outs a world for the distribution of the seat's tricks (compiled search;
#: fewer where the kernels run as plain Python).
BID_PLAYOUTS = 64
BID_PLAYOUTS_PYTHON = 8
#: Goal-aware play-outs a world for each bid judged: without noise the policy
#: plays a world one way, so one is enough (the worlds give the spread).
AWARE_PLAYOUTS = 1


def plump_bid_weight(world: Any, seat: int, sigma: float = BID_SIGMA) -> float:
    """How likely the others' bids in ``world`` were: the product over them of a
    normal likelihood of the bid around the hand's counted tricks.

    >>> import random
    >>> from stickspel.games.plump import PlumpRules, PlumpState
    >>> state = PlumpState(PlumpRules(players=3, max_cards=5, deal_order="single"))
    >>> _ = state.apply_chance(random.Random(2))
    >>> plump_bid_weight(state, state.current_player())   # nobody has bid yet
    1.0
    """
    if not world.dealt:
        return 1.0
    return plump_hands_weight(
        world.dealt, world.auction, seat, world.hand_size, world.trump, world.upcard, sigma
    )


def plump_hands_weight(
    dealt: Any,
    auction: Any,
    seat: int,
    size: int,
    trump: int | None,
    upcard: int | None,
    sigma: float = BID_SIGMA,
    shift: float = 0.0,
    expected: Sequence[float] | None = None,
) -> float:
    """:func:`plump_bid_weight` from the hands as dealt (``dealt``, card ids a seat)
    and the bids made (``auction``: seat and bid), without a world's state;
    ``shift``: how far above the expected tricks the others are taken to bid;
    ``expected``: those tricks a seat (default: what each hand counts,
    ``count_dealt``; ``share_dealt`` is the other reading)."""
    n = len(dealt)
    weight = 1.0
    for s, bid in auction:
        if s != seat:
            mean = (
                count_dealt(dealt[s], n, size, trump, upcard) if expected is None else expected[s]
            )
            d = bid - shift - mean
            weight *= max(math.exp(-d * d / (2 * sigma * sigma)), BID_FLOOR)
    return weight


class PlumpObjective(Objective):
    """Each seat wants exactly its bid: Plump's deal score under ``rules``.

    >>> from stickspel.games.plump import PlumpRules
    >>> PlumpObjective(PlumpRules(), [2, 0, 0, 0]).values([2, 0, 0, 1])   # 10 + the bid
    (12.0, 10.0, 10.0, 0.0)
    """

    def __init__(self, rules: Any, bids: Sequence[int]) -> None:
        self.rules = rules
        self.bids = list(bids)

    def values(self, won: Sequence[int]) -> tuple[float, ...]:
        return tuple(
            float(score_deal(self.rules, b, t)) for b, t in zip(self.bids, won, strict=True)
        )


def bid_row(
    dealt: Sequence[Sequence[int]],
    bids: Sequence[int | None],
    seat: int,
    size: int,
    trump: int | None,
    upcard: int | None,
    expected: Sequence[float] | None = None,
) -> list[int]:
    """Every seat's bid — the ones made, the ones still to come guessed as the
    tricks the hand is ``expected`` to take (default: what it counts,
    ``count_dealt``), 0 for ``seat``."""
    n = len(bids)
    row = [b if b is not None else 0 for b in bids]
    for s in range(n):
        if bids[s] is None and s != seat:
            mean = (
                count_dealt(dealt[s], n, size, trump, upcard) if expected is None else expected[s]
            )
            row[s] = max(0, min(size, round(mean)))
    return row


def expected_tricks(
    read: str, dealt: Sequence[Sequence[int]], size: int, trump: int | None, upcard: int | None
) -> list[float] | None:
    """The tricks each hand of a world is read to take: ``"share"``, its count scaled
    to the deal's tricks (``share_dealt``); ``"count"`` (``None``), the count."""
    return share_dealt(dealt, size, trump, upcard) if read == "share" else None


def guessed_bids(world: Any, seat: int, read: str = "count") -> tuple[list[int], float]:
    """Every seat's bid in ``world`` (:func:`bid_row`, the hands read as ``read``
    says: :func:`expected_tricks`), and what ``seat``'s hand counts."""
    n, size, trump, up = world.num_players, world.hand_size, world.trump, world.upcard
    expected = expected_tricks(read, world.dealt, size, trump, up)
    row = bid_row(world.dealt, world.bids, seat, size, trump, up, expected)
    return row, count_dealt(world.dealt[seat], n, size, trump, up)


def _world_frame(state: Any) -> tuple[bool, list[int], int, tuple[int, ...]]:
    """What every world of a decision shares: whether the cards are being played,
    the trick on the table, who leads it (the first lead while bidding) and the
    bids made (0 for a bid not made)."""
    in_play = state.phase == PLAY
    trick = list(state.trick)
    if in_play:
        leader = state.leader if trick else state.current
    else:
        leader = state.dealer_seat if state.rules.first_lead == "dealer" else state.forhand()
    return in_play, trick, leader, tuple(b if b is not None else 0 for b in state.bids)


def plump_worlds(
    turn: Turn, rng: random.Random, infer: bool, shift: float = 0.0, read: str = "count"
) -> Iterator[tuple[Any, float, list[int]]]:
    """Worlds for IS-MCTS without end: each a search position (from the first lead
    while bidding), its weight by the bids made, and every seat's bid (the ones
    still to come guessed from the hands; ``shift``, ``read``: how the others'
    hands are read, for :mod:`benchmarks.bench_worlds`).  The hands are redealt
    as ``sample_world`` does but no state is rebuilt (a third of the time); with
    simultaneous bids still hidden, whole worlds are drawn."""
    from stickspel.core.cards import mask_of
    from stickspel.games.plump.worlds import sample_deal, shown
    from stickspel.search import Position

    state: Any = turn.frame  # a world the seat cannot tell from the real one
    seat = turn.seat
    if state.phase != PLAY and not state.bids_visible():
        while True:
            world: Any = turn.sample_world(rng)
            weight = plump_bid_weight(world, seat) if infer else 1.0
            yield Position.from_state(world), weight, guessed_bids(world, seat, read)[0]
    n, size, trump, up = state.num_players, state.hand_size, state.trump, state.upcard
    played = [mask_of(cards) for cards in shown(state)[0]]
    in_play, trick, leader, made = _world_frame(state)
    while True:
        deal = sample_deal(state, seat, rng)
        masks = [mask_of(h) for h in deal.hands]
        expected = expected_tricks(read, deal.hands, size, trump, up)
        weight = (
            plump_hands_weight(
                deal.hands, state.auction, seat, size, trump, up, shift=shift, expected=expected
            )
            if infer
            else 1.0
        )
        if in_play:
            hands = [masks[s] & ~played[s] for s in range(n)]
            pos = Position.from_hands(hands, trump, leader, trick=trick, tricks=state.tricks_won)
            pos.bids = made
            row = list(made)
        else:
            pos = Position.from_hands(masks, trump, leader)
            row = bid_row(deal.hands, state.bids, seat, size, trump, up, expected)
        pos.model, pos.rules = PLUMP_MODEL, state.rules
        yield pos, weight, row


def plump_draw(
    turn: Turn,
    rng: random.Random,
    infer: bool,
    capacity: int,
    shift: float = 0.0,
    read: str = "count",
) -> Any:
    """The worlds of :func:`plump_worlds` drawn in compiled code
    (:class:`stickspel.search.redeal.PlumpDraw`): the same deals, weights and bid
    rows, at a few microseconds a world; ``None`` while simultaneous bids are
    hidden (whole worlds are drawn then)."""
    from stickspel.core.cards import mask_of
    from stickspel.games.plump.worlds import hidden_piles, shown
    from stickspel.search import Position
    from stickspel.search.redeal import PlumpDraw

    state: Any = turn.frame  # a world the seat cannot tell from the real one
    seat = turn.seat
    if state.phase != PLAY and not state.bids_visible():
        return None
    deal, _ = state.current_deal_items()
    n, size, trump, up = state.num_players, state.hand_size, state.trump, state.upcard
    played_cards, voids = shown(state)
    played = [mask_of(cards) for cards in played_cards]
    mine = mask_of(deal.hands[seat])
    unseen, piles = hidden_piles(deal, seat, size, played_cards, voids)
    hands = [0] * n
    hands[seat] = mine & ~played[seat]
    in_play, trick, leader, made = _world_frame(state)
    if in_play:
        base = Position.from_hands(hands, trump, leader, trick=trick, tricks=state.tricks_won)
        base.bids = made
    else:
        base = Position.from_hands(hands, trump, leader)
    base.model, base.rules = PLUMP_MODEL, state.rules
    return PlumpDraw(
        base, seat=seat, size=size, trump=trump, upcard=up, unseen=unseen, piles=piles,
        played=played, dealt_mine=mine, made=list(state.bids), infer=infer,
        share=read == "share", sigma=BID_SIGMA, floor=BID_FLOOR, shift=shift,
        capacity=capacity, seed=rng.randrange(1 << 30),
    )  # fmt: skip


class PlumpSearch(SearchAdapter):
    """Plump: bids searched, worlds weighted by them, PIMC by the solver."""

    calls_searched = True
    bids = True
    pimc_cards = "dd"
    warm_rules = "players=4,max_cards=3"

    def ismcts_worlds(
        self, config: ExpertConfig, turn: Turn, rng: random.Random, cap: int, share: float | None
    ) -> tuple[Any, list[float], list[list[int]]]:
        """Worlds drawn and weighted by the bids, with their bid rows (compiled
        where numba runs, the rows and weights then inside the draw)."""
        import time

        infer = config.infer
        if config.compiled_worlds:
            from stickspel.search.backend import current

            if current().name == "numba":
                draw = plump_draw(turn, rng, infer, cap)
                if draw is not None:
                    return drawn_worlds(draw, cap, share), [], []
        worlds: list[Any] = []
        weights: list[float] = []
        bids: list[list[int]] = []
        for pos, weight, row in plump_worlds(turn, rng, infer):
            worlds.append(pos)
            weights.append(max(weight, 1e-12))  # Plump's weights have a floor: none is 0
            bids.append(row)
            if len(worlds) >= cap or (share is not None and time.perf_counter() > share):
                break
        return worlds, weights, bids

    def world_weight(self, world: Any, seat: int) -> float:
        """The others' bids against the tricks their hands count (:func:`plump_bid_weight`)."""
        return plump_bid_weight(world, seat)

    def objective(self, world: Any, bids: Sequence[int] | None = None) -> Objective:
        """Each seat's deal score under ``bids`` (default: the bids made, 0 for one not made)."""
        chosen = bids if bids is not None else [x or 0 for x in world.bids]
        return PlumpObjective(world.rules, chosen)

    def start_bid_tree(
        self,
        tree: Any,
        turn: Turn,
        worlds: Any,
        weights: list[float],
        bids: list[list[int]],
        rng: random.Random,
    ) -> None:
        """The legal bids at the root, each world's other bids as guessed, the
        dealer's guess round its spärr."""
        state: Any = turn.frame  # public parts only: the rules, the dealer, the bids made
        size, rules, d = state.hand_size, state.rules, state.dealer_seat
        scores = [[score_deal(rules, b, t) for t in range(size + 1)] for b in range(size + 1)]
        binding = rules.sparr and state.bids[d] is None and d != turn.seat
        tree.start_bid(
            worlds, weights, rng.randrange(1 << 30),
            seat=turn.seat, candidates=[a - BID_BASE for a in turn.legal_actions],
            bids=bids, scores=scores, sparr_dealer=d if binding else -1,
        )  # fmt: skip

    def bid_action(self, bid: int) -> int:
        return BID_BASE + bid

    def root_bids(self, legal: Sequence[int]) -> dict[int, int]:
        return {a - BID_BASE: a for a in legal}

    def wants_tricks(self, world: Any, seat: int) -> bool:
        """While a count the seat can still reach scores more than what it holds
        (below its bid, or past it where each trick scores)."""
        if world.bids[seat] is None:
            return True
        bid, won = world.bids[seat], world.tricks_won[seat]
        now = score_deal(world.rules, bid, won)
        left = int(world.hands[seat]).bit_count()  # a hand is a mask of cards
        return any(score_deal(world.rules, bid, won + f) > now for f in range(1, left + 1))

    def call_values(
        self,
        config: ExpertConfig,
        world: Any,
        seat: int,
        legal: Sequence[int],
        rng: random.Random,
    ) -> dict[int, float]:
        """The deal score each legal bid brings ``seat`` in ``world``; the seats
        still to bid bid what they count (the dealer round its spärr)."""
        guess, mine = guessed_bids(world, seat)
        if bid_model(config.bids) == "greedy":
            return self._bid_values_by_playouts(world, seat, legal, mine, rng)
        return self._bid_values_aware(config, world, seat, legal, mine, guess, rng)

    @staticmethod
    def _bid_values_aware(
        config: ExpertConfig,
        world: Any,
        seat: int,
        legal: Sequence[int],
        mine: float,
        guess: list[int],
        rng: random.Random,
    ) -> dict[int, float]:
        """Each bid near the counted tricks played out with every seat playing for
        its bid (``playout_tricks``'s goal-aware policy; the bids still to come
        guessed from the hands, the dealer round its spärr), and the bid's mean
        deal score over the play-outs; bids further off are judged worth nothing."""
        from stickspel.search import Position, playout_tricks

        pos = Position.from_state(world)
        candidates = 10**6 if config.every_bid else BID_CANDIDATES
        near = sorted(legal, key=lambda a: (abs(a - BID_BASE - mine), a))[:candidates]
        out: dict[int, float] = {}
        for action in legal:
            bid = action - BID_BASE
            if action not in near:
                out[action] = -abs(bid - mine)
                continue
            bids = list(guess)  # the bids made, the ones to come guessed
            bids[seat] = bid
            _round_sparr(world, bids)
            taken = playout_tricks(
                pos, AWARE_PLAYOUTS, rng.randrange(1 << 30), policy="aware", bids=bids
            )[:, seat].tolist()
            lift = config.nil_lift if bid == 0 else config.bid_lift
            mean = sum(
                (1 - lift) * score_deal(world.rules, bid, t)
                + lift * score_deal(world.rules, bid, min(t + 1, world.hand_size))
                for t in taken
            ) / len(taken)
            out[action] = mean - abs(bid - mine) * BID_TIE_BREAK
        return out

    @staticmethod
    def _bid_values_by_playouts(
        world: Any, seat: int, legal: Sequence[int], mine: float, rng: random.Random
    ) -> dict[int, float]:
        """The distribution of the seat's tricks over fast play-outs of the world
        (every seat taking what it can), and each bid's mean deal score under it."""
        from stickspel.search import playout_tricks
        from stickspel.search.backend import current

        playouts = BID_PLAYOUTS if current().name == "numba" else BID_PLAYOUTS_PYTHON
        counts = playout_tricks(world, playouts, rng.randrange(1 << 30))[:, seat].tolist()
        out: dict[int, float] = {}
        for action in legal:
            bid = action - BID_BASE
            mean = sum(score_deal(world.rules, bid, t) for t in counts) / len(counts)
            out[action] = mean - abs(bid - mine) * BID_TIE_BREAK
        return out


def _round_sparr(world: Any, bids: list[int]) -> None:
    """A guessed dealer's bid that the spärr forbids moves one up (or down)."""
    d = world.dealer_seat
    if not world.rules.sparr or world.bids[d] is not None:
        return
    size = world.hand_size
    if sum(bids) == size:
        bids[d] = bids[d] + 1 if bids[d] < size else bids[d] - 1


SEARCH = PlumpSearch("plump")

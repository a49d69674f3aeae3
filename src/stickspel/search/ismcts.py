"""Information-set Monte Carlo tree search over sampled worlds (SO-ISMCTS).

PIMC (:func:`~stickspel.search.card_values` world by world) lets every seat
see every hand: in a world where a seat could force a trick on us it always
does, and a card judged that way is judged against opponents who never err.
IS-MCTS (Cowling, Powley and Whitehouse 2012) grows one tree from the seat's
own point of view instead: each simulation draws one of the worlds, walks the
tree choosing among the cards that are legal in that world (UCB1 with the
availability counts of the cards, so that a card seen in few worlds is not
starved), adds one node, plays the deal out with the goal-aware policy of
:func:`~stickspel.search.kernels.aware_card` and credits every node on the path
with the deal score of the seat that moved into it.  The other seats' choices
in the tree are then what their statistics say across all the worlds: a seat
cannot choose by the cards it could not see.  :meth:`Tree.start_bid` puts Plump's bid at the root,
so that a bid is judged by the card play that follows it under the same search.

The worlds come in drawn and weighted (the bots draw them with what the bids
say); each simulation picks one from ``order``, a list of world indices in
which each world appears about as often as its weight asks.

The loop (:func:`simulate`) is written for both backends, like the kernels:
flat integer buffers, the tree a node every :data:`NODE_W` slots.

>>> import random
>>> from stickspel import load_game
>>> from stickspel.search import Position
>>> state = load_game("plump(players=3,max_cards=4,deal_order=single)").new_initial_state()
>>> _ = state.apply_chance(random.Random(3))
>>> for bid in ("1", "2", "0"):
...     state.apply_text(bid) and None
>>> tree = Tree()
>>> worlds = [Position.from_state(state.sample_world(state.current_player(), random.Random(k)))
...           for k in range(8)]
>>> tree.search(worlds, [1.0] * 8, sims=300, seed=1)
300
>>> sorted(tree.root_visits()) == state.legal_actions()
True
>>> sum(tree.root_visits().values())
300
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from typing import Any

import stickspel.search.kernels as K
from stickspel.search.backend import Backend, current
from stickspel.search.kernels import jit
from stickspel.search.position import Position, SearchError
from stickspel.search.redeal import WorldRows

__all__ = ["Tree", "simulate", "NODE_W", "UCB_C"]

# --- the layout of a tree node ---------------------------------------------------------
FIRST_ = 0  # its first child (-1: none)
NEXT_ = 1  # its next sibling (-1: none)
ACTION_ = 2  # the card that leads into it
VISITS_ = 3  # simulations through it
AVAIL_ = 4  # simulations in which its card was legal at its parent
MOVER_ = 5  # the seat that played its card
VALUE_ = 6  # the sum of that seat's deal scores over the simulations through it
NODE_W = 7
#: The slots of ``meta``: nodes held, capacity, the highest score (x1000), then for
#: a bid at the root: whether it is one, the seat, the candidate bids (a bit a
#: bid), the dealer whose guessed bid the spärr moves (-1: none), the tricks.
BIDDING_, SEAT_, CANDS_, DEALER_, SIZE_ = 3, 4, 5, 6, 7
#: ... and whether the root's choices are tried evenly (1: the least simulated
#: next, so that each is valued from as many simulations; analysis) or by UCB1 (0).
EVEN_ROOT_ = 8
META_SIZE = 9
#: A bid's action in the tree: above the 52 cards.
BID_ACTION = 52
#: UCB1's exploration constant, the scores scaled to 0 … 1 by the table's highest.
UCB_C = 0.7
#: Nodes a tree holds at most (past them simulations add none).
MAX_NODES = 1 << 17


@jit
def simulate(
    worlds: Any,
    order: Any,
    util: Any,
    tree: Any,
    meta: Any,
    sims: int,
    c: float,
    noise: int,
    rng: Any,
    s: Any,
    path: Any,
    wbids: Any,
    bidtab: Any,
    logs: Any,
) -> int:
    """``sims`` simulations; returns the nodes the tree holds after them.

    ``worlds``: the position buffers one after another (``K.STATE_SIZE`` each);
    ``order``: world indices to draw from; ``util``: the score tables of the
    goal-aware policy (a row a seat); ``meta``: the node count and the capacity;
    ``c``: UCB1's constant on scores scaled by ``meta[2]``, the highest score
    (scaled by 1000); ``noise``: the chance in 1000 of a random card in a
    play-out; ``s``, ``path``: scratch buffers (a position, the nodes walked);
    ``logs``: ``log(i)`` for small ``i`` (:func:`_log_table`).  A node is credited
    with its mover's score by the tricks it ends with, in Priffe (``K.PAIRS_``)
    the tricks of its side.

    With ``meta[BIDDING_]`` set the root is Plump's bid of seat ``meta[SEAT_]``
    (its children the bids of ``meta[CANDS_]``, a bit a bid, as actions
    ``BID_ACTION + bid``): each simulation chooses one, the other seats' bids
    are the world's (``wbids``: ``K.MAX_SEATS`` a world, the ones still to come
    guessed), a dealer's guess that the spärr forbids moves one up (down at the
    top: ``meta[DEALER_]`` the dealer, -1 where no spärr binds), and ``util``
    is filled from ``bidtab`` (the deal score of each bid by tricks, ``K.UT`` a
    bid) before the cards are played."""
    scale = meta[2] / 1000.0
    n = worlds[K.N_]
    bids = [0] * K.MAX_SEATS
    for _ in range(sims):
        w = order[K.next_random(rng) % len(order)]
        base = w * K.STATE_SIZE
        # the header and the cards down so far: the rest of the history is written
        # before it is read
        for i in range(K.HIST_ + K.HIST_W * worlds[base + K.PLY_]):
            s[i] = worlds[base + i]
        node = 0
        depth = 0
        if meta[BIDDING_]:
            node = _choose_bid(tree, meta, c, scale, rng, logs)
            depth = 1
            path[1] = node
            bid = tree[node * NODE_W + ACTION_] - BID_ACTION
            total = 0
            for i in range(n):
                b = bid if i == meta[SEAT_] else wbids[w * K.MAX_SEATS + i]
                bids[i] = b
                total += b
            d = meta[DEALER_]
            at_top = meta[SIZE_]
            if d >= 0 and total == at_top:
                b = bids[d]
                bids[d] = b + 1 if b < at_top else b - 1
            for i in range(n):
                b = bids[i]
                for t in range(K.UT):
                    util[i * K.UT + t] = bidtab[b * K.UT + t]
        while s[K.HANDS_ + s[K.MOVE_]]:
            legal = K.legal_mask(s)
            best = -1
            best_score = -1e300
            tried = 0
            ch = tree[node * NODE_W + FIRST_]
            while ch >= 0:
                at = ch * NODE_W
                a = tree[at + ACTION_]
                if (legal >> a) & 1:
                    tried |= 1 << a
                    tree[at + AVAIL_] += 1
                    v = tree[at + VISITS_]
                    avail = tree[at + AVAIL_]
                    lg = logs[avail] if avail < len(logs) else math.log(avail)
                    score = tree[at + VALUE_] / (v * scale) + c * math.sqrt(lg / v)
                    if node == 0 and meta[EVEN_ROOT_]:
                        score = -v
                    if score > best_score:
                        best_score = score
                        best = ch
                ch = tree[at + NEXT_]
            untried = legal & ~tried
            if untried:
                if meta[0] < meta[1]:  # a new node for one card not tried yet here
                    a = K.random_card(untried, rng)
                    new = _add_child(tree, meta, node, a, s[K.MOVE_])
                    K.play(s, a)
                    depth += 1
                    path[depth] = new
                break  # the tree ends here: the rest is played out
            K.play(s, tree[best * NODE_W + ACTION_])
            node = best
            depth += 1
            path[depth] = node
        while s[K.HANDS_ + s[K.MOVE_]]:
            if noise > 0 and K.next_random(rng) % 1000 < noise:
                card = K.random_card(K.legal_mask(s), rng)
            else:
                card = K.goal_card(s, util, False)
            K.play(s, card)
        for d in range(1, depth + 1):
            at = path[d] * NODE_W
            mover = tree[at + MOVER_]
            t = s[K.TRICKS_ + mover]
            if s[K.PAIRS_]:  # Priffe: a side's score is the tricks of both partners
                t += s[K.TRICKS_ + (mover + 2) % n]
            tree[at + VISITS_] += 1
            tree[at + VALUE_] += util[mover * K.UT + t]
    return int(meta[0])


@jit
def _add_child(tree: Any, meta: Any, node: int, action: int, mover: int) -> int:
    """A new first child of ``node``: ``action`` played by ``mover`` (-1: the tree
    is full)."""
    if meta[0] >= meta[1]:
        return -1
    new = meta[0]
    meta[0] += 1
    at = new * NODE_W
    tree[at + FIRST_] = -1
    tree[at + NEXT_] = tree[node * NODE_W + FIRST_]
    tree[at + ACTION_] = action
    tree[at + VISITS_] = 0
    tree[at + AVAIL_] = 1
    tree[at + MOVER_] = mover
    tree[at + VALUE_] = 0
    tree[node * NODE_W + FIRST_] = new
    return int(new)


@jit
def _choose_bid(tree: Any, meta: Any, c: float, scale: float, rng: Any, logs: Any) -> int:
    """The root's bid child for one simulation: a candidate not tried yet (a new
    node), else UCB1's choice."""
    cands = meta[CANDS_]
    best = -1
    best_score = -1e300
    tried = 0
    ch = tree[FIRST_]
    while ch >= 0:
        at = ch * NODE_W
        tried |= 1 << (tree[at + ACTION_] - BID_ACTION)
        tree[at + AVAIL_] += 1
        v = tree[at + VISITS_]
        # UCB1 as for a card in simulate (written out there too: a shared jitted
        # helper measured 1.5 us a simulation against 0.9)
        avail = tree[at + AVAIL_]
        lg = logs[avail] if avail < len(logs) else math.log(avail)
        score = tree[at + VALUE_] / (v * scale) + c * math.sqrt(lg / v)
        if meta[EVEN_ROOT_]:
            score = -v
        if score > best_score:
            best_score = score
            best = ch
        ch = tree[at + NEXT_]
    untried = cands & ~tried
    if untried == 0:
        return int(best)
    b = K.random_card(untried, rng)  # a random set bit: the bid
    return _add_child(tree, meta, 0, BID_ACTION + b, meta[SEAT_])  # room: a fresh tree


class Tree:
    """One search's tree, reused from decision to decision (its buffers are large).
    ``backend``: the search's path (default: :func:`~stickspel.search.backend.current`'s),
    whose buffers it holds; worlds from the other path are searched as copies."""

    def __init__(
        self,
        capacity: int = MAX_NODES,
        c: float = UCB_C,
        noise: float = 0.1,
        backend: Backend | None = None,
    ) -> None:
        self.backend = backend = backend or current()
        self.order_size = _ORDER_SIZE  # the draws of worlds a simulation picks among
        self.even_root = False  # the root's choices tried evenly (analysis), not by UCB1
        self.capacity = capacity
        self.c = c
        self.noise = noise
        self.tree: Any = backend.buffer(capacity * NODE_W)
        self.meta: Any = backend.buffer(META_SIZE)
        self.rng: Any = backend.buffer(1)
        self.s: Any = backend.buffer(K.STATE_SIZE)
        self.path: Any = backend.buffer(K.MAX_PLY + 2)  # the nodes a simulation walks
        self.worlds: Any = None
        self.order: Any = None
        self.util: Any = None
        self.wbids: Any = None
        self.bidtab: Any = None

    def start(
        self, worlds: Sequence[Position] | WorldRows, weights: Sequence[float], seed: int
    ) -> None:
        """A fresh tree over ``worlds`` (all of one deal, the same seat to play;
        :class:`~stickspel.search.redeal.WorldRows` hold their weights, and
        ``weights`` is then not read)."""
        from stickspel.search.solve import goal_table

        first = self._load(worlds, weights, seed)
        self.util = goal_table(first.on(self.backend))
        self._scale(first.n)
        self.meta[SEAT_] = first.to_move
        self.wbids = self.bidtab = self.backend.buffer(1)

    def start_bid(
        self,
        worlds: Sequence[Position] | WorldRows,
        weights: Sequence[float],
        seed: int,
        *,
        seat: int,
        candidates: Sequence[int],
        bids: Sequence[Sequence[int]],
        scores: Sequence[Sequence[int]],
        sparr_dealer: int = -1,
    ) -> None:
        """A fresh tree whose root is ``seat``'s bid among ``candidates``, over
        ``worlds`` (each from the first lead) with each world's ``bids`` of the
        other seats (the ones still to come guessed; a ``sparr_dealer``'s guess
        moves off the bid the spärr forbids) and ``scores[bid][tricks]``, the
        deal score of each bid (:class:`~stickspel.search.redeal.WorldRows` hold
        their bids and weights: ``bids`` and ``weights`` are then not read)."""
        n = self._load(worlds, weights, seed).n
        size = len(scores) - 1
        if not candidates or any(not 0 <= b <= size for b in candidates):
            raise SearchError("search.candidate_bids", bids=list(candidates), size=size)
        if isinstance(worlds, WorldRows):
            self.wbids = self.backend.own(worlds.wbids)
        else:
            self.wbids = self.backend.buffer(len(worlds) * K.MAX_SEATS)
            flat_bids = [0] * (len(worlds) * K.MAX_SEATS)
            for k, row in enumerate(bids):
                flat_bids[k * K.MAX_SEATS : k * K.MAX_SEATS + n] = row
            self.wbids[:] = flat_bids
        table = [0] * (len(scores) * K.UT)
        for b, row in enumerate(scores):
            table[b * K.UT : b * K.UT + len(row)] = row
            table[b * K.UT + len(row) : (b + 1) * K.UT] = [row[-1]] * (K.UT - len(row))
        self.bidtab = self.backend.buffer(len(table))
        self.bidtab[:] = table
        self.util = self.backend.buffer(K.MAX_SEATS * K.UT)
        top = max(abs(v) for v in table)
        self.meta[2] = 1000 * max(1, top)
        mask = 0
        for b in candidates:
            mask |= 1 << b
        self.meta[BIDDING_ : SIZE_ + 1] = [1, seat, mask, sparr_dealer, size]

    def _load(
        self, worlds: Sequence[Position] | WorldRows, weights: Sequence[float], seed: int
    ) -> Position:
        """The worlds in, the tree emptied; the first world (what they share)."""
        if isinstance(worlds, WorldRows):
            if not worlds.count:
                raise SearchError("search.worlds")
            self.worlds = self.backend.own(worlds.rows)
            weights = [float(w) for w in worlds.weights[: worlds.count]]
            first = worlds.base
        else:
            if not worlds or len(worlds) != len(weights):
                raise SearchError("search.worlds")
            self.worlds = self.backend.buffer(len(worlds) * K.STATE_SIZE)
            for k, pos in enumerate(worlds):
                self.worlds[k * K.STATE_SIZE : (k + 1) * K.STATE_SIZE] = pos.on(self.backend).s
            first = worlds[0]
        self.order = self.backend.buffer(self.order_size)
        self.order[:] = _draw_order(weights, self.order_size)
        self.meta[:] = [1, self.capacity, 1000] + [0] * (META_SIZE - 3)
        self.meta[EVEN_ROOT_] = int(self.even_root)
        self.tree[:NODE_W] = [-1, -1, -1, 0, 0, -1, 0]  # the root
        self.rng[0] = seed & 0x7FFFFFFF
        return first

    def _scale(self, n: int) -> None:
        top = max(abs(int(self.util[i * K.UT + t])) for i in range(n) for t in range(K.UT))
        self.meta[2] = 1000 * max(1, top)

    def run(self, sims: int) -> int:
        """``sims`` more simulations; the nodes the tree holds."""
        return int(
            self.backend.ismcts.simulate(
                self.worlds, self.order, self.util, self.tree, self.meta, sims, self.c,
                round(1000 * self.noise), self.rng, self.s, self.path, self.wbids,
                self.bidtab, _log_table(self.backend.name),
            )
        )  # fmt: skip

    def search(
        self, worlds: Sequence[Position], weights: Sequence[float], sims: int, seed: int
    ) -> int:
        """A fresh tree, then ``sims`` simulations; returns the root's visits in all."""
        self.start(worlds, weights, seed)
        self.run(sims)
        return sum(self.root_visits().values())

    def root_visits(self) -> dict[int, int]:
        """The root's cards (or bids) and the simulations through each."""
        return {a: v for a, v, _ in self._root_children()}

    def root_values(self) -> dict[int, float]:
        """The root's cards and the seat's mean deal score through each."""
        return {a: (total / v if v else 0.0) for a, v, total in self._root_children()}

    def _root_children(self) -> list[tuple[int, int, int]]:
        off = BID_ACTION if self.meta[BIDDING_] else 0  # a bid's action is its count
        out = []
        ch = int(self.tree[FIRST_])
        while ch >= 0:
            at = ch * NODE_W
            out.append(
                (int(self.tree[at + ACTION_]) - off, int(self.tree[at + VISITS_]),
                 int(self.tree[at + VALUE_]))
            )  # fmt: skip
            ch = int(self.tree[at + NEXT_])
        return out


#: Availability counts whose logarithm UCB1 reads from a table (:func:`_log_table`).
LOG_TABLE = 1 << 16


@functools.cache
def _log_table(backend: str = K.BACKEND) -> Any:
    """``log(i)`` for ``i`` below :data:`LOG_TABLE` (0 for 0), a buffer of the
    ``backend`` named: UCB1 takes the log of a card's availability for every card
    legal at every node it walks, and a lookup costs a fraction of computing it."""
    table = [0.0] + [math.log(i) for i in range(1, LOG_TABLE)]
    if backend == "numba":
        import numpy as np

        return np.array(table, dtype=np.float64)
    return table


#: Entries of the draw order of the worlds.
_ORDER_SIZE = 1024


def _draw_order(weights: Sequence[float], size: int = _ORDER_SIZE) -> list[int]:
    """``size`` world indices, each about as often as its share of the weights
    (systematic resampling: every world of weight at least 1/``size`` of the
    whole is in)."""
    total = float(sum(weights))
    if total <= 0:
        raise SearchError("search.weights")
    out: list[int] = []
    step = total / size
    at = step / 2
    acc = 0.0
    for k, w in enumerate(weights):
        acc += w
        while at < acc and len(out) < size:
            out.append(k)
            at += step
    while len(out) < size:  # rounding at the end
        out.append(len(weights) - 1)
    return out

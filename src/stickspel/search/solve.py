"""Double-dummy values of a position, exact play of every hand known, and fast playouts.

Which solver answers is the position's game's (its
:class:`~stickspel.search.position.PlayModel`, read once a position):

- **max^n** where each seat plays for a score of its own tricks (Plump: its
  deal score under the rules' scoring and the bids made, an exact bid being what
  scores; while bids are still to be made, its own tricks).  A seat indifferent
  between cards takes the one leaving the other seats the least in sum, then the
  lowest card.
- **alpha-beta** on the tricks of one team against the rest, the teams and the
  value the model's (:meth:`~stickspel.search.position.PlayModel.teams`): in
  Priffe one side against the other, for the mover's side the tricks it takes
  (in noll and tvångsnoll the tricks it *gives away*); in Tremanswhist paranoid,
  the mover against the other two together, the value its deal points from the
  tricks.  A bare position: the mover's own tricks against everyone else.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import numpy as np

import stickspel.search.kernels as K
from stickspel.core import GameState
from stickspel.search.backend import Backend, current, pinned
from stickspel.search.position import Position, SearchError, side_mask

__all__ = [
    "Solver",
    "card_values",
    "dd_trick_counts",
    "playout_tricks",
    "goal_table",
    "default_solver",
]

#: How max^n values a position past its horizon or budget: ``aware`` plays it out
#: with each seat playing for its goal (taking tricks while one still scores for
#: it, ducking once none does); ``cheap``, every seat taking what it can.
LEAF_POLICIES = ("cheap", "aware")
#: A root child's entry: (card, class mask, value or values).
_C = TypeVar("_C")


class Solver:
    """The buffers of the searches (transposition tables, move lists), made once and
    reused: a new world only bumps a generation number.  Not thread-safe: give
    each thread its own.  After a call, :attr:`nodes` is the nodes visited and
    :attr:`exact` says whether the node budget was kept (else the cut-off
    subtrees were valued by the cheap playout policy).  ``backend``: the search's
    path (default: :func:`~stickspel.search.backend.current`'s), whose buffers it
    holds; a position from the other path is searched as a copy on this one.

    ``share_tables``: keep the table's entries from one exact solve to the next
    while the objective is the same (the same seat's values in the worlds of one
    decision: game, trump, sides, bids).  The keys hold who has each card left by
    rank, not the cards, so an endgame met in one world answers in the next.
    (Max^n with more than four seats keys by the cards and never shares.)"""

    def __init__(
        self,
        tt_bits: int | None = None,
        *,
        share_tables: bool = False,
        leaf: str = "aware",
        leaf_runs: int = 1,
        leaf_noise: float = 0.0,
        backend: Backend | None = None,
    ) -> None:
        if leaf not in LEAF_POLICIES:
            raise SearchError("search.leaf", value=repr(leaf), policies=", ".join(LEAF_POLICIES))
        if leaf_runs < 1 or not 0.0 <= leaf_noise <= 1.0:
            raise SearchError("search.leaf_runs", runs=leaf_runs, noise=leaf_noise)
        self.leaf = leaf
        self.leaf_runs = leaf_runs
        self.leaf_noise = leaf_noise
        self.backend = backend = backend or current()
        self.kernels = backend.kernels
        bits = tt_bits if tt_bits is not None else (20 if backend.name == "numba" else 15)
        self.tt_mask = (1 << bits) - 1
        # max^n's entries are 14 words, alpha-beta's 5: a quarter as many of them
        self.mx_mask = (1 << max(bits - 2, 4)) - 1
        self._ab_tt: Any = None
        self._mx_tt: Any = None
        self.mv: Any = backend.buffer(K.MOVES_SIZE)
        self.vals: Any = backend.buffer((K.MAX_PLY + 3) * K.MAX_SEATS)
        self.stats: Any = backend.buffer(K.STATS_SIZE)
        self.rng: Any = backend.buffer(1)
        self.util: Any = backend.buffer(K.MAX_SEATS * K.UT)
        self.clamp: Any = backend.buffer(K.MAX_SEATS)
        self.gen = 0
        self.share_tables = share_tables
        self._objective: tuple[Any, ...] | None = None
        self.nodes = 0
        self.exact = True
        self._util_key: tuple[Any, ...] | None = None
        self._util_rows: list[tuple[int, ...]] = []
        self._util_flat: list[int] = []
        self._clamps: list[int] = []

    @property
    def ab_tt(self) -> Any:
        if self._ab_tt is None:
            self._ab_tt = self.backend.buffer(5 * (self.tt_mask + 1))
        return self._ab_tt

    @property
    def mx_tt(self) -> Any:
        if self._mx_tt is None:
            self._mx_tt = self.backend.buffer((4 + K.MAX_SEATS) * (self.mx_mask + 1))
        return self._mx_tt

    def _start(self, max_nodes: int | None, objective: tuple[Any, ...] | None = None) -> None:
        """Ready for a search; the table starts afresh unless entries are shared and
        ``objective`` (what the values mean) is the last one's."""
        same = self.share_tables and objective is not None and objective == self._objective
        if not same or max_nodes is not None:
            self.gen += 1
        self._objective = objective if max_nodes is None else None
        self.stats[K.NODES_] = 0
        self.stats[K.BUDGET_] = max_nodes or 0
        self.stats[K.CUT_] = 0
        self.stats[K.HORIZON_] = 0
        self.stats[K.LEAF_] = LEAF_POLICIES.index(self.leaf)
        self.stats[K.LEAF_RUNS_] = self.scale
        self.stats[K.LEAF_NOISE_] = round(1000 * self.leaf_noise)
        self.rng[0] = 12345

    @property
    def scale(self) -> int:
        """What max^n's score tables are multiplied by: a leaf sums its play-outs."""
        return self.leaf_runs if self.leaf == "aware" else 1

    def _finish(self) -> None:
        self.nodes = int(self.stats[K.NODES_])
        self.exact = not self.stats[K.CUT_]

    # --- the moves at the root -----------------------------------------------------------
    def _root_classes(self, pos: Position, order: int, team: int) -> list[tuple[int, int]]:
        """The root's (lowest card, class mask) pairs, in search order."""
        k = int(self.kernels.gen_moves(pos.s, self.mv, 0, team, order))
        w = K.MOVE_W
        return [(int(self.mv[i]), int(self.mv[w + i])) for i in range(k)]

    # --- max^n ---------------------------------------------------------------------------
    def _set_utilities(self, pos: Position) -> tuple[tuple[int, ...], ...]:
        """Fill max^n's score tables from the bids and rules; returns them (what the
        values mean: the tables, their scale and the leaves' noise)."""
        key = (pos.rules, pos.bids, pos.n, self.scale, self.leaf_noise)
        if key != self._util_key:  # the worlds of one decision share their tables
            self._util_rows, self._util_flat, self._clamps = _utility_tables(pos, self.scale)
            self._util_key = key
        self.util[: len(self._util_flat)] = self._util_flat  # at once: numpy's element
        self.clamp[: pos.n] = self._clamps  # writes from Python are slow
        noise = round(1000 * self.leaf_noise)
        return tuple((self.scale, noise, *row) for row in self._util_rows)

    def maxn_children(self, pos: Position) -> list[tuple[int, int, list[int]]]:
        """Each root class: (lowest card, class mask, every seat's score under max^n)."""
        out = []
        child = K.MAX_SEATS
        for card, cls in self._root_classes(pos, 0, 0):
            self.kernels.play(pos.s, card)
            self.kernels.maxn(
                pos.s, 1, self.util, self.clamp, self.vals, self.mv, self.mx_tt,
                self.mx_mask, self.gen, self.stats, self.rng,
            )  # fmt: skip
            self.kernels.unplay(pos.s)
            out.append((card, cls, [int(self.vals[child + i]) for i in range(pos.n)]))
        return out

    # --- alpha-beta ------------------------------------------------------------------------
    def ab_value(self, pos: Position, max_team: int, count_team: int, guess: int = -1) -> int:
        """The exact tricks from here on of ``count_team`` (``max_team`` maximising),
        by null-window tests starting from ``guess`` (default: the cheap policy's)."""
        if pos.is_over():
            return 0
        if guess < 0:
            guess = int(self.kernels._playout_count(pos.s, count_team, self.rng))
        return int(
            self.kernels.mtdf(
                pos.s, guess, max_team, count_team, self.mv, self.ab_tt, self.tt_mask,
                self.gen, self.stats, self.rng,
            )
        )  # fmt: skip

    def ab_children(
        self, pos: Position, max_team: int, count_team: int
    ) -> list[tuple[int, int, int]]:
        """Each root class: (lowest card, class mask, exact tricks from here on of
        ``count_team``, the trick completed by the card included)."""
        p = pos.to_move
        maximise = (max_team >> p) & 1
        side = max_team if maximise else ~max_team
        to_win = ((count_team >> p) & 1) == maximise
        out = []
        guess = -1
        for card, cls in self._root_classes(pos, 1 if to_win else 2, side):
            self.kernels.play(pos.s, card)
            won = (count_team >> pos.to_move) & 1 if pos.s[K.TLEN_] == 0 else 0
            rest = self.ab_value(pos, max_team, count_team, guess)
            guess = rest
            self.kernels.unplay(pos.s)
            out.append((card, cls, won + rest))
        return out

    # --- paranoid Plump --------------------------------------------------------------------
    def paranoid_children(self, pos: Position) -> list[tuple[int, int, int]]:
        """Each root class: (lowest card, class mask, the deal score the mover can be
        sure of after that card, all the other seats playing against it).  Each
        value is found by a binary search over the scores the tricks left can
        still give, each step one boolean search (:func:`kernels.target_search`);
        the table carries from step to step and card to card (its keys hold the
        counts wanted)."""
        p = pos.to_move
        rows, _, _ = _utility_tables(pos, 1)
        row = rows[p]
        out = []
        for card, cls in self._root_classes(pos, 0, 0):
            self.kernels.play(pos.s, card)
            out.append((card, cls, self._sure_score(pos, p, row)))
            self.kernels.unplay(pos.s)
        return out

    def _sure_score(self, pos: Position, seat: int, row: tuple[int, ...]) -> int:
        """The highest score of ``row`` (by the seat's tricks in the deal) that
        ``seat`` can make sure of from here."""
        taken = pos.tricks[seat]
        left = pos.tricks_left
        scores = sorted({row[taken + x] for x in range(left + 1)})
        lo, hi = 0, len(scores) - 1  # scores[lo] is always sure: the lowest reachable
        while lo < hi:
            mid = (lo + hi + 1) // 2
            want = sum(1 << x for x in range(left + 1) if row[taken + x] >= scores[mid])
            ok = self.kernels.target_search(
                pos.s, seat, want, 1, self.mv, self.ab_tt, self.tt_mask, self.gen, self.stats
            )
            if ok:
                lo = mid
            else:
                hi = mid - 1
        return scores[lo]


def _utility_tables(
    pos: Position, scale: int
) -> tuple[list[tuple[int, ...]], list[int], list[int]]:
    """Max^n's score table of each seat (its deal score for 0 … UT-1 tricks, the
    game's :meth:`~stickspel.search.position.PlayModel.goal_rows`), the tables flat
    and multiplied by ``scale``, and each seat's clamp: the tricks past which its
    score no longer changes."""
    rows = pos.model.goal_rows(pos, pos.bids)
    flat: list[int] = []
    clamps: list[int] = []
    for row in rows:
        flat.extend(u * scale for u in row)
        c = K.UT - 1
        while c > 0 and row[c - 1] == row[-1]:
            c -= 1
        clamps.append(min(c, 31))
    return rows, flat, clamps


_DEFAULT: dict[str, Solver] = {}


def default_solver(backend: Backend | None = None) -> Solver:
    """The module's shared solver of ``backend``'s path (default: the current one;
    made on first use)."""
    backend = backend or current()
    solver = _DEFAULT.get(backend.name)
    if solver is None:
        solver = _DEFAULT[backend.name] = Solver(backend=backend)
    return solver


def _position(world: GameState | Position, backend: Backend | None = None) -> Position:
    """The position of ``world`` on ``backend``'s path (default: a position's own,
    else the current one)."""
    if isinstance(world, Position):
        return world if backend is None else world.on(backend)
    with pinned(backend):
        return Position.from_state(world)


def _expand(pairs: list[tuple[int, int, float]]) -> dict[int, float]:
    """Values per class → values per card (equivalent cards share one)."""
    out: dict[int, float] = {}
    for _, cls, v in pairs:
        m = cls
        while m:
            low = m & -m
            out[low.bit_length() - 1] = v
            m ^= low
    return dict(sorted(out.items()))


def card_values(
    world: GameState | Position,
    *,
    max_nodes: int | None = None,
    solver: Solver | None = None,
    dds: bool | None = None,
    paranoid: bool = False,
) -> dict[int, float]:
    """For each legal card of the seat to move, its value for that seat under
    double-dummy play (see the module's text for each game's value).

    ``paranoid`` (max^n's games, Plump): instead of max^n, the deal score the mover can make sure
    of whatever the others do, all of them playing against it — exact where max^n
    is out of reach (a 10-card first lead).  With ``max_nodes`` a search cut by the
    budget counts as failed, so each value is then a lower bound on that score.

    ``max_nodes`` bounds the search: it deepens one trick at a time, positions at
    the horizon valued by the cheap playout policy, and the deepest search that
    ended within the budget answers (the first, one trick deep, always ends);
    ``solver.exact`` says whether that was the whole deal.  ``dds``: solve Priffe's
    trump contracts and spel with DDS (``endplay``) — ``None``: when installed."""
    sv = solver or default_solver(world.backend if isinstance(world, Position) else None)
    pos = _position(world, sv.backend)
    if pos.is_over():
        raise SearchError("search.deal_over")
    model = pos.model
    if paranoid and not model.maxn:
        raise SearchError("search.paranoid")
    p = pos.to_move
    if dds is not False and model.dds(pos):
        by_dds = _dds_values(pos, p)
        if by_dds is not None:
            sv.nodes, sv.exact = 0, True
            return by_dds
        if dds:
            raise SearchError("search.no_dds")
    pairs: list[tuple[int, int, float]]
    shape = (model.name, pos.trump, pos.n, int(pos.s[K.MUST_TRUMP_]))
    if paranoid:
        sv._start(max_nodes)
        pairs = [(c, cls, float(v)) for c, cls, v in sv.paranoid_children(pos)]
    elif model.maxn:
        rows = sv._set_utilities(pos)
        sv._start(max_nodes, (*shape, rows) if pos.n <= 4 else None)
        children = sv.maxn_children(pos) if max_nodes is None else _deepening(pos, sv, max_nodes)
        pairs = [(c, cls, v[p] / sv.scale) for c, cls, v in children]
    else:
        max_team, count_team, to_value = model.teams(pos, p)
        sv._start(max_nodes, (*shape, max_team & 0x3FF, count_team & 0x3FF))
        if max_nodes is None:
            found = sv.ab_children(pos, max_team, count_team)
        else:
            found = _deepening_ab(pos, sv, max_nodes, max_team, count_team)
        pairs = [(c, cls, to_value(v)) for c, cls, v in found]
    sv._finish()
    return _expand(pairs)


def _deepening(pos: Position, sv: Solver, max_nodes: int) -> list[tuple[int, int, list[int]]]:
    """Max^n one trick deeper at a time (:func:`_deepen`); the table is kept from
    depth to depth (its keys hold the horizon)."""
    return _deepen(pos, sv, max_nodes, lambda: sv.maxn_children(pos), fresh_tables=False)


def _deepen(
    pos: Position, sv: Solver, max_nodes: int, children: Callable[[], list[_C]], fresh_tables: bool
) -> list[_C]:
    """A search one trick deeper at a time (``children()``: the root's values at
    the horizon set), positions at the horizon valued by the leaf policy, until the
    node budget runs out: the last search that ended within it answers (the
    first, one trick deep, always ends).  ``fresh_tables``: a new table generation
    for each depth."""
    done = sum(pos.tricks)
    total = done + pos.tricks_left
    best: list[_C] = []
    complete = 0
    start = int(sv.stats[K.NODES_])  # the budget is this call's
    for horizon in range(done + 1, total + 1):
        if fresh_tables:
            sv.gen += 1
        sv.stats[K.HORIZON_] = horizon if horizon < total else 0
        sv.stats[K.BUDGET_] = start + max_nodes if best else 0
        sv.stats[K.CUT_] = 0
        found = children()
        if sv.stats[K.CUT_]:
            break
        best, complete = found, horizon
    sv.stats[K.HORIZON_] = 0
    sv.stats[K.CUT_] = int(complete < total)
    return best


def _dds_values(pos: Position, p: int) -> dict[int, float] | None:
    from stickspel.search.dds import dds_tricks

    tricks = dds_tricks(pos)
    if tricks is None or sorted(tricks) != pos.legal_cards():
        return None
    mine = side_mask(p)
    taken = sum(pos.tricks[i] for i in range(4) if (mine >> i) & 1)
    return {c: float(taken + v) for c, v in sorted(tricks.items())}


def _deepening_ab(
    pos: Position, sv: Solver, max_nodes: int, max_team: int, count_team: int
) -> list[tuple[int, int, int]]:
    """Alpha-beta one trick deeper at a time (:func:`_deepen`), each depth with a
    table of its own: entries cut at another horizon differ."""
    return _deepen(
        pos, sv, max_nodes, lambda: sv.ab_children(pos, max_team, count_team), fresh_tables=True
    )


def dd_trick_counts(
    world: GameState | Position,
    *,
    max_nodes: int | None = None,
    solver: Solver | None = None,
    dds: bool | None = None,
) -> tuple[int, ...]:
    """Tricks each seat takes from the current position to the end of the deal under
    double-dummy play.

    Plump: along max^n's line of play (while bidding, each seat playing for its own
    tricks).  Priffe: along the alpha-beta line of the side to move against the
    other (the game's :meth:`~stickspel.search.position.PlayModel.line`).
    Tremanswhist and a bare position: each seat's paranoid value, the tricks it
    can be sure of against the others (plus), or the fewest it can hold itself to
    (minus); these need not add up to the tricks left.

    ``max_nodes`` bounds each move's search of the line (the deepening of
    :func:`card_values`; Tremanswhist: each seat's search, cut where it runs out).
    ``dds``: Priffe's trump contracts and spel searched move by move by DDS
    (``endplay``), the same line (both exact, ties to the lowest card) —
    ``None``: when installed and no ``max_nodes`` is given."""
    sv = solver or default_solver(world.backend if isinstance(world, Position) else None)
    pos = _position(world, sv.backend).copy()
    before = pos.tricks
    if _dds_line(pos, dds, max_nodes):
        sv.nodes, sv.exact = 0, True
        return tuple(a - b for a, b in zip(pos.tricks, before, strict=True))
    sv._start(max_nodes)
    model = pos.model
    line = None if model.maxn else model.line(pos)
    if not model.maxn and line is None:
        counts = _paranoid_counts(pos, sv)
        sv._finish()
        return counts
    if model.maxn:
        sv._set_utilities(pos)
    cut = False
    while not pos.is_over():
        sv.kernels.play(pos.s, _best_card(pos, sv, max_nodes, line))
        cut = cut or bool(sv.stats[K.CUT_])
    sv._finish()
    sv.exact = not cut
    return tuple(a - b for a, b in zip(pos.tricks, before, strict=True))


def _dds_line(pos: Position, dds: bool | None, max_nodes: int | None) -> bool:
    """Play ``pos`` to the end of the deal along DDS's line (each move the card that
    takes the mover's side most tricks, ties to the lowest card, as
    :func:`_best_card` picks); ``False`` (``pos`` untouched) where DDS does not
    answer: not asked, not installed, a deal it does not solve (noll or tvångsnoll,
    another game: :meth:`~stickspel.search.position.PlayModel.dds`)."""
    if dds is False or (dds is None and max_nodes is not None):
        return False
    if not pos.model.dds(pos):
        if dds:
            raise SearchError("search.no_dds")
        return False
    from stickspel.search.dds import dds_tricks

    while not pos.is_over():
        tricks = dds_tricks(pos)
        if tricks is None:
            if dds:
                raise SearchError("search.no_dds")
            return False  # only before the first move: DDS answers all or none
        most = max(tricks.values())
        pos.backend.kernels.play(pos.s, min(c for c, v in tricks.items() if v == most))
    return True


def _best_card(
    pos: Position, sv: Solver, max_nodes: int | None, line: tuple[int, int] | None
) -> int:
    """The card of the line of play: each move searched anew (deepening within
    ``max_nodes`` where given), the table kept from move to move; ``line``: the
    teams of the trick-count search (``None``: max^n)."""
    p = pos.to_move
    if line is None:
        best: tuple[int, int, int] | None = None
        found = sv.maxn_children(pos) if max_nodes is None else _deepening(pos, sv, max_nodes)
        for card, _, v in found:
            key = (-v[p], sum(v) - v[p], card)
            if best is None or key < best:
                best = key
        assert best is not None
        return best[2]
    max_team, count_team = line  # one objective for the whole line
    if max_nodes is None:
        children = sv.ab_children(pos, max_team, count_team)
    else:
        children = _deepening_ab(pos, sv, max_nodes, max_team, count_team)
    pick = max if (max_team >> p) & 1 else min
    return pick(children, key=lambda x: (x[2], -x[0]) if pick is max else (x[2], x[0]))[0]


def _paranoid_counts(pos: Position, sv: Solver) -> tuple[int, ...]:
    everyone = (1 << pos.n) - 1
    out = []
    for seat in range(pos.n):
        sv.gen += 1  # a new objective: the table's entries no longer hold
        me = 1 << seat
        if pos.model.sheds(pos):
            # this seat plays to leave the others the most, they to leave it the most
            others = sv.ab_value(pos, me, everyone ^ me)
            out.append(pos.tricks_left - others)
        else:
            out.append(sv.ab_value(pos, me, me))
    return tuple(out)


def playout_tricks(
    world: GameState | Position,
    n: int,
    seed: int,
    *,
    policy: str = "cheap",
    bids: Sequence[int] | None = None,
    noise: float = 0.0,
) -> np.ndarray:
    """``n`` playouts from the position: an ``(n, seats)`` int64 array, each row the
    tricks per seat taken from here to the end of the deal (read columns, or
    ``tolist()``; no tuple is built per play-out).  ``policy``: ``cheap`` (lead a random card; follow by
    taking the trick as cheaply as possible unless the partner holds it, else
    throw the lowest card), ``random`` (uniformly random legal cards) or
    ``aware``: each seat plays for its goal — in Plump its bid (``bids``, by
    default the position's; none yet: every seat takes what it can), in Priffe
    its side's tricks (noll and tvångsnoll: giving them away), in Tremanswhist
    its own (minus: giving them away).  A seat that still gains from a trick
    leads and takes tricks with its cheapest sure winner, one that does not
    ducks with its dearest loser (:func:`~stickspel.search.kernels.aware_card`);
    ``careful``: the same, reading which cards are still out
    (:func:`~stickspel.search.kernels.careful_card`); ``noise``: the chance of a
    random legal card instead, at every card (``aware`` and ``careful``).

    Two seats, no trump: ♠A J against ♠K Q, the first to take one trick, the
    second none.  The first leads its ace; the second throws the king under it
    (its dearest losing card); the jack that follows is then the second's to
    take with its queen:

    >>> from stickspel.search import Position
    >>> spade = {"A": 1 << 12, "K": 1 << 11, "Q": 1 << 10, "J": 1 << 9}
    >>> from stickspel.games.plump import PlumpRules
    >>> pos = Position.from_hands([spade["A"] | spade["J"], spade["K"] | spade["Q"]], None, 0)
    >>> pos.game, pos.rules = "plump", PlumpRules()  # the bids' scores are Plump's
    >>> playout_tricks(pos, 1, 1, policy="aware", bids=[1, 0]).tolist()
    [[1, 1]]
    """
    pos = _position(world)
    backend = pos.backend
    seats = pos.n
    out = backend.buffer(max(1, n) * seats)
    rng = backend.buffer(1)
    rng[0] = seed & 0x7FFFFFFF
    code = {"random": 0, "cheap": 1, "aware": 3, "careful": 4}.get(policy)
    if code is None:
        raise SearchError("search.playout", value=repr(policy))
    # the score tables are read by the goal-aware policies alone (the others get a stub)
    aware = code >= 3
    util = goal_table(pos, bids) if aware else backend.buffer(1)
    backend.kernels.playouts(pos.s, rng, code, n, out, util, round(1000 * noise) if aware else 0)
    # the buffers are numpy arrays under numba (lists in plain Python): sliced as they are
    before = np.asarray(pos.s[K.TRICKS_ : K.TRICKS_ + seats], dtype=np.int64)
    runs = np.asarray(out, dtype=np.int64)[: n * seats].reshape(n, seats)
    result: np.ndarray = runs - before
    return result


def goal_table(pos: Position, bids: Sequence[int] | None = None) -> Any:
    """The score tables the goal-aware policy plays for, a row a seat by the tricks
    it ends with (the game's :meth:`~stickspel.search.position.PlayModel.goal_rows`):
    Plump's deal scores under ``bids`` (or the position's; no bids: the tricks),
    the tricks in Priffe's trump contracts and spel and in Tremanswhist's plus
    deals, fewer being better in noll, tvångsnoll and minus."""
    chosen = tuple(bids) if bids is not None else pos.bids
    if chosen is not None and len(chosen) != pos.n:
        raise SearchError("search.bid_count", bids=len(chosen), n=pos.n)
    goals = pos.model.goal_rows(pos, chosen)
    reach = sum(pos.tricks) + pos.tricks_left  # no seat counts past the deal's tricks
    clamped = [min(t, reach) for t in range(K.UT)]
    rows = [0] * (K.MAX_SEATS * K.UT)
    for i, goal in enumerate(goals):
        rows[i * K.UT : (i + 1) * K.UT] = [goal[at] for at in clamped]
    util = pos.backend.buffer(K.MAX_SEATS * K.UT)
    util[:] = rows  # at once: numpy's element writes from Python are slow
    return util

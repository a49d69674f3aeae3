"""Perfect-information Monte Carlo (PIMC), the levels' search where IS-MCTS is not
theirs: the cards the seat has not seen are dealt at random (``turn.sample_world``)
until the budget is spent, each world weighted by what the others' calls say
(the game's adapter's ``world_weight``); in each world every candidate is judged with
all hands open, and the candidates' weighted means are what the level chooses
between.  A card is judged by the budgeted double-dummy search (``dd``) or by
goal-aware play-outs (``rollout``), exactly in endings of
:data:`EXACT_CARDS_PER_HAND` cards a hand; a call by the game's search adapter
(``call_values``).
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from stickspel.bots.config import Budget, ExpertConfig, card_evaluator
from stickspel.bots.objectives import Objective
from stickspel.core.turn import Turn

if TYPE_CHECKING:
    from stickspel.bots.search_adapter import SearchAdapter

__all__ = ["pimc_values", "draw_worlds", "card_values", "playout_value", "MAX_WORLDS"]

#: Endings of at most this many cards a hand are solved exactly.
EXACT_CARDS_PER_HAND = 3
#: Nodes the double-dummy solver may visit per world (past them, play-outs judge).
DD_NODES = 1500
#: The chance of a random card at each card of the card evaluator's play-outs.
ROLLOUT_NOISE = 0.1
#: The search's leaf policy (``stickspel.search.LEAF_POLICIES``), the play-outs that
#: value a leaf past its budget and the chance of a random card at each of their cards.
LEAF = "aware"
LEAF_RUNS = 1
LEAF_NOISE = 0.0
#: Worlds drawn at most per decision when only the clock bounds it.
MAX_WORLDS = 2000

#: The double-dummy solver of this thread: large, so made once and reused; one a
#: thread, since the server decides for several tables at once in its worker threads.
_BUFFERS = threading.local()


def _thread_solver() -> Any:
    """This thread's solver on the search's current path (a new one when the path
    changed: the warm-up ended)."""
    from stickspel.search import Solver
    from stickspel.search.backend import current

    solver = getattr(_BUFFERS, "solver", None)
    if solver is None or solver.backend is not current():
        solver = _BUFFERS.solver = Solver(leaf=LEAF, leaf_runs=LEAF_RUNS, leaf_noise=LEAF_NOISE)
    return solver


def pimc_values(
    config: ExpertConfig,
    budget: Budget,
    adapter: SearchAdapter,
    turn: Turn,
    legal: list[int],
    rng: random.Random,
    in_play: bool,
) -> dict[int, float]:
    """Each legal action's weighted mean value to the seat over the worlds drawn."""
    evaluator = card_evaluator(config.cards, adapter)
    totals = dict.fromkeys(legal, 0.0)
    weights = 0.0
    for world, weight in draw_worlds(turn, rng, config, budget, adapter):
        if weight <= 0:
            continue
        if in_play:
            values = card_values(config, evaluator, adapter, world, turn.seat, legal, rng)
        else:
            values = adapter.call_values(config, world, turn.seat, legal, rng)
        for a, v in values.items():
            totals[a] += weight * v
        weights += weight
    return {a: t / weights for a, t in totals.items()} if weights else totals


def draw_worlds(
    turn: Turn, rng: random.Random, config: ExpertConfig, budget: Budget, adapter: SearchAdapter
) -> Iterator[tuple[Any, float]]:
    """Sampled worlds and their weights (the game's ``adapter``'s ``world_weight``)
    until the ``budget`` is spent (one at least): it stops when one more world, at
    the pace so far, would overrun its ``think_ms``, and after ``config.samples``
    worlds when that is given."""
    start = time.perf_counter()
    deadline = None
    if budget.think_ms is not None:
        deadline = start + budget.think_ms / 1000
    cap = config.samples if config.samples is not None else MAX_WORLDS
    for k in range(cap):
        now = time.perf_counter()
        if k and deadline is not None and now + (now - start) / k > deadline:
            return
        world = turn.sample_world(rng)
        weight = adapter.world_weight(world, turn.seat) if config.infer else 1.0
        yield world, weight


def playout_value(
    config: ExpertConfig, pos: Any, objective: Objective, seat: int, rng: random.Random
) -> float:
    """The seat's mean value over goal-aware play-outs of ``pos`` to the deal's end."""
    from stickspel.search import playout_tricks

    runs = playout_tricks(
        pos, config.rollouts, rng.randrange(1 << 30), policy="aware", noise=ROLLOUT_NOISE
    )
    total = 0.0
    for tricks in (runs + pos.tricks).tolist():  # each play-out's tricks of the whole deal
        total += objective.values(tricks)[seat]
    return total / len(runs)


def card_values(
    config: ExpertConfig,
    evaluator: str,
    adapter: SearchAdapter,
    world: Any,
    seat: int,
    legal: list[int],
    rng: random.Random,
) -> dict[int, float]:
    """Each legal card's value to ``seat`` in ``world`` (every hand open), judged by
    ``evaluator`` (``dd`` or ``rollout``; a play-out's tricks valued by the game's
    ``adapter``'s objective)."""
    from stickspel.search import Position
    from stickspel.search import card_values as solved_values

    if evaluator == "dd":
        return solved_values(world, max_nodes=DD_NODES, solver=_thread_solver())
    pos = Position.from_state(world)
    objective = adapter.objective(world)
    if sum(h.bit_count() for h in pos.hands) <= EXACT_CARDS_PER_HAND * pos.n:
        exact = solved_values(pos, solver=_thread_solver(), dds=False)
        return {c: objective.of_search(pos, seat, v) for c, v in exact.items()}
    out: dict[int, float] = {}
    for card in legal:
        pos.play(card)
        out[card] = playout_value(config, pos, objective, seat, rng)
        pos.unplay()
    return out

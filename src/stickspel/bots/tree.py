"""The levels' IS-MCTS tree (:mod:`stickspel.search.ismcts`): one a thread, its
worlds drawn in batches for a share of the budget, its simulations run until the
budget is spent, and the choice read from its root.

>>> class Root:
...     def root_visits(self): return {3: 40, 7: 40, 9: 10}
...     def root_values(self): return {3: 0.5, 7: 0.45, 9: 0.9}
>>> most_simulated_bid(Root()), best_cards(Root())
(3, [3, 7])
"""

from __future__ import annotations

import threading
import time
from typing import Any

__all__ = ["thread_tree", "drawn_worlds", "run_tree", "most_simulated_bid", "best_cards"]

#: The draws of worlds a simulation picks among (weighted resampling).
ISMCTS_ORDER = 1024
#: Simulations a world when no clock bounds the search.
ISMCTS_SIMS_PER_WORLD = 200
#: The first batch of simulations between looks at the clock, and the fewest run
#: whatever the clock says.
ISMCTS_CHUNK = 256
ISMCTS_MIN_SIMS = 64
#: The first batch of worlds drawn in compiled code (each next one twice as big).
ISMCTS_BATCH = 64
#: Milliseconds of the budget the search leaves for what comes before and after it
#: in a decision (about 0.25 ms measured at 50 ms a move).
ISMCTS_SLACK_MS = 0.5
#: Cards this close in the tree's mean (points) count as equal: the play-outs'
#: noise parts cards of one worth by more than PIMC's tie.
ISMCTS_TIE = 0.1

#: The tree of this thread: large, so made once and reused; one a thread, since the
#: server decides for several tables at once in its worker threads.
_BUFFERS = threading.local()


def thread_tree() -> Any:
    """This thread's tree on the search's current path (a new one when the path
    changed: the warm-up ended), set to draw among :data:`ISMCTS_ORDER` draws of worlds."""
    from stickspel.search.backend import current
    from stickspel.search.ismcts import Tree

    tree = getattr(_BUFFERS, "tree", None)
    if tree is None or tree.backend is not current():
        tree = _BUFFERS.tree = Tree()
    tree.order_size = ISMCTS_ORDER
    return tree


def drawn_worlds(draw: Any, cap: int, share: float | None) -> Any:
    """Worlds of a compiled draw: batches until ``cap`` or the ``share`` of the
    budget (a time on the clock) is spent."""
    batch = ISMCTS_BATCH
    while draw.draw(batch) < cap:
        if share is not None and time.perf_counter() > share:
            break
        batch *= 2
    return draw.worlds


def run_tree(
    tree: Any, worlds: int, start: float, think_ms: float | None, sims: int | None
) -> None:
    """Simulations of a started tree: :data:`ISMCTS_SIMS_PER_WORLD` a world without a
    clock (fixed work), else until ``think_ms`` from ``start`` is spent (``sims`` at
    most)."""
    if think_ms is None:
        tree.run(ISMCTS_SIMS_PER_WORLD * worlds)
        return
    cap = sims if sims is not None else 1 << 62
    ran = ISMCTS_MIN_SIMS
    # the move must be chosen and handed back within the budget too
    deadline = start + (think_ms - ISMCTS_SLACK_MS) / 1000
    chunk = ISMCTS_CHUNK
    tree.run(ISMCTS_MIN_SIMS)  # however late the worlds were: a few for every choice
    while ran < cap:
        t0 = time.perf_counter()
        if t0 >= deadline:
            break
        chunk = min(chunk, cap - ran)
        tree.run(chunk)
        ran += chunk
        spent = time.perf_counter() - t0
        # the next chunk sized to half the time left at the pace just measured: the
        # pace falls as the tree deepens, and a chunk sized to the whole of it
        # overran the budget by 3-4%
        rate = chunk / max(spent, 1e-6)
        chunk = max(16, min(4 * chunk, int(rate * (deadline - time.perf_counter()) / 2)))
        if time.perf_counter() + 16 / rate > deadline:
            break


def most_simulated_bid(tree: Any) -> int:
    """The bid of the tree: the most simulated (the lower between equals)."""
    visits: dict[int, int] = tree.root_visits()
    return max(visits, key=lambda b: (visits[b], -b))


def best_cards(tree: Any) -> list[int]:
    """The most simulated card, and the cards as well simulated (half its visits
    at least) that score as much within :data:`ISMCTS_TIE`: cards of one worth,
    which the search splits its visits between."""
    visits, values = tree.root_visits(), tree.root_values()
    most = max(visits, key=lambda a: (visits[a], values[a]))
    return [
        a
        for a in visits
        if a == most or (2 * visits[a] >= visits[most] and values[a] >= values[most] - ISMCTS_TIE)
    ]

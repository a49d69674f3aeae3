"""The fast path of search: deal positions as bitmasks with make/unmake, the
double-dummy solvers and fast playouts, compiled with numba where it is installed.

>>> import random
>>> from stickspel import load_game
>>> state = load_game("plump(players=3,max_cards=3,deal_order=single)").new_initial_state()
>>> _ = state.apply_chance(random.Random(7))
>>> for bid in ("1", "1", "0"):
...     state.apply_text(bid) and None
>>> pos = Position.from_state(state)
>>> pos.legal_cards() == state.legal_actions()
True
>>> values = card_values(state)
>>> sorted(values) == state.legal_actions()
True
>>> sum(dd_trick_counts(state)), len(playout_tricks(state, 5, seed=1))
(3, 5)

``BACKEND`` is ``"numba"`` or ``"python"`` (numba missing, or ``STICKSPEL_NO_NUMBA=1``):
what is installed.  Which path a search takes, compiled or plain, and when:
:mod:`stickspel.search.backend`.
"""

from stickspel.search import ismcts, kernels, redeal
from stickspel.search.backend import register
from stickspel.search.kernels import BACKEND
from stickspel.search.position import Position, SearchError
from stickspel.search.solve import (
    Solver,
    card_values,
    dd_trick_counts,
    default_solver,
    playout_tricks,
)

register(kernels, redeal, ismcts)  # the search's two paths: stickspel.search.backend

__all__ = [
    "BACKEND",
    "Position",
    "SearchError",
    "Solver",
    "card_values",
    "dd_trick_counts",
    "default_solver",
    "playout_tricks",
]

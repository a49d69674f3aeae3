"""Compile the search's kernels before a person waits for them.

numba compiles each kernel on its first call and keeps the machine code on disk
(``cache=True``: in the package's ``__pycache__``, or, where that folder is not
writable, as in a read-only site-packages, in the user's cache folder,
``~/.cache/numba`` or ``NUMBA_CACHE_DIR``).  The first run after an install
compiles (half a minute and more), later runs load (about a second).
:func:`warm` makes every decision the levels and the analysis make once, on small
seeded deals of each game, on the compiled path, so that the first expert move
or analysis after it finds the kernels ready; :func:`warm_in_background` does it
in a daemon thread (the server at start-up), and until it has finished the
searches take the plain Python path (:mod:`stickspel.search.backend`): a move
then never waits for a compile.  ``python -m stickspel.bots.warm`` does it and
prints how long it took.
"""

from __future__ import annotations

import logging
import random
import threading
import time

from stickspel.bots.expert import ExpertBot, IntermediateBot
from stickspel.bots.search_adapter import adapter_for
from stickspel.core.turn import Turn
from stickspel.games import GAMES as REGISTERED
from stickspel.games import load_game
from stickspel.search import backend
from stickspel.search.kernels import BACKEND

__all__ = ["warm", "warm_games", "warm_in_background"]

#: Decisions made in each game: enough to reach the card play of the first deal.
DECISIONS = 60

log = logging.getLogger("stickspel.bots.warm")


def warm() -> float:
    """Make an expert's and an intermediate's decisions in a small deal of each
    game on the compiled path, then let every search take it; returns the seconds
    it took (nothing to do without numba)."""
    start = time.perf_counter()
    path = backend.compiled()
    if path is None:
        return 0.0
    with backend.pinned(path):
        _decide()
    backend.set_ready(True)
    return time.perf_counter() - start


def warm_games() -> list[str]:
    """A small game of each kind, as its search adapter says (``warm_rules``), every
    phase the bots search (bids, calls, cards)."""
    out = []
    for name in sorted(REGISTERED):
        options = adapter_for(name).warm_rules
        out.append(f"{name}({options})" if options else name)
    return out


def _decide() -> None:
    """The decisions of the warm-up: each level's in a small deal of each game."""
    for k, text in enumerate(warm_games()):
        state = load_game(text).new_initial_state()
        rng = random.Random(k)
        bots = [
            ExpertBot(seed=k, samples=2, every_bid=True),
            IntermediateBot(seed=k, samples=2),
            ExpertBot(seed=k + 1, samples=2),
        ]
        for step in range(DECISIONS):
            if state.is_terminal():
                break
            if state.is_chance():
                state.apply_chance(rng)
                continue
            bot = bots[step % len(bots)]
            state.apply_action(bot.act(Turn.of(state)))


def warm_in_background(logger: logging.Logger | None = None) -> threading.Thread | None:
    """:func:`warm` in a daemon thread (``None`` without numba), its time logged to
    ``logger`` (default: this module's).  Until it has finished the searches take
    the plain path; a failure there is logged, never raised, and they keep to it."""
    if BACKEND != "numba":
        return None
    out = logger or log
    backend.set_ready(False)  # before the thread: no search starts on a cold kernel

    def run() -> None:
        try:
            seconds = warm()
        except Exception:  # noqa: BLE001 - a warm-up must not take the caller down
            out.exception("warming the search kernels failed")
        else:
            out.info("search kernels ready", extra={"seconds": round(seconds, 1)})

    thread = threading.Thread(target=run, name="stickspel-warm", daemon=True)
    thread.start()
    return thread


if __name__ == "__main__":
    print(f"search kernels ready in {warm():.1f} s ({BACKEND})")

"""The kernels' warm-up: every decision it makes runs, in a thread that logs its time;
until it has finished the bots search on the plain Python path, which compiles
nothing and answers as the compiled one does."""

from __future__ import annotations

import json
import logging
import subprocess
import sys

import pytest

from stickspel.bots.warm import warm_in_background
from stickspel.search import BACKEND, backend


def test_warm_up_runs_in_the_background_and_logs_its_time(
    caplog: pytest.LogCaptureFixture,
) -> None:
    logger = logging.getLogger("stickspel.test.warm")
    with caplog.at_level(logging.INFO, logger="stickspel.test.warm"):
        thread = warm_in_background(logger)
        if BACKEND != "numba":
            assert thread is None
            assert backend.current() is backend.plain()
            return
        assert thread is not None and thread.daemon
        thread.join(timeout=300)
    assert not thread.is_alive()
    ready = [r for r in caplog.records if r.getMessage() == "search kernels ready"]
    assert len(ready) == 1 and ready[0].seconds >= 0  # type: ignore[attr-defined]
    assert backend.is_ready() and backend.current() is backend.compiled()


def test_the_warm_up_plays_a_small_game_of_every_game() -> None:
    from stickspel.bots.warm import warm_games
    from stickspel.games import GAMES

    texts = warm_games()
    assert [t.partition("(")[0] for t in texts] == sorted(GAMES)
    assert "plump(players=4,max_cards=3)" in texts  # a short deal: the cards soon


#: A fresh process: a deal of Plump played by experts with the kernels cold (as
#: while the server's warm-up compiles), then again after warm(). The bots' work is
#: fixed and their evaluators named, so that both paths run the same search.
FRESH = """
import json, random
from stickspel import load_game
from stickspel.bots.expert import ExpertBot
from stickspel.bots import tree as thread_tree
from stickspel.bots.warm import warm
from stickspel.core.turn import Turn
from stickspel.search import backend, ismcts, kernels, redeal

def compiled():
    return sum(len(getattr(f, "signatures", ())) for m in (kernels, redeal, ismcts)
               for f in vars(m).values())

def deal():
    state = load_game("plump(players=4,max_cards=3)").new_initial_state()
    state.apply_chance(random.Random(5))
    bots = [ExpertBot(seed=s, samples=3, cards="ismcts", bids="ismcts",
                      compiled_worlds=False) for s in range(4)]
    actions = []
    while not state.is_terminal() and len(actions) < 16:
        if state.is_chance():
            state.apply_chance(random.Random(len(actions)))
            continue
        actions.append(bots[state.current_player()].act(Turn.of(state)))
        state.apply_action(actions[-1])
    return actions, thread_tree._BUFFERS.tree.backend.name

backend.set_ready(False)
cold, cold_path = deal()
compiled_cold = compiled()
warm()
warm_, warm_path = deal()
print(json.dumps({"cold": cold, "cold_path": cold_path, "compiled_cold": compiled_cold,
                  "warm": warm_, "warm_path": warm_path, "compiled_warm": compiled()}))
"""


@pytest.mark.skipif(BACKEND != "numba", reason="numba is not installed: one path only")
def test_a_move_before_the_warm_up_takes_the_plain_path_and_plays_the_same() -> None:
    done = subprocess.run(
        [sys.executable, "-c", FRESH], capture_output=True, text=True, timeout=600
    )
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout.strip().splitlines()[-1])
    # cold: the trees were the plain path's, and no kernel was compiled (or loaded)
    assert out["cold_path"] == "python" and out["compiled_cold"] == 0
    # after warm(): the compiled path, every kernel compiled
    assert out["warm_path"] == "numba" and out["compiled_warm"] > 0
    assert len(out["cold"]) == 16
    assert out["cold"] == out["warm"]

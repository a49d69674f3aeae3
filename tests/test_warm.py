"""The kernels' warm-up: every decision it makes runs, in a thread that logs its time."""

from __future__ import annotations

import logging

import pytest

from stickspel.bots.warm import warm_in_background
from stickspel.search import BACKEND


def test_warm_up_runs_in_the_background_and_logs_its_time(
    caplog: pytest.LogCaptureFixture,
) -> None:
    logger = logging.getLogger("stickspel.test.warm")
    with caplog.at_level(logging.INFO, logger="stickspel.test.warm"):
        thread = warm_in_background(logger)
        if BACKEND != "numba":
            assert thread is None
            return
        assert thread is not None and thread.daemon
        thread.join(timeout=300)
    assert not thread.is_alive()
    ready = [r for r in caplog.records if r.getMessage() == "search kernels ready"]
    assert len(ready) == 1 and ready[0].seconds >= 0  # type: ignore[attr-defined]

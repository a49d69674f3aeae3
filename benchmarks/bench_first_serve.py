"""How long `make serve` takes until it prints the address, and until the bots'
search is compiled.

Run by hand (never in CI) in a checkout, a fresh clone for the first start::

    git clone --quiet . /tmp/fresh && cd /tmp/fresh
    PIP_NO_CACHE_DIR=1 python3 benchmarks/bench_first_serve.py --runs 2 [--port 8765]

Each run starts ``make serve ARGS="--port PORT"`` in the checkout (the first run
of a fresh clone sets up ``.venv`` and has no numba cache), and reports the
seconds from the start to the end of the setup (where it sets up), to the address
line on stdout, to the server's log line
``search kernels ready`` on stderr, and the slowest answer to ``GET /`` asked
every half second between the two (the server answers while the kernels
compile); then it stops the server (Ctrl-C) and the next run starts.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import threading
import time
import urllib.request
from typing import IO

#: Seconds a run may take at most before it counts as failed.
LIMIT = 900.0


def _watch(stream: IO[str], marks: dict[str, float], start: float, texts: dict[str, str]) -> None:
    """Note when each of ``texts`` first shows in ``stream`` (under its key)."""
    for line in stream:
        for key, text in texts.items():
            if text in line and key not in marks:
                marks[key] = time.perf_counter() - start


def one_run(port: int) -> dict[str, float]:
    """One ``make serve``: the seconds to the address and to the warm kernels."""
    start = time.perf_counter()
    proc = subprocess.Popen(
        ["make", "serve", f"ARGS=--port {port}"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # Ctrl-C to the whole group: make, the script, the server
    )
    assert proc.stdout is not None and proc.stderr is not None
    marks: dict[str, float] = {}
    address = f"http://127.0.0.1:{port}/"
    seen = {"setup": "stickspel: set up in", "address": address}
    threading.Thread(target=_watch, args=(proc.stdout, marks, start, seen), daemon=True).start()
    seen = {"kernels": "search kernels ready"}
    threading.Thread(target=_watch, args=(proc.stderr, marks, start, seen), daemon=True).start()
    slowest = 0.0
    try:
        while "kernels" not in marks:
            if proc.poll() is not None or time.perf_counter() - start > LIMIT:
                raise SystemExit(f"make serve stopped or took over {LIMIT:.0f} s: {marks}")
            if "address" in marks:
                asked = time.perf_counter()
                with urllib.request.urlopen(address, timeout=60) as answer:
                    answer.read()
                slowest = max(slowest, time.perf_counter() - asked)
            time.sleep(0.5)
    finally:
        os.killpg(proc.pid, signal.SIGINT)
        proc.wait(timeout=60)
    return {
        "setup_s": round(marks.get("setup", 0.0), 1),  # 0: set up already
        "address_s": round(marks["address"], 1),
        "kernels_ready_s": round(marks["kernels"], 1),
        "slowest_answer_s": round(slowest, 2),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=2)
    parser.add_argument("--port", type=int, default=8765)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    results = []
    for k in range(args.runs):
        result = one_run(args.port)
        results.append(result)
        if not args.json:
            print(f"run {k + 1}: {result}", flush=True)
    if args.json:
        print(json.dumps(results))


if __name__ == "__main__":
    main()

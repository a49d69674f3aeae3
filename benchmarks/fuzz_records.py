"""The long run of the record fuzzer of ``tests/test_fuzz_records.py`` (issue #9).

Mutates valid records of all three games and protokoll files (bytes flipped, cut
short, non-UTF-8, nested deep, huge numbers, wrong types, keys deleted and
duplicated, figures off by one …) and runs every case through ``stickspel
replay`` and ``stickspel protokoll show`` (and ``undo`` for protokoll files)
in-process, asserting the same contract as the test: no traceback, a one-line
error or acceptance, acceptance only when the replay and the totals agree, a
refused file never written.  Prints the counts per mutation and outcome.

    python benchmarks/fuzz_records.py --cases 10000 --workers 4 --seed 1
    python benchmarks/fuzz_records.py --concurrency 30     # 4 writers for 30 s
"""

from __future__ import annotations

import argparse
import collections
import json
import multiprocessing as mp
import random
import sys
import tempfile
import time
import traceback
from pathlib import Path
from typing import Any

TESTS = Path(__file__).resolve().parent.parent / "tests"
sys.path.insert(0, str(TESTS))


def run_chunk(args: tuple[int, int, int]) -> dict[str, Any]:
    """Cases ``start`` … ``start + count - 1`` of run ``seed``."""
    from test_fuzz_records import MUTATIONS, check_case, make_case, seeds

    start, count, seed = args
    counts: collections.Counter[str] = collections.Counter()
    failures: list[str] = []
    kinds = sorted(MUTATIONS)
    with tempfile.TemporaryDirectory() as d:
        for k in range(start, start + count):
            rnd = random.Random(f"{seed}:{k}")
            mutation = kinds[k % len(kinds)]
            name, kind, data = make_case(rnd.randrange(len(seeds())), mutation, rnd)
            path = Path(d) / f"case-{k}.json"
            path.write_bytes(data)
            try:
                codes = check_case(path, kind)
            except AssertionError as e:
                failures.append(f"case {k} {name}: {str(e)[:300]}")
                counts[f"{mutation}:FAILED"] += 1
                continue
            except Exception:
                failures.append(f"case {k} {name}: {traceback.format_exc()[-500:]}")
                counts[f"{mutation}:FAILED"] += 1
                continue
            finally:
                path.unlink(missing_ok=True)
            replay_ok = codes["replay"] == 0
            show_ok = codes["show"] == 0
            outcome = "accepted" if replay_ok and show_ok else "refused" if not (
                replay_ok or show_ok) else "replay-only" if replay_ok else "show-only"  # fmt: skip
            counts[f"{mutation}:{outcome}"] += 1
            counts[f"total:{outcome}"] += 1
    return {"counts": dict(counts), "failures": failures}


def fuzz(cases: int, workers: int, seed: int) -> int:
    from test_fuzz_records import seeds

    seeds()  # build once before forking
    chunk = max(1, cases // (workers * 8))
    jobs = [(s, min(chunk, cases - s), seed) for s in range(0, cases, chunk)]
    started = time.perf_counter()
    total: collections.Counter[str] = collections.Counter()
    failures: list[str] = []
    with mp.get_context("fork").Pool(workers) as pool:
        for result in pool.imap_unordered(run_chunk, jobs):
            total.update(result["counts"])
            failures += result["failures"]
    seconds = time.perf_counter() - started
    by_mutation: dict[str, dict[str, int]] = collections.defaultdict(dict)
    for key, n in sorted(total.items()):
        mutation, outcome = key.split(":")
        by_mutation[mutation][outcome] = n
    print(json.dumps({"cases": cases, "seconds": round(seconds, 1), "by_mutation": by_mutation},
                     indent=1))  # fmt: skip
    print(f"failures: {len(failures)}")
    for f in failures[:20]:
        print("  " + f)
    return 1 if failures else 0


def concurrency(seconds: float) -> int:
    from test_concurrency_protokoll import run_writers

    with tempfile.TemporaryDirectory() as d:
        counts = run_writers(Path(d) / "kväll.json", processes=4, seconds=seconds)
    print(json.dumps({"seconds": seconds, "writers": 4, **counts}))
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=10_000)
    parser.add_argument("--workers", type=int, default=max(1, (mp.cpu_count() or 2)))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--concurrency", type=float, default=0.0, help="Seconds of 4 writers.")
    a = parser.parse_args()
    if a.concurrency:
        return concurrency(a.concurrency)
    return fuzz(a.cases, a.workers, a.seed)


if __name__ == "__main__":
    sys.exit(main())

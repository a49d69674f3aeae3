"""Two windows, four processes, a process killed mid-save: one protokoll file always
parses and never loses a row that was accepted (issue #9).

Every writer does what ``stickspel protokoll add`` does: take the file's lock, read
and check the file, add a row, save atomically.  ``benchmarks/concurrency_protokoll.py``
runs the same for 30 seconds.
"""

from __future__ import annotations

import json
import multiprocessing as mp
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from stickspel.games.plump.sheet import add_plump
from stickspel.protokoll.scorekeeper import Session, validate_protokoll
from stickspel.records import load_record, write_record
from stickspel.records.io import locked

NAMES = ["Anna", "Björn", "Cissi"]


def new_protokoll(path: Path) -> None:
    Session.new("plump", NAMES, max_cards=3).save(path)


def one_step(path: Path) -> tuple[str, int]:
    """One read-modify-write under the lock: add a row, or clear a finished sheet.

    Returns what was done and the rows in the file after it.
    """
    with locked(path, timeout=60):
        session = Session.load(path)
        if session.finished:
            n = len(session.entries)
            session.undo(n)
            return ("undo", n)
        nxt = session.next_deal()
        assert nxt is not None and nxt.cards is not None
        tricks = [0] * len(NAMES)
        tricks[nxt.order[0]] = nxt.cards  # all bid 0: never the dealer's forbidden bid
        add_plump(session, bids=[0] * len(NAMES), tricks=tricks)
        return ("add", 1)


def worker(path: str, seconds: float, out: Any) -> None:
    added = undone = 0
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        what, n = one_step(Path(path))
        if what == "add":
            added += n
        else:
            undone += n
    out.put({"added": added, "undone": undone})


def run_writers(path: Path, processes: int, seconds: float) -> dict[str, int]:
    """``processes`` writers for ``seconds``; the file is read all the while."""
    new_protokoll(path)
    ctx = mp.get_context("fork")
    out = ctx.Queue()
    procs = [ctx.Process(target=worker, args=(str(path), seconds, out)) for _ in range(processes)]
    for p in procs:
        p.start()
    reads = 0
    while any(p.is_alive() for p in procs):
        load_record(path)  # a reader without the lock always sees a whole record
        reads += 1
        time.sleep(0.005)
    results = [out.get(timeout=30) for _ in procs]
    for p in procs:
        p.join(timeout=30)
        assert p.exitcode == 0
    added = sum(r["added"] for r in results)
    undone = sum(r["undone"] for r in results)
    session = validate_protokoll(load_record(path), path)
    assert len(session.entries) == added - undone, "a row accepted was lost"
    return {"added": added, "undone": undone, "rows": len(session.entries), "reads": reads}


def test_four_processes_adding_rows_lose_nothing(tmp_path: Path) -> None:
    counts = run_writers(tmp_path / "kväll.json", processes=4, seconds=4.0)
    assert counts["added"] > 10 and counts["undone"] > 0  # the sheet was filled and cleared
    assert not list(tmp_path.glob("*.tmp")), "no temporary file is left behind"


def _saver(path: str) -> None:  # pragma: no cover - killed
    while True:
        what, n = one_step(Path(path))
        rows = len(load_record(path)["deals"])
        print(f"{what} {rows}", flush=True)


def test_a_process_killed_while_saving_leaves_a_whole_file(tmp_path: Path) -> None:
    path = tmp_path / "kväll.json"
    new_protokoll(path)
    code = (
        "import sys; sys.path.insert(0, sys.argv[2]); "
        "from test_concurrency_protokoll import _saver; _saver(sys.argv[1])"
    )
    for attempt in range(3):
        proc = subprocess.Popen(
            [sys.executable, "-c", code, str(path), str(Path(__file__).parent)],
            stdout=subprocess.PIPE,
            text=True,
        )
        assert proc.stdout is not None
        acked: list[int] = []
        wanted = 3 + attempt * 2

        def read(stdout: Any = proc.stdout, acked: list[int] = acked) -> None:
            for line in stdout:
                acked.append(int(line.split()[1]))

        reader = threading.Thread(target=read, daemon=True)
        reader.start()
        deadline = time.monotonic() + 30
        while len(acked) < wanted and time.monotonic() < deadline and proc.poll() is None:
            time.sleep(0.001)
        time.sleep(0.003 * attempt)  # kill at different points of the save loop
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
        reader.join(timeout=5)
        assert acked, "the saver never saved"
        session = validate_protokoll(load_record(path), path)  # parses, and is whole
        rows = len(session.entries)
        last = acked[-1]
        # the last acknowledged save is there, or the one after it that was not acknowledged
        assert rows == last or (rows == last + 1) or (rows == 0 and session.finished is False)
    # the lock died with the process: the next writer gets it at once
    with locked(path, timeout=2):
        pass
    one_step(path)  # and the next save removes what a killed save left
    assert not list(tmp_path.glob(".*.tmp"))


# A writer stopped between writing its temporary file and renaming it: it waits for
# a line on stdin (one killed with SIGKILL there never gets it).
_PAUSED_WRITER = """
import os, sys
from stickspel.records import write_record
rename = os.replace
def paused(src, dst):
    print("holding", flush=True)
    sys.stdin.readline()
    rename(src, dst)
os.replace = paused
write_record({"format": "stickspel/1", "by": sys.argv[2]}, sys.argv[1])
print("saved", flush=True)
"""


def _paused_writer(path: Path, name: str) -> subprocess.Popen[str]:
    proc = subprocess.Popen(
        [sys.executable, "-c", _PAUSED_WRITER, str(path), name],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None and proc.stdout.readline() == "holding\n"
    return proc


def test_the_next_save_removes_what_killed_saves_left_and_no_live_writers_file(
    tmp_path: Path,
) -> None:
    path = tmp_path / "kväll.json"
    write_record({"format": "stickspel/1", "by": "first"}, path)
    killed = [_paused_writer(path, f"killed {k}") for k in range(3)]
    alive = _paused_writer(path, "alive")
    for proc in killed:
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
    assert len(list(tmp_path.glob(".kväll.json.*.tmp"))) == 4
    unrelated = [tmp_path / ".kväll.json.x.tmp", tmp_path / ".other.json.abcdefgh.tmp"]
    for p in unrelated:
        p.write_text("{")
    write_record({"format": "stickspel/1", "by": "next"}, path)
    left = sorted(tmp_path.glob(".*.tmp"))
    assert len(left) == 3 and set(unrelated) < set(left), "only the live writer's file stays"
    out, _ = alive.communicate("go on\n", timeout=30)
    assert alive.returncode == 0 and out == "saved\n"
    assert load_record(path)["by"] == "alive"
    assert sorted(tmp_path.glob(".*.tmp")) == sorted(unrelated)


def test_writers_without_the_lock_never_corrupt_the_file(tmp_path: Path) -> None:
    """Unique temporary files: even writers that skip the lock leave a whole record."""
    path = tmp_path / "x.json"
    write_record({"format": "stickspel/1", "n": 0}, path)
    errors: list[BaseException] = []

    def write(k: int) -> None:
        try:
            for i in range(40):
                write_record({"format": "stickspel/1", "n": i, "by": k, "pad": "x" * 5000}, path)
        except BaseException as e:  # pragma: no cover - the failure being tested for
            errors.append(e)

    threads = [threading.Thread(target=write, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    while any(t.is_alive() for t in threads):
        assert json.loads(path.read_text())["format"] == "stickspel/1"
    for t in threads:
        t.join()
    assert errors == []
    assert not list(tmp_path.glob("*.tmp"))


def test_the_command_line_takes_turns(tmp_path: Path) -> None:
    """Four ``stickspel protokoll add`` at once: every row is there."""
    path = tmp_path / "kväll.json"
    new_protokoll(path)
    exe = Path(sys.executable).with_name("stickspel")
    procs = [
        subprocess.Popen(
            [str(exe), "protokoll", "add", "-f", str(path), "--bids", "0,0,0", "--tricks", "-,+,+"],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )  # fmt: skip
        for k in range(4)
    ]
    results = [(p.wait(timeout=120), p.stderr.read() if p.stderr else "") for p in procs]
    ok = sum(code == 0 for code, _ in results)
    for code, err in results:
        assert "Traceback" not in err
        if code != 0:
            assert len(err.strip().splitlines()) == 1
    assert len(load_record(path)["deals"]) == ok


def test_a_lock_held_too_long_is_a_clear_refusal(tmp_path: Path) -> None:
    from stickspel.records.io import FileBusyError

    path = tmp_path / "kväll.json"
    new_protokoll(path)
    ctx = mp.get_context("fork")
    ready = ctx.Event()
    done = ctx.Event()

    def hold() -> None:
        with locked(path):
            ready.set()
            done.wait(20)

    p = ctx.Process(target=hold)
    p.start()
    try:
        assert ready.wait(20)
        with pytest.raises(FileBusyError, match="another program is saving"), locked(path, 0.2):
            pass
    finally:
        done.set()
        p.join(20)

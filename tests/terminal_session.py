"""Driving the real ``stickspel`` console script: one-shot runs and interactive sessions."""

from __future__ import annotations

import codecs
import os
import queue
import re
import subprocess
import sys
import threading
import time
from pathlib import Path

STICKSPEL = str(Path(sys.executable).with_name("stickspel"))
ROOT = Path(__file__).resolve().parents[1]

PROMPT = re.compile(r"\[(?:tillåtet|legal): ([^\]]*)\]: $")
HAND = re.compile(r"(?:Din hand|Your hand): (.*)\n")
END = re.compile(r"(?:Protokollet är sparat i|The record is saved in) (\S+)\n")


class Session:
    """A running ``stickspel`` with a pipe for its input and a reader for its output."""

    def __init__(self, args: list[str], cwd: Path) -> None:
        env = {**os.environ, "COLUMNS": "200", "PYTHONUNBUFFERED": "1"}
        self.proc = subprocess.Popen(
            [STICKSPEL, *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            cwd=cwd,
            env=env,
        )
        self.out = ""
        self.pos = 0
        self.chunks: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        decoder = codecs.getincrementaldecoder("utf-8")()
        fd = self.proc.stdout.fileno()
        while True:
            data = os.read(fd, 4096)
            if not data:
                self.chunks.put(None)
                return
            self.chunks.put(decoder.decode(data))

    def expect(self, *patterns: re.Pattern[str], timeout: float = 60) -> tuple[int, re.Match[str]]:
        """Wait for the first of ``patterns`` in the new output; which one and its match."""
        deadline = time.monotonic() + timeout
        while True:
            found = [
                (m.start(), i, m)
                for i, p in enumerate(patterns)
                if (m := p.search(self.out, self.pos))
            ]
            if found:
                _, i, m = min(found, key=lambda x: (x[0], x[1]))
                self.pos = m.end()
                return i, m
            try:
                chunk = self.chunks.get(timeout=max(0.1, deadline - time.monotonic()))
            except queue.Empty:
                chunk = ""
            if chunk is None or time.monotonic() > deadline:
                raise AssertionError(
                    f"none of {[p.pattern for p in patterns]} in the output:\n{self.out[self.pos :]}"
                )
            self.out += chunk

    def send(self, line: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write((line + "\n").encode())
        self.proc.stdin.flush()

    def since(self, mark: int) -> str:
        return self.out[mark:]

    def finish(self, timeout: float = 60) -> int:
        if self.proc.stdin is not None and not self.proc.stdin.closed:
            self.proc.stdin.close()
        code = self.proc.wait(timeout=timeout)
        while (chunk := self.chunks.get(timeout=timeout)) is not None:
            self.out += chunk
        return code


def run(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """Run ``stickspel ARGS`` to the end and capture its output."""
    env = {**os.environ, "COLUMNS": "200"}
    return subprocess.run(
        [STICKSPEL, *args], capture_output=True, text=True, cwd=cwd, env=env, timeout=300
    )

"""Regenerate the example sessions in README.md, docs/protokoll.md and docs/records.md
from real runs.

Each example is a block between ``<!-- example:NAME -->`` and ``<!-- /example -->``
holding one fenced code block; its body is replaced by what the steps of
:data:`EXAMPLES` print when run now (the installed ``stickspel`` on PATH, in a
fresh directory).  A step that asks questions runs in a pseudo-terminal and gets
its answers typed after each prompt, so the answers show as a person typed them.
Long output may be shortened to its first and last lines around a ``…``.

``--check`` only reports whether any block is out of date (exit 1 if so); the
run time of ``simulate`` is the one figure that may differ between runs.

    .venv/bin/python scripts/gen_examples.py [--check]
"""

from __future__ import annotations

import json
import os
import pty
import re
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FILES = (ROOT / "README.md", ROOT / "docs" / "protokoll.md", ROOT / "docs" / "records.md")
BLOCK = re.compile(r"(<!-- example:([\w-]+) -->\n```[\w]*\n)(.*?)(```\n<!-- /example -->)", re.S)
CTRL_C = "\x03"
#: Seconds a session may sit silent with no answer left before it is stopped (a
#: session that ignored an answer would otherwise wait for ever)
STUCK_S = 20.0
# what may differ between two runs of the same example
VOLATILE = re.compile(r"\d+\.\d s \(\d+\.\d+ (?:partier|games)/s\)")


@dataclass
class Step:
    """One command as typed at a shell prompt; ``answers`` are typed at its prompts
    (``CTRL_C`` interrupts it); ``status`` adds ``echo $?``; ``hidden`` runs it
    without showing it (to set up files)."""

    command: str
    answers: list[str] = field(default_factory=list)
    status: bool = False
    hidden: bool = False
    keep: tuple[int, int] | None = None  # first and last lines shown, a … between


def _fusk(cwd: Path) -> None:
    """A played record with one card changed: deal 4, trick 3, the third card played
    is replaced by a card of the same seat's hand that it never holds."""
    doc = json.loads((cwd / "partier" / "game-0001.json").read_text(encoding="utf-8"))
    deal = doc["deals"][3]
    trick = deal["tricks"][2]
    seat = (trick["leader"] + 2) % len(doc["players"])
    held = {c for c in deal["hands"][seat]}
    stranger = next(c for h in deal["hands"] for c in h if c not in held)
    trick["cards"][2] = stranger
    (cwd / "fusk.json").write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")


SESSION_ANSWERS = [
    "1", "1", "1",  # Björn 1, Cissi 1; Anna (the dealer) may not bid 1: refused
    "0",
    "+", "-", "5",  # Björn made, Cissi missed; Anna 5 is refused at once (3 cards)
    "2",
    "ångra",  # at the first question of deal 2: row 1 is taken back
    "1", "1", "0", "+", "+", "1",  # and entered again
    "rätta 1", "", "", "", "", "0", "2",  # row 1 corrected: Enter keeps a value
    "sluta",
]  # fmt: skip

EXAMPLES: dict[str, list[Step | object]] = {
    "play": [
        Step(
            "stickspel play plump --seed 7 --name Anna --record kväll.json",
            answers=["2", "7", "1", CTRL_C],
            keep=(40, 26),
        )
    ],
    "simulate": [
        Step(
            "stickspel simulate plump --players 4 --games 200 --seed 1 "
            "--bots heuristic,random,heuristic,random --record-dir partier"
        )
    ],
    "replay": [
        Step("stickspel simulate plump --games 1 --seed 1 --record-dir partier", hidden=True),
        Step("stickspel replay partier/game-0001.json"),
    ],
    "fusk": [
        Step("stickspel simulate plump --games 1 --seed 1 --record-dir partier", hidden=True),
        _fusk,
        Step("stickspel replay fusk.json", status=True),
        Step("stickspel replay fusk.json --json"),
    ],
    "records-fusk": [
        Step("stickspel simulate plump --games 1 --seed 1 --record-dir partier", hidden=True),
        _fusk,
        Step("stickspel replay fusk.json"),
        Step("stickspel replay fusk.json --lang en"),
        Step("stickspel replay fusk.json --json"),
    ],
    "readme-protokoll": [
        Step(
            "stickspel protokoll new plump --players Anna,Björn,Cissi --file kväll.json -o max_cards=3"
        ),
        Step(
            "stickspel protokoll session --file kväll.json", answers=SESSION_ANSWERS, keep=(14, 2)
        ),
        Step("stickspel protokoll pdf --file kväll.json --out kväll.pdf"),
        Step("stickspel protokoll pdf --blank --players 5 --out tom.pdf"),
    ],
    "protokoll-new": [
        Step(
            "stickspel protokoll new plump --players Anna,Björn,Cissi --file kväll.json -o max_cards=3"
        ),
    ],
    "protokoll-session": [
        Step(
            "stickspel protokoll new plump --players Anna,Björn,Cissi --file kväll.json -o max_cards=3",
            hidden=True,
        ),
        Step("stickspel protokoll session --file kväll.json", answers=SESSION_ANSWERS),
    ],
    "protokoll-replay": [
        Step(
            "stickspel protokoll new plump --players Anna,Björn,Cissi --file kväll.json -o max_cards=3",
            hidden=True,
        ),
        Step("stickspel protokoll add --file kväll.json --bids 1,1,0 --tricks +,1,0", hidden=True),
        Step("stickspel protokoll add --file kväll.json --bids 1,0,1 --tricks 1,1,0", hidden=True),
        Step("stickspel replay kväll.json"),
    ],
}


def _env() -> dict[str, str]:
    """The runs' environment: this checkout's stickspel first on PATH, plain output."""
    bin_dir = str(Path(sys.executable).parent)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("FORCE_COLOR", "CLICOLOR"))}
    env.update(PATH=f"{bin_dir}:{env.get('PATH', '/usr/bin:/bin')}", COLUMNS="80", LINES="50",
               TERM="dumb", NO_COLOR="1", PYTHONUNBUFFERED="1")  # fmt: skip
    return env


def _run_plain(step: Step, cwd: Path) -> tuple[str, int]:
    res = subprocess.run(step.command, shell=True, cwd=cwd, env=_env(), capture_output=True,
                         text=True, timeout=600)  # fmt: skip
    return res.stdout + res.stderr, res.returncode


class Stuck(Exception):
    """A typed session sat silent after its last answer."""


def _run_typed(step: Step, cwd: Path) -> tuple[str, int]:
    """The command in a pseudo-terminal, each answer typed when it waits at a prompt."""
    pid, fd = pty.fork()
    if pid == 0:  # the child: the command, as a shell would start it
        # Ctrl-C must reach it even where this script runs in the background
        # (an asynchronous command of a shell starts with SIGINT ignored)
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        os.chdir(cwd)
        os.execvpe("/bin/sh", ["/bin/sh", "-c", step.command], _env())
    answers = list(step.answers)
    out = b""
    idle_since = time.monotonic()
    while True:
        ready, _, _ = select.select([fd], [], [], 0.1)
        if ready:
            try:
                data = os.read(fd, 65536)
            except OSError:
                break
            if not data:
                break
            out += data
            idle_since = time.monotonic()
            continue
        waiting = out.rstrip(b" ").endswith((b":", b"]")) and out.endswith(b" ")
        if not answers and time.monotonic() - idle_since > STUCK_S:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            os.close(fd)
            raise Stuck(step.command)
        if waiting and answers and time.monotonic() - idle_since > 0.4:
            answer = answers.pop(0)
            os.write(fd, (answer if answer == CTRL_C else answer + "\r").encode())
            out_len = len(out)
            while len(out) == out_len:  # wait for the echo before looking again
                ready, _, _ = select.select([fd], [], [], 5)
                if not ready:
                    break
                out += os.read(fd, 65536)
            idle_since = time.monotonic()
    _, status = os.waitpid(pid, 0)
    text = out.decode("utf-8", "replace").replace("\r\n", "\n").replace("\r", "")
    return text, os.waitstatus_to_exitcode(status)


def _shorten(text: str, keep: tuple[int, int] | None) -> str:
    lines = text.rstrip("\n").split("\n")
    if keep is None or len(lines) <= sum(keep) + 1:
        return "\n".join(lines) + "\n"
    head, tail = keep
    return "\n".join(lines[:head] + ["…"] + lines[-tail:]) + "\n"


def run_example(name: str, tries: int = 2) -> str:
    """What the example ``name`` shows, run now in a fresh directory (once more in
    another where a typed session got stuck after its answers)."""
    for attempt in range(tries):
        try:
            return _run_example_once(name)
        except Stuck as e:
            print(f"{name}: stuck after its answers in {e} (try {attempt + 1})", file=sys.stderr)
    return f"[{name}: every try stuck after its answers]\n"


def _run_example_once(name: str) -> str:
    shown = []
    with tempfile.TemporaryDirectory(prefix=f"stickspel-{name}-") as tmp:
        cwd = Path(tmp)
        for step in EXAMPLES[name]:
            if not isinstance(step, Step):
                step(cwd)  # type: ignore[operator]  # a setup function
                continue
            text, code = (_run_typed if step.answers else _run_plain)(step, cwd)
            if step.hidden:
                continue
            body = "\n".join(line.rstrip() for line in text.split("\n"))
            shown.append(f"$ {step.command}\n" + _shorten(body, step.keep))
            if step.status:
                shown.append(f"$ echo $?\n{code}\n")
    return "".join(shown)


def _same(a: str, b: str) -> bool:
    return VOLATILE.sub("…", a) == VOLATILE.sub("…", b)


def main(argv: list[str]) -> int:
    check = "--check" in argv
    only = [a for a in argv if not a.startswith("--")]
    if shutil.which("stickspel", path=_env()["PATH"]) is None:
        print("stickspel is not installed in this environment", file=sys.stderr)
        return 2
    stale = []
    for path in FILES:
        text = path.read_text(encoding="utf-8")
        done: dict[str, str] = {}

        def fill(m: re.Match[str], done: dict[str, str] = done, path: Path = path) -> str:
            name = m.group(2)
            if name not in EXAMPLES or (only and name not in only):
                return m.group(0)
            if name not in done:
                done[name] = run_example(name)
            new = done[name]
            if _same(new, m.group(3)):
                return m.group(0)
            stale.append(f"{path.name}:{name}")
            return m.group(1) + new + m.group(4)

        new_text = BLOCK.sub(fill, text)
        if new_text != text and not check:
            path.write_text(new_text, encoding="utf-8")
    if stale:
        print(("out of date: " if check else "updated: ") + ", ".join(stale))
    return 1 if check and stale else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

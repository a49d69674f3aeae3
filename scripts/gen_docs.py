"""Regenerate the rules-option tables in docs/<game>.md from the code.

Each game's doc may hold a block between ``<!-- options:begin -->`` and
``<!-- options:end -->``; it is replaced by ``stickspel rules GAME --markdown``
(every option with default, allowed values, help and source, then the presets).
``--check`` only reports whether any block is out of date (exit 1 if so).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from stickspel.cli import rules_markdown
from stickspel.games import GAMES

DOCS = Path(__file__).resolve().parents[1] / "docs"
BLOCK = re.compile(r"(<!-- options:begin -->\n).*?(<!-- options:end -->)", re.S)


def main(argv: list[str]) -> int:
    check = "--check" in argv
    stale = []
    for game in sorted(GAMES):
        path = DOCS / f"{game}.md"
        if not path.exists():
            continue
        text = path.read_text(encoding="utf-8")
        if not BLOCK.search(text):
            continue
        table = rules_markdown(game)
        new = BLOCK.sub(lambda m, t=table: m.group(1) + t + m.group(2), text)
        if new != text:
            stale.append(path.name)
            if not check:
                path.write_text(new, encoding="utf-8")
    if stale:
        print(("out of date: " if check else "updated: ") + ", ".join(stale))
    return 1 if check and stale else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

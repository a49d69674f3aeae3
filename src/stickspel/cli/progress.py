"""The progress bar of the long commands (match, tournament, analyse): Rich, on
stderr, gone when done, and none at all when the output is JSON."""

from __future__ import annotations

import sys
from typing import Any

__all__ = ["Progress"]


class Progress:
    """``with Progress(title, quiet, total) as bar``: ``bar.advance()`` one step, or
    ``bar.update(done, total)`` (a total not known at the start)."""

    def __init__(self, title: str, quiet: bool, total: int | None = None) -> None:
        from rich.console import Console
        from rich.progress import Progress as RichProgress

        self.bar = RichProgress(console=Console(file=sys.stderr), disable=quiet, transient=True)
        self.task = self.bar.add_task(title, total=total)

    def __enter__(self) -> Progress:
        self.bar.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.bar.stop()

    def advance(self, *_: Any) -> None:
        self.bar.advance(self.task)

    def update(self, done: int, total: int) -> None:
        self.bar.update(self.task, completed=done, total=total)

"""Errors carry a catalogue key and parameters, never finished sentences: every key an
error is raised with is a message of both catalogues."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

from stickspel.i18n import catalogue

SRC = Path(__file__).resolve().parents[1] / "src" / "stickspel"
ANY_ERROR = re.compile(r"\b\w*Error\(\s*f?\"([^\"]*)\"")
# the errors of stickspel (not Python's ValueError, TypeError … meant for programmers)
OUR_ERROR = re.compile(
    r"\b(?:Rules|InvalidAction|IllegalAction|Stickspel|Record|Search|Card|Scorekeeper|"
    r"Store|StaleFile|StaleVersion)Error\(\s*f?\"([^\"]*)\""
)
KEY = re.compile(r"[a-z_]+(\.[a-z0-9_]+)+")


def _first_texts(pattern: re.Pattern[str]) -> Iterator[tuple[str, str]]:
    """The first text given to each error the pattern finds, and where (no doctests)."""
    for path in sorted(SRC.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        lines = text.splitlines()
        for m in pattern.finditer(text):
            line = text.count("\n", 0, m.start()) + 1
            if ">>>" not in lines[line - 1]:
                yield m.group(1), f"{path.relative_to(SRC)}:{line}"


def test_every_error_key_is_in_both_catalogues() -> None:
    keys = {k: where for k, where in _first_texts(ANY_ERROR) if KEY.fullmatch(k)}
    assert len(keys) > 200
    for lang in ("en", "sv"):
        missing = {k: where for k, where in keys.items() if k not in catalogue(lang)}
        assert missing == {}, lang


def test_no_error_of_ours_is_raised_with_a_sentence() -> None:
    assert [f"{where}: {t}" for t, where in _first_texts(OUR_ERROR) if not KEY.fullmatch(t)] == []


def test_no_error_takes_a_swedish_text() -> None:
    assert [
        p.name for p in SRC.rglob("*.py") if re.search(r"Error\([^)]*\bsv=", p.read_text())
    ] == []

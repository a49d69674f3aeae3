"""The bots read a seat's observation by its typed fields (``obs.hand``), never by
a string key (``obs["hand"]``, ``obs.get("hand")``): a field renamed or mistyped is
then mypy's error, not a KeyError in play."""

from __future__ import annotations

import ast
from pathlib import Path

BOTS = Path(__file__).resolve().parents[1] / "src" / "stickspel" / "bots"
#: The names an observation goes by in the bots' code.
NAMES = {"obs", "observation"}


def _names_observation(node: ast.expr) -> bool:
    """``obs``, ``observation`` or ``<anything>.observation``."""
    if isinstance(node, ast.Name):
        return node.id in NAMES
    return isinstance(node, ast.Attribute) and node.attr == "observation"


def _string_reads(tree: ast.AST) -> list[int]:
    """The lines where an observation is read by a string key."""
    lines = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Subscript) and _names_observation(node.value):
            if isinstance(node.slice, ast.Constant) and isinstance(node.slice.value, str):
                lines.append(node.lineno)
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "get"
            and _names_observation(node.func.value)
        ):
            lines.append(node.lineno)
    return lines


def test_the_check_finds_a_string_key() -> None:
    code = 'def f(turn, obs):\n    return turn.observation["phase"], obs.get("hand"), obs.hand\n'
    assert _string_reads(ast.parse(code)) == [2, 2]


def test_no_bot_reads_an_observation_by_string_key() -> None:
    found = [
        f"{path.name}:{line}"
        for path in sorted(BOTS.glob("*.py"))
        for line in _string_reads(ast.parse(path.read_text(encoding="utf-8")))
    ]
    assert found == []

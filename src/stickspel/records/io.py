"""Reading and writing record files.

>>> doc = parse_record_text('{"format": "stickspel/1"}')
>>> doc["format"]
'stickspel/1'
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from stickspel.records.errors import RecordError

__all__ = ["load_record", "parse_record_text", "dump_record", "write_record"]


def load_record(path: str | Path) -> dict[str, Any]:
    """Read a record file; a file that is not JSON (e.g. truncated) is a :class:`RecordError`."""
    text = Path(path).read_text(encoding="utf-8")
    return parse_record_text(text)


def parse_record_text(text: str) -> dict[str, Any]:
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as e:
        hint = " (the file looks truncated)" if e.pos >= len(text.rstrip()) - 1 else ""
        hint_sv = " (filen verkar avkortad)" if hint else ""
        raise RecordError(
            f"not valid JSON at line {e.lineno}, column {e.colno}: {e.msg}{hint}",
            rule="json",
            sv=f"ogiltig JSON på rad {e.lineno}, kolumn {e.colno}: {e.msg}{hint_sv}",
        ) from None
    if not isinstance(doc, dict):
        raise RecordError(
            "a record is a JSON object", rule="format", sv="ett protokoll är ett JSON-objekt"
        )
    return doc


def dump_record(doc: dict[str, Any]) -> str:
    """A record as JSON text: one line per trick and hand, readable and diffable.

    >>> print(dump_record({"hands": [["AS", "KD"], ["2C", "3C"]], "tricks": [
    ...     {"leader": 1, "cards": ["2C", "AS"], "winner": 0}]}), end="")
    {
     "hands": [["AS", "KD"], ["2C", "3C"]],
     "tricks": [{"leader": 1, "cards": ["2C", "AS"], "winner": 0}]
    }
    """
    return _dump(doc, 0) + "\n"


def _dump(value: Any, depth: int) -> str:
    # A value goes on one line when it fits; otherwise one item per line.
    flat = json.dumps(value, ensure_ascii=False)
    if not isinstance(value, dict | list) or depth + len(flat) <= 96 or not value:
        return flat
    pad = " " * (depth + 1)
    if isinstance(value, list):
        items = [pad + _dump(v, depth + 1) for v in value]
        return "[\n" + ",\n".join(items) + "\n" + " " * depth + "]"
    items = [
        f"{pad}{json.dumps(k, ensure_ascii=False)}: {_dump(v, depth + 1)}" for k, v in value.items()
    ]
    return "{\n" + ",\n".join(items) + "\n" + " " * depth + "}"


def write_record(doc: dict[str, Any], path: str | Path) -> None:
    """Write atomically, so an interrupted write never leaves half a record."""
    p = Path(path)
    p.parent.mkdir(parents=True, exist_ok=True)
    tmp = p.with_name(p.name + ".tmp")
    tmp.write_text(dump_record(doc), encoding="utf-8")
    tmp.replace(p)

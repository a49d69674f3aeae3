"""The ``delta`` message (protocol 2, docs/protocol.md): what changed between two
``state`` messages of one view, sent after every change instead of the whole state.

A table builds each distinct view's state once per change (a view: the person, or
the spectators, the language and whether it draws a page), takes the delta from
that view's previous state once, encodes both once, and sends the same text to
every connection of that view: the delta to a connection that holds the previous
state, the whole state to one that does not (it joined, asked ``sync``, or was
sent another state since).  The delta carries only fields of the new state, which
is built from the view's own observation, so it shows nothing the state would not.

>>> old = {"type": "state", "version": 4, "to_act": 1, "legal": [],
...        "observation": {"hand": ["AS", "KH"], "trick": [], "trump": None}}
>>> new = {"type": "state", "version": 5, "to_act": 2, "legal": [],
...        "observation": {"hand": ["KH"], "trick": ["AS"], "trump": None}}
>>> delta = state_delta(old, new)
>>> delta
{'type': 'delta', 'from': 4, 'version': 5, 'set': {'to_act': 2}, 'patch': {'observation': {'hand': ['KH'], 'trick': ['AS']}}}
>>> from stickspel.client import apply_delta
>>> apply_delta(old, delta) == new
True
"""

from __future__ import annotations

from typing import Any

import orjson

__all__ = ["PATCHED", "state_delta", "encode"]

#: The state's fields sent key by key when both states hold an object there (the
#: observations change a few keys an event); every other field is sent whole.
PATCHED = ("observation", "public", "panel")

_MISSING = object()


def state_delta(old: dict[str, Any], new: dict[str, Any]) -> dict[str, Any]:
    """The ``delta`` that turns the state ``old`` into ``new`` (both of one view):
    ``set`` (fields sent whole), ``patch`` (keys of :data:`PATCHED` objects that
    changed or came) and ``drop`` (their keys that went); empty parts left out.

    A field holding the very object it held before is not compared: the room hands
    each view the same objects while they do not change (the fields every view
    shares, the last deal's summary), so most of a state costs nothing here."""
    changed: dict[str, Any] = {}
    patches: dict[str, dict[str, Any]] = {}
    dropped: dict[str, list[str]] = {}
    for key, value in new.items():
        before = old.get(key, _MISSING)
        if before is value or key in _UNSENT:
            continue
        if key in PATCHED and isinstance(before, dict) and isinstance(value, dict):
            patch = {k: v for k, v in value.items() if before.get(k, _MISSING) != v}
            if patch:
                patches[key] = patch
            if len(before) > len(value) - len(patch):  # keys may have gone
                gone = [k for k in before if k not in value]
                if gone:
                    dropped[key] = gone
        elif before != value:
            changed[key] = value
    delta: dict[str, Any] = {
        "type": "delta",
        "from": old["version"],
        "version": new["version"],
        "set": changed,
    }
    if patches:
        delta["patch"] = patches
    if dropped:
        delta["drop"] = dropped
    return delta


#: Fields of a state a delta does not carry in ``set`` (its own ``version`` says it).
_UNSENT = frozenset(("type", "version"))


def encode(message: dict[str, Any]) -> str:
    """A message as the websocket's text frame: compact JSON, as Starlette's
    ``send_json`` writes it, by orjson (several times faster than ``json``)."""
    return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()

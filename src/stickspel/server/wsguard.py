"""What the websocket refuses before a message reaches a table: frames too big,
too deep or not a JSON object (:func:`parse_message`), a connection that sends
too fast (:class:`RateLimit`), and pages of other sites (:func:`origin_allowed`).

The limits are documented in ``docs/protocol.md`` (section "Limits").

>>> parse_message('{"type": "ping"}')
{'type': 'ping'}
>>> parse_message('[' * 100 + ']' * 100)
Traceback (most recent call last):
...
stickspel.server.wsguard.BadMessage: malformed
>>> origin_allowed("http://127.0.0.1:8000", "127.0.0.1:8000", "ws", frozenset())
True
>>> origin_allowed("https://evil.example", "127.0.0.1:8000", "ws", frozenset())
False
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Iterable
from typing import Any
from urllib.parse import urlsplit

from starlette.websockets import WebSocket, WebSocketDisconnect

from stickspel.records.io import json_depth_over, lone_surrogate

__all__ = [
    "MAX_MESSAGE_CHARS",
    "WS_MAX_SIZE",
    "MAX_JSON_DEPTH",
    "MAX_NUMBER_DIGITS",
    "RATE_PER_SECOND",
    "RATE_BURST",
    "FLOOD_GAP_SECONDS",
    "FLOOD_CLOSE_SECONDS",
    "HELLO_SECONDS",
    "PING_INTERVAL_SECONDS",
    "PING_TIMEOUT_SECONDS",
    "CLOSE_MALFORMED",
    "CLOSE_ORIGIN",
    "CLOSE_FLOOD",
    "CLOSE_SLOW",
    "SEND_QUEUE_LIMIT",
    "BadMessage",
    "parse_message",
    "RateLimit",
    "origin_allowed",
    "normal_origin",
    "allowed_origins",
    "OriginError",
    "origin_ok",
    "receive_frame",
]

#: The longest text message the server reads, in characters; a longer one is
#: answered with ``too_big`` and dropped (the connection stays open).
MAX_MESSAGE_CHARS = 16 * 1024
#: The longest frame uvicorn accepts at all (``ws_max_size``, bytes): a longer one
#: closes the connection with 1009 before the server reads it.
WS_MAX_SIZE = 64 * 1024
#: The deepest nesting of arrays and objects in a message (the protocol needs 3).
MAX_JSON_DEPTH = 16
#: The most digits an integer in a message may have (a version is a small number).
MAX_NUMBER_DIGITS = 30
#: The token bucket of each connection: it refills at this many messages a second...
RATE_PER_SECOND = 20.0
#: ...up to this many, what a connection may send at once. An accepted action gives
#: its token back: the game itself bounds those (only on the person's turn, one per
#: version), and a program playing with bots that answer at once sends them fast.
RATE_BURST = 40
#: Messages dropped less than this many seconds apart belong to one flood:
#: one ``rate_limited`` error is sent per flood.
FLOOD_GAP_SECONDS = 1.0
#: A flood that lasts this long closes the connection (:data:`CLOSE_FLOOD`).
FLOOD_CLOSE_SECONDS = 5.0
#: A connection that has not said hello within this many seconds gets an ``error``
#: ``no_hello`` and is closed (:data:`CLOSE_MALFORMED`).
HELLO_SECONDS = 30.0
#: The websocket protocol's keepalive (uvicorn's ``ws_ping_interval`` and
#: ``ws_ping_timeout``): a ping every 20 s; a client that has not answered one within
#: 20 s (it never reads, or its network is gone) is closed with 1011.
PING_INTERVAL_SECONDS = 20.0
PING_TIMEOUT_SECONDS = 20.0
#: Close codes: a message that cannot be read before the hello, a page of another
#: site, a connection that kept flooding.
CLOSE_MALFORMED = 4400
CLOSE_ORIGIN = 4403
CLOSE_FLOOD = 4429
#: The most messages waiting to be sent to one connection.  They wait only while the
#: socket does not take them (the client does not read: its buffers and the server's
#: are full); a connection whose queue would grow past this is dropped
#: (:data:`CLOSE_SLOW`) rather than the server holding the game for it in memory.
SEND_QUEUE_LIMIT = 512
#: Close code of a connection dropped because it did not read what it was sent.
CLOSE_SLOW = 4408


class OriginError(ValueError):
    """An allowed origin (``--allow-origin``) that is not an http(s) URL with a host."""


class BadMessage(Exception):
    """A message the server cannot read: ``code`` (``malformed``, ``too_big``) and
    the catalogue key and parameters of its text."""

    def __init__(self, code: str, key: str, **params: Any) -> None:
        super().__init__(code)
        self.code = code
        self.key = key
        self.params = params


def parse_message(frame: str | bytes) -> dict[str, Any]:
    """The JSON object of one websocket frame, or :class:`BadMessage`: a binary frame,
    more than :data:`MAX_MESSAGE_CHARS`, deeper than :data:`MAX_JSON_DEPTH`, not
    JSON, an integer longer than :data:`MAX_NUMBER_DIGITS`, not an object, a lone
    surrogate in a string (``"\\ud800"``).

    >>> parse_message('{"type": "\\\\ud800"}')
    Traceback (most recent call last):
    ...
    stickspel.server.wsguard.BadMessage: malformed
    """
    if not isinstance(frame, str):
        raise BadMessage("malformed", "ws.binary")
    if len(frame) > MAX_MESSAGE_CHARS:
        raise BadMessage("too_big", "ws.too_big", limit=MAX_MESSAGE_CHARS)
    if _too_deep(frame):
        raise BadMessage("malformed", "ws.too_deep", limit=MAX_JSON_DEPTH)
    try:
        doc = _DECODER.decode(frame)
    except (ValueError, RecursionError):  # RecursionError: _too_deep refuses it first
        raise BadMessage("malformed", "ws.not_json") from None
    if not isinstance(doc, dict):
        raise BadMessage("malformed", "ws.not_object")
    if "\\u" in frame and lone_surrogate(doc) is not None:  # not text: it could not be answered
        raise BadMessage("malformed", "ws.not_text")
    return doc


def _too_deep(text: str) -> bool:
    """Whether arrays and objects nest deeper than :data:`MAX_JSON_DEPTH`, counted
    before parsing so that ``json`` never recurses that far."""
    return json_depth_over(text, MAX_JSON_DEPTH)


def _int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_NUMBER_DIGITS:
        raise ValueError("a number too long")
    return int(text)


def _constant(text: str) -> Any:
    raise ValueError(f"{text} is not JSON")


#: One decoder for every frame (``json.loads`` with hooks builds one a call).
_DECODER = json.JSONDecoder(parse_int=_int, parse_constant=_constant)


class RateLimit:
    """One connection's token bucket: :meth:`take` says whether a message may be
    handled, and :attr:`flood_started` whether this drop begins a flood (the one
    that gets an error)."""

    def __init__(self, now: float | None = None) -> None:
        self.tokens = float(RATE_BURST)
        self.last = time.monotonic() if now is None else now
        self.flood_since: float | None = None  # when the current flood began
        self.last_drop = 0.0
        self.flood_started = False

    def take(self, now: float | None = None) -> bool:
        """Whether one more message may be handled now (else it is dropped)."""
        now = time.monotonic() if now is None else now
        self.tokens = min(float(RATE_BURST), self.tokens + (now - self.last) * RATE_PER_SECOND)
        self.last = now
        if self.flood_since is not None and now - self.last_drop > FLOOD_GAP_SECONDS:
            self.flood_since = None  # quiet long enough: that flood is over
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            self.flood_started = False
            return True
        self.flood_started = self.flood_since is None
        if self.flood_since is None:
            self.flood_since = now
        self.last_drop = now
        return False

    def give_back(self) -> None:
        """The message taken was an accepted action: it costs nothing."""
        self.tokens = min(float(RATE_BURST), self.tokens + 1.0)

    def flooding_too_long(self) -> bool:
        """Whether the current flood has gone on for :data:`FLOOD_CLOSE_SECONDS`."""
        since = self.flood_since
        return since is not None and self.last_drop - since >= FLOOD_CLOSE_SECONDS


_DEFAULT_PORTS = {"http": 80, "https": 443}


def normal_origin(url: str) -> str | None:
    """``scheme://host:port`` of ``url`` (the port written out), or ``None`` when it
    is not an http(s) URL with a host."""
    try:
        parts = urlsplit(url.strip())
        port = parts.port
    except ValueError:
        return None
    scheme = parts.scheme.lower()
    if scheme not in _DEFAULT_PORTS or not parts.hostname:
        return None
    host = parts.hostname.lower()
    if ":" in host:  # IPv6 literal
        host = f"[{host}]"
    return f"{scheme}://{host}:{port or _DEFAULT_PORTS[scheme]}"


def origin_allowed(
    origin: str | None, host: str | None, ws_scheme: str, allowed: frozenset[str]
) -> bool:
    """Whether a websocket with this ``Origin`` header may connect: none at all (not a
    browser), the server's own origin (the request's ``Host`` under ``ws_scheme``'s
    http scheme), or one of ``allowed`` (normalised by :func:`normal_origin`)."""
    if origin is None:
        return True
    mine = normal_origin(f"{'https' if ws_scheme == 'wss' else 'http'}://{host or ''}")
    theirs = normal_origin(origin)
    return theirs is not None and (theirs == mine or theirs in allowed)


def allowed_origins(given: Iterable[str] = (), env: str | None = None) -> frozenset[str]:
    """The origins allowed besides the server's own: ``given`` (``--allow-origin``)
    and ``$STICKSPEL_ALLOWED_ORIGINS`` (comma- or space-separated); :class:`OriginError`
    names one that is not an http(s) origin."""
    env = os.environ.get("STICKSPEL_ALLOWED_ORIGINS", "") if env is None else env
    out = set()
    for url in [*given, *env.replace(",", " ").split()]:
        norm = normal_origin(url)
        if norm is None:
            raise OriginError(url)
        out.add(norm)
    return frozenset(out)


def origin_ok(websocket: WebSocket) -> bool:
    """Whether this websocket's page may connect (:func:`origin_allowed`, with the
    origins the app allows besides its own)."""
    allowed: frozenset[str] = getattr(websocket.app.state, "allowed_origins", frozenset())
    headers = websocket.headers
    return origin_allowed(headers.get("origin"), headers.get("host"), websocket.url.scheme, allowed)


async def receive_frame(websocket: WebSocket) -> str | bytes:
    """The next frame as it came: text or bytes (``receive_json`` would raise on a
    binary frame and recurse on deep JSON), for :func:`parse_message`."""
    message = await websocket.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    text = message.get("text")
    if isinstance(text, str):
        return text
    data = message.get("bytes")
    return data if isinstance(data, bytes) else b""

"""What the HTTP side refuses before a request reaches a route, and the headers every
answer carries.

:class:`BodyGuard` reads each request's body first: a body too big (``413 too_big``),
not UTF-8 or not JSON, with ``NaN``/``Infinity`` (Python's ``json`` reads them, JSON
has none), a lone surrogate (``"\\ud800"``: not Unicode text, it cannot be stored or
answered), a number too long or nesting too deep (``400 malformed``) gets one error
answer worded by the catalogue, and nothing is stored.  A body that passes reaches the
route unchanged.  :func:`safety_headers` are the headers of every answer (docs/deploy.md):
scripts only from the server itself, no framing by other sites, no ``Referer`` (join
links are secrets).

>>> body_problem(b'{"name": "Anna"}') is None
True
>>> body_problem(b'{"x": NaN}').key
'server.error.body_number'
>>> body_problem(b'{"name": "\\\\ud800"}').key
'server.error.body_text'
>>> body_problem(b'{"pair": "\\\\ud83d\\\\ude00"}') is None  # a pair is one character
True
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from stickspel.core import StickspelError
from stickspel.records.io import json_depth_over, lone_surrogate
from stickspel.server.common import error_of, log

__all__ = [
    "MAX_BODY_BYTES",
    "MAX_BODY_DEPTH",
    "BodyGuard",
    "body_problem",
    "safety_headers",
    "CONTENT_SECURITY_POLICY",
]

#: The largest request body read, in bytes (a record or score-sheet file as text is at
#: most 4,000,000 characters); a larger one is answered ``413 too_big`` unread.
MAX_BODY_BYTES = 8 * 1024 * 1024
#: The deepest nesting of arrays and objects in a body (the API needs 3).
MAX_BODY_DEPTH = 32
#: The most digits an integer in a body may have.
MAX_NUMBER_DIGITS = 30

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

_BODY_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})


class _Refused(ValueError):
    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def _constant(text: str) -> Any:
    raise _Refused("server.error.body_number")


def _int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_NUMBER_DIGITS:
        raise _Refused("server.error.body_long_number")
    return int(text)


def body_problem(body: bytes) -> StickspelError | None:
    """Why ``body`` is not JSON the server reads, as an error to answer; ``None``
    when it is (an empty body too: the route says what it needs)."""
    if not body.strip():
        return None
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError:
        return StickspelError("server.error.body_not_utf8")
    if json_depth_over(text, MAX_BODY_DEPTH):
        return StickspelError("server.error.body_deep", limit=MAX_BODY_DEPTH)
    try:
        doc = json.loads(text, parse_constant=_constant, parse_int=_int)
    except _Refused as e:
        return StickspelError(e.key, limit=MAX_NUMBER_DIGITS)
    except (ValueError, RecursionError):
        return StickspelError("server.error.body_not_json")
    if "\\u" in text and lone_surrogate(doc) is not None:
        return StickspelError("server.error.body_text")
    return None


class BodyGuard:
    """ASGI middleware: every HTTP request's body is read whole and checked by
    :func:`body_problem` before the route sees it; a refused one is answered here."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope.get("method") not in _BODY_METHODS:
            await self.app(scope, receive, send)
            return
        body, more = await _read_body(receive)
        if more:  # over the limit: not read further, not stored
            refused = StickspelError("server.error.body_too_big", limit=MAX_BODY_BYTES)
            await _answer(scope, receive, send, 413, "too_big", refused)
            return
        problem = body_problem(body)
        if problem is not None:
            await _answer(scope, receive, send, 400, "malformed", problem)
            return
        await self.app(scope, _replay(body, receive), send)


async def _read_body(receive: Receive) -> tuple[bytes, bool]:
    """The request's body, and whether there was more than :data:`MAX_BODY_BYTES`."""
    parts: list[bytes] = []
    size = 0
    while True:
        message = await receive()
        if message["type"] != "http.request":  # the client went away
            return b"".join(parts), False
        chunk = message.get("body", b"")
        size += len(chunk)
        if size > MAX_BODY_BYTES:
            return b"", True
        parts.append(chunk)
        if not message.get("more_body", False):
            return b"".join(parts), False


def _replay(body: bytes, receive: Receive) -> Receive:
    """A ``receive`` that gives the body already read, then waits as the real one."""
    sent = False

    async def replay() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return replay


async def _answer(
    scope: Scope, receive: Receive, send: Send, status: int, code: str, e: StickspelError
) -> None:
    # one line, no traceback: what was refused and where (never the body: it may hold a token)
    log.info("refused body", extra={"path": scope.get("path"), "status": status, "code": e.key})
    await error_of(status, code, e)(scope, receive, send)


#: Scripts, styles, images, fonts and connections only from the server itself (images
#: also as ``data:``/``blob:`` URLs: the QR codes); inline styles are allowed, since the
#: protokoll and analysis pages are whole documents with their own style sheet, shown in
#: sandboxed frames; no inline script, no plugin, no framing by other sites.
CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: blob:",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'self'",
    ]
)


def safety_headers() -> list[tuple[bytes, bytes]]:
    """The headers every HTTP answer carries (docs/deploy.md, "What a browser is told")."""
    return [
        (b"content-security-policy", CONTENT_SECURITY_POLICY.encode()),
        (b"x-frame-options", b"SAMEORIGIN"),
        (b"referrer-policy", b"no-referrer"),
        (b"x-content-type-options", b"nosniff"),
        (b"cross-origin-opener-policy", b"same-origin"),
    ]


class SafetyHeaders:
    """ASGI middleware: :func:`safety_headers` on every HTTP answer."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        self.headers = safety_headers()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                have = {name.lower() for name, _ in message.get("headers", [])}
                extra = [(k, v) for k, v in self.headers if k not in have]
                message["headers"] = [*message.get("headers", []), *extra]
            await send(message)

        await self.app(scope, receive, with_headers)

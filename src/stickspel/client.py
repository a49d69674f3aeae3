"""A small Python client of the stickspel server (``stickspel serve``).

Usage (against a running ``stickspel serve``)::

    from stickspel.client import Client, create_table

    made = create_table("http://127.0.0.1:8000", rules="plump(players=3,max_cards=2)",
                        seats=[{"name": "Anna"}, {"name": "Björn"},
                               {"name": "Bot", "bot": "heuristic"}])
    anna = Client("http://127.0.0.1:8000", made["id"], made["seats"][0]["token"], lang="en")
    state = anna.state                       # the latest "state" message
    if state["legal"]:
        anna.act(state["legal"][0]["action"])  # the ack, or ServerError

Every message the server sent is kept in :attr:`Client.messages`, in order.  The
clients speak protocol 2 (docs/protocol.md): after a change the server sends the
``delta`` from the last state; the clients apply it and hand it on as the whole
``state`` it makes, so that code reading ``state`` messages sees no difference
(:attr:`Client.frames` keeps the messages as they came).

:class:`AsyncClient` speaks the same protocol for asyncio code that holds many
connections in one process (the load benchmark, ``benchmarks/bench_server.py``).
"""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.request
from collections import deque
from typing import Any

from websockets.asyncio.client import ClientConnection as AsyncConnection
from websockets.asyncio.client import connect as async_connect
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

__all__ = ["Client", "AsyncClient", "ServerError", "create_table", "request", "apply_delta"]

#: The protocol the clients ask for in their hello (2: deltas after each change).
PROTOCOL = 2


def apply_delta(state: dict[str, Any], delta: dict[str, Any]) -> dict[str, Any]:
    """The state a ``delta`` makes of ``state`` (a new object; ``state`` is kept):
    its ``set`` fields replaced whole, the keys of its ``patch`` objects replaced,
    those of ``drop`` removed."""
    new = {**state, **delta.get("set", {})}
    for name, patch in delta.get("patch", {}).items():
        new[name] = {**(state.get(name) or {}), **patch}
    for name, keys in delta.get("drop", {}).items():
        new[name] = {k: v for k, v in new[name].items() if k not in keys}
    new["version"] = delta["version"]
    return new


def messages_of(frame: str | bytes) -> list[dict[str, Any]]:
    """The messages of a frame: one object, or (protocol 2) a list of them."""
    data = json.loads(frame)
    return data if isinstance(data, list) else [data]


class _Follower:
    """The last state a connection knows, kept up with the server's deltas."""

    def __init__(self) -> None:
        self.state: dict[str, Any] = {}
        self.behind = False  # a delta did not fit: the whole state was asked for

    def take(self, msg: dict[str, Any]) -> tuple[dict[str, Any] | None, bool]:
        """The message as the client hands it on (a delta as the state it makes), and
        whether to ask ``sync`` for the whole state: ``None`` and true for the first
        delta that does not start from the state held, ``None`` for those after it."""
        kind = msg.get("type")
        if kind == "delta":
            if self.behind or self.state.get("version") != msg.get("from"):
                ask, self.behind = not self.behind, True
                return None, ask
            msg = apply_delta(self.state, msg)
            kind = "state"
        if kind == "state":
            self.state, self.behind = msg, False
        return msg, False


class ServerError(Exception):
    """A typed refusal of the server: ``code`` (a Rule code, ``stale_version`` …) and
    the message in the client's language."""

    def __init__(self, message: dict[str, Any]) -> None:
        super().__init__(f"{message.get('code')}: {message.get('message')}")
        self.code = str(message.get("code"))
        self.message = message


def request(base: str, method: str, path: str, body: Any = None) -> tuple[int, Any]:
    """An HTTP request with a JSON body; the status and the decoded answer."""
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(
        base.rstrip("/") + path,
        data=data,
        method=method,
        headers={"content-type": "application/json"},
    )
    try:
        with urllib.request.urlopen(req, timeout=10) as resp:
            return resp.status, json.loads(resp.read() or b"null")
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read() or b"null")


def create_table(base: str, **body: Any) -> dict[str, Any]:
    """``POST /api/tables``; the answer (ids, seat tokens, links) or :class:`ServerError`."""
    status, answer = request(base, "POST", "/api/tables", body)
    if status != 201:
        err = answer.get("error") if isinstance(answer, dict) else None
        raise ServerError(err or {"code": str(status), "message": str(answer)})
    assert isinstance(answer, dict)
    return answer


class Client:
    """One websocket to one table, for one seat token (or the spectators' token).

    Connecting says hello and reads up to the first ``state`` message; then
    :meth:`act` sends an action and reads up to its acknowledgement.
    """

    def __init__(
        self,
        base: str,
        table_id: str,
        token: str,
        *,
        lang: str = "sv",
        timeout: float = 10,
        ui: bool = False,
        protocol: int = PROTOCOL,
    ) -> None:
        url = _ws_base(base)
        self.timeout = timeout
        self.messages: list[dict[str, Any]] = []
        #: The messages as they came (a delta as a delta).
        self.frames: list[dict[str, Any]] = []
        self._follower = _Follower()
        self._unread: deque[dict[str, Any]] = deque()
        self.welcome: dict[str, Any] = {}
        self._connect = connect(f"{url}/ws/tables/{table_id}", open_timeout=timeout)
        self.ws: ClientConnection = self._connect.__enter__()
        hello = {"type": "hello", "token": token, "lang": lang, "since": 0, "ui": ui}
        hello["protocol"] = protocol  # 1: a whole state after every change
        self.ws.send(json.dumps(hello))
        try:
            self.welcome = self.recv()
            if self.welcome.get("type") == "error":
                raise ServerError(self.welcome)
            self.wait_for(lambda m: m["type"] == "state")
        except BaseException:
            self.close()
            raise
        self._next_id = 0

    @property
    def state(self) -> dict[str, Any]:
        """The latest state (from a ``state`` message or the deltas after it)."""
        return self._follower.state

    def recv(self, timeout: float | None = None) -> dict[str, Any]:
        """The next message (kept in :attr:`messages`; a ``state`` also in :attr:`state`;
        a delta as the state it makes)."""
        end = time.monotonic() + (self.timeout if timeout is None else timeout)
        while True:
            if not self._unread:
                raw = self.ws.recv(timeout=max(0.0, end - time.monotonic()))
                self._unread.extend(messages_of(raw))
            frame = self._unread.popleft()
            self.frames.append(frame)
            msg, ask = self._follower.take(frame)
            if msg is not None:
                self.messages.append(msg)
                return msg
            if ask:  # a delta that does not fit: the whole state again
                self.ws.send(json.dumps({"type": "sync"}))

    def wait_for(self, pred: Any, timeout: float | None = None) -> dict[str, Any]:
        """Read until a message satisfies ``pred``; that message."""
        end = time.monotonic() + (self.timeout if timeout is None else timeout)
        while True:
            left = end - time.monotonic()
            if left <= 0:
                raise TimeoutError("no such message from the server")
            msg = self.recv(left)
            if pred(msg):
                return msg

    def drain(self) -> None:
        """Read whatever has arrived, without waiting."""
        while True:
            try:
                self.recv(timeout=0)
            except TimeoutError:
                return

    def sync(self, version: int) -> dict[str, Any]:
        """Read until the state is at least ``version``; the state."""
        if self.state.get("version", -1) < version:
            self.wait_for(lambda m: m["type"] == "state" and m["version"] >= version)
        return self.state

    def act(self, action: int | str, version: int | None = None) -> dict[str, Any]:
        """Send ``action`` for the current state's version (or ``version``); read up to
        the ack and return it, or raise :class:`ServerError` with the refusal."""
        self._next_id += 1
        ident = f"c{self._next_id}"
        v = self.state.get("version") if version is None else version
        self.ws.send(json.dumps({"type": "act", "action": action, "version": v, "id": ident}))
        reply = self.wait_for(lambda m: m.get("id") == ident and m["type"] in ("ack", "error"))
        if reply["type"] == "error":
            raise ServerError(reply)
        return reply

    def hint(self, lang: str | None = None, timeout: float | None = None) -> dict[str, Any]:
        """Ask the coach for this seat's decision (a table that allows hints, on the
        seat's turn): the hint (options with their values and reasons, worded in
        ``lang`` or the connection's language), or :class:`ServerError` with the refusal."""
        self._next_id += 1
        ident = f"c{self._next_id}"
        msg: dict[str, Any] = {"type": "hint", "id": ident, "version": self.state.get("version")}
        if lang is not None:
            msg["lang"] = lang
        self.ws.send(json.dumps(msg))
        reply = self.wait_for(
            lambda m: m.get("id") == ident and m["type"] in ("hint", "error"), timeout
        )
        if reply["type"] == "error":
            raise ServerError(reply)
        hint: dict[str, Any] = reply["hint"]
        return hint

    def back(self) -> None:
        """Say this person plays again after their move timer ran out (everyone is
        then sent a state without them in ``away``)."""
        self.ws.send(json.dumps({"type": "back"}))

    def close(self) -> None:
        try:
            self._connect.__exit__(None, None, None)
        except ConnectionClosed:
            pass

    def __enter__(self) -> Client:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _ws_base(base: str) -> str:
    return base.replace("http://", "ws://").replace("https://", "wss://").rstrip("/")


class AsyncClient:
    """One websocket to one table for asyncio code: :meth:`open` says hello and
    returns after the welcome; then :meth:`recv` the messages as they come and
    :meth:`act` (which does not wait for the ack: it arrives among the messages)."""

    def __init__(self, ws: AsyncConnection, welcome: dict[str, Any]) -> None:
        self.ws = ws
        self.welcome = welcome
        self._next_id = 0
        self._follower = _Follower()
        self._unread: deque[dict[str, Any]] = deque()

    @property
    def state(self) -> dict[str, Any]:
        """The latest state (from a ``state`` message or the deltas after it)."""
        return self._follower.state

    @classmethod
    async def open(
        cls, base: str, table_id: str, token: str, *, lang: str = "sv", timeout: float = 30
    ) -> AsyncClient:
        ws = await async_connect(
            f"{_ws_base(base)}/ws/tables/{table_id}", open_timeout=timeout, max_queue=None
        )
        try:
            hello = {"type": "hello", "token": token, "lang": lang, "since": 0}
            await ws.send(json.dumps({**hello, "protocol": PROTOCOL}))
            welcome: dict[str, Any] = json.loads(await ws.recv())
            if welcome.get("type") == "error":
                raise ServerError(welcome)
        except BaseException:
            await ws.close()
            raise
        return cls(ws, welcome)

    async def recv(self) -> dict[str, Any]:
        """The next message from the server (a delta as the state it makes)."""
        while True:
            if not self._unread:
                self._unread.extend(messages_of(await self.ws.recv()))
            msg, ask = self._follower.take(self._unread.popleft())
            if msg is not None:
                return msg
            if ask:  # a delta that does not fit: the whole state again
                await self.ws.send(json.dumps({"type": "sync"}))

    async def act(self, action: int | str, version: int) -> str:
        """Send ``action`` for state ``version``; the id its ack or error will carry."""
        self._next_id += 1
        ident = f"a{self._next_id}"
        await self.ws.send(
            json.dumps({"type": "act", "action": action, "version": version, "id": ident})
        )
        return ident

    async def close(self) -> None:
        await self.ws.close()

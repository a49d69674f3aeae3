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

Every message the server sent is kept in :attr:`Client.messages`, in order.

:class:`AsyncClient` speaks the same protocol for asyncio code that holds many
connections in one process (the load benchmark, ``benchmarks/bench_server.py``).
"""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.request
from typing import Any

from websockets.asyncio.client import ClientConnection as AsyncConnection
from websockets.asyncio.client import connect as async_connect
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

__all__ = ["Client", "AsyncClient", "ServerError", "create_table", "request"]


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
    ) -> None:
        url = _ws_base(base)
        self.timeout = timeout
        self.messages: list[dict[str, Any]] = []
        self.state: dict[str, Any] = {}
        self.welcome: dict[str, Any] = {}
        self._connect = connect(f"{url}/ws/tables/{table_id}", open_timeout=timeout)
        self.ws: ClientConnection = self._connect.__enter__()
        hello = {"type": "hello", "token": token, "lang": lang, "since": 0, "ui": ui}
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

    def recv(self, timeout: float | None = None) -> dict[str, Any]:
        """The next message (kept in :attr:`messages`; a ``state`` also in :attr:`state`)."""
        raw = self.ws.recv(timeout=self.timeout if timeout is None else timeout)
        msg: dict[str, Any] = json.loads(raw)
        self.messages.append(msg)
        if msg.get("type") == "state":
            self.state = msg
        return msg

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

    @classmethod
    async def open(
        cls, base: str, table_id: str, token: str, *, lang: str = "sv", timeout: float = 30
    ) -> AsyncClient:
        ws = await async_connect(
            f"{_ws_base(base)}/ws/tables/{table_id}", open_timeout=timeout, max_queue=None
        )
        try:
            await ws.send(json.dumps({"type": "hello", "token": token, "lang": lang, "since": 0}))
            welcome: dict[str, Any] = json.loads(await ws.recv())
            if welcome.get("type") == "error":
                raise ServerError(welcome)
        except BaseException:
            await ws.close()
            raise
        return cls(ws, welcome)

    async def recv(self) -> dict[str, Any]:
        """The next message from the server."""
        msg: dict[str, Any] = json.loads(await self.ws.recv())
        return msg

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

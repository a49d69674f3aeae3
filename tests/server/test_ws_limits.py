"""The websocket's guards (stickspel.server.wsguard): message size and depth, binary
frames, the per-connection rate limit, the origin check; and no CORS on the REST API."""

from __future__ import annotations

import base64
import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from server_helpers import PLUMP, SEATS, Running, free_port, play_out, spawn_server, start_server
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from stickspel.client import Client, create_table, request
from stickspel.server import ws as ws_module
from stickspel.server import wsguard
from stickspel.server.wsguard import (
    FLOOD_CLOSE_SECONDS,
    MAX_JSON_DEPTH,
    MAX_MESSAGE_CHARS,
    RATE_BURST,
    RATE_PER_SECOND,
    WS_MAX_SIZE,
    BadMessage,
    OriginError,
    RateLimit,
    allowed_origins,
    normal_origin,
    origin_allowed,
    parse_message,
)

# --- parsing a frame ----------------------------------------------------------------------


def _refusal(frame: str | bytes) -> tuple[str, str]:
    with pytest.raises(BadMessage) as info:
        parse_message(frame)
    return info.value.code, info.value.key


def test_a_frame_is_one_json_object_of_bounded_size_and_depth() -> None:
    assert parse_message('{"type": "act", "action": "[[[[", "id": {"a": [1]}}')["action"] == "[[[["
    assert _refusal(b'{"type": "ping"}') == ("malformed", "ws.binary")
    assert _refusal(" " * MAX_MESSAGE_CHARS + "{}") == ("too_big", "ws.too_big")
    assert parse_message(" " * (MAX_MESSAGE_CHARS - 2) + "{}") == {}
    nested = '{"a": ' * (MAX_JSON_DEPTH - 1) + "{}" + "}" * (MAX_JSON_DEPTH - 1)
    assert parse_message(nested)["a"]
    assert _refusal("[" * (MAX_JSON_DEPTH + 1) + "]" * (MAX_JSON_DEPTH + 1))[1] == "ws.too_deep"
    # deep enough that json.loads would raise RecursionError: refused before it parses
    assert _refusal("[" * 8000)[1] == "ws.too_deep"
    # brackets inside strings (with escaped quotes) are not nesting
    assert parse_message(json.dumps({"text": '\\"' + "[" * 100}))["text"].endswith("[")
    assert _refusal("not json") == ("malformed", "ws.not_json")
    assert _refusal('{"version": NaN}') == ("malformed", "ws.not_json")
    assert _refusal('{"version": ' + "9" * 31 + "}") == ("malformed", "ws.not_json")
    assert _refusal("[1, 2]") == ("malformed", "ws.not_object")
    assert _refusal('"hello"') == ("malformed", "ws.not_object")


# --- the token bucket ---------------------------------------------------------------------


def test_the_bucket_lets_a_burst_through_then_refills_at_the_rate() -> None:
    limit = RateLimit(now=0.0)
    assert all(limit.take(0.0) for _ in range(RATE_BURST))
    assert not limit.take(0.0) and limit.flood_started  # the first drop: one error
    assert not limit.take(0.01) and not limit.flood_started  # the same flood: no other
    later = 0.01 + 10 / RATE_PER_SECOND  # ten messages' worth of refill
    assert sum(limit.take(later) for _ in range(20)) == 10


def test_an_accepted_action_gives_its_token_back() -> None:
    limit = RateLimit(now=0.0)
    for _ in range(10 * RATE_BURST):
        assert limit.take(0.0)
        limit.give_back()


def test_a_flood_ends_after_a_quiet_second_and_closes_after_five() -> None:
    limit = RateLimit(now=0.0)
    while limit.take(0.0):
        pass
    assert limit.flood_started and not limit.flooding_too_long()
    # a quiet spell longer than the gap ends the flood: the next one gets an error again
    t = wsguard.FLOOD_GAP_SECONDS + 0.01
    while limit.take(t):
        pass
    assert limit.flood_started
    # drops every 10 ms for the whole flood time: too long
    start = t
    while t - start < FLOOD_CLOSE_SECONDS:
        t += 0.01
        limit.take(t)
        assert not limit.flood_started
    assert limit.flooding_too_long()


# --- origins ------------------------------------------------------------------------------


def test_origins_are_compared_as_scheme_host_and_port() -> None:
    none: frozenset[str] = frozenset()
    assert origin_allowed(None, "127.0.0.1:8000", "ws", none)  # not a browser
    assert origin_allowed("http://127.0.0.1:8000", "127.0.0.1:8000", "ws", none)
    assert origin_allowed("HTTP://Example.org", "example.org:80", "ws", none)
    assert origin_allowed("https://example.org", "example.org", "wss", none)
    assert not origin_allowed("http://example.org", "example.org", "wss", none)  # scheme
    assert not origin_allowed("http://127.0.0.1:8001", "127.0.0.1:8000", "ws", none)  # port
    assert not origin_allowed("http://localhost:8000", "127.0.0.1:8000", "ws", none)
    assert not origin_allowed("null", "127.0.0.1:8000", "ws", none)  # a sandboxed page
    assert origin_allowed("http://[::1]:8000", "[::1]:8000", "ws", none)
    assert normal_origin("HTTP://[::1]") == "http://[::1]:80"
    assert normal_origin("https://Example.org:8443/path?q") == "https://example.org:8443"
    allowed = allowed_origins(
        ["https://play.example.org"], env="http://a.example:81, https://b.example"
    )
    assert allowed == {
        "https://play.example.org:443",
        "http://a.example:81",
        "https://b.example:443",
    }
    assert origin_allowed("https://play.example.org:443", "127.0.0.1:8000", "ws", allowed)
    with pytest.raises(OriginError, match="ftp://x"):
        allowed_origins(["ftp://x"], env="")
    with pytest.raises(OriginError):
        allowed_origins([], env="http://x:notaport")
    with pytest.raises(OriginError, match="b.example"):
        allowed_origins([], env="b.example")  # no scheme


def test_allowed_origins_read_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("STICKSPEL_ALLOWED_ORIGINS", "https://a.example https://b.example:8443")
    assert allowed_origins() == {"https://a.example:443", "https://b.example:8443"}


# --- against a server ---------------------------------------------------------------------


@contextmanager
def _socket(
    base: str, table_id: str, token: str | None, origin: str | None = None
) -> Iterator[ClientConnection]:
    """A raw websocket to the table of the server at ``base`` (``origin``: the header a
    browser page would send), said hello with ``token`` (none: no hello)."""
    url = f"{base.replace('http', 'ws', 1)}/ws/tables/{table_id}"
    headers = {"Origin": origin} if origin is not None else None
    with connect(url, additional_headers=headers, open_timeout=10) as ws:
        if token is not None:
            ws.send(json.dumps({"type": "hello", "token": token, "lang": "en"}))
            assert _recv(ws)["type"] == "welcome"
        yield ws


def _recv(ws: ClientConnection, timeout: float = 10) -> dict[str, Any]:
    msg: dict[str, Any] = json.loads(ws.recv(timeout=timeout))
    return msg


def _until(ws: ClientConnection, kind: str) -> dict[str, Any]:
    while True:
        msg = _recv(ws)
        if msg["type"] == kind:
            return msg


def _pong(ws: ClientConnection) -> None:
    """The connection still answers."""
    ws.send(json.dumps({"type": "ping"}))
    assert _until(ws, "pong")["version"] >= 0


def test_oversized_deep_and_binary_messages_are_refused_and_the_connection_stays(
    live: Running,
) -> None:
    made = create_table(live.url, rules=PLUMP, seats=SEATS)
    with _socket(live.url, made["id"], made["seats"][0]["token"]) as ws:
        ws.send(json.dumps({"type": "ping", "pad": "x" * MAX_MESSAGE_CHARS}))
        error = _until(ws, "error")
        assert error["code"] == "too_big"
        assert (
            error["message"] == f"a message of more than {MAX_MESSAGE_CHARS} characters is not read"
        )
        _pong(ws)
        ws.send("[" * 10_000 + "]" * 5)  # would be a RecursionError in json.loads
        assert _until(ws, "error")["code"] == "malformed"
        _pong(ws)
        ws.send(b'{"type": "ping"}')  # a binary frame
        error = _until(ws, "error")
        assert (error["code"], error["message"]) == (
            "malformed",
            "a message is a text frame, not a binary one",
        )
        _pong(ws)
    assert request(live.url, "GET", "/api/health")[0] == 200


def test_a_frame_over_the_protocol_limit_closes_the_connection(live: Running) -> None:
    made = create_table(live.url, rules=PLUMP, seats=SEATS)
    with _socket(live.url, made["id"], made["seats"][0]["token"]) as ws:
        ws.send("x" * (WS_MAX_SIZE + 1))
        with pytest.raises(ConnectionClosed):
            _until(ws, "never")
    assert ws.close_code == 1009  # message too big
    with _socket(live.url, made["id"], made["seats"][0]["token"]) as ws:
        ws.send(b"\xff\xfe{}", text=True)  # a text frame that is not UTF-8
        with pytest.raises(ConnectionClosed):
            _until(ws, "never")
    assert ws.close_code == 1007  # invalid frame payload data
    assert request(live.url, "GET", "/api/health")[0] == 200


def test_a_burst_gets_one_rate_limited_error_and_the_table_goes_on(live: Running) -> None:
    made = create_table(live.url, rules=PLUMP, seats=SEATS)
    sent = 3 * RATE_BURST
    with _socket(live.url, made["id"], made["seats"][1]["token"]) as ws:
        for i in range(sent):
            ws.send(json.dumps({"type": "ping", "id": f"p{i}"}))
        time.sleep(0.2)
        replies = []
        with pytest.raises(TimeoutError):
            while True:
                replies.append(_recv(ws, timeout=0.5))
        errors = [m for m in replies if m["type"] == "error"]
        pongs = [m for m in replies if m["type"] == "pong"]
        assert len(errors) == 1 and errors[0]["code"] == "rate_limited", errors
        assert errors[0]["id"].startswith("p")  # the first dropped
        assert RATE_BURST <= len(pongs) < sent
        # another seat plays meanwhile, unaffected
        with Client(live.url, made["id"], made["seats"][0]["token"]) as anna:
            if anna.state["legal"]:
                assert anna.act(anna.state["legal"][0]["action"])["type"] == "ack"
        time.sleep(1.1)  # the bucket refills: the flooder may speak again
        _pong(ws)


def test_a_long_flood_closes_the_connection(live: Running, monkeypatch: pytest.MonkeyPatch) -> None:
    # the server runs in this process: a shorter flood time keeps the test short
    monkeypatch.setattr(wsguard, "FLOOD_CLOSE_SECONDS", 0.5)
    made = create_table(live.url, rules=PLUMP, seats=SEATS)
    with _socket(live.url, made["id"], made["seats"][1]["token"]) as ws:
        codes = []
        with pytest.raises(ConnectionClosed):
            end = time.monotonic() + 10
            while time.monotonic() < end:
                ws.send('{"type": "ping"}')
                time.sleep(0.001)
                try:
                    while True:
                        msg = _recv(ws, timeout=0)
                        if msg["type"] == "error":
                            codes.append(msg["code"])
                except TimeoutError:
                    pass
        with pytest.raises(ConnectionClosed):
            while True:
                msg = _recv(ws, timeout=5)
                if msg["type"] == "error":
                    codes.append(msg["code"])
    assert ws.close_code == 4429
    assert codes == ["rate_limited", "flood"]
    with Client(live.url, made["id"], made["seats"][0]["token"]) as anna:
        assert anna.state["status"] == "playing"


def test_pages_of_other_sites_are_refused(live: Running, tmp_path: Path) -> None:
    made = create_table(live.url, rules=PLUMP, seats=SEATS)
    token = made["seats"][0]["token"]
    with _socket(live.url, made["id"], None, origin="https://evil.example") as ws:
        error = _recv(ws)
        with pytest.raises(ConnectionClosed):
            _recv(ws)
    assert (error["type"], error["code"]) == ("error", "origin")
    assert ws.close_code == 4403
    with _socket(live.url, made["id"], token, origin=live.url) as ws:  # the server's own page
        _pong(ws)
    other_db = f"sqlite:///{tmp_path / 'other.sqlite3'}"
    allowing = start_server(other_db, allowed_origins=("https://play.example.org",))
    try:
        made = create_table(allowing.url, rules=PLUMP, seats=SEATS)
        token = made["seats"][0]["token"]
        with _socket(allowing.url, made["id"], token, origin="https://play.example.org") as ws:
            _pong(ws)
        with _socket(allowing.url, made["id"], None, origin="https://other.example.org") as ws:
            assert _recv(ws)["code"] == "origin"
    finally:
        allowing.stop()


def test_the_rest_api_sends_no_cors_headers(live: Running) -> None:
    made = create_table(live.url, rules=PLUMP, seats=SEATS)
    for method, path in (("GET", f"/api/tables/{made['id']}"), ("OPTIONS", "/api/tables")):
        req = urllib.request.Request(
            live.url + path,
            method=method,
            headers={
                "Origin": "https://evil.example",
                "Access-Control-Request-Method": "POST",
                "Access-Control-Request-Headers": "content-type",
            },
        )
        try:
            with urllib.request.urlopen(req, timeout=10) as resp:
                status, headers = resp.status, resp.headers
        except urllib.error.HTTPError as e:
            status, headers = e.code, e.headers
        assert status == (200 if method == "GET" else 405)  # no preflight is answered
        assert not [h for h in headers if h.lower().startswith("access-control-")], method


def test_serve_takes_allow_origin_and_the_frame_limit(tmp_path: Path) -> None:
    port = free_port()
    env = {
        **os.environ,
        "STICKSPEL_DATA": str(tmp_path / "data"),
        "STICKSPEL_ALLOWED_ORIGINS": "https://env.example",
    }
    cmd = [sys.executable, "-c", "from stickspel.cli import main; main()", "serve"]
    bad = subprocess.run(
        [*cmd, "--allow-origin", "nonsense", "--lang", "en"],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert bad.returncode == 2
    assert bad.stderr.strip().splitlines() == [
        "Error: --allow-origin nonsense: not a site such as https://example.org:8443"
    ]
    args = ["--port", str(port), "--allow-origin", "https://flag.example", "--bot-delay", "0"]
    proc = subprocess.Popen([*cmd, *args], env=env, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    try:
        end = time.monotonic() + 30
        while True:
            try:
                if request(url, "GET", "/api/health")[0] == 200:
                    break
            except OSError:
                assert proc.poll() is None and time.monotonic() < end, "no server"
                time.sleep(0.1)
        made = create_table(url, rules=PLUMP, seats=SEATS)
        token = made["seats"][0]["token"]
        for origin in ("https://flag.example", "https://env.example"):
            with _socket(url, made["id"], token, origin=origin) as ws:
                _pong(ws)
        with _socket(url, made["id"], token) as ws:
            ws.send("x" * (WS_MAX_SIZE + 1))  # uvicorn runs with ws_max_size
            with pytest.raises(ConnectionClosed):
                _until(ws, "never")
        assert ws.close_code == 1009
    finally:
        proc.terminate()
        proc.wait(20)


def test_a_token_that_is_not_ascii_is_refused_not_a_crash(live: Running) -> None:
    """``secrets.compare_digest`` raises on text that is not ASCII: the fuzz found it."""
    made = create_table(live.url, rules=PLUMP, seats=SEATS)
    # (a lone surrogate is not text at all: that hello cannot be read, docs/protocol.md)
    for token, code, close in (
        ("nyckel-åäö", "token", 4403),
        ("nyckel-åäö\ud800", "malformed", 4400),
    ):
        with _socket(live.url, made["id"], None) as ws:
            ws.send(json.dumps({"type": "hello", "token": token, "lang": "en"}))
            assert _recv(ws)["code"] == code
            with pytest.raises(ConnectionClosed):
                _recv(ws)
        assert ws.close_code == close
    status, body = request(live.url, "POST", f"/api/tables/{made['id']}/start", {"token": "å"})
    assert (status, body["error"]["code"]) == (403, "token")


def test_a_text_frame_that_is_not_utf8_is_closed_with_1007_and_logs_no_traceback(
    tmp_path: Path,
) -> None:
    """uvicorn refuses such a frame before the server reads it and logs it as an error
    with a traceback: any client could fill the log.  ``stickspel serve``'s log keeps
    one info line for it."""
    log = tmp_path / "serve.log"
    served = spawn_server(f"sqlite:///{tmp_path / 'db.sqlite3'}", log)
    try:
        made = create_table(served.url, rules=PLUMP, seats=SEATS)
        for _ in range(3):
            with _socket(served.url, made["id"], made["seats"][0]["token"]) as ws:
                ws.send(b"\xff\xfe{}", text=True)
                with pytest.raises(ConnectionClosed):
                    _until(ws, "never")
            assert ws.close_code == 1007  # invalid frame payload data
        assert request(served.url, "GET", "/api/health")[0] == 200
    finally:
        text = served.stop()
    lines = [json.loads(line) for line in text.splitlines() if line.startswith("{")]
    assert not [m for m in lines if m["level"] in ("error", "critical") or "exc" in m], text
    assert "Traceback" not in text
    refused = [m for m in lines if "not UTF-8" in m["msg"]]
    assert len(refused) == 3 and {m["level"] for m in refused} == {"info"}


def test_no_hello_in_time_gets_an_error_then_4400(
    live: Running, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the server runs in this process: a shorter wait keeps the test short
    monkeypatch.setattr(ws_module, "HELLO_SECONDS", 0.5)
    made = create_table(live.url, rules=PLUMP, seats=SEATS)
    with _socket(live.url, made["id"], None) as ws:
        error = _recv(ws)
        with pytest.raises(ConnectionClosed):
            _recv(ws)
    assert (error["type"], error["code"]) == ("error", "no_hello")
    assert error["message"] == "ingen hello inom 0.5 s: en anslutning börjar med sin hello"
    assert ws.close_code == 4400


def _refused_hello(live: Running, table_id: str, hello: dict[str, Any]) -> dict[str, Any]:
    with _socket(live.url, table_id, None) as ws:
        ws.send(json.dumps(hello))
        error = _recv(ws)
        with pytest.raises(ConnectionClosed):
            _recv(ws)
    assert ws.close_code == 4403
    return error


def test_hellos_without_a_seat_token_and_a_second_hello(live: Running) -> None:
    made = create_table(live.url, rules=PLUMP, seats=SEATS)
    # no token, an empty one, the host token (it starts and rematches, it is no seat)
    for token in ({}, {"token": ""}, {"token": made["host_token"]}):
        error = _refused_hello(live, made["id"], {"type": "hello", "lang": "en", **token})
        assert (error["code"], error["message"]) == ("token", "not a token of this table")
    # a second hello changes nothing: it is an unknown message, the connection stays
    with _socket(live.url, made["id"], made["seats"][0]["token"]) as ws:
        other = made["seats"][1]["token"]
        ws.send(json.dumps({"type": "hello", "token": other, "lang": "sv", "id": "h2"}))
        error = _until(ws, "error")
        assert (error["code"], error["message"]) == ("malformed", "unknown message type hello")
        _pong(ws)


def _handshake(base: str, table_id: str) -> socket.socket:
    """A websocket opened by hand, hello said, that then never reads."""
    host, port = base.removeprefix("http://").split(":")
    sock = socket.create_connection((host, int(port)), timeout=10)
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall(
        (
            f"GET /ws/tables/{table_id} HTTP/1.1\r\nHost: {host}:{port}\r\n"
            "Upgrade: websocket\r\nConnection: Upgrade\r\n"
            f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
        ).encode()
    )
    answer = b""
    while b"\r\n\r\n" not in answer:
        answer += sock.recv(1)  # byte by byte: nothing after the handshake is read
    assert answer.startswith(b"HTTP/1.1 101")
    return sock


def _masked_text(text: str) -> bytes:
    payload = text.encode()
    assert len(payload) < 126
    mask = os.urandom(4)
    body = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
    return bytes([0x81, 0x80 | len(payload)]) + mask + body


def test_a_client_that_never_answers_the_ping_is_dropped(tmp_path: Path) -> None:
    """The keepalive of ``stickspel serve`` (20 s and 20 s) with shorter times: a ping,
    no pong within the timeout, close code 1011."""
    assert (wsguard.PING_INTERVAL_SECONDS, wsguard.PING_TIMEOUT_SECONDS) == (20.0, 20.0)
    server = start_server(f"sqlite:///{tmp_path / 'db.sqlite3'}", ping=(0.2, 0.3))
    try:
        made = create_table(server.url, rules=PLUMP, seats=SEATS)
        sock = _handshake(server.url, made["id"])
        token = made["seats"][0]["token"]
        sock.sendall(_masked_text(json.dumps({"type": "hello", "token": token})))
        time.sleep(1.5)  # not reading: the ping goes unanswered
        sock.settimeout(10)
        got = b""
        while chunk := sock.recv(65536):
            got += chunk
        sock.close()
        close = got[got.rindex(b"\x88") :]  # the close frame, the last one sent
        assert int.from_bytes(close[2:4], "big") == 1011  # keepalive ping timeout
    finally:
        server.stop()


def test_serve_runs_uvicorn_with_the_documented_keepalive(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from types import SimpleNamespace

    from stickspel.server import run

    given: dict[str, Any] = {}

    def server(config: Any, address: str, lang: str, then: Any) -> Any:  # not started
        given.update(vars(config), address=address)
        return SimpleNamespace(run=lambda: None)

    monkeypatch.setattr(run, "_announcing_server", server)
    monkeypatch.setattr(run, "setup_logging", lambda: None)
    run.serve(database=f"sqlite:///{tmp_path / 'db.sqlite3'}")
    assert given["ws_ping_interval"] == 20.0 and given["ws_ping_timeout"] == 20.0
    assert given["ws"] == "websockets-sansio" and given["ws_max_size"] == WS_MAX_SIZE
    assert given["address"] == "http://127.0.0.1:8000/"


def test_a_client_that_stops_reading_is_dropped_with_4408(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A spectator that stops reading (its library reads one frame ahead; the kernel's
    buffers are small on both ends, so that a short game fills them) while a game is
    played: once what waits for it passes the send queue's bound it is dropped —
    nothing more is queued for it, and when it reads again it finds close code 4408 —
    while the player plays on to the end."""
    monkeypatch.setattr(wsguard, "SEND_QUEUE_LIMIT", 16)
    live = start_server(tmp_path / "db.sqlite3", send_buffer=4096)
    try:
        seats = [{"name": "A"}, {"name": "B", "bot": "random"}, {"name": "C", "bot": "random"}]
        made = create_table(live.url, rules="plump(players=3,max_cards=8)", seats=seats)
        host, port = live.url.removeprefix("http://").split(":")
        sock = socket.socket()
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 2048)  # before connecting
        sock.connect((host, int(port)))
        url = f"ws://{host}:{port}/ws/tables/{made['id']}"
        with connect(url, sock=sock, max_queue=1, compression=None) as slow:
            hello = {"type": "hello", "token": made["spectator_token"], "ui": True}
            slow.send(json.dumps(hello))
            slow.recv(timeout=10)  # the welcome; then it reads no more
            with Client(live.url, made["id"], made["seats"][0]["token"]) as player:
                play_out([player])
                assert player.state["terminal"]
                room = live.app.state.rooms.get(made["id"])
                watching = [c for c in room.connections if c.person is None]
                # dropped: nothing more queued for it than the bound
                assert watching and all(c.dropped for c in watching)
                assert all(c.queued <= wsguard.SEND_QUEUE_LIMIT for c in watching)
            with pytest.raises(ConnectionClosed):
                while True:
                    slow.recv(timeout=10)
            assert slow.close_code == wsguard.CLOSE_SLOW
    finally:
        live.stop()

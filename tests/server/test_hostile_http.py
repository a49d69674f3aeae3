"""Hostile requests, as an attacker would send them from docs/protocol.md and
docs/protokoll.md alone, against a real server: JSON bodies with ``NaN``,
``Infinity``, lone surrogates (``"\\ud800"``), deep nesting, numbers too long, bytes
that are not UTF-8, over the size limit — to every REST endpoint that takes a body —
and hostile query strings and paths to every one that does not.  No answer is a 500,
every refusal is a documented status with a one-line error, nothing hostile is
stored, the server's log holds no error or traceback; and every answer carries the
safety headers of docs/deploy.md."""

from __future__ import annotations

import http.client
import json
import logging
import re
import urllib.parse
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from server_helpers import PLUMP, SEATS, ErrorLog, Running, start_server

from stickspel.client import create_table, request
from stickspel.server.httpguard import MAX_BODY_BYTES, MAX_BODY_DEPTH

#: The statuses docs/protocol.md names for an answer to a request (307: a path with a
#: slash too many is sent to the one without).
DOCUMENTED = {200, 201, 202, 307, 400, 401, 403, 404, 405, 409, 413, 422}


class Target:
    """The server under attack and the ids its paths need."""

    def __init__(self, running: Running) -> None:
        self.running = running
        made = create_table(running.url, rules=PLUMP, seats=SEATS)
        self.table = made["id"]
        status, sheet = request(
            running.url, "POST", "/api/sheets", {"game": "plump", "players": ["A", "B", "C", "D"]}
        )
        assert status == 201, sheet
        self.sheet = sheet["id"]
        self.sheet_token = sheet["scorer_token"]

    def paths(self, method: str) -> list[str]:
        """Every route of ``method`` with its path parameters filled in."""
        ids = {"table_id": self.table, "sheet_id": self.sheet, "job_id": "nojob"}
        out = []
        for route in self.running.app.routes:
            methods = getattr(route, "methods", None) or set()
            path = getattr(route, "path", "")
            if method in methods and path.startswith(("/api/", "/t/", "/s/", "/r/")):
                out.append(re.sub(r"\{(\w+)\}", lambda m: ids[m.group(1)], path))
        return sorted(out)

    def sheets_stored(self) -> int:
        return len(self.running.app.state.store.sheets())

    def tables_stored(self) -> int:
        return len(self.running.app.state.store.tables())


@pytest.fixture(scope="module")
def target(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Target]:
    db: Path = tmp_path_factory.mktemp("hostile") / "stickspel.sqlite3"
    running = start_server(f"sqlite:///{db}")
    yield Target(running)
    running.stop()


@pytest.fixture(scope="module")
def errors() -> Iterator[ErrorLog]:
    handler = ErrorLog()
    logging.getLogger().addHandler(handler)
    for name in ("uvicorn.error", "uvicorn", "stickspel.server"):
        logging.getLogger(name).addHandler(handler)
    yield handler
    logging.getLogger().removeHandler(handler)
    for name in ("uvicorn.error", "uvicorn", "stickspel.server"):
        logging.getLogger(name).removeHandler(handler)


@pytest.fixture(autouse=True)
def _fresh_errors(errors: ErrorLog) -> None:
    errors.records.clear()  # each test answers for its own requests


def send(
    running: Running, method: str, path: str, body: bytes | None = None, token: str = ""
) -> tuple[int, dict[str, str], bytes]:
    """One raw request (any bytes as the body); the status, headers and body."""
    host = urllib.parse.urlsplit(running.url)
    conn = http.client.HTTPConnection(host.hostname or "", host.port, timeout=20)
    headers = {"content-type": "application/json"}
    if token:
        headers["authorization"] = f"Bearer {token}"
    try:
        conn.request(method, path, body=body, headers=headers)
        resp = conn.getresponse()
        return resp.status, {k.lower(): v for k, v in resp.getheaders()}, resp.read()
    finally:
        conn.close()


def check_answer(status: int, headers: dict[str, str], body: bytes, what: str) -> None:
    assert status < 500, (what, status, body[:300])
    assert status in DOCUMENTED, (what, status, body[:300])
    assert b"Traceback" not in body, what
    assert "default-src 'self'" in headers.get("content-security-policy", ""), what
    if status >= 400 and headers.get("content-type", "").startswith("application/json"):
        answer = json.loads(body)
        err = answer.get("error") if isinstance(answer, dict) else None
        if err is not None:  # the server's own refusals: one line, both languages
            assert isinstance(err["code"], str) and err["message"] and err["sv"], what
            assert "\n" not in err["message"] and "\n" not in err["sv"], what


# --- what is sent ---------------------------------------------------------------------------

SURROGATES = st.integers(0xD800, 0xDFFF).map(lambda c: f"\\u{c:04x}")
#: Pieces of JSON text an attacker puts where a value goes.
HOSTILE_VALUES = st.one_of(
    st.sampled_from(["NaN", "Infinity", "-Infinity", "1" * 5000, "-" + "9" * 40, "1e999"]),
    SURROGATES.map(lambda s: f'"{s}"'),
    SURROGATES.map(lambda s: f'"Anna{s}"'),
    st.just('"\\ud83d\\ude00"'),  # a pair: one real character, not hostile
    st.integers(MAX_BODY_DEPTH, 5000).map(lambda n: "[" * n + "]" * n),
    st.integers(2, 40).map(lambda n: '{"a":' * n + "1" + "}" * n),
    st.text(max_size=20).map(json.dumps),
    st.integers().map(str),
    st.sampled_from(["null", "true", "[]", "{}", '"plump"', '"sv"', "3"]),
)
FIELDS = st.sampled_from(
    [
        "text",
        "rules",
        "game",
        "preset",
        "options",
        "seats",
        "players",
        "name",
        "token",
        "lang",
        "format",
        "version",
        "fields",
        "row",
        "first_dealer",
        "timer",
        "hints",
        "table",
    ]
)


@st.composite
def bodies(draw: st.DrawFn) -> bytes:
    """A JSON object's text with hostile values (and keys), or hostile bytes."""
    kind = draw(st.integers(0, 9))
    if kind == 0:
        return draw(st.binary(max_size=40))  # not UTF-8, not JSON
    if kind == 1:
        return b"\xed\xa0\x80"  # a surrogate encoded as UTF-8 bytes: not UTF-8
    pairs = []
    for _ in range(draw(st.integers(1, 4))):
        key = draw(FIELDS | SURROGATES.map(lambda s: s + "k"))
        pairs.append(f'"{key}": {draw(HOSTILE_VALUES)}')
    if kind == 2:  # a hostile value inside the shapes the API reads
        seat = f'{{"name": {draw(HOSTILE_VALUES)}}}'
        pairs.append(f'"seats": [{seat}, {{"name": "B"}}, {{"name": "C"}}]')
        pairs.append(f'"players": [{draw(HOSTILE_VALUES)}, "B", "C"]')
        pairs.append(f'"options": {{"max_cards": {draw(HOSTILE_VALUES)}}}')
        pairs.append(f'"fields": {{"bids": {draw(HOSTILE_VALUES)}}}')
    return ("{" + ", ".join(pairs) + "}").encode("utf-8")


# --- the tests ------------------------------------------------------------------------------


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(body=bodies(), which=st.integers(0, 1000))
def test_hostile_bodies_to_every_endpoint(
    target: Target, errors: ErrorLog, body: bytes, which: int
) -> None:
    paths = target.paths("POST")
    path = paths[which % len(paths)]
    for token in ("", target.sheet_token):
        status, headers, answer = send(target.running, "POST", path, body, token)
        check_answer(status, headers, answer, f"POST {path} {body[:80]!r}")
    assert not errors.records, [r.getMessage() for r in errors.records]


@pytest.mark.parametrize(
    "body",
    [
        '{"text": NaN}',
        '{"text": Infinity}',
        '{"text": "\\ud800"}',
        '{"players": ["\\ud800", "B", "C"], "game": "plump"}',
        '{"rules": "plump", "seats": [{"name": "\\udfff"}, {"name": "B"}, {"name": "C"}]}',
        '{"text": "https://x/t/1#token=\\ud800"}',
        '{"version": -Infinity, "fields": {"bids": "1,0,1"}}',
        "[" * 100_000 + "]" * 100_000,
        '{"version": ' + "9" * 5000 + "}",
    ],
)
def test_each_named_body_is_refused_with_400_and_nothing_stored(
    target: Target, errors: ErrorLog, body: str
) -> None:
    sheets, tables = target.sheets_stored(), target.tables_stored()
    for path in target.paths("POST"):
        status, headers, answer = send(target.running, "POST", path, body.encode())
        check_answer(status, headers, answer, f"POST {path}")
        assert status == 400, (path, status, answer[:200])
        assert json.loads(answer)["error"]["code"] == "malformed", path
    assert (target.sheets_stored(), target.tables_stored()) == (sheets, tables)
    assert not errors.records, [r.getMessage() for r in errors.records]


def test_a_body_over_the_limit_is_413_unread(target: Target, errors: ErrorLog) -> None:
    body = b'{"text": "' + b"x" * (MAX_BODY_BYTES + 10) + b'"}'
    status, headers, answer = send(target.running, "POST", "/api/sheets/upload", body)
    check_answer(status, headers, answer, "too big")
    assert status == 413 and json.loads(answer)["error"]["code"] == "too_big"
    assert not errors.records


def test_a_pair_of_surrogates_is_a_character_and_is_kept(target: Target) -> None:
    body = '{"game": "plump", "players": ["Anna \\ud83c\\udccf", "B", "C", "D"]}'
    status, _, answer = send(target.running, "POST", "/api/sheets", body.encode())
    assert status == 201, answer
    assert json.loads(answer)["players"][0] == "Anna \N{PLAYING CARD BLACK JOKER}"


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    value=st.one_of(
        st.sampled_from(["%ED%A0%80", "%FF%FE", "%00", "NaN", "x" * 3000, "%C0%AF", "a=b;c"]),
        st.text(max_size=20).map(urllib.parse.quote),
    ),
    which=st.integers(0, 1000),
)
def test_hostile_paths_and_queries(
    target: Target, errors: ErrorLog, value: str, which: int
) -> None:
    paths = target.paths("GET")
    path = paths[which % len(paths)]
    query = f"?lang={value}&format={value}&game={value}&players={value}&options={value}"
    for url in (path + query, path.rsplit("/", 1)[0] + "/" + value):
        status, headers, answer = send(target.running, "GET", url)
        check_answer(status, headers, answer, f"GET {url[:100]}")
    assert not errors.records, [r.getMessage() for r in errors.records]


@pytest.mark.parametrize("value", ["%0A", "%0D%0Ax", "%1B%5B31m", "%E2%80%AE", "%ED%A0%80"])
def test_an_id_with_controls_is_named_in_one_line(
    target: Target, errors: ErrorLog, value: str
) -> None:
    """A refusal that names the id from the path shows its controls, never a line break
    (hypothesis once found ``GET /api/sheets/%0A`` answered in two lines)."""
    for path in target.paths("GET"):
        url = path.rsplit("/", 1)[0] + "/" + value
        status, headers, answer = send(target.running, "GET", url)
        check_answer(status, headers, answer, f"GET {url}")
    assert not errors.records, [r.getMessage() for r in errors.records]


def test_no_listing_of_tables(target: Target) -> None:
    """docs/protocol.md: the server lists no one's tables to anyone."""
    status, _, _ = send(target.running, "GET", "/api/tables")
    assert status == 405
    status, _, answer = send(target.running, "GET", f"/api/tables/{target.table}")
    assert status == 200 and b"token" not in answer


@pytest.mark.parametrize("path", ["/", "/s/new", "/api/health", "/static/app.css", "/nothing"])
def test_safety_headers_on_every_answer(target: Target, path: str) -> None:
    status, headers, _ = send(target.running, "GET", path)
    assert status in (200, 404)
    policy = headers["content-security-policy"]
    assert "script-src 'self'" in policy and "frame-ancestors 'self'" in policy
    assert "http" not in policy  # no other site's scripts, styles or images
    assert headers["x-frame-options"] == "SAMEORIGIN"
    assert headers["referrer-policy"] == "no-referrer"
    assert headers["x-content-type-options"] == "nosniff"


@pytest.mark.parametrize("path", ["/docs", "/redoc", "/docs/oauth2-redirect"])
def test_no_api_pages_with_scripts_of_other_sites(target: Target, path: str) -> None:
    status, _, answer = send(target.running, "GET", path)
    assert status == 404 and b"cdn" not in answer.lower()


def _sheet_follow(running: Running, sheet: str, hello: str | bytes) -> tuple[int | None, Any]:
    from websockets.exceptions import ConnectionClosed
    from websockets.sync.client import connect

    url = f"{running.url.replace('http', 'ws', 1)}/ws/sheets/{sheet}"
    with connect(url, open_timeout=10) as ws:
        ws.send(hello)
        try:
            first = json.loads(ws.recv(timeout=10))
            ws.recv(timeout=2)
        except ConnectionClosed:
            return ws.close_code, locals().get("first")
        except TimeoutError:
            return None, first
    return ws.close_code, first


@pytest.mark.parametrize(
    "hello",
    [
        '{"type": "hello", "token": "\\ud800"}',
        '{"type": "hello", "token": "x", "lang": "\\udfff"}',
        "[" * 5_000 + "]" * 5_000,
        '{"type": "hello", "token": NaN}',
        b"\x00\x01",
        '"hello"',
    ],
)
def test_the_sheet_websocket_refuses_a_hostile_hello(
    target: Target, errors: ErrorLog, hello: str | bytes
) -> None:
    code, first = _sheet_follow(target.running, target.sheet, hello)
    assert code in (4400, 4403), (code, first)
    assert first["type"] == "error"
    assert not errors.records, [r.getMessage() for r in errors.records]

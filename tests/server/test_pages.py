"""The pages: served, and every name escaped."""

from __future__ import annotations

import json
import urllib.error
import urllib.request

from server_helpers import Running

from stickspel.client import create_table


def get(url: str) -> str:
    with urllib.request.urlopen(url, timeout=10) as resp:
        assert resp.status == 200
        return str(resp.read().decode())


def test_names_are_escaped(live: Running) -> None:
    evil = "<script>alert(1)</script>"
    seats = [{"name": evil}, {"name": "Björn"}, {"name": "Bot", "bot": "random"}]
    made = create_table(live.url, rules="plump(players=3,max_cards=2)", seats=seats)
    for page in (get(live.url + "/"), get(live.url + f"/t/{made['id']}")):
        assert evil not in page
        assert "&lt;script&gt;" in page or "\\u003cscript\\u003e" in page
    assert "Björn" in get(live.url + "/")


def test_qr_code(live: Running) -> None:
    status, svg = request_raw(live.url, "/api/qr", {"text": "http://127.0.0.1/t/x#token=y"})
    assert status == 200 and b"<svg" in svg
    status, _ = request_raw(live.url, "/api/qr", {"text": "x" * 501})
    assert status == 422


def request_raw(base: str, path: str, body: object) -> tuple[int, bytes]:
    req = urllib.request.Request(
        base + path,
        data=json.dumps(body).encode(),
        method="POST",
        headers={"content-type": "application/json"},
    )
    try:
        with urllib.request.urlopen(req, timeout=10) as resp:
            return resp.status, bytes(resp.read())
    except urllib.error.HTTPError as e:
        return e.code, bytes(e.read())

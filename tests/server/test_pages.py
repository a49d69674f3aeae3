"""The pages: served, and every name escaped."""

from __future__ import annotations

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

"""The finished game's analysis over HTTP: for everyone at the table, only at the
end, one line per move that lost points, names escaped."""

from __future__ import annotations

import json
import urllib.error
import urllib.request

from server_helpers import PLUMP, Running, play_out

from stickspel.client import Client, create_table


def _post(base: str, path: str, body: dict[str, str]) -> tuple[int, str]:
    req = urllib.request.Request(
        base + path, json.dumps(body).encode(), {"content-type": "application/json"}
    )
    try:
        with urllib.request.urlopen(req, timeout=120) as resp:
            return resp.status, resp.read().decode()
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode()


def test_analysis_of_a_finished_game(live: Running) -> None:
    seats = [
        {"name": "<b>Anna</b>"},
        {"name": "Bot", "bot": "random"},
        {"name": "Bot 2", "bot": "heuristic"},
    ]
    made = create_table(live.url, rules=PLUMP, seats=seats)
    path = f"/api/tables/{made['id']}/analysis"
    token = made["seats"][0]["token"]
    status, _ = _post(live.url, path, {"token": token})
    assert status == 409  # not before the end: it would judge moves still to come
    with Client(live.url, made["id"], token) as anna:
        play_out([anna])
        assert anna.state["terminal"]
    status, page = _post(live.url, path, {"token": token, "lang": "en"})
    assert status == 200 and page.startswith("<!doctype html>")
    assert "&lt;b&gt;Anna&lt;/b&gt;" in page and "<b>Anna" not in page
    assert "points lost" in page
    # spectators may see it at the end too; strangers may not
    assert _post(live.url, path, {"token": made["spectator_token"], "lang": "sv"})[0] == 200
    assert _post(live.url, path, {"token": "nope"})[0] == 403

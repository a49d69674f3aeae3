"""The pages: served, and every name escaped."""

from __future__ import annotations

import json
import urllib.error
import urllib.request

from server_helpers import SEATS, Running

from stickspel.client import create_table
from stickspel.core.cards import card_display, parse_card


def get(url: str) -> str:
    with urllib.request.urlopen(url, timeout=10) as resp:
        assert resp.status == 200
        return str(resp.read().decode())


def test_names_are_escaped(live: Running) -> None:
    evil = "<script>alert(1)</script>"
    seats = [{"name": evil}, {"name": "Björn"}, {"name": "Bot", "bot": "random"}]
    made = create_table(live.url, rules="plump(players=3,max_cards=2)", seats=seats)
    page = get(live.url + f"/t/{made['id']}")
    assert evil not in page
    assert "&lt;script&gt;" in page or "\\u003cscript\\u003e" in page
    # the lobby lists only the tables this browser made (from its local storage):
    # no one sees who plays at other people's tables
    lobby = get(live.url + "/")
    assert "Björn" not in lobby and evil not in lobby


def test_pages_carry_the_catalogues_words(live: Running) -> None:
    from stickspel.i18n import render

    page = get(live.url + "/?lang=en")
    for lang in ("sv", "en"):
        assert json.dumps(render("web.make", {}, lang))[1:-1] in page


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


def test_protokoll(live: Running) -> None:
    made = create_table(live.url, rules="plump(players=3,max_cards=2)", seats=SEATS)
    token = made["seats"][0]["token"]
    path = f"/api/tables/{made['id']}/protokoll"
    status, page = request_raw(live.url, path, {"token": token, "lang": "en"})
    assert status == 200 and b"<table" in page and "Björn".encode() in page
    room = live.app.state.rooms.get(made["id"])
    for other in room.table.persons[1:]:  # no one else's cards
        for card in room.table.view(other).observation["hand"]:
            shown = card_display(parse_card(card), "en")
            assert shown.encode() not in page and f">{card}<".encode() not in page
    status, pdf = request_raw(live.url, path, {"token": token, "format": "pdf"})
    assert status == 200 and pdf.startswith(b"%PDF")
    # the spectators get the public protokoll: no one's cards in hand
    status, page = request_raw(live.url, path, {"token": made["spectator_token"], "lang": "en"})
    assert status == 200 and b"<table" in page
    for other in room.table.persons:
        for card in room.table.view(other).observation["hand"]:
            assert card_display(parse_card(card), "en").encode() not in page
    status, _ = request_raw(live.url, path, {"token": "not-a-token"})
    assert status == 403


def test_every_word_the_pages_use_is_in_both_catalogues() -> None:
    import re

    from stickspel.i18n import catalogue
    from stickspel.server.common import HERE

    used = set()
    for path in [*(HERE / "static").glob("*.js"), *(HERE / "templates").glob("*.html")]:
        text = path.read_text()
        used |= set(re.findall(r"\btn?\(lang, \"(\w+)\"", text))
        used |= set(re.findall(r"data-t=\"(\w+)\"", text))
        used |= set(re.findall(r"setConn\(\"(\w+)\"", text))  # the connection's status
    assert {"your_turn", "make", "back", "retry_in"} <= used
    for lang in ("sv", "en"):
        missing = {k for k in used if f"web.{k}" not in catalogue(lang)}
        assert not missing, f"{lang}: {missing}"
    web = {lang: {k for k in catalogue(lang) if k.startswith("web.")} for lang in ("sv", "en")}
    assert web["sv"] == web["en"]


def test_two_seats_of_one_name_are_refused(live: Running) -> None:
    seats = [{"name": "Anna"}, {"name": " anna "}, {"name": "Bot", "bot": "random"}]
    status, answer = request_raw(
        live.url, "/api/tables", {"rules": "plump(players=3)", "seats": seats}
    )
    assert status == 400
    error = json.loads(answer)["error"]
    assert "anna" in error["message"] and "Två platser" in error["sv"]

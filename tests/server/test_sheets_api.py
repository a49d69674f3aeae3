"""Score sheets over the REST API and the websocket of a real server: kept by the
scorekeeper of ``stickspel protokoll`` (the same refusals, the same file), stored in
the database (SQLite and PostgreSQL) through a restart, two scorers at once under the
version check, bad files refused whole; and the replay's API (frames, the analysis job)."""

from __future__ import annotations

import json
import re
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from server_helpers import Running, start_server
from typer.testing import CliRunner

from stickspel.client import create_table

pytestmark = pytest.mark.databases

FOUR = ["Anna", "Björn", "Cissi", "David"]


def call(
    base: str, method: str, path: str, body: Any = None, token: str = "", raw: bool = False
) -> tuple[int, Any]:
    headers = {"content-type": "application/json"}
    if token:
        headers["authorization"] = f"Bearer {token}"
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(base + path, data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            payload = r.read()
            return r.status, payload if raw else json.loads(payload)
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read())


def new_sheet(live: Running, **body: Any) -> dict[str, Any]:
    body = {"game": "plump", "options": {"max_cards": 3}, "players": FOUR, **body}
    status, made = call(live.url, "POST", "/api/sheets", body)
    assert status == 201, made
    return made


def enter(live: Running, made: dict[str, Any], version: int, **fields: str) -> tuple[int, Any]:
    path = f"/api/sheets/{made['id']}/deals"
    return call(
        live.url, "POST", path, {"version": version, "fields": fields}, made["scorer_token"]
    )


def test_a_sheet_survives_a_restart(database: str, live: Running) -> None:
    made = new_sheet(live)
    assert made["next"]["text"] == "Giv 1: Anna ger 3 kort. Björn börjar."
    assert enter(live, made, 0, bids="0,1,1,0", tricks="0,+,+,1")[0] == 200
    status, after = enter(live, made, 1, bids="1,0,0,0", tricks="1,0,0,1")
    assert status == 200 and after["version"] == 2 and after["totals"] == [21, 21, 21, 0]
    port = live.url.rsplit(":", 1)[1]
    live.stop()
    again = start_server(database, port=int(port))
    try:
        status, state = call(
            again.url, "GET", f"/api/sheets/{made['id']}", token=made["reader_token"]
        )
        assert status == 200 and state["version"] == 2 and state["role"] == "reader"
        assert state["totals"] == after["totals"] and state["next"]["row"] == 3
    finally:
        again.stop()


def test_two_scorers_at_once_one_wins_and_the_other_is_told(live: Running) -> None:
    made = new_sheet(live)
    first = enter(live, made, 0, bids="0,1,1,0", tricks="0,+,+,1")
    second = enter(live, made, 0, bids="1,0,1,0", tricks="1,0,1,1")
    assert first[0] == 200
    assert second[0] == 409 and second[1]["error"]["code"] == "stale"
    assert "someone else entered something first" in second[1]["error"]["message"]
    assert second[1]["sheet"]["version"] == 1  # the sheet as it is now, to look at
    # undo names its version too
    stale_undo = call(
        live.url, "POST", f"/api/sheets/{made['id']}/undo", {"version": 0}, made["scorer_token"]
    )
    assert stale_undo[0] == 409


def test_refusals_carry_the_scorekeepers_reasons_and_readers_cannot_write(
    live: Running,
) -> None:
    made = new_sheet(live)
    status, refused = enter(live, made, 0, bids="1,1,1,0", tricks="1,1,1,0")
    assert status == 422
    assert refused["error"]["sv"] == (
        "rad 1 (3 kort, Anna ger): givaren (Anna) får inte bjuda 1: buden skulle bli 3 (spärren)"
    )
    path = f"/api/sheets/{made['id']}/check"
    status, answer = call(
        live.url, "POST", path, {"fields": {"bids": ",1,1,0"}}, made["scorer_token"]
    )
    assert status == 200 and answer == {"ok": True, "forbidden": 1}
    status, refused = call(
        live.url, "POST", path, {"fields": {"tricks": ",4"}}, made["scorer_token"]
    )
    assert status == 422 and "Björn kan ta 0–3 stick" in refused["error"]["sv"]
    # a reader follows but cannot write; a wrong key is told so
    path = f"/api/sheets/{made['id']}/deals"
    body = {"version": 0, "fields": {"bids": "0,1,1,0", "tricks": "0,+,+,1"}}
    assert call(live.url, "POST", path, body, made["reader_token"])[0] == 403
    assert call(live.url, "GET", f"/api/sheets/{made['id']}", token="nobody")[0] == 403
    assert call(live.url, "GET", "/api/sheets/nothing", token="x")[0] == 404
    # a correction that makes a later row impossible is refused naming that row
    assert enter(live, made, 0, bids="0,1,1,0", tricks="0,+,+,1")[0] == 200
    assert enter(live, made, 1, bids="1,0,0,0", tricks="1,0,0,1")[0] == 200
    body = {"version": 2, "row": 1, "fields": {"bids": "0,1,1,0", "tricks": "0,+,+,1"}}
    status, fixed = call(live.url, "POST", path, body, made["scorer_token"])
    assert status == 200 and fixed["version"] == 3


def test_web_and_cli_files_are_identical_and_upload_checks_the_whole_file(
    live: Running, tmp_path: Path
) -> None:
    from stickspel.cli.app import app as cli

    file = tmp_path / "kväll.json"
    runner = CliRunner()
    args = ["protokoll", "new", "plump", "--players", ",".join(FOUR), "--file", str(file)]
    assert runner.invoke(cli, [*args, "-o", "max_cards=3"]).exit_code == 0
    deals = [("0,1,1,0", "0,+,+,1"), ("1,0,0,0", "1,0,0,1")]
    for bids, tricks in deals:
        added = ["protokoll", "add", "--file", str(file), "--bids", bids, "--tricks", tricks]
        assert runner.invoke(cli, added).exit_code == 0
    made = new_sheet(live)
    for version, (bids, tricks) in enumerate(deals):
        assert enter(live, made, version, bids=bids, tricks=tricks)[0] == 200
    status, web = call(
        live.url, "GET", f"/api/sheets/{made['id']}/record", token=made["scorer_token"], raw=True
    )
    assert status == 200 and web.decode() == file.read_text(encoding="utf-8")

    before = len(live.app.state.store.sheets())
    status, up = call(live.url, "POST", "/api/sheets/upload", {"text": file.read_text()})
    assert status == 201 and up["totals"] == [21, 21, 21, 0]
    got = call(
        live.url, "GET", f"/api/sheets/{up['id']}/record", token=up["scorer_token"], raw=True
    )
    assert got[1].decode() == file.read_text(encoding="utf-8")
    # bad files: a one-line reason each, nothing stored
    doc = json.loads(file.read_text())
    doc["deals"][1]["result"]["points"] = [0, 0, 0, 99]
    bad = ["{not json", json.dumps({"format": "stickspel/1"}), json.dumps(doc)]
    for text in bad:
        status, refused = call(live.url, "POST", "/api/sheets/upload", {"text": text})
        assert status == 422 and "\n" not in refused["error"]["message"], refused
    assert len(live.app.state.store.sheets()) == before + 1


def test_every_phone_hears_of_each_change(live: Running) -> None:
    from websockets.sync.client import connect

    made = new_sheet(live)
    url = live.url.replace("http", "ws") + f"/ws/sheets/{made['id']}"
    with connect(url) as ws:
        ws.send(json.dumps({"type": "hello", "token": made["reader_token"], "lang": "en"}))
        first = json.loads(ws.recv(timeout=10))
        assert first["type"] == "sheet" and first["sheet"]["version"] == 0
        assert enter(live, made, 0, bids="0,1,1,0", tricks="0,+,+,1")[0] == 200
        second = json.loads(ws.recv(timeout=10))
        assert second["sheet"]["version"] == 1 and second["sheet"]["role"] == "reader"
        assert second["sheet"]["next"]["text"] == "Deal 2: Björn deals 2 cards. Cissi starts."
    with connect(url) as ws:
        ws.send(json.dumps({"type": "hello", "token": "nobody"}))
        assert json.loads(ws.recv(timeout=10))["code"] == "token"


def test_a_finished_game_replays_for_its_people_only_and_is_analysed_in_the_background(
    live: Running,
) -> None:
    seats = [{"name": n, "bot": "random"} for n in ("Anna", "Ben", "Cleo")]
    made = create_table(live.url, rules="plump(players=3,max_cards=1)", seats=seats)
    path = f"/api/tables/{made['id']}/replay"
    assert call(live.url, "POST", path, {"token": "nobody"})[0] == 403
    status, frames = call(live.url, "POST", path, {"token": made["spectator_token"], "lang": "en"})
    assert status == 200 and frames["players"] == ["Anna", "Ben", "Cleo"]
    assert all(len(f["hands"]) == 3 for f in frames["frames"])
    status, job = call(
        live.url, "POST", "/api/analyses", {"table": made["id"], "token": made["spectator_token"]}
    )
    assert status == 202
    end = time.monotonic() + 120
    while not job["finished"]:
        assert time.monotonic() < end and not job["error"]
        time.sleep(0.2)
        job = call(live.url, "GET", f"/api/analyses/{job['job']}")[1]
    assert job["done"] == job["total"] > 0 and job["analysis"]["players"] == frames["players"]
    # a file read in: a record with cards replays; a kept sheet (no cards) is told why not
    status, refused = call(live.url, "POST", "/api/replays", {"text": '{"format": "stickspel/1"'})
    assert status == 422 and "\n" not in refused["error"]["message"]


def test_a_game_under_way_is_not_replayed(live: Running) -> None:
    """Every hand is shown in a replay: never before the game is over, for anyone."""
    seats = [{"name": "Anna"}, {"name": "Ben", "bot": "random"}, {"name": "Cleo", "bot": "random"}]
    made = create_table(live.url, rules="plump(players=3,max_cards=1)", seats=seats)
    path = f"/api/tables/{made['id']}/replay"
    for token in (made["seats"][0]["token"], made["spectator_token"]):
        status, body = call(live.url, "POST", path, {"token": token, "lang": "en"})
        assert status == 409 and body["error"]["code"] == "not_over"
        assert "hands" not in str(body)


# --- an open row: the calls written when the deal starts, the tricks when it is played ----


def check(live: Running, made: dict[str, Any], **fields: str) -> tuple[int, Any]:
    path = f"/api/sheets/{made['id']}/check"
    return call(live.url, "POST", path, {"fields": fields}, made["scorer_token"])


def test_plump_bids_are_written_first_and_the_tricks_complete_the_row(
    live: Running, tmp_path: Path
) -> None:
    from websockets.sync.client import connect

    from stickspel.records import replay

    made = new_sheet(live)
    url = live.url.replace("http", "ws") + f"/ws/sheets/{made['id']}"
    with connect(url) as ws:
        ws.send(json.dumps({"type": "hello", "token": made["reader_token"], "lang": "sv"}))
        assert json.loads(ws.recv(timeout=10))["sheet"]["pending"] is None
        # the spärr is judged on the bids alone, in words of the page (no option names)
        status, refused = enter(live, made, 0, bids="1,1,1,0")
        assert status == 422 and refused["error"]["sv"] == (
            "rad 1 (3 kort, Anna ger): givaren (Anna) får inte bjuda 1: buden skulle bli 3 (spärren)"
        )
        for fields, sv in (
            ({}, "Skriv in vad var och en bjöd"),
            ({"tricks": "0,1,1,1"}, "Skriv in vad var och en bjöd"),
            ({"bids": "0,,1,0"}, "Skriv in vad var och en bjöd (saknas: Björn)"),
            ({"bids": "0,x,1,0"}, "bud: 'x' är inget tal"),
        ):
            status, refused = enter(live, made, 0, **fields)
            assert status == 422 and sv in refused["error"]["sv"], refused
            assert "--" not in refused["error"]["sv"] + refused["error"]["message"]
        status, opened = enter(live, made, 0, bids="0,1,1,0")
        assert status == 200 and opened["version"] == 1 and opened["totals"] == [0, 0, 0, 0]
        assert opened["pending"]["fields"]["bids"] == "0,1,1,0"
        assert opened["pending"]["label"] == "rad 1 (3 kort, Anna ger)"
        assert opened["next"]["row"] == 1 and opened["rows"] == []
        # every phone sees the bids at once: a row of the sheet without a score
        told = json.loads(ws.recv(timeout=10))["sheet"]
        assert told["role"] == "reader" and told["pending"]["fields"]["bids"] == "0,1,1,0"
        assert told["pending"]["text"] == "Buden är skrivna. Skriv in sticken när given är spelad."
        assert '<tr class="pending">' in told["html"] and "Summa" in told["html"]
        # the tricks alone complete the row; some missing are named
        status, refused = enter(live, made, 1, tricks="0,,+,1")
        assert status == 422 and refused["error"]["sv"].endswith(
            "Skriv in hur många stick var och en tog (saknas: Björn)"
        )
        status, refused = enter(live, made, 1, bids="0,1,1,0")
        assert status == 422 and "Skriv in hur många stick var och en tog" in refused["error"]["sv"]
        assert check(live, made, bids="0,1,1,0", tricks="0,4")[0] == 422
        status, done = enter(live, made, 1, tricks="0,+,+,1")
        assert status == 200 and done["pending"] is None and done["totals"] == [10, 11, 11, 0]
    # the same entries give the same file as entering the deal at once (and as the CLI)
    again = new_sheet(live)
    assert enter(live, again, 0, bids="0,1,1,0", tricks="0,+,+,1")[0] == 200
    files = [
        call(live.url, "GET", f"/api/sheets/{m['id']}/record", token=m["scorer_token"], raw=True)[1]
        for m in (made, again)
    ]
    assert files[0] == files[1]
    # an open row is a valid record (the bids kept beside the deals) and uploads as it is
    assert enter(live, made, 2, bids="1,0,0,0")[0] == 200
    status, text = call(
        live.url, "GET", f"/api/sheets/{made['id']}/record", token=made["scorer_token"], raw=True
    )
    doc = json.loads(text)
    assert len(doc["deals"]) == 1 and doc["scorekeeper"]["pending"]["cards"] == 2
    assert replay(doc).finished is False
    status, up = call(live.url, "POST", "/api/sheets/upload", {"text": text.decode()})
    assert status == 201 and up["pending"]["fields"]["bids"] == "1,0,0,0"
    # the CLI reads the file and completes its open row
    from stickspel.cli.app import app as cli

    file = tmp_path / "kväll.json"
    file.write_bytes(text)
    added = ["protokoll", "add", "--file", str(file), "--bids", "1,0,0,0", "--tricks", "1,0,0,1"]
    assert CliRunner().invoke(cli, added).exit_code == 0
    after = json.loads(file.read_text(encoding="utf-8"))
    assert "pending" not in after["scorekeeper"] and len(after["deals"]) == 2


def test_an_open_row_is_corrected_undone_and_guarded_by_the_version(live: Running) -> None:
    made = new_sheet(live)
    assert enter(live, made, 0, bids="0,1,1,0", tricks="0,+,+,1")[0] == 200
    assert enter(live, made, 1, bids="1,0,0,0")[0] == 200
    # a second scorer writing on the version before is told (409), nothing changed
    status, stale = enter(live, made, 1, bids="0,0,0,1")
    assert status == 409 and stale["sheet"]["pending"]["fields"]["bids"] == "1,0,0,0"
    # the open row corrected: by its row number, or by writing other bids
    path = f"/api/sheets/{made['id']}/deals"
    body = {"version": 2, "row": 2, "fields": {"bids": "0,0,0,1"}}
    status, fixed = call(live.url, "POST", path, body, made["scorer_token"])
    assert status == 200 and fixed["pending"]["fields"]["bids"] == "0,0,0,1"
    assert enter(live, made, 3, bids="0,0,0,0")[1]["pending"]["fields"]["bids"] == "0,0,0,0"
    # a correction of an earlier row keeps the open row
    body = {"version": 4, "row": 1, "fields": {"tricks": "1,0,1,1"}}
    status, fixed = call(live.url, "POST", path, body, made["scorer_token"])
    assert status == 200 and fixed["pending"] is not None and fixed["totals"] == [0, 0, 11, 0]
    assert fixed["rows"][0]["label"] == "rad 1 (3 kort, Anna ger)"  # the page's language
    # undo takes the open row first, then the row before it
    undo = f"/api/sheets/{made['id']}/undo"
    status, undone = call(live.url, "POST", undo, {"version": 5}, made["scorer_token"])
    assert status == 200 and undone["pending"] is None and len(undone["rows"]) == 1
    status, undone = call(live.url, "POST", undo, {"version": 6}, made["scorer_token"])
    assert status == 200 and undone["rows"] == [] and undone["totals"] == [0, 0, 0, 0]


def test_priffe_call_and_tremanswhist_upcard_and_purchases_are_written_first(
    live: Running,
) -> None:
    made = new_sheet(live, game="priffe", options={})
    status, refused = enter(live, made, 0, tricks="9")
    assert status == 422 and refused["error"]["sv"].endswith(
        "Skriv in buden i tur från förhand, eller kontraktet och vem som bjöd det"
    )
    status, refused = enter(live, made, 0, calls="pass,pass,spader")
    assert status == 422 and "spader" in refused["error"]["sv"]
    status, opened = enter(live, made, 0, contract="hjärter", by="Cissi")
    assert status == 200 and opened["pending"]["fields"]["calls"] == "pass,hjärter,pass,pass"
    assert opened["totals"] == [0, 0, 0, 0] and "hjärter" in opened["html"]
    status, done = enter(live, made, 1, tricks="9")
    assert status == 200 and done["pending"] is None and done["totals"] == [30, 0, 30, 0]

    three = ["Anna", "Björn", "Cissi"]
    for options, first, tricks, points in (
        ({"form": "buying"}, {"bought": "2,1,0"}, "5,4,4", [3, -2, -1]),
        ({}, {"upcard": "QH", "exchange": "Björn"}, "5,4,4", [1, -1, 0]),
    ):
        made = new_sheet(live, game="tremanswhist", options=options, players=three)
        status, opened = enter(live, made, 0, **first)
        assert status == 200 and opened["pending"] is not None and opened["totals"] == [0, 0, 0]
        status, done = enter(live, made, 1, tricks=tricks)
        assert status == 200 and done["pending"] is None and done["totals"] == points, done


def test_a_sheet_printed_mid_game_lists_every_deal_to_come(live: Running) -> None:
    """As a paper sheet for the evening: each deal of the game a row with its cards,
    the open row's bids written, the rest empty; the totals so far marked so."""
    import subprocess

    made = new_sheet(live)
    assert enter(live, made, 0, bids="0,1,1,0", tricks="0,+,+,1")[0] == 200
    assert enter(live, made, 1, bids="0,0,0,1")[0] == 200  # the bids of deal 2, no tricks yet
    path = f"/api/sheets/{made['id']}/print?format=pdf&lang=en"
    status, pdf = call(live.url, "GET", path, token=made["reader_token"], raw=True)
    assert status == 200 and pdf.startswith(b"%PDF")
    text = subprocess.run(
        ["pdftotext", "-layout", "-", "-"], input=pdf, capture_output=True, check=True
    ).stdout.decode()
    # max_cards 3 for four: 3 2 1 2 3, every row labelled by its cards in order
    labels = [m.group(1) for m in re.finditer(r"^\s*([123])\b", text, re.M)]
    assert labels == ["3", "2", "1", "2", "3"], text
    assert "Total so far" in text and "after 1 of 5 deals" in text, text

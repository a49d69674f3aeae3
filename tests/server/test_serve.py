"""`stickspel serve` as a process: the data folder, health, JSON-line logs without secrets."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

from server_helpers import free_port

from stickspel.client import Client, create_table, request


def test_serve_command(tmp_path: Path) -> None:
    port = free_port()
    env = {**os.environ, "STICKSPEL_DATA": str(tmp_path / "data")}
    cmd = [
        sys.executable,
        "-c",
        "from stickspel.cli import main; main()",
        "serve",
        "--port",
        str(port),
    ]
    proc = subprocess.Popen(
        [*cmd, "--lang", "en"],
        env=env,
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        end = time.monotonic() + 20
        while True:
            try:
                status, health = request(url, "GET", "/api/health")
                break
            except OSError:
                assert proc.poll() is None, proc.stderr.read() if proc.stderr else ""
                assert time.monotonic() < end, "the server did not answer"
                time.sleep(0.1)
        assert status == 200 and health["database"]["kind"] == "sqlite"
        assert (tmp_path / "data" / "stickspel.sqlite3").is_file()
        seats = [
            {"name": "Anna"},
            {"name": "Björn", "bot": "random"},
            {"name": "C", "bot": "random"},
        ]
        made = create_table(url, rules="plump(players=3,max_cards=2)", seats=seats)
        with Client(url, made["id"], made["seats"][0]["token"]) as anna:
            if not anna.state["legal"]:  # the bots move one at a time (--bot-delay)
                anna.wait_for(lambda m: m["type"] == "state" and bool(m["legal"]))
            hand = anna.state["observation"]["hand"]
            anna.act(anna.state["legal"][0]["action"])
        request(url, "GET", f"/api/tables/{made['id']}?token={made['host_token']}")
    finally:
        proc.terminate()
        out, err = proc.communicate(timeout=20)
    # one plain line for people: where to point a browser (the logs are on stderr)
    assert out.splitlines() == [
        f"stickspel is running: open {url}/ in your browser (Ctrl-C stops the server)"
    ]
    lines = [json.loads(line) for line in err.splitlines() if line.strip()]
    assert any(line["msg"] == "table created" for line in lines)
    # a line per action only at debug level (off by default: it cost more than the action)
    assert not any(line["msg"] == "action" for line in lines)
    assert any(line.get("path") == "/api/health" and line["status"] == 200 for line in lines)
    secrets = [made["host_token"], made["spectator_token"], made["seats"][0]["token"]]
    for secret in secrets:
        assert secret not in err
    for card in hand:
        assert f'"{card}"' not in err

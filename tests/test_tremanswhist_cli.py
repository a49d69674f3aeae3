"""Tremanswhist end to end through the `stickspel` console script: simulate, replay, play, docs."""

from __future__ import annotations

import json
import re
from pathlib import Path

from referee.tremanswhist import check_tremanswhist_record
from terminal_session import END, PROMPT, ROOT, Session, run

from stickspel.records import load_record, replay


def test_simulate_records_replay_and_pass_the_referee(tmp_path: Path) -> None:
    runs = {
        "standard": ["--bots", "heuristic,random,heuristic"],
        "offer": ["--preset", "offer_round", "--bots", "random"],
        "buying": ["--preset", "buying", "--bots", "heuristic,random,random"],
    }
    for name, extra in runs.items():
        out = tmp_path / name
        res = run("simulate", "tremanswhist", "--games", "4", "--seed", "9", *extra,
                  "--record-dir", str(out), "--json")  # fmt: skip
        assert res.returncode == 0, res.stderr
        summary = json.loads(res.stdout)
        assert summary["games"] == 4
        files = sorted(out.glob("*.json"))
        assert len(files) == 4
        for f in files:
            doc = load_record(f)
            assert doc["game"] == "tremanswhist"
            assert check_tremanswhist_record(doc) == [], f
            # a game stopped at the deal cap is unfinished and says so (issue 10 #15)
            assert replay(doc).finished == ("stopped" not in doc)
        assert summary["stopped"] == sum("stopped" in load_record(f) for f in files)
        finished = [f for f in files if "stopped" not in load_record(f)]
        rep = run("replay", str(finished[0]))
        assert rep.returncode == 0, rep.stdout + rep.stderr
        assert "Giltigt protokoll." in rep.stdout and "Summa" in rep.stdout
        if name == "buying":
            assert "Omgång 3: plus med trumf" in rep.stdout and "Efter omgång 2" in rep.stdout


def test_replay_rejects_a_void_player_who_does_not_trump(tmp_path: Path) -> None:
    res = run("simulate", "tremanswhist", "--games", "6", "--seed", "4", "--bots", "random",
              "--record-dir", str(tmp_path))  # fmt: skip
    assert res.returncode == 0, res.stderr
    # find a trick where a void player trumped although it held a side card, and undo it
    for path in sorted(tmp_path.glob("*.json")):
        doc = load_record(path)
        for d, deal in enumerate(doc["deals"]):
            trump = deal["trump"]
            if trump is None:
                continue
            held = [set(h) for h in deal["hands"]]
            for e in deal["exchanges"]:
                if e["take"]:
                    held[e["seat"]] = set(deal["extra"][0])
            for t, trick in enumerate(deal["tricks"]):
                led = trick["cards"][0][1]
                seat = trick["leader"]
                for k, c in enumerate(trick["cards"]):
                    hand = held[seat]
                    side = [x for x in hand if x[1] not in (led, trump)]
                    void = not any(x[1] == led for x in hand)
                    if k and void and c[1] == trump and side:
                        trick["cards"][k] = side[0]
                        path.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
                        rep = run("replay", str(path))
                        assert rep.returncode == 1
                        text = rep.stdout + rep.stderr
                        assert "duty_to_trump" in text and f"giv {d + 1}" in text.lower()
                        assert f"stick {t + 1}" in text.lower()
                        assert check_tremanswhist_record(doc) != []
                        return
                    hand.discard(c)
                    seat = (seat + 1) % 3
    raise AssertionError("no trick with a ruff found in the simulated games")


def test_a_main_game_typed_in_at_the_terminal(tmp_path: Path) -> None:
    s = Session(["play", "tremanswhist", "--seed", "3", "--win-score", "3", "--name", "Testaren",
                 "--record", "r.json"], tmp_path)  # fmt: skip
    refused = answered_offer = False
    while True:
        which, m = s.expect(PROMPT, END)
        if which == 1:
            break
        legal = m.group(1).split()
        line = s.out[: m.start()].rsplit("\n", 1)[-1]
        if "Byta din hand" in line:
            answered_offer = True
            if not refused:
                s.send("köp")  # not an answer to the offer: refused, nothing lost
                s.expect(re.compile(r"fjärde högen: svara byt"))
                s.expect(PROMPT)
                refused = True
        s.send(legal[-1] if "Byta din hand" in line else legal[0])
    assert s.finish() == 0
    assert refused and answered_offer
    assert "Partiet är slut." in s.out and "Summa" in s.out
    doc = load_record(tmp_path / "r.json")
    assert doc["players"][0] == "Testaren" and replay(doc).finished
    assert check_tremanswhist_record(doc) == []


def test_the_buying_variant_typed_in_at_the_terminal(tmp_path: Path) -> None:
    s = Session(["play", "tremanswhist", "--preset", "buying", "--seed", "5", "--lang", "en",
                 "--record", "b.json"], tmp_path)  # fmt: skip
    bought = 0
    while True:
        which, m = s.expect(PROMPT, END)
        if which == 1:
            break
        legal = m.group(1).split()
        line = s.out[: m.start()].rsplit("\n", 1)[-1]
        if "Put away cards" in line and bought < 2 and len(legal) > 1:
            s.send(legal[0])  # put two cards away in the first purchase, then buy
            bought += 1
            continue
        s.send("buy" if "Put away cards" in line else legal[0])
    assert s.finish() == 0
    doc = load_record(tmp_path / "b.json")
    assert len(doc["deals"]) == 9 and replay(doc).finished
    assert check_tremanswhist_record(doc) == []
    mine = [e for d in doc["deals"] for e in d["exchanges"] if e["seat"] == 0 and e["discard"]]
    assert mine and len(mine[0]["discard"]) == 2
    assert "Round 3: plus with trump" in s.out


def test_docs_hold_the_generated_option_table() -> None:
    table = run("rules", "tremanswhist", "--markdown", "--lang", "en").stdout
    assert table.count("\n") > 8
    docs = (ROOT / "docs" / "tremanswhist.md").read_text(encoding="utf-8")
    rows = [line for line in table.splitlines() if line.startswith("| `")]
    assert len(rows) >= 12  # seven options, five presets
    for row in rows:
        assert row in docs, row
    for name in ("duty_to_trump", "buy_limit", "offer_closed", "apply_reported_deal", "exchanged",
                 "max_deals", "comment #2"):  # fmt: skip
        assert name in docs


def test_simulate_stops_an_endless_game_without_a_winner(tmp_path: Path) -> None:
    """Issue 10 #15: a game stopped at the cap has no winner, a stopped reason, and the
    summary counts it; --stop-after sets the cap, --max-deals stays the rules option."""
    res = run("simulate", "tremanswhist", "--games", "12", "--seed", "1", "--bots", "random",
              "--stop-after", "8", "--record-dir", str(tmp_path), "--json")  # fmt: skip
    assert res.returncode == 0, res.stderr
    summary = json.loads(res.stdout)
    docs = [load_record(f) for f in sorted(tmp_path.glob("*.json"))]
    stopped = [d for d in docs if "stopped" in d]
    assert stopped and summary["stopped"] == len(stopped) and summary["stop_after"] == 8
    for doc in stopped:
        assert "winner" not in doc and doc["stopped"] == {"reason": "deal_cap", "deals": 8}
        assert len(doc["deals"]) == 8 and doc["variant"]["max_deals"] is None
        assert not replay(doc).finished
    assert sum(s["wins"] for s in summary["seats"]) <= summary["games"] - len(stopped) + 2
    text = run("simulate", "tremanswhist", "--games", "12", "--seed", "1", "--bots", "random",
               "--stop-after", "8")  # fmt: skip
    assert f"{len(stopped)} partier stoppades efter 8 givar" in text.stdout.replace("\n", " ")
    capped = run("simulate", "tremanswhist", "--games", "3", "--seed", "1", "--bots", "random",
                 "--max-deals", "8", "--record-dir", str(tmp_path / "m"), "--json")  # fmt: skip
    assert json.loads(capped.stdout)["stopped"] == 0  # a rule of the game: it ends with a winner
    bad = run("simulate", "tremanswhist", "--stop-after", "0")
    assert bad.returncode == 2 and "--stop-after vill ha minst 1 giv" in bad.stderr

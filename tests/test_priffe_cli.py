"""Priffe end to end through the `stickspel` console script: simulate, replay, play, docs."""

from __future__ import annotations

import json
import re
from pathlib import Path

from referee.priffe import check_priffe_record
from terminal_session import END, PROMPT, ROOT, Session, run

from stickspel.core.cards import card_str, parse_card
from stickspel.records import load_record, replay


def test_simulate_writes_records_that_replay_and_pass_the_referee(tmp_path: Path) -> None:
    for style in ("modern", "old"):
        out = tmp_path / style
        res = run("simulate", "priffe", "--games", "4", "--seed", "5", "--style", style,
                  "--bots", "heuristic,random,heuristic,random", "--record-dir", str(out),
                  "--json")  # fmt: skip
        assert res.returncode == 0, res.stderr
        summary = json.loads(res.stdout)
        assert summary["games"] == 4 and summary["variant"]["style"] == style
        files = sorted(out.glob("*.json"))
        assert len(files) == 4
        for f in files:
            doc = load_record(f)
            assert check_priffe_record(doc) == [], f
            assert replay(doc).finished
            rep = run("replay", str(f))
            assert rep.returncode == 0, rep.stdout + rep.stderr
            assert "Giltigt protokoll." in rep.stdout and "Parti" in rep.stdout
            assert "Robbert 3" in rep.stdout and "Utgång" in rep.stdout


def test_replay_rejects_a_broken_priffe_record(tmp_path: Path) -> None:
    res = run("simulate", "priffe", "--games", "1", "--seed", "2", "--record-dir", str(tmp_path))
    assert res.returncode == 0, res.stderr
    path = tmp_path / "game-0001.json"
    doc = load_record(path)
    deal = doc["deals"][0]
    f = (deal["dealer"] + 1) % 4
    deal["auction"] = [{"seat": (f + k) % 4, "call": c}
                       for k, c in enumerate(["pass", "pass", "spader", "pass"])]  # fmt: skip
    path.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    rep = run("replay", str(path))
    assert rep.returncode == 1
    text = rep.stdout + rep.stderr
    third = doc["players"][(deal.get("seating") or [0, 1, 2, 3])[(f + 2) % 4]]
    assert f"giv 1, {third}: " in text  # the player named (issue 10 #2)
    assert "spader får bara bjudas av förhand eller andrahand" in text
    assert "spader_seat" in text


def test_docs_hold_the_generated_option_table() -> None:
    table = run("rules", "priffe", "--markdown", "--lang", "en").stdout
    assert table.count("\n") > 10
    docs = (ROOT / "docs" / "priffe.md").read_text(encoding="utf-8")
    assert table in docs
    for name in ("tvångsnoll", "seating", "apply_reported_deal", "old_values", "spader_seat"):
        assert name in docs


def test_a_rubber_typed_in_at_the_terminal(tmp_path: Path) -> None:
    s = Session(["play", "priffe", "--parti", "one_rubber", "--seed", "3", "--name", "Testaren",
                 "--record", "r.json"], tmp_path)  # fmt: skip
    refused = False
    while True:
        which, m = s.expect(PROMPT, END)
        if which == 1:
            break
        legal = m.group(1).split()
        if legal[0] == "pass" and "spader" not in legal:
            # refused with the engine's reason: the seat rule or the bid order
            s.send("spader")
            s.expect(re.compile(r"Det går inte: spader (får bara bjudas av förhand eller "
                                r"andrahand|är inte högre än \w+)"))  # fmt: skip
            s.expect(PROMPT)
            refused = True
        s.send(legal[0])
    assert s.finish() == 0
    assert refused
    assert "Robbert 1 av 1" in s.out and "Kontrakt:" in s.out and "Under strecket" in s.out
    assert "Partiet är slut." in s.out and "Parti" in s.out
    doc = load_record(tmp_path / "r.json")
    assert doc["players"][0] == "Testaren" and replay(doc).finished
    assert check_priffe_record(doc) == []


def test_a_whole_parti_from_seat_2_follows_the_player_across_seats(tmp_path: Path) -> None:
    s = Session(["play", "priffe", "--seat", "2", "--seed", "8", "--seat-bots", "random",
                 "--name", "Testaren", "--lang", "en", "--record", "p.json"], tmp_path)  # fmt: skip
    while True:
        which, m = s.expect(PROMPT, END, timeout=120)
        if which == 1:
            break
        s.send(m.group(1).split()[0])
    assert s.finish() == 0
    assert "Rubber 3 of 3" in s.out and "Testaren (you)" in s.out
    doc = load_record(tmp_path / "p.json")
    assert doc["players"][2] == "Testaren"
    assert [r["rubber"] for r in doc["priffe"]["rubbers"]] == [1, 2, 3]
    assert replay(doc).finished and check_priffe_record(doc) == []
    # in rubber 2 the player sits in seat 1: the hand shown is seat 1's hand
    k = next(i for i, d in enumerate(doc["deals"]) if d["seating"] == [0, 2, 1, 3])
    at = s.out.index(f"Rubber 2 of 3 · deal {k + 1} ·")
    shown = re.search(r"Your hand: (.*)\n", s.out[at:])
    assert shown is not None
    cards = {card_str(parse_card(c)) for c in shown.group(1).split()}
    assert cards == set(doc["deals"][k]["hands"][1])

"""Issue 10, the scorekeeper and the printed sheets: an eight-deal family evening
kept with ``stickspel protokoll`` and printed, as the newcomer did it.

The commands run through the real console script; the PDFs are rendered and read
back (pdftotext, pdftoppm) as a person would look at them.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import time
from pathlib import Path
from typing import Any

import pytest
from terminal_session import STICKSPEL, run
from test_pdf import _inside, _png, _text, _words

from stickspel.protokoll import build_sheet
from stickspel.protokoll.html import render_html
from stickspel.protokoll.model import legend, rules_in_words
from stickspel.protokoll.pdf import write_pdf
from stickspel.protokoll.terminal import render_sheet
from stickspel.simulate import play_game

FAMILY = "Mormor,Morfar,Lisa,Olle"
# eight deals of 10→1→10 as bids and tricks in player order (the first with trump H)
EVENING = [
    ("3,2,4,0", "3,2,4,1"),
    ("1,2,1,1", "1,2,3,3"),
    ("2,2,2,1", "2,2,2,2"),
    ("0,3,1,2", "0,3,1,3"),
    ("1,1,1,1", "1,1,2,2"),
    ("2,0,1,1", "2,0,1,2"),
    ("1,1,0,1", "1,1,0,2"),
    ("0,1,1,0", "0,1,1,1"),
]


def _evening(tmp_path: Path, rows: int = 8) -> Path:
    path = tmp_path / "kväll.json"
    assert (
        run("protokoll", "new", "plump", "--players", FAMILY, "--file", str(path)).returncode == 0
    )
    for k, (bids, tricks) in enumerate(EVENING[:rows]):
        extra = ["--trump", "H"] if k == 0 else []
        res = run("protokoll", "add", "-f", str(path), "--bids", bids, "--tricks", tricks, *extra)
        assert res.returncode == 0, res.stderr
    return path


def _deal(path: Path, row: int) -> dict[str, Any]:
    deal: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))["deals"][row - 1]
    return deal


# --- #9: correcting a row --------------------------------------------------------------------


def test_edit_one_field_keeps_the_others_and_the_trump(tmp_path: Path) -> None:
    path = _evening(tmp_path, 2)
    before = _deal(path, 1)
    res = run("protokoll", "edit", "-f", str(path), "--row", "1", "--tricks", "3,1,4,2")
    assert res.returncode == 0, res.stderr
    after = _deal(path, 1)
    assert after["auction"] == before["auction"] and after["trump"] == "H"
    assert after["result"]["tricks"] == [3, 1, 4, 2]
    res = run("protokoll", "edit", "-f", str(path), "--row", "2", "--bids", "1,2,1,2")
    assert res.returncode == 0, res.stderr
    assert _deal(path, 2)["result"]["tricks"] == [1, 2, 3, 3]  # the tricks kept
    assert {a["call"] for a in _deal(path, 2)["auction"] if a["seat"] == 3} == {"2"}


def test_edit_help_describes_every_option() -> None:
    res = subprocess.run([STICKSPEL, "protokoll", "edit", "--help"], capture_output=True,
                         text=True, env={"COLUMNS": "200", "PATH": "/usr/bin:/bin"})  # fmt: skip
    assert res.returncode == 0
    for flag in ("--bids", "--tricks", "--trump", "--calls", "--honours", "--contract", "--by",
                 "--upcard", "--exchange", "--bought", "--deal-json"):  # fmt: skip
        line = next(ln for ln in res.stdout.splitlines() if f" {flag} " in ln)
        described = line.split("<", 1)[1].split(">", 1)[1].strip(" │")
        assert len(described) > 15, line
    assert res.stdout.count("the row's value is kept") >= 8


def test_ratta_offers_the_old_values_and_tricks_are_checked_as_typed(tmp_path: Path) -> None:
    """#9 and #10: Enter keeps a value of the row; 12 tricks of 10 refused at once."""
    path = _evening(tmp_path, 2)
    answers = [
        "rätta 1",
        "", "", "", "",  # the four bids as they were (from förhand: Morfar, Lisa, Olle, Mormor)
        "12",  # Morfar: refused at once, a 10-card deal
        "", "",  # Morfar and Lisa as they were
        "0", "4",  # Olle took none after all, Mormor four
        "sluta",
    ]  # fmt: skip
    res = subprocess.run([STICKSPEL, "protokoll", "session", "-f", str(path)], cwd=tmp_path,
                         input="\n".join(answers) + "\n", capture_output=True, text=True,
                         timeout=120)  # fmt: skip
    out = res.stdout
    assert res.returncode == 0, out + res.stderr
    assert "Rättar rad 1." in out
    assert re.search(r"Morfar bjuder \(0–10\) \[2\]: ", out)  # the old bid offered
    assert re.search(r"Olle: stick \(antal, \+ rätt, - fel\) \[1\]: ", out)
    refusal = "Morfar kan ta 0–10 stick i den här given, inte 12"
    assert refusal in out
    # refused before anyone else was asked for tricks
    assert out.index(refusal) < out.index("Lisa: stick")
    after = _deal(path, 1)
    assert after["result"]["tricks"] == [4, 2, 4, 0] and after["trump"] == "H"
    assert after["auction"] == json.loads(path.read_text(encoding="utf-8"))["deals"][0]["auction"]


# --- #10, #13: what the options accept ---------------------------------------------------------


def test_trump_error_names_the_accepted_values(tmp_path: Path) -> None:
    path = _evening(tmp_path, 0)
    res = run("protokoll", "add", "-f", str(path), "--bids", "3,2,4,0", "--tricks", "3,2,4,1",
              "--trump", "X")  # fmt: skip
    assert res.returncode == 1
    assert "'X' är ingen trumffärg: ange C, D, H eller S" in res.stderr
    assert "substring" not in res.stderr
    res = run("protokoll", "add", "-f", str(path), "--bids", "3,2,4,0", "--tricks", "3,2,4,1",
              "--trump", "hjärter")  # fmt: skip
    assert res.returncode == 0 and _deal(path, 1)["trump"] == "H"


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--game", "tremanswhist", "--players", "4"], "tremanswhist spelas av 3 spelare, inte 4"),
        (["--game", "plump", "--players", "4", "--first-dealer", "7"], "en kolumn 0–3, inte 7"),
        (["--game", "plump", "--players", "abc"], "--players vill ha ett antal (4) eller namn"),
    ],
)
def test_blank_pdf_refuses_what_it_cannot_draw(args: list[str], said: str, tmp_path: Path) -> None:
    res = run("protokoll", "pdf", "--blank", *args, "--out", str(tmp_path / "b.pdf"))
    assert res.returncode == 2 and said in res.stderr
    assert not (tmp_path / "b.pdf").exists()


def test_undo_speaks_in_plural_forms(tmp_path: Path) -> None:
    path = _evening(tmp_path, 3)
    assert "Ångrade 1 rad." in run("protokoll", "undo", "-f", str(path)).stdout
    res = run("protokoll", "undo", "-f", str(path), "--rows", "2", "--lang", "en")
    assert "Undid 2 rows." in res.stdout


@pytest.mark.skipif(shutil.which("tmux") is None, reason="needs tmux for a real terminal")
def test_ctrl_c_in_a_session_ends_on_a_line_of_its_own(tmp_path: Path) -> None:
    path = _evening(tmp_path, 1)
    sock = str(tmp_path / "tmux.sock")
    tmux = ["tmux", "-S", sock]
    cmd = f"{STICKSPEL} protokoll session -f {path}"
    subprocess.run([*tmux, "new-session", "-d", "-x", "150", "-y", "40", "-c", str(tmp_path),
                    cmd + "; sleep 30"], check=True)  # fmt: skip

    def screen() -> str:
        return subprocess.run([*tmux, "capture-pane", "-p"], capture_output=True, text=True).stdout

    try:
        deadline = time.monotonic() + 30
        while "bjuder (0–9" not in screen():
            assert time.monotonic() < deadline, screen()
            time.sleep(0.2)
        subprocess.run([*tmux, "send-keys", "C-c"], check=True)
        while "Protokollet är sparat i" not in screen():
            assert time.monotonic() < deadline, screen()
            time.sleep(0.2)
        shown = screen()
    finally:
        subprocess.run([*tmux, "kill-server"], capture_output=True)
    assert any(line.startswith("Protokollet är sparat i") for line in shown.splitlines()), shown


# --- #11, #12: the printed sheet ----------------------------------------------------------------


def test_a_mid_evening_pdf_shows_the_totals_so_far(tmp_path: Path) -> None:
    path = _evening(tmp_path)
    totals = json.loads(path.read_text(encoding="utf-8"))["totals"]
    pdf = tmp_path / "kväll.pdf"
    assert run("protokoll", "pdf", "-f", str(path), "--out", str(pdf)).returncode == 0
    text = _text(pdf)
    row = next(ln for ln in text.splitlines() if ln.strip().startswith("Summa hittills"))
    assert [int(v) for v in row.split()[2:]] == totals
    assert "Summa hittills: efter 8 av 19 givar, inte slutlig." in text
    # the terminal sheet has the same figures
    shown = run("protokoll", "show", "-f", str(path)).stdout
    assert all(str(t) in shown for t in totals)


def test_pdf_subtitle_in_words_and_names_that_fit(tmp_path: Path) -> None:
    """#12: the variant in words; one header size per table; a long name shrinks
    within limits, then wraps or is cut inside its column; labels stay readable."""
    from stickspel.games.priffe import PriffeRules

    state = play_game("priffe", PriffeRules(), ["random"] * 4, seed=3)
    names = ["Mormor", "Lisa", "Bartholomeus von Hohenzollern-Sigmaringen", "Ann"]
    sheet = build_sheet(state.to_record(names), "sv")
    trace: list[dict[str, Any]] = []
    pdf = write_pdf(sheet, tmp_path / "priffe.pdf", trace)
    heads = [t for t in trace if t["kind"] == "head" and t["page"] == 1]
    assert heads
    first_table = [t for t in heads if t["y"] == heads[0]["y"]]
    assert len({t["size"] for t in first_table}) == 1 and first_table[0]["size"] >= 7
    words = _words(pdf)
    for box in heads:
        inside = " ".join(_inside(words, box))
        assert inside, box  # every header shows its name inside its own column
    labels = [t for t in trace if t["kind"] == "label"]
    assert labels and min(t["size"] for t in labels) >= 7
    assert "Robbert till" in _text(pdf)
    _png(pdf)  # it renders

    assert rules_in_words("plump", {"players": 3, "max_cards": 3}) == "3 spelare, högst 3 kort"
    plump = tmp_path / "plump.pdf"
    record = play_game("plump", _plump(players=3, max_cards=3), ["random"] * 3, 1).to_record()
    write_pdf(build_sheet(record), plump)
    head = _text(plump).splitlines()[0]
    assert "3 spelare, högst 3 kort" in head and "(" not in head and "=" not in head


def _plump(**options: Any) -> Any:
    from stickspel.games.plump import PlumpRules

    return PlumpRules(**options)


# --- #6: the legend, and → against Σ -----------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "signs"),
    [
        ("plump", ["• givaren i given", "3→13 budet klarat", "● plump"]),
        ("tremanswhist", ["• givaren i given", "Σ summan efter given"]),
        ("priffe", ["understruket: vunnen utgång"]),
    ],
)
def test_the_legend_under_every_sheet(game: str, signs: list[str], tmp_path: Path) -> None:
    from stickspel.games import game_spec

    spec = game_spec(game)
    rules = spec.rules(players=3, max_cards=3) if game == "plump" else spec.rules()
    record = play_game(game, rules, ["random"] * spec.state(rules).num_players, 2).to_record()
    sheet = build_sheet(record, "sv")
    lines = legend(sheet)
    for s in signs:
        assert any(line.startswith(s) for line in lines), lines
    from rich.console import Console

    console = Console(record=True, width=160)
    for part in render_sheet(sheet):
        console.print(part)
    shown = console.export_text()
    assert all(s in shown for s in signs)
    assert 'class="legend"' in render_html(sheet)
    cells = [c.plain() for t in sheet.tables for r in t.rows for c in r.cells if c.plain()]
    if game == "tremanswhist":  # the running total marked Σ, never →
        assert any("Σ" in c for c in cells) and not any("→" in c for c in cells)
    pdf = write_pdf(sheet, tmp_path / "s.pdf")
    printed = _text(pdf)
    assert "prick i den smala kolumnen: givaren" in printed or game == "priffe"


# --- #16: simultaneous bidding -------------------------------------------------------------------


def test_simultaneous_bidding_needs_no_sparr_false(tmp_path: Path) -> None:
    res = subprocess.run(
        [STICKSPEL, "play", "plump", "--bidding", "simultaneous", "--players", "3", "--seed", "1"],
        cwd=tmp_path, input="q\n", capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert res.returncode == 0, res.stderr
    assert "sparr" not in res.stderr
    rules = json.loads(next((tmp_path / "stickspel-records").glob("*.json")).read_text())
    assert rules["variant"]["bidding"] == "simultaneous" and rules["variant"]["sparr"] is False
    refused = run("play", "plump", "--bidding", "simultaneous", "--sparr", cwd=tmp_path)
    assert refused.returncode == 2 and "samtidiga bud har ingen spärr" in refused.stderr


# --- #17: the docs' example sessions are real runs ------------------------------------------


def test_the_example_sessions_in_the_docs_are_what_the_program_prints() -> None:
    """README.md, docs/protokoll.md and docs/records.md hold generated sessions; each is
    run again here (all but the 200-game simulation, for time) and must match."""
    import sys

    fast = ["play", "replay", "fusk", "records-fusk", "protokoll-new", "protokoll-session",
            "protokoll-replay", "readme-protokoll"]  # fmt: skip
    script = Path(__file__).resolve().parents[1] / "scripts" / "gen_examples.py"
    res = subprocess.run([sys.executable, str(script), "--check", *fast], capture_output=True,
                         text=True, timeout=600)  # fmt: skip
    assert res.returncode == 0, res.stdout + res.stderr

"""``stickspel protokoll``: the scorekeeper and the PDFs from the command line."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from test_scorekeeper_plump import EVENING, SUBTOTAL, TOTALS
from typer.testing import CliRunner

from stickspel.cli import app
from stickspel.cli.protokoll import protokoll_app

runner = CliRunner()


def _run(*args: str, input: str | None = None, code: int = 0) -> str:
    result = runner.invoke(app, ["protokoll", *args], input=input)
    assert result.exit_code == code, result.output
    return result.output


def _new(path: Path, *extra: str) -> None:
    _run("new", "plump", "--players", "Anna,Björn,Cissi", "--file", str(path), *extra)


def test_new_says_who_deals_and_writes_a_record(tmp_path: Path) -> None:
    path = tmp_path / "kväll.json"
    out = _run("new", "plump", "--players", "Anna,Björn,Cissi", "--file", str(path))
    assert "Giv 1: Anna ger 10 kort. Björn börjar." in out
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert doc["format"] == "stickspel/1" and doc["players"] == ["Anna", "Björn", "Cissi"]
    assert doc["variant"]["players"] == 3 and doc["deals"] == []
    # an existing evening is not overwritten by mistake
    result = runner.invoke(
        app, ["protokoll", "new", "plump", "--players", "A,B,C", "-f", str(path)]
    )
    assert result.exit_code == 2 and "finns redan" in result.output
    assert json.loads(path.read_text(encoding="utf-8"))["players"][0] == "Anna"


def test_variant_options_and_first_dealer(tmp_path: Path) -> None:
    path = tmp_path / "v.json"
    out = _run(
        "new", "plump", "--players", "Anna,Björn,Cissi,David", "-f", str(path),
        "-o", "max_cards=5", "-o", "sparr=false", "--first-dealer", "Cissi", "--lang", "en",
    )  # fmt: skip
    assert "Deal 1: Cissi deals 5 cards. David starts." in out
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert doc["variant"]["max_cards"] == 5 and doc["variant"]["sparr"] is False
    result = runner.invoke(
        app, ["protokoll", "new", "plump", "--players", "A,B,C", "-f", str(tmp_path / "x.json"),
              "-o", "max_cards=99"],
    )  # fmt: skip
    assert result.exit_code == 2 and "kan börja på högst" in result.output
    result = runner.invoke(
        app, ["protokoll", "new", "plump", "--players", "A,B,C", "-f", str(tmp_path / "y.json"),
              "--first-dealer", "Q"],
    )  # fmt: skip
    assert result.exit_code == 2 and "--first-dealer 'Q' är ingen av spelarna" in result.output
    assert not (tmp_path / "y.json").exists()


def test_a_whole_evening_then_replay_and_pdf(tmp_path: Path) -> None:
    path = tmp_path / "kväll.json"
    _new(path)
    for _c, _d, bids, said, _, _ in EVENING:
        out = _run("add", "-f", str(path), "--bids", ",".join(map(str, bids)),
                   "--tricks", ",".join(said.split()))  # fmt: skip
    assert "Partiet är slut." in out and "Vinnare: Björn med 151 poäng." in out
    replayed = runner.invoke(app, ["replay", str(path), "--json"])
    assert replayed.exit_code == 0, replayed.output
    summary = json.loads(replayed.output)
    assert summary["totals"] == TOTALS and summary["finished"] and summary["winner"] == [1]
    pdf = tmp_path / "kväll.pdf"
    assert "Skrev" in _run("pdf", "--file", str(path), "--out", str(pdf))
    text = subprocess.run(
        ["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True
    ).stdout
    summa = next(ln for ln in text.splitlines() if ln.split()[:1] == ["Summa"])
    assert [int(v) for v in summa.split()[1:]] == TOTALS == summary["totals"]
    delsumma = next(ln for ln in text.splitlines() if ln.split()[:1] == ["Delsumma"])
    assert [int(v) for v in delsumma.split()[1:]] == SUBTOTAL


def test_named_bids_and_refusals_keep_the_file(tmp_path: Path) -> None:
    path = tmp_path / "k.json"
    _new(path)
    _run("add", "-f", str(path), "--bids", "Cissi=2,Anna=3,Björn=4", "--tricks", "Anna=+,B=-,C=+")
    saved = path.read_text(encoding="utf-8")
    result = runner.invoke(
        app, ["protokoll", "add", "-f", str(path), "--bids", "2,3,4", "--tricks", "2,3,4"]
    )
    assert result.exit_code == 1
    assert "rad 2 (9 kort, Björn ger): givaren (Björn) får inte bjuda 3" in result.output
    result = runner.invoke(
        app, ["protokoll", "add", "-f", str(path), "--bids", "2,3", "--tricks", "2,3"]
    )
    assert result.exit_code == 1
    assert "rad 2 (9 kort, Björn ger): bids: 2 värden för 3 spelare" in result.output
    result = runner.invoke(
        app, ["protokoll", "add", "-f", str(path), "--bids", "2,x,4", "--tricks", "2,3,4"]
    )
    assert result.exit_code == 1
    assert "rad 2 (9 kort, Björn ger): bids: 'x' är inget tal" in result.output
    result = runner.invoke(
        app, ["protokoll", "add", "-f", str(path), "--bids", "2,2,3", "--tricks", "+,+,+"]
    )
    assert result.exit_code == 1
    assert "rad 2 (9 kort, Björn ger): alla har fått sitt" in result.output
    assert path.read_text(encoding="utf-8") == saved


def test_edit_and_undo(tmp_path: Path) -> None:
    path = tmp_path / "k.json"
    _new(path)
    for _c, _d, bids, said, _, _ in EVENING[:4]:
        _run("add", "-f", str(path), "--bids", ",".join(map(str, bids)),
             "--tricks", ",".join(said.split()))  # fmt: skip
    out = _run("edit", "-f", str(path), "--row", "1", "--bids", "3,4,2", "--tricks", "3,4,3")
    assert "Rad 1 rättad" in out
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert doc["deals"][0]["result"]["points"] == [13, 14, 0]
    assert doc["totals"] == [13 + 12 + 0 + 10, 14 + 0 + 12 + 13, 0 + 13 + 14 + 0]
    out = _run("undo", "-f", str(path), "--rows", "2")
    assert "Giv 3: Cissi ger 8 kort. Anna börjar." in out
    assert len(json.loads(path.read_text(encoding="utf-8"))["deals"]) == 2
    result = runner.invoke(app, ["protokoll", "edit", "-f", str(path), "--row", "5",
                                 "--bids", "0,0,0", "--tricks", "0,0,0"])  # fmt: skip
    assert result.exit_code == 1 and "ingen rad 5" in result.output


def test_interactive_session(tmp_path: Path) -> None:
    path = tmp_path / "k.json"
    _new(path, "-o", "max_cards=2")
    answers = [
        "1", "0",  # Björn 1, Cissi 0; Anna (the dealer) is told she may not bid 1
        "1",  # refused: spärren
        "0",  # Anna 0
        "+", "-", "2",  # Björn made, Cissi missed, Anna 2: refused, that is 3 tricks
        "+", "1", "-",  # Anna missed, but she is left exactly her bid (0): refused
        "+", "1", "0",  # Björn 1 (made), Cissi 1 (a plump), Anna 0 (made)
        "ångra",  # at the first question of row 2: undo row 1
        "1", "0", "0", "+", "1", "+",  # row 1 again, the same
        "visa",  # row 2: show the sheet, then ask again
        "sluta",
    ]  # fmt: skip
    result = runner.invoke(
        protokoll_app, ["session", "-f", str(path)], input="\n".join(answers) + "\n"
    )
    out = result.output
    assert result.exit_code == 0, out
    assert "Giv 1: Anna ger 2 kort. Björn börjar." in out
    assert "Anna (given) får inte bjuda 1." in out
    assert "givaren (Anna) får inte bjuda 1: buden skulle bli 2 (spärren)" in out
    assert "de andras stick blir redan 3, fler än givens 2" in out
    assert (
        "Anna är markerad som bet, men de andras stick lämnar exakt 0 åt Anna, som är budet" in out
    )
    assert out.count("Rad 1 förd in.") == 2
    assert "Giv 2: Björn ger 1 kort. Cissi börjar." in out
    assert "Ångrade 1 rad." in out  # plural forms from the catalogue (issue 10 #13)
    assert "Protokollet är sparat i" in out
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert len(doc["deals"]) == 1
    assert doc["deals"][0]["result"] == {"tricks": [0, 1, 1], "points": [10, 11, 0]}


def test_blank_pdfs_for_every_game(tmp_path: Path) -> None:
    for game, extra in [
        ("plump", ["--players", "Anna,Björn,Cissi,David,Åsa", "--order", "down"]),
        ("priffe", ["--players", "Anna,Björn,Cissi,David"]),
        ("tremanswhist", ["--players", "Anna,Björn,Cissi"]),
    ]:
        pdf = tmp_path / f"{game}.pdf"
        _run("pdf", "--blank", "--game", game, *extra, "--out", str(pdf))
        text = subprocess.run(
            ["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True
        ).stdout
        assert "Anna" in text and "Björn" in text and "Regler" in text
    plump_text = subprocess.run(
        ["pdftotext", "-layout", str(tmp_path / "plump.pdf"), "-"], capture_output=True, text=True
    ).stdout
    assert "Åsa" in plump_text and "Delsumma" not in plump_text  # 10→1: no turn, no subtotal
    assert "Summa längst ned" in plump_text
    result = runner.invoke(app, ["protokoll", "pdf", "--out", str(tmp_path / "x.pdf")])
    assert result.exit_code == 2 and "antingen --file" in result.output


def test_show_html_and_json(tmp_path: Path) -> None:
    path = tmp_path / "k.json"
    _new(path)
    _run("add", "-f", str(path), "--bids", "3,4,2", "--tricks", "+,-,+")
    html = tmp_path / "k.html"
    out = _run("show", "-f", str(path), "--html", str(html))
    assert "Giv 2: Björn ger 9 kort." in out
    page = html.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and 'class="cell plump"' in page
    data = json.loads(_run("show", "-f", str(path), "--json"))
    assert data["tables"][0]["rows"][0]["cells"][0] == {"text": "13", "note": "3", "mark": "made"}


def test_priffe_from_the_command_line(tmp_path: Path) -> None:
    path = tmp_path / "p.json"
    out = _run("new", "priffe", "--players", "Anna,Björn,Cissi,David", "-f", str(path))
    assert (
        "Giv 1: Anna ger. Björn börjar." in out and "Bolag: Anna & Cissi mot Björn & David." in out
    )
    _run("add", "-f", str(path), "--calls", "pass,hjärter,pass,pass", "--tricks", "9,4")
    # one number: the declarers' tricks (David's side took 5 of 13 in ruter)
    _run("add", "-f", str(path), "--calls", "pass,ruter,pass,pass", "--tricks", "5",
         "--honours", "David 3+1")  # fmt: skip
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert doc["totals"] == [70, 40, 70, 40]
    assert doc["deals"][1]["result"]["honours"]["held"] == [3, 1]
    # a table that wrote only the contract and the bidder: the same row
    _run("edit", "-f", str(path), "--row", "2", "--contract", "ruter", "--by", "David",
         "--tricks", "5", "--honours", "David 3+1")  # fmt: skip
    assert json.loads(path.read_text(encoding="utf-8"))["deals"] == doc["deals"]
    result = runner.invoke(app, ["protokoll", "add", "-f", str(path), "--calls",
                                 "pass,pass,pass,spader", "--tricks", "6,7"])  # fmt: skip
    assert result.exit_code == 1 and "rad 3 (Cissi ger): spader får bara bjudas" in result.output
    session = "\n".join(
        [
            "pass",
            "pass",
            "spader",  # Björn is third hand: refused at once
            "ångra",  # start the deal again
            "noll",
            "pass",
            "pass",
            "pass",
            "5",
            "ingen",  # David noll, Anna & Cissi take 5
            "sluta",
        ]  # fmt: skip
    )
    result = runner.invoke(protokoll_app, ["session", "-f", str(path)], input=session + "\n")
    assert result.exit_code == 0, result.output
    assert "spader får bara bjudas av förhand eller andrahand" in result.output
    assert "Börjar om med den här given." in result.output
    doc = json.loads(path.read_text(encoding="utf-8"))
    # noll by David: his side took 8, so Anna & Cissi's 5 score 20 + 20 penalty, and game
    assert doc["deals"][2]["result"]["contract"] == "noll"
    assert doc["totals"] == [110, 40, 110, 40]


def test_tremanswhist_from_the_command_line(tmp_path: Path) -> None:
    path = tmp_path / "t.json"
    out = _run("new", "tremanswhist", "--players", "Anna,Björn,Cissi", "-f", str(path))
    assert "Giv 1: Anna ger. Björn börjar." in out
    _run("add", "-f", str(path), "--upcard", "QH", "--exchange", "Cissi", "--tricks", "3,2,8")
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert doc["totals"] == [-1, -2, 3]
    assert doc["deals"][0]["exchanges"] == [{"seat": 1, "take": False}, {"seat": 2, "take": True}]
    answers = ["5S", "ingen", "6", "1", "5",  # Cissi, Anna, Björn: 12 tricks, refused
               "5S", "ingen", "6", "1", "6",  # minus deal: 4 − tricks
               "plus", "Anna", "9", "2", "2",  # a band without the card; Anna took the pile
               "sluta"]  # fmt: skip
    result = runner.invoke(
        protokoll_app, ["session", "-f", str(path)], input="\n".join(answers) + "\n"
    )
    assert result.exit_code == 0, result.output
    assert "rad 2 (Björn ger): de tagna sticken blir 12, en giv har 13" in result.output
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert doc["totals"] == [-1 + 3 + 4, -2 - 2 - 2, 3 - 2 - 2]


def test_next_tells_the_dealer_the_forbidden_bid(tmp_path: Path) -> None:
    path = tmp_path / "k.json"
    _new(path)
    out = _run("next", "-f", str(path), "--bids", "Björn=4,Cissi=2")
    assert "Giv 1: Anna ger 10 kort. Björn börjar." in out
    assert "Anna (given) får inte bjuda 4." in out
    out = _run("next", "-f", str(path), "--bids", "Björn=9,Cissi=3", "--lang", "en")
    assert "may not bid" not in out  # 12 > 10: any bid will do
    result = runner.invoke(app, ["protokoll", "next", "-f", str(path), "--bids", "Cissi=2"])
    assert result.exit_code == 1
    assert "rad 1 (10 kort, Anna ger): Cissi bjuder före Björn" in result.output

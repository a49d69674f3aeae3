"""Nothing lost, no traceback (issue #9): one test per class of fault.

Record files read (size, encoding, depth, numbers, duplicate keys), written
(atomic, private), output paths, numbers typed in (only ASCII digits), names
shown as text (Rich markup, escape sequences, bidi overrides, huge names),
protokoll files corrupted or edited by hand, and Ctrl-C in ``simulate``.
"""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from stickspel.cli import app
from stickspel.games.plump.sheet import add_plump
from stickspel.protokoll.scorekeeper import ScorekeeperError, Session, parse_count, parse_mark
from stickspel.records import RecordError, dump_record, load_record
from stickspel.records.io import (
    MAX_RECORD_BYTES,
    OutputPathError,
    RecordFileError,
    check_output_path,
    parse_record_text,
    write_record,
)
from stickspel.safetext import markup_safe, plain

runner = CliRunner()
EXE = Path(sys.executable).with_name("stickspel")


def cli(*args: str, input: str | None = None) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args), input=input)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.stdout + result.stderr
    return result.exit_code, result.stdout, result.stderr


def one_line_error(code: int, err: str) -> str:
    assert code != 0
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    return lines[0]


def protokoll(tmp_path: Path, names: str = "Anna,Björn,Cissi", name: str = "p.json") -> Path:
    path = tmp_path / name
    code, out, err = cli("protokoll", "new", "plump", "--players", names, "-f", str(path))
    assert code == 0, err
    return path


def played_record(tmp_path: Path, players: list[str] | None = None) -> Path:
    from stickspel.games.plump import PlumpRules
    from stickspel.simulate import play_game

    state = play_game("plump", PlumpRules(players=3, max_cards=2), ["random"] * 3, 3)
    path = tmp_path / "game.json"
    write_record(state.to_record(players or ["Anna", "Björn", "Cissi"]), path)
    return path


# --- reading record files -------------------------------------------------------------------


@pytest.mark.parametrize(
    "content, words",
    [
        (b"\xff\xfe{}", "not UTF-8"),
        (b'{"format": "stickspel/1", "game": "plump\xc3\x28"}', "not UTF-8"),
        (b"[" * 100_000 + b"]" * 100_000, "nested deeper"),
        (b'{"deals": ' + b"[" * 100_000, "nested deeper"),
        (b'{"totals": [' + b"9" * 5000 + b"]}", "5000 digits"),
        (b'{"totals": [' + b"1" * 4301 + b"]}", "4301 digits"),
        (b'{"totals": [1e999]}', "not a number JSON allows"),
        (b'{"totals": [NaN]}', "not a number JSON allows"),
        (b'{"game": "plump", "game": "chess"}', "duplicate key 'game'"),
        (b'{"players": ["\\ud800"]}', "unpaired surrogate"),
        (b'{"format": "stickspel/1", "deals": [', "truncated"),
        (b"[1, 2]", "a record is a JSON object"),
        (b"", "not valid JSON"),
    ],
)
def test_a_file_that_is_no_record_is_one_line_naming_the_file(
    tmp_path: Path, content: bytes, words: str
) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    with pytest.raises(RecordFileError) as info:
        load_record(path)
    assert words in str(info.value) and str(path) in str(info.value)
    assert "\n" not in str(info.value)
    for args in (["replay", str(path)], ["protokoll", "show", "-f", str(path)]):
        code, _, err = cli(*args, "--lang", "en")
        line = one_line_error(code, err)
        assert str(path) in line and words in line, line
    for args in (["undo"], ["add", "--bids", "0,0,0", "--tricks", "1,0,0"], ["next"]):
        code, _, err = cli("protokoll", *args, "-f", str(path), "--lang", "en")
        one_line_error(code, err)
    assert path.read_bytes() == content  # untouched


def test_a_file_over_the_size_limit_is_refused_before_it_is_read(tmp_path: Path) -> None:
    path = tmp_path / "huge.json"
    with path.open("wb") as f:
        f.truncate(MAX_RECORD_BYTES + 1)  # sparse: 10 MB of nothing
    started = time.perf_counter()
    with pytest.raises(RecordFileError, match="larger than 10 MB"):
        load_record(path)
    assert time.perf_counter() - started < 1.0
    code, _, err = cli("replay", str(path), "--lang", "en")
    assert "larger than 10 MB" in one_line_error(code, err)


def test_a_device_that_never_ends_is_refused(tmp_path: Path) -> None:
    if not Path("/dev/zero").exists():  # pragma: no cover
        pytest.skip("no /dev/zero")
    with pytest.raises(RecordFileError, match="larger than 10 MB"):
        load_record("/dev/zero")


def test_a_byte_order_mark_is_fine(tmp_path: Path) -> None:
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + b'{"format": "stickspel/1"}')
    assert load_record(path) == {"format": "stickspel/1"}


def test_parse_record_text_raises_record_errors() -> None:
    with pytest.raises(RecordError) as info:
        parse_record_text('{"a": [' + "[" * 70 + "]" * 70 + "]}")
    assert info.value.rule == "json"
    # brackets inside strings are text, not nesting
    doc = parse_record_text(json.dumps({"players": ["[" * 500]}))
    assert doc["players"] == ["[" * 500]


# --- writing ------------------------------------------------------------------------------------


def test_write_record_is_atomic_and_leaves_no_temporary_file(tmp_path: Path) -> None:
    path = tmp_path / "x.json"
    write_record({"format": "stickspel/1", "n": 1}, path)
    write_record({"format": "stickspel/1", "n": 2}, path)
    assert load_record(path)["n"] == 2
    assert sorted(p.name for p in tmp_path.iterdir()) == ["x.json"]


def test_a_record_that_cannot_be_written_leaves_the_old_one(tmp_path: Path) -> None:
    path = tmp_path / "x.json"
    write_record({"format": "stickspel/1", "n": 1}, path)
    with pytest.raises(TypeError):
        write_record({"format": "stickspel/1", "n": object()}, path)
    assert load_record(path)["n"] == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["x.json"]


def test_private_records_are_readable_by_their_owner_only(tmp_path: Path) -> None:
    path = tmp_path / "saved.json"
    write_record({"format": "stickspel/1"}, path, private=True)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    other = tmp_path / "public.json"
    write_record({"format": "stickspel/1"}, other)
    mode = stat.S_IMODE(other.stat().st_mode)
    assert mode == 0o666 & ~_umask()
    os.chmod(other, 0o640)  # a file keeps the mode its owner gave it
    write_record({"format": "stickspel/1"}, other)
    assert stat.S_IMODE(other.stat().st_mode) == 0o640


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


# --- output paths --------------------------------------------------------------------------------


def test_check_output_path(tmp_path: Path) -> None:
    afile = tmp_path / "afile"
    afile.write_text("x")
    assert check_output_path(tmp_path / "new" / "deeper" / "x.json")
    assert check_output_path(tmp_path / "recs", directory=True)
    for path, directory, words in [
        (tmp_path, False, "is a folder, not a file"),
        (afile, True, "is a file, not a folder"),
        (afile / "x.html", False, "afile is a file, not a folder"),
        (afile / "sub", True, "afile is a file, not a folder"),
    ]:
        with pytest.raises(OutputPathError, match=words):
            check_output_path(path, directory=directory)


def test_output_paths_on_the_command_line(tmp_path: Path) -> None:
    afile = tmp_path / "afile"
    afile.write_text("x")
    path = protokoll(tmp_path)
    cases = [
        ("simulate", "plump", "--players", "3", "--games", "1", "--record-dir", str(afile)),
        ("simulate", "plump", "--players", "3", "--games", "1", "--record-dir", str(afile / "x")),
        ("protokoll", "new", "plump", "--players", "A,B,C", "-f", str(tmp_path)),
        ("protokoll", "new", "plump", "--players", "A,B,C", "-f", str(tmp_path), "--force"),
        ("protokoll", "show", "-f", str(path), "--html", str(afile / "x.html")),
        ("protokoll", "show", "-f", str(path), "--html", str(tmp_path)),
        ("protokoll", "pdf", "--blank", "--out", str(afile / "x.pdf")),
    ]
    for args in cases:
        code, _, err = cli(*args, "--lang", "en")
        assert str(afile) in one_line_error(code, err) or str(tmp_path) in err
    assert afile.read_text() == "x"


# --- numbers typed in -------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["²", "٣", "３", "1" * 5000, "-1", "1.5", "", "x"])
def test_only_ascii_digits_are_numbers(text: str) -> None:
    assert parse_count(text) is None
    if text.strip() and text not in ("-1", "x"):  # "-" and "x" mean missed
        with pytest.raises(ScorekeeperError):
            parse_mark(text)


def test_a_superscript_bid_is_refused_in_one_line(tmp_path: Path) -> None:
    path = protokoll(tmp_path)
    before = path.read_bytes()
    for args in (
        ("add", "--bids", "²,0,0", "--tricks", "+,-,+"),
        ("add", "--bids", "0,0,0", "--tricks", "²,+,+"),
        ("add", "--bids", "Anna=²,Björn=0,Cissi=0", "--tricks", "+,-,+"),
        ("add", "--bids", "9" * 5000 + ",0,0", "--tricks", "+,-,+"),
        ("next", "--bids", "Björn=²"),
        ("next", "--bids", "Björn=" + "9" * 5000),
    ):
        code, _, err = cli("protokoll", *args, "-f", str(path), "--lang", "en")
        assert "not a number" in one_line_error(code, err) or "neither" in err
    assert path.read_bytes() == before
    # the interactive session asks again
    code, out, err = cli("protokoll", "session", "-f", str(path), input="²\nsluta\n")
    assert code == 0 and "inget tal" in out


# --- names shown as text --------------------------------------------------------------------


def test_plain_and_markup_safe() -> None:
    assert plain("a\x1b[31mb\x07\x9b") == "a␛[31mb␇\\x9b"
    assert plain("evil\u202etxt.exe") == "evil\ufffdtxt.exe"
    assert markup_safe("[/]") == "\\[/]"
    assert markup_safe("[link=file:///etc/passwd]x[/link]").count("\\[") == 2
    assert plain("x" * 10_000_000, limit=40) == "x" * 39 + "…"


def _sheet_text(path: Path, command: list[str]) -> str:
    res = subprocess.run(
        [str(EXE), *command, str(path)], capture_output=True, text=True, timeout=120
    )
    assert res.returncode == 0, res.stderr
    assert "Traceback" not in res.stderr
    return res.stdout


TROUBLE = ["[/]", "[link=file:///etc/passwd]x[/link]", "\x1b]0;pwned\x07\x1b[2J"]


def test_a_replay_shows_troublesome_names_as_text(tmp_path: Path) -> None:
    path = played_record(tmp_path, TROUBLE)
    out = _sheet_text(path, ["replay"])
    assert "[/]" in out and "[link=file:///etc/passwd]x[/link]" in out
    assert "\x1b" not in out and "\x07" not in out and "␛]0;pwned␇" in out
    show = _sheet_text(path, ["protokoll", "show", "-f"])
    assert "[/]" in show and "\x1b" not in show


def test_a_protokoll_with_a_markup_name_is_shown_and_added_to(tmp_path: Path) -> None:
    path = protokoll(tmp_path, "Anna,[/],[bold]x[/bold]")
    code, out, err = cli(
        "protokoll", "add", "-f", str(path), "--bids", "1,0,0", "--tricks", "1,0,8"
    )
    assert code != 0  # 1+0+8 is not 10 tricks: refused, in one line
    one_line_error(code, err)
    code, out, err = cli(
        "protokoll", "add", "-f", str(path), "--bids", "1,0,0", "--tricks", "+,+,-"
    )
    assert code == 0, err
    assert "[/]" in out and "[bold]x[/bold]" in out
    html = tmp_path / "p.html"
    code, out, err = cli("protokoll", "show", "-f", str(path), "--html", str(html))
    assert code == 0 and "[/]" in out
    page = html.read_text()
    assert "[bold]x[/bold]" in page and "<bold>" not in page


def test_names_with_control_characters_or_too_long_are_refused_on_input(tmp_path: Path) -> None:
    for names in ("Anna,\x1b[31mX,Cissi", "Anna," + "B" * 41 + ",Cissi", "Anna,anna,Cissi", "A,,C"):
        code, _, err = cli(
            "protokoll", "new", "plump", "--players", names, "-f", str(tmp_path / "n.json")
        )
        assert "\x1b" not in one_line_error(code, err)
    assert not (tmp_path / "n.json").exists()
    assert protokoll(tmp_path, "Anna," + "B" * 40 + ",Cissi", "ok.json").exists()


def test_html_escapes_everything_from_the_record() -> None:
    from stickspel.protokoll.html import render_page
    from stickspel.protokoll.model import Cell, Row, Sheet, Table

    evil = '<script>alert("x")</script>'
    sheet = Sheet("plump", evil, [evil, "\x1b[2J"], [Table(evil, [evil, "\x1b[2J"], [
        Row(evil, [Cell(evil, evil, 'x" onclick="y'), Cell("1")], kind='"><b')])])  # fmt: skip
    page = render_page(sheet)
    assert "<script>" not in page and "onclick" not in page.replace("&quot; onclick", "")
    assert "\x1b" not in page and "␛[2J" in page


def test_a_pdf_of_troublesome_names(tmp_path: Path) -> None:
    path = played_record(tmp_path, ["[/]", "\x1b[2J" + "x" * 190, "\u202eevil"])
    out = tmp_path / "p.pdf"
    code, _, err = cli("protokoll", "pdf", "-f", str(path), "--out", str(out))
    assert code == 0, err
    assert out.read_bytes()[:5] == b"%PDF-"


def test_a_huge_name_is_refused_in_linear_time(tmp_path: Path) -> None:
    # the record schema allows names of at most 200 characters: a 5-million-character
    # name is one line of refusal, quickly, and never drawn
    path = played_record(tmp_path, ["A" * 5_000_000, "Björn", "Cissi"])
    started = time.perf_counter()
    code, out, err = cli("replay", str(path))
    assert code == 1 and len(err.strip().splitlines()) == 1, err
    assert "players[0]" in err and "A" * 86 not in err + out
    assert time.perf_counter() - started < 10


def test_a_long_name_is_cut_on_the_sheet(tmp_path: Path) -> None:
    path = played_record(tmp_path, ["A" * 200, "Björn", "Cissi"])
    code, out, err = cli("replay", str(path))
    assert code == 0, err
    assert "A" * 86 not in out  # a column head shows at most 85 (Priffe's "A & B")


# --- protokoll files corrupted or edited by hand ------------------------------------------------


def _edited(path: Path, change: Any) -> bytes:
    doc = json.loads(path.read_text())
    change(doc)
    path.write_text(json.dumps(doc, ensure_ascii=False))
    return path.read_bytes()


def _set(key: str, value: Any) -> Any:
    return lambda doc: doc.__setitem__(key, value)


@pytest.mark.parametrize(
    "change, words",
    [
        (_set("variant", "x"), "'variant' must be an object"),
        (_set("players", 3), "'players' must be a list"),
        (_set("deals", "abc"), "'deals' must be a list"),
        (_set("game", "chess"), "chess"),
        (_set("format", "x"), "'format'"),
        (_set("totals", "zz"), "'totals' must be a list"),
        (lambda d: d["deals"][0].__setitem__("result", "zz"), "row 1: 'result' must be an object"),
        (lambda d: d["deals"][0]["result"].__setitem__("tricks", "zz"), "row 1"),
        (lambda d: d["deals"][0]["result"]["points"].__setitem__(0, 99), "the file says points"),
        (lambda d: d["totals"].__setitem__(0, 99), "totals"),
        (lambda d: d["deals"][0].__setitem__("dealer", "x"), "row 1"),
        (lambda d: d["deals"][0]["auction"][0].__setitem__("call", "²"), "row 1"),
        (lambda d: d["deals"][0]["auction"][0].__setitem__("call", 5), "row 1"),
        (lambda d: d["players"].__setitem__(1, "\x1b[2J"), "control characters"),
        (lambda d: d.__setitem__("scorekeeper", {"first_dealer": 7}), "first_dealer"),
        (lambda d: d.__setitem__("winner", "x"), "'winner'"),
    ],
)
def test_a_corrupted_protokoll_is_refused_and_never_rewritten(
    tmp_path: Path, change: Any, words: str
) -> None:
    path = protokoll(tmp_path)
    code, _, err = cli("protokoll", "add", "-f", str(path), "--bids", "1,0,0", "--tricks", "+,+,-")
    assert code == 0, err
    content = _edited(path, change)
    for args in (
        ["show"], ["next"], ["undo"], ["session"], ["pdf", "--out", str(tmp_path / "p.pdf")],
        ["add", "--bids", "0,0,0", "--tricks", "-,+,+"],
        ["edit", "--row", "1", "--bids", "0,0,0", "--tricks", "-,+,+"],
    ):  # fmt: skip
        code, out, err = cli("protokoll", *args, "-f", str(path), "--lang", "en", input="sluta\n")
        line = one_line_error(code, err)
        assert words in line and str(path) in line, (args, line)
        assert path.read_bytes() == content, args
    assert not (tmp_path / "p.pdf").exists()


def test_a_hand_edited_total_is_never_shown() -> None:
    s = Session.new("plump", ["Anna", "Björn", "Cissi"], max_cards=2)
    add_plump(s, bids=[0, 1, 0], tricks=["+", "-", 2])
    doc = json.loads(dump_record(s.doc))
    doc["totals"] = [1000, 0, 0]
    from stickspel.protokoll.scorekeeper import validate_protokoll

    with pytest.raises(ScorekeeperError, match=r"totals are \[1000, 0, 0\]"):
        validate_protokoll(doc)


def test_a_session_notices_another_window(tmp_path: Path) -> None:
    """Two windows on one file: the second window's row is refused, never written over
    the first's; it goes on from the file as the first left it."""
    from stickspel.protokoll.scorekeeper import StaleFileError

    path = protokoll(tmp_path)
    first, second = Session.load(path), Session.load(path)
    add_plump(first, bids=[1, 0, 0], tricks=["+", "+", "-"])
    with pytest.raises(StaleFileError, match="changed by another program"):
        add_plump(second, bids=[1, 0, 0], tricks=["+", "+", "-"])
    assert len(load_record(path)["deals"]) == 1
    assert len(second.entries) == 1  # read again
    add_plump(second, bids=[0, 0, 0], tricks=["-", "+", "+"])
    assert len(load_record(path)["deals"]) == 2


# --- simulate ---------------------------------------------------------------------------------


def test_ctrl_c_in_simulate_prints_the_games_played_so_far(monkeypatch: Any) -> None:
    import stickspel.simulate as sim

    real = sim.play_game
    calls = {"n": 0}

    def play(*args: Any, **kwargs: Any) -> Any:
        calls["n"] += 1
        if calls["n"] == 4:
            raise KeyboardInterrupt
        return real(*args, **kwargs)

    monkeypatch.setattr(sim, "play_game", play)
    code, out, err = cli(
        "simulate", "plump", "--players", "3", "--games", "10", "--json", "--max-cards", "2"
    )
    assert code == 0
    assert json.loads(out)["games"] == 3
    assert "interrupted" in err

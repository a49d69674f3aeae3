"""Issue 10, at the kitchen table: what a new player stumbled on at the terminal.

Every test drives the real ``stickspel`` console script (a pipe, or tmux where a
real terminal matters) and reads what it prints, as the newcomer did:
``stickspel play plump --seed 7 --name Anna`` (Anna bids 2; her first card is
forced, D♣).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import time
from pathlib import Path

import pytest
from terminal_session import PROMPT, ROOT, STICKSPEL, Session
from test_play_terminal import play_turns

from stickspel.core.cards import card_display, parse_card
from stickspel.records import load_record

KITCHEN = ["play", "plump", "--seed", "7", "--name", "Anna"]
SMALL = ["play", "plump", "--players", "3", "--max-cards", "3", "--seed", "11"]
NUMBERS = re.compile(r"(?:Din hand|Your hand): (.*)\n( *[\d ]+)\n")


def _quit(s: Session, asked: bool = False) -> None:
    """Save and stop at the next prompt (or at the one just ``asked``)."""
    if not asked:
        s.expect(PROMPT)
    s.send("q")
    s.finish()


def test_a_forced_card_is_played_after_a_notice(tmp_path: Path) -> None:
    """#3: D♣ is Anna's only legal card: said, played, and typed next it is not refused."""
    s = Session([*KITCHEN, "--record", "r.json"], tmp_path)
    s.expect(PROMPT)
    s.send("2")
    s.expect(re.compile(r"Bara D♣ går att spela: det spelas\.\n"))
    _, m = s.expect(PROMPT)
    assert "D♣" not in m.group(1)  # the next question is the next trick's
    s.send("D♣")  # the newcomer's habit: typing the forced card anyway
    s.expect(re.compile(r"D♣ är redan spelat \(det var det enda tillåtna kortet\)\.\n"))
    _quit(s)
    doc = load_record(tmp_path / "r.json")
    first = doc["deals"][0]["tricks"][0]
    assert first["cards"][(0 - first["leader"]) % 4] == "QC"


def test_no_auto_play_asks_for_the_forced_card_too(tmp_path: Path) -> None:
    s = Session([*KITCHEN, "--lang", "en", "--no-auto-play"], tmp_path)
    s.expect(PROMPT)
    s.send("2")
    _, m = s.expect(PROMPT)
    assert m.group(1) == "Q♣" and "Only Q♣ can be played" not in s.out
    _quit(s, asked=True)


def test_english_notice_of_a_forced_card(tmp_path: Path) -> None:
    s = Session([*KITCHEN, "--lang", "en"], tmp_path)
    s.expect(PROMPT)
    s.send("2")
    s.expect(re.compile(r"Only Q♣ can be played: it is played for you\.\n"))
    _quit(s)


@pytest.mark.parametrize("lang", ["sv", "en"])
def test_a_card_picked_by_its_number_under_the_hand(lang: str, tmp_path: Path) -> None:
    """#3: the numbers under the cards pick them; a number past the hand is refused."""
    s = Session([*KITCHEN, "--lang", lang, "--record", "r.json"], tmp_path)
    s.expect(PROMPT)
    s.send("2")
    before = s.pos
    _, m = s.expect(PROMPT)
    shown = s.since(before)
    hand_line, numbers = NUMBERS.findall(shown)[-1]
    cards = hand_line.split()
    positions = numbers.split()
    assert positions == [str(k) for k in range(1, len(cards) + 1)]
    # each number stands under the first character of its card
    label = len("Din hand: " if lang == "sv" else "Your hand: ")
    card_starts = [label + m.start() for m in re.finditer(r"\S+", hand_line)]
    number_starts = [m.start() for m in re.finditer(r"\d+", numbers)]
    assert card_starts == number_starts
    legal = m.group(1).split()
    wanted = legal[-1]
    s.send("42")
    s.expect(re.compile(r"(?:handen har inget kort nummer 42|the hand has no card number 42) "))
    s.send(str(cards.index(wanted) + 1))
    _quit(s)
    doc = load_record(tmp_path / "r.json")
    second = doc["deals"][0]["tricks"][1]
    played = second["cards"][(0 - second["leader"]) % 4]
    assert card_display(parse_card(played), lang) == wanted


def test_numbers_at_the_bid_prompt_are_bids(tmp_path: Path) -> None:
    s = Session([*KITCHEN, "--record", "r.json"], tmp_path)
    before = s.pos
    s.expect(PROMPT)
    assert not NUMBERS.search(s.since(before))  # no positions while bidding
    s.send("3")
    s.expect(PROMPT)
    _quit(s, asked=True)
    auction = load_record(tmp_path / "r.json")["deals"][0]["auction"]
    assert {"seat": 0, "call": "3"} in auction


@pytest.mark.parametrize(
    ("game", "lang", "typed", "said"),
    [
        ("plump", "sv", "Kn♦", "du ska bjuda 0–10 nu, inte spela ett kort (Kn♦)"),
        ("plump", "en", "JD", "you must bid 0–10 now, not play a card (J♦)"),
        ("plump", "sv", "jd", "inte spela ett kort (Kn♦)"),
        ("priffe", "en", "JD", "not play a card (J♦)"),
        ("priffe", "sv", "Dk", "inte spela ett kort (D♣)"),
    ],
)
def test_a_card_at_the_bid_prompt_is_named_as_cards_are_shown(
    game: str, lang: str, typed: str, said: str, tmp_path: Path
) -> None:
    """#3: not ``JD`` but the display notation of the UI's language."""
    s = Session(["play", game, "--seed", "7", "--lang", lang], tmp_path)
    s.expect(PROMPT)
    s.send(typed)
    m = s.expect(re.compile(r"(?:Det går inte|Not allowed): (.*)\n"))[1]
    assert said in m.group(1) and "JD" not in m.group(1)
    _quit(s)


def test_names_beside_the_cards_of_the_trick_and_the_last_trick(tmp_path: Path) -> None:
    """#4 (and #1: the trick after a trick is led by its winner)."""
    s = Session(KITCHEN, tmp_path)
    s.expect(PROMPT)
    s.send("2")
    s.expect(PROMPT)
    assert "Sticket: David E♣\n" in s.out or re.search(r"Sticket: David E♣ ·", s.out)
    assert "Förra sticket: David E♣ · Anna D♣ · Björn 2♣ · Cissi 3♣ — David tog det" in s.out
    assert re.search(r"Sticket: David 2♥\n", s.out)
    _quit(s, asked=True)


def test_english_for_you_and_cards_in_display_notation(tmp_path: Path) -> None:
    """#5: no ``You deals`` / ``You takes`` / ``You leads``; refusals name cards as shown."""
    s = Session([*SMALL, "--lang", "en", "--seat", "2"], tmp_path)
    play_turns(s, None, lang="en", mistakes={"follow_suit": 2, "unparsable": 1})
    assert s.finish() == 0
    out = s.out
    assert not re.search(r"\bYou (deals|takes|leads|bids|plays)\b", out)
    assert "You deal" in out and "You take the trick." in out
    refusals = re.findall(r"Not allowed: you do not hold (\S+)", out)
    assert refusals and all(re.fullmatch(r"(?:10|[2-9JQKA])[♠♥♦♣]", c) for c in refusals)


def test_one_line_per_player_after_each_deal_and_the_final_sheet_once(tmp_path: Path) -> None:
    """#4 and #7: bid, tricks, points, made or plump; the last sheet printed once."""
    s = Session([*SMALL, "--name", "Anna", "--record", "r.json"], tmp_path)
    path = play_turns(s, None)
    assert s.finish() == 0 and path == Path("r.json")
    doc = load_record(tmp_path / "r.json")
    blocks = s.out.split("Given är slut.\n")[1:]
    assert len(blocks) == len(doc["deals"])
    for block, deal in zip(blocks, doc["deals"], strict=True):
        lines = block.splitlines()[: len(doc["players"])]
        bids = {a["seat"]: a["call"] for a in deal["auction"]}
        for seat, (line, name) in enumerate(zip(lines, doc["players"], strict=True)):
            tricks = deal["result"]["tricks"][seat]
            points = deal["result"]["points"][seat]
            verdict = "klarat" if str(tricks) == bids[seat] else "plump"
            assert line == f"{name}: bud {bids[seat]}, {tricks} stick, {points} poäng — {verdict}"
    last = blocks[-1]
    assert last.count("Delsumma") == 1 and last.count("Partiet är slut.") == 1


def test_the_resume_hint_is_a_command_that_works_here(tmp_path: Path) -> None:
    """#7: the printed command is this program, as it can be started from here."""
    s = Session([*SMALL, "--record", "saved.json"], tmp_path)
    s.expect(PROMPT)
    s.send("q")
    m = s.expect(re.compile(r"Fortsätt med: (\S+) play plump --resume saved.json\n"))[1]
    assert s.finish() == 0
    program = m.group(1)
    found = shutil.which(program) if os.sep not in program else str(tmp_path / program)
    assert found is not None and Path(found).resolve() == Path(STICKSPEL).resolve()
    again = subprocess.run(
        [found, "play", "plump", "--resume", "saved.json"],
        cwd=tmp_path, input="q\n", capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert again.returncode == 0 and "Fortsätter partiet i saved.json" in again.stdout


@pytest.mark.parametrize(
    ("game", "words"),
    [
        ("plump", ["Plump (", "spärren", "Exakt bud ger 10 + budet"]),
        ("priffe", ["Priffe (", "tvångsnoll", "10 per stick över sex"]),
        ("tremanswhist", ["Tremanswhist (", "fjärde högen", "Först till +10"]),
    ],
)
def test_question_mark_shows_the_rules_of_the_game(
    game: str, words: list[str], tmp_path: Path
) -> None:
    """#6: ``?`` gives a short rules summary of the game played, then the table again."""
    s = Session(["play", game, "--seed", "3"], tmp_path)
    s.expect(PROMPT)
    before = s.pos
    s.send("?")
    s.expect(PROMPT)
    shown = s.since(before)
    for w in words:
        assert w in shown
    assert "nummer under handen" in shown
    _quit(s, asked=True)


def test_a_whole_priffe_game_says_why_each_deal_scored(tmp_path: Path) -> None:
    """#6: after a Priffe deal the contract (or why tvångsnoll) and each pair's points."""
    s = Session(["play", "priffe", "--seed", "4", "--record", "p.json"], tmp_path)
    play_turns(s, 60, mistakes={"follow_suit": 2, "card_not_held": 1, "unparsable": 1})
    s.expect(PROMPT)
    s.send("q")
    s.finish()
    out = s.out
    doc = load_record(tmp_path / "p.json")
    done = [d for d in doc["deals"] if "result" in d]
    assert done
    heads = re.findall(r"Given är slut\.\nKontrakt: (.*)\n(.*)\n(.*)\n", out)
    assert len(heads) == len(done)
    for (contract, side0, side1), deal in zip(heads, done, strict=True):
        result = deal["result"]
        if result["contract"] == "tvångsnoll":
            assert "tvångsnoll" in contract and (
                "alla passade" in contract or "högsta budet" in contract
            )
        else:
            assert contract.startswith(result["contract"])
        for side, line in ((0, side0), (1, side1)):
            points = result["points"][side]
            assert re.search(rf": {result['side_tricks'][side]} stick, {points} poäng", line), line


@pytest.mark.skipif(
    shutil.which("tmux") is None or shutil.which("make") is None, reason="needs tmux and make"
)
def test_make_play_ends_quietly_after_ctrl_c_and_q(tmp_path: Path) -> None:
    """#7: no ``make: *** Error 130`` after Ctrl-C or q in ``make play``."""
    if not (ROOT / ".venv" / "bin" / "stickspel").exists():
        pytest.skip("make play runs .venv/bin/stickspel of the checkout")
    sock = str(tmp_path / "tmux.sock")
    tmux = ["tmux", "-S", sock]
    subprocess.run([*tmux, "new-session", "-d", "-x", "160", "-y", "50", "-c", str(ROOT),
                    "bash", "--norc"], check=True)  # fmt: skip

    def screen() -> str:
        return subprocess.run(
            [*tmux, "capture-pane", "-p", "-S", "-200"], capture_output=True, text=True
        ).stdout

    def wait_for(text: str, count: int = 1) -> None:
        deadline = time.monotonic() + 60
        while len(re.findall(text, screen())) < count:
            assert time.monotonic() < deadline, screen()
            time.sleep(0.2)

    try:
        for k, stop in enumerate(("C-c", "q"), start=1):
            record = tmp_path / f"r{k}.json"
            subprocess.run([*tmux, "send-keys", f"make play ARGS='--record {record}'", "Enter"],
                           check=True)  # fmt: skip
            wait_for("tillåtet:", k)
            keys = [stop] if stop == "C-c" else [stop, "Enter"]
            subprocess.run([*tmux, "send-keys", *keys], check=True)
            wait_for(r"Fortsätt med: \.venv/bin/stickspel play plump --resume", k)
            subprocess.run([*tmux, "send-keys", "echo done-$?", "Enter"], check=True)
            wait_for(r"done-\d", k)
    finally:
        shown = screen()
        subprocess.run([*tmux, "kill-server"], capture_output=True)
    assert "make: ***" not in shown and "Error 130" not in shown
    assert "done-0" in shown  # after q, make itself succeeds
    assert load_record(tmp_path / "r1.json")["deals"] and (tmp_path / "r2.json").exists()

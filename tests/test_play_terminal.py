"""`stickspel play` driven through real input: a person's moves typed on stdin.

The driver reads what the program prints, finds the prompt with its list of
legal entries and the hand, and types a move, as a person at the terminal
would, including wrong entries that must be refused with the engine's reason.
"""

from __future__ import annotations

import re
import shutil
import signal
import subprocess
import time
from pathlib import Path

import pytest
from terminal_session import END, HAND, PROMPT, STICKSPEL, Session

from stickspel.core.cards import card_display, card_str, parse_card
from stickspel.games import GAMES
from stickspel.records import load_record, replay


def _is_card(text: str) -> bool:
    try:
        parse_card(text)
    except ValueError:
        return False
    return True


def _hand_cards(text: str) -> list[int]:
    return [parse_card(c) for c in text.split()]


def play_turns(
    s: Session, turns: int | None, lang: str = "sv", mistakes: dict[str, int] | None = None
) -> Path | None:
    """Answer ``turns`` prompts (all, if None) with the first legal entry.

    On the way it types, where the position allows and not done yet, a text
    that is no move, a card the hand does not hold and a card that does not
    follow suit, and checks each is refused with the engine's reason and asked
    again.  Returns the record path when the game ends.
    """
    mistakes = mistakes if mistakes is not None else {}
    done = 0
    while turns is None or done < turns:
        before = s.pos
        which, m = s.expect(PROMPT, END)
        if which == 1:
            return Path(m.group(1))
        legal = m.group(1).split()
        hands = HAND.findall(s.since(before))
        if hands and all(_is_card(c) for c in legal):
            hand = _hand_cards(hands[-1])
            legal_cards = [parse_card(c) for c in legal]
            off_suit = [c for c in hand if c not in legal_cards]
            if off_suit and mistakes.get("follow_suit", 0) < 2:
                s.send(card_display(off_suit[0], lang))
                s.expect(
                    re.compile(
                        r"(?:Det går inte: du måste följa färg|Not allowed: you must follow suit) .*\n"
                    )
                )
                s.expect(PROMPT)
                mistakes["follow_suit"] = mistakes.get("follow_suit", 0) + 1
            missing = [c for c in range(52) if c not in hand]
            if not mistakes.get("card_not_held"):
                s.send(card_str(missing[0]).lower())  # the record notation, lower case
                s.expect(
                    re.compile(r"(?:Det går inte: du har inte|Not allowed: you do not hold) .*\n")
                )
                s.expect(PROMPT)
                mistakes["card_not_held"] = 1
        if not mistakes.get("unparsable"):
            s.send("hallå")
            s.expect(re.compile(r"(?:Förstår inte|Not understood): 'hallå' .*\n"))
            s.expect(PROMPT)
            mistakes["unparsable"] = 1
        s.send(legal[0])
        done += 1
    return None


BASE = ["play", "plump", "--players", "3", "--max-cards", "4", "--seed", "11"]


def test_a_whole_game_typed_in(tmp_path: Path) -> None:
    # every move typed, the forced ones too (--no-auto-play), so that refusals can be tried
    s = Session([*BASE, "--name", "Testaren", "--record", "r.json", "--no-auto-play"], tmp_path)
    mistakes: dict[str, int] = {}
    path = play_turns(s, None, mistakes=mistakes)
    assert s.finish() == 0
    assert path == Path("r.json")
    assert mistakes == {"follow_suit": 2, "card_not_held": 1, "unparsable": 1}
    # what the table showed along the way
    assert "Giv 1 av 7 · 4 kort" in s.out and "Trumf:" in s.out
    assert "Givaren får inte bjuda" in s.out and "tar sticket." in s.out
    assert "Förra sticket:" in s.out and "Summa" in s.out and "Delsumma" in s.out
    assert "Partiet är slut." in s.out and ("Vinnare:" in s.out or "Delad vinst:" in s.out)
    doc = load_record(tmp_path / "r.json")
    rep = replay(doc)
    assert rep.finished and doc["players"][0] == "Testaren"
    assert len(doc["deals"]) == 7


def test_english_and_another_seat(tmp_path: Path) -> None:
    s = Session([*BASE, "--lang", "en", "--seat", "2", "--record", "r.json"], tmp_path)
    path = play_turns(s, None, lang="en")
    assert s.finish() == 0 and path is not None
    assert "Your hand:" in s.out and "Deal 1 of 7" in s.out and "The game is over." in s.out
    doc = load_record(tmp_path / "r.json")
    assert doc["players"][2] == "You" and replay(doc).finished


def test_eof_saves_and_resume_continues_the_same_game(tmp_path: Path) -> None:
    s = Session([*BASE, "--record", "saved.json"], tmp_path)
    play_turns(s, 5)
    s.expect(PROMPT)
    code = s.finish()  # end of input mid-game, as Ctrl-D
    assert code == 0
    assert "Partiet är sparat i saved.json" in s.out
    assert "stickspel play plump --resume saved.json" in s.out
    saved = load_record(tmp_path / "saved.json")
    rep = replay(saved)
    assert not rep.finished and "winner" not in saved
    played = len(saved["deals"])

    r = Session(["play", "plump", "--resume", "saved.json"], tmp_path)
    r.expect(re.compile(r"Fortsätter partiet i saved.json"))
    path = play_turns(r, None)
    assert r.finish() == 0 and path == Path("saved.json")
    done = load_record(tmp_path / "saved.json")
    assert replay(done).finished
    # the deals played before the break are kept as they were
    assert done["deals"][: played - 1] == saved["deals"][: played - 1]
    first = saved["deals"][played - 1]
    assert done["deals"][played - 1]["hands"] == first["hands"]


def test_ctrl_c_saves_under_the_default_directory(tmp_path: Path) -> None:
    s = Session(BASE, tmp_path)
    play_turns(s, 2)
    s.expect(PROMPT)
    s.proc.send_signal(signal.SIGINT)
    m = s.expect(
        re.compile(r"Partiet är sparat i (stickspel-records/plump-\d{8}-\d{6}(?:-\d+)?\.json)\n")
    )
    assert s.finish() == 130
    path = tmp_path / m[1].group(1)
    assert not replay(load_record(path)).finished


def test_q_saves_and_a_finished_game_writes_to_the_default_directory(tmp_path: Path) -> None:
    s = Session([*BASE, "--seed", "12"], tmp_path)
    play_turns(s, 1)
    s.expect(PROMPT)
    s.send("q")
    s.expect(re.compile(r"Partiet är sparat i "))
    s.finish()
    s = Session([*BASE, "--seed", "12", "--seat-bots", "random"], tmp_path)
    path = play_turns(s, None)
    assert s.finish() == 0 and path is not None
    assert path.parent == Path("stickspel-records")
    assert len(list((tmp_path / "stickspel-records").iterdir())) == 2
    assert replay(load_record(tmp_path / path)).finished


def test_resume_refuses_a_broken_record(tmp_path: Path) -> None:
    (tmp_path / "bad.json").write_text("{", encoding="utf-8")
    res = subprocess.run([STICKSPEL, "play", "plump", "--resume", "bad.json"], cwd=tmp_path,
                         capture_output=True, text=True, timeout=60)  # fmt: skip
    assert res.returncode == 1 and "ogiltig JSON" in res.stderr


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_game_can_be_played_and_saved(game: str, tmp_path: Path) -> None:
    """The play loop is generic: 30 moves typed in any registered game, then end of input."""
    s = Session(["play", game, "--seed", "5", "--record", "g.json"], tmp_path)
    path = play_turns(s, 30, mistakes={"follow_suit": 2, "card_not_held": 1})
    if path is None:
        s.expect(PROMPT)
        assert s.finish() == 0
    doc = load_record(tmp_path / "g.json")
    assert doc["game"] == game and doc["deals"]
    replay(doc)


@pytest.mark.skipif(shutil.which("tmux") is None, reason="needs tmux for a real terminal")
def test_in_a_real_terminal_with_tmux(tmp_path: Path) -> None:
    """The same program in a pseudo-terminal: prompt, a move typed, Ctrl-C saves."""
    sock = str(tmp_path / "tmux.sock")
    tmux = ["tmux", "-S", sock]
    cmd = " ".join([STICKSPEL, *BASE, "--record", "t.json"])
    subprocess.run(
        [*tmux, "new-session", "-d", "-x", "160", "-y", "50", "-c", str(tmp_path), cmd], check=True
    )

    def screen() -> str:
        return subprocess.run([*tmux, "capture-pane", "-p"], capture_output=True, text=True).stdout

    try:
        deadline = time.monotonic() + 30
        while "tillåtet:" not in screen():
            assert time.monotonic() < deadline, screen()
            time.sleep(0.2)
        legal = re.findall(r"\[tillåtet: ([^\]]*)\]", screen())[-1].split()
        subprocess.run([*tmux, "send-keys", legal[0], "Enter"], check=True)
        time.sleep(0.5)
        subprocess.run([*tmux, "send-keys", "C-c"], check=True)
        deadline = time.monotonic() + 30
        while not (tmp_path / "t.json").exists():
            assert time.monotonic() < deadline, screen()
            time.sleep(0.2)
    finally:
        subprocess.run([*tmux, "kill-server"], capture_output=True)
    doc = load_record(tmp_path / "t.json")
    assert doc["deals"] and not replay(doc).finished


def test_simultaneous_bids_stay_hidden_until_all_have_bid(tmp_path: Path) -> None:
    args = ["play", "plump", "--preset", "simultaneous", "--players", "4", "--max-cards", "3"]
    s = Session([*args, "--seat", "3", "--seed", "2", "--record", "r.json"], tmp_path)
    mark = s.pos
    _, m = s.expect(PROMPT)
    first = s.since(mark)
    # the bots before seat 3 have bid, but not visibly
    assert "har bjudit." in first and "bjuder" not in first
    s.send(m.group(1).split()[0])
    s.expect(PROMPT)
    # once all have bid, the bids are on the table
    assert re.search(r"Anna +\d", s.since(mark))
    assert s.finish() == 0
    doc = load_record(tmp_path / "r.json")
    assert len(doc["deals"][0]["auction"]) == 4


def test_the_view_shows_the_hand_by_suit_trump_first() -> None:
    from rich.console import Console

    from stickspel.core import Deal
    from stickspel.games.plump import PlumpRules, PlumpState, view

    state = PlumpState(PlumpRules(players=3, max_cards=4, deal_order="single"))
    hands = ("2C AS TD KH", "3C 4C 5C 6C", "7C 8C 9C TC")
    state.apply_deal(Deal(tuple(tuple(parse_card(c) for c in h.split()) for h in hands),
                          upcard=parse_card("2H")))  # fmt: skip
    players = ["Anna", "Björn", "Cissi"]
    for lang, hand in (("sv", "Din hand: K♥  E♠  2♣  10♦"), ("en", "Your hand: K♥  A♠  2♣  10♦")):
        console = Console(record=True, width=100)
        console.print(view.render(state.observation(0), players=players, lang=lang))
        text = console.export_text()
        assert hand in text
        assert ("Trumf: ♥ hjärter (uppvänt kort 2♥)" if lang == "sv" else "Trump: ♥ hearts") in text
    # nothing of another seat's hand is shown
    assert "3♣" not in text and "7♣" not in text


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("name", ["[red]MK[/red]", "Anna\\"])
def test_a_name_shows_exactly_as_typed(game: str, name: str, tmp_path: Path) -> None:
    """A name with Rich markup or a backslash is neither obeyed nor shown escaped: in
    the view's header and dealer, the moves, the last trick, the contract, the sheet."""
    s = Session(["play", game, "--seed", "5", "--name", name, "--record", "g.json"], tmp_path)
    path = play_turns(s, 40, mistakes={"follow_suit": 2, "card_not_held": 1, "unparsable": 1})
    if path is None:
        s.expect(PROMPT)
        assert s.finish() == 0
    assert s.out.count(name) > 10
    assert "\\[" not in s.out and name + "\\" not in s.out
    if "MK" in name:  # every line naming the player names them whole
        lines = [line for line in s.out.splitlines() if "MK" in line]
        assert all(name in line for line in lines), [ln for ln in lines if name not in ln][:3]
    assert load_record(tmp_path / "g.json")["players"][0] == name

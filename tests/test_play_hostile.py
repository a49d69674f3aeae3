"""The terminal game against hostile input: names, bids typed in other scripts."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from stickspel import load_game
from stickspel.core import InvalidActionError

STICKSPEL = Path(sys.executable).parent / "stickspel"


def play(tmp_path: Path, *args: str, keys: str = "q\n") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [
            str(STICKSPEL),
            "play",
            "plump",
            "--seed",
            "3",
            "--players",
            "3",
            "--max-cards",
            "2",
            *args,
        ],
        input=keys,
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=60,
        env={**os.environ, "COLUMNS": "100"},
    )


@pytest.mark.parametrize("name", ["[/]", "[link=file:///etc/passwd]x[/link]", "Eva[bold]"])
def test_markup_in_a_name_is_shown_as_text(tmp_path: Path, name: str) -> None:
    res = play(tmp_path, "--name", name, "--record", "g.json")
    assert res.returncode == 0, res.stderr
    assert "Traceback" not in res.stderr + res.stdout


@pytest.mark.parametrize("name", ["\x1b]0;pwned\x07Eva", "A" * 41, "   "])
def test_a_name_that_cannot_be_used_is_refused_in_one_line(tmp_path: Path, name: str) -> None:
    res = play(tmp_path, "--name", name, "--record", "g.json")
    assert res.returncode != 0
    assert "Traceback" not in res.stderr and len(res.stderr.strip().splitlines()) == 1
    assert "\x1b" not in res.stderr + res.stdout
    assert not (tmp_path / "g.json").exists()  # nothing played


def test_the_saved_game_is_readable_by_its_owner_only(tmp_path: Path) -> None:
    res = play(tmp_path, "--record", "g.json")
    assert res.returncode == 0, res.stderr
    mode = stat.S_IMODE((tmp_path / "g.json").stat().st_mode)
    assert mode == 0o600


@pytest.mark.parametrize("text", ["²", "٣", "３", "9" * 5000])
def test_bids_are_ascii_digits_only(text: str) -> None:
    state = load_game("plump(players=3,max_cards=2)").new_initial_state()
    with pytest.raises(InvalidActionError):
        state.string_to_action(text)


@pytest.mark.parametrize("text", ["²", "٣", "9" * 5000])
def test_a_card_position_is_ascii_digits_only(tmp_path: Path, text: str) -> None:
    """Cards may be picked by their place in the hand (1, 2 …): other digits are no
    place, refused in one line, and the game goes on."""
    res = play(tmp_path, "--lang", "en", keys=f"0\n{text}\nq\n")
    assert "Traceback" not in res.stderr + res.stdout, res.stderr[-2000:]
    assert "Not understood" in res.stdout

"""Post-game analysis flags the known Oh Hell blunders as blunders and the
expert's own moves as best (hand-made records; fixed worlds, so deterministic)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from positions import bots_game, plump_position

from stickspel.analysis import analyse_record, verdict
from stickspel.bots import Turn, make_bot
from stickspel.bots.expert import ExpertBot
from stickspel.core.cards import parse_card

# the blunder positions of the bots' tests: hands by seat, upcard, dealer, the moves
# before the decision, the blunder, and the move the expert makes
POSITIONS = {
    "low trump lead when every trick is needed": (
        ["AS 2S AH", "KS 3H 4H", "5H 6H 7H", "8H 9H TH"], "3S", 3, ["3", "0", "0", "1"], "2S",
    ),
    "the top remaining trump not taken as a sure trick": (
        ["2D QS JH", "AS 3C 4C", "KS 5C 6C", "3D 7C 8C"], "3S", 3,
        ["1", "1", "0", "0", "2D", "AS", "KS", "3D", "3C", "5C", "7C"], "QS",
    ),
    "ruffing in to take a lead that costs the bid": (
        ["3S 2S AH 5C", "4D 5D 6D 7C", "9D TD JD 8C", "AS 7D 8D 9C"], "9S", 2,
        ["1", "1", "0", "0", "AS", "3S", "7C", "8C", "9C", "5C", "4D", "9D", "7D"], "2S",
    ),
}  # fmt: skip
# The fourth blunder of the bots' tests — the dealer sliding to 0 holding the trump
# ace — is not here: in that deal neither 0 nor 2 is ever made in the expert's worlds
# (both are worth nothing), so it costs no points and analysis, which counts points,
# rightly calls it no loss; the bots' test keeps the expert from it.


def _record(hands: list[str], upcard: str, dealer: int, moves: list[str], move: str) -> dict:
    """The deal played to the decision, then ``move``, then finished by heuristic bots."""
    state = plump_position(hands, upcard, dealer, [*moves, move])
    bot = make_bot("plump", "heuristic", seed=1)
    while not state.is_terminal():
        state.apply_action(bot.act(Turn.of(state)))
    return state.to_record(["Anna", "Björn", "Cissi", "David"])


@pytest.mark.parametrize("name", list(POSITIONS))
def test_the_known_blunders_are_flagged_and_the_experts_move_is_best(name: str) -> None:
    hands, upcard, dealer, moves, blunder = POSITIONS[name]
    state = plump_position(hands, upcard, dealer, moves)
    expert = ExpertBot(seed=1, think_ms=None, samples=24)
    best = state.action_to_string(expert.act(Turn.of(state)))
    assert best != blunder
    for move, wanted in ((blunder, "blunder"), (best, "best")):
        # 100 worlds: over 24 the weaker card's value still swings by a point or two
        record = _record(hands, upcard, dealer, moves, move)
        analysis = analyse_record(record, samples=100, seed=1)
        (judged,) = [d for d in analysis.decisions if d.index == len(moves)]
        assert (judged.made, judged.verdict) == (move, wanted), judged
        if wanted == "blunder":  # judged again over fresh draws: clear of their noise
            assert judged.noise is not None and judged.loss > 2 * judged.noise


def test_verdict_thresholds() -> None:
    assert [verdict("plump", x) for x in (0, 0.3, 0.6, 2, 3)] == [
        "best", "good", "inaccuracy", "mistake", "blunder"
    ]  # fmt: skip
    # Priffe's values are side points: a trick's worth is twice the trick value
    assert verdict("priffe", 15, unit=20) == "inaccuracy"


def test_luck_sums_to_nought_and_the_summary_counts(tmp_path: Path) -> None:
    hands, upcard, dealer, moves, blunder = POSITIONS["low trump lead when every trick is needed"]
    analysis = analyse_record(_record(hands, upcard, dealer, moves, blunder), samples=8)
    assert abs(sum(analysis.luck)) < 1e-9
    rows = analysis.by_player()
    assert sum(r["decisions"] for r in rows) == len(analysis.decisions)
    assert rows[0]["blunder"] == 1
    assert json.loads(json.dumps(analysis.to_dict()))["format"] == "stickspel-analysis/1"


def test_cli_prints_the_summary_writes_a_page_and_refuses_bad_records(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from stickspel.cli import app

    hands, upcard, dealer, moves, blunder = POSITIONS["low trump lead when every trick is needed"]
    doc = _record(hands, upcard, dealer, moves, blunder)
    doc["players"][1] = "<b>Björn</b>"
    path = tmp_path / "g.json"
    path.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    page = tmp_path / "a.html"
    run = CliRunner().invoke(
        app, ["analyse", str(path), "--samples", "8", "--lang", "en", "--html", str(page)]
    )
    assert run.exit_code == 0, run.output
    assert "blunder" in run.output and "Anna" in run.output
    html = page.read_text()
    assert "&lt;b&gt;Björn" in html and "<b>Björn" not in html
    as_json = CliRunner().invoke(app, ["analyse", str(path), "--samples", "8", "--json"])
    assert json.loads(as_json.output)["by_player"][0]["blunder"] == 1
    path.write_text('{"format": "stickspel/1", "game": "plump"}')
    bad = CliRunner().invoke(app, ["analyse", str(path), "--lang", "en"])
    assert bad.exit_code == 2 and "g.json" in bad.output and "Traceback" not in bad.output


def test_the_analysis_says_why_in_the_coachs_words() -> None:
    # the ruff that costs the bid: the analysis names it as the coach does, by key
    from stickspel.bots.coach import turn_reasons

    hands, upcard, dealer, moves, blunder = POSITIONS[
        "ruffing in to take a lead that costs the bid"
    ]
    analysis = analyse_record(_record(hands, upcard, dealer, moves, blunder), samples=24, seed=1)
    (judged,) = [d for d in analysis.decisions if d.index == len(moves)]
    state = plump_position(hands, upcard, dealer, moves)
    turn = Turn.of(state)
    assert judged.why_made == turn_reasons(turn, parse_card(blunder))
    assert judged.why_made[0].key == "coach.ruffs"
    assert judged.why_best == turn_reasons(turn, state.string_to_action(judged.best))
    said = judged.to_dict()["why_made"][0]
    assert said["sv"] == "sticker med trumf och tar sticket" and said["key"] == "coach.ruffs"


@pytest.mark.parametrize(
    ("seed", "index", "made", "marked"),
    [
        # Anna plays A♣ to the first trick where K♠ was better: 7.7 points, ± 0.2 over the fresh draws
        (14, 5, "AC", True),
        # 4♦ against J♠: the first estimate's 3.8 points (a blunder) are 2.5 ± 1.35
        # over the fresh draws: within twice the noise, not marked
        (9, 4, "4D", False),
    ],
)
def test_a_loss_is_marked_only_where_it_is_clear_of_the_noise(
    seed: int, index: int, made: str, marked: bool
) -> None:
    from stickspel.analysis import MARKS, NOISE_K, thresholds

    record = bots_game(seed)
    (first,) = [
        d for d in analyse_record(record, samples=16, rechecks=0).decisions if d.index == index
    ]
    (judged,) = [d for d in analyse_record(record, samples=16).decisions if d.index == index]
    assert first.made == judged.made == made
    assert first.verdict in MARKS and first.noise is None  # every first estimate taken as it is
    assert judged.noise is not None and judged.noise > 0
    clear = judged.loss > NOISE_K * judged.noise and judged.loss >= thresholds("plump")[0]
    assert clear == marked and judged.marked == marked, judged
    assert judged.verdict == ("blunder" if marked else "good")


def test_the_threshold_in_figures() -> None:
    from stickspel.analysis import clear_loss

    assert clear_loss("plump", 2.0, 0.9) and not clear_loss("plump", 2.0, 1.0)
    assert not clear_loss("plump", 0.49, 0.0)  # under the inaccuracy threshold however sure
    assert clear_loss("priffe", 15.0, 1.0, unit=20) and not clear_loss("priffe", 9.0, 0.0, unit=20)


def test_key_moments_are_the_largest_clear_losses_in_the_order_played() -> None:
    from stickspel.analysis import KEY_MOMENTS

    analysis = analyse_record(bots_game(14), samples=16)
    moments = analysis.key_moments()
    marked = [d for d in analysis.decisions if d.marked]
    assert 0 < len(moments) <= KEY_MOMENTS and moments == sorted(moments)
    chosen = [d for d in marked if d.index in moments]
    rest = [d for d in marked if d.index not in moments]
    assert len(chosen) == len(moments)
    assert all(c.loss >= r.loss for c in chosen for r in rest)
    assert analysis.to_dict()["key_moments"] == moments

"""Priffe's terminal view and protokoll."""

from __future__ import annotations

import json

from rich.console import Console

from stickspel.bots import Turn, make_bot
from stickspel.core import Deal
from stickspel.core.cards import make_rng
from stickspel.games.priffe import PriffeRules, PriffeState, example_hands
from stickspel.games.priffe.view import prompt, render
from stickspel.protokoll import build_sheet
from stickspel.protokoll.terminal import render_sheet
from stickspel.simulate import play_game

PLAYERS = ["Anna", "Björn", "Cissi", "David"]


def text_of(renderable: object) -> str:
    console = Console(width=120, record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


def test_view_shows_only_own_hand_and_names_follow_seating() -> None:
    # play to rubber 2 and look at a seat there
    state = PriffeState()
    rng, bot = make_rng(2), make_bot("priffe", "heuristic", seed=2)
    while state.rubber_index == 0:
        if state.is_chance():
            state.apply_chance(rng)
        else:
            state.apply_action(bot.act(Turn.of(state)))
    state.apply_chance(rng)
    obs = state.observation(1)
    assert obs["seating"] == [0, 2, 1, 3] and obs["person"] == 2
    out = text_of(render(obs, players=PLAYERS))
    assert "Robbert 2 av 3" in out and "Cissi (du)" in out
    assert "Anna & Björn" in out and "Cissi & David" in out  # the pairs of rubber 2
    mine = state.dealt[1]
    others = [c for s in (0, 2, 3) for c in state.dealt[s]]
    assert len(mine) == 13 and not set(mine) & set(others)


def test_prompt_lists_calls_and_explains_spader() -> None:
    state = PriffeState()
    state.apply_deal(Deal(example_hands()))
    assert state.observation(1)["legal_calls"] == [
        state.action_to_string(a) for a in state.legal_actions()
    ]
    state.apply_text("pass")
    state.apply_text("pass")
    obs = state.observation(3)
    assert obs["legal_calls"] == [state.action_to_string(a) for a in state.legal_actions()]
    assert obs["barred_calls"]["spader"]["rule"] == "spader_seat"
    assert state.observation(0)["legal_calls"] == []  # not seat 0's turn
    assert "spader bara för förhand och andra hand" in prompt(obs)
    state.apply_text("spel")
    obs = state.observation(2)
    assert prompt(obs) == "Spela ut ett kort"  # right-hand neighbour of the spel bidder leads
    out = text_of(render(obs, players=PLAYERS, lang="en"))
    assert "Contract: spel, played by Björn & David, no trump" in out


def test_sheet_marks_games_rubbers_and_person_totals() -> None:
    state = play_game("priffe", PriffeRules(), ["heuristic"] * 4, 17)
    doc = json.loads(json.dumps(state.to_record(PLAYERS)))
    sheet = build_sheet(doc)
    assert [t.title for t in sheet.tables] == [
        "Priffe · Robbert 1",
        "Priffe · Robbert 2",
        "Priffe · Robbert 3",
        "Parti",
    ]
    for k, table in enumerate(sheet.tables[:3]):
        rows = [r for r in table.rows if r.kind == "subtotal"]
        assert len(rows) == 1 and rows[0].label == "Summa robbert"
        # who won the rubber on a line of its own above its sums (issue 10 #12: a label
        # that long was printed too small to read)
        sections = [r for r in table.rows if r.kind == "section"]
        assert sections[-1].label.startswith("Robbert till")
        games = sections[:-1]
        assert 2 <= len(games) <= 3
        game_cells = [c for r in table.rows for c in r.cells if c.mark == "game"]
        assert len(game_cells) == len(games)
        assert doc["priffe"]["rubbers"][k]["games"] in ([2, 0], [2, 1], [0, 2], [1, 2])
    parti = sheet.tables[-1]
    assert [int(c.text) for c in parti.rows[-1].cells] == doc["totals"]
    per_rubber = [[int(c.text) for c in r.cells] for r in parti.rows[:3]]
    assert [sum(col) for col in zip(*per_rubber, strict=True)] == doc["totals"]
    assert sheet.winners == doc["winner"]
    out = "".join(text_of(t) for t in render_sheet(sheet))
    assert "Utgång" in out and "Summa" in out


def test_sheet_from_reported_record_and_unfinished_game() -> None:
    state = PriffeState()
    state.apply_reported_deal(
        {
            "dealer": 0,
            "auction": [{"seat": 1, "call": "spel"}],
            "result": {"tricks": [1, 12], "honours": {"side": 0, "held": [3, 1]}},
        }
    )
    rng = make_rng(1)
    state.apply_chance(rng)
    state.apply_text("pass")
    doc = state.to_record(PLAYERS)
    sheet = build_sheet(doc, "en")
    rows = sheet.tables[0].rows
    assert rows[0].label == "1 spel Björn"
    assert [c.plain() for c in rows[0].cells] == ["honours→40", "", "little slam→20", "60"]
    assert rows[1].label == "Game: Björn & David"
    assert rows[-1].kind == "pending" and rows[-1].label == "2 pass"
    assert sheet.winners is None

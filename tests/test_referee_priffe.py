"""The independent Priffe referee (tests/referee/priffe.py) against the engine's records.

Records the engine and simulate write must satisfy a second reading of the
rules, and the referee must catch planted faults so it cannot pass everything.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from referee.priffe import check_priffe_record

from stickspel.bots import Turn, make_bot
from stickspel.core.cards import make_rng
from stickspel.games.priffe import PriffeRules, PriffeState
from stickspel.simulate import simulate


def record(
    rules: PriffeRules, seed: int, kinds: str = "random", stop: int | None = None
) -> dict[str, Any]:
    state = PriffeState(rules, first_dealer=seed % 4)
    rng = make_rng(seed)
    bots = [make_bot("priffe", kinds, seed=seed * 10 + s) for s in range(4)]
    steps = 0
    while not state.is_terminal() and (stop is None or steps < stop):
        if state.is_chance():
            state.apply_chance(rng)
        else:
            state.apply_action(bots[state.current_player()].act(Turn.of(state)))
        steps += 1
    doc: dict[str, Any] = json.loads(json.dumps(state.to_record(list("ABCD"))))
    return doc


RULES = [
    PriffeRules(),
    PriffeRules(style="old"),
    PriffeRules(parti="one_rubber"),
    PriffeRules(style="old", old_values=(1, 3, 5, 7, 9, 11), game_points=25),
    PriffeRules(honours=False, lillslam=50, storslam=100, rubber_games=1),
]


@pytest.mark.parametrize("rules", RULES, ids=lambda r: r.to_text())
@pytest.mark.parametrize("kinds", ["random", "heuristic"])
def test_engine_records_are_clean(rules: PriffeRules, kinds: str) -> None:
    for seed in range(6):
        doc = record(rules, seed, kinds)
        assert "winner" in doc
        assert check_priffe_record(doc) == [], seed


def test_unfinished_records_are_clean() -> None:
    for stop in (1, 3, 5, 20, 60, 200):
        assert check_priffe_record(record(PriffeRules(), 5, stop=stop)) == []


def test_simulate_records_are_clean(tmp_path: Path) -> None:
    for rules in (PriffeRules(), PriffeRules(style="old")):
        out = tmp_path / rules.style
        summary = simulate("priffe", rules, ["heuristic", "random"] * 2, 6, seed=3, record_dir=out)
        files = sorted(out.glob("*.json"))
        assert summary.games == 6 and len(files) == 6
        for f in files:
            doc = json.loads(f.read_text(encoding="utf-8"))
            assert doc["game"] == "priffe"
            assert check_priffe_record(doc) == [], f.name


def test_reported_records_are_clean() -> None:
    state = PriffeState()
    deals = [
        (["pass", "hjärter", "pass", "pass"], [9, 4], {"side": 1, "held": [3, 1]}),
        (["spader", "pass", "pass", "pass"], [2, 3, 4, 4], None),
        (["pass", "noll", "pass", "pass"], [1, 12], None),
        (["spel"], [1, 12], {"side": 0, "held": [4, 0]}),
    ]
    for calls, tricks, hon in deals:
        f = state.forhand()
        state.apply_reported_deal(
            {
                "dealer": state.dealer(),
                "auction": [{"seat": (f + k) % 4, "call": c} for k, c in enumerate(calls)],
                "result": {"tricks": tricks, "honours": hon},
            }
        )
    doc = json.loads(json.dumps(state.to_record(list("ABCD"))))
    assert check_priffe_record(doc) == []


# --- planted faults -------------------------------------------------------------------------


@pytest.fixture(scope="module")
def clean() -> dict[str, Any]:
    return record(PriffeRules(), 21, "heuristic")


def first(doc: dict[str, Any], pred: Any) -> dict[str, Any]:
    deal: dict[str, Any] = next(d for d in doc["deals"] if pred(d))
    return deal


def plant(doc: dict[str, Any], change: Any) -> list[str]:
    bad = copy.deepcopy(doc)
    change(bad)
    return check_priffe_record(bad)


def test_catches_planted_faults(clean: dict[str, Any]) -> None:
    assert check_priffe_record(clean) == []

    def swap_winner(d: dict[str, Any]) -> None:
        t = d["deals"][0]["tricks"][0]
        t["winner"] = (t["winner"] + 1) % 4

    def lower_bid(d: dict[str, Any]) -> None:
        f = (d["deals"][0]["dealer"] + 1) % 4
        d["deals"][0]["auction"] = [{"seat": f, "call": "hjärter"},
                                    {"seat": (f + 1) % 4, "call": "ruter"}]  # fmt: skip

    def spader_third(d: dict[str, Any]) -> None:
        f = (d["deals"][0]["dealer"] + 1) % 4
        d["deals"][0]["auction"] = [{"seat": (f + k) % 4, "call": c}
                                    for k, c in enumerate(["pass", "pass", "spader", "pass"])]  # fmt: skip

    def points(d: dict[str, Any]) -> None:
        d["deals"][0]["result"]["points"][0] += 10

    def honours(d: dict[str, Any]) -> None:
        r = d["deals"][0]["result"]
        r["honours"] = (
            None if r["honours"] else {"side": 0, "kind": "aces", "held": [4, 0], "points": 50}
        )

    def seating(d: dict[str, Any]) -> None:
        for deal in d["deals"]:
            deal["seating"] = [0, 1, 2, 3]

    def totals(d: dict[str, Any]) -> None:
        d["totals"][1] += 1

    def dealer(d: dict[str, Any]) -> None:
        d["deals"][1]["dealer"] = (d["deals"][1]["dealer"] + 1) % 4

    def game_won(d: dict[str, Any]) -> None:
        r = first(d, lambda x: x["result"]["game_won"] is not None)["result"]
        r["game_won"] = None

    def renounce(d: dict[str, Any]) -> None:
        # swap two cards of one seat between tricks so it fails to follow suit somewhere
        deal = d["deals"][0]
        for t in deal["tricks"]:
            led = t["cards"][0][1]
            for k in range(1, 4):
                if t["cards"][k][1] == led:
                    seat = (t["leader"] + k) % 4
                    other = next((c for c in deal["hands"][seat] if c[1] != led), None)
                    if other:
                        t["cards"][k] = other
                        return

    for name, change in [("winner", swap_winner), ("bid", lower_bid), ("spader", spader_third),
                         ("points", points), ("honours", honours), ("seating", seating),
                         ("totals", totals), ("dealer", dealer), ("game", game_won),
                         ("renounce", renounce)]:  # fmt: skip
        assert plant(clean, change), name

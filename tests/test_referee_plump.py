"""The independent referee (tests/referee/plump.py) against the engine's records.

Records the engine writes must satisfy a second, independent reading of the
rules; and the referee itself must catch planted faults, so it cannot pass
everything silently.
"""

from __future__ import annotations

import copy
import json
import os
import random
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from referee.plump import check_plump_record, schedule, score
from test_plump_properties import plump_rules

from stickspel.bots import RandomBot, Turn
from stickspel.games.plump import PlumpRules, PlumpState
from stickspel.records import replay

ROOT = Path(__file__).resolve().parent.parent


def simulate(rules: PlumpRules, seed: int, stop_after: int | None = None) -> dict[str, Any]:
    """A record of a game played by random bots (stopped after ``stop_after`` actions)."""
    rng = random.Random(seed)
    state = PlumpState(rules, first_dealer=seed % rules.players)
    bots = [RandomBot(seed * 100 + s) for s in range(rules.players)]
    steps = 0
    while not state.is_terminal() and (stop_after is None or steps < stop_after):
        if state.is_chance():
            state.apply_chance(rng)
        else:
            state.apply_action(bots[state.current_player()].act(Turn.of(state)))
        steps += 1
    names = [f"P{s}" for s in range(rules.players)]
    doc: dict[str, Any] = json.loads(json.dumps(state.to_record(names)))
    return doc


# --- clean records ---------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_default_rules_records_are_clean(players: int) -> None:
    for seed in range(4):
        doc = simulate(PlumpRules(players=players), seed)
        assert "winner" in doc
        assert check_plump_record(doc) == []


VARIANTS = [PlumpRules.preset(name) for name in PlumpRules.PRESETS] + [
    PlumpRules(players=2),
    PlumpRules(players=3, max_cards=4, sparr=False),
    PlumpRules(players=4, max_cards=4, scoring="per_trick", plump_penalty=True),
    PlumpRules(players=5, max_cards=4, scoring="tricks_only", plump_penalty=True),
    PlumpRules(players=4, max_cards=5, deal_order="up_down", no_trump_largest=True),
    PlumpRules(players=4, max_cards=5, deal_order="up", trump="rotation"),
    PlumpRules(players=3, max_cards=5, deal_order="down", trump="rotation_nt"),
    PlumpRules(players=6, bidding="simultaneous", sparr=False, first_lead="dealer"),
    PlumpRules(players=3, max_cards=1, tie_break=True),
    PlumpRules(players=8, trump="none", tie_break=True),
    PlumpRules(players=10),
    PlumpRules(players=2, max_cards=17, deal_order="single"),
]


@pytest.mark.parametrize("rules", VARIANTS, ids=str)
def test_variant_records_are_clean(rules: PlumpRules) -> None:
    for seed in range(3):
        assert check_plump_record(simulate(rules, seed)) == []


@settings(max_examples=60)
@given(rules=plump_rules(), seed=st.integers(0, 2**16), cut=st.none() | st.integers(0, 60))
def test_records_under_random_rules_are_clean(
    rules: PlumpRules, seed: int, cut: int | None
) -> None:
    """The engine and the referee agree over random option combinations, finished or not."""
    assert check_plump_record(simulate(rules, seed, stop_after=cut)) == []


@pytest.mark.parametrize("stop_after", [0, 1, 3, 7, 12, 30, 60])
def test_unfinished_records_are_clean(stop_after: int) -> None:
    doc = simulate(PlumpRules(players=3, max_cards=4), 5, stop_after=stop_after)
    assert "winner" not in doc
    assert check_plump_record(doc) == []


@pytest.mark.parametrize(
    "rules",
    [
        PlumpRules(players=3, max_cards=1, tie_break=True),
        # the last scheduled deal (1 card) is not the largest (2): extra deals are 2 cards
        PlumpRules(players=3, max_cards=2, deal_order="down", tie_break=True),
    ],
    ids=str,
)
def test_tie_break_records_with_extra_deals(rules: PlumpRules) -> None:
    extra = 0
    for seed in range(40):
        doc = simulate(rules, seed)
        extra += len(doc["deals"]) - 1
        assert check_plump_record(doc) == []
        assert len(doc["winner"]) == 1
    assert extra > 0  # some games were tied and played off


# --- the referee's own reading of the rules --------------------------------------------


def test_referee_schedule_and_score() -> None:
    assert schedule(3, "down_up") == [3, 2, 1, 2, 3]
    assert schedule(3, "up_down") == [1, 2, 3, 2, 1]
    assert schedule(3, "up") == [1, 2, 3]
    assert schedule(3, "down") == [3, 2, 1]
    assert schedule(3, "single") == [3]
    v = {"scoring": "standard", "plump_penalty": False}
    assert [score(v, 3, 3), score(v, 0, 0), score(v, 2, 3)] == [13, 10, 0]
    v = {"scoring": "per_trick", "plump_penalty": False}
    assert [score(v, 3, 3), score(v, 2, 3)] == [13, 3]
    v = {"scoring": "tricks_only", "plump_penalty": True}
    assert [score(v, 3, 3), score(v, 0, 0), score(v, 2, 5)] == [3, 0, -3]


# --- planted faults --------------------------------------------------------------------


def base_record() -> dict[str, Any]:
    return simulate(PlumpRules(players=4, max_cards=5), 1)


def find_trick(doc: dict[str, Any], pred: Any) -> tuple[int, int]:
    for i, d in enumerate(doc["deals"]):
        for t, tr in enumerate(d["tricks"]):
            if pred(d, tr):
                return i, t
    raise AssertionError("no such trick")


def plant_revoke(doc: dict[str, Any]) -> None:
    """Swap two cards of one seat between tricks so that it fails to follow suit."""
    for d in doc["deals"]:
        tricks = d["tricks"]
        for a, ta in enumerate(tricks):
            led = ta["cards"][0][1]
            for k in range(1, len(ta["cards"])):
                if ta["cards"][k][1] != led:
                    continue
                seat = (ta["leader"] + k) % len(doc["players"])
                for tb in tricks[a + 1 :]:
                    kb = (seat - tb["leader"]) % len(doc["players"])
                    if tb["cards"][kb][1] != led:
                        ta["cards"][k], tb["cards"][kb] = tb["cards"][kb], ta["cards"][k]
                        return
    raise AssertionError("no revoke could be planted")


def plant_sparr(doc: dict[str, Any]) -> None:
    """Make a dealer's bid bring the sum to the number of tricks."""
    for d in doc["deals"]:
        forbidden = d["cards"] - sum(int(e["call"]) for e in d["auction"][:-1])
        if 0 <= forbidden <= d["cards"]:
            d["auction"][-1]["call"] = str(forbidden)
            return
    raise AssertionError("no deal where the spärr could be broken")


def plant_duplicate(doc: dict[str, Any]) -> None:
    d = doc["deals"][0]
    d["hands"][1][0] = d["hands"][0][0]


def plant_upcard_in_hand(doc: dict[str, Any]) -> None:
    d = doc["deals"][0]
    d["upcard"] = d["hands"][2][1]


def plant_card_not_held(doc: dict[str, Any]) -> None:
    d = doc["deals"][0]
    d["tricks"][0]["cards"][1] = d["upcard"]


def plant_wrong_winner(doc: dict[str, Any]) -> None:
    tr = doc["deals"][0]["tricks"][0]
    tr["winner"] = (tr["winner"] + 1) % 4


def plant_wrong_leader(doc: dict[str, Any]) -> None:
    tr = doc["deals"][0]["tricks"][0]
    tr["leader"] = (tr["leader"] + 1) % 4


def plant_wrong_first_lead(doc: dict[str, Any]) -> None:
    doc["variant"]["first_lead"] = "dealer"


def plant_wrong_score(doc: dict[str, Any]) -> None:
    doc["deals"][0]["result"]["points"][2] += 1


def plant_wrong_scoring_variant(doc: dict[str, Any]) -> None:
    doc["variant"]["scoring"] = "tricks_only"


def plant_wrong_result_tricks(doc: dict[str, Any]) -> None:
    doc["deals"][1]["result"]["tricks"][0] += 1


def plant_wrong_totals(doc: dict[str, Any]) -> None:
    doc["totals"][0] += 10


def plant_wrong_winner_field(doc: dict[str, Any]) -> None:
    doc["winner"] = [s for s in range(4) if s not in doc["winner"]][:1]


def plant_missing_winner(doc: dict[str, Any]) -> None:
    del doc["winner"]


def plant_dealer(doc: dict[str, Any]) -> None:
    doc["deals"][2]["dealer"] = (doc["deals"][2]["dealer"] + 2) % 4


def plant_dropped_deal(doc: dict[str, Any]) -> None:
    del doc["deals"][3]


def plant_extra_deal(doc: dict[str, Any]) -> None:
    doc["deals"].append(copy.deepcopy(doc["deals"][-1]))


def plant_short_hand(doc: dict[str, Any]) -> None:
    doc["deals"][0]["hands"][3].pop()


def plant_bid_order(doc: dict[str, Any]) -> None:
    a = doc["deals"][0]["auction"]
    a[0], a[1] = a[1], a[0]


def plant_bid_range(doc: dict[str, Any]) -> None:
    doc["deals"][0]["auction"][0]["call"] = "9"


def plant_trump(doc: dict[str, Any]) -> None:
    d = doc["deals"][0]
    d["trump"] = "CDHS"[("CDHS".index(d["trump"]) + 1) % 4]


def plant_no_upcard(doc: dict[str, Any]) -> None:
    doc["deals"][0]["upcard"] = None


def plant_cards_field(doc: dict[str, Any]) -> None:
    doc["deals"][0]["cards"] = 4


def plant_short_trick(doc: dict[str, Any]) -> None:
    doc["deals"][0]["tricks"][2]["cards"].pop()


def plant_missing_trick(doc: dict[str, Any]) -> None:
    doc["deals"][0]["tricks"].pop()


def plant_players(doc: dict[str, Any]) -> None:
    doc["players"].append("Extra")


FAULTS = [
    (plant_revoke, "must follow suit"),
    (plant_sparr, "spärren"),
    (plant_duplicate, "dealt twice"),
    (plant_upcard_in_hand, "dealt twice"),
    (plant_card_not_held, "card not held"),
    (plant_wrong_winner, "the rules give it to seat"),
    (plant_wrong_leader, "the lead belongs to seat"),
    (plant_wrong_first_lead, "the lead belongs to seat"),
    (plant_wrong_score, "score"),
    (plant_wrong_scoring_variant, "score"),
    (plant_wrong_result_tricks, "result tricks"),
    (plant_wrong_totals, "totals"),
    (plant_wrong_winner_field, "winner"),
    (plant_missing_winner, "winner: missing"),
    (plant_dealer, "the deal passes to seat"),
    (plant_dropped_deal, "the deal passes to seat"),
    (plant_extra_deal, "the game was over"),
    (plant_short_hand, "hand has 4 cards"),
    (plant_bid_order, "out of turn"),
    (plant_bid_range, "is not 0–5"),
    (plant_trump, "trump is"),
    (plant_no_upcard, "must be turned up"),
    (plant_cards_field, "the schedule gives 5"),
    (plant_short_trick, "has 3 cards, not 4"),
    (plant_missing_trick, "unfinished"),
    (plant_players, "the record names 5"),
]


@pytest.mark.parametrize(("plant", "words"), FAULTS, ids=lambda x: getattr(x, "__name__", x))
def test_referee_catches_planted_faults(plant: Any, words: str) -> None:
    doc = base_record()
    assert check_plump_record(doc) == []
    plant(doc)
    problems = check_plump_record(doc)
    assert problems, f"{plant.__name__} went unnoticed"
    assert any(words in p for p in problems), problems


def test_referee_names_deal_trick_and_seat() -> None:
    doc = base_record()
    plant_card_not_held(doc)
    problems = check_plump_record(doc)
    leader = doc["deals"][0]["tricks"][0]["leader"]
    assert problems[0] == (
        f"deal 1, trick 1, seat {(leader + 1) % 4}: plays {doc['deals'][0]['upcard']}, "
        "a card not held"
    )


@pytest.mark.parametrize(
    ("doc", "words"),
    [
        ([], "JSON object"),
        ({"format": "stickspel/2", "game": "plump"}, "format"),
        ({"format": "stickspel/1", "game": "priffe"}, "game"),
        ({"format": "stickspel/1", "game": "plump", "players": "AB"}, "players"),
        ({"format": "stickspel/1", "game": "plump", "players": ["A", "B"], "deals": {}}, "deals"),
        (
            {
                "format": "stickspel/1",
                "game": "plump",
                "players": ["A", "B", "C"],
                "variant": {"max_cards": 18},
                "deals": [],
            },
            "max_cards",
        ),
        (
            {
                "format": "stickspel/1",
                "game": "plump",
                "players": ["A", "B", "C"],
                "variant": {"scoring": "golf"},
                "deals": [],
            },
            "scoring",
        ),
    ],
)
def test_referee_rejects_malformed_documents(doc: Any, words: str) -> None:
    problems = check_plump_record(doc)
    assert len(problems) == 1 and words in problems[0]


def test_referee_does_not_import_stickspel() -> None:
    source = (ROOT / "tests" / "referee" / "plump.py").read_text(encoding="utf-8")
    assert "stickspel." not in source.replace("stickspel/1", "")
    assert "import stickspel" not in source
    code = (
        "import sys, builtins\n"
        "real = builtins.__import__\n"
        "def guard(name, *a, **k):\n"
        "    if name.startswith('stickspel'): raise ImportError('no stickspel here')\n"
        "    return real(name, *a, **k)\n"
        "builtins.__import__ = guard\n"
        "sys.path.insert(0, 'tests')\n"
        "from referee.plump import check_plump_record\n"
        "print(check_plump_record({'format': 'stickspel/1', 'game': 'plump',"
        " 'players': ['A', 'B', 'C'], 'deals': []}))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == "[]"


# --- records written by the command line ---------------------------------------------------


def _cli() -> list[str] | None:
    exe = Path(sys.executable).parent / "stickspel"
    if exe.exists():
        return [str(exe)]
    found = shutil.which("stickspel")
    return [found] if found else None


@pytest.mark.parametrize(
    ("players", "extra"),
    [(3, []), (4, []), (5, []), (6, []), (7, [])]
    + [
        (4, ["--bots", "random", "--preset", "pagat", "--tie-break"]),
        (2, ["--bots", "random", "--trump", "rotation_nt", "--first-lead", "dealer"]),
        (5, ["--bots", "random", "--scoring", "tricks_only", "--plump-penalty"]),
    ],
)
def test_records_from_stickspel_simulate_are_clean(
    players: int, extra: list[str], tmp_path: Path
) -> None:
    cli = _cli()
    if cli is None:
        pytest.skip("the stickspel console script is not installed")
    env = {**os.environ, "COLUMNS": "200", "NO_COLOR": "1"}
    help_out = subprocess.run(
        [*cli, "simulate", "plump", "--help"], capture_output=True, text=True, env=env
    )
    if help_out.returncode != 0 or "record-dir" not in help_out.stdout:
        pytest.skip("`stickspel simulate … --record-dir` is not there yet")
    out = subprocess.run(
        [*cli, "simulate", "plump", "--players", str(players), "--games", "3"]
        + ["--seed", str(players), "--record-dir", str(tmp_path), *extra],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
    )
    assert out.returncode == 0, out.stderr
    files = sorted(tmp_path.rglob("*.json"))
    assert len(files) == 3
    for f in files:
        doc = json.loads(f.read_text(encoding="utf-8"))
        assert len(doc["players"]) == players
        assert "winner" in doc
        assert check_plump_record(doc) == [], f.name
        rep = replay(doc)  # and the engine's own replay agrees
        assert rep.finished and rep.summary()["totals"] == doc["totals"]


def test_score_sheet_records_without_cards() -> None:
    """A game played with real cards: the referee checks what can be checked."""
    state = PlumpState(PlumpRules(players=3, max_cards=2))
    deals = [
        ([("1", "1"), ("2", "0"), ("0", "0")], [1, 1, 0]),
        ([("2", "0"), ("0", "1"), ("1", "1")], [0, 0, 1]),
        ([("0", "2"), ("1", "1"), ("2", "1")], [0, 0, 2]),
    ]
    for dealer, (auction, tricks) in enumerate(deals):
        state.apply_reported_deal(
            {
                "dealer": dealer,
                "auction": [{"seat": int(s), "call": c} for s, c in auction],
                "result": {"tricks": tricks},
            }
        )
    doc = json.loads(json.dumps(state.to_record()))
    assert "hands" not in doc["deals"][0] and "winner" in doc
    assert check_plump_record(doc) == []
    bad = copy.deepcopy(doc)
    bad["deals"][1]["result"]["tricks"] = [1, 1, 0]
    assert "deal 2: reported tricks add up to 2, not 1" in check_plump_record(bad)
    bad["deals"][1]["result"]["tricks"] = [1, 0, 0]
    assert any("deal 2, seat 0: result points" in p for p in check_plump_record(bad))
    bad = copy.deepcopy(doc)
    bad["deals"][0]["auction"][2]["call"] = "1"
    assert any("spärren" in p for p in check_plump_record(bad))

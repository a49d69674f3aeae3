"""Plump records: write, read, replay, check; hand-checked reference records.

The reference records in ``tests/data/plump`` were checked by hand (see the
README there); the figures below are the hand-checked ones, not the engine's.
"""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest
from referee.plump import check_plump_record

from stickspel.bots import RandomBot, Turn
from stickspel.core import GameState
from stickspel.core.cards import card_display, parse_card, parse_suit, suit_display
from stickspel.games.plump import PlumpRules, PlumpState
from stickspel.records import (
    RecordError,
    dump_record,
    load_record,
    parse_record_text,
    replay,
    write_record,
)

DATA = Path(__file__).resolve().parent / "data" / "plump"


def simulate(rules: PlumpRules, seed: int, stop_after: int | None = None) -> PlumpState:
    rng = random.Random(seed)
    state = PlumpState(rules, first_dealer=seed % rules.players)
    bots = [RandomBot(seed * 31 + s) for s in range(rules.players)]
    steps = 0
    while not state.is_terminal() and (stop_after is None or steps < stop_after):
        if state.is_chance():
            state.apply_chance(rng)
        else:
            state.apply_action(bots[state.current_player()].act(Turn.of(state)))
        steps += 1
    return state


def record_of(state: GameState) -> dict[str, Any]:
    names = [f"Spelare {s + 1}" for s in range(state.num_players)]
    doc: dict[str, Any] = json.loads(dump_record(state.to_record(names)))
    return doc


def raises(doc: dict[str, Any]) -> RecordError:
    with pytest.raises(RecordError) as e:
        replay(doc)
    return e.value


# --- hand-checked reference records -------------------------------------------------------

GOOD = {
    # file: (totals, winner, number of deals)
    "three-players-2-1-2.json": ([32, 0, 21], [0], 3),
    "two-players-blind-hand.json": ([0, 10], [1], 1),
    "four-players-13-cards-no-trump.json": ([0, 23, 10, 10], [1], 1),
    "tie-break-extra-deal.json": ([12, 10, 0], [0], 3),
    "simultaneous-dealer-leads-penalty.json": ([-1, -1, 11], [2], 1),
    "score-sheet-without-cards.json": ([0, 11, 10], [1], 3),
}


@pytest.mark.parametrize("name", sorted(GOOD))
def test_reference_records_replay_to_the_hand_checked_result(name: str) -> None:
    totals, winner, deals = GOOD[name]
    doc = load_record(DATA / name)
    rep = replay(doc)
    assert rep.finished
    assert rep.state.returns() == [float(t) for t in totals]
    assert rep.state.winners() == winner
    assert len(rep.state.deal_records) == deals
    assert rep.summary()["totals"] == totals
    assert check_plump_record(doc) == []
    # the engine writes the same record again, in the same text
    assert rep.state.to_record(doc["players"]) == doc
    assert dump_record(doc) == (DATA / name).read_text(encoding="utf-8")


def test_every_good_reference_is_listed() -> None:
    assert sorted(p.name for p in DATA.glob("*.json")) == sorted(GOOD)


BAD = {
    # file: (rule, deal, trick, seat, words of the message)
    "revoke.json": (
        "follow_suit",
        1,
        1,
        0,
        "seat 0 must follow suit (♠ spades led) and may not play K♥",
    ),
    "wrong-trick-winner.json": (
        "trick_winner",
        1,
        2,
        1,
        "the record says seat 1 took the trick, the rules give it to seat 0",
    ),
    "wrong-leader.json": ("leader", 2, 1, 0, "seat 0 leads, but the lead belongs to seat 2"),
    "card-not-held.json": ("card_not_held", 2, 1, 0, "seat 0 does not hold 3♣"),
    "duplicate-card.json": ("duplicate_card", 3, None, 1, "4♥ is dealt twice"),
    "sparr-broken.json": (
        "sparr",
        1,
        None,
        0,
        "the dealer (seat 0) may not bid 1: the bids would add up to 2 (spärren)",
    ),
    "wrong-score.json": ("score", 2, None, 2, "result points is [10, 0, 12], the rules give"),
    "wrong-totals.json": (
        "totals",
        None,
        None,
        None,
        "totals are [32, 0, 22], the deals add up to [32, 0, 21]",
    ),
}


@pytest.mark.parametrize("name", sorted(BAD))
def test_bad_reference_records_are_rejected_where_and_why(name: str) -> None:
    rule, deal, trick, seat, words = BAD[name]
    doc = load_record(DATA / "bad" / name)
    e = raises(doc)
    assert (e.rule, e.deal, e.trick, e.seat) == (rule, deal, trick, seat)
    assert words in str(e)
    if deal is not None:
        assert str(e).startswith(f"deal {deal}" + (f", trick {trick}" if trick else "") + ": ")
    assert e.to_dict()["rule"] == rule
    # the independent referee finds it too
    assert check_plump_record(doc) != []


def test_truncated_file() -> None:
    with pytest.raises(RecordError) as e:
        load_record(DATA / "bad" / "truncated.json")
    assert e.value.rule == "json"
    assert "not valid JSON" in str(e.value) and "truncated" in str(e.value)


def test_every_bad_reference_is_listed() -> None:
    assert sorted(p.name for p in (DATA / "bad").glob("*.json")) == sorted([*BAD, "truncated.json"])


# --- round trips -----------------------------------------------------------------------------

ROUND_TRIP_RULES = [PlumpRules.preset(name) for name in PlumpRules.PRESETS] + [
    PlumpRules(players=3, max_cards=3, sparr=False),
    PlumpRules(players=3, max_cards=3, scoring="per_trick"),
    PlumpRules(players=3, max_cards=3, scoring="tricks_only"),
    PlumpRules(players=5, max_cards=3, plump_penalty=True),
    PlumpRules(players=4, max_cards=3, deal_order="up_down"),
    PlumpRules(players=4, max_cards=3, deal_order="up"),
    PlumpRules(players=4, max_cards=3, deal_order="down"),
    PlumpRules(players=4, max_cards=3, no_trump_largest=True),
    PlumpRules(players=4, max_cards=3, trump="none"),
    PlumpRules(players=4, max_cards=3, trump="rotation"),
    PlumpRules(players=6, max_cards=3, trump="rotation_nt"),
    PlumpRules(players=4, max_cards=3, bidding="simultaneous", sparr=False),
    PlumpRules(players=4, max_cards=3, first_lead="dealer"),
    PlumpRules(players=3, max_cards=1, tie_break=True),
    PlumpRules.preset("children", players=3),
    PlumpRules(players=2, max_cards=3),
    PlumpRules(players=10, max_cards=2),
]


@pytest.mark.parametrize("rules", ROUND_TRIP_RULES, ids=str)
def test_play_record_dump_load_replay(rules: PlumpRules, tmp_path: Path) -> None:
    for seed in range(2):
        state = simulate(rules, seed)
        doc = state.to_record(["A", "B", "C", "D", "E", "F", "G", "H", "I", "J"][: rules.players])
        path = tmp_path / f"game-{seed}.json"
        write_record(doc, path)
        loaded = load_record(path)
        assert loaded == json.loads(json.dumps(doc))
        rep = replay(loaded)
        assert rep.finished
        assert rep.state.returns() == state.returns()
        assert rep.state.winners() == state.winners()
        assert rep.state.rules == rules
        assert rep.summary()["winner"] == state.winners()
        assert rep.state.to_record(loaded["players"]) == loaded
        assert check_plump_record(loaded) == []


# --- records from other writers ---------------------------------------------------------------


def test_unknown_fields_are_ignored() -> None:
    doc = load_record(DATA / "three-players-2-1-2.json")
    doc["event"] = "Sommarstugan 1987"
    doc["variant"]["house_rule"] = "coffee first"
    deal = doc["deals"][0]
    deal["comment"] = "Anna shuffled"
    deal["tricks"][0]["seconds"] = 12
    deal["auction"][0]["time"] = "20:15"
    deal["result"]["made"] = [True, False, True]
    rep = replay(doc)
    assert rep.finished and rep.state.returns() == [32.0, 0.0, 21.0]
    assert rep.warnings == ["unknown rules option 'house_rule' ignored"]
    assert check_plump_record(doc) == []


def test_lower_case_cards_and_omitted_defaults_are_read() -> None:
    doc = load_record(DATA / "three-players-2-1-2.json")
    for deal in doc["deals"]:
        deal["hands"] = [[c.lower() for c in h] for h in deal["hands"]]
        for t in deal["tricks"]:
            t["cards"] = [c.lower() for c in t["cards"]]
    doc["variant"] = {"max_cards": 2}  # the rest are defaults; players come from the names
    rep = replay(doc)
    assert rep.finished and rep.state.returns() == [32.0, 0.0, 21.0]


@pytest.mark.parametrize(
    ("path", "field", "message"),
    [
        ((), "format", "the record has no 'format' field (required)"),
        ((), "game", "the record has no 'game' field (required)"),
        ((), "players", "the record has no 'players' field (required)"),
        ((), "deals", "the record has no 'deals' field (required)"),
        (("deals", 1), "dealer", "deal 2: deal 2 has no 'dealer' field (required)"),
        (("deals", 0), "hands", "deal 1: deal 1 has no 'hands' field (required)"),
        (("deals", 0, "tricks", 1), "leader", "deal 1, trick 2: trick 2 has no 'leader' field"),
        (("deals", 0, "tricks", 0), "cards", "deal 1, trick 1: trick 1 has no 'cards' field"),
        (("deals", 2, "tricks", 1), "winner", "deal 3, trick 2: trick 2 has no 'winner' field"),
        (("deals", 1, "result"), "points", "deal 2: deal 2's result has no 'points' field"),
        (("deals", 1, "auction", 0), "seat", "deal 2: an auction entry has no 'seat' field"),
        (("deals", 1, "auction", 0), "call", "deal 2: an auction entry has no 'call' field"),
    ],
)
def test_missing_required_fields_are_named(path: tuple[Any, ...], field: str, message: str) -> None:
    doc = load_record(DATA / "three-players-2-1-2.json")
    target: Any = doc
    for key in path:
        target = target[key]
    del target[field]
    e = raises(doc)
    assert e.rule == "missing_field"
    assert message in str(e)


# --- every kind of violation, planted in a simulated record -------------------------------------


def base() -> dict[str, Any]:
    return record_of(simulate(PlumpRules(players=4, max_cards=4), 3))


def first_trick_with_a_discard(doc: dict[str, Any]) -> tuple[int, int]:
    for i, d in enumerate(doc["deals"]):
        for t, tr in enumerate(d["tricks"]):
            if any(c[1] != tr["cards"][0][1] for c in tr["cards"]):
                return i, t
    raise AssertionError("no trick with a discard")


def test_revoke() -> None:
    """Swap a follower's card with one of another suit it played later: a revoke."""
    doc = base()
    n = 4
    for i, d in enumerate(doc["deals"]):
        for t, ta in enumerate(d["tricks"]):
            led = ta["cards"][0][1]
            for k in range(1, n):
                seat = (ta["leader"] + k) % n
                if ta["cards"][k][1] != led:
                    continue
                for tb in d["tricks"][t + 1 :]:
                    kb = (seat - tb["leader"]) % n
                    if tb["cards"][kb][1] != led:
                        ta["cards"][k], tb["cards"][kb] = tb["cards"][kb], ta["cards"][k]
                        e = raises(doc)
                        assert (e.rule, e.deal, e.trick, e.seat) == (
                            "follow_suit",
                            i + 1,
                            t + 1,
                            seat,
                        )
                        shown = suit_display(parse_suit(led), "en")
                        assert f"seat {seat} must follow suit ({shown} led)" in str(e)
                        return
    raise AssertionError("no revoke could be planted")


def test_wrong_trick_winner() -> None:
    doc = base()
    tr = doc["deals"][1]["tricks"][1]
    right = tr["winner"]
    tr["winner"] = (right + 1) % 4
    e = raises(doc)
    assert (e.rule, e.deal, e.trick, e.seat) == ("trick_winner", 2, 2, (right + 1) % 4)
    assert f"the rules give it to seat {right}" in str(e)


def test_wrong_leader() -> None:
    doc = base()
    tr = doc["deals"][0]["tricks"][1]
    tr["leader"] = (tr["leader"] + 2) % 4
    e = raises(doc)
    assert (e.rule, e.deal, e.trick) == ("leader", 1, 2)
    assert f"seat {tr['leader']} leads, but the lead belongs to seat" in str(e)


def test_card_not_held() -> None:
    doc = base()
    d = doc["deals"][0]
    tr = d["tricks"][0]
    tr["cards"][2] = (
        d["hands"][tr["leader"]][0]
        if tr["cards"][0] != d["hands"][tr["leader"]][0]
        else d["hands"][tr["leader"]][1]
    )
    e = raises(doc)
    seat = (tr["leader"] + 2) % 4
    assert (e.rule, e.deal, e.trick, e.seat) == ("card_not_held", 1, 1, seat)
    assert f"seat {seat} does not hold {card_display(parse_card(tr['cards'][2]), 'en')}" in str(e)


def test_card_played_twice() -> None:
    doc = base()
    d = doc["deals"][0]
    d["tricks"][1]["cards"][0] = d["tricks"][0]["cards"][0]
    d["tricks"][1]["leader"] = d["tricks"][0]["leader"]
    e = raises(doc)
    assert e.deal == 1 and e.trick == 2 and e.rule in ("card_not_held", "leader")


def test_duplicate_card_in_the_deal() -> None:
    doc = base()
    d = doc["deals"][1]
    d["hands"][3][0] = d["hands"][2][0]
    e = raises(doc)
    assert (e.rule, e.deal, e.trick, e.seat) == ("duplicate_card", 2, None, 3)
    assert f"{card_display(parse_card(d['hands'][2][0]), 'en')} is dealt twice" in str(e)
    doc = base()
    doc["deals"][0]["upcard"] = doc["deals"][0]["hands"][0][0]
    e = raises(doc)
    assert e.rule == "duplicate_card" and "is also in a hand" in str(e)


def test_sparr_broken() -> None:
    doc = base()
    for i, d in enumerate(doc["deals"]):
        forbidden = d["cards"] - sum(int(a["call"]) for a in d["auction"][:-1])
        if 0 <= forbidden <= d["cards"]:
            d["auction"][-1]["call"] = str(forbidden)
            e = raises(doc)
            assert (e.rule, e.deal, e.trick, e.seat) == ("sparr", i + 1, None, d["dealer"])
            assert f"may not bid {forbidden}" in str(e) and "(spärren)" in str(e)
            return
    raise AssertionError("no deal where the spärr could be broken")


def test_bid_out_of_turn_and_out_of_range() -> None:
    doc = base()
    a = doc["deals"][0]["auction"]
    a[0], a[1] = a[1], a[0]
    e = raises(doc)
    assert (e.rule, e.deal, e.seat) == ("turn", 1, a[0]["seat"])
    assert f"but it is seat {a[1]['seat']}'s turn" in str(e)
    doc = base()
    doc["deals"][0]["auction"][0]["call"] = "5"
    e = raises(doc)
    assert (e.rule, e.deal) == ("bid_range", 1)
    assert "must bid 0–4 now, not 5" in str(e)


# Python's int() reads all of these; a record's bid is ASCII digits and nothing else.
NOT_BIDS = ["\u0663", "\uff11", "\u00b9", " 1 ", "1 ", "1_0", "+1", "bid 1", "1\n"]


@pytest.mark.parametrize("call", NOT_BIDS)
@pytest.mark.parametrize("kind", ["played", "reported"])
def test_a_bid_is_ascii_digits_only(kind: str, call: str, tmp_path: Path) -> None:
    if kind == "played":
        doc = base()
    else:
        doc = load_record(DATA / "score-sheet-without-cards.json")
    entry = doc["deals"][0]["auction"][0]
    entry["call"] = call
    path = tmp_path / "record.json"
    write_record(doc, path)
    e = raises(load_record(path))
    assert (e.rule, e.deal, e.seat) == ("bid_range", 1, entry["seat"])
    assert f"seat {entry['seat']}'s bid {call!r} is not a number" in str(e)
    assert "\n" not in str(e)


def test_an_over_long_name_is_counted_in_characters(tmp_path: Path) -> None:
    doc = load_record(DATA / "score-sheet-without-cards.json")
    doc["players"][1] = "Å" * 201
    path = tmp_path / "record.json"
    write_record(doc, path)
    e = raises(load_record(path))
    assert e.rule == "malformed"
    assert str(e) == "players[1]: 201 characters, more than 200 [malformed]"
    assert e.text("sv") == "players[1]: 201 tecken, fler än 200 [malformed]"


def test_wrong_dealer_and_hand_size() -> None:
    doc = base()
    doc["deals"][1]["dealer"] = doc["deals"][0]["dealer"]
    e = raises(doc)
    assert (e.rule, e.deal) == ("dealer", 2)
    doc = base()
    doc["deals"][0]["hands"][2].pop()
    e = raises(doc)
    assert (e.rule, e.deal, e.seat) == ("hand_size", 1, 2)
    assert "seat 2 was dealt 3 cards, this deal has 4" in str(e)


def test_wrong_trump() -> None:
    doc = base()
    d = doc["deals"][0]
    d["trump"] = "CDHS"[("CDHS".index(d["trump"]) + 1) % 4]
    e = raises(doc)
    assert (e.rule, e.deal) == ("trump", 1)


def test_wrong_score_totals_and_winner() -> None:
    doc = base()
    doc["deals"][2]["result"]["points"][1] += 10
    e = raises(doc)
    assert (e.rule, e.deal, e.seat) == ("score", 3, 1)
    doc = base()
    doc["deals"][2]["result"]["tricks"][0] += 1
    e = raises(doc)
    assert (e.rule, e.deal) == ("result_tricks", 3)
    doc = base()
    doc["totals"][3] -= 1
    e = raises(doc)
    assert e.rule == "totals" and "the deals add up to" in str(e)
    doc = base()
    doc["winner"] = [s for s in range(4) if s not in doc["winner"]][:1]
    e = raises(doc)
    assert e.rule == "winner"


def test_truncated_text() -> None:
    text = dump_record(base())
    for cut in (len(text) // 3, len(text) - 5):
        with pytest.raises(RecordError) as e:
            parse_record_text(text[:cut])
        assert e.value.rule == "json" and "truncated" in str(e.value)


def test_extra_deal_after_the_end() -> None:
    doc = base()
    doc["deals"].append(copy.deepcopy(doc["deals"][-1]))
    e = raises(doc)
    assert (e.rule, e.deal) == ("extra_deal", len(doc["deals"]))


# --- unfinished records ----------------------------------------------------------------------------


@pytest.mark.parametrize("stop_after", [0, 1, 2, 5, 9, 20, 33, 50])
def test_unfinished_records_replay_as_unfinished_and_resume(stop_after: int) -> None:
    rules = PlumpRules(players=3, max_cards=3)
    state = simulate(rules, 8, stop_after=stop_after)
    assert not state.is_terminal()
    doc = record_of(state)
    assert "winner" not in doc
    rep = replay(doc)
    assert not rep.finished
    assert rep.summary()["finished"] is False and rep.summary()["winner"] is None
    assert rep.state.current_player() == state.current_player()
    if doc["deals"]:  # (an empty record cannot tell who deals first)
        assert rep.state.information_state_string(0) == state.information_state_string(0)
    assert check_plump_record(doc) == []
    # the resumed state plays on to a valid, finished game
    resumed = rep.state
    rng = random.Random(stop_after)
    while not resumed.is_terminal():
        if resumed.is_chance():
            resumed.apply_chance(rng)
        else:
            resumed.apply_action(rng.choice(resumed.legal_actions()))
    final = record_of(resumed)
    done = max(len(doc["deals"]) - 1, 0)  # deals finished before the cut
    assert final["deals"][:done] == doc["deals"][:done]
    again = replay(final)
    assert again.finished and again.state.returns() == resumed.returns()
    assert check_plump_record(final) == []


def test_a_deal_cut_mid_trick_is_unfinished() -> None:
    doc = base()
    doc["deals"] = doc["deals"][:2]
    last = doc["deals"][1]
    del last["result"]
    last["tricks"] = last["tricks"][:2]
    del last["tricks"][1]["winner"]
    last["tricks"][1]["cards"] = last["tricks"][1]["cards"][:2]
    del doc["winner"]
    del doc["totals"]  # present, they would have to be the totals so far
    rep = replay(doc)
    assert not rep.finished
    assert rep.state.current_player() == (last["tricks"][1]["leader"] + 2) % 4
    # a short trick that is not the last one is an error
    doc["deals"][1]["tricks"].append(doc["deals"][0]["tricks"][0])
    e = raises(doc)
    assert (e.rule, e.deal, e.trick) == ("trick_size", 2, 2)


def test_deal_size_field_must_match_the_deal_order() -> None:
    doc = base()
    doc["deals"][1]["cards"] = 4
    e = raises(doc)
    assert (e.rule, e.deal) == ("hand_size", 2)
    assert "the record says 4 cards each, the deal order gives 3" in str(e)

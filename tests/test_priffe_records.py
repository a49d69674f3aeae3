"""Priffe records: write, replay, and every rule a bad record can break."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stickspel.bots import RandomBot, Turn
from stickspel.core.cards import FULL_DECK, SUIT_MASKS, make_rng, mask_of, parse_card, parse_cards
from stickspel.games.priffe import PriffeRules, PriffeState, score_deal
from stickspel.records import RecordError, replay

PLAYERS = ["Anna", "Björn", "Cissi", "David"]


def simulate(rules: PriffeRules | None = None, seed: int = 1, first_dealer: int = 0) -> PriffeState:
    state = PriffeState(rules, first_dealer=first_dealer)
    rng, bot = make_rng(seed), RandomBot(seed)
    while not state.is_terminal():
        if state.is_chance():
            state.apply_chance(rng)
        else:
            state.apply_action(bot.act(Turn.of(state)))
    return state


@pytest.fixture(scope="module")
def game() -> dict[str, Any]:
    doc = simulate(seed=11).to_record(PLAYERS)
    return json.loads(json.dumps(doc))


def bad(doc: dict[str, Any]) -> RecordError:
    with pytest.raises(RecordError) as e:
        replay(doc)
    return e.value


def test_round_trip(game: dict[str, Any]) -> None:
    r = replay(game)
    assert r.finished and r.state.returns() == [float(t) for t in game["totals"]]
    assert game["game"] == "priffe" and game["format"] == "stickspel/1"
    assert game["variant"]["style"] == "modern"
    assert len(game["priffe"]["rubbers"]) == 3
    seatings = [tuple(d["seating"]) for d in game["deals"]]
    assert seatings[0] == (0, 1, 2, 3) and len(set(seatings)) == 3
    result = game["deals"][0]["result"]
    for key in ("tricks", "points", "contract", "declarers", "bidder", "honours", "slam",
                "penalty", "game_won", "rubber_won", "trick_points", "above"):  # fmt: skip
        assert key in result


def test_old_variant_and_single_rubber_round_trip() -> None:
    for rules in (PriffeRules(style="old"), PriffeRules(parti="one_rubber", lillslam=30)):
        doc = json.loads(json.dumps(simulate(rules, seed=3, first_dealer=2).to_record(PLAYERS)))
        r = replay(doc)
        assert r.finished and r.state.rules == rules


def test_unfinished_record_replays() -> None:
    state = PriffeState()
    rng, bot = make_rng(4), RandomBot(4)
    state.apply_chance(rng)
    for _ in range(10):
        state.apply_action(bot.act(Turn.of(state)))
    doc = json.loads(json.dumps(state.to_record(PLAYERS)))
    r = replay(doc)
    assert not r.finished and len(r.state.tricks) == len(doc["deals"][0]["tricks"]) - (
        1 if state.trick else 0
    )


def first_deal_with(game: dict[str, Any], pred: Any) -> int:
    return next(i for i, d in enumerate(game["deals"]) if pred(d))


# --- auction rules ------------------------------------------------------------------------


def forhand_seat(deal: dict[str, Any]) -> int:
    return int(deal["dealer"] + 1) % 4


def set_auction(doc: dict[str, Any], i: int, texts: list[str]) -> None:
    f = forhand_seat(doc["deals"][i])
    doc["deals"][i]["auction"] = [{"seat": (f + k) % 4, "call": t} for k, t in enumerate(texts)]


def test_rejects_lower_bid(game: dict[str, Any]) -> None:
    doc = copy.deepcopy(game)
    set_auction(doc, 0, ["hjärter", "ruter", "pass", "pass"])
    e = bad(doc)
    assert (e.rule, e.deal, e.seat) == ("bid_order", 1, 2)
    assert "ruter is not higher than hjärter" in str(e)


def test_rejects_spader_from_third_hand(game: dict[str, Any]) -> None:
    doc = copy.deepcopy(game)
    set_auction(doc, 1, ["pass", "pass", "spader", "pass"])
    e = bad(doc)
    assert (e.rule, e.deal, e.seat) == ("spader_seat", 2, (forhand_seat(doc["deals"][1]) + 2) % 4)


def test_rejects_call_after_spel(game: dict[str, Any]) -> None:
    doc = copy.deepcopy(game)
    set_auction(doc, 0, ["spel", "pass"])
    e = bad(doc)
    assert (e.rule, e.deal, e.seat) == (
        "auction_closed",
        1,
        (forhand_seat(doc["deals"][0]) + 1) % 4,
    )
    assert "spel" in str(e) or "closed" in str(e)


def test_rejects_call_out_of_turn(game: dict[str, Any]) -> None:
    doc = copy.deepcopy(game)
    doc["deals"][0]["auction"][0]["seat"] = 3
    e = bad(doc)
    assert (e.rule, e.deal, e.seat) == ("turn", 1, 3)


def test_rejects_unknown_call(game: dict[str, Any]) -> None:
    doc = copy.deepcopy(game)
    doc["deals"][0]["auction"][0]["call"] = "grand"
    assert bad(doc).rule == "malformed"


def test_rejects_wrong_dealer_and_seating(game: dict[str, Any]) -> None:
    doc = copy.deepcopy(game)
    doc["deals"][1]["dealer"] = 0
    e = bad(doc)
    assert (e.rule, e.deal) == ("dealer", 2)
    doc = copy.deepcopy(game)
    i = first_deal_with(doc, lambda d: d["seating"] != [0, 1, 2, 3])
    doc["deals"][i]["seating"] = [0, 1, 2, 3]
    e = bad(doc)
    assert (e.rule, e.deal) == ("seating", i + 1)


def test_rejects_wrong_trump(game: dict[str, Any]) -> None:
    doc = copy.deepcopy(game)
    doc["deals"][0]["trump"] = "S"
    e = bad(doc)
    assert (e.rule, e.deal) == ("trump", 1)


def test_rejects_wrong_hand_size(game: dict[str, Any]) -> None:
    doc = copy.deepcopy(game)
    doc["deals"][0]["hands"][2] = doc["deals"][0]["hands"][2][:12]
    e = bad(doc)
    assert (e.rule, e.deal, e.seat) == ("hand_size", 1, 2)


# --- scoring rules ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("key", "change", "rule"),
    [
        ("points", lambda r: [p + 10 for p in r["points"]], "score"),
        ("contract", lambda r: "noll" if r["contract"] != "noll" else "spel", "result_contract"),
        ("declarers", lambda r: [9, 9], "result_declarers"),
        ("trick_points", lambda r: [r["trick_points"][0] + 10, r["trick_points"][1]], "result_trick_points"),
        ("above", lambda r: [r["above"][0] + 40, r["above"][1]], "result_above"),
        ("honours", lambda r: {"side": 0, "kind": "aces", "held": [4, 0], "points": 50}
         if r["honours"] is None else None, "result_honours"),
        ("slam", lambda r: {"side": 0, "kind": "lillslam", "points": 20}, "result_slam"),
        ("penalty", lambda r: {"side": 0, "points": 999}, "result_penalty"),
        ("game_won", lambda r: 1 if r["game_won"] != 1 else 0, "result_game_won"),
        ("rubber_won", lambda r: 0 if r["rubber_won"] is None else None, "result_rubber_won"),
    ],
)  # fmt: skip
def test_rejects_each_result_field(game: dict[str, Any], key: str, change: Any, rule: str) -> None:
    doc = copy.deepcopy(game)
    result = doc["deals"][0]["result"]
    result[key] = change(result)
    e = bad(doc)
    assert (e.rule, e.deal) == (rule, 1)


def test_rejects_wrong_totals_and_winner(game: dict[str, Any]) -> None:
    doc = copy.deepcopy(game)
    doc["totals"][2] += 10
    assert bad(doc).rule == "totals"
    doc = copy.deepcopy(game)
    doc["winner"] = [p for p in range(4) if p not in game["winner"]][:1]
    assert bad(doc).rule == "winner"


def test_rejects_deal_after_the_end(game: dict[str, Any]) -> None:
    doc = copy.deepcopy(game)
    doc["deals"].append(copy.deepcopy(doc["deals"][-1]))
    assert bad(doc).rule == "extra_deal"


# --- reported deals (no cards) -----------------------------------------------------------------


def reported_record(deals: list[dict[str, Any]], **variant: Any) -> dict[str, Any]:
    return {
        "format": "stickspel/1",
        "game": "priffe",
        "variant": {**PriffeRules(**variant).to_dict()},
        "players": PLAYERS,
        "deals": deals,
    }


def rep_deal(dealer: int, texts: list[str], tricks: list[int], **extra: Any) -> dict[str, Any]:
    f = (dealer + 1) % 4
    return {
        "dealer": dealer,
        "auction": [{"seat": (f + k) % 4, "call": t} for k, t in enumerate(texts)],
        "result": {"tricks": tricks, **extra},
    }


def test_reported_record_replays_and_scores() -> None:
    doc = reported_record(
        [
            rep_deal(0, ["pass", "hjärter", "pass", "pass"], [9, 4],
                     honours={"side": 1, "held": [3, 0]}, points=[30, 30, 30, 30]),
            rep_deal(1, ["spader", "pass", "pass", "pass"], [1, 4, 2, 6]),
        ]
    )  # fmt: skip
    r = replay(doc)
    state = r.state
    assert not r.finished and state.totals == [60, 30, 60, 30]
    second = state.deal_results[1]
    assert second["contract"] == "tvångsnoll" and second["bidder"] == 2
    assert second["declarers"] == [] and second["side_tricks"] == [3, 10]
    assert second["trick_points"] == [30, 0] and second["game_won"] == 0


@pytest.mark.parametrize(
    ("deal", "rule"),
    [
        (rep_deal(0, ["hjärter", "ruter", "pass", "pass"], [7, 6]), "bid_order"),
        (rep_deal(0, ["pass", "pass", "spader", "pass"], [7, 6]), "spader_seat"),
        (rep_deal(0, ["spel", "pass"], [7, 6]), "auction_closed"),
        (rep_deal(0, ["pass", "pass", "pass"], [7, 6]), "truncated"),
        (rep_deal(0, ["pass"] * 4, [7, 7]), "trick_sum"),
        (rep_deal(0, ["pass"] * 4, [7, 6], honours={"side": 0, "held": [2, 2]}), "honours"),
        (rep_deal(0, ["spel"], [7, 6], honours={"side": 0, "held": [4, 0], "kind": "twos"}), "honours"),
        (rep_deal(0, ["pass"] * 4, [7, 6], contract="noll"), "result_contract"),
        (rep_deal(0, ["pass"] * 4, [7, 6], points=[1, 2, 3, 4]), "score"),
    ],
)  # fmt: skip
def test_reported_record_rejections(deal: dict[str, Any], rule: str) -> None:
    e = bad(reported_record([deal]))
    assert (e.rule, e.deal) == (rule, 1)


def test_reported_record_wrong_dealer() -> None:
    deals = [rep_deal(2, ["pass"] * 4, [7, 6]), rep_deal(2, ["pass"] * 4, [7, 6])]
    e = bad(reported_record(deals))
    assert (e.rule, e.deal, e.seat) == ("dealer", 2, 2)


def test_reported_error_loses_nothing() -> None:
    state = PriffeState()
    state.apply_reported_deal(rep_deal(0, ["pass"] * 4, [3, 10]))
    before = (state.totals[:], state.below[:], state.dealer(), len(state.deal_records))
    with pytest.raises(Exception, match="add up to 12"):
        state.apply_reported_deal(rep_deal(1, ["noll", "pass", "pass", "pass"], [6, 6]))
    assert (state.totals, state.below, state.dealer(), len(state.deal_records)) == before
    state.apply_reported_deal(rep_deal(1, ["noll", "pass", "pass", "pass"], [6, 7]))
    assert state.deal_results[-1]["penalty"] is None and state.deal_results[-1]["made"] is True


def test_written_reported_record_replays() -> None:
    state = PriffeState()
    state.apply_reported_deal(rep_deal(0, ["pass", "pass", "noll", "pass"], [12, 1],
                                       honours={"side": 0, "held": [3, 1]}))  # fmt: skip
    doc = json.loads(json.dumps(state.to_record(PLAYERS)))
    assert "hands" not in doc["deals"][0]
    r = replay(doc)
    assert r.state.totals == state.totals
    assert state.deal_results[0]["slam"] == {"side": 1, "kind": "lillslam", "points": 20}


# --- properties over random games ---------------------------------------------------------------


@settings(max_examples=40)
@given(
    seed=st.integers(0, 10**6),
    style=st.sampled_from(["modern", "old"]),
    parti=st.sampled_from(["three_rubbers", "one_rubber"]),
    dealer=st.integers(0, 3),
)
def test_random_games_keep_every_rule(seed: int, style: str, parti: str, dealer: int) -> None:
    rules = PriffeRules(style=style, parti=parti)
    state = simulate(rules, seed, dealer)
    doc = state.to_record(PLAYERS)
    person_totals = [0] * 4
    for deal in doc["deals"]:
        hands = [parse_cards(h) for h in deal["hands"]]
        assert all(len(h) == 13 for h in hands)
        assert mask_of(c for h in hands for c in h) == FULL_DECK
        held = [mask_of(h) for h in hands]
        for trick in deal["tricks"]:
            cards = [parse_card(c) for c in trick["cards"]]
            led = cards[0] // 13
            for k, c in enumerate(cards):
                seat = (trick["leader"] + k) % 4
                assert held[seat] >> c & 1
                if c // 13 != led:
                    assert not held[seat] & SUIT_MASKS[led]  # followed suit when able
                held[seat] &= ~(1 << c)
        res = deal["result"]
        assert sum(res["tricks"]) == 13 and len(deal["tricks"]) == 13
        sides = (res["tricks"][0] + res["tricks"][2], res["tricks"][1] + res["tricks"][3])
        assert res["side_tricks"] == list(sides)
        contracts = {"klöver": 1, "spader": 2, "ruter": 3, "hjärter": 4, "noll": 5, "spel": 6,
                     "tvångsnoll": 7}  # fmt: skip
        decl = res["declarers"][0] % 2 if res["declarers"] else None
        score = score_deal(rules, contracts[res["contract"]], decl, sides, res["honours"])
        assert res["points"] == [score.side_points[s % 2] for s in range(4)]
        if decl is not None:
            won = sides[decl] >= 7 if res["contract"] != "noll" else sides[decl] <= 6
            assert res["made"] is won
            assert (res["penalty"] is None) == won
        for seat in range(4):
            person_totals[deal["seating"][seat]] += res["points"][seat]
    assert person_totals == doc["totals"]
    assert replay(json.loads(json.dumps(doc))).finished


@settings(max_examples=60)
@given(
    seed=st.integers(0, 10**6),
    split=st.integers(0, 13),
    per_seat=st.booleans(),
    hon=st.sampled_from([None, (0, [4, 0]), (1, [3, 1]), (0, [3, 0])]),
    style=st.sampled_from(["modern", "old"]),
)
def test_random_reported_deals_score_like_the_pure_function(
    seed: int, split: int, per_seat: bool, hon: Any, style: str
) -> None:
    """A random legal auction reported with any trick split scores as score_deal says."""
    from stickspel.core import Deal

    rules = PriffeRules(style=style)
    probe = PriffeState(rules, first_dealer=seed % 4)
    rng, bot = make_rng(seed), RandomBot(seed)
    probe.apply_deal(Deal(probe.sample_deal(rng).hands))
    while probe.phase == 1:
        probe.apply_action(bot.act(Turn.of(probe)))
    auction = [{"seat": s, "call": probe.action_to_string(52 + c)} for s, c in probe.auction]
    tricks = [split, 13 - split]
    if per_seat:
        tricks = [split // 2, (13 - split) // 2, split - split // 2, 13 - split - (13 - split) // 2]
    honours = None if hon is None else {"side": hon[0], "held": hon[1]}
    state = PriffeState(rules, first_dealer=seed % 4)
    state.apply_reported_deal(
        {"dealer": seed % 4, "auction": auction, "result": {"tricks": tricks, "honours": honours}}
    )
    r = state.deal_results[0]
    contracts = {"klöver": 1, "spader": 2, "ruter": 3, "hjärter": 4, "noll": 5, "spel": 6,
                 "tvångsnoll": 7}  # fmt: skip
    decl = r["declarers"][0] % 2 if r["declarers"] else None
    want = score_deal(rules, contracts[r["contract"]], decl, (split, 13 - split), honours)
    assert r["points"] == [want.side_points[s % 2] for s in range(4)]
    assert r["contract"] == probe.contract_name()
    doc = json.loads(json.dumps(state.to_record(PLAYERS)))
    assert replay(doc).state.totals == state.totals


def test_hand_checked_rubber_with_cards() -> None:
    """Each seat holds one whole suit (0 ♠, 1 ♣, 2 ♦, 3 ♥); one rubber, dealer seat 0.

    Deal 1: pass, pass, hjärter (seat 3), pass.  Every lead is ruffed or won by
    seat 3: side 1 takes 13 — 7 × 10 = 70 below, storslam 40 and A K Q J of
    hearts in one hand 50 above: 160, and a game.  Deal 2 (dealer 1): förhand
    seat 2 bids spel; seat 1 (its right-hand neighbour) leads clubs, which
    nobody else holds, and wins all 13: the defence's 70 below and 70 penalty;
    the aces are split one a hand: no honours.  Side 1's second game ends the
    rubber: persons 1 and 3 have 300 each.
    """
    from stickspel.core import Deal

    suits = tuple(
        tuple(parse_cards(" ".join(r + s for r in "23456789TJQKA"))) for s in ("S", "C", "D", "H")
    )
    state = PriffeState(PriffeRules(parti="one_rubber"))
    state.apply_deal(Deal(suits))
    for call in ["pass", "pass", "hjärter", "pass"]:
        state.apply_text(call)
    while state.deal_index == 0:
        state.apply_action(state.legal_actions()[0])
    state.apply_deal(Deal(suits))
    state.apply_text("spel")
    assert state.current_player() == 1
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    first, second = state.deal_results
    assert first["tricks"] == [0, 0, 0, 13] and first["points"] == [0, 160, 0, 160]
    assert first["trick_points"] == [0, 70] and first["above"] == [0, 90]
    assert first["slam"] == {"side": 1, "kind": "storslam", "points": 40}
    assert first["honours"] == {"side": 1, "kind": "trumps", "held": [4, 0], "points": 50}
    assert first["game_won"] == 1 and first["rubber_won"] is None and first["made"] is True
    assert second["contract"] == "spel" and second["declarers"] == [0, 2]
    assert second["bidder"] == 2 and second["made"] is False
    assert second["tricks"] == [0, 13, 0, 0] and second["honours"] is None
    assert second["penalty"] == {"side": 1, "points": 70} and second["slam"] is None
    assert second["points"] == [0, 140, 0, 140] and second["rubber_won"] == 1
    doc = json.loads(json.dumps(state.to_record(PLAYERS)))
    assert doc["totals"] == [0, 300, 0, 300] and doc["winner"] == [1, 3]
    assert doc["deals"][1]["tricks"][0] == {"leader": 1, "cards": ["2C", "2D", "2H", "2S"],
                                             "winner": 1}  # fmt: skip
    assert replay(doc).finished


def test_garbage_anywhere_in_a_deal_is_a_record_error(game: dict[str, Any]) -> None:
    """Any field of any deal (or the variant) replaced by garbage: a RecordError, never a crash."""
    import random

    def paths(o: Any, pre: tuple[Any, ...] = ()) -> Any:
        items = o.items() if isinstance(o, dict) else enumerate(o) if isinstance(o, list) else ()
        for k, v in items:
            yield (*pre, k)
            yield from paths(v, (*pre, k))

    reported = copy.deepcopy(game)
    for d in reported["deals"]:
        del d["hands"], d["tricks"]
    garbage: list[Any] = [None, 1, -1, "x", [], {}, [1, 2], "AS", 99, True, {"side": 5}, [None]]
    rng = random.Random(5)
    for doc0 in (game, reported):
        where = [p for p in paths(doc0) if p[0] in ("deals", "variant")]
        for _ in range(120):
            doc = copy.deepcopy(doc0)
            p = rng.choice(where)
            target = doc
            for k in p[:-1]:
                target = target[k]
            target[p[-1]] = rng.choice(garbage)
            try:
                replay(doc)
            except RecordError:
                pass

"""Refusals and record errors in Swedish as well as English.

Every refusal keeps its English message (``str(e)``) and carries a Swedish
text (``e.sv``, ``e.text("sv")``) for the Swedish UI.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from stickspel.core import Deal, GameState, IllegalActionError, InvalidActionError, RulesError
from stickspel.core.cards import CardError, parse_card, parse_cards
from stickspel.games import new_game
from stickspel.games.plump import BID_BASE, PlumpRules, PlumpState
from stickspel.games.plump.sheet import add_plump
from stickspel.games.tremanswhist import BUY, TremanswhistRules, TremanswhistState
from stickspel.protokoll.scorekeeper import ScorekeeperError, Session
from stickspel.records import RecordError, replay, write_record


def _illegal_errors(state: GameState) -> list[IllegalActionError]:
    """Every refusal of every action not legal for the player to move now."""
    legal = set(state.legal_actions())
    errors = []
    for a in range(state.num_distinct_actions()):
        if a in legal:
            continue
        probe = state.clone()
        try:
            probe.apply_action(a)
        except IllegalActionError as e:
            errors.append(e)
        else:  # pragma: no cover - the assertion says what went wrong
            raise AssertionError(f"{state.action_to_string(a)} is not legal but was accepted")
    return errors


def _refusals(
    game: str, seed: int, games: int = 2, **options: object
) -> dict[str, set[tuple[str, str]]]:
    """rule → (English, Swedish) texts of the refusals met in random games."""
    rng = random.Random(seed)
    found: dict[str, set[tuple[str, str]]] = {}
    for _ in range(games):
        state = new_game(game, **options)
        steps = 0
        while not state.is_terminal() and steps < 400:
            if state.is_chance():
                state.apply_chance(rng)
                continue
            steps += 1
            for e in _illegal_errors(state):
                sv = e.text("sv")
                assert sv and sv != e.key, f"{game}: no Swedish text for {e.rule}: {e}"
                assert e.text("en") == str(e)
                found.setdefault(e.rule, set()).add((str(e), sv))
            state.apply_action(rng.choice(state.legal_actions()))
    return found


# --- the mechanism ------------------------------------------------------------------


def test_text_picks_the_language_and_str_stays_english() -> None:
    e = IllegalActionError(rule="card_not_held", seat=1, card=51)
    assert (e.key, e.params) == ("rule.card_not_held", {"seat": 1, "card": 51})
    assert str(e) == "seat 1 does not hold A♠"
    assert e.text("sv") == "plats 1 har inte E♠"
    assert e.text("en") == "seat 1 does not hold A♠"
    assert e.rule == "card_not_held" and e.seat == 1


def test_a_key_no_catalogue_has_reads_as_itself() -> None:
    e = IllegalActionError("something", rule="x")
    assert e.text("sv") == "something" == e.text("en")


def test_bad_option_is_refused_in_both_languages() -> None:
    with pytest.raises(RulesError) as info:
        PlumpRules.parse("plump(players=11)")
    assert str(info.value) == "Plump is for 2 to 10 players, not 11"
    assert info.value.text("sv") == "Plump spelas av 2 till 10 spelare, inte 11"
    with pytest.raises(RulesError) as info:
        PlumpRules.parse("plump(sparr=kanske)")
    assert str(info.value) == "option sparr: 'kanske' is not true or false"
    assert info.value.text("sv") == "regeln sparr: 'kanske' är varken ja eller nej"
    with pytest.raises(RulesError) as info:
        PlumpRules.parse("plump(nosuch=1)")
    assert "har ingen regel 'nosuch'" in info.value.text("sv")


def test_bad_card_text_is_refused_in_both_languages() -> None:
    with pytest.raises(CardError) as info:
        parse_card("ZZ")
    assert str(info.value).startswith("'ZZ' is not a card")
    assert info.value.text("sv").startswith("'ZZ' är inget kort")


def test_unparsable_action_text_in_both_languages() -> None:
    with pytest.raises(InvalidActionError) as info:
        PlumpState().string_to_action("hoppsan")
    assert "is neither a bid" in str(info.value)
    assert "är varken ett bud" in info.value.text("sv")


# --- Plump --------------------------------------------------------------------------


def _plump(hands: list[str], **options: object) -> PlumpState:
    rules = PlumpRules.from_dict(
        {"players": len(hands), "max_cards": len(hands[0].split()), **options}
    )
    state = PlumpState(rules)
    extra = (tuple(parse_cards("2C 3C")),) if len(hands) == 2 else ()
    state.apply_deal(Deal(tuple(tuple(parse_cards(h)) for h in hands), extra, parse_card("2H")))
    return state


def test_plump_sparr_in_both_languages() -> None:
    # three players, two cards: dealer is seat 0, förhand seat 1 bids 1, seat 2 bids 0
    state = _plump(["AS KS", "QS JS", "TS 9S"])
    state.apply_action(BID_BASE + 1)
    state.apply_action(BID_BASE + 0)
    with pytest.raises(IllegalActionError) as info:
        state.apply_action(BID_BASE + 1)
    e = info.value
    assert str(e) == "the dealer (seat 0) may not bid 1: the bids would add up to 2 (spärren)"
    assert e.text("sv") == "givaren (plats 0) får inte bjuda 1: buden skulle bli 2 (spärren)"
    assert e.rule == "sparr"
    # said to the dealer: "du", the message's own wording for the reader
    assert e.text("sv", ["Anna", "Björn", "Cissi"], you=0) == (
        "du ger och får inte bjuda 1: buden skulle bli 2 (spärren)"
    )
    assert e.text("en", ["Anna", "Björn", "Cissi"], you=0) == (
        "you deal and may not bid 1: the bids would add up to 2 (spärren)"
    )
    # said to another seat: the dealer by name
    assert e.text("sv", ["Anna", "Björn", "Cissi"], you=1).startswith("givaren (Anna)")


def test_plump_bid_range_turn_held_and_follow_suit_in_both_languages() -> None:
    state = _plump(["AS KH", "QS JS", "TS 9H"])
    with pytest.raises(IllegalActionError) as info:
        state.apply_action(BID_BASE + 3)
    assert str(info.value) == "seat 1 must bid 0–2 now, not 3"
    assert info.value.text("sv") == "plats 1 ska bjuda 0–2 nu, inte 3"
    for bid in (0, 0, 0):
        state.apply_action(BID_BASE + bid)
    # seat 1 leads; it does not hold AS
    with pytest.raises(IllegalActionError) as info:
        state.apply_action(parse_card("AS"))
    assert str(info.value) == "seat 1 does not hold A♠"
    assert info.value.text("sv") == "plats 1 har inte E♠"
    state.apply_action(parse_card("QS"))
    # seat 2 holds TS and must follow spades
    with pytest.raises(IllegalActionError) as info:
        state.apply_action(parse_card("9H"))
    assert str(info.value) == "seat 2 must follow suit (♠ spades led) and may not play 9♥"
    assert (
        info.value.text("sv")
        == "plats 2 måste följa färg (♠ spader är spelat) och får inte spela 9♥"
    )
    assert info.value.rule == "follow_suit"
    # to the seat that tried it: "du" / "you", the English verbs agreeing
    names = ["Anna", "Björn", "Cissi"]
    assert info.value.text("sv", names, you=2) == (
        "du måste följa färg (♠ spader är spelat) och får inte spela 9♥"
    )
    assert info.value.text("en", names, you=2) == (
        "you must follow suit (♠ spades led) and may not play 9♥"
    )
    assert info.value.text("sv", names, you=0).startswith("Cissi måste följa färg")


def test_plump_not_your_turn_in_a_reported_deal_in_both_languages() -> None:
    state = PlumpState(PlumpRules(players=3))
    with pytest.raises(IllegalActionError) as info:
        state.apply_reported_deal(
            {"auction": [{"seat": 2, "call": "1"}], "result": {"tricks": [0, 0, 10]}}
        )
    assert str(info.value) == "seat 2 bids, but it is seat 1's turn"
    assert info.value.text("sv") == "plats 2 bjuder, men det är plats 1:s tur"


@pytest.mark.parametrize("seed", range(3))
def test_every_plump_refusal_has_a_swedish_text(seed: int) -> None:
    found = _refusals("plump", seed, players=3 + seed % 2, max_cards=3)
    assert {"bid_range", "card_not_held", "not_a_card"} <= set(found)


# --- Priffe -------------------------------------------------------------------------


def _priffe_auction() -> GameState:
    state = new_game("priffe")
    state.apply_chance(random.Random(0))  # dealer seat 0, förhand seat 1
    return state


def _refuse(state: GameState, text: str) -> IllegalActionError:
    with pytest.raises(IllegalActionError) as info:
        state.apply_action(state.string_to_action(text))
    return info.value


def test_priffe_bid_order_in_both_languages() -> None:
    state = _priffe_auction()
    state.apply_action(state.string_to_action("hjärter"))
    e = _refuse(state, "ruter")
    assert (e.rule, str(e)) == ("bid_order", "ruter is not higher than hjärter")
    assert e.text("sv") == "ruter är inte högre än hjärter"


def test_priffe_spader_seat_in_both_languages() -> None:
    state = _priffe_auction()
    state.apply_action(state.string_to_action("pass"))
    state.apply_action(state.string_to_action("pass"))
    e = _refuse(state, "spader")
    assert e.rule == "spader_seat"
    assert str(e) == "spader may only be bid by förhand or second hand (seat 3 is third hand)"
    assert (
        e.text("sv") == "spader får bara bjudas av förhand eller andrahand (plats 3 är tredjehand)"
    )
    barred = state.observation(3)["barred_calls"]["spader"]
    assert barred["message"] == str(e) and barred["message_sv"] == e.text("sv")


def test_priffe_auction_closed_in_both_languages() -> None:
    state = _priffe_auction()
    state.apply_action(state.string_to_action("spel"))
    e = _refuse(state, "pass")
    assert e.rule == "auction_closed"
    assert str(e).startswith("the auction is closed: seat ")
    assert e.text("sv").startswith("budgivningen är avslutad: plats ")
    assert e.text("sv").endswith("ska spela ett kort, inte pass")


@pytest.mark.parametrize("seed", range(2))
def test_every_priffe_refusal_has_a_swedish_text(seed: int) -> None:
    found = _refusals("priffe", seed, games=1)
    assert {"not_a_call", "card_not_held", "auction_closed"} <= set(found)


# --- Tremanswhist -------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(2))
def test_every_tremanswhist_refusal_has_a_swedish_text(seed: int) -> None:
    found = _refusals("tremanswhist", seed, games=1, max_deals=2)
    assert {"offer_pending", "card_not_held"} <= set(found)


@pytest.mark.parametrize("seed", range(2))
def test_every_tremanswhist_buying_refusal_has_a_swedish_text(seed: int) -> None:
    found = _refusals("tremanswhist", seed, games=1, form="buying", max_deals=3)
    assert {"offer_closed", "card_not_held"} <= set(found)


SPADES = "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"
HEARTS = "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H"
DIAMONDS = "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D"
CLUBS = "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C"


def _whist(
    hands: list[str], pile: str, upcard: bool = True, **options: object
) -> TremanswhistState:
    extra = tuple(parse_cards(pile))
    state = TremanswhistState(TremanswhistRules.from_dict(options), first_dealer=0)
    deal = Deal(
        tuple(tuple(parse_cards(h)) for h in hands), (extra,), extra[-1] if upcard else None
    )
    state.apply_deal(deal)
    return state


def test_tremanswhist_duty_to_trump_in_both_languages() -> None:
    hands = [
        "AS KS QS JS TS 9S 8S 7S 6S AC KC QC JC",  # seat 0: no diamonds, trumps (clubs)
        "5S 4S 3S 2S TH 9H 8H 7H AD KD QD JD TD",  # seat 1
        "6H 5H 4H 3H 2H 9D 8D 7D 6D 5D 4D 3D 2D",  # seat 2
    ]
    state = _whist(hands, "AH KH QH JH TC 9C 8C 7C 6C 5C 4C 3C 2C", minus_trump=True)
    for text in "passa passa passa AD 9D".split():
        state.apply_text(text)
    e = _refuse(state, "AS")
    assert e.rule == "duty_to_trump"
    assert (
        str(e)
        == "seat 0 is void in ♦ diamonds and holds trump (♣ clubs): it must trump and may not play A♠"
    )
    assert e.text("sv") == (
        "plats 0 är renons i ♦ ruter och har trumf (♣ klöver): den måste trumfa och får inte spela E♠"
    )
    assert e.text("sv", ["Anna", "Björn", "Cissi"], you=0) == (
        "du är renons i ♦ ruter och har trumf (♣ klöver): du måste trumfa och får inte spela E♠"
    )
    assert e.text("en", you=0) == (
        "you are void in ♦ diamonds and hold trump (♣ clubs): you must trump and may not play A♠"
    )


def test_tremanswhist_offer_closed_in_both_languages() -> None:
    state = _whist([SPADES, HEARTS, DIAMONDS], "KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C AC")
    state.apply_text("passa")
    state.apply_text("byt")  # seat 2 takes: the offer is over, play starts
    e = _refuse(state, "byt")
    assert e.rule == "offer_closed"
    assert str(e) == "seat 1 must play a card now, not byt"
    assert e.text("sv") == "plats 1 ska spela ett kort nu, inte byt"


def test_tremanswhist_buy_limit_in_both_languages() -> None:
    state = _whist([SPADES, HEARTS, DIAMONDS], CLUBS, upcard=False, form="buying")
    for c in parse_cards(HEARTS)[:10]:
        state.apply_action(c)
    state.apply_action(BUY)  # förhand buys ten: three left
    for c in parse_cards(DIAMONDS)[:3]:
        state.apply_action(c)
    e = _refuse(state, "2D")
    assert e.rule == "buy_limit"
    assert str(e) == "seat 2 may put away at most 3 cards: the fourth pile has 3 left"
    assert e.text("sv") == "plats 2 får lägga bort högst 3 kort: fjärde högen har 3 kvar"


# --- records, the scorekeeper and the CLI ---------------------------------------------

STICKSPEL = str(Path(sys.executable).with_name("stickspel"))


def _tampered_record(tmp_path: Path) -> tuple[Path, RecordError]:
    """A finished 3-player Plump record whose first trick's second card is swapped for
    one the third seat holds; the error replaying it gives."""
    rng = random.Random(7)
    state = new_game("plump", players=3, max_cards=2)
    while not state.is_terminal():
        if state.is_chance():
            state.apply_chance(rng)
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    doc = state.to_record(["Anna", "Björn", "Cissi"])
    deal = doc["deals"][0]
    trick = deal["tricks"][0]
    third = (trick["leader"] + 2) % 3
    trick["cards"][1] = next(c for c in deal["hands"][third] if c not in trick["cards"])
    path = tmp_path / "tampered.json"
    write_record(doc, path)
    with pytest.raises(RecordError) as info:
        replay(doc)
    return path, info.value


def test_record_error_wraps_the_engine_refusal_in_both_languages(tmp_path: Path) -> None:
    _, e = _tampered_record(tmp_path)
    assert e.rule == "card_not_held" and (e.deal, e.trick) == (1, 1)
    assert str(e).startswith("deal 1, trick 1: seat ") and " does not hold " in str(e)
    assert str(e).endswith(" [card_not_held]")
    assert e.text("sv").startswith("giv 1, stick 1: plats ") and " har inte " in e.text("sv")
    assert e.text("sv").endswith(" [card_not_held]")
    d = e.to_dict()
    assert d["message"] == e.detail and " does not hold " in d["message"]
    assert d["message_sv"] == e.detail_text("sv") and " har inte " in d["message_sv"]


def test_record_errors_of_the_format_in_both_languages() -> None:
    with pytest.raises(RecordError) as info:
        replay({"format": "stickspel/1", "game": "plump", "players": ["A", "B", "C"]})
    assert str(info.value) == "the record has no 'deals' field (required) [missing_field]"
    assert info.value.text("sv") == "protokollet saknar fältet 'deals' (krävs) [missing_field]"
    with pytest.raises(RecordError) as info:
        replay({"format": "stickspel/1", "game": "bridge", "players": [], "deals": []})
    assert info.value.text("sv").startswith("okänt spel 'bridge'")


def test_scorekeeper_refusal_names_the_row_in_both_languages() -> None:
    s = Session.new("plump", ["Anna", "Björn", "Cissi"], max_cards=2)
    # row 1: Anna deals 2 cards; Björn bids 1, Cissi 0, so Anna may not bid 1
    with pytest.raises(ScorekeeperError) as info:
        add_plump(s, [1, 1, 0], None)
    e = info.value
    assert str(e) == (
        "row 1 (2 cards, Anna deals): the dealer (Anna) may not bid 1: "
        "the bids would add up to 2 (spärren)"
    )
    assert e.text("sv") == (
        "rad 1 (2 kort, Anna ger): givaren (Anna) får inte bjuda 1: buden skulle bli 2 (spärren)"
    )
    with pytest.raises(ScorekeeperError) as info:
        add_plump(s, [0, 1, 0], ["+", "+", "+"])
    assert info.value.text("sv").startswith("rad 1 (2 kort, Anna ger): alla har fått sitt")


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "COLUMNS": "200"}
    return subprocess.run([STICKSPEL, *args], capture_output=True, text=True, env=env, timeout=120)


def test_replay_prints_the_reason_in_the_chosen_language(tmp_path: Path) -> None:
    path, e = _tampered_record(tmp_path)
    sv = _cli("replay", str(path))
    assert sv.returncode == 1
    # the player named where the record names them (issue 10 #2), not "plats N" from 0
    name = json.loads(path.read_text(encoding="utf-8"))["players"][e.seat]
    named_sv = e.detail_text("sv").replace(f"plats {e.seat}", name)
    assert f"Ogiltigt protokoll: giv 1, stick 1, {name}: {named_sv}" in sv.stderr
    assert " har inte " in sv.stderr and "does not hold" not in sv.stderr
    en = _cli("replay", str(path), "--lang", "en")
    assert en.returncode == 1
    named_en = e.detail.replace(f"seat {e.seat}", name)
    assert f"Invalid record: deal 1, trick 1, {name}: {named_en}" in en.stderr
    assert " does not hold " in en.stderr and "har inte" not in en.stderr
    js = json.loads(_cli("replay", str(path), "--json").stdout)["error"]
    assert (js["message"], js["message_sv"]) == (e.detail, e.detail_text("sv"))


def test_play_refuses_bad_options_in_the_chosen_language() -> None:
    sv = _cli("play", "plump", "-o", "sparr=kanske")
    assert sv.returncode == 2 and "regeln sparr: 'kanske' är varken ja eller nej" in sv.stderr
    en = _cli("play", "plump", "-o", "sparr=kanske", "--lang", "en")
    assert en.returncode == 2 and "option sparr: 'kanske' is not true or false" in en.stderr

"""The coach: its advice comes from the seat's information only, it advises the right
move where a search bot once went wrong, and it says why in both languages."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from positions import plump_position
from terminal_session import PROMPT, Session

from stickspel import load_game
from stickspel.bots import Turn, make_bot
from stickspel.bots.coach import Hint, advise, reasons_for
from stickspel.core import Deal
from stickspel.core.cards import parse_card, parse_cards
from stickspel.i18n import catalogue

SRC = Path(__file__).resolve().parents[1] / "src" / "stickspel"
#: The coach and each game's part of it (their reasons' catalogue keys).
COACH = [SRC / "bots" / "coach.py", *sorted(SRC.glob("games/*/coach.py"))]


def best(state: object, samples: int = 24) -> str:
    hint = advise(Turn.of(state), samples=samples)  # type: ignore[arg-type]
    chosen = [o for o in hint.options if o.chosen]
    assert len(chosen) == 1 and hint.options[0] is chosen[0]  # the expert's choice first
    return chosen[0].text


def keys(hint: Hint, action: str) -> list[str]:
    return [r.key for o in hint.options if o.text == action for r in o.reasons]


# --- the seat's information only -------------------------------------------------------
@pytest.mark.parametrize("game", ["plump", "priffe", "tremanswhist"])
def test_the_same_advice_on_worlds_the_seat_cannot_tell_apart(game: str) -> None:
    # the real state and two states that differ from it only in the cards the seat
    # has not seen: the hint (options, values, reasons) is the same on all three
    state = load_game(game).new_initial_state()
    state.apply_chance(random.Random(21))
    model = make_bot(game, "heuristic", seed=0)
    shuffle = random.Random(22)
    checked = {"call": 0, "play": 0}
    while not state.deal_over() and checked["play"] < 3:
        seat = state.current_player()
        phase = "play" if state.observation(seat)["phase"] == "play" else "call"
        if len(state.legal_actions()) > 1 and checked[phase] < 3:
            others = [state.sample_world(seat, shuffle) for _ in range(2)]
            assert all(o.observation(seat) == state.observation(seat) for o in others)
            assert any(o.history() != state.history() for o in others)  # hidden cards moved
            real = advise(Turn.of(state), samples=6).to_dict("sv")
            assert all(advise(Turn.of(o), samples=6).to_dict("sv") == real for o in others)
            checked[phase] += 1
        state.apply_action(model.act(Turn.of(state, worlds=False)))
    assert checked["play"] == 3 and checked["call"] >= 1


# --- the known blunders ------------------------------------------------------------------
def test_no_low_trump_lead_when_every_trick_is_needed() -> None:
    state = plump_position(
        ["AS 2S AH", "KS 3H 4H", "5H 6H 7H", "8H 9H TH"], "3S", 3, ["3", "0", "0", "1"]
    )
    assert best(state) != "2S"


def test_the_top_remaining_trump_is_a_sure_trick() -> None:
    state = plump_position(
        ["2D QS JH", "AS 3C 4C", "KS 5C 6C", "3D 7C 8C"],
        "3S",
        3,
        ["1", "1", "0", "0", "2D", "AS", "KS", "3D", "3C", "5C", "7C"],
    )
    hint = advise(Turn.of(state), samples=24)
    assert best(state) == "JH"
    assert "coach.keeps_trump" in keys(hint, "JH")  # the queen of trumps is kept for later


def test_no_ruffing_in_to_take_a_lead_that_costs_the_bid() -> None:
    state = plump_position(
        ["3S 2S AH 5C", "4D 5D 6D 7C", "9D TD JD 8C", "AS 7D 8D 9C"],
        "9S",
        2,
        ["1", "1", "0", "0", "AS", "3S", "7C", "8C", "9C", "5C", "4D", "9D", "7D"],
    )
    hint = advise(Turn.of(state), samples=40)
    assert best(state, samples=40) == "AH"
    assert keys(hint, "2S") == ["coach.ruffs", *keys(hint, "2S")[1:]]


def test_cards_of_one_worth_spend_the_high_one_once_no_trick_is_wanted() -> None:
    hands = ["AC 2H", "7C 6C", "KD QD"]
    assert best(plump_position(hands, "3S", 2, ["1", "0", "0", "AC"])) == "7C"
    assert best(plump_position(hands, "3S", 2, ["0", "1", "0", "AC"])) == "6C"


def test_dealer_does_not_slide_to_nought_holding_the_trump_ace() -> None:
    state = plump_position(
        ["KH QH 4C", "KD QD 5C", "6C 7C 8C", "AS 2H 3D"], "9S", 3, ["1", "1", "0"]
    )
    hint = advise(Turn.of(state), samples=24)
    assert best(state) == "2"
    said = [r.text("sv") for r in hint.options[0].reasons]
    assert said[0] == "spärren: givaren får inte bjuda 1"


def test_priffe_no_overtaking_the_partners_winning_card() -> None:
    from stickspel.games.priffe import PriffeState

    hearts = {0: "3H 5H 7H 8H", 1: "KH 9H TH", 2: "4H 6H JH", 3: "AH QH 2H"}
    hands = {s: parse_cards(h) for s, h in hearts.items()}
    k = 0
    for c in range(52):
        if c // 13 == 2:
            continue
        while len(hands[k % 4]) >= 13:
            k += 1
        hands[k % 4].append(c)
        k += 1
    state = PriffeState(first_dealer=3)
    state.apply_deal(Deal(tuple(tuple(hands[s]) for s in range(4))))
    for text in ["pass", "spel", "3H", "KH", "4H"]:
        state.apply_text(text)
    hint = advise(Turn.of(state), samples=20)
    assert best(state, samples=20) == "2H"
    assert keys(hint, "2H")[0] == "coach.partner_keeps"
    assert keys(hint, "AH")[0] == "coach.overtakes_partner"


# --- the words ---------------------------------------------------------------------------
def test_a_sure_card_and_a_duck_are_named_as_such() -> None:
    # seat 0 bid one and holds the top trump: it takes the trick for sure
    state = plump_position(["AS 2H", "KS 3H", "QS 4H"], "5S", 2, ["1", "0", "0"])
    obs = state.observation(0)
    assert [r.text("sv") for r in reasons_for("plump", obs, parse_card("AS"))] == [
        "tar sticket med säkert kort"
    ]
    # seat 2 bid nothing: under the ace it follows with its lowest
    state = plump_position(["AH 2S", "3H 4S", "4H 9H"], "5D", 2, ["1", "0", "0", "AH", "3H"])
    said = reasons_for("plump", state.observation(2), parse_card("4H"))
    assert [r.text("sv") for r in said] == ["följer med lägsta för att inte ta stick"]
    assert [r.text("en") for r in said] == ["follows with its lowest so as not to take the trick"]


def test_every_reason_of_the_coach_is_in_both_catalogues() -> None:
    used = {
        key
        for path in COACH
        for key in re.findall(r'"(coach\.[a-z_.]+)"', path.read_text(encoding="utf-8"))
    }
    used |= {"coach.kind.plus", "coach.kind.minus"}
    assert len(used) > 30
    for lang in ("sv", "en"):
        assert sorted(k for k in used if k not in catalogue(lang)) == []


# --- the terminal --------------------------------------------------------------------------
def test_tips_at_the_prompt_shows_the_coach_and_no_hints_refuses_it(tmp_path: Path) -> None:
    s = Session(["play", "plump", "--seed", "3"], tmp_path)
    s.expect(PROMPT)
    before = s.pos
    s.send("tips")
    s.expect(PROMPT)
    shown = s.since(before)
    assert "väntade poäng" in shown and "★ expertens val" in shown and "stick" in shown
    s.send("q")
    s.finish()
    s = Session(["play", "priffe", "--seed", "3", "--lang", "en", "--no-hints"], tmp_path)
    s.expect(PROMPT)
    before = s.pos
    s.send("hint")
    s.expect(PROMPT)
    assert "hints are off at this table" in s.since(before)
    s.send("q")
    s.finish()


def test_the_hint_speaks_to_the_seat_that_asks_and_the_analysis_of_it() -> None:
    """A reason said to the seat that asked ("du behåller din höga trumf"), the same
    reason without a subject where the analysis says it of any seat."""
    from stickspel.bots.coach import Reason
    from stickspel.i18n import catalogue

    keep = Reason("coach.keeps_trump")
    assert keep.text("sv", you=True) == "du behåller din höga trumf"
    assert keep.text("en", you=True) == "you keep your high trump"
    assert keep.text("en") == "keeps its high trump"
    shed = Reason("coach.sheds_highest")
    assert shed.text("en", you=True).startswith("you get rid of your highest card")
    # every reason worded as an act of the seat has its words for the asker
    for lang in ("sv", "en"):
        keys = [k for k in catalogue(lang) if k.startswith("coach.") and "|" not in k]
        for key in keys:
            if key.endswith(".you"):
                assert key[:-4] in keys, key
        third = {"sv": r"\b(sin|sitt|sina|den inte)\b", "en": r"\b(its|it does)\b"}[lang]
        for key in keys:
            if not key.endswith(".you") and re.search(third, catalogue(lang)[key]):
                assert f"{key}.you" in keys, f"{lang}: {key} has no words for the asker"

"""Cards, suits, hand masks and trick mechanics (stickspel.core.cards)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from stickspel.core.cards import (
    CLUBS,
    DIAMONDS,
    FULL_DECK,
    HEARTS,
    SPADES,
    SUIT_MASKS,
    CardError,
    beats,
    card_display,
    card_str,
    cards_of,
    follow_mask,
    hand_display,
    hand_str,
    make_card,
    make_rng,
    mask_of,
    parse_card,
    parse_cards,
    parse_suit,
    rank_of,
    shuffled_deck,
    suit_display,
    suit_of,
    suit_str,
    trick_winner,
)

ALL_CARDS = range(52)


def cards(text: str) -> list[int]:
    return parse_cards(text)


# --- numbering ---------------------------------------------------------------------


def test_card_numbering_is_suit_times_13_plus_rank() -> None:
    assert parse_card("2C") == 0
    assert parse_card("AC") == 12
    assert parse_card("2D") == 13
    assert parse_card("TD") == 21
    assert parse_card("2H") == 26
    assert parse_card("AS") == 51
    for c in ALL_CARDS:
        assert make_card(rank_of(c), suit_of(c)) == c
        assert c == suit_of(c) * 13 + rank_of(c)


def test_suit_masks_partition_the_deck() -> None:
    assert sum(SUIT_MASKS) == FULL_DECK
    for s, m in enumerate(SUIT_MASKS):
        assert all(suit_of(c) == s for c in cards_of(m))
        assert len(cards_of(m)) == 13


# --- text forms ----------------------------------------------------------------------


@pytest.mark.parametrize("card", ALL_CARDS)
def test_record_notation_round_trips(card: int) -> None:
    text = card_str(card)
    assert len(text) == 2 and text.isascii()
    assert parse_card(text) == card
    assert parse_card(text.lower()) == card
    assert parse_card(f"  {text} ") == card


@pytest.mark.parametrize("card", ALL_CARDS)
@pytest.mark.parametrize("lang", ["sv", "en"])
def test_display_notation_round_trips(card: int, lang: str) -> None:
    assert parse_card(card_display(card, lang)) == card


@pytest.mark.parametrize(
    ("text", "record"),
    [
        ("AS", "AS"),
        ("td", "TD"),
        ("10D", "TD"),
        ("10d", "TD"),
        ("E♠", "AS"),
        ("Kn♥", "JH"),
        ("D♦", "QD"),
        ("10♣", "TC"),
        ("A♠", "AS"),
        ("J♥", "JH"),
        ("Q♦", "QD"),
        ("K♣", "KC"),
        ("♦10", "TD"),
        ("♠E", "AS"),
        ("hjärter knekt", "JH"),
        ("spader dam", "QS"),
        ("ess klöver", "AC"),
        ("ruter tio", "TD"),
        ("hearts queen", "QH"),
    ],
)
def test_parse_accepts_every_notation(text: str, record: str) -> None:
    assert card_str(parse_card(text)) == record


def test_display_forms() -> None:
    assert [card_display(c, "sv") for c in cards("AS JH QD TC")] == ["E♠", "Kn♥", "D♦", "10♣"]
    assert [card_display(c, "en") for c in cards("AS JH QD TC")] == ["A♠", "J♥", "Q♦", "10♣"]
    assert hand_display(mask_of(cards("AS TS KH QD 2D")), "en") == "A♠ 10♠  K♥  Q♦ 2♦"
    assert hand_str(mask_of(cards("2C AS TD KS"))) == "AS KS 2C TD"
    # trump first when given
    assert hand_display(mask_of(cards("AS 2D")), "sv", trump=DIAMONDS) == "2♦  E♠"


@pytest.mark.parametrize("bad", ["", "1X", "AX", "11D", "ZZ", "A", "10", "♠", "A♠♠", "D", "E"])
def test_parse_rejects_non_cards_with_a_clear_message(bad: str) -> None:
    with pytest.raises(CardError) as e:
        parse_card(bad)
    assert repr(bad) in str(e.value)
    assert "AS" in str(e.value)  # says what would be right


@pytest.mark.parametrize("bad", [5, None, ["AS"], 51.0])
def test_parse_rejects_values_that_are_not_text(bad: Any) -> None:
    with pytest.raises(CardError, match="is not a card"):
        parse_card(bad)
    with pytest.raises(CardError):
        parse_cards(["AS", bad])


def test_cards_as_a_swedish_keyboard_types_them() -> None:
    # issue 10 #3: Swedish ranks (E K D Kn) and suit letters (s h r k), any case, a
    # space or none; the record notation keeps its meaning where both could apply
    typed = {"ES": "AS", "Eh": "AH", "E h": "AH", "Dk": "QC", "Kns": "JS", "10r": "TD",
             "DS": "QS", "kr": "KD", "KS": "KS", "KH": "KH", "KD": "KD"}  # fmt: skip
    assert {t: card_str(parse_card(t)) for t in typed} == typed
    assert card_str(parse_card("D♠")) == "QS"
    for bad in ("ED", "E", "Kn", "1r", "Zs"):
        with pytest.raises(CardError):
            parse_card(bad)


def test_parse_cards_lists() -> None:
    assert parse_cards("AS, KD 2c") == [51, 24, 0]
    assert parse_cards(["AS", "kd"]) == [51, 24]
    assert parse_cards("") == []
    with pytest.raises(CardError):
        parse_cards("AS XX")


def test_suits() -> None:
    assert [parse_suit(t) for t in "CDHS"] == [CLUBS, DIAMONDS, HEARTS, SPADES]
    assert [parse_suit(t) for t in "♣♦♥♠"] == [0, 1, 2, 3]
    assert [parse_suit(t) for t in ("klöver", "Ruter", "HJÄRTER", "hjarter", "spades")] == [
        0,
        1,
        2,
        2,
        3,
    ]
    assert suit_str(HEARTS) == "H" and suit_str(None) is None
    assert suit_display(HEARTS) == "♥ hjärter"
    assert suit_display(None) == "utan trumf"
    assert suit_display(None, "en") == "no trump"
    with pytest.raises(CardError, match="is not a suit"):
        parse_suit("X")


# --- masks ---------------------------------------------------------------------------


@given(st.sets(st.integers(0, 51)))
def test_mask_round_trip(cs: set[int]) -> None:
    m = mask_of(cs)
    assert cards_of(m) == sorted(cs)
    assert bin(m).count("1") == len(cs)
    assert m & ~FULL_DECK == 0


def test_follow_mask() -> None:
    hand = mask_of(cards("2C 3H 9H AS"))
    assert follow_mask(hand, None) == hand  # leading: anything
    assert cards_of(follow_mask(hand, HEARTS)) == cards("3H 9H")
    assert follow_mask(hand, DIAMONDS) == hand  # void: anything, no duty to trump
    assert follow_mask(hand, DIAMONDS, HEARTS) == hand
    # Tremanswhist's duty to trump when void
    assert cards_of(follow_mask(hand, DIAMONDS, HEARTS, must_trump=True)) == cards("3H 9H")
    assert follow_mask(hand, DIAMONDS, None, must_trump=True) == hand
    assert cards_of(follow_mask(hand, CLUBS, HEARTS, must_trump=True)) == cards("2C")
    no_trumps = mask_of(cards("2C AS"))
    assert follow_mask(no_trumps, DIAMONDS, HEARTS, must_trump=True) == no_trumps


@given(st.sets(st.integers(0, 51), min_size=1), st.integers(0, 3))
def test_follow_mask_property(cs: set[int], led: int) -> None:
    hand = mask_of(cs)
    allowed = follow_mask(hand, led)
    assert allowed and allowed & ~hand == 0
    if hand & SUIT_MASKS[led]:
        assert allowed == hand & SUIT_MASKS[led]
    else:
        assert allowed == hand


# --- tricks --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("played", "trump", "winner"),
    [
        ("KD 5D JH 2D", HEARTS, 2),  # the ruff takes it
        ("KD 5D JH 2D", None, 0),  # no trump: highest of the suit led
        ("KD 5D JH 2D", SPADES, 0),  # a discard of another suit never wins
        ("2D AS AD 3D", None, 2),
        ("2D AS AD 3D", SPADES, 1),
        ("2H 3H 4H 5H", HEARTS, 3),
        ("5C 2H 3H 4C", HEARTS, 2),  # highest trump of several
        ("AC KC", DIAMONDS, 0),
        ("2C AH", None, 0),
        ("7S", None, 0),
    ],
)
def test_trick_winner(played: str, trump: int | None, winner: int) -> None:
    assert trick_winner(cards(played), trump) == winner


def test_beats() -> None:
    ah, kh, two_s = cards("AH KH 2S")
    assert beats(ah, kh, None)
    assert not beats(kh, ah, None)
    assert beats(two_s, ah, SPADES)
    assert not beats(two_s, ah, None)
    assert not beats(ah, two_s, SPADES)


@given(
    st.lists(st.integers(0, 51), min_size=2, max_size=10, unique=True),
    st.sampled_from([None, 0, 1, 2, 3]),
)
def test_trick_winner_property(played: list[int], trump: int | None) -> None:
    w = trick_winner(played, trump)
    led = suit_of(played[0])
    trumps = [c for c in played if trump is not None and suit_of(c) == trump]
    expected = max(trumps) if trumps else max(c for c in played if suit_of(c) == led)
    assert played[w] == expected


# --- shuffles ------------------------------------------------------------------------


def test_seeded_shuffles_are_reproducible() -> None:
    a = shuffled_deck(make_rng(42))
    b = shuffled_deck(make_rng(42))
    c = shuffled_deck(make_rng(43))
    assert a == b
    assert a != c
    assert sorted(a) == list(ALL_CARDS)


def test_unseeded_rng_is_the_os_source() -> None:
    rng = make_rng(None)
    assert isinstance(rng, random.SystemRandom)
    deck = shuffled_deck(rng)
    assert sorted(deck) == list(ALL_CARDS)
    # two unseeded shuffles agreeing would be a 1 in 52! event
    assert shuffled_deck(make_rng(None)) != shuffled_deck(make_rng(None))
    assert isinstance(make_rng(0), random.Random)
    assert not isinstance(make_rng(0), random.SystemRandom)

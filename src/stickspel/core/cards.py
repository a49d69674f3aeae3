"""Cards, suits, hands as bitmasks, the deck and trick mechanics shared by every game.

A card is a small int ``suit * 13 + rank``: suits ``C D H S`` are 0..3 and ranks
``2 … A`` are 0..12, so one suit's cards are 13 contiguous bits of a hand mask and
a higher card of the same suit is a higher int.

>>> card = parse_card("TD")
>>> card, card_str(card), card_display(card, "sv"), card_display(card, "en")
(21, 'TD', '10♦', '10♦')
>>> card_display(parse_card("Kn♥"), "en"), card_display(parse_card("QS"), "sv")
('J♥', 'D♠')
>>> hand = mask_of(parse_cards("AS KS 2C"))
>>> [card_str(c) for c in cards_of(hand)]
['2C', 'KS', 'AS']
>>> trick_winner([parse_card(c) for c in ("KD", "5D", "JH", "2D")], trump=HEARTS)
2
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Sequence
from typing import Any

from stickspel.core.errors import StickspelError

__all__ = [
    "CLUBS",
    "DIAMONDS",
    "HEARTS",
    "SPADES",
    "SUITS",
    "RANKS",
    "FULL_DECK",
    "SUIT_MASKS",
    "SUIT_OF",
    "BIT",
    "CardError",
    "deal_plainly",
    "suit_of",
    "rank_of",
    "make_card",
    "card_str",
    "card_display",
    "parse_card",
    "parse_cards",
    "parse_suit",
    "suit_str",
    "suit_display",
    "mask_of",
    "cards_of",
    "hand_str",
    "hand_display",
    "make_rng",
    "shuffled_deck",
    "follow_mask",
    "trick_winner",
    "beats",
]

CLUBS, DIAMONDS, HEARTS, SPADES = 0, 1, 2, 3
#: Suit letters of the record notation, in card-number order.
SUITS = "CDHS"
#: Rank characters of the record notation, low to high.
RANKS = "23456789TJQKA"
FULL_DECK = (1 << 52) - 1
SUIT_MASKS = tuple(0x1FFF << (13 * s) for s in range(4))

SUIT_SYMBOLS = "♣♦♥♠"
SUIT_NAMES = {
    "sv": ("klöver", "ruter", "hjärter", "spader"),
    "en": ("clubs", "diamonds", "hearts", "spades"),
}
_RANK_DISPLAY = {
    "sv": ("2", "3", "4", "5", "6", "7", "8", "9", "10", "Kn", "D", "K", "E"),
    "en": ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"),
}
# Ranks as people type them next to a suit symbol; "D" (dam) and "E" (ess) only
# where a symbol or Swedish suit word makes the suit unambiguous.
_RANK_WORDS = {
    "2": 0, "3": 1, "4": 2, "5": 3, "6": 4, "7": 5, "8": 6, "9": 7, "10": 8, "T": 8,
    "J": 9, "KN": 9, "Q": 10, "D": 10, "K": 11, "A": 12, "E": 12,
}  # fmt: skip
_SUIT_WORDS = {
    "C": 0, "♣": 0, "KLÖVER": 0, "KLOVER": 0, "CLUBS": 0,
    "D": 1, "♦": 1, "RUTER": 1, "DIAMONDS": 1,
    "H": 2, "♥": 2, "HJÄRTER": 2, "HJARTER": 2, "HEARTS": 2,
    "S": 3, "♠": 3, "SPADER": 3, "SPADES": 3,
}  # fmt: skip
#: Lookup tables for the hot paths: a card's suit, and its bit in a hand mask.
SUIT_OF = tuple(c // 13 for c in range(52))
BIT = tuple(1 << c for c in range(52))
_SYMBOL_CARD = re.compile(
    r"^\s*(10|[2-9TJQKADE]|KN)\s*([♣♦♥♠])\s*$|^\s*([♣♦♥♠])\s*(10|[2-9TJQKADE]|KN)\s*$"
)


class CardError(StickspelError, ValueError):
    """Raised for text that is not a card or suit in any accepted notation."""


def suit_of(card: int) -> int:
    """The suit (0..3) of a card."""
    return SUIT_OF[card]


def rank_of(card: int) -> int:
    """The rank index (0 = two … 12 = ace) of a card."""
    return card % 13


def make_card(rank: int, suit: int) -> int:
    """The card of a rank index and suit.

    >>> card_str(make_card(12, SPADES))
    'AS'
    """
    return suit * 13 + rank


def card_str(card: int) -> str:
    """The record notation of a card: rank then suit, e.g. ``'AS'``."""
    return RANKS[card % 13] + SUITS[card // 13]


def card_display(card: int, lang: str = "sv") -> str:
    """A card for people: Swedish ``E K D Kn`` or English ``A K Q J`` and a suit symbol."""
    return _RANK_DISPLAY[lang][card % 13] + SUIT_SYMBOLS[card // 13]


def suit_str(suit: int | None) -> str | None:
    """The record letter of a suit, or ``None`` for no trump."""
    return None if suit is None else SUITS[suit]


def suit_display(suit: int | None, lang: str = "sv") -> str:
    """A suit for people: symbol and name (``'♥ hjärter'``), or no trump."""
    if suit is None:
        return "utan trumf" if lang == "sv" else "no trump"
    return f"{SUIT_SYMBOLS[suit]} {SUIT_NAMES[lang][suit]}"


def parse_suit(text: str) -> int:
    """Parse a suit letter, symbol or name (Swedish or English).

    >>> parse_suit("H"), parse_suit("♠"), parse_suit("klöver")
    (2, 3, 0)
    """
    key = text.strip().upper()
    if key not in _SUIT_WORDS:
        raise CardError("cards.not_a_suit", text=repr(text))
    return _SUIT_WORDS[key]


def parse_card(text: str) -> int:
    """Parse a card in the record notation (``AS``, ``td``, ``10D``) or for people
    (``E♠``, ``Kn♥``, ``Q♠``, ``♦10``, ``hjärter knekt``).

    >>> [card_str(parse_card(t)) for t in ("as", "10D", "Kn♥", "D♠", "♦E", "spader dam")]
    ['AS', 'TD', 'JH', 'QS', 'AD', 'QS']
    >>> [card_str(parse_card(t)) for t in ("ES", "Eh", "E h", "Dk", "Kns", "10r", "KK")]
    ['AS', 'AH', 'AH', 'QC', 'JS', 'TD', 'KC']
    >>> parse_card("1X")
    Traceback (most recent call last):
    ...
    stickspel.core.cards.CardError: '1X' is not a card (write e.g. AS, TD, 7H or E♠, Kn♥, 10♦)
    """
    if not isinstance(text, str):  # e.g. a number in a hand-edited record
        raise CardError("cards.not_a_card", text=repr(text))
    raw = text.strip()
    up = raw.upper()
    if len(up) == 2 and up[0] in RANKS and up[1] in SUITS:
        return SUITS.index(up[1]) * 13 + RANKS.index(up[0])
    if len(up) == 3 and up.startswith("10") and up[2] in SUITS:
        return SUITS.index(up[2]) * 13 + 8
    m = _SYMBOL_CARD.match(up)
    if m:
        rank, suit = (m.group(1), m.group(2)) if m.group(1) else (m.group(4), m.group(3))
        return _SUIT_WORDS[suit] * 13 + _RANK_WORDS[rank]
    m = _SWEDISH_LETTERS.match(up.replace(" ", ""))
    if m:
        return _SWEDISH_SUIT_LETTER[m.group(2)] * 13 + _RANK_WORDS[m.group(1)]
    words = up.replace(",", " ").split()
    if len(words) == 2:
        for suit_word, rank_word in (words, words[::-1]):
            if suit_word in _SUIT_WORDS and len(suit_word) > 1:
                rank = _RANK_WORDS.get(rank_word, _LONG_RANKS.get(rank_word))
                if rank is not None:
                    return _SUIT_WORDS[suit_word] * 13 + rank
    raise CardError("cards.not_a_card", text=repr(text))


# As a Swedish keyboard types a card: rank then suit letter, s/h/r/k for spader,
# hjärter, ruter, klöver (``ES``, ``Eh``, ``E h``, ``Dk``, ``Kns``, ``10r``).  The
# record notation is tried first, so ``KS`` and ``KH`` mean what they always did.
_SWEDISH_LETTERS = re.compile(r"^(10|[2-9]|KN|[TJQKAED])([SHRK])$")
_SWEDISH_SUIT_LETTER = {"K": CLUBS, "R": DIAMONDS, "H": HEARTS, "S": SPADES}

_LONG_RANKS = {
    "ESS": 12, "ACE": 12, "KUNG": 11, "KING": 11, "DAM": 10, "QUEEN": 10,
    "KNEKT": 9, "JACK": 9, "TIO": 8, "TEN": 8,
}  # fmt: skip


def parse_cards(text: str | Iterable[str]) -> list[int]:
    """Parse cards separated by spaces or commas, or an iterable of card strings."""
    items = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return [parse_card(t) for t in items]


def mask_of(cards: Iterable[int]) -> int:
    """The bitmask of a collection of cards."""
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def cards_of(mask: int) -> list[int]:
    """The cards of a bitmask, lowest first (clubs 2 … spades ace)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def hand_str(mask: int) -> str:
    """A hand in record notation, grouped by suit (♠ ♥ ♣ ♦), each suit high to low.

    >>> hand_str(mask_of(parse_cards("2C AS TD KS")))
    'AS KS 2C TD'
    """
    return " ".join(card_str(c) for c in sorted_for_display(mask))


def sorted_for_display(mask: int, trump: int | None = None) -> list[int]:
    """Cards grouped by suit (alternating colours, trump first when given), high to low."""
    order = [SPADES, HEARTS, CLUBS, DIAMONDS]
    if trump is not None:
        order.remove(trump)
        order.insert(0, trump)
    out: list[int] = []
    for s in order:
        out.extend(reversed(cards_of(mask & SUIT_MASKS[s])))
    return out


def hand_display(mask: int, lang: str = "sv", trump: int | None = None) -> str:
    """A hand for people, grouped by suit: ``'E♠ 10♠  K♥  D♦ 2♦'``.

    >>> hand_display(mask_of(parse_cards("AS TS KH QD 2D")))
    'E♠ 10♠  K♥  D♦ 2♦'
    """
    cards = sorted_for_display(mask, trump)
    out = ""
    for i, c in enumerate(cards):
        if i:
            out += "  " if suit_of(c) != suit_of(cards[i - 1]) else " "
        out += card_display(c, lang)
    return out


def make_rng(seed: int | None) -> random.Random:
    """A seeded generator for reproducible play, or the OS's cryptographic source.

    Live games pass ``None`` so nobody can predict a deal from a seed.
    """
    return random.SystemRandom() if seed is None else random.Random(seed)


def shuffled_deck(rng: random.Random) -> list[int]:
    """All 52 cards in a random order drawn from ``rng``: the order
    ``rng.shuffle(list(range(52)))`` gives, drawn with the same calls."""
    deck = list(range(52))
    if type(rng) is random.Random and _SHUFFLE_MATCHES:
        _shuffle_deck(deck, rng.getrandbits)
    else:
        rng.shuffle(deck)
    return deck


# random.shuffle's loop for one 52-card deck, written out (a third of dealing's
# time went to its method calls): for i = 51 … 1 a draw below i + 1 by rejection
# of getrandbits(bit length of i + 1), as Random._randbelow_with_getrandbits does.
_DECK_STEPS = tuple((i, (i + 1).bit_length()) for i in range(51, 0, -1))


def _shuffle_deck(deck: list[int], getrandbits: Any) -> None:
    for i, k in _DECK_STEPS:
        j = getrandbits(k)
        while j > i:
            j = getrandbits(k)
        deck[i], deck[j] = deck[j], deck[i]


def _shuffle_matches() -> bool:
    """Whether the written-out loop draws what this Python's ``shuffle`` draws."""
    for seed in (1, 2, 3):
        ours, theirs = list(range(52)), list(range(52))
        _shuffle_deck(ours, random.Random(seed).getrandbits)
        random.Random(seed).shuffle(theirs)
        if ours != theirs:  # pragma: no cover - another Python's shuffle
            return False
    return True


_SHUFFLE_MATCHES = _shuffle_matches()


#: Plain deals :func:`deal_plainly` tries before it gives up.
PLAIN_TRIES = 8


def deal_plainly(
    cards: Sequence[int],
    rooms: Sequence[int],
    barred: Sequence[int],
    rng: random.Random,
    tries: int = PLAIN_TRIES,
) -> list[list[int]] | None:
    """Up to ``tries`` plain deals of ``cards`` (shuffled, cut into ``rooms``), the
    first that gives no place a suit of its ``barred`` mask (bit ``s`` for suit
    ``s``); ``None`` when none did, or the rooms do not take every card.  Among
    the deals that keep the bars each is then as likely as any other: what the
    worlds of Priffe and Tremanswhist try before dealing card by card.

    >>> [sorted(p) for p in deal_plainly([0, 1, 13], [2, 1], [0, 1], random.Random(1))]
    [[0, 1], [13]]
    """
    if sum(rooms) != len(cards):
        return None
    order = list(cards)
    for _ in range(tries):
        rng.shuffle(order)
        cut, fits = 0, True
        for room, bar in zip(rooms, barred, strict=True):
            if bar and any(bar >> (c // 13) & 1 for c in order[cut : cut + room]):
                fits = False
                break
            cut += room
        if fits:
            out, cut = [], 0
            for room in rooms:
                out.append(order[cut : cut + room])
                cut += room
            return out
    return None


def follow_mask(
    hand: int, led_suit: int | None, trump: int | None = None, must_trump: bool = False
) -> int:
    """The cards of ``hand`` that may be played to a trick.

    Follow suit if able; void of it, a trump if ``must_trump`` and one is held;
    otherwise any card.  ``led_suit=None`` means leading: any card.

    >>> h = mask_of(parse_cards("2C 3H AS"))
    >>> hand_str(follow_mask(h, DIAMONDS)), hand_str(follow_mask(h, DIAMONDS, HEARTS, must_trump=True))
    ('AS 3H 2C', '3H')
    """
    if led_suit is None:
        return hand
    m = hand & SUIT_MASKS[led_suit]
    if m:
        return m
    if must_trump and trump is not None:
        t = hand & SUIT_MASKS[trump]
        if t:
            return t
    return hand


def beats(card: int, best: int, trump: int | None) -> bool:
    """Whether ``card`` played later takes the trick from the ``best`` card so far."""
    s, b = SUIT_OF[card], SUIT_OF[best]
    if s == b:
        return card > best
    return s == trump


def trick_winner(cards: Sequence[int], trump: int | None) -> int:
    """Index (in play order) of the card that takes the trick: highest trump, else highest of the suit led."""
    best = 0
    for i in range(1, len(cards)):
        if beats(cards[i], cards[best], trump):
            best = i
    return best

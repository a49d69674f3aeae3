"""Priffe: four players in two *bolag* (partnerships), seed 002 settled by RULES.md.

One round of calls from förhand (``pass`` or a strictly higher bid), the
highest bid a contract or, when all pass or ``spader``/``klöver`` stands,
*tvångsnoll*; thirteen tricks; scores by the pair below the line (trick score
toward a game of 30) and above it (honours, slams, penalties); a rubber is two
games; a *parti* is three rubbers with partners rotating.

Seats are ``0 … 3`` clockwise, partners opposite: side 0 is seats 0+2, side 1
seats 1+3.  Persons (indices of the record's ``players``) change seats between
rubbers; :attr:`PriffeState.seating` says who sits where, and
:meth:`PriffeState.returns` is per person.

The seed's example trick: hjärter is trump, förhand leads K♦, second follows,
third ruffs with J♥, fourth plays 2♦; the ruff wins and third hand leads next.

>>> state = PriffeState()
>>> hands = example_hands()
>>> state.apply_deal(Deal(hands))
>>> for call in ["hjärter", "pass", "pass", "pass"]:
...     _ = state.apply_text(call)
>>> state.contract_name(), state.trump, state.current_player()
('hjärter', 2, 1)
>>> for card in ["KD", "5D", "JH", "2D"]:
...     _ = state.apply_text(card)
>>> state.last_trick()[2], state.current_player()
(3, 3)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from stickspel.core import (
    CALL_BASE,
    CHANCE,
    TERMINAL,
    Deal,
    HistoryItem,
    IllegalActionError,
    InvalidActionError,
    Rules,
    RulesError,
    TrickGameState,
    check_dealt,
    option,
)
from stickspel.core.cards import (
    CLUBS,
    DIAMONDS,
    HEARTS,
    SPADES,
    CardError,
    card_str,
    cards_of,
    follow_mask,
    make_card,
    mask_of,
    parse_card,
    parse_cards,
    shuffled_deck,
    suit_str,
)

__all__ = [
    "PriffeRules",
    "PriffeState",
    "DealScore",
    "score_deal",
    "honours_of",
    "CALLS",
    "PASS",
    "KLOVER",
    "SPADER",
    "RUTER",
    "HJARTER",
    "NOLL",
    "SPEL",
    "TVANGSNOLL",
    "SEATINGS",
    "side_of",
    "example_hands",
]

#: Canonical call texts; call ``i`` is action ``CALL_BASE + i``.
CALLS = ("pass", "klöver", "spader", "ruter", "hjärter", "noll", "spel")
PASS, KLOVER, SPADER, RUTER, HJARTER, NOLL, SPEL = range(7)
#: The contract when no bid stands (all pass, or spader/klöver in the modern game).
TVANGSNOLL = 7
CONTRACT_NAMES = (*CALLS, "tvångsnoll")

# Rank of each call in the two bidding orders (pass lowest).
_MODERN_RANK = (0, 1, 2, 3, 4, 5, 6)  # klöver < spader < ruter < hjärter < noll < spel
_OLD_RANK = (0, 2, 1, 3, 4, 5, 6)  # spader < klöver < ruter < hjärter < noll < spel
_TRUMP = {KLOVER: CLUBS, SPADER: SPADES, RUTER: DIAMONDS, HJARTER: HEARTS}
_ALIASES = {
    "pass": PASS, "p": PASS, "passar": PASS,
    "klöver": KLOVER, "klover": KLOVER, "clubs": KLOVER, "club": KLOVER,
    "spader": SPADER, "spades": SPADER, "spade": SPADER,
    "ruter": RUTER, "diamonds": RUTER, "diamond": RUTER,
    "hjärter": HJARTER, "hjarter": HJARTER, "hearts": HJARTER, "heart": HJARTER,
    "noll": NOLL, "null": NOLL, "nullo": NOLL, "nil": NOLL,
    "spel": SPEL, "sang": SPEL, "preference": SPEL, "spelut": SPEL, "notrump": SPEL,
    "no trump": SPEL,
}  # fmt: skip

#: Seating of each rubber of a parti: for each seat, the person sitting there.
#: Person 0 keeps seat 0; across the three rubbers everyone partners everyone.
SEATINGS = ((0, 1, 2, 3), (0, 2, 1, 3), (0, 1, 3, 2))

HONOUR_POINTS = {(4, 0): 50, (3, 1): 40, (3, 0): 30}

_SUIT_OF = tuple(c // 13 for c in range(52))
_BIT = tuple(1 << c for c in range(52))


def side_of(seat: int) -> int:
    """The partnership of a seat: 0 for seats 0 and 2, 1 for seats 1 and 3."""
    return seat % 2


def example_hands() -> tuple[tuple[int, ...], ...]:
    """A fixed deal (dealer seat 0) for the seed's example trick.

    Förhand (seat 1) holds K♦, second hand (seat 2) 5♦, third hand (seat 3) no
    diamonds but J♥, the dealer 2♦.
    """
    text = (
        "AS KS QS JS TS 9S 8S 6S 5S 4S 3S 2S 2D",
        "KD AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C",
        "5D 2C 3D 4D 6D 7D 8D 9D TD JD QD AD 7S",
        "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H",
    )
    return tuple(tuple(parse_cards(t)) for t in text)


@dataclass(frozen=True)
class PriffeRules(Rules):
    """The options a Priffe table agrees on.

    >>> PriffeRules.preset("old").to_text()
    'priffe(style=old)'
    >>> PriffeRules(style="old").game_target, PriffeRules().game_target
    (20, 30)
    >>> PriffeRules.parse("priffe(style=old,old_values=1/2/3/4/5/6)").trick_value_of(5)
    5
    >>> PriffeRules(trick_value=20, style="old")
    Traceback (most recent call last):
    ...
    stickspel.core.errors.RulesError: trick_value is the modern game's fixed value; with style=old set old_values instead
    """

    GAME = "priffe"

    style: str = option(
        "modern",
        "modern: klöver < spader < ruter < hjärter < noll < spel, spader/klöver are information bids (tvångsnoll if they stand), 10 a trick, game at 30; old: spader < klöver < ruter < hjärter < noll < spel, all six are contracts, per-contract trick values, game at 20.",
        "002 (Rangordning för bud; Finns gammaldags bud); RULES.md",
        ("modern", "old"),
    )
    parti: str = option(
        "three_rubbers",
        "three_rubbers: a parti of three rubbers, partners rotating so everyone partners everyone, individual winner; one_rubber: a single rubber with fixed partners.",
        "002 (Par och sits); RULES.md",
        ("three_rubbers", "one_rubber"),
    )
    trick_value: int = option(
        10, "Modern game: points per trick (the fixed ten).", "002 (Trickvärden); RULES.md"
    )
    old_values: tuple[int, ...] = option(
        (2, 6, 7, 8, 9, 10),
        "Old game: points per trick in spader, klöver, ruter, hjärter, noll, spel (tvångsnoll counts as noll).",
        "RULES.md (values); 002 (Trickvärdet följer färgen och kontraktet)",
    )
    game_points: int | None = option(
        None,
        "Trick score that makes a game (utgång); default 30 modern, 20 old.",
        "002 (Trick och honnörer; Finns gammaldags bud); RULES.md",
    )
    rubber_games: int = option(2, "Games a side must win to take the rubber.", "RULES.md (Game)")
    lillslam: int = option(
        20, "Bonus for lillslam (12 tricks in a high game, exactly 1 in noll).", "RULES.md"
    )
    storslam: int = option(
        40, "Bonus for storslam (13 tricks in a high game, none in noll).", "RULES.md"
    )
    honours: bool = option(
        True,
        "Score honours (4 in one hand 50, 3 + 1 with partner 40, 3 in one hand 30).",
        "002 (Trick och honnörer); RULES.md",
    )

    PRESETS = {
        "modern": {},
        "standard": {},
        "old": {"style": "old"},
        "rubber": {"parti": "one_rubber"},
        "old_rubber": {"style": "old", "parti": "one_rubber"},
    }

    def validate(self) -> None:
        if self.style == "old" and self.trick_value != 10:
            raise RulesError(
                "trick_value is the modern game's fixed value; with style=old set old_values instead",
                sv="trick_value är det moderna spelets fasta värde; med style=old anges old_values i stället",
            )
        default_old = (2, 6, 7, 8, 9, 10)
        values = tuple(self.old_values) if isinstance(self.old_values, (tuple, list)) else ()
        if len(values) != 6 or not all(
            isinstance(v, int) and not isinstance(v, bool) and v > 0 for v in values
        ):
            raise RulesError(
                "option old_values: six positive whole numbers for spader, klöver, ruter, hjärter, noll, spel",
                sv="regeln old_values: sex positiva heltal för spader, klöver, ruter, hjärter, noll, spel",
            )
        if self.style == "modern" and values != default_old:
            raise RulesError(
                "old_values apply only with style=old (the modern game uses trick_value)",
                sv="old_values gäller bara med style=old (det moderna spelet använder trick_value)",
            )
        if self.trick_value < 1:
            raise RulesError(
                "option trick_value: must be at least 1",
                sv="regeln trick_value: måste vara minst 1",
            )
        gp = self.game_points
        if gp is not None and (isinstance(gp, bool) or not isinstance(gp, int) or gp < 1):
            raise RulesError(
                f"option game_points: {gp!r} is not a positive whole number",
                sv=f"regeln game_points: {gp!r} är inget positivt heltal",
            )
        if self.rubber_games < 1:
            raise RulesError(
                "option rubber_games: a rubber needs at least one game",
                sv="regeln rubber_games: en robbert behöver minst ett parti",
            )
        if self.lillslam < 0 or self.storslam < 0:
            raise RulesError(
                "slam bonuses may not be negative", sv="slampremier får inte vara negativa"
            )

    # --- derived ------------------------------------------------------------------
    @property
    def game_target(self) -> int:
        """Trick score that makes a game."""
        if self.game_points is not None:
            return self.game_points
        return 20 if self.style == "old" else 30

    @property
    def rubbers(self) -> int:
        """Rubbers in the whole game."""
        return 3 if self.parti == "three_rubbers" else 1

    def rank(self, call: int) -> int:
        """A call's place in the bidding order (pass is 0)."""
        return (_OLD_RANK if self.style == "old" else _MODERN_RANK)[call]

    def is_contract(self, call: int) -> bool:
        """Whether a standing bid becomes the contract (else tvångsnoll)."""
        if call in (KLOVER, SPADER):
            return self.style == "old"
        return call != PASS

    def trick_value_of(self, contract: int) -> int:
        """Points per trick in a contract (:data:`TVANGSNOLL` included).

        >>> r = PriffeRules(style="old")
        >>> [r.trick_value_of(c) for c in (SPADER, KLOVER, RUTER, HJARTER, NOLL, SPEL, TVANGSNOLL)]
        [2, 6, 7, 8, 9, 10, 9]
        """
        if self.style == "modern":
            return self.trick_value
        index = {SPADER: 0, KLOVER: 1, RUTER: 2, HJARTER: 3, NOLL: 4, SPEL: 5, TVANGSNOLL: 4}
        return int(self.old_values[index[contract]])


def trump_of(contract: int) -> int | None:
    """The trump suit of a contract, or ``None``."""
    return _TRUMP.get(contract)


def honour_kind(contract: int) -> str:
    """Which cards are honours: ``aces`` in spel, ``trumps`` (A K Q J) in a trump
    contract, ``twos`` in noll and tvångsnoll."""
    if contract == SPEL:
        return "aces"
    if contract in _TRUMP:
        return "trumps"
    return "twos"


def honour_cards(contract: int) -> tuple[int, ...]:
    """The four honour cards of a contract."""
    kind = honour_kind(contract)
    if kind == "aces":
        return tuple(make_card(12, s) for s in range(4))
    if kind == "twos":
        return tuple(make_card(0, s) for s in range(4))
    t = _TRUMP[contract]
    return tuple(make_card(r, t) for r in (12, 11, 10, 9))


def honours_of(contract: int, hands: Sequence[int]) -> dict[str, Any] | None:
    """The honours scored from the dealt hands (bitmasks by seat), or ``None``.

    ``held`` is how many of the four the side's two hands hold, the larger first:
    ``[4, 0]`` scores 50, ``[3, 1]`` 40, ``[3, 0]`` 30.

    >>> hands = [mask_of(parse_cards("AS AH AD")), mask_of(parse_cards("AC")), 0, 0]
    >>> honours_of(SPEL, hands)
    {'side': 0, 'kind': 'aces', 'held': [3, 0], 'points': 30}
    >>> hands[2] = hands[1]; hands[1] = 0
    >>> honours_of(SPEL, hands)["points"]
    40
    """
    cards = honour_cards(contract)
    counts = [sum(1 for c in cards if h >> c & 1) for h in hands]
    best = max(range(4), key=lambda s: counts[s])
    if counts[best] < 3:
        return None
    held = (counts[best], counts[(best + 2) % 4])
    return {
        "side": side_of(best),
        "kind": honour_kind(contract),
        "held": list(held),
        "points": HONOUR_POINTS[held],
    }


@dataclass(frozen=True)
class DealScore:
    """What one deal scores, per side (index 0 = seats 0+2, 1 = seats 1+3)."""

    trick_points: tuple[int, int]
    penalty: dict[str, int] | None
    slam: dict[str, Any] | None
    honours: dict[str, Any] | None
    made: bool | None

    @property
    def above(self) -> tuple[int, int]:
        """Points above the line: honours, slam and penalty."""
        out = [0, 0]
        for item in (self.penalty, self.slam, self.honours):
            if item:
                out[int(item["side"])] += int(item["points"])
        return out[0], out[1]

    @property
    def side_points(self) -> tuple[int, int]:
        a = self.above
        return self.trick_points[0] + a[0], self.trick_points[1] + a[1]


def score_deal(
    rules: PriffeRules,
    contract: int,
    declarers: int | None,
    side_tricks: Sequence[int],
    honours: dict[str, Any] | None = None,
) -> DealScore:
    """Score one deal from the contract, the declaring side and tricks per side.

    A pure function: no cards needed (the scorekeeper uses it).  ``honours`` is
    as :func:`honours_of` gives it (its ``points`` are recomputed from ``held``).

    >>> r = PriffeRules()
    >>> s = score_deal(r, HJARTER, 0, (9, 4))
    >>> s.trick_points, s.penalty, s.made
    ((30, 0), None, True)
    >>> s = score_deal(r, HJARTER, 0, (5, 8))   # the defence takes 8: 20 + 20 penalty
    >>> s.trick_points, s.penalty, s.side_points
    ((0, 20), {'side': 1, 'points': 20}, (0, 40))
    >>> score_deal(r, NOLL, 1, (12, 1)).slam
    {'side': 1, 'kind': 'lillslam', 'points': 20}
    >>> score_deal(r, TVANGSNOLL, None, (3, 10)).trick_points
    (30, 0)
    """
    t = (int(side_tricks[0]), int(side_tricks[1]))
    value = rules.trick_value_of(contract)
    points = [0, 0]
    penalty = None
    slam = None
    made: bool | None = None
    if contract == TVANGSNOLL:
        for side in (0, 1):
            points[side] = value * max(0, 6 - t[side])
    elif declarers not in (0, 1):
        raise ValueError(
            f"{CONTRACT_NAMES[contract]} needs a declaring side 0 or 1, not {declarers!r}"
        )
    elif contract == NOLL:
        scorer = 0 if t[0] <= 6 else 1
        points[scorer] = value * (7 - t[scorer])
        made = scorer == declarers
        if not made:
            penalty = {"side": scorer, "points": points[scorer]}
        took = t[declarers]
        if took == 0:
            slam = {"side": declarers, "kind": "storslam", "points": rules.storslam}
        elif took == 1:
            slam = {"side": declarers, "kind": "lillslam", "points": rules.lillslam}
    else:
        scorer = 0 if t[0] >= 7 else 1
        points[scorer] = value * (t[scorer] - 6)
        made = scorer == declarers
        if not made:
            penalty = {"side": scorer, "points": points[scorer]}
        took = t[declarers]
        if took == 13:
            slam = {"side": declarers, "kind": "storslam", "points": rules.storslam}
        elif took == 12:
            slam = {"side": declarers, "kind": "lillslam", "points": rules.lillslam}
    hon = None
    if honours is not None and rules.honours:
        held = (int(honours["held"][0]), int(honours["held"][1]))
        if held not in HONOUR_POINTS:
            raise ValueError(f"honours held {list(held)} score nothing: [4, 0], [3, 1] or [3, 0]")
        hon = {
            "side": int(honours["side"]),
            "kind": honour_kind(contract),
            "held": list(held),
            "points": HONOUR_POINTS[held],
        }
    return DealScore((points[0], points[1]), penalty, slam, hon, made)


# phases
_DEAL, _BID, _PLAY, _OVER = 0, 1, 2, 3
_PHASES = ("deal", "bid", "play", "over")


class PriffeState(TrickGameState):
    """A whole game of Priffe: a parti of three rubbers (or one rubber)."""

    GAME = "priffe"
    CLONE_LISTS = (
        "hands",
        "dealt",
        "auction",
        "trick",
        "tricks_won",
        "tricks",
        "below",
        "above",
        "games",
        "rubber_points",
        "totals",
        "rubbers",
        "deal_results",
        "deal_records",
    )
    rules: PriffeRules

    def __init__(self, rules: PriffeRules | None = None, first_dealer: int = 0) -> None:
        self.rules = rules or PriffeRules()
        self.num_players = 4
        if not 0 <= first_dealer < 4:
            raise RulesError(
                f"first dealer must be a seat 0–3, not {first_dealer}",
                sv=f"första givaren måste vara plats 0–3, inte {first_dealer}",
            )
        self.first_dealer = first_dealer
        self._undo: list[Any] = []
        self._log: list[HistoryItem] = []
        self.dealer_seat = first_dealer
        self.deal_index = 0
        self.rubber_index = 0
        self.seating_now: tuple[int, ...] = SEATINGS[0]
        self.phase = _DEAL
        self.hands: list[int] = [0] * 4
        self.dealt: list[tuple[int, ...]] = []
        self.auction: list[tuple[int, int]] = []
        self.high: int = PASS
        self.high_seat: int | None = None
        self.contract: int | None = None
        self.declarers: int | None = None
        self.trump: int | None = None
        self.current = 0
        self.trick: list[int] = []
        self.leader = 0
        self.best_card = 0
        self.best_seat = 0
        self.tricks_won: list[int] = [0] * 4
        self.tricks: list[tuple[int, tuple[int, ...], int]] = []
        # the current rubber's sheet, per side
        self.below: list[int] = [0, 0]
        self.above: list[int] = [0, 0]
        self.games: list[int] = [0, 0]
        self.rubber_points: list[int] = [0, 0]
        self.totals: list[int] = [0] * 4  # per person
        self.rubbers: list[dict[str, Any]] = []
        self.deal_results: list[dict[str, Any]] = []
        self.deal_records: list[dict[str, Any]] = []
        self._reported_tricks: list[int] | None = None

    # --- helpers ------------------------------------------------------------------
    def forhand(self) -> int:
        return (self.dealer_seat + 1) % 4

    def contract_name(self) -> str | None:
        """The contract's text (``'hjärter'``, ``'tvångsnoll'``), once the auction is over."""
        return None if self.contract is None else CONTRACT_NAMES[self.contract]

    def seating(self) -> tuple[int, ...]:
        return tuple(self.seating_now)

    def person_at(self, seat: int) -> int:
        """The person (index of ``players``) in ``seat`` now."""
        return self.seating_now[seat]

    def current_player(self) -> int:
        if self.phase == _DEAL:
            return CHANCE
        if self.phase == _OVER:
            return TERMINAL
        return self.current

    def num_distinct_actions(self) -> int:
        return CALL_BASE + len(CALLS)

    def call_error(self, seat: int, call: int) -> IllegalActionError | None:
        """Why ``seat`` may not make ``call`` now, or ``None`` if it may."""
        if self.phase != _BID:
            return IllegalActionError(
                "the auction is closed: the cards are being played"
                if self.phase == _PLAY
                else "there is no auction now",
                rule="auction_closed",
                seat=seat,
                sv="budgivningen är avslutad: korten spelas"
                if self.phase == _PLAY
                else "det pågår ingen budgivning nu",
            )
        if call == PASS:
            return None
        rules = self.rules
        if rules.rank(call) <= rules.rank(self.high):
            return IllegalActionError(
                f"{CALLS[call]} is not higher than {CALLS[self.high]}",
                rule="bid_order",
                seat=seat,
                sv=f"{CALLS[call]} är inte högre än {CALLS[self.high]}",
            )
        if (
            call == SPADER
            and rules.style == "modern"
            and seat not in (self.forhand(), (self.forhand() + 1) % 4)
        ):
            return IllegalActionError(
                f"spader may only be bid by förhand or second hand (seat {seat} is "
                f"{'third hand' if seat == (self.forhand() + 2) % 4 else 'the dealer'})",
                rule="spader_seat",
                seat=seat,
                sv=f"spader får bara bjudas av förhand eller andrahand (plats {seat} är "
                f"{'tredjehand' if seat == (self.forhand() + 2) % 4 else 'givaren'})",
            )
        return None

    # --- chance -------------------------------------------------------------------
    def sample_deal(self, rng: random.Random) -> Deal:
        if self.phase != _DEAL:
            raise IllegalActionError(
                "cards are dealt only before a deal",
                rule="not_chance",
                sv="korten delas bara ut före en giv",
            )
        deck = shuffled_deck(rng)
        # dealt one at a time from förhand round to the dealer
        piles: list[list[int]] = [[] for _ in range(4)]
        for i, c in enumerate(deck):
            piles[i % 4].append(c)
        by_seat = [piles[(s - self.forhand()) % 4] for s in range(4)]
        return Deal(tuple(tuple(h) for h in by_seat))

    def _apply_deal(self, deal: Deal) -> None:
        if self.phase != _DEAL:
            raise IllegalActionError(
                "cards are dealt only before a deal",
                rule="not_chance",
                sv="korten delas bara ut före en giv",
            )
        if len(deal.hands) != 4:
            raise IllegalActionError(
                f"{len(deal.hands)} hands dealt, Priffe has 4 players",
                rule="hand_count",
                sv=f"{len(deal.hands)} händer givna, Priffe har 4 spelare",
            )
        if deal.extra or deal.upcard is not None:
            raise IllegalActionError(
                "Priffe deals all 52 cards to the players: no extra piles, no upcard",
                rule="extra",
                sv="i Priffe ges alla 52 kort till spelarna: inga extra högar, inget uppvänt kort",
            )
        check_dealt(deal.hands, 13, 4)
        self.dealt = [tuple(h) for h in deal.hands]
        self.hands = [mask_of(h) for h in deal.hands]
        self._start_auction()

    def _start_auction(self) -> None:
        self.auction = []
        self.high = PASS
        self.high_seat = None
        self.contract = None
        self.declarers = None
        self.trump = None
        self.tricks = []
        self.tricks_won = [0] * 4
        self.trick = []
        self.phase = _BID
        self.current = self.forhand()

    # --- actions --------------------------------------------------------------------
    def legal_actions(self) -> list[int]:
        if self.phase == _PLAY:
            led = _SUIT_OF[self.trick[0]] if self.trick else None
            return cards_of(follow_mask(self.hands[self.current], led))  # no duty to trump
        if self.phase == _BID:
            return [
                CALL_BASE + c for c in range(len(CALLS)) if self.call_error(self.current, c) is None
            ]
        return []

    def _apply_action(self, action: int) -> None:
        if self.phase == _PLAY:
            self._play(action)
            return
        if self.phase == _BID:
            p = self.current
            call = action - CALL_BASE
            if not 0 <= call < len(CALLS):
                what = card_str(action) if 0 <= action < 52 else str(action)
                raise IllegalActionError(
                    f"seat {p} must call now (pass, klöver, spader, ruter, hjärter, noll or spel), not {what}",
                    rule="not_a_call",
                    seat=p,
                    sv=f"plats {p} ska bjuda nu (pass, klöver, spader, ruter, hjärter, noll eller spel), inte {what}",
                )
            self._call(p, call)
            return
        raise IllegalActionError(
            "the game is over" if self.phase == _OVER else "the cards must be dealt first",
            rule="game_over" if self.phase == _OVER else "not_dealt",
            sv="partiet är slut" if self.phase == _OVER else "korten måste ges först",
        )

    def _call(self, p: int, call: int) -> None:
        err = self.call_error(p, call)
        if err is not None:
            raise err
        self.auction.append((p, call))
        if call != PASS:
            self.high, self.high_seat = call, p
        if call == SPEL or len(self.auction) == 4:
            self._end_auction()
        else:
            self.current = (p + 1) % 4

    def _end_auction(self) -> None:
        rules = self.rules
        if self.high_seat is not None and rules.is_contract(self.high):
            self.contract = self.high
            self.declarers = side_of(self.high_seat)
        else:
            self.contract = TVANGSNOLL
            self.declarers = None
        self.trump = trump_of(self.contract)
        self.phase = _PLAY
        if self.contract == SPEL:
            assert self.high_seat is not None
            lead = (self.high_seat - 1) % 4  # the bidder's right-hand neighbour
        else:
            lead = self.forhand()
        self.current = self.leader = lead

    def _play(self, action: int) -> None:
        self._play_card(self.current, action)

    def _not_a_card(self, seat: int, action: int) -> IllegalActionError:
        if 0 <= action - CALL_BASE < len(CALLS):
            call = CALLS[action - CALL_BASE]
            return IllegalActionError(
                f"the auction is closed: seat {seat} must play a card, not {call}",
                rule="auction_closed",
                seat=seat,
                sv=f"budgivningen är avslutad: plats {seat} ska spela ett kort, inte {call}",
            )
        return super()._not_a_card(seat, action)

    # --- scoring ----------------------------------------------------------------------
    def side_tricks(self) -> tuple[int, int]:
        if self._reported_tricks is not None and len(self._reported_tricks) == 2:
            return self._reported_tricks[0], self._reported_tricks[1]
        t = self.tricks_won
        return t[0] + t[2], t[1] + t[3]

    def _finish_deal(self, honours: dict[str, Any] | None = None) -> None:
        rules = self.rules
        contract = self.contract
        assert contract is not None
        if self.dealt:
            honours = honours_of(contract, [mask_of(h) for h in self.dealt])
        sides = self.side_tricks()
        score = score_deal(rules, contract, self.declarers, sides, honours)
        for side in (0, 1):
            self.below[side] += score.trick_points[side]
            self.above[side] += score.above[side]
        side_points = score.side_points
        below_now = list(self.below)
        game_won = None
        target = rules.game_target
        if max(self.below) >= target:
            game_won = 0 if self.below[0] >= self.below[1] else 1
            self.games[game_won] += 1
            self.below = [0, 0]
        rubber_won = None
        if game_won is not None and self.games[game_won] >= rules.rubber_games:
            rubber_won = game_won
        for side in (0, 1):
            self.rubber_points[side] += side_points[side]
        for seat in range(4):
            self.totals[self.seating_now[seat]] += side_points[side_of(seat)]
        reported = self._reported_tricks
        result: dict[str, Any] = {
            "tricks": list(reported) if reported is not None else list(self.tricks_won),
            "points": [side_points[side_of(s)] for s in range(4)],
            "contract": CONTRACT_NAMES[contract],
            "bidder": self.high_seat,
            "declarers": [] if self.declarers is None else [self.declarers, self.declarers + 2],
            "made": score.made,
            "side_tricks": list(sides),
            "trick_points": list(score.trick_points),
            "above": list(score.above),
            "honours": score.honours,
            "slam": score.slam,
            "penalty": score.penalty,
            "below": below_now,
            "game_won": game_won,
            "games": list(self.games),
            "rubber_won": rubber_won,
            "rubber": self.rubber_index + 1,
        }
        self.deal_results.append(result)
        self.deal_records.append(self._deal_record(result))
        self.deal_index += 1
        self.dealer_seat = (self.dealer_seat + 1) % 4
        self._reported_tricks = None
        if rubber_won is not None:
            self.rubbers.append(
                {
                    "rubber": self.rubber_index + 1,
                    "seating": list(self.seating_now),
                    "winner": rubber_won,
                    "games": list(self.games),
                    "points": list(self.rubber_points),
                    "deals": sum(
                        1 for r in self.deal_results if r["rubber"] == self.rubber_index + 1
                    ),
                }
            )
            self.rubber_index += 1
            self.below, self.above = [0, 0], [0, 0]
            self.games, self.rubber_points = [0, 0], [0, 0]
            if self.rubber_index >= rules.rubbers:
                self.phase = _OVER
                self.hands = [0] * 4
                return
            self.seating_now = SEATINGS[self.rubber_index]
        self.phase = _DEAL

    # --- reported deals -----------------------------------------------------------------
    def _apply_reported_deal(self, deal: dict[str, Any]) -> None:
        """A deal played with real cards: the calls, the tricks and the honours as reported.

        ``result.tricks`` gives tricks per side (``[side 0, side 1]``) or per seat;
        ``result.honours`` is ``null``/absent, or ``{"side": s, "held": [4, 0] |
        [3, 1] | [3, 0]}`` (how many of the four honours the side's two hands
        held, larger first; ``"kind"`` may be added and must fit the contract).

        >>> state = PriffeState()
        >>> state.apply_reported_deal({"dealer": 0,
        ...     "auction": [{"seat": 1, "call": "pass"}, {"seat": 2, "call": "hjärter"},
        ...                 {"seat": 3, "call": "pass"}, {"seat": 0, "call": "pass"}],
        ...     "result": {"tricks": [9, 4], "honours": {"side": 1, "held": [3, 0]}}})
        >>> r = state.deal_results[0]
        >>> r["contract"], r["points"], state.totals
        ('hjärter', [30, 30, 30, 30], [30, 30, 30, 30])
        >>> state.apply_reported_deal({"dealer": 1, "auction": [{"seat": 2, "call": "pass"},
        ...     {"seat": 3, "call": "pass"}, {"seat": 0, "call": "spader"}]})
        Traceback (most recent call last):
        ...
        stickspel.core.errors.IllegalActionError: spader may only be bid by förhand or second hand (seat 0 is third hand)
        """
        if self.phase != _DEAL:
            raise IllegalActionError(
                "the game is over" if self.phase == _OVER else "the previous deal is unfinished",
                rule="game_over" if self.phase == _OVER else "truncated",
                sv="partiet är slut" if self.phase == _OVER else "förra given är inte färdigspelad",
            )
        if "dealer" in deal and deal["dealer"] != self.dealer_seat:
            raise IllegalActionError(
                f"seat {deal['dealer']} deals, but the deal passes to seat {self.dealer_seat}",
                rule="dealer",
                seat=deal["dealer"] if isinstance(deal["dealer"], int) else None,
                sv=f"plats {deal['dealer']} ger, men given går till plats {self.dealer_seat}",
            )
        if "seating" in deal and list(deal["seating"]) != list(self.seating_now):
            raise IllegalActionError(
                f"seating is {deal['seating']}, rubber {self.rubber_index + 1} is played {list(self.seating_now)}",
                rule="seating",
                sv=f"placeringen är {deal['seating']}, robbert {self.rubber_index + 1} spelas {list(self.seating_now)}",
            )
        saved = self.clone()
        try:
            self._apply_reported(deal)
        except IllegalActionError:
            self.__dict__.update(saved.__dict__)  # nothing entered is lost or half-applied
            raise

    def _apply_reported(self, deal: dict[str, Any]) -> None:
        self.dealt = []
        self.hands = [0] * 4
        self._start_auction()
        self._run_auction(deal.get("auction") or [])
        if self.phase != _PLAY:
            raise IllegalActionError(
                f"only {len(self.auction)} of 4 calls were given (next: seat {self.current})",
                rule="truncated",
                sv=f"bara {len(self.auction)} av 4 bud gavs (nästa: plats {self.current})",
            )
        result = deal.get("result")
        if not isinstance(result, dict):
            raise IllegalActionError(
                "the deal needs a result with the tricks",
                rule="missing_field",
                sv="given behöver ett resultat med sticken",
            )
        tricks = result.get("tricks")
        if (
            not isinstance(tricks, list)
            or len(tricks) not in (2, 4)
            or not all(isinstance(t, int) and not isinstance(t, bool) and t >= 0 for t in tricks)
        ):
            raise IllegalActionError(
                "result.tricks must give the tricks of each side (2 numbers) or each seat (4)",
                rule="missing_field",
                sv="result.tricks ska ge varje sidas stick (2 tal) eller varje plats stick (4)",
            )
        if sum(tricks) != 13:
            raise IllegalActionError(
                f"the tricks taken add up to {sum(tricks)}, a deal has 13",
                rule="trick_sum",
                sv=f"de tagna sticken blir {sum(tricks)}, en giv har 13",
            )
        honours = self._check_honours(result.get("honours"))
        if "contract" in result and result["contract"] != self.contract_name():
            raise IllegalActionError(
                f"the result says the contract is {result['contract']}, the calls make it {self.contract_name()}",
                rule="result_contract",
                sv=f"resultatet säger att kontraktet är {result['contract']}, buden gör det till {self.contract_name()}",
            )
        self._reported_tricks = list(tricks)
        if len(tricks) == 4:
            self.tricks_won = list(tricks)
        self._finish_deal(honours)

    def _run_auction(self, entries: Any) -> None:
        """Apply recorded calls (``{"seat", "call"}``) from the start of an auction."""
        if not isinstance(entries, list):
            raise IllegalActionError(
                "'auction' must be a list of calls",
                rule="malformed",
                sv="'auction' ska vara en lista av bud",
            )
        for entry in entries:
            if not isinstance(entry, dict):
                raise IllegalActionError(
                    "an auction entry must be an object",
                    rule="malformed",
                    sv="ett bud ska vara ett objekt",
                )
            seat = entry.get("seat")
            raw = str(entry.get("call"))
            if self.phase != _BID:
                raise IllegalActionError(
                    f"the auction is closed{' (spel ends it at once)' if self.high == SPEL else ''}: seat {seat} may not call {raw}",
                    rule="auction_closed",
                    seat=seat if isinstance(seat, int) else None,
                    sv=f"budgivningen är avslutad{' (spel avslutar den genast)' if self.high == SPEL else ''}: plats {seat} får inte bjuda {raw}",
                )
            if seat != self.current:
                raise IllegalActionError(
                    f"seat {seat} calls, but it is seat {self.current}'s turn",
                    rule="turn",
                    seat=seat if isinstance(seat, int) else None,
                    sv=f"plats {seat} bjuder, men det är plats {self.current}:s tur",
                )
            try:
                action = self.string_to_action(raw)
            except InvalidActionError as e:
                raise IllegalActionError(str(e), rule="malformed", seat=seat, sv=e.sv) from None
            self._apply_action(action)

    def _check_honours(self, raw: Any) -> dict[str, Any] | None:
        if raw is None:
            return None
        assert self.contract is not None
        if not isinstance(raw, dict):
            raise IllegalActionError(
                'honours must be null or {"side": 0|1, "held": [4,0]|[3,1]|[3,0]}',
                rule="honours",
                sv='honnörer ska vara null eller {"side": 0|1, "held": [4,0]|[3,1]|[3,0]}',
            )
        side, held = raw.get("side"), raw.get("held")
        if side not in (0, 1):
            raise IllegalActionError(
                f"honours side must be 0 or 1, not {side!r}",
                rule="honours",
                sv=f"honnörernas sida ska vara 0 eller 1, inte {side!r}",
            )
        if (
            not isinstance(held, list)
            or not all(isinstance(h, int) for h in held)
            or tuple(held) not in HONOUR_POINTS
        ):
            raise IllegalActionError(
                f"honours held {held!r} scores nothing: it must be [4, 0], [3, 1] or [3, 0]",
                rule="honours",
                sv=f"honnörerna {held!r} ger inget: det ska vara [4, 0], [3, 1] eller [3, 0]",
            )
        kind = honour_kind(self.contract)
        if "kind" in raw and raw["kind"] != kind:
            raise IllegalActionError(
                f"in {self.contract_name()} the honours are the {kind}, not the {raw['kind']}",
                rule="honours",
                sv=f"i {self.contract_name()} är honnörerna {kind}, inte {raw['kind']}",
            )
        points = HONOUR_POINTS[(held[0], held[1])]
        if "points" in raw and raw["points"] != points:
            raise IllegalActionError(
                f"honours held {held} score {points}, not {raw['points']}",
                rule="honours",
                sv=f"honnörerna {held} ger {points}, inte {raw['points']}",
            )
        if not self.rules.honours:
            raise IllegalActionError(
                "this table does not score honours",
                rule="honours",
                sv="vid det här bordet räknas inte honnörer",
            )
        return {"side": side, "held": list(held)}

    def _last_contract(self) -> str | None:
        if self.phase == _PLAY or not self.deal_records:
            return self.contract_name()
        return str(self.deal_records[-1]["result"]["contract"])

    def _last_trump(self) -> int | None:
        name = self._last_contract()
        return None if name is None else trump_of(CONTRACT_NAMES.index(name))

    # --- text ---------------------------------------------------------------------------
    def action_to_string(self, action: int) -> str:
        if 0 <= action < 52:
            return card_str(action)
        if 0 <= action - CALL_BASE < len(CALLS):
            return CALLS[action - CALL_BASE]
        return str(action)

    def string_to_action(self, text: str) -> int:
        key = " ".join(text.strip().lower().split())
        for prefix in ("bid ", "bud ", "bjud ", "call "):
            if key.startswith(prefix):
                key = key[len(prefix) :].strip()
        if key in _ALIASES:
            return CALL_BASE + _ALIASES[key]
        try:
            return parse_card(text)
        except CardError:
            raise InvalidActionError(
                f"{text.strip()!r} is neither a call (pass, klöver, spader, ruter, hjärter, noll, spel) "
                "nor a card (e.g. AS, TD, E♠, Kn♥)",
                sv=f"{text.strip()!r} är varken ett bud (pass, klöver, spader, ruter, hjärter, noll, spel) "
                "eller ett kort (t.ex. E♠, Kn♥, AS, TD)",
            ) from None

    # --- information ----------------------------------------------------------------------
    def observation(self, seat: int) -> dict[str, Any]:
        """What ``seat`` sees: its own hand, the calls, the contract, the play so far, scores.

        Seats in the observation are seats; ``seating`` maps them to persons
        (indices of ``players``), and ``totals`` is per person.  No other hand
        is ever included.
        """
        live = self.phase in (_BID, _PLAY)
        obs: dict[str, Any] = {
            "game": self.GAME,
            "style": self.rules.style,
            "seat": seat,
            "person": self.seating_now[seat],
            "seating": list(self.seating_now),
            "partner": (seat + 2) % 4,
            "side": side_of(seat),
            "phase": _PHASES[self.phase],
            "deal_index": self.deal_index,
            "rubber": min(self.rubber_index + 1, self.rules.rubbers),
            "rubbers": self.rules.rubbers,
            "dealer": self.dealer_seat,
            "forhand": self.forhand(),
            "current_player": self.current_player(),
            "hand": [card_str(c) for c in cards_of(self.hands[seat])] if live else [],
            "calls": [{"seat": s, "call": CALLS[c]} for s, c in self.auction] if live else [],
            "high_bid": CALLS[self.high] if live and self.high_seat is not None else None,
            "high_seat": self.high_seat if live else None,
            # the calls open to this seat if it is to call, and why the others are not
            "legal_calls": [],
            "barred_calls": {},
            "contract": self.contract_name() if self.phase == _PLAY else None,
            "declarers": (
                [self.declarers, self.declarers + 2]
                if self.phase == _PLAY and self.declarers is not None
                else []
            ),
            "trump": suit_str(self.trump) if self.phase == _PLAY else None,
            "tricks_won": list(self.tricks_won),
            "side_tricks": [
                self.tricks_won[0] + self.tricks_won[2],
                self.tricks_won[1] + self.tricks_won[3],
            ],
            "trick": {"leader": self.leader, "cards": [card_str(c) for c in self.trick]}
            if self.phase == _PLAY
            else None,
            "tricks": [
                {"leader": lead, "cards": [card_str(c) for c in cs], "winner": w}
                for lead, cs, w in self.tricks
            ]
            if self.phase == _PLAY
            else [],
            "last_trick": None,
            "below": list(self.below),
            "above": list(self.above),
            "games": list(self.games),
            "rubber_points": list(self.rubber_points),
            "game_points": self.rules.game_target,
            "totals": list(self.totals),
        }
        if self.phase == _BID and seat == self.current:
            for c in range(len(CALLS)):
                err = self.call_error(seat, c)
                if err is None:
                    obs["legal_calls"].append(CALLS[c])
                else:
                    obs["barred_calls"][CALLS[c]] = {
                        "rule": err.rule,
                        "message": str(err),
                        "message_sv": err.text("sv"),
                    }
        if self.tricks and self.phase == _PLAY:
            obs["last_trick"] = obs["tricks"][-1]
        if self.phase == _DEAL and self.deal_results:
            obs["last_result"] = self.deal_results[-1]
        return obs

    def clone(self) -> PriffeState:
        new = super().clone()
        if self._reported_tricks is not None:
            new._reported_tricks = list(self._reported_tricks)
        return new

    # --- records --------------------------------------------------------------------------
    def _deal_record(self, result: dict[str, Any] | None) -> dict[str, Any]:
        deal: dict[str, Any] = {"dealer": self.dealer_seat, "seating": list(self.seating_now)}
        if self.dealt:
            deal["hands"] = [[card_str(c) for c in h] for h in self.dealt]
        if self.phase == _PLAY or result is not None:
            deal["trump"] = suit_str(self.trump)
        deal["auction"] = [{"seat": s, "call": CALLS[c]} for s, c in self.auction]
        if self.dealt:
            deal["tricks"] = self._tricks_record()
        if result is not None:
            deal["result"] = dict(result)
        return deal

    def to_record(self, players: Sequence[str] | None = None) -> dict[str, Any]:
        doc = super().to_record(players)
        doc["priffe"] = {"rubbers": [dict(r) for r in self.rubbers]}
        return doc

"""Priffe's rules: the options a table agrees on, the calls and contracts, and
the scoring of a deal (tricks, honours, slams, penalties) as pure functions.

Seats are ``0 … 3`` clockwise, partners opposite: side 0 is seats 0+2, side 1
seats 1+3.  Calls are numbered :data:`PASS` … :data:`SPEL` (action
``CALL_BASE + call``); :data:`TVANGSNOLL` is the contract when no bid stands.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from stickspel.core import IllegalActionError, Rule, Rules, RulesError, option
from stickspel.core.cards import (
    CLUBS,
    DIAMONDS,
    HEARTS,
    SPADES,
    make_card,
    parse_cards,
)

__all__ = [
    "PriffeRules",
    "DealScore",
    "score_deal",
    "honours_of",
    "honour_cards",
    "honour_kind",
    "trump_of",
    "CALLS",
    "CALL_ALIASES",
    "CONTRACT_NAMES",
    "HONOUR_POINTS",
    "PASS",
    "KLOVER",
    "SPADER",
    "RUTER",
    "HJARTER",
    "NOLL",
    "SPEL",
    "TVANGSNOLL",
    "SEATINGS",
    "DEAL",
    "BID",
    "PLAY",
    "OVER",
    "PHASES",
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
#: Every accepted spelling of each call (lower case, single spaces).
CALL_ALIASES = {
    "pass": PASS, "p": PASS, "passar": PASS,
    "klöver": KLOVER, "klover": KLOVER, "clubs": KLOVER, "club": KLOVER,
    "spader": SPADER, "spades": SPADER, "spade": SPADER,
    "ruter": RUTER, "diamonds": RUTER, "diamond": RUTER,
    "hjärter": HJARTER, "hjarter": HJARTER, "hearts": HJARTER, "heart": HJARTER,
    "noll": NOLL, "null": NOLL, "nullo": NOLL, "nil": NOLL,
    "spel": SPEL, "sang": SPEL, "preference": SPEL, "spelut": SPEL, "notrump": SPEL,
    "no trump": SPEL,
}  # fmt: skip

#: Phases of a state: cards to be dealt, the auction, the play, the game over.
DEAL, BID, PLAY, OVER = range(4)
PHASES = ("deal", "bid", "play", "over")

#: Seating of each rubber of a parti: for each seat, the person sitting there.
#: Person 0 keeps seat 0; across the three rubbers everyone partners everyone.
SEATINGS = ((0, 1, 2, 3), (0, 2, 1, 3), (0, 1, 3, 2))

HONOUR_POINTS = {(4, 0): 50, (3, 1): 40, (3, 0): 30}


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
        "002 (Rangordning för bud; Finns gammaldags bud); project",
        ("modern", "old"),
    )
    parti: str = option(
        "three_rubbers",
        "three_rubbers: a parti of three rubbers, partners rotating so everyone partners everyone, individual winner; one_rubber: a single rubber with fixed partners.",
        "002 (Par och sits); project",
        ("three_rubbers", "one_rubber"),
    )
    trick_value: int = option(
        10, "Modern game: points per trick (the fixed ten).", "002 (Trickvärden); project"
    )
    old_values: tuple[int, ...] = option(
        (2, 6, 7, 8, 9, 10),
        "Old game: points per trick in spader, klöver, ruter, hjärter, noll, spel (tvångsnoll counts as noll).",
        "002 (Trickvärdet följer färgen och kontraktet); project",
    )
    game_points: int | None = option(
        None,
        "Trick score that makes a game (utgång); default 30 modern, 20 old.",
        "002 (Trick och honnörer; Finns gammaldags bud); project",
    )
    rubber_games: int = option(2, "Games a side must win to take the rubber.", "project")
    lillslam: int = option(
        20, "Bonus for lillslam (12 tricks in a high game, exactly 1 in noll).", "project"
    )
    storslam: int = option(
        40, "Bonus for storslam (13 tricks in a high game, none in noll).", "project"
    )
    honours: bool = option(
        True,
        "Score honours (4 in one hand 50, 3 + 1 with partner 40, 3 in one hand 30).",
        "002 (Trick och honnörer); project",
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
            raise RulesError("priffe.rules.trick_value_old")
        default_old = (2, 6, 7, 8, 9, 10)
        values = tuple(self.old_values) if isinstance(self.old_values, (tuple, list)) else ()
        if len(values) != 6 or not all(
            isinstance(v, int) and not isinstance(v, bool) and v > 0 for v in values
        ):
            raise RulesError("priffe.rules.old_values")
        if self.style == "modern" and values != default_old:
            raise RulesError("priffe.rules.old_values_modern")
        if self.trick_value < 1:
            raise RulesError("priffe.rules.trick_value")
        gp = self.game_points
        if gp is not None and (isinstance(gp, bool) or not isinstance(gp, int) or gp < 1):
            raise RulesError("priffe.rules.game_points", value=gp)
        if self.rubber_games < 1:
            raise RulesError("priffe.rules.rubber_games")
        if self.lillslam < 0 or self.storslam < 0:
            raise RulesError("priffe.rules.slams")

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

    >>> from stickspel.core.cards import mask_of
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
    penalty = slam = None
    made: bool | None = None
    if contract == TVANGSNOLL:
        for side in (0, 1):
            points[side] = value * max(0, 6 - t[side])
    elif declarers not in (0, 1):
        raise IllegalActionError(
            "priffe.score.declarers",
            rule=Rule.RESULT_CONTRACT,
            contract=CONTRACT_NAMES[contract],
            declarers=declarers,
        )
    else:
        # noll is played to give tricks away: count the tricks given, and it
        # scores as any contract does (7 given is one over the book, 13 a slam)
        counted = (13 - t[0], 13 - t[1]) if contract == NOLL else t
        scorer = 0 if counted[0] >= 7 else 1
        points[scorer] = value * (counted[scorer] - 6)
        made = scorer == declarers
        if not made:
            penalty = {"side": scorer, "points": points[scorer]}
        slam = _slam(rules, declarers, counted[declarers])
    hon = _honours_score(rules, contract, honours)
    return DealScore((points[0], points[1]), penalty, slam, hon, made)


def _slam(rules: PriffeRules, side: int, counted: int) -> dict[str, Any] | None:
    if counted == 13:
        return {"side": side, "kind": "storslam", "points": rules.storslam}
    if counted == 12:
        return {"side": side, "kind": "lillslam", "points": rules.lillslam}
    return None


def _honours_score(
    rules: PriffeRules, contract: int, honours: dict[str, Any] | None
) -> dict[str, Any] | None:
    if honours is None or not rules.honours:
        return None
    held = (int(honours["held"][0]), int(honours["held"][1]))
    if held not in HONOUR_POINTS:
        raise IllegalActionError("priffe.score.honours", rule=Rule.RESULT_HONOURS, held=list(held))
    return {
        "side": int(honours["side"]),
        "kind": honour_kind(contract),
        "held": list(held),
        "points": HONOUR_POINTS[held],
    }

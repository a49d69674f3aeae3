"""Tremanswhist's rules options, constants and the two rules of a deal's kind and points.

The upcard decides a main-game deal (:func:`deal_kind`), the tricks score it
(:func:`deal_points`); :class:`TremanswhistRules` holds what a table agrees on.
"""

from __future__ import annotations

from dataclasses import dataclass

from stickspel.core import CALL_BASE, Rules, RulesError, option
from stickspel.core.cards import rank_of, suit_of

__all__ = [
    "TremanswhistRules",
    "TAKE",
    "DECLINE",
    "BUY",
    "NUM_ACTIONS",
    "PILE_SIZE",
    "DEALS_IN_BUYING",
    "PLAYERS",
    "PAR",
    "PHASES",
    "DEAL",
    "OFFER",
    "BUY_PHASE",
    "PLAY",
    "OVER",
    "deal_kind",
    "deal_points",
]

TAKE = CALL_BASE
DECLINE = CALL_BASE + 1
BUY = CALL_BASE + 2
NUM_ACTIONS = CALL_BASE + 3
PILE_SIZE = 13
DEALS_IN_BUYING = 9
PLAYERS = 3
#: Tricks a seat must take to break even in the main game (seed 004: "utöver 4").
PAR = 4


#: The phases of a deal, by number (``observation()["phase"]`` names them).
PHASES = ("deal", "offer", "buy", "play", "over")
DEAL, OFFER, BUY_PHASE, PLAY, OVER = range(5)


@dataclass(frozen=True)
class TremanswhistRules(Rules):
    """The options a Tremanswhist table agrees on.

    >>> TremanswhistRules.preset("buying").to_text()
    'tremanswhist(form=buying)'
    >>> TremanswhistRules.parse("tremanswhist(form=buying,offer_continues=true)")
    Traceback (most recent call last):
    ...
    stickspel.core.errors.RulesError: offer_continues belongs to the main game (form=standard); the buying variant has no exchange offer
    """

    GAME = "tremanswhist"

    form: str = option(
        "standard",
        "standard: the upcard decides each deal, whole-hand exchange, first to win_score; buying: nine deals in three rounds, buying from the fourth pile, targets.",
        "004 (main text; comment #2); project",
        ("standard", "buying"),
    )
    offer_continues: bool = option(
        False,
        "After a player takes the fourth pile the offer goes on round the table with the pile as it now is (each taker −1).",
        "project",
    )
    minus_trump: bool = option(
        False,
        "A minus deal (upcard 2–7) has the upcard's suit as trump instead of no trump.",
        "project",
    )
    win_score: int = option(
        10, "Main game: the total that wins at the end of a deal (first to +10).", "004; project"
    )
    max_deals: int | None = option(
        None,
        "Main game: stop after this many deals if nobody has won, highest total wins (ties share); none = no cap, as the sources play (a simulation stops such a game unfinished after 100 deals: simulate --stop-after).",
        "project (004 plays on until someone wins)",
    )
    plus_targets: tuple[int, ...] = option(
        (6, 5, 2),
        "Buying variant: tricks required in a plus deal by förhand, second hand, dealer.",
        "004 comment #2; project",
    )
    minus_targets: tuple[int, ...] = option(
        (2, 5, 6),
        "Buying variant: tricks allowed in a minus deal by förhand, second hand, dealer.",
        "004 comment #2; project",
    )

    PRESETS = {
        "standard": {},
        "offer_round": {"offer_continues": True},
        "buying": {"form": "buying"},
        "comment": {"form": "buying"},
        "short": {"win_score": 5},
    }

    @property
    def buying(self) -> bool:
        return self.form == "buying"

    def validate(self) -> None:
        if self.buying and self.offer_continues:
            raise RulesError("tremanswhist.rules.offer_continues")
        if self.buying and self.minus_trump:
            raise RulesError("tremanswhist.rules.minus_trump")
        if not isinstance(self.win_score, int) or isinstance(self.win_score, bool):
            raise RulesError("tremanswhist.rules.win_score_type", value=self.win_score)
        if self.win_score < 1:
            raise RulesError("tremanswhist.rules.win_score_low", value=self.win_score)
        if self.max_deals is not None and (
            isinstance(self.max_deals, bool)
            or not isinstance(self.max_deals, int)
            or self.max_deals < 1
        ):
            raise RulesError("tremanswhist.rules.max_deals", value=self.max_deals)
        for name in ("plus_targets", "minus_targets"):
            t = getattr(self, name)
            if (
                not isinstance(t, tuple)
                or len(t) != 3
                or not all(isinstance(x, int) and 0 <= x <= 13 for x in t)
            ):
                raise RulesError("tremanswhist.rules.targets", name=name, value=t)
            if sum(t) != 13:
                raise RulesError("tremanswhist.rules.targets_sum", name=name, total=sum(t))

    def deal_type(self, deal_index: int, upcard: int | None) -> tuple[str, int | None]:
        """The kind (``'plus'``/``'minus'``) and trump of a deal.

        >>> from stickspel.core.cards import parse_card
        >>> r = TremanswhistRules()
        >>> [r.deal_type(0, parse_card(c)) for c in ("7H", "8H", "TH", "JH")]
        [('minus', None), ('plus', None), ('plus', None), ('plus', 2)]
        >>> b = TremanswhistRules(form="buying")
        >>> [b.deal_type(i, parse_card("2S") if i >= 6 else None) for i in (0, 3, 6)]
        [('plus', None), ('minus', None), ('plus', 3)]
        """
        if self.buying:
            rnd = deal_index // 3
            if rnd == 0:
                return "plus", None
            if rnd == 1:
                return "minus", None
            return "plus", None if upcard is None else suit_of(upcard)
        if upcard is None:
            raise RulesError("tremanswhist.rules.upcard_needed")
        return deal_kind(upcard, self.minus_trump)

    def upcard_in_deal(self, deal_index: int) -> bool:
        """Whether a card is turned up in this deal (always, except rounds 1–2 of the variant)."""
        return not self.buying or deal_index >= 6

    def targets(self, kind: str, dealer: int) -> list[int]:
        """Buying variant: each seat's target for a deal of ``kind`` dealt by ``dealer``.

        >>> TremanswhistRules(form="buying").targets("plus", 0)
        [2, 6, 5]
        """
        by_position = self.plus_targets if kind == "plus" else self.minus_targets
        out = [0] * PLAYERS
        for pos in range(PLAYERS):
            out[(dealer + 1 + pos) % PLAYERS] = by_position[pos]
        return out


def deal_kind(upcard: int, minus_trump: bool = False) -> tuple[str, int | None]:
    """Kind and trump of a main-game deal from its upcard (RULES.md bands).

    >>> from stickspel.core.cards import parse_card
    >>> deal_kind(parse_card("2C")), deal_kind(parse_card("9D")), deal_kind(parse_card("AS"))
    (('minus', None), ('plus', None), ('plus', 3))
    >>> deal_kind(parse_card("7H"), minus_trump=True)
    ('minus', 2)
    """
    r = rank_of(upcard)
    if r <= 5:  # 2–7
        return "minus", suit_of(upcard) if minus_trump else None
    if r <= 8:  # 8–10
        return "plus", None
    return "plus", suit_of(upcard)


def deal_points(kind: str, tricks: int, target: int = PAR) -> int:
    """Points for ``tricks`` in a deal of ``kind`` against ``target`` (4 in the main game).

    >>> deal_points("plus", 6), deal_points("plus", 2), deal_points("minus", 1), deal_points("minus", 3, 6)
    (2, -2, 3, 3)
    """
    return tricks - target if kind == "plus" else target - tricks

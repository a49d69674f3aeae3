"""Plump's rules options (:class:`PlumpRules`), its scoring and constants.

>>> rules = PlumpRules(players=3, max_cards=2)
>>> rules.schedule(), rules.hands
((2, 1, 2), 3)
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, Self

from stickspel.core import CALL_BASE, Rules, RulesError, option

__all__ = ["PlumpRules", "score_deal", "BID_BASE", "MAX_PLAYERS", "MAX_TIE_BREAK_DEALS"]

#: Action of bid 0; bid ``b`` is ``BID_BASE + b``.
BID_BASE = CALL_BASE
MAX_PLAYERS = 10
#: Extra deals a tie-break is assumed to need at most when bounding a game's
#: length (:meth:`PlumpState.max_game_length`); the rules set no limit.
MAX_TIE_BREAK_DEALS = 10

# phases of a deal (``PlumpState.phase``)
DEAL, BID, PLAY, OVER = 0, 1, 2, 3
PHASE_NAMES = ("deal", "bid", "play", "over")


@dataclass(frozen=True)
class PlumpRules(Rules):
    """The options a Plump table agrees on before the game.

    >>> PlumpRules.preset("children").to_text()
    'plump(max_cards=5,sparr=false,trump=none)'
    >>> PlumpRules.parse("plump(players=7,max_cards=8)")
    Traceback (most recent call last):
    ...
    stickspel.core.errors.RulesError: 7 players can start at most at 7 cards
    """

    GAME = "plump"

    players: int = option(4, "Number of players, 2–10 (2 plays with a blind hand).", "000; project")
    max_cards: int | None = option(
        None,
        "Largest deal size; default min(10, 51 // hands): 10 for 2–5 players, 8 for 6, 7 for 7.",
        "000; 001; project",
    )
    deal_order: str = option(
        "down_up",
        "Order of deal sizes: down_up (10…1…10), up_down, up, down, or single (one deal, for research).",
        "000 (Andra ordningar); project",
        ("down_up", "up_down", "up", "down", "single"),
    )
    sparr: bool = option(
        True,
        "Spärren: the dealer may not make the bids sum to the number of tricks.",
        "000 (Budgivningen, Utan spärr); project",
    )
    scoring: str = option(
        "standard",
        "standard: exact bid scores 10 + bid; per_trick: 1 a trick + 10 for an exact bid; tricks_only: exact bid scores the bid.",
        "000 (Poäng, En poäng per stick); 001; project",
        ("standard", "per_trick", "tricks_only"),
    )
    plump_penalty: bool = option(
        False,
        "A missed bid (plump) scores minus the difference between bid and tricks.",
        "001 (Poäng och plump); project",
    )
    trump: str = option(
        "upcard",
        "upcard: the card after the deal is turned, its suit is trump; rotation: clubs, diamonds, hearts, spades; rotation_nt: the same then a no-trump deal; none: never trump.",
        "000 (Giv, Trumf i fast ordning, Givar utan trumf); 001; project",
        ("upcard", "rotation", "rotation_nt", "none"),
    )
    no_trump_largest: bool = option(
        False,
        "The largest deals are played without trump.",
        "000 (Givar utan trumf); project",
    )
    bidding: str = option(
        "sequential",
        "sequential: förhand first, dealer last; simultaneous: all show at once (no spärr).",
        "000 (Alla bjuder samtidigt); project",
        ("sequential", "simultaneous"),
    )
    first_lead: str = option(
        "forhand",
        "Who leads the first trick: forhand (left of the dealer) or dealer.",
        "000 (Givaren spelar ut); project",
        ("forhand", "dealer"),
    )
    tie_break: bool = option(
        False,
        "A tie for first after the last deal is played off with extra deals at the largest size.",
        "000 (Lika poäng i slutet); project",
    )

    PRESETS = {
        "standard": {},
        "children": {"max_cards": 5, "trump": "none", "sparr": False},
        "two_player": {"players": 2, "max_cards": 7},
        "thirteen": {"players": 4, "max_cards": 13},
        "pagat": {"sparr": False, "scoring": "per_trick"},
        "simultaneous": {"bidding": "simultaneous", "sparr": False},
        "no_trump": {"trump": "none"},
        "research": {"deal_order": "single"},
    }

    def __post_init__(self) -> None:
        # simultaneous bidding has no spärr by nature (000; RULES.md variant 8): nobody
        # bids last, so choosing that way of bidding switches it off by itself
        if self.bidding == "simultaneous" and self.sparr is True:
            object.__setattr__(self, "sparr", False)
        super().__post_init__()

    @classmethod
    def check_given(cls, values: dict[str, Any]) -> None:
        """An explicit ``sparr=true`` with simultaneous bidding asks for what cannot be."""
        if values.get("bidding") == "simultaneous" and values.get("sparr") is True:
            raise RulesError("plump.simultaneous_sparr")

    @property
    def hands(self) -> int:
        """Hands dealt: one a player, plus the blind hand when two play."""
        return self.players + 1 if self.players == 2 else self.players

    @property
    def largest(self) -> int:
        """The largest deal size in effect."""
        if self.max_cards is not None:
            return self.max_cards
        return min(10, 51 // self.hands)

    def validate(self) -> None:
        if not 2 <= self.players <= MAX_PLAYERS:
            raise RulesError("plump.players", most=MAX_PLAYERS, players=self.players)
        limit = 52 // self.hands
        if self.max_cards is not None:
            if isinstance(self.max_cards, bool) or not isinstance(self.max_cards, int):
                raise RulesError("plump.max_cards_type", value=repr(self.max_cards))
            if self.max_cards < 1:
                raise RulesError("plump.max_cards_min")
            if self.max_cards > limit:
                key = "plump.max_cards_limit" + ("_blind" if self.players == 2 else "")
                raise RulesError(key, players=self.players, limit=limit)

    def schedule(self) -> tuple[int, ...]:
        """Deal sizes of the game in order (tie-break deals not included).

        >>> PlumpRules(players=3).schedule()[:12]
        (10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 2, 3)
        >>> len(PlumpRules().schedule()), PlumpRules(players=7).schedule()[0]
        (19, 7)
        """
        top = self.largest
        down = tuple(range(top, 0, -1))
        up = tuple(range(1, top + 1))
        order = self.deal_order
        if order == "down_up":
            return down + up[1:]
        if order == "up_down":
            return up + down[1:]
        if order == "up":
            return up
        if order == "down":
            return down
        return (top,)

    def board(self, k: int) -> Self:
        """A single deal of the ``k``-th size of the schedule (round it again past its
        end): a duplicate match's boards walk the sizes as a table plays them.

        >>> [PlumpRules(players=4).board(k).max_cards for k in (0, 1, 9, 10)]
        [10, 9, 1, 2]
        """
        sizes = self.schedule()
        return dataclasses.replace(self, max_cards=sizes[k % len(sizes)], deal_order="single")

    def trump_rule(self, deal_index: int, size: int) -> str | int | None:
        """How trump is chosen in a deal: ``'upcard'``, a fixed suit, or ``None``."""
        if self.trump == "none" or (self.no_trump_largest and size == self.largest):
            return None
        if self.trump == "rotation":
            return deal_index % 4
        if self.trump == "rotation_nt":
            r = deal_index % 5
            return None if r == 4 else r
        return "upcard"


def score_deal(rules: PlumpRules, bid: int, tricks: int) -> int:
    """Points for one seat in one deal under ``rules``.

    >>> r = PlumpRules()
    >>> score_deal(r, 3, 3), score_deal(r, 0, 0), score_deal(r, 2, 3)
    (13, 10, 0)
    >>> score_deal(PlumpRules(scoring="per_trick"), 2, 3), score_deal(PlumpRules(plump_penalty=True), 2, 5)
    (3, -3)
    """
    made = bid == tricks
    if made:
        if rules.scoring == "tricks_only":
            return bid
        return 10 + bid
    if rules.plump_penalty:
        return -abs(bid - tricks)
    return tricks if rules.scoring == "per_trick" else 0

"""Typed errors of stickspel.  A refusal names a :class:`Rule` and carries its
parameters (seat, card, bid …); the words a person reads come from the message
catalogues (:mod:`stickspel.i18n`), rendered in the UI's language.

>>> e = IllegalActionError("rule.card_not_held", rule=Rule.CARD_NOT_HELD, seat=2, card=51)
>>> e.rule, e.seat, e.params["card"], e.card
(<Rule.CARD_NOT_HELD: 'card_not_held'>, 2, 51, 51)
>>> str(e)
'seat 2 does not hold A♠'
>>> e.text("sv")
'plats 2 har inte E♠'
>>> e.text("sv", names=["Anna", "Björn", "Cissi"])
'Cissi har inte E♠'
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from typing import Any

__all__ = [
    "Rule",
    "StickspelError",
    "RulesError",
    "InvalidActionError",
    "IllegalActionError",
    "error_text",
]


class Rule(StrEnum):
    """The stable names of the rules a refusal can name (records print them in
    brackets, tests and clients compare them; a ``StrEnum`` equals its text)."""

    # play
    NOT_YOUR_TURN = "not_your_turn"
    TURN = "turn"
    GAME_OVER = "game_over"
    NOT_DEALT = "not_dealt"
    NOT_CHANCE = "not_chance"
    NOT_A_CARD = "not_a_card"
    NOT_A_CALL = "not_a_call"
    CARD_NOT_HELD = "card_not_held"
    FOLLOW_SUIT = "follow_suit"
    DUTY_TO_TRUMP = "duty_to_trump"
    UNKNOWN_ACTION = "unknown_action"
    STALE_VERSION = "stale_version"
    # bids and auctions
    BID_RANGE = "bid_range"
    BID_ORDER = "bid_order"
    SPARR = "sparr"
    AUCTION_CLOSED = "auction_closed"
    # Tremanswhist's exchange and buying
    OFFER_CLOSED = "offer_closed"
    OFFER_PENDING = "offer_pending"
    BUY_LIMIT = "buy_limit"
    EXCHANGE_MISSING = "exchange_missing"
    # deals
    HAND_SIZE = "hand_size"
    HAND_COUNT = "hand_count"
    DUPLICATE_CARD = "duplicate_card"
    EXTRA = "extra"
    UPCARD = "upcard"
    NO_CARDS = "no_cards"
    DEALER = "dealer"
    SEATING = "seating"
    SPADER_SEAT = "spader_seat"
    TRUMP = "trump"
    HONOURS = "honours"
    KIND = "kind"
    TRICK_SUM = "trick_sum"
    TRICKS = "tricks"
    CARDS = "cards"
    UNDO = "undo"
    # records
    FORMAT = "format"
    JSON = "json"
    GAME = "game"
    VARIANT = "variant"
    PLAYERS = "players"
    SEAT = "seat"
    MALFORMED = "malformed"
    MISSING_FIELD = "missing_field"
    TRUNCATED = "truncated"
    EXTRA_DEAL = "extra_deal"
    EXTRA_CARD = "extra_card"
    EXTRA_ACTION = "extra_action"
    LEADER = "leader"
    TRICK_SIZE = "trick_size"
    TRICK_WINNER = "trick_winner"
    SCORE = "score"
    RESULT = "result"
    RESULT_TRICKS = "result_tricks"
    RESULT_MADE = "result_made"
    RESULT_CONTRACT = "result_contract"
    RESULT_KIND = "result_kind"
    RESULT_HONOURS = "result_honours"
    RESULT_SLAM = "result_slam"
    RESULT_EXCHANGED = "result_exchanged"
    TOTALS = "totals"
    WINNER = "winner"
    # rules options
    OPTION = "option"

    @classmethod
    def of(cls, name: str | Rule) -> Rule:
        """The member named ``name``; result keys without a member of their own map
        to :attr:`RESULT`."""
        try:
            return cls(name)
        except ValueError:
            return cls.RESULT if str(name).startswith("result_") else cls.MALFORMED


class StickspelError(Exception):
    """Base of every error this package raises on purpose.

    Built from a catalogue key and parameters (``RulesError("rules.not_bool",
    name="sparr", value="x")``); ``str(e)`` is the English text, :meth:`text`
    renders any language.  Code that has not moved to the catalogues yet may still
    pass a finished English message and its Swedish ``sv``.

    >>> e = RulesError("option x: 'y' is not a whole number", sv="x: 'y' är inget heltal")
    >>> e.text("sv"), e.text("en")
    ("x: 'y' är inget heltal", "option x: 'y' is not a whole number")
    >>> RulesError("only English").text("sv")
    'only English'
    """

    key: str | None = None
    params: dict[str, Any]

    def __init__(self, key_or_message: str = "", *, sv: str | None = None, **params: Any) -> None:
        from stickspel.i18n import has_key

        self.params = params
        if sv is None and has_key(key_or_message):
            self.key = key_or_message
            self._en: str | None = None
            self._sv: str | None = None
        else:
            self.key = None
            self._en = key_or_message
            self._sv = sv
        super().__init__(self._en if self.key is None else key_or_message)

    def __str__(self) -> str:
        return self.text("en")

    def __getattr__(self, name: str) -> Any:
        # the parameters read as attributes too: ``e.card``, ``e.bid``
        params = self.__dict__.get("params")
        if params is not None and name in params:
            return params[name]
        raise AttributeError(name)

    @property
    def sv(self) -> str | None:
        """The Swedish text (``None`` for an old-style error given no Swedish)."""
        if self.key is None or self._sv is not None:
            return self._sv
        return self.text("sv")

    @sv.setter
    def sv(self, value: str | None) -> None:
        self._sv = value

    def text(self, lang: str, names: Sequence[str] | None = None) -> str:
        """The message in ``lang`` (``"sv"`` or ``"en"``); ``names`` (by seat) puts
        people's names where the message would say a seat number."""
        if lang == "sv" and self._sv:
            return self._sv
        if self.key is None:
            return self._en or ""
        from stickspel.i18n import render

        return render(self.key, self.params, lang, names=names)


def error_text(error: BaseException, lang: str, names: Sequence[str] | None = None) -> str:
    """Any exception's message in ``lang``: stickspel's errors through the catalogue,
    others as ``str(error)`` (with a ``sv`` attribute where one exists)."""
    if isinstance(error, StickspelError):
        return error.text(lang, names)
    sv = getattr(error, "sv", None)
    return sv if lang == "sv" and sv else str(error)


class RulesError(StickspelError, ValueError):
    """A rules option or combination of options that is not allowed."""


class InvalidActionError(StickspelError, ValueError):
    """Text that is not an action of this game in any accepted form."""


class IllegalActionError(StickspelError, ValueError):
    """A well-formed action the rules do not allow now.

    ``rule`` is the :class:`Rule` broken and ``seat`` the seat that tried it;
    ``params`` the values the message names (card, bid, suit …).
    """

    def __init__(
        self,
        key_or_message: str = "",
        *,
        rule: Rule | str,
        seat: int | None = None,
        sv: str | None = None,
        **params: Any,
    ) -> None:
        if seat is not None:
            params["seat"] = seat
        super().__init__(key_or_message or f"rule.{Rule.of(rule).value}", sv=sv, **params)
        self.rule = Rule.of(rule)
        self.seat = seat

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
>>> e.text("sv", names=["Anna", "Björn", "Cissi"], you=2)
'du har inte E♠'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from enum import StrEnum
from typing import Any

__all__ = [
    "Rule",
    "StickspelError",
    "RulesError",
    "InvalidActionError",
    "IllegalActionError",
    "error_text",
    "install_renderer",
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


#: Renders a catalogue key with its parameters in a language (``names`` by seat);
#: :mod:`stickspel.i18n` installs its ``render`` here when it is imported, so the
#: engine names no catalogue and the words stay at the edge.
Renderer = Callable[[str, Mapping[str, Any], str, "Sequence[str] | None", "int | None"], str]
_renderer: Renderer | None = None


def install_renderer(renderer: Renderer) -> None:
    """Let every error's :meth:`StickspelError.text` render through ``renderer``."""
    global _renderer
    _renderer = renderer


class StickspelError(Exception):
    """Base of every error this package raises on purpose.

    Built from a catalogue key and parameters (``RulesError("rules.not_bool",
    name="sparr", value="x")``); ``str(e)`` is the English text, :meth:`text`
    renders any language.  A key no catalogue has reads as itself in every
    language.

    >>> e = RulesError("rules.not_int", name="x", value="'y'")
    >>> e.text("sv"), e.text("en")
    ("regeln x: 'y' är inget heltal", "option x: 'y' is not a whole number")
    >>> RulesError("only English").text("sv")
    'only English'
    """

    key: str
    params: dict[str, Any]

    def __init__(self, key: str = "", /, **params: Any) -> None:
        self.key = key
        self.params = params
        super().__init__(key)

    def __str__(self) -> str:
        return self.text("en")

    def __getattr__(self, name: str) -> Any:
        # the parameters read as attributes too: ``e.card``, ``e.bid``
        params = self.__dict__.get("params")
        if params is not None and name in params:
            return params[name]
        raise AttributeError(name)

    def text(self, lang: str, names: Sequence[str] | None = None, you: int | None = None) -> str:
        """The message in ``lang`` (``"sv"`` or ``"en"``); ``names`` (by seat) puts
        people's names where the message would say a seat number; ``you`` is the
        reader's seat, which the message addresses as "du" / "you"."""
        if _renderer is None:
            return self.key
        return _renderer(self.key, self.params, lang, names, you)


def error_text(
    error: BaseException, lang: str, names: Sequence[str] | None = None, you: int | None = None
) -> str:
    """Any exception's message in ``lang``: stickspel's errors through the catalogue
    (``you``: the reader's seat, addressed as "du" / "you"), others as ``str(error)``."""
    if isinstance(error, StickspelError):
        return error.text(lang, names, you)
    return str(error)


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
        key: str = "",
        /,
        *,
        rule: Rule | str,
        seat: int | None = None,
        **params: Any,
    ) -> None:
        if seat is not None:
            params["seat"] = seat
        super().__init__(key or f"rule.{Rule.of(rule).value}", **params)
        self.rule = Rule.of(rule)
        self.seat = seat

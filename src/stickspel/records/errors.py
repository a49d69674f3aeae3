"""The error of a record that is malformed or breaks a rule.

A :class:`RecordError` is built like the core errors, from a catalogue key of the
``records`` domain and its parameters (``records.*`` in ``records.po``), or
around the engine refusal it wraps (``cause``); it names where (deal and trick,
1-based, and the seat) and the rule broken.

>>> e = RecordError("records.no_trick_done", rule="trick_size", deal=2)
>>> str(e), e.text("sv")
('deal 2: no trick was completed [trick_size]', 'giv 2: inget stick blev färdigt [trick_size]')
>>> e.to_dict()["message_sv"]
'inget stick blev färdigt'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from stickspel.core import StickspelError, error_text
from stickspel.i18n import render

__all__ = ["RecordError", "Msg"]


@dataclass(frozen=True)
class Msg:
    """A message of the catalogue used as a parameter of another (a place in a
    record: ``Msg("records.place.deal", {"deal": 3})`` → ``deal 3`` / ``giv 3``)."""

    key: str
    params: dict[str, Any] = field(default_factory=dict)

    def text(self, lang: str) -> str:
        return render(self.key, _rendered(self.params, lang), lang)


def _rendered(params: dict[str, Any], lang: str) -> dict[str, Any]:
    """Parameters with nested messages (and wrapped errors) rendered in ``lang``."""
    out: dict[str, Any] = {}
    for k, v in params.items():
        if isinstance(v, Msg):
            v = v.text(lang)
        elif isinstance(v, BaseException):
            v = error_text(v, lang)
        out[k] = v
    return out


class RecordError(StickspelError, ValueError):
    """A record that is malformed or breaks a rule; says where and which rule.

    ``detail`` is the message without the place and rule; ``cause`` the engine
    refusal it wraps, whose text is the detail.

    >>> from stickspel.core import IllegalActionError
    >>> cause = IllegalActionError(rule="card_not_held", seat=2, card=49)
    >>> e = RecordError(rule="card_not_held", deal=3, trick=2, cause=cause)
    >>> str(e)
    'deal 3, trick 2: seat 2 does not hold Q♠ [card_not_held]'
    >>> e.text("sv")
    'giv 3, stick 2: plats 2 har inte D♠ [card_not_held]'
    """

    def __init__(
        self,
        key: str = "",
        /,
        *,
        rule: str,
        deal: int | None = None,
        trick: int | None = None,
        seat: int | None = None,
        cause: BaseException | None = None,
        **params: Any,
    ) -> None:
        self.rule = str(rule)
        self.deal = deal
        self.trick = trick
        self.seat = seat
        self.cause = cause
        super().__init__(key, **params)
        self.detail = self.detail_text("en")
        self.args = (self.text("en"),)

    def detail_text(
        self, lang: str, names: Sequence[str] | None = None, you: int | None = None
    ) -> str:
        """The message without the place and the rule, in ``lang``."""
        if self.cause is not None:
            return error_text(self.cause, lang, names, you)
        return render(self.key, _rendered(self.params, lang), lang, names, you)

    def text(self, lang: str, names: Sequence[str] | None = None, you: int | None = None) -> str:
        where = []
        if self.deal is not None:
            where.append(render("records.place.deal", {"deal": self.deal}, lang))
        if self.trick is not None:
            where.append(render("records.place.trick", {"trick": self.trick}, lang))
        detail = self.detail_text(lang, names, you)
        prefix = ", ".join(where)
        return f"{prefix}: {detail} [{self.rule}]" if prefix else f"{detail} [{self.rule}]"

    def __str__(self) -> str:
        return self.text("en")

    def to_dict(self) -> dict[str, Any]:
        return {
            "rule": self.rule,
            "deal": self.deal,
            "trick": self.trick,
            "seat": self.seat,
            "message": self.detail,
            "message_sv": self.detail_text("sv"),
        }

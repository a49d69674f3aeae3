"""The error of a record that is malformed or breaks a rule."""

from __future__ import annotations

from typing import Any

from stickspel.core import StickspelError

__all__ = ["RecordError"]


class RecordError(StickspelError, ValueError):
    """A record that is malformed or breaks a rule; says where and which rule.

    ``sv`` is the whole message in Swedish (``giv 3, stick 2: … [rule]``); its
    detail is the Swedish text given, else the English one.

    >>> e = RecordError("seat 2 does not hold QS", rule="card_not_held", deal=3, trick=2,
    ...                 sv="plats 2 har inte D♠")
    >>> str(e)
    'deal 3, trick 2: seat 2 does not hold QS [card_not_held]'
    >>> e.text("sv")
    'giv 3, stick 2: plats 2 har inte D♠ [card_not_held]'
    """

    def __init__(
        self,
        message: str,
        *,
        rule: str,
        deal: int | None = None,
        trick: int | None = None,
        seat: int | None = None,
        sv: str | None = None,
    ) -> None:
        self.rule = rule
        self.deal = deal
        self.trick = trick
        self.seat = seat
        self.detail = message
        self.detail_sv = sv
        where, where_sv = [], []
        if deal is not None:
            where.append(f"deal {deal}")
            where_sv.append(f"giv {deal}")
        if trick is not None:
            where.append(f"trick {trick}")
            where_sv.append(f"stick {trick}")
        prefix, prefix_sv = ", ".join(where), ", ".join(where_sv)
        super().__init__(f"{prefix}: {message} [{rule}]" if prefix else f"{message} [{rule}]")
        detail_sv = sv or message
        self.sv = f"{prefix_sv}: {detail_sv} [{rule}]" if prefix else f"{detail_sv} [{rule}]"

    def to_dict(self) -> dict[str, Any]:
        return {
            "rule": self.rule,
            "deal": self.deal,
            "trick": self.trick,
            "seat": self.seat,
            "message": self.detail,
            "message_sv": self.detail_sv or self.detail,
        }

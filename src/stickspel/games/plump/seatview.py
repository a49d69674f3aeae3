"""Plump on the web table (:class:`stickspel.views.seatview.SeatView`): the panel's
head (the deal, its size, the dealer), the dealer's forbidden bid and the bids so
far against the tricks.

>>> out = {"head": "", "lines": []}
>>> panel(out, {"phase": "play", "deals": 3, "deal_index": 0, "hand_size": 3,
...             "dealer": 1, "bids": [1, 0, 1]}, ["Anna", "Björn", "Cissi"], "en", 0)
>>> out["head"], out["lines"]
('Deal 1 of 3 · 3 cards · dealer Björn', ['2 bid for 3 tricks — 1 under'])
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from stickspel.i18n import render
from stickspel.views.seatview import seat_name

__all__ = ["CALL_KINDS", "panel"]

#: Every call of Plump is a bid.
CALL_KINDS: Mapping[str, str] = {}


def panel(
    out: dict[str, Any], obs: dict[str, Any], names: list[str], lang: str, seat: int | None
) -> None:
    """The deal, the forbidden bid and the bids so far."""

    def w(key: str, **p: Any) -> str:
        return render(f"plump.view.{key}", p, lang)

    parts = []
    if obs.get("deals"):
        parts.append(w("deal", k=obs["deal_index"] + 1, n=obs["deals"]))
    if obs.get("hand_size") is not None:
        parts.append(w("cards", size=obs["hand_size"]))
    parts.append(w("dealer", name=seat_name(names, obs.get("dealer"))))
    out["head"] = " · ".join(parts)
    forbidden = obs.get("forbidden_bid")
    if obs.get("phase") == "bid" and forbidden is not None:
        key = "forbidden" if seat == obs.get("dealer") else "forbidden_now"
        out["lines"].append(w(key, bid=forbidden))
    bids = [b for b in obs.get("bids") or [] if b is not None]
    if bids and obs.get("hand_size") is not None:
        done = obs.get("phase") == "play"
        out["lines"].append(_bid_sum(sum(bids), int(obs["hand_size"]), lang, done))


def _bid_sum(bids: int, tricks: int, lang: str, done: bool) -> str:
    """The bids so far against the tricks of the deal ("4 bud på 3 stick"), with how far
    over or under once all have bid ("— 1 över")."""
    text = render("web.bid_sum", {"bids": bids, "n": tricks}, lang)
    if not done:
        return text
    if bids > tricks:
        text += " — " + render("web.bid_over", {"n": bids - tricks}, lang)
    elif bids < tricks:
        text += " — " + render("web.bid_under", {"n": tricks - bids}, lang)
    return text

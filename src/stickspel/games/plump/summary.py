"""What a finished Plump deal came to (:meth:`GameState.deal_summary
<stickspel.core.api.GameState.deal_summary>`): each seat's bid, tricks and points, and
whether it made its bid or plumped.

>>> deal = {"auction": [{"seat": 1, "call": "2"}, {"seat": 0, "call": "0"}],
...         "result": {"tricks": [0, 1], "points": [10, 0]}}
>>> [(s["call"], s["made"], s["mark"]["key"]) for s in summarize(deal, 4)["seats"]]
[('0', True, 'plump.summary.made'), ('2', False, 'plump.summary.missed')]
>>> summarize(deal, 4)["seats"][1]["you"]
{'key': 'plump.summary.you_missed', 'params': {'bid': '2', 'tricks': 1, 'points': 0}}
"""

from __future__ import annotations

from typing import Any

__all__ = ["summarize"]


def summarize(deal: dict[str, Any], number: int) -> dict[str, Any]:
    """The summary of the record ``deal``, the game's ``number``-th."""
    result = deal["result"]
    bids = {int(c["seat"]): str(c["call"]) for c in deal.get("auction") or []}
    seats = []
    for s, (tricks, points) in enumerate(zip(result["tricks"], result["points"], strict=True)):
        bid = bids.get(s)
        made = None if bid is None else int(bid) == tricks
        seats.append(
            {
                "seat": s,
                "player": s,
                "call": bid,
                "tricks": tricks,
                "points": points,
                "target": None,
                "made": made,
                "mark": None if made is None else _key("made" if made else "missed"),
                "you": _you(bid, tricks, points, made),
            }
        )
    return {"deal": number, "seats": seats, "lines": []}


def _you(bid: str | None, tricks: int, points: int, made: bool | None) -> dict[str, Any]:
    """The seat's line: "Du bjöd 1 och tog 5 — plump" (with the points where a plump
    scores some)."""
    if made is None:
        return {"key": "summary.you", "params": {"tricks": tricks, "points": points}}
    name = "you_made" if made else "you_missed_points" if points else "you_missed"
    return _key(name, bid=bid, tricks=tricks, points=points)


def _key(name: str, **params: Any) -> dict[str, Any]:
    return {"key": f"plump.summary.{name}", "params": params}

"""What a finished Tremanswhist deal came to (:meth:`GameState.deal_summary
<stickspel.core.api.GameState.deal_summary>`): the kind of deal, each seat's tricks
against its target (4 in the main game; the buying form's 6/5/2 or 2/5/6) and its
points, who took the fourth pile or how many cards each bought.

>>> deal = {"kind": "plus", "trump": None,
...         "result": {"tricks": [3, 7, 3], "points": [-1, 2, -1], "exchanged": [1]}}
>>> done = summarize(deal, 1)
>>> [(s["tricks"], s["target"], s["made"]) for s in done["seats"]]
[(3, 4, False), (7, 4, True), (3, 4, False)]
>>> [line["key"] for line in done["lines"]]
['tremanswhist.summary.plus_no_trump', 'tremanswhist.summary.took_pile']
>>> done["seats"][1]["you"]
{'key': 'tremanswhist.summary.you_took_pile', 'params': {'tricks': 7, 'target': 4, 'points': 2}}
"""

from __future__ import annotations

from typing import Any

from stickspel.core.cards import parse_suit
from stickspel.games.tremanswhist.rules import PAR, deal_points

__all__ = ["summarize"]

SEATS = 3


def summarize(deal: dict[str, Any], number: int) -> dict[str, Any]:
    """The summary of the record ``deal``, the game's ``number``-th."""
    result = deal["result"]
    kind = str(result.get("kind") or deal.get("kind"))
    targets = [int(t) for t in result.get("targets") or [PAR] * SEATS]
    takers = {int(s) for s in result.get("exchanged") or []}
    seats = []
    for s in range(SEATS):
        tricks, points = int(result["tricks"][s]), int(result["points"][s])
        # made: the tricks reached the target (a plus deal) or kept under it (minus)
        made = deal_points(kind, tricks, targets[s]) >= 0
        you = "you_took_pile" if s in takers else "you"
        seats.append(
            {
                "seat": s,
                "player": s,
                "call": None,
                "tricks": tricks,
                "points": points,
                "target": targets[s],
                "made": made,
                "mark": _key("made" if made else "missed"),
                "you": _key(you, tricks=tricks, target=targets[s], points=points),
            }
        )
    return {"deal": number, "seats": seats, "lines": _lines(result, kind, takers)}


def _lines(result: dict[str, Any], kind: str, takers: set[int]) -> list[dict[str, Any]]:
    """The kind of deal (and how it scores), who took the pile or bought how many."""
    trump = result.get("trump")
    if kind == "minus":
        lines = [_key("minus")]
    elif trump:
        lines = [_key("plus_trump", suit=parse_suit(str(trump)))]
    else:
        lines = [_key("plus_no_trump")]
    lines += [_key("took_pile", a=s) for s in sorted(takers)]
    for s, n in enumerate(result.get("bought") or []):
        if n:
            lines.append(_key("bought", a=s, n=int(n)))
    return lines


def _key(name: str, **params: Any) -> dict[str, Any]:
    return {"key": f"tremanswhist.summary.{name}", "params": params}

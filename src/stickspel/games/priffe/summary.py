"""What a finished Priffe deal came to (:meth:`GameState.deal_summary
<stickspel.core.api.GameState.deal_summary>`): the contract, who played it and whether
it was made, each pair's tricks and points below and above the line, a game or rubber
won; per seat its last call, its tricks and its pair's points.

>>> deal = {"seating": [0, 1, 2, 3],
...         "auction": [{"seat": 1, "call": "klöver"}, {"seat": 2, "call": "pass"},
...                     {"seat": 3, "call": "ruter"}, {"seat": 0, "call": "spel"}],
...         "result": {"tricks": [5, 4, 0, 4], "points": [0, 40, 0, 40], "contract": "spel",
...                    "declarers": [0, 2], "made": False, "side_tricks": [5, 8],
...                    "trick_points": [0, 20], "above": [0, 20], "game_won": None,
...                    "rubber_won": None}}
>>> done = summarize(deal, 2)
>>> [line["key"] for line in done["lines"]]
['priffe.summary.contract', 'priffe.summary.side', 'priffe.summary.side']
>>> done["lines"][2]["params"]
{'a': 1, 'b': 3, 'tricks': 8, 'points': 40, 'below': 20, 'above': 20}
>>> [(s["call"], s["made"]) for s in done["seats"]]
[('spel', False), ('klöver', None), ('pass', False), ('ruter', None)]
>>> done["seats"][3]["you"]
{'key': 'priffe.summary.you_defended', 'params': {'p': 1, 'contract': 'spel', 'tricks': 8, 'points': 40}}
"""

from __future__ import annotations

from typing import Any

__all__ = ["summarize"]

SEATS = 4


def summarize(deal: dict[str, Any], number: int) -> dict[str, Any]:
    """The summary of the record ``deal``, the game's ``number``-th."""
    result = deal["result"]
    seating = deal.get("seating") or list(range(SEATS))
    calls = {int(c["seat"]): str(c["call"]) for c in deal.get("auction") or []}  # the last
    declarers = [int(s) for s in result.get("declarers") or []]
    contract = str(result.get("contract"))
    forced = contract == "tvångsnoll" or not declarers
    sides = _side_tricks(result)
    seats = []
    for s in range(SEATS):
        made = None if forced or s not in declarers else bool(result.get("made"))
        seats.append(
            {
                "seat": s,
                "player": int(seating[s]),
                "call": calls.get(s),
                "tricks": int(result["tricks"][s]),
                "points": int(result["points"][s]),
                "target": None,
                "made": made,
                "mark": None if made is None else _key("made" if made else "not_made"),
                "you": _you(s, contract, forced, made, sides[s % 2], int(result["points"][s])),
            }
        )
    return {"deal": number, "seats": seats, "lines": _lines(result, contract, forced, sides)}


def _side_tricks(result: dict[str, Any]) -> list[int]:
    sides = result.get("side_tricks")
    if sides:
        return [int(x) for x in sides]
    tricks = result["tricks"]
    return [int(tricks[0]) + int(tricks[2]), int(tricks[1]) + int(tricks[3])]


def _you(
    seat: int, contract: str, forced: bool, made: bool | None, tricks: int, points: int
) -> dict[str, Any]:
    """The seat's line: "Du och Cissi spelade spel och tog 8 stick — klarat, 40 poäng"
    and the like."""
    partner = (seat + 2) % SEATS
    if forced:
        return _key("you_tvangsnoll", p=partner, tricks=tricks, points=points)
    name = "you_defended" if made is None else "you_made" if made else "you_down"
    return _key(name, p=partner, contract=contract, tricks=tricks, points=points)


def _lines(
    result: dict[str, Any], contract: str, forced: bool, sides: list[int]
) -> list[dict[str, Any]]:
    """The contract and whether it was made; each pair's tricks and points, below and
    above the line; a game and a rubber won."""
    if forced:
        lines = [_key("tvangsnoll")]
    else:
        first = int(result["declarers"][0])
        verdict = "priffe.view.made" if result.get("made") else "priffe.view.not_made"
        lines = [_key("contract", contract=contract, a=first, b=first + 2, verdict=verdict)]
    below = result.get("trick_points") or [0, 0]
    above = result.get("above") or [0, 0]
    for side in (0, 1):
        points = int(below[side]) + int(above[side])
        lines.append(
            _key(
                "side",
                a=side,
                b=side + 2,
                tricks=sides[side],
                points=points,
                below=int(below[side]),
                above=int(above[side]),
            )
        )
    for what in ("game", "rubber"):
        won = result.get(f"{what}_won")
        if won is not None:
            lines.append(_key(what, a=int(won), b=int(won) + 2))
    return lines


def _key(name: str, **params: Any) -> dict[str, Any]:
    return {"key": f"priffe.summary.{name}", "params": params}

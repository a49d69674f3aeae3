"""Priffe on the web table (:class:`stickspel.views.seatview.SeatView`): the panel's
head (the rubber, the deal, the dealer), the contract, the auction by name, the
pairs' scores above and below the line, and the reader's partner; a replay names a
pass by what it does.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from stickspel.i18n import render
from stickspel.views.seatview import seat_name, trump_text

__all__ = ["CALL_KINDS", "panel"]

#: A pass is named as one ("Anna passade"), the other calls as bids.
CALL_KINDS: Mapping[str, str] = {"pass": "pass"}


def panel(
    out: dict[str, Any], obs: dict[str, Any], names: list[str], lang: str, seat: int | None
) -> None:
    """The rubber and deal, the contract, the auction, the pairs' scores, the partner."""

    def w(key: str, **p: Any) -> str:
        return render(f"priffe.view.{key}", p, lang)

    out["head"] = w(
        "head",
        r=obs["rubber"],
        n=obs["rubbers"],
        k=obs["deal_index"] + 1,
        name=seat_name(names, obs["dealer"]),
    )
    out["lines"].append(f"{w('contract')}: {_contract(obs, names, lang)}")
    out["auction"] = [
        {"seat": c["seat"], "name": seat_name(names, c["seat"]), "call": c["call"]}
        for c in obs.get("calls") or []
    ]
    # above the line before below it, as the protokoll has them
    columns = [w("pair"), w("above"), w("below"), w("games"), w("total")]
    rows = []
    for side in (0, 1):
        pair = f"{seat_name(names, side)} & {seat_name(names, side + 2)}"
        rows.append(
            [
                pair,
                obs["above"][side],
                obs["below"][side],
                obs["games"][side],
                obs["rubber_points"][side],
            ]
        )
    out["table"] = {"columns": columns, "rows": rows}
    out["lines"].append(w("game_at", n=obs["game_points"]))
    if seat is not None and obs.get("partner") is not None:
        out["lines"].append(render("web.partner", {"name": seat_name(names, obs["partner"])}, lang))


def _contract(obs: dict[str, Any], names: list[str], lang: str) -> str:
    def w(key: str, **p: Any) -> str:
        return render(f"priffe.view.{key}", p, lang)

    contract = obs.get("contract")
    if contract is None:
        return w("no_contract")
    if contract == "tvångsnoll":
        return w("tvangsnoll")
    pair = " & ".join(seat_name(names, s) for s in obs.get("declarers") or [])
    trump = trump_text(obs, lang)
    suit = w("trump", suit=trump) if trump else w("no_trump")
    return f"{contract}, {w('declares', pair=pair)}, {suit}"

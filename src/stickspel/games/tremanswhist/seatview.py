"""Tremanswhist on the web table (:class:`stickspel.views.seatview.SeatView`): the
panel's head (the deal, the goal or the round, the dealer), the deal's kind, the
exchanges or purchases, the targets and the reader's own cards put away and got;
a replay names the fourth pile taken or declined and a purchase by what they do.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from stickspel.core.cards import card_display, parse_card
from stickspel.i18n import render
from stickspel.views.seatview import seat_name

__all__ = ["CALL_KINDS", "panel"]

#: The exchange's answers and a purchase, named by what they do.
CALL_KINDS: Mapping[str, str] = {"byt": "take_pile", "passa": "keep_hand", "köp": "buy"}


def panel(
    out: dict[str, Any], obs: dict[str, Any], names: list[str], lang: str, seat: int | None
) -> None:
    """The deal, its kind, the exchanges and purchases, the targets, the seat's cards."""

    def w(key: str, **p: Any) -> str:
        return render(f"tremanswhist.view.{key}", p, lang)

    if obs.get("deals"):
        where = w("deal_of", k=obs["deal_index"] + 1, n=obs["deals"], r=obs["round"])
    else:
        where = w("deal", k=obs["deal_index"] + 1) + " · " + w("goal", n=obs["win_score"])
    out["head"] = f"{where} · {w('dealer', name=seat_name(names, obs['dealer']))}"
    lines = out["lines"]
    if obs.get("kind"):
        lines.append(w(obs["kind"]))
    for e in obs.get("exchanges") or []:
        lines.append(w("took_pile" if e["take"] else "declined", name=seat_name(names, e["seat"])))
    for e in obs.get("purchases") or []:
        lines.append(w("bought", name=seat_name(names, e["seat"]), n=e["count"]))
    pending = obs.get("discarding")
    if pending and pending.get("seat") != seat and pending.get("count"):
        lines.append(w("putting", name=seat_name(names, pending["seat"]), n=pending["count"]))
    if obs.get("phase") in ("offer", "buy") and obs.get("pile_size") is not None:
        lines.append(w("pile", n=obs["pile_size"]))
    if obs.get("targets"):
        targets = ", ".join(f"{seat_name(names, s)} {t}" for s, t in enumerate(obs["targets"]))
        lines.append(f"{w('target')}: {targets}")
        minus = obs.get("kind") == "minus"
        lines.append(render("web.target_minus" if minus else "web.target_plus", {}, lang))
    if obs.get("discarded"):
        cards = " ".join(card_display(parse_card(c), lang) for c in obs["discarded"])
        lines.append(w("mine_away", cards=cards))
    if obs.get("received") and obs.get("phase") != "play":
        cards = " ".join(card_display(parse_card(c), lang) for c in obs["received"])
        lines.append(w("mine_got", cards=cards))

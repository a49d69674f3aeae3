"""Högsta stick's protokoll: a row a deal, each player's tricks and running total."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from stickspel.protokoll.model import Cell, Row, Sheet, Table


def build_sheet(record: dict[str, Any], lang: str = "sv", *, full: bool = False) -> Sheet:
    players = list(record["players"])
    running = [0] * len(players)
    rows = []
    for k, deal in enumerate(d for d in record.get("deals", []) if "result" in d):
        points = deal["result"]["points"]
        running = [r + p for r, p in zip(running, points, strict=True)]
        rows.append(
            Row(
                str(k + 1),
                [Cell(str(r), str(p)) for r, p in zip(running, points, strict=True)],
                deal["dealer"],
            )
        )
    table = Table("Högsta stick", players, rows)
    return Sheet("hogsta", "Högsta stick", players, [table], totals=running, lang=lang)


def blank_sheet(
    rules: Any, players: Sequence[str] | None = None, lang: str = "sv", *, first_dealer: int = 0
) -> Sheet:
    names = list(players) if players else [""] * rules.players
    rows = [Row(str(k + 1), [Cell() for _ in names], kind="blank") for k in range(rules.deals)]
    sheet = Sheet("hogsta", "Högsta stick", names, [Table("Högsta stick", names, rows)], lang=lang)
    sheet.meta["blank"] = True
    return sheet

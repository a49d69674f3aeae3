"""Högsta stick's own bot: the highest card it may play (the levels' model)."""

from __future__ import annotations

from stickspel.core.turn import Turn


class HighestBot:
    """Plays its highest legal card by rank (a plain, deterministic heuristic)."""

    name = "heuristic"
    needs_worlds = False

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed

    def act(self, turn: Turn) -> int:
        return max(turn.legal_actions, key=lambda card: (card % 13, card))


BOTS: dict[str, type] = {"heuristic": HighestBot}

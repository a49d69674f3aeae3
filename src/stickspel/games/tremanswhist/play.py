"""Tremanswhist's card play as the search sees it: each seat for itself, so the
solver is paranoid, the mover against the other two together.  A value is the
mover's deal points from the tricks (plus: tricks − target; minus: target −
tricks; 4 in the main game, the seat's target in the buying form; an
exchange's −1 is already paid and left out).

>>> import random
>>> from stickspel import load_game
>>> state = load_game("tremanswhist").new_initial_state()
>>> _ = state.apply_chance(random.Random(6))
>>> MODEL.position(state)
Traceback (most recent call last):
...
stickspel.search.position.SearchError: a Tremanswhist position needs the deal's card play
"""

from __future__ import annotations

from typing import Any

from stickspel.games.tremanswhist.rules import PAR, PLAY
from stickspel.search.position import PlayModel, Position, SearchError, ToValue

__all__ = ["MODEL", "TremanswhistPlay"]


class TremanswhistPlay(PlayModel):
    """Tremanswhist: each seat's points against its target, paranoid."""

    name = "tremanswhist"

    def position(
        self, world: Any, *, contract: int | None = None, bidder: int | None = None
    ) -> Position:
        """In the play."""
        if world.phase != PLAY:
            raise SearchError("search.tremanswhist_phase")
        pos = Position.from_play(world, must_trump=True)
        pos.model, pos.rules, pos.kind = self, world.rules, world.kind
        targets = world.current_targets()
        pos.targets = tuple(targets) if targets is not None else (PAR,) * 3
        return pos

    def sheds(self, pos: Position) -> bool:
        """A minus deal: each seat plays to take few tricks."""
        return pos.kind == "minus"

    def teams(self, pos: Position, seat: int) -> tuple[int, int, ToValue]:
        """The seat against the other two: its tricks counted (minus: theirs, the
        seat holding itself to as few as it can)."""
        me = 1 << seat
        target = pos.targets[seat] if pos.targets else PAR
        if self.sheds(pos):
            total = sum(pos.tricks) + pos.tricks_left
            others_taken = sum(pos.tricks) - pos.tricks[seat]
            everyone = (1 << pos.n) - 1
            return me, everyone ^ me, lambda v: float(target - (total - others_taken - v))
        return me, me, lambda v: float(pos.tricks[seat] + v - target)


MODEL = TremanswhistPlay()

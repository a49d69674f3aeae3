"""What a deal's tricks are worth to each seat, for the search bots.

An :class:`Objective` turns the tricks every seat ends a deal with into each
seat's value of it, game by game: Plump's deal score under the bids, the
difference of the two sides' points in Priffe, a seat's points against its
target in Tremanswhist.  A game's search adapter makes its deal's objective
(:meth:`stickspel.bots.search_adapter.SearchAdapter.objective`,
:func:`~stickspel.bots.search_adapter.objective_of`).  The card play itself
(hands, tricks, play-outs, double-dummy search) is :mod:`stickspel.search`'s; an
objective also reads that search's own values in the game's terms
(:meth:`Objective.of_search`).

>>> obj = SeatObjective(-1, [4, 4, 5])   # each seat sheds tricks against its target
>>> obj.values([3, 5, 5])
(1.0, -1.0, 0.0)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

__all__ = ["Objective", "SideObjective", "SeatObjective"]


class Objective:
    """What the final tricks are worth to each seat; subclasses per game."""

    def values(self, won: Sequence[int]) -> tuple[float, ...]:
        """Each seat's value of a deal that ends with ``won`` tricks per seat."""
        raise NotImplementedError

    def of_search(self, pos: Any, seat: int, value: float) -> float:
        """``seat``'s value for a value of :func:`stickspel.search.card_values` in
        ``pos`` (seat to move): the search's own values are the objective's where
        not said otherwise (Plump's deal score)."""
        return value


class SideObjective(Objective):
    """Two sides of partners opposite (Priffe): a seat's value is its side's points
    less the other side's, from ``points(side_tricks) -> (side 0, side 1)``."""

    def __init__(self, points: Any, shed: bool) -> None:
        self.points = points
        self.shed = shed  # noll and tvångsnoll: both sides give tricks away

    def values(self, won: Sequence[int]) -> tuple[float, ...]:
        p0, p1 = self.points((won[0] + won[2], won[1] + won[3]))
        d = float(p0 - p1)
        return (d, -d, d, -d)

    def of_search(self, pos: Any, seat: int, value: float) -> float:
        """The search counts the mover's side's tricks (noll and tvångsnoll: the
        tricks it gives away) at the deal's end."""
        total = sum(pos.tricks) + pos.tricks_left
        mine = total - value if self.shed else value
        sides = (mine, total - mine) if seat % 2 == 0 else (total - mine, mine)
        return self.values([int(sides[0]), int(sides[1]), 0, 0])[seat]


class SeatObjective(Objective):
    """Each seat for itself, taking tricks (``sign`` +1) or shedding them (−1)
    against a target (Tremanswhist)."""

    def __init__(self, sign: int, targets: Sequence[int], costs: Sequence[int] = ()) -> None:
        self.sign = sign
        self.targets = list(targets)
        self.costs = list(costs) or [0] * len(self.targets)

    def values(self, won: Sequence[int]) -> tuple[float, ...]:
        return tuple(
            float(self.sign * (t - g) - c)
            for t, g, c in zip(won, self.targets, self.costs, strict=True)
        )

    def of_search(self, pos: Any, seat: int, value: float) -> float:
        """The search counts the points of the tricks, not what the fourth pile cost."""
        return value - self.costs[seat]

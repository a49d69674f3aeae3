"""What a deal's tricks are worth to each seat, for the search bots.

An :class:`Objective` turns the tricks every seat ends a deal with into each
seat's value of it, game by game: Plump's deal score under the bids, the
difference of the two sides' points in Priffe, a seat's points against its
target in Tremanswhist.  The card play itself (hands, tricks, play-outs,
double-dummy search) is :mod:`stickspel.search`'s; an objective also reads that
search's own values in the game's terms (:meth:`Objective.of_search`).

>>> obj = PlumpObjective(None, [2, 0, 0, 0])
>>> obj.values([2, 0, 0, 0])   # every bid made: 10 + the bid
(12.0, 10.0, 10.0, 10.0)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

__all__ = ["Objective", "PlumpObjective", "SideObjective", "SeatObjective", "objective_of"]


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


class PlumpObjective(Objective):
    """Each seat wants exactly its bid: Plump's deal score (standard scoring when
    ``rules`` is ``None``)."""

    def __init__(self, rules: Any, bids: Sequence[int]) -> None:
        from stickspel.games.plump.rules import score_deal

        self.rules = rules
        self.bids = list(bids)
        self._score = score_deal

    def values(self, won: Sequence[int]) -> tuple[float, ...]:
        if self.rules is None:
            return tuple(
                float(10 + b) if b == t else 0.0 for b, t in zip(self.bids, won, strict=True)
            )
        return tuple(
            float(self._score(self.rules, b, t)) for b, t in zip(self.bids, won, strict=True)
        )


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


def objective_of(world: Any, bids: Sequence[int] | None = None) -> Objective:
    """The goal of the deal in ``world`` (a Plump, Priffe or Tremanswhist state)."""
    game = type(world).__module__.split(".")[2]
    if game == "plump":
        b = bids if bids is not None else [x or 0 for x in world.bids]
        return PlumpObjective(world.rules, b)
    if game == "priffe":
        from stickspel.core.cards import mask_of
        from stickspel.games.priffe.rules import NOLL, TVANGSNOLL, honours_of, score_deal

        contract, declarers, rules = world.contract, world.declarers, world.rules
        honours = honours_of(contract, [mask_of(h) for h in world.dealt]) if world.dealt else None

        def points(sides: tuple[int, int]) -> tuple[int, int]:
            s = score_deal(rules, contract, declarers, sides, honours)
            return s.side_points[0], s.side_points[1]

        return SideObjective(points, shed=contract in (NOLL, TVANGSNOLL))
    if game == "tremanswhist":
        from stickspel.games.tremanswhist.rules import PAR

        targets = world.current_targets() or [PAR] * world.num_players
        # taking the fourth pile costs a point (main game)
        costs = [0] * world.num_players
        if not world.rules.buying:
            for s, took in world.offers:
                costs[s] += 1 if took else 0
        return SeatObjective(1 if world.kind == "plus" else -1, targets, costs)
    raise ValueError(f"no objective for {game}")

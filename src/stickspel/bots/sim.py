"""Card play of one deal on plain integers, for the search bots.

:class:`TrickSim` holds a deal in play with every hand known (a sampled world):
bitmask hands, the trick in progress, tricks won.  It plays and undoes cards,
plays a deal out with a quick greedy policy (:meth:`TrickSim.rollout`) and
solves small endings exactly (:meth:`TrickSim.solve`, max^n over each seat's
own value).  Each game's goal is an :class:`Objective`: what a final count of
tricks is worth to every seat, and whether a seat wants tricks now.

The trick rules are the engine's (follow suit, Tremanswhist's duty to trump,
the highest trump or the highest card of the suit led wins); a test plays the
same cards through both.

>>> from stickspel.core.cards import mask_of, parse_cards
>>> hands = [mask_of(parse_cards(h)) for h in ("AS AH", "KS 3H", "QS 4H", "JS 5H")]
>>> sim = TrickSim(hands, trump=None, leader=0, objective=PlumpObjective(None, [2, 0, 0, 0]))
>>> sim.solve()   # seat 0 takes both tricks: 10 + 2 for it, 10 for the others' zeros
(12.0, 10.0, 10.0, 10.0)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from stickspel.core.cards import BIT, SUIT_MASKS, SUIT_OF, cards_of

__all__ = [
    "TrickSim",
    "Objective",
    "PlumpObjective",
    "SideObjective",
    "SeatObjective",
    "objective_of",
    "sim_of",
    "cards_in",
]


#: The cards of a mask, ascending (the one in :mod:`stickspel.core.cards`).
cards_in = cards_of


def _top(mask: int) -> int:
    return mask.bit_length() - 1


class Objective:
    """What the final tricks are worth to each seat; subclasses per game."""

    partners: tuple[int, ...] | None = None  # seat → its partner, where sides play

    def values(self, won: Sequence[int]) -> tuple[float, ...]:
        raise NotImplementedError

    def wants(self, seat: int, won: Sequence[int], left: int) -> bool:
        """Whether ``seat`` wants to take the trick in progress (``left`` tricks remain)."""
        raise NotImplementedError


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

    def wants(self, seat: int, won: Sequence[int], left: int) -> bool:
        return won[seat] < self.bids[seat]


class SideObjective(Objective):
    """Two sides of partners opposite (Priffe): a seat's value is its side's points
    less the other side's, from ``points(side_tricks) -> (side 0, side 1)``."""

    partners = (2, 3, 0, 1)

    def __init__(self, points: Any, shed: bool) -> None:
        self.points = points
        self.shed = shed  # noll and tvångsnoll: both sides give tricks away

    def values(self, won: Sequence[int]) -> tuple[float, ...]:
        p0, p1 = self.points((won[0] + won[2], won[1] + won[3]))
        d = float(p0 - p1)
        return (d, -d, d, -d)

    def wants(self, seat: int, won: Sequence[int], left: int) -> bool:
        return not self.shed


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

    def wants(self, seat: int, won: Sequence[int], left: int) -> bool:
        return self.sign > 0


class TrickSim:
    """A deal in play with all hands known; see the module's text."""

    __slots__ = (
        "n",
        "hands",
        "trump",
        "must_trump",
        "trick",
        "leader",
        "best_card",
        "best_seat",
        "current",
        "won",
        "objective",
        "partners",
    )

    def __init__(
        self,
        hands: Sequence[int],
        trump: int | None,
        leader: int,
        objective: Objective,
        *,
        must_trump: bool = False,
        won: Sequence[int] | None = None,
    ) -> None:
        self.n = len(hands)
        self.hands = list(hands)
        self.trump = trump
        self.must_trump = must_trump
        self.trick: list[int] = []
        self.leader = leader
        self.best_card = 0
        self.best_seat = leader
        self.current = leader
        self.won = list(won) if won is not None else [0] * self.n
        self.objective = objective
        self.partners = objective.partners

    def copy(self) -> TrickSim:
        other = TrickSim.__new__(TrickSim)
        other.n = self.n
        other.hands = list(self.hands)
        other.trump = self.trump
        other.must_trump = self.must_trump
        other.trick = list(self.trick)
        other.leader = self.leader
        other.best_card = self.best_card
        other.best_seat = self.best_seat
        other.current = self.current
        other.won = list(self.won)
        other.objective = self.objective
        other.partners = self.partners
        return other

    # --- rules ----------------------------------------------------------------------
    def cards_left(self) -> int:
        return sum(h.bit_count() for h in self.hands)

    def legal_mask(self) -> int:
        hand = self.hands[self.current]
        if self.trick:
            m = hand & SUIT_MASKS[SUIT_OF[self.trick[0]]]
            if m:
                return m
            t = self.trump
            if self.must_trump and t is not None and hand & SUIT_MASKS[t]:
                return hand & SUIT_MASKS[t]
        return hand

    def legal(self) -> list[int]:
        return cards_in(self.legal_mask())

    def play(self, card: int) -> tuple[Any, ...]:
        """Play ``card`` for the seat to play; the entry :meth:`undo` takes back."""
        p = self.current
        entry = (p, card, self.leader, self.best_card, self.best_seat, False)
        trick = self.trick
        if trick:
            best = self.best_card
            s = SUIT_OF[card]
            if (s == SUIT_OF[best] and card > best) or (s == self.trump and SUIT_OF[best] != s):
                self.best_card = card
                self.best_seat = p
        else:
            self.leader = p
            self.best_card = card
            self.best_seat = p
        self.hands[p] ^= BIT[card]
        trick.append(card)
        if len(trick) == self.n:
            w = self.best_seat
            self.won[w] += 1
            self.trick = []
            self.current = self.leader = w
            return (p, card, entry[2], entry[3], entry[4], True)
        self.current = (p + 1) % self.n
        return entry

    def undo(self, entry: tuple[Any, ...], last_trick: list[int] | None = None) -> None:
        p, card, leader, best_card, best_seat, completed = entry
        if completed:
            self.won[self.best_seat] -= 1
            self.trick = list(last_trick) if last_trick is not None else []
        else:
            self.trick.pop()
        self.hands[p] |= BIT[card]
        self.leader, self.best_card, self.best_seat = leader, best_card, best_seat
        self.current = p

    # --- judging a card ---------------------------------------------------------------
    def _can_beat(self, seat: int, card: int, led: int) -> bool:
        """Whether ``seat``, to play to a trick led in ``led``, holds a card beating ``card``."""
        hand = self.hands[seat]
        t = self.trump
        follow = hand & SUIT_MASKS[led]
        if follow:
            if SUIT_OF[card] != led:
                return False  # ``card`` is a trump over a side-suit lead
            return _top(follow) > card
        if t is None:
            return False
        trumps = hand & SUIT_MASKS[t]
        if not trumps:
            return False
        return SUIT_OF[card] != t or _top(trumps) > card

    def _sure(self, card: int, led: int, played: int) -> bool:
        """No seat still to play to this trick (``played`` cards down) can beat ``card``."""
        p = self.current
        for k in range(1, self.n - played):
            if self._can_beat((p + k) % self.n, card, led):
                return False
        return True

    def _beats(self, card: int, best: int) -> bool:
        s, b = SUIT_OF[card], SUIT_OF[best]
        return (s == b and card > best) or (s == self.trump and b != s)

    # --- the quick policy ---------------------------------------------------------------
    def choose(self, rng: random.Random, noise: float) -> int:
        """A greedy card for the seat to play: take tricks cheaply while it wants them,
        duck under the best card while it does not, never overtake a winning partner."""
        legal = cards_in(self.legal_mask())
        if len(legal) == 1:
            return legal[0]
        if noise and rng.random() < noise:
            return legal[rng.randrange(len(legal))]
        p = self.current
        trump = self.trump
        left = self.hands[p].bit_count()
        want = self.objective.wants(p, self.won, left)

        def cheap(c: int) -> tuple[bool, int]:
            return (SUIT_OF[c] == trump, c % 13)

        trick = self.trick
        if not trick:
            sure = [c for c in legal if self._sure(c, SUIT_OF[c], 0)]
            if want:
                return min(sure, key=cheap) if sure else min(legal, key=cheap)
            unsure = [c for c in legal if c not in sure]
            return max(unsure, key=cheap) if unsure else min(legal, key=cheap)
        led = SUIT_OF[trick[0]]
        best = self.best_card
        winners = [c for c in legal if self._beats(c, best)]
        partner_wins = self.partners is not None and self.best_seat == self.partners[p]
        if want:
            if partner_wins and self._sure(best, led, len(trick)):
                return min(legal, key=cheap)
            sure = [c for c in winners if self._sure(c, led, len(trick))]
            if sure:
                return min(sure, key=cheap)
            if winners and not partner_wins:
                return max(winners, key=cheap)
            return min(legal, key=cheap)
        losers = [c for c in legal if c not in winners]
        if losers:
            return max(losers, key=cheap)
        if self._sure(min(winners, key=cheap), led, len(trick)):
            return max(winners, key=cheap)  # the trick is ours anyway: spend the biggest
        return min(winners, key=cheap)

    def rollout(self, rng: random.Random, noise: float = 0.1) -> tuple[int, ...]:
        """Tricks per seat once this deal is played out by :meth:`choose` (on a copy)."""
        sim = self.copy()
        while sim.hands[sim.current]:
            sim.play(sim.choose(rng, noise))
        return tuple(sim.won)

    # --- exact endings ------------------------------------------------------------------
    def solve(self) -> tuple[float, ...]:
        """Each seat's value when every seat plays best for itself from here (max^n);
        for small endings."""
        p = self.current
        if not self.hands[p]:
            return self.objective.values(self.won)
        best: tuple[float, ...] | None = None
        trick = list(self.trick)
        for card in cards_in(self.legal_mask()):
            entry = self.play(card)
            v = self.solve()
            self.undo(entry, trick)
            if best is None or v[p] > best[p]:
                best = v
        assert best is not None
        return best


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


def sim_of(world: Any, objective: Objective | None = None) -> TrickSim:
    """The deal of ``world`` (in card play, every hand known) as a :class:`TrickSim`."""
    sim = TrickSim(
        world.hands,
        world.trump,
        world.current,
        objective if objective is not None else objective_of(world),
        must_trump=type(world).MUST_TRUMP,
        won=world.tricks_won,
    )
    if world.trick:
        sim.trick = list(world.trick)
        sim.leader = world.leader
        sim.best_card = world.best_card
        sim.best_seat = world.best_seat
    return sim

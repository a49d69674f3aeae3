"""What the search bots need to know of a game, behind one face.

:mod:`stickspel.bots.expert` drives the search (the budget, the tree, PIMC's
averaging) and knows no game; each game's adapter
(its spec's ``search``) says how its worlds are
drawn for IS-MCTS and weighted, what its deal's tricks are worth to each seat,
how its calls are judged and what its settings are.
:class:`SearchAdapter` is the adapter of a game without bids to search: its
worlds are ``Turn.sample_world``'s, each weighted by what the calls say
(:meth:`SearchAdapter.world_weight`: the heuristic as the callers' model,
:func:`stickspel.bots.inference.policy_weight`), and a call is judged in a
world by :func:`world_call_values`: the auction finished with the heuristic bot
as every seat's model, the deal played out (:mod:`stickspel.bots.call_search`
weighs the worlds).  Plump's (:mod:`stickspel.games.plump.search`) adds its
bids.  :func:`world_weight` and :func:`objective_of` ask a world's game's adapter.

An adapter reads only what the turn hands it: the information set's frame (a
world the seat cannot tell from the real one) and the worlds it deals, and
of the searcher only its settings (:class:`~stickspel.bots.config.ExpertConfig`).

>>> adapter_for("priffe").few_cards, adapter_for("plump").bids
('auto', True)
"""

from __future__ import annotations

import functools
import random
import time
from collections.abc import Sequence
from typing import Any

from stickspel.bots.config import ExpertConfig
from stickspel.bots.inference import policy_weight
from stickspel.bots.objectives import Objective
from stickspel.core.turn import Turn
from stickspel.games import game_spec
from stickspel.games.spec import part_of

__all__ = [
    "SearchAdapter",
    "adapter_for",
    "objective_of",
    "world_weight",
    "world_call_values",
    "POLICY",
    "NOISE",
]

#: The play-out policy that judges a call, and its chance of a random card at each card.
POLICY = "careful"
NOISE = 0.1


class SearchAdapter:
    """A game's search settings and its worlds, its calls judged by simulation."""

    #: Whether the expert judges the calls by simulation unless told otherwise.
    calls_searched = False
    #: Whether the calls are bids the IS-MCTS tree can hold at its root (Plump).
    bids = False
    #: PIMC's card evaluator where numba runs: ``"dd"`` (the budgeted double-dummy
    #: solver) or ``"rollout"`` (goal-aware play-outs; deals too deep for the budget).
    pimc_cards = "rollout"
    #: The intermediate level's card search: ``"pimc"`` or ``"auto"`` (a small tree).
    few_cards = "pimc"
    #: The rules options of the small game the warm-up plays (``bots.warm``; ``""``:
    #: the default rules), a deal short enough to reach the card play soon.
    warm_rules = ""

    def __init__(self, game: str) -> None:
        self.game = game

    def ismcts_worlds(
        self, config: ExpertConfig, turn: Turn, rng: random.Random, cap: int, share: float | None
    ) -> tuple[Any, list[float], list[list[int]]]:
        """IS-MCTS's worlds: ``sample_world``'s deals as search positions, each
        weighted by what the calls say, until ``cap`` or the ``share`` of the budget
        is spent (one at least); no bid rows."""
        from stickspel.search import Position

        worlds: list[Any] = []
        weights: list[float] = []
        while True:
            world = turn.sample_world(rng)
            weight = self.world_weight(world, turn.seat) if config.infer else 1.0
            worlds.append(Position.from_state(world))
            weights.append(max(weight, 1e-12))  # a floor, as Plump's: none is ruled out
            if len(worlds) >= cap or (share is not None and time.perf_counter() > share):
                return worlds, weights, []

    def world_weight(self, world: Any, seat: int) -> float:
        """How likely the others' calls in the deal of ``world`` were, given its
        hands: each checked against the heuristic bot's (:func:`policy_weight`)."""
        return policy_weight(world, seat)

    def objective(self, world: Any, bids: Sequence[int] | None = None) -> Objective:
        """What the tricks of the deal in ``world`` are worth to each seat
        (``bids``: the bids played for, where the game has them)."""
        raise ValueError(f"no objective for {self.game}")

    def start_bid_tree(
        self,
        tree: Any,
        turn: Turn,
        worlds: Any,
        weights: list[float],
        bids: list[list[int]],
        rng: random.Random,
    ) -> None:
        """The tree of a bid at the root (games whose calls are bids)."""
        raise NotImplementedError(f"{self.game} has no bids to search")

    def bid_action(self, bid: int) -> int:
        """The action of the tree's root bid ``bid``."""
        raise NotImplementedError(f"{self.game} has no bids to search")

    def root_bids(self, legal: Sequence[int]) -> dict[int, int]:
        """The legal bid actions by their bid (the tree's root's choices)."""
        raise NotImplementedError(f"{self.game} has no bids to search")

    def wants_tricks(self, world: Any, seat: int) -> bool:
        """Whether ``seat`` still wants tricks (always, unless the game says)."""
        return True

    def call_candidates(self, turn: Turn, default: int) -> list[int]:
        """The calls the search judges (:mod:`stickspel.bots.call_search`): the
        heuristic's ``default`` first, then every other legal one unless the game
        says fewer."""
        return [default, *(a for a in turn.legal_actions if a != default)]

    def model_turn(self, world: Any) -> Turn:
        """The turn the heuristic bot is handed for a seat's call in a simulated
        world (:mod:`stickspel.bots.call_search`): the full one, unless the game
        makes a cheaper one that the heuristic reads alike."""
        return Turn.of(world, worlds=False)

    def call_values(
        self,
        config: ExpertConfig,
        world: Any,
        seat: int,
        legal: Sequence[int],
        rng: random.Random,
    ) -> dict[int, float]:
        """Each call's value to ``seat`` in ``world``: what remains before the cards
        decided by the heuristic bot, the deal played out (:func:`world_call_values`)."""
        return world_call_values(config, self, world, seat, legal, rng)


def world_call_values(
    config: ExpertConfig,
    adapter: SearchAdapter,
    world: Any,
    seat: int,
    candidates: Sequence[int],
    rng: random.Random,
) -> dict[int, float]:
    """Each candidate's value to ``seat`` in ``world``: the rest before the cards
    decided by the heuristic bot (the turns as ``adapter`` makes them), the deal
    played out by the careful policy (``config.rollouts`` play-outs, the same
    random stream for every candidate)."""
    from stickspel.bots.registry import heuristic_bot

    model_seed = rng.randrange(1 << 30)
    playout_seed = rng.randrange(1 << 30)
    play = type(world).PLAY_PHASE
    out: dict[int, float] = {}
    for action in candidates:
        model = heuristic_bot(world.GAME, seed=model_seed)
        w = world.clone()
        w.apply_action(action)
        while w.phase != play and not w.deal_over():
            w.apply_action(model.act(adapter.model_turn(w)))
        out[action] = _played_value(config.rollouts, adapter, w, seat, playout_seed)
    return out


def _played_value(rollouts: int, adapter: SearchAdapter, w: Any, seat: int, seed: int) -> float:
    """The seat's mean value of the deal in ``w`` played out from here."""
    from stickspel.search import Position, playout_tricks

    if w.deal_over():  # ended without play (a variant's passed-out deal)
        return float(w.deal_results[-1]["points"][seat]) if w.deal_results else 0.0
    pos = Position.from_state(w)
    objective = adapter.objective(w)
    runs = playout_tricks(pos, rollouts, seed, policy=POLICY, noise=NOISE)
    total = 0.0
    for tricks in (runs + pos.tricks).tolist():
        total += objective.values(tricks)[seat]
    return total / len(runs)


@functools.cache
def adapter_for(game: str) -> SearchAdapter:
    """The search adapter of ``game`` (its spec's ``search``; the plain one where a
    game has none)."""
    spec = game_spec(game)
    return part_of(spec, spec.search, SearchAdapter) or SearchAdapter(game)


def world_weight(world: Any, seat: int) -> float:
    """How likely the others' calls in the deal of ``world`` were, given its hands
    (its game's adapter's :meth:`~SearchAdapter.world_weight`)."""
    return adapter_for(world.GAME).world_weight(world, seat)


def objective_of(world: Any, bids: Sequence[int] | None = None) -> Objective:
    """The goal of the deal in ``world`` (its game's adapter's
    :meth:`~SearchAdapter.objective`)."""
    return adapter_for(world.GAME).objective(world, bids)

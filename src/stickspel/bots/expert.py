"""Search bots: the levels ``beginner``, ``intermediate`` and ``expert`` of every game.

* ``beginner`` — the heuristic bot's calls, and a card at random now and then
  (:data:`BEGINNER_SLIPS` of its cards): it follows the rules, not always the plan.
* ``intermediate`` — the heuristic bot's calls; cards over few worlds, without
  reading the others' bids: by perfect-information Monte Carlo (PIMC) in Plump
  and Tremanswhist, by a small IS-MCTS tree in Priffe (PIMC there is weaker
  than the heuristic).
* ``expert`` — where numba compiles the search, IS-MCTS for cards in every
  game and for Plump's bids (:mod:`stickspel.search.ismcts`): worlds drawn and
  weighted by what the others' bids and calls say (:mod:`stickspel.bots.inference`)
  for half the budget, then one tree over them for the other half, its
  play-outs goal-aware; the most simulated card or bid is played.  Without
  numba PIMC for cards and calls over the same weighted worlds (``cards="pimc"``,
  ``bids="aware"`` choose it with numba too).

PIMC: the cards the seat has not seen are dealt at random (``turn.sample_world``),
many times; in each such world every candidate is judged with all hands open
by :mod:`stickspel.search` — by its budgeted double-dummy search where numba
compiles it (the search's leaves played out by the goal-aware policy, which
reads only the cards on the table), else, and in Priffe and Tremanswhist, by
goal-aware play-outs with a little noise, solved exactly in endings of three cards a hand
— and the candidate with the best weighted mean for the seat is chosen
(between candidates of one worth, the card the seat's goal wants spent: a high
one once it wants no more tricks).  A call is judged the same way: Plump's
bid by the deal score each bid would bring under the distribution of the
seat's tricks when each world is played out with every seat playing for its
bid (the bids still to come guessed from the hands; a bid of nothing allowed
a chance, :data:`NIL_LIFT`, of one trick the play-out did not foresee); the
spärr simply removes the dealer's forbidden bid from the candidates.  Priffe's calls and
Tremanswhist's exchange and purchases can be judged by finishing the auction
with the heuristic bot as the model of every seat, then playing the deal out
(``search_calls=True``); by default the expert makes them as the heuristic
does, which measured stronger at 25 ms (docs/bots.md).  What a deal's tricks
are worth to each seat is :mod:`stickspel.bots.objectives`'s.

Each decision thinks for at most ``think_ms`` milliseconds (it stops drawing
worlds when one more, at the pace so far, would overrun the budget; one world
at least) and never more than
``samples`` worlds when that is given.  A level with fixed work, whose every
choice depends only on the seed and what the seat sees (no clock):
``ExpertBot(seed=…, samples=…)`` or ``IntermediateBot(seed=…, samples=…)``
(``think_ms`` left ``None``; IS-MCTS then runs :data:`ISMCTS_SIMS_PER_WORLD`
simulations a world).  The random stream of each decision is drawn from the
seed and the observation, never from the hidden cards, and every world comes
from the turn's information set (:class:`stickspel.bots.InformationSet`).

This module knows no game: what a search needs of one (its worlds for IS-MCTS,
its bids, how its calls are judged) is the game's search adapter's
(:mod:`stickspel.bots.search_adapter`, ``stickspel.bots.<game>_search``).  The
settings a player or a researcher sets are an :class:`ExpertConfig`.

>>> from stickspel.games.plump import PlumpRules, PlumpState
>>> from stickspel.bots import Turn
>>> import random
>>> state = PlumpState(PlumpRules(players=4, max_cards=5, deal_order="single"))
>>> _ = state.apply_chance(random.Random(5))
>>> bot = ExpertBot(seed=1, think_ms=None, samples=8)
>>> bot.act(Turn.of(state)) in state.legal_actions()
True
>>> ExpertBot(seed=1, config=ExpertConfig(cards="pimc", ucb_c=1.0)).config.ucb_c
1.0
"""

from __future__ import annotations

import hashlib
import random
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, fields, replace
from typing import Any

from stickspel.bots import Turn
from stickspel.bots.inference import world_weight
from stickspel.bots.objectives import Objective, objective_of
from stickspel.bots.search_adapter import SearchAdapter, adapter_for

__all__ = [
    "ExpertConfig",
    "ExpertBot",
    "IntermediateBot",
    "BeginnerBot",
    "level_bots",
    "DEFAULT_THINK_MS",
    "BEGINNER_SLIPS",
]

#: Thinking time per decision, by level (milliseconds).
DEFAULT_THINK_MS = {"beginner": 0, "intermediate": 50, "expert": 200}
#: Worlds an intermediate bot draws at most a decision: few, so that the level
#: stays a level whatever the time given (docs/bots.md).
INTERMEDIATE_WORLDS = 8
#: ... and in Priffe, where it searches a small IS-MCTS tree over them (PIMC over
#: play-outs measured weaker than the heuristic there, docs/bots.md), the
#: simulations it runs at most.
INTERMEDIATE_SIMS = 1600
#: The share of a beginner's cards played at random.
BEGINNER_SLIPS = 0.3
#: Endings of at most this many cards a hand are solved exactly.
EXACT_CARDS_PER_HAND = 3
#: Nodes the double-dummy solver may visit per world (past them, play-outs judge).
DD_NODES = 1500
#: The chance of a random card at each card of the card evaluator's play-outs.
ROLLOUT_NOISE = 0.1
#: The search's leaf policy (``stickspel.search.LEAF_POLICIES``), the play-outs that
#: value a leaf past its budget and the chance of a random card at each of their cards.
LEAF = "aware"
LEAF_RUNS = 1
LEAF_NOISE = 0.0
#: Values this close to the best count as equal (points): the goal breaks the tie.
TIE = 0.05
#: The chance that the seat ends a trick above what a goal-aware play-out gives it
#: (``bid_lift``), and the same for a bid of nothing (``nil_lift``): the policy
#: ducks cleanly and the others take what they want, but at the table a trick
#: the play-out did not foresee falls to a seat that wants none often enough to
#: make nothing a worse bid than it looks.  Fitted against IS-MCTS (docs/bots.md,
#: benchmarks/bench_bid_lift.py): the nil lift gained, a lift of every bid did not.
BID_LIFT = 0.0
NIL_LIFT = 0.3
#: IS-MCTS (``cards="ismcts"``): worlds drawn at most, the share of the budget spent
#: drawing them, simulations a world when no clock bounds the search, the first
#: batch of simulations between looks at the clock and the fewest run whatever the
#: clock says, UCB1's constant and the chance of a random card in its play-outs.
ISMCTS_WORLDS = 2000
ISMCTS_WORLD_SHARE = 0.5
#: IS-MCTS: the draws of worlds a simulation picks among (weighted resampling).
ISMCTS_ORDER = 1024
ISMCTS_SIMS_PER_WORLD = 200
ISMCTS_CHUNK = 256
#: The first batch of worlds drawn in compiled code (each next one twice as big).
ISMCTS_BATCH = 64
ISMCTS_MIN_SIMS = 64
#: Milliseconds of the budget the search leaves for what comes before and after it
#: in a decision (about 0.25 ms measured at 50 ms a move).
ISMCTS_SLACK_MS = 0.5
ISMCTS_C = 0.7
ISMCTS_NOISE = 0.1
#: Cards this close in IS-MCTS's mean (points) count as equal: the play-outs'
#: noise parts cards of one worth by more than :data:`TIE`.
ISMCTS_TIE = 0.1
#: Worlds drawn at most per decision when only the clock bounds it.
MAX_WORLDS = 2000

CARD_EVALUATORS = ("auto", "ismcts", "pimc", "dd", "rollout", "few")
BID_MODELS = ("auto", "ismcts", "aware", "greedy")


@dataclass(frozen=True)
class ExpertConfig:
    """The settings of the search levels a player or a researcher sets; the
    defaults are the expert's (docs/bots.md measures each other value).

    >>> ExpertConfig(cards="guess")
    Traceback (most recent call last):
    ...
    ValueError: ExpertConfig.cards='guess': one of auto, ismcts, pimc, dd, rollout, few
    """

    #: How cards are judged: ``auto`` (IS-MCTS where numba runs, else PIMC),
    #: ``ismcts``, ``pimc`` (the game's PIMC evaluator), ``dd``, ``rollout``, or
    #: ``few`` (the intermediate level's: the game's small search).
    cards: str = "auto"
    #: Plump's bids: ``auto`` (IS-MCTS where numba runs, else ``aware``),
    #: ``ismcts``, ``aware`` (goal-aware play-outs), ``greedy`` (fast play-outs).
    bids: str = "auto"
    #: Calls judged by simulation (``None``: as the game's adapter says).
    search_calls: bool | None = None
    #: Worlds weighted by what the others' bids and calls say.
    infer: bool = True
    #: Worlds drawn at most a decision (``None``: the clock; IS-MCTS: ``ismcts_worlds``).
    samples: int | None = None
    #: Goal-aware play-outs a candidate in a world (PIMC over play-outs).
    rollouts: int = 2
    #: Every bid judged by simulation, not only the nearest few (analysis).
    every_bid: bool = False
    #: IS-MCTS: UCB1's constant (scores scaled to 0 … 1), the chance of a random
    #: card at each card of a play-out, worlds drawn at most, simulations at most
    #: (``None``: the clock alone) and the share of the budget the worlds may take.
    ucb_c: float = ISMCTS_C
    ismcts_noise: float = ISMCTS_NOISE
    ismcts_worlds: int = ISMCTS_WORLDS
    ismcts_sims: int | None = None
    world_share: float = ISMCTS_WORLD_SHARE
    #: Plump's goal-aware bid model: the chance of a trick more than the play-out
    #: gives (:data:`BID_LIFT`, :data:`NIL_LIFT`).
    bid_lift: float = BID_LIFT
    nil_lift: float = NIL_LIFT
    #: Plump's IS-MCTS worlds drawn in compiled code where numba runs (the same
    #: worlds as the Python draw, faster).
    compiled_worlds: bool = True

    def __post_init__(self) -> None:
        if self.cards not in CARD_EVALUATORS:
            raise ValueError(
                f"ExpertConfig.cards={self.cards!r}: one of {', '.join(CARD_EVALUATORS)}"
            )
        if self.bids not in BID_MODELS:
            raise ValueError(f"ExpertConfig.bids={self.bids!r}: one of {', '.join(BID_MODELS)}")
        for name in ("samples", "ismcts_worlds", "ismcts_sims", "rollouts"):
            value = getattr(self, name)
            if value is not None and value < 1:
                raise ValueError(f"ExpertConfig.{name}={value!r}: at least 1")
        for name in ("ismcts_noise", "world_share", "bid_lift", "nil_lift"):
            if not 0.0 <= getattr(self, name) <= 1.0:
                raise ValueError(f"ExpertConfig.{name}={getattr(self, name)!r}: 0 … 1")
        if self.ucb_c < 0:
            raise ValueError(f"ExpertConfig.ucb_c={self.ucb_c!r}: at least 0")

    @classmethod
    def names(cls) -> tuple[str, ...]:
        """The settings' names."""
        return tuple(f.name for f in fields(cls))


def _card_evaluator(choice: str, adapter: SearchAdapter) -> str:
    """How cards are judged: ``auto`` is ``ismcts`` (:mod:`stickspel.search.ismcts`)
    where numba compiles the search, in every game, else what ``pimc`` is: the
    game's PIMC evaluator where numba runs it (``dd``, PIMC over the compiled
    double-dummy solver, in Plump; ``rollout`` in Priffe and Tremanswhist, whose
    13-card deals are too deep for the solver's budget and whose paranoid
    search misjudges a game where each plays for itself: measured, docs/bots.md),
    else ``rollout`` (PIMC over goal-aware play-outs of the same search kernels)."""
    if choice == "few":  # the intermediate level: the game's small search
        choice = adapter.few_cards
    if choice not in ("auto", "pimc"):
        return choice
    try:
        from stickspel.search import BACKEND
    except ImportError:  # pragma: no cover - the search package ships with us
        return "rollout"
    if BACKEND != "numba":
        return "rollout"  # uncompiled, a tree search gets too few simulations
    if choice == "auto":
        return "ismcts"
    return adapter.pimc_cards


#: The search buffers of this thread: solvers by leaf setting, the IS-MCTS tree.
#: Large, so made once and reused; one a thread, since the server decides for
#: several tables at once in its worker threads and a buffer holds one search.
_BUFFERS = threading.local()


def _thread_tree() -> Any:
    from stickspel.search.ismcts import Tree

    tree = getattr(_BUFFERS, "tree", None)
    if tree is None:
        tree = _BUFFERS.tree = Tree()
    return tree


def _thread_solver() -> Any:
    from stickspel.search import Solver

    solver = getattr(_BUFFERS, "solver", None)
    if solver is None:
        solver = _BUFFERS.solver = Solver(leaf=LEAF, leaf_runs=LEAF_RUNS, leaf_noise=LEAF_NOISE)
    return solver


class ExpertBot:
    """IS-MCTS (or PIMC) over weighted worlds for cards and calls (see the module's
    text).  ``config`` holds its settings; ``samples`` and the keywords of
    :class:`ExpertConfig` (``cards=``, ``bids=`` …) change single ones."""

    name = "expert"
    level = "expert"
    #: The level's settings.
    CONFIG = ExpertConfig()

    def __init__(
        self,
        seed: int | None = None,
        think_ms: float | None = None,
        *,
        samples: int | None = None,
        config: ExpertConfig | None = None,
        **settings: Any,
    ) -> None:
        config = config if config is not None else type(self).CONFIG
        if samples is not None:
            settings["samples"] = samples
        unknown = sorted(set(settings) - set(ExpertConfig.names()))
        if unknown:
            raise TypeError(f"{type(self).__name__}: no setting {', '.join(unknown)}")
        self.config = replace(config, **settings) if settings else config
        self.seed = 0 if seed is None else seed
        self.think_ms = (
            DEFAULT_THINK_MS[self.level]
            if think_ms is None and self.config.samples is None
            else think_ms
        )

    # --- the decision ------------------------------------------------------------------
    def act(self, turn: Turn) -> int:
        legal = list(turn.legal_actions)
        if len(legal) == 1:
            return legal[0]
        rng = self._rng(turn)
        adapter = adapter_for(turn.game)
        in_play = turn.observation["phase"] == "play"
        if not in_play and not self._searches_calls(adapter):
            return self._heuristic(turn)
        if not in_play and adapter.bids and self.bid_model() == "ismcts":
            return adapter.bid_action(self._ismcts_bid(self._ismcts(turn, rng)))
        if in_play and self._evaluator(adapter) == "ismcts":
            equal = self._ismcts_choices(self._ismcts(turn, rng))
        else:
            scores = self._judge(turn, legal, rng, in_play)
            top = max(scores.get(a, float("-inf")) for a in legal)
            # the worlds seldom tell apart cards of one worth: between them, spend the
            # card the seat's goal wants gone (a high one once it wants no more tricks)
            tie = TIE if in_play else 0.0
            equal = [a for a in legal if scores.get(a, float("-inf")) >= top - tie]
        dump = in_play and not adapter.wants_tricks(turn.info.frame, turn.seat)
        return min(equal, key=lambda a: -self._cost(a) if dump else self._cost(a))

    def _searches_calls(self, adapter: SearchAdapter) -> bool:
        """Calls by simulation: as the game's adapter says (Plump's bids; Priffe's
        auction and Tremanswhist's exchange measured weaker than the heuristic's),
        unless the config says."""
        if self.config.search_calls is not None:
            return self.config.search_calls
        return adapter.calls_searched

    def bid_model(self) -> str:
        """Plump's bids: ``auto`` is IS-MCTS where numba compiles the search, else the
        goal-aware play-outs (``aware``)."""
        if self.config.bids != "auto":
            return self.config.bids
        from stickspel.search import BACKEND

        return "ismcts" if BACKEND == "numba" else "aware"

    def _evaluator(self, adapter: SearchAdapter) -> str:
        return _card_evaluator(self.config.cards, adapter)

    def evaluate(self, turn: Turn) -> dict[int, float]:
        """Every legal action's expected value to the seat (the weighted mean over the
        worlds drawn): what :meth:`act` maximises where it searches (cards, Plump's
        bids); :mod:`stickspel.analysis` uses it."""
        in_play = turn.observation["phase"] == "play"
        adapter = adapter_for(turn.game)
        if in_play and self._evaluator(adapter) == "ismcts":
            values = self._even_ismcts(turn)
            return {a: values.get(a, 0.0) for a in turn.legal_actions}
        if not in_play and adapter.bids and self.bid_model() == "ismcts":
            bids = self._even_ismcts(turn)
            by_bid = adapter.root_bids(turn.legal_actions)
            return {a: bids.get(b, 0.0) for b, a in by_bid.items()}
        return self._judge(turn, list(turn.legal_actions), self._rng(turn), in_play)

    def _even_ismcts(self, turn: Turn) -> dict[int, float]:
        """IS-MCTS's values of the root's choices, each tried as often as the others:
        to value every choice (analysis), not to find the best, a choice UCB1 leaves
        after a few simulations would be valued from those few."""
        values: dict[int, float] = self._ismcts(turn, self._rng(turn), even=True).root_values()
        return values

    @staticmethod
    def _cost(action: int) -> int:
        # between equals, spend the lowest card (rank first) and make the lowest call
        return action % 13 if action < 52 else action

    def _heuristic(self, turn: Turn) -> int:
        from stickspel.bots import make_bot

        return make_bot(turn.game, "heuristic", seed=self.seed).act(turn)

    def _rng(self, turn: Turn) -> random.Random:
        """The decision's random stream: the seed and what the seat sees, nothing else."""
        text = f"{self.seed}:{turn.seat}:{turn.observation.to_json()}"
        return random.Random(int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big"))

    def _worlds(self, turn: Turn, rng: random.Random) -> Iterator[tuple[Any, float]]:
        """Sampled worlds and their weights until the budget is spent (one at least)."""
        start = time.perf_counter()
        deadline = None
        if self.think_ms is not None:
            deadline = start + self.think_ms / 1000
        cap = self.config.samples if self.config.samples is not None else MAX_WORLDS
        for k in range(cap):
            # stop when one more world, at the pace so far, would overrun the budget
            now = time.perf_counter()
            if k and deadline is not None and now + (now - start) / k > deadline:
                return
            world = turn.sample_world(rng)
            weight = world_weight(world, turn.seat) if self.config.infer else 1.0
            yield world, weight

    @staticmethod
    def _ismcts_bid(tree: Any) -> int:
        """The bid of the tree: the most simulated (the lower between equals)."""
        visits: dict[int, int] = tree.root_visits()
        return max(visits, key=lambda b: (visits[b], -b))

    @staticmethod
    def _ismcts_choices(tree: Any) -> list[int]:
        """The most simulated card, and the cards as well simulated (half its visits
        at least) that score as much within :data:`ISMCTS_TIE`: cards of one worth,
        which the search splits its visits between."""
        visits, values = tree.root_visits(), tree.root_values()
        most = max(visits, key=lambda a: (visits[a], values[a]))
        return [
            a
            for a in visits
            if a == most
            or (2 * visits[a] >= visits[most] and values[a] >= values[most] - ISMCTS_TIE)
        ]

    def _ismcts(self, turn: Turn, rng: random.Random, *, even: bool = False) -> Any:
        """The IS-MCTS tree of the decision (:mod:`stickspel.search.ismcts`), a card
        or a bid at its root: worlds drawn and weighted by the game's adapter for a
        share of the budget (``ismcts_worlds`` at most), then simulations over them
        until the budget is spent."""
        start = time.perf_counter()
        config = self.config
        cap = config.samples if config.samples is not None else config.ismcts_worlds
        share = None if self.think_ms is None else start + config.world_share * self.think_ms / 1000
        adapter = adapter_for(turn.game)
        worlds, weights, bids = adapter.ismcts_worlds(self, turn, rng, cap, share)
        return self._ismcts_over(turn, adapter, rng, start, worlds, weights, bids, even)

    @staticmethod
    def drawn(draw: Any, cap: int, share: float | None) -> Any:
        """Worlds of a compiled draw: batches until ``cap`` or the ``share`` of the
        budget is spent."""
        batch = ISMCTS_BATCH
        while draw.draw(batch) < cap:
            if share is not None and time.perf_counter() > share:
                break
            batch *= 2
        return draw.worlds

    def _ismcts_over(
        self,
        turn: Turn,
        adapter: SearchAdapter,
        rng: random.Random,
        start: float,
        worlds: Any,
        weights: list[float],
        bids: list[list[int]],
        even: bool,
    ) -> Any:
        """The tree over ``worlds``, searched until the budget is spent (``even``:
        the root's choices tried evenly, ``Tree.even_root``)."""
        bidding = turn.observation["phase"] != "play"
        tree = _thread_tree()
        tree.c, tree.noise = self.config.ucb_c, self.config.ismcts_noise
        tree.order_size = ISMCTS_ORDER
        tree.even_root = even
        if bidding:
            adapter.start_bid_tree(tree, turn, worlds, weights, bids, rng)
        else:
            tree.start(worlds, weights, rng.randrange(1 << 30))
        if self.think_ms is None:
            tree.run(ISMCTS_SIMS_PER_WORLD * len(worlds))
            return tree
        cap = self.config.ismcts_sims if self.config.ismcts_sims is not None else 1 << 62
        ran = ISMCTS_MIN_SIMS
        # the move must be chosen and handed back within the budget too
        deadline = start + (self.think_ms - ISMCTS_SLACK_MS) / 1000
        chunk = ISMCTS_CHUNK
        tree.run(ISMCTS_MIN_SIMS)  # however late the worlds were: a few for every choice
        while ran < cap:
            t0 = time.perf_counter()
            if t0 >= deadline:
                break
            chunk = min(chunk, cap - ran)
            tree.run(chunk)
            ran += chunk
            spent = time.perf_counter() - t0
            # the next chunk sized to half the time left at the pace just measured: the
            # pace falls as the tree deepens, and a chunk sized to the whole of it
            # overran the budget by 3-4%
            rate = chunk / max(spent, 1e-6)
            chunk = max(16, min(4 * chunk, int(rate * (deadline - time.perf_counter()) / 2)))
            if time.perf_counter() + 16 / rate > deadline:
                break
        return tree

    def _judge(
        self, turn: Turn, legal: list[int], rng: random.Random, in_play: bool
    ) -> dict[int, float]:
        adapter = adapter_for(turn.game)
        totals = dict.fromkeys(legal, 0.0)
        weights = 0.0
        for world, weight in self._worlds(turn, rng):
            if weight <= 0:
                continue
            if in_play:
                values = self.card_values(world, turn.seat, legal, rng)
            else:
                values = adapter.call_values(self, world, turn.seat, legal, rng)
            for a, v in values.items():
                totals[a] += weight * v
            weights += weight
        return {a: t / weights for a, t in totals.items()} if weights else totals

    # --- judging candidates in one world -----------------------------------------------
    def playout_value(self, pos: Any, objective: Objective, seat: int, rng: random.Random) -> float:
        """The seat's mean value over goal-aware play-outs of ``pos`` to the deal's end."""
        from stickspel.search import playout_tricks

        runs = playout_tricks(
            pos, self.config.rollouts, rng.randrange(1 << 30), policy="aware", noise=ROLLOUT_NOISE
        )
        total = 0.0
        for tricks in (runs + pos.tricks).tolist():  # each play-out's tricks of the whole deal
            total += objective.values(tricks)[seat]
        return total / len(runs)

    def card_values(
        self, world: Any, seat: int, legal: list[int], rng: random.Random
    ) -> dict[int, float]:
        """Each legal card's value to ``seat`` in ``world`` (every hand open)."""
        from stickspel.search import Position, card_values

        if self._evaluator(adapter_for(world.GAME)) == "dd":
            return card_values(world, max_nodes=DD_NODES, solver=_thread_solver())
        pos = Position.from_state(world)
        objective = objective_of(world)
        if sum(h.bit_count() for h in pos.hands) <= EXACT_CARDS_PER_HAND * pos.n:
            exact = card_values(pos, solver=_thread_solver(), dds=False)
            return {c: objective.of_search(pos, seat, v) for c, v in exact.items()}
        out: dict[int, float] = {}
        for card in legal:
            pos.play(card)
            out[card] = self.playout_value(pos, objective, seat, rng)
            pos.unplay()
        return out


class IntermediateBot(ExpertBot):
    """The heuristic's calls, no reading of bids, cards over few worlds: by PIMC in
    Plump and Tremanswhist, by a small IS-MCTS tree (:data:`INTERMEDIATE_SIMS`)
    in Priffe where numba compiles it."""

    name = "intermediate"
    level = "intermediate"

    #: The level's settings.
    CONFIG = ExpertConfig(
        infer=False,
        search_calls=False,
        rollouts=1,
        samples=INTERMEDIATE_WORLDS,
        cards="few",
        ismcts_sims=INTERMEDIATE_SIMS,
    )

    def __init__(
        self,
        seed: int | None = None,
        think_ms: float | None = None,
        *,
        samples: int | None = None,
        config: ExpertConfig | None = None,
        **settings: Any,
    ) -> None:
        super().__init__(seed, think_ms, samples=samples, config=config, **settings)
        if think_ms is None and self.config.samples == INTERMEDIATE_WORLDS:
            self.think_ms = DEFAULT_THINK_MS[self.level]  # few worlds, and the level's time


class BeginnerBot:
    """The heuristic bot that slips: a card at random now and then."""

    name = "beginner"
    level = "beginner"

    def __init__(self, seed: int | None = None, think_ms: float | None = None) -> None:
        self.seed = 0 if seed is None else seed
        self.think_ms = think_ms  # a beginner does not think longer for more time
        self.rng = random.Random(seed)
        self._game_bot: dict[str, Any] = {}

    def act(self, turn: Turn) -> int:
        from stickspel.bots import make_bot

        legal = turn.legal_actions
        if turn.observation["phase"] == "play" and self.rng.random() < BEGINNER_SLIPS:
            return self.rng.choice(legal)
        game = turn.game
        if game not in self._game_bot:
            self._game_bot[game] = make_bot(game, "heuristic", seed=self.seed)
        return int(self._game_bot[game].act(turn))


def level_bots() -> dict[str, type]:
    """The level bots every game offers, by name."""
    return {"beginner": BeginnerBot, "intermediate": IntermediateBot, "expert": ExpertBot}

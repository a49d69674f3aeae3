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

Cards and Plump's bids by PIMC (:mod:`stickspel.bots.pimc`) where IS-MCTS is
not the level's: every candidate judged in each world with all hands open, the
best weighted mean chosen; between candidates of one worth, the card the seat's
goal wants spent (a high one once it wants no more tricks).  Priffe's calls and
Tremanswhist's exchange and purchases by simulation
(:mod:`stickspel.bots.call_search`): the heuristic's call unless another is
clearly better over the worlds, played out (``search_calls=False``: the
heuristic's always, as the intermediate level).

Each decision thinks for at most ``think_ms`` milliseconds and never over
``samples`` worlds when that is given.  A level with fixed work, whose every
choice depends only on the seed and what the seat sees (no clock):
``ExpertBot(seed=…, samples=…)`` or ``IntermediateBot(seed=…, samples=…)``
(``think_ms`` left ``None``; IS-MCTS then runs
:data:`~stickspel.bots.tree.ISMCTS_SIMS_PER_WORLD` simulations a world).  The
random stream of each decision is drawn from the seed and the observation, never
from the hidden cards, and every world comes from the turn's information set
(:class:`stickspel.core.turn.InformationSet`).

This module knows no game: what a search needs of one (its worlds for IS-MCTS,
its bids, how its calls are judged) is the game's search adapter's
(:mod:`stickspel.bots.search_adapter`, ``games/<game>/search.py``).  The
settings a player or a researcher sets are an :class:`ExpertConfig`
(:mod:`stickspel.bots.config`).

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
import time
from dataclasses import replace
from typing import Any

from stickspel.bots.call_search import call_values, searched_call
from stickspel.bots.config import Budget, ExpertConfig, bid_model, card_evaluator
from stickspel.bots.pimc import pimc_values
from stickspel.bots.registry import heuristic_bot
from stickspel.bots.search_adapter import SearchAdapter, adapter_for
from stickspel.bots.tree import best_cards, most_simulated_bid, run_tree, thread_tree
from stickspel.core.turn import Turn

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
#: stays a level whatever the time given (benchmarks/RESULTS.md).
INTERMEDIATE_WORLDS = 8
#: ... and in Priffe, where it searches a small IS-MCTS tree over them (PIMC over
#: play-outs measured weaker than the heuristic there, benchmarks/RESULTS.md), the
#: simulations it runs at most.
INTERMEDIATE_SIMS = 1600
#: The share of a beginner's cards played at random.
BEGINNER_SLIPS = 0.3
#: Values this close to the best count as equal (points): the goal breaks the tie.
TIE = 0.05


class ExpertBot:
    """IS-MCTS (or PIMC) over weighted worlds for cards and calls (see the module's
    text).  ``config`` holds its settings; ``samples`` and the keywords of
    :class:`ExpertConfig` (``cards=``, ``bids=`` …) change single ones."""

    name = "expert"
    level = "expert"
    #: Searches over worlds the seat cannot tell from the real one.
    needs_worlds = True
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
        from stickspel.search.backend import pinned

        # one path of the search from start to end: its budgets are that path's
        with pinned():
            return self._act(turn)

    def _act(self, turn: Turn) -> int:
        legal = list(turn.legal_actions)
        if len(legal) == 1:
            return legal[0]
        rng = self._rng(turn)
        adapter = adapter_for(turn.game)
        in_play = turn.observation.phase == "play"
        if not in_play and not self.searches_calls(adapter):
            return self._heuristic(turn)
        if not in_play and not adapter.bids:  # Priffe's calls, Tremanswhist's exchange
            default = self._heuristic(turn)
            return searched_call(self.config, self.budget, adapter, turn, rng, default)
        if not in_play and adapter.bids and self.bid_model() == "ismcts":
            return adapter.bid_action(most_simulated_bid(self._ismcts(turn, rng)))
        if in_play and self._evaluator(adapter) == "ismcts":
            equal = best_cards(self._ismcts(turn, rng))
        else:
            scores = pimc_values(self.config, self.budget, adapter, turn, legal, rng, in_play)
            top = max(scores.get(a, float("-inf")) for a in legal)
            # the worlds seldom tell apart cards of one worth: between them, spend the
            # card the seat's goal wants gone (a high one once it wants no more tricks)
            tie = TIE if in_play else 0.0
            equal = [a for a in legal if scores.get(a, float("-inf")) >= top - tie]
        dump = in_play and not adapter.wants_tricks(turn.frame, turn.seat)
        return min(equal, key=lambda a: -self.cost(a) if dump else self.cost(a))

    def searches_calls(self, adapter: SearchAdapter) -> bool:
        """Calls by simulation: as the game's adapter says (every game's), unless
        the config says."""
        if self.config.search_calls is not None:
            return self.config.search_calls
        return adapter.calls_searched

    @property
    def budget(self) -> Budget:
        """What a decision may spend: :attr:`think_ms` (``None``: fixed work)."""
        return Budget(self.think_ms)

    def bid_model(self) -> str:
        """Plump's bids (:func:`stickspel.bots.config.bid_model`)."""
        return bid_model(self.config.bids)

    def _evaluator(self, adapter: SearchAdapter) -> str:
        return card_evaluator(self.config.cards, adapter)

    def evaluate(self, turn: Turn) -> dict[int, float]:
        """Every legal action's expected value to the seat (the weighted mean over the
        worlds drawn): what :meth:`act` maximises where it searches (cards, Plump's
        bids); :mod:`stickspel.analysis` uses it."""
        from stickspel.search.backend import pinned

        with pinned():
            return self._evaluate(turn)

    def _evaluate(self, turn: Turn) -> dict[int, float]:
        in_play = turn.observation.phase == "play"
        adapter = adapter_for(turn.game)
        if in_play and self._evaluator(adapter) == "ismcts":
            values = self._even_ismcts(turn)
            return {a: values.get(a, 0.0) for a in turn.legal_actions}
        if not in_play and adapter.bids and self.bid_model() == "ismcts":
            bids = self._even_ismcts(turn)
            by_bid = adapter.root_bids(turn.legal_actions)
            return {a: bids.get(b, 0.0) for b, a in by_bid.items()}
        if not in_play and not adapter.bids:
            legal = list(turn.legal_actions)
            default = self._heuristic(turn)
            rng = self._rng(turn)
            found = call_values(self.config, self.budget, adapter, turn, rng, legal, default)
            return found.means
        legal = list(turn.legal_actions)
        return pimc_values(self.config, self.budget, adapter, turn, legal, self._rng(turn), in_play)

    def _even_ismcts(self, turn: Turn) -> dict[int, float]:
        """IS-MCTS's values of the root's choices, each tried as often as the others:
        to value every choice (analysis), not to find the best, a choice UCB1 leaves
        after a few simulations would be valued from those few."""
        values: dict[int, float] = self._ismcts(turn, self._rng(turn), even=True).root_values()
        return values

    @staticmethod
    def cost(action: int) -> int:
        # between equals, spend the lowest card (rank first) and make the lowest call
        return action % 13 if action < 52 else action

    def _heuristic(self, turn: Turn) -> int:
        return heuristic_bot(turn.game, seed=self.seed).act(turn)

    def _rng(self, turn: Turn) -> random.Random:
        """The decision's random stream: the seed and what the seat sees, nothing else."""
        text = f"{self.seed}:{turn.seat}:{turn.observation.to_json()}"
        return random.Random(int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big"))

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
        worlds, weights, bids = adapter.ismcts_worlds(config, turn, rng, cap, share)
        tree = thread_tree()
        tree.c, tree.noise, tree.even_root = self.config.ucb_c, self.config.ismcts_noise, even
        if turn.observation.phase != "play":
            adapter.start_bid_tree(tree, turn, worlds, weights, bids, rng)
        else:
            tree.start(worlds, weights, rng.randrange(1 << 30))
        run_tree(tree, len(worlds), start, self.think_ms, self.config.ismcts_sims)
        return tree


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
        told = samples is not None or "samples" in settings or config is not None
        if think_ms is None and not told:
            self.think_ms = DEFAULT_THINK_MS[self.level]  # few worlds, and the level's time


class BeginnerBot:
    """The heuristic bot that slips: a card at random now and then."""

    name = "beginner"
    level = "beginner"
    #: The heuristic's choices and chance: no worlds.
    needs_worlds = False

    def __init__(self, seed: int | None = None, think_ms: float | None = None) -> None:
        self.seed = 0 if seed is None else seed
        self.think_ms = think_ms  # a beginner does not think longer for more time
        self.rng = random.Random(seed)
        self._game_bot: dict[str, Any] = {}

    def act(self, turn: Turn) -> int:
        legal = turn.legal_actions
        if turn.observation.phase == "play" and self.rng.random() < BEGINNER_SLIPS:
            return self.rng.choice(legal)
        game = turn.game
        if game not in self._game_bot:
            self._game_bot[game] = heuristic_bot(game, seed=self.seed)
        return int(self._game_bot[game].act(turn))


def level_bots() -> dict[str, type]:
    """The level bots every game offers, by name."""
    return {"beginner": BeginnerBot, "intermediate": IntermediateBot, "expert": ExpertBot}

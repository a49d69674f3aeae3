"""A decision before the cards, judged by simulation: Priffe's calls, Tremanswhist's
exchange and purchases (any game whose adapter names the candidates).

Each world is one the seat cannot tell from the real one (``turn.sample_world``),
weighted by what the others' calls say (the adapter's ``world_weight``).  In
each world every candidate is applied, what remains before the cards (the rest
of the auction, the others' offers and purchases, the seat's own later steps)
is decided by the heuristic bot for every seat from that seat's hand, and the
deal is played out by the careful goal-aware policy
(:func:`~stickspel.search.kernels.careful_card`;
:func:`stickspel.bots.search_adapter.world_call_values`): each seat plays for its goal
from the cards on the table and the cards still out, not from the others'
hands, so a bold contract is not flattered by play that sees every card.  The
candidates of a world share its play-outs' random stream (common random
numbers), so that their difference is the candidate's, not the dice's.

The heuristic's own choice is the default: another candidate replaces it only
when its weighted mean gain over the worlds is at least :data:`Z_SCORE`
standard errors above nothing, over :data:`MIN_WORLDS` worlds at least, so
that the noise of few worlds does not pick whichever candidate was luckiest
(the former simulated calls, the best mean over play-outs with every hand
open, measured weaker than the heuristic's, benchmarks/RESULTS.md).

>>> import random
>>> from stickspel.games import load_game
>>> from stickspel.bots import Turn
>>> from stickspel.bots.expert import ExpertBot
>>> from stickspel.bots.search_adapter import adapter_for
>>> state = load_game("tremanswhist").new_initial_state()
>>> _ = state.apply_chance(random.Random(6))
>>> turn = Turn.of(state)
>>> bot, adapter = ExpertBot(seed=1, samples=4), adapter_for("tremanswhist")
>>> found = call_values(bot.config, bot.budget, adapter, turn, random.Random(1), turn.legal_actions)
>>> sorted(found.means) == sorted(turn.legal_actions), found.worlds
(True, 4)
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from stickspel.bots.config import Budget, ExpertConfig
from stickspel.bots.pimc import draw_worlds
from stickspel.bots.search_adapter import SearchAdapter, world_call_values
from stickspel.core.turn import Turn

__all__ = [
    "CallValues",
    "call_values",
    "searched_call",
    "world_call_values",
    "Z_SCORE",
    "MIN_WORLDS",
]

#: Standard errors a candidate's mean gain over the heuristic's choice must reach
#: before it replaces that choice.
Z_SCORE = 2.0
#: Worlds a decision must have judged before the heuristic's choice may be left: a
#: standard error from fewer is itself too unsure (a short ``think_ms``).
MIN_WORLDS = 6


@dataclass
class CallValues:
    """Each candidate's weighted mean value to the seat (``means``), and its gain
    over the default candidate with the gain's standard error (``gains``,
    ``errors``), over ``worlds`` worlds."""

    default: int
    means: dict[int, float] = field(default_factory=dict)
    gains: dict[int, float] = field(default_factory=dict)
    errors: dict[int, float] = field(default_factory=dict)
    worlds: int = 0

    def choice(self, z: float = Z_SCORE) -> int:
        """The candidate of the largest gain that is ``z`` standard errors clear of
        nothing; the default where none is."""
        if self.worlds < MIN_WORLDS:
            return self.default
        clear = [
            a
            for a, g in self.gains.items()
            if a != self.default and g > 0 and g >= z * self.errors[a]
        ]
        return max(clear, key=lambda a: (self.gains[a], -a)) if clear else self.default


def searched_call(
    config: ExpertConfig,
    budget: Budget,
    adapter: SearchAdapter,
    turn: Turn,
    rng: random.Random,
    default: int,
) -> int:
    """The seat's call: the game's ``adapter``'s candidates judged over the worlds,
    the heuristic's ``default`` kept unless another is clearly better."""
    candidates = adapter.call_candidates(turn, default)
    if len(candidates) < 2:
        return default
    return call_values(config, budget, adapter, turn, rng, candidates, default).choice()


def call_values(
    config: ExpertConfig,
    budget: Budget,
    adapter: SearchAdapter,
    turn: Turn,
    rng: random.Random,
    candidates: Sequence[int],
    default: int | None = None,
) -> CallValues:
    """The candidates judged over the worlds the ``budget`` allows (``config.samples``
    worlds at most; only those with fixed work): weighted means, and gains over ``default`` (the first
    candidate when not given) with their standard errors."""
    candidates = list(dict.fromkeys(candidates))
    base = candidates[0] if default is None else default
    if base not in candidates:
        candidates.insert(0, base)
    rows: list[tuple[float, dict[int, float]]] = []
    for world, weight in draw_worlds(turn, rng, config, budget, adapter):
        if weight > 0:
            values = world_call_values(config, adapter, world, turn.seat, candidates, rng)
            rows.append((weight, values))
    out = CallValues(base, worlds=len(rows))
    total = sum(w for w, _ in rows)
    if not total:
        out.means = dict.fromkeys(candidates, 0.0)
        out.gains = dict.fromkeys(candidates, 0.0)
        out.errors = dict.fromkeys(candidates, math.inf)
        return out
    # the worlds' weights make fewer of them count: the effective number of worlds
    effective = total * total / sum(w * w for w, _ in rows)
    for a in candidates:
        out.means[a] = sum(w * v[a] for w, v in rows) / total
        diffs = [(w, v[a] - v[base]) for w, v in rows]
        gain = sum(w * d for w, d in diffs) / total
        spread = sum(w * (d - gain) ** 2 for w, d in diffs) / total
        out.gains[a] = gain
        out.errors[a] = math.sqrt(spread / effective) if effective > 1 else math.inf
    return out

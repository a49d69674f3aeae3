"""The settings of the search levels (:class:`ExpertConfig`): the few a player or a
researcher sets, checked when made, and how they name the card evaluator.

>>> ExpertConfig(samples=200, cards="pimc").samples
200
>>> ExpertConfig(ucb_c=-1)
Traceback (most recent call last):
...
ValueError: ExpertConfig.ucb_c=-1: at least 0
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Protocol

__all__ = [
    "ExpertConfig",
    "Budget",
    "CardSearch",
    "CARD_EVALUATORS",
    "BID_MODELS",
    "card_evaluator",
    "bid_model",
]

#: The chance that the seat ends a trick above what a goal-aware play-out gives it
#: (``bid_lift``), and the same for a bid of nothing (``nil_lift``): the policy
#: ducks cleanly and the others take what they want, but at the table a trick
#: the play-out did not foresee falls to a seat that wants none often enough to
#: make nothing a worse bid than it looks.  Fitted against IS-MCTS
#: (benchmarks/RESULTS.md, benchmarks/bench_bid_lift.py): the nil lift gained, a
#: lift of every bid did not.
BID_LIFT = 0.0
NIL_LIFT = 0.3
#: IS-MCTS (``cards="ismcts"``): worlds drawn at most, the share of the budget spent
#: drawing them, UCB1's constant and the chance of a random card in its play-outs.
ISMCTS_WORLDS = 2000
ISMCTS_WORLD_SHARE = 0.5
ISMCTS_C = 0.7
ISMCTS_NOISE = 0.1

CARD_EVALUATORS = ("auto", "ismcts", "pimc", "dd", "rollout", "few")
BID_MODELS = ("auto", "ismcts", "aware", "greedy")


@dataclass(frozen=True)
class ExpertConfig:
    """The settings of the search levels a player or a researcher sets; the
    defaults are the expert's (benchmarks/RESULTS.md measures each other value).

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


@dataclass(frozen=True)
class Budget:
    """What one decision may spend: ``think_ms`` milliseconds on the clock, or
    (``None``) no clock, the work fixed by the config's ``samples`` alone.

    >>> Budget(50).think_ms, Budget().think_ms
    (50, None)
    """

    think_ms: float | None = None


class CardSearch(Protocol):
    """What :func:`card_evaluator` reads of a game's search adapter
    (:class:`stickspel.bots.search_adapter.SearchAdapter`)."""

    @property
    def pimc_cards(self) -> str: ...
    @property
    def few_cards(self) -> str: ...


def bid_model(choice: str) -> str:
    """Plump's bids: ``auto`` is IS-MCTS where numba compiles the search (the path
    it takes now), else the goal-aware play-outs (``aware``)."""
    if choice != "auto":
        return choice
    from stickspel.search.backend import current

    return "ismcts" if current().name == "numba" else "aware"


def card_evaluator(choice: str, adapter: CardSearch) -> str:
    """How cards are judged: ``auto`` is ``ismcts`` (:mod:`stickspel.search.ismcts`)
    where numba compiles the search, in every game, else what ``pimc`` is: the
    game's PIMC evaluator where numba runs it (``dd``, PIMC over the compiled
    double-dummy solver, in Plump; ``rollout`` in Priffe and Tremanswhist, whose
    13-card deals are too deep for the solver's budget and whose paranoid
    search misjudges a game where each plays for itself: measured, benchmarks/RESULTS.md),
    else ``rollout`` (PIMC over goal-aware play-outs of the same search kernels).
    "Where numba compiles" is the path the search takes now
    (:func:`stickspel.search.backend.current`): not while a warm-up compiles."""
    if choice == "few":  # the intermediate level: the game's small search
        choice = adapter.few_cards
    if choice not in ("auto", "pimc"):
        return choice
    try:
        from stickspel.search.backend import current
    except ImportError:  # pragma: no cover - the search package ships with us
        return "rollout"
    if current().name != "numba":
        return "rollout"  # uncompiled, a tree search gets too few simulations
    if choice == "auto":
        return "ismcts"
    return adapter.pimc_cards

"""What the others' bids and calls say about their hands: weights for sampled worlds.

A sampled world deals the cards a seat has not seen uniformly, as if the
others had bid blind.  They did not: a seat that bid four tricks holds more
high cards and trumps than one that bid none.  Each world is weighted by how
likely the others' calls were with the hands it gives them (importance
weights; the bots average over worlds by weight):

* Plump: each bid against the tricks :func:`~stickspel.games.plump.bot.estimate_tricks`
  counts in that hand, a normal error of :data:`BID_SIGMA` tricks;
* Priffe and Tremanswhist: each call against what the heuristic bot would have
  called with that hand (1 when it agrees, :data:`MISMATCH` when not) — the
  policy-based inference of Skat programs with the heuristic as the model.

>>> import random
>>> from stickspel.games.plump import PlumpRules, PlumpState
>>> state = PlumpState(PlumpRules(players=3, max_cards=5, deal_order="single"))
>>> _ = state.apply_chance(random.Random(2))
>>> world_weight(state, state.current_player())   # nobody has bid yet
1.0
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

__all__ = [
    "world_weight",
    "plump_bid_weight",
    "plump_hands_weight",
    "policy_weight",
    "BID_SIGMA",
    "MISMATCH",
]

#: How far (in tricks) a bid strays from the counted tricks, one standard deviation.
BID_SIGMA = 1.2
#: The weight floor of one surprising bid, so that no world is ruled out entirely.
BID_FLOOR = 0.001
#: The weight of a call the model would not have made.
MISMATCH = 0.2


def world_weight(world: Any, seat: int) -> float:
    """How likely the others' calls in the deal of ``world`` were, given its hands."""
    game = type(world).__module__.split(".")[2]
    if game == "plump":
        return plump_bid_weight(world, seat)
    return policy_weight(world, seat)


def plump_bid_weight(world: Any, seat: int, sigma: float = BID_SIGMA) -> float:
    """Plump: the product over the others' bids of a normal likelihood of the bid
    around the hand's counted tricks."""
    if not world.dealt:
        return 1.0
    return plump_hands_weight(
        world.dealt, world.auction, seat, world.hand_size, world.trump, world.upcard, sigma
    )


def plump_hands_weight(
    dealt: Any,
    auction: Any,
    seat: int,
    size: int,
    trump: int | None,
    upcard: int | None,
    sigma: float = BID_SIGMA,
    shift: float = 0.0,
    expected: Sequence[float] | None = None,
) -> float:
    """:func:`plump_bid_weight` from the hands as dealt (``dealt``, card ids a seat)
    and the bids made (``auction``: seat and bid), without a world's state;
    ``shift``: how far above the expected tricks the others are taken to bid;
    ``expected``: those tricks a seat (default: what each hand counts,
    ``count_dealt``; ``share_dealt`` is the other reading)."""
    from stickspel.games.plump.bot import count_dealt

    n = len(dealt)
    weight = 1.0
    for s, bid in auction:
        if s != seat:
            mean = (
                count_dealt(dealt[s], n, size, trump, upcard) if expected is None else expected[s]
            )
            d = bid - shift - mean
            weight *= max(math.exp(-d * d / (2 * sigma * sigma)), BID_FLOOR)
    return weight


def policy_weight(world: Any, seat: int, mismatch: float = MISMATCH) -> float:
    """The others' calls before the card play of this deal, checked against the
    heuristic bot's choice in the same position of ``world``."""
    from stickspel.bots.registry import heuristic_bot
    from stickspel.core.turn import Turn

    deal, actions = world.current_deal_items()
    if deal is None:
        return 1.0
    replay = world.clone()
    for _ in actions:
        replay.undo_action()
    model = heuristic_bot(world.GAME, seed=0)
    weight = 1.0
    for action in actions:
        if replay.phase == type(replay).PLAY_PHASE:
            break
        p = replay.current_player()
        if p != seat and len(replay.legal_actions()) > 1:
            if model.act(Turn.of(replay, worlds=False)) != action:
                weight *= mismatch
        replay.apply_action(action)
    return weight

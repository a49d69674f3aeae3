"""What the others' bids and calls say about their hands: weights for sampled worlds.

A sampled world deals the cards a seat has not seen uniformly, as if the
others had bid blind.  They did not: a seat that bid four tricks holds more
high cards and trumps than one that bid none.  Each world is weighted by how
likely the others' calls were with the hands it gives them (importance
weights; the bots average over worlds by weight):

* Plump: each bid against the tricks :func:`~stickspel.bots.plump.estimate_tricks`
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
from typing import Any

from stickspel.core.cards import card_str, suit_str

__all__ = ["world_weight", "plump_bid_weight", "policy_weight", "BID_SIGMA", "MISMATCH"]

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
    from stickspel.bots.plump import estimate_tricks

    n = world.num_players
    bids: list[int | None] = [None] * n
    weight = 1.0
    obs = {
        "trump": suit_str(world.trump),
        "upcard": card_str(world.upcard) if world.upcard is not None else None,
        "hand_size": world.hand_size,
        "played": [],
        "bids": bids,
    }
    for s, bid in world.auction:
        if s != seat and world.dealt:
            obs["hand"] = [card_str(c) for c in world.dealt[s]]
            d = bid - estimate_tricks(obs)
            weight *= max(math.exp(-d * d / (2 * sigma * sigma)), BID_FLOOR)
        bids[s] = bid
    return weight


def policy_weight(world: Any, seat: int, mismatch: float = MISMATCH) -> float:
    """The others' calls before the card play of this deal, checked against the
    heuristic bot's choice in the same position of ``world``."""
    from stickspel.bots import Turn, make_bot

    deal, actions = world.current_deal_items()
    if deal is None:
        return 1.0
    replay = world.clone()
    for _ in actions:
        replay.undo_action()
    model = make_bot(type(world).__module__.split(".")[2], "heuristic", seed=0)
    weight = 1.0
    for action in actions:
        if replay.phase == type(replay).PLAY_PHASE:
            break
        p = replay.current_player()
        if p != seat and len(replay.legal_actions()) > 1:
            if model.act(Turn.of(replay)) != action:
                weight *= mismatch
        replay.apply_action(action)
    return weight

"""Our bots in OpenSpiel's own ``oh_hell`` (install with the ``openspiel`` extra).

OpenSpiel's ``oh_hell`` is Plump with one deal: the dealer drawn, cards dealt
one at a time from player 0 round, the next card turned for trump, bids from
the dealer's left with the hook (the dealer may not make the bids sum to the
tricks: our spärr), the dealer's left leads, 1 point a trick and 10 more for an
exact bid (our ``scoring=per_trick``).  :func:`plump_rules` gives those rules;
:func:`plump_state` replays an OpenSpiel state's history into a Plump state
(Plump's spec, ``game_spec("plump")``); :class:`StickspelPlayer` answers
for one player.

The bot is never handed the OpenSpiel state, nor the real hands: it acts on a
world that its seat cannot tell from the real one (``sample_world``), as
every bot of ours acts on its seat's observation only.

Cards: OpenSpiel numbers them ``rank * 4 + suit`` with the suits C, D, S, H;
ours are ``suit * 13 + rank`` with C, D, H, S.

>>> [card_from_openspiel(a) for a in (0, 2, 3, 51)] == [0, 39, 26, 38]
True
>>> all(card_to_openspiel(card_from_openspiel(a)) == a for a in range(52))
True
"""

from __future__ import annotations

import random
from typing import Any

from stickspel.core import CALL_BASE, Deal, GameState, Rules, RulesError
from stickspel.games import game_spec

__all__ = [
    "plump_rules",
    "plump_state",
    "card_from_openspiel",
    "card_to_openspiel",
    "action_to_openspiel",
    "StickspelPlayer",
    "OS_BID_BASE",
]

#: OpenSpiel's oh_hell suit order (C, D, S, H) → ours (C, D, H, S).
_SUIT_FROM_OS = (0, 1, 3, 2)
_SUIT_TO_OS = (0, 1, 3, 2)
#: OpenSpiel's action of bid 0 (after the 52 cards).
OS_BID_BASE = 52
#: Our action of bid 0: Plump's bids are its calls, bid ``n`` the call ``CALL_BASE + n``.
BID_BASE = CALL_BASE
#: The game oh_hell is.
PLUMP = game_spec("plump")


def card_from_openspiel(action: int) -> int:
    rank, suit = divmod(action, 4)
    return _SUIT_FROM_OS[suit] * 13 + rank


def card_to_openspiel(card: int) -> int:
    suit, rank = divmod(card, 13)
    return rank * 4 + _SUIT_TO_OS[suit]


def plump_rules(game: Any) -> Rules:
    """Our rules for an OpenSpiel ``oh_hell`` game with a fixed number of tricks."""
    p = game.get_parameters()
    tricks = int(p.get("num_tricks_fixed", -1))
    if (
        p.get("num_suits", 4) != 4
        or p.get("num_cards_per_suit", 13) != 13
        or p.get("off_bid_penalty", False)
        or p.get("points_per_trick", 1) != 1
        or tricks < 1
    ):
        raise RulesError("interop.oh_hell_params", params=str(p))
    return PLUMP.rules.from_dict(
        {
            "players": int(p["players"]),
            "max_cards": tricks,
            "deal_order": "single",
            "sparr": True,
            "scoring": "per_trick",
            "trump": "upcard",
            "first_lead": "forhand",
        }
    )


def plump_state(os_state: Any, rules: Rules | None = None) -> GameState:
    """The Plump state an OpenSpiel ``oh_hell`` state's history leads to (the deal
    complete: in bidding or play)."""
    rules = rules or plump_rules(os_state.get_game())
    plump: Any = rules  # Plump's rules: its players and deal size
    n, size = plump.players, plump.largest
    history = list(os_state.history())
    dealer = history[1]
    cards = history[2 : 2 + n * size]
    upcard = card_from_openspiel(history[2 + n * size])
    hands: list[list[int]] = [[] for _ in range(n)]
    for i, a in enumerate(cards):  # one at a time from player 0, whoever deals
        hands[i % n].append(card_from_openspiel(a))
    state = PLUMP.state(rules, first_dealer=dealer)  # type: ignore[call-arg]
    state.apply_deal(Deal(tuple(tuple(h) for h in hands), upcard=upcard))
    for a in history[3 + n * size :]:
        state.apply_action(
            BID_BASE + a - OS_BID_BASE if a >= OS_BID_BASE else card_from_openspiel(a)
        )
    return state


def action_to_openspiel(action: int) -> int:
    """Our bid or card as OpenSpiel's action."""
    return OS_BID_BASE + action - BID_BASE if action >= BID_BASE else card_to_openspiel(action)


class StickspelPlayer:
    """One of our bots (``kind``: ``expert``, ``heuristic`` …) as an OpenSpiel
    ``oh_hell`` player: :meth:`step` answers the OpenSpiel action for the player to act."""

    def __init__(
        self, game: Any, kind: str = "expert", seed: int = 0, think_ms: float | None = None
    ) -> None:
        from stickspel.bots import make_bot

        self.rules = plump_rules(game)
        self.bot = make_bot(PLUMP.name, kind, seed=seed, think_ms=think_ms)
        self.rng = random.Random(seed)

    def step(self, os_state: Any) -> int:
        from stickspel.core.turn import Turn, needs_worlds

        state = plump_state(os_state, self.rules)
        seat = state.current_player()
        if seat != os_state.current_player():
            raise RulesError("interop.seat_mismatch", ours=seat, theirs=os_state.current_player())
        world = state.sample_world(seat, self.rng)  # what the seat may know, nothing more
        return action_to_openspiel(self.bot.act(Turn.of(world, worlds=needs_worlds(self.bot))))

    def restart(self) -> None:
        """A new game: nothing to forget (the bots keep no memory between moves)."""

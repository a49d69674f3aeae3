"""Högsta stick's game state: deal, play the tricks (follow suit, no trump), score.

Every trick taken is a point; after the agreed number of deals the most points
win.  The trick play is the engine's (:class:`~stickspel.core.TrickGameState`).
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np

from stickspel.core import (
    CHANCE,
    TERMINAL,
    Deal,
    IllegalActionError,
    InvalidActionError,
    Rule,
    TrickGameState,
    check_dealt,
)
from stickspel.core.api import HistoryItem
from stickspel.core.cards import (
    SUIT_MASKS,
    CardError,
    card_str,
    cards_of,
    mask_of,
    parse_card,
    shuffled_deck,
    suit_of,
)
from tests.hogsta.observer import HogstaObservation, observation_tensor, observe
from tests.hogsta.rules import HogstaRules

_DEAL, _PLAY, _OVER = 0, 2, 3


class HogstaState(TrickGameState):
    """A whole game of Högsta stick."""

    GAME = "hogsta"
    RULES_CLASS = HogstaRules
    PLAY_PHASE = _PLAY
    CLONE_LISTS = ("dealt", "hands", "trick", "tricks_won", "tricks", "totals", "deal_records")
    rules: HogstaRules

    def __init__(self, rules: HogstaRules | None = None, first_dealer: int = 0) -> None:
        self.rules = rules or HogstaRules()
        self.num_players = self.rules.players
        self.first_dealer = self.dealer_seat = first_dealer
        self._undo: list[Any] = []
        self._log: list[HistoryItem] = []
        self.deal_index = 0
        self.phase = _DEAL
        self.trump: int | None = None
        self.dealt: list[tuple[int, ...]] = []
        self.hands: list[int] = [0] * self.num_players
        self.current = self.leader = self.best_card = self.best_seat = 0
        self.trick: list[int] = []
        self.tricks_won: list[int] = [0] * self.num_players
        self.tricks: list[tuple[int, tuple[int, ...], int]] = []
        self.totals: list[int] = [0] * self.num_players
        self.deal_records: list[dict[str, Any]] = []

    def current_player(self) -> int:
        return {_DEAL: CHANCE, _OVER: TERMINAL}.get(self.phase, self.current)

    def num_distinct_actions(self) -> int:
        return 52

    def legal_actions(self) -> list[int]:
        if self.phase != _PLAY:
            return []
        hand = self.hands[self.current]
        follow = hand & SUIT_MASKS[suit_of(self.trick[0])] if self.trick else 0
        return cards_of(follow or hand)

    def _apply_action(self, action: int) -> None:
        if self.phase != _PLAY:
            raise IllegalActionError("rule.not_your_turn", rule=Rule.NOT_YOUR_TURN)
        self._play_card(self.current, action)

    def action_to_string(self, action: int) -> str:
        return card_str(action)

    def string_to_action(self, text: str) -> int:
        try:
            return parse_card(text)
        except CardError as e:
            raise InvalidActionError("deal.bad_text", error=e) from None

    # --- the deal -------------------------------------------------------------------
    def sample_deal(self, rng: random.Random) -> Deal:
        deck, size = shuffled_deck(rng), self.rules.cards
        return Deal(tuple(tuple(deck[s * size : (s + 1) * size]) for s in range(self.num_players)))

    def _apply_deal(self, deal: Deal) -> None:
        if self.phase != _DEAL:
            raise IllegalActionError("rule.not_chance", rule=Rule.NOT_CHANCE)
        check_dealt(deal.hands, self.rules.cards, self.num_players)
        self.dealt = [tuple(h) for h in deal.hands]
        self.hands = [mask_of(h) for h in deal.hands]
        self.tricks, self.trick = [], []
        self.tricks_won = [0] * self.num_players
        self.current = (self.dealer_seat + 1) % self.num_players
        self.phase = _PLAY

    def _finish_deal(self) -> None:
        points = list(self.tricks_won)
        self.totals = [t + p for t, p in zip(self.totals, points, strict=True)]
        self.deal_records.append(self._deal_record({"tricks": points, "points": points}))
        self.deal_index += 1
        self.dealer_seat = (self.dealer_seat + 1) % self.num_players
        self.phase = _OVER if self.deal_index == self.rules.deals else _DEAL

    def _deal_record(self, result: dict[str, Any] | None) -> dict[str, Any]:
        deal: dict[str, Any] = {"dealer": self.dealer_seat}
        deal["hands"] = [[card_str(c) for c in h] for h in self.dealt]
        deal["trump"] = None  # stickspel/1: a deal names its trump, none here
        deal["tricks"] = self._tricks_record()
        if result is not None:
            deal["result"] = dict(result)
        return deal

    # --- what a seat may know ----------------------------------------------------------
    def observation(self, seat: int) -> HogstaObservation:
        return observe(self, seat)

    def public_observation(self) -> dict[str, Any]:
        public = observe(self, None).to_dict()
        public.pop("hand")
        return public

    def observation_tensor(self, seat: int) -> np.ndarray:
        return observation_tensor(self, seat)

    @classmethod
    def observation_shape(cls, rules: Any) -> tuple[int, ...]:
        return (104,)

    @classmethod
    def max_game_length(cls, rules: Any) -> int:
        return int(rules.players * rules.cards * rules.deals)

    def sample_world(self, seat: int, rng: random.Random) -> HogstaState:
        """A state ``seat`` cannot tell from this one: the cards it has not seen dealt
        again at random, each seat keeping its count and the suits it showed void in."""
        deal, actions = self.current_deal_items()
        if deal is None:
            return self.clone()
        played = [
            mask_of(c for c in self.dealt[s] if not self.hands[s] >> c & 1)
            for s in range(self.num_players)
        ]
        voids = _voids(self.tricks, self.trick, self.leader, self.num_players)
        unseen = [c for s in range(self.num_players) if s != seat for c in cards_of(self.hands[s])]
        while True:  # small hands: drawing again until the voids hold is quick
            rng.shuffle(unseen)
            hands, k = [], 0
            for s in range(self.num_players):
                count = bin(self.hands[s]).count("1")
                held = cards_of(self.hands[s]) if s == seat else unseen[k : k + count]
                k += 0 if s == seat else count
                hands.append(held)
            if all(not (mask_of(hands[s]) & voids[s]) for s in range(self.num_players)):
                break
        dealt = tuple(
            tuple(sorted(cards_of(mask_of(hands[s]) | played[s]))) for s in range(self.num_players)
        )
        return self._rebuild_deal(Deal(dealt), actions)


def _voids(
    tricks: list[tuple[int, tuple[int, ...], int]], trick: list[int], leader: int, n: int
) -> list[int]:
    """The suits (as masks) each seat showed it had none of, by not following."""
    voids = [0] * n
    for lead, cards, _ in [*tricks, (leader, tuple(trick), -1)]:
        for k, card in enumerate(cards[1:], start=1):
            if suit_of(card) != suit_of(cards[0]):
                voids[(lead + k) % n] |= SUIT_MASKS[suit_of(cards[0])]
    return voids

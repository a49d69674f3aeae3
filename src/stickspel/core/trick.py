"""Trick play written once: a card held, follow suit, duty to trump, the trick's winner."""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol, Self

from stickspel.core.api import _CARD_NAMES, Deal, GameState, Observation
from stickspel.core.cards import BIT, SUIT_MASKS, SUIT_OF, suit_of
from stickspel.core.errors import IllegalActionError, Rule

__all__ = [
    "TrickGameState",
    "TrickView",
    "LastTrickView",
    "check_dealt",
    "PlayedTricks",
    "TrickTable",
    "Redealable",
]


# What a game's observer and worlds read of its state, named by what the state offers
# (read-only, so a state's lists and properties fit), not by the state's class: the
# state builds its observations and worlds in those modules, and they need nothing of
# the state's module.  Each game extends these with its own fields.


class PlayedTricks(Protocol):
    """The play of a deal so far: the trick under way and the tricks taken."""

    @property
    def leader(self) -> int: ...
    @property
    def trick(self) -> Sequence[int]: ...
    @property
    def tricks(self) -> Sequence[tuple[int, tuple[int, ...], int]]: ...


class TrickTable(PlayedTricks, Protocol):
    """What an observation of any trick game reads of its state."""

    @property
    def GAME(self) -> str: ...
    @property
    def deal_index(self) -> int: ...
    @property
    def dealer_seat(self) -> int: ...
    @property
    def phase(self) -> int: ...
    @property
    def hands(self) -> Sequence[int]: ...
    @property
    def trump(self) -> int | None: ...
    @property
    def tricks_won(self) -> Sequence[int]: ...
    @property
    def totals(self) -> Sequence[int]: ...
    def current_player(self) -> int: ...
    def trick_leader(self) -> int: ...


class Redealable(PlayedTricks, Protocol):
    """A state a world is drawn from: its deal so far, and copies of it."""

    def current_deal_items(self) -> tuple[Deal | None, list[int]]: ...
    def clone(self) -> Self: ...
    def _rebuild_deal(self, deal: Deal, actions: Sequence[int]) -> Self: ...


#: Tags the undo entry of the card that ended a deal: (_FINISHED, card's entry, game's entry).
_FINISHED = object()


@dataclass(frozen=True)
class TrickView(Observation):
    """The trick in progress as every seat sees it: who led and the cards so far
    (record notation), in the order played."""

    leader: int
    cards: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:  # written out: observations are hot in search
        return {"leader": self.leader, "cards": list(self.cards)}


@dataclass(frozen=True)
class LastTrickView(Observation):
    """A completed trick of the deal: who led, the cards, who took it."""

    leader: int
    cards: tuple[str, ...]
    winner: int

    def to_dict(self) -> dict[str, Any]:
        return {"leader": self.leader, "cards": list(self.cards), "winner": self.winner}


def check_dealt(
    piles: Sequence[Sequence[int]],
    size: int,
    seats: int,
    extra_name: str = "deal.pile.extra",
) -> int:
    """Check a deal's piles (the seats' hands, then any piles held by no seat): each of
    ``size`` cards and no card dealt twice.  Returns the mask of all cards dealt.

    >>> check_dealt([(0, 1), (2, 3)], 2, 2) == 0b1111
    True
    >>> check_dealt([(0, 1), (1, 3)], 2, 2)
    Traceback (most recent call last):
    ...
    stickspel.core.errors.IllegalActionError: 3♣ is dealt twice
    """
    seen = 0
    for k, cards in enumerate(piles):
        seat = k if k < seats else None
        if len(cards) != size:
            if seat is not None:
                raise IllegalActionError(
                    "deal.hand_size", rule=Rule.HAND_SIZE, seat=seat, got=len(cards), size=size
                )
            raise IllegalActionError(
                "deal.pile_size", rule=Rule.HAND_SIZE, pile=extra_name, got=len(cards), size=size
            )
        for c in cards:
            if seen >> c & 1:
                raise IllegalActionError(
                    "deal.duplicate_card", rule=Rule.DUPLICATE_CARD, seat=seat, card=c
                )
            seen |= 1 << c
    return seen


class TrickGameState(GameState):
    """The trick play every game shares: a card held, follow suit, an optional duty
    to trump, the trick's winner leading the next, the deal ending with the hands.

    A game keeps ``hands`` (bitmasks by seat), ``trick`` (cards of the trick in
    progress), ``trump`` (a suit or ``None``), ``current`` (the seat to play),
    ``phase`` (equal to :attr:`PLAY_PHASE` while cards are played) and implements
    :meth:`_finish_deal`; it calls :meth:`_play_card` in its play phase.

    A card that does not end the deal is applied and undone through a small tuple
    (the fast path of search and random play); everything else from a snapshot.
    """

    #: Void in the suit led, a player holding trump must play one (Tremanswhist).
    MUST_TRUMP: ClassVar[bool] = False
    #: The value of ``phase`` while cards are played.
    PLAY_PHASE: ClassVar[int] = 2

    hands: list[int]
    trick: list[int]
    trump: int | None
    current: int
    leader: int
    best_card: int
    best_seat: int
    tricks_won: list[int]
    phase: int

    @abstractmethod
    def _finish_deal(self) -> None:
        """Score the deal whose last trick was just taken."""

    def trick_leader(self) -> int:
        """Who led the trick in progress, or leads the next one (the last trick's
        winner) while no card of it is down."""
        return self.leader if self.trick else self.current

    def _not_a_card(self, seat: int, action: int) -> IllegalActionError:
        return IllegalActionError(
            "rule.not_a_card", rule=Rule.NOT_A_CARD, seat=seat, action=self.action_to_string(action)
        )

    def _card_error(self, p: int, card: int) -> IllegalActionError | None:
        """Why seat ``p`` may not play ``card`` now, or ``None``."""
        if not 0 <= card < 52:
            return self._not_a_card(p, card)
        hand = self.hands[p]
        if not hand >> card & 1:
            return IllegalActionError(
                "rule.card_not_held", rule=Rule.CARD_NOT_HELD, seat=p, card=card
            )
        trick = self.trick
        if trick:
            led = suit_of(trick[0])
            if suit_of(card) != led:
                return self._void_play_error(p, hand, card, led)
        return None

    def _void_play_error(self, p: int, hand: int, card: int, led: int) -> IllegalActionError | None:
        if hand & SUIT_MASKS[led]:
            return IllegalActionError(
                "rule.follow_suit", rule=Rule.FOLLOW_SUIT, seat=p, card=card, led=led
            )
        t = self.trump
        if self.MUST_TRUMP and t is not None and suit_of(card) != t and hand & SUIT_MASKS[t]:
            return IllegalActionError(
                "rule.duty_to_trump", rule=Rule.DUTY_TO_TRUMP, seat=p, card=card, led=led, trump=t
            )
        return None

    def explain(self, action: int) -> IllegalActionError | None:
        if self.phase == self.PLAY_PHASE and not self.is_terminal():
            return self._card_error(self.current, action)
        return super().explain(action)

    def apply_action(self, action: int) -> None:
        # The hot path of random play and search, written out: a card is checked,
        # played and logged here with a small undo entry; the card that ends the
        # deal takes the game's own entry (:meth:`_finish_undo_entry`).
        if self.phase != self.PLAY_PHASE:
            GameState.apply_action(self, action)
            return
        p = self.current
        hand = self.hands[p]
        if not 0 <= action < 52 or not hand >> action & 1:
            raise self._card_error(p, action) or self._not_a_card(p, action)
        trick = self.trick
        if not trick:  # a lead: never the deal's last card (two seats at least)
            self._undo.append((p, action, self.leader, self.best_card, self.best_seat, False))
            self.leader = self.best_seat = p
            self.best_card = action
            self.hands[p] = hand ^ BIT[action]
            trick.append(action)
            self.current = p + 1 if p + 1 < self.num_players else 0
            self._log.append(action)
            return
        suit = SUIT_OF[action]
        led = SUIT_OF[trick[0]]
        if suit != led and (hand & SUIT_MASKS[led] or self.MUST_TRUMP):
            error = self._card_error(p, action)  # the full check, duty to trump included
            if error is not None:
                raise error
        last = len(trick) == self.num_players - 1
        best = self.best_card
        if last and hand == BIT[action]:  # the deal ends: scores change
            self._apply_last_card(p, action)
            return
        self._undo.append((p, action, self.leader, best, self.best_seat, last))
        if (suit == SUIT_OF[best] and action > best) or (
            suit == self.trump and SUIT_OF[best] != suit
        ):
            self.best_card = action
            self.best_seat = p
        self.hands[p] = hand ^ BIT[action]
        if last:
            w = self.best_seat
            self.tricks_won[w] += 1
            self.tricks.append((self.leader, (*trick, action), w))
            self.trick = []
            self.current = w
        else:
            trick.append(action)
            self.current = p + 1 if p + 1 < self.num_players else 0
        self._log.append(action)

    def _apply_last_card(self, p: int, action: int) -> None:
        """The deal's last card: the game's small entry, or a snapshot."""
        card_entry = (p, action, self.leader, self.best_card, self.best_seat, True)
        finish = self._finish_undo_entry()
        if finish is None:
            GameState.apply_action(self, action)
            return
        self._put_card(p, action)
        self._undo.append((_FINISHED, card_entry, finish))
        self._log.append(action)

    def _finish_undo_entry(self) -> tuple[Any, ...] | None:
        """What :meth:`_unfinish` needs to take back :meth:`_finish_deal`, taken
        just before it; ``None``: snapshot the whole state (the default)."""
        return None

    def _unfinish(self, entry: tuple[Any, ...]) -> None:
        raise NotImplementedError  # pragma: no cover - only for entries a game made

    def _play_card(self, p: int, card: int) -> None:
        """Seat ``p`` plays ``card`` to the trick, or :class:`IllegalActionError` says why not."""
        error = self._card_error(p, card)
        if error is not None:
            raise error
        self._put_card(p, card)

    def _put_card(self, p: int, card: int) -> None:
        trick = self.trick
        if trick:
            s = SUIT_OF[card]
            best = self.best_card
            if (s == SUIT_OF[best] and card > best) or (s == self.trump and SUIT_OF[best] != s):
                self.best_card = card
                self.best_seat = p
        else:
            self.leader = p
            self.best_card = card
            self.best_seat = p
        self.hands[p] ^= BIT[card]
        trick.append(card)
        if len(trick) == self.num_players:
            w = self.best_seat
            self.tricks_won[w] += 1
            self.tricks.append((self.leader, tuple(trick), w))
            self.trick = []
            self.current = w
            if not self.hands[w]:
                self._finish_deal()
        else:
            self.current = (p + 1) % self.num_players

    def undo_action(self) -> None:
        # a card's undo written out (the entries of six are cards': calls and the
        # deal's last card have entries of other lengths, the rest snapshots)
        undo = self._undo
        if not undo or type(entry := undo[-1]) is not tuple or len(entry) != 6:
            GameState.undo_action(self)
            return
        undo.pop()
        self._log.pop()
        p, card, self.leader, self.best_card, self.best_seat, completed = entry
        if completed:
            _, cards, w = self.tricks.pop()
            self.tricks_won[w] -= 1
            self.trick = list(cards[:-1])
        else:
            self.trick.pop()
        self.hands[p] |= BIT[card]
        self.current = p

    def _undo_fast(self, entry: tuple[Any, ...]) -> None:
        if entry[0] is _FINISHED:
            self._unfinish(entry[2])
            entry = entry[1]
        p, card, leader, best_card, best_seat, completed = entry
        if completed:
            lead, cards, w = self.tricks.pop()
            self.tricks_won[w] -= 1
            self.trick = list(cards[:-1])
        else:
            self.trick.pop()
        self.hands[p] |= 1 << card
        self.leader, self.best_card, self.best_seat = leader, best_card, best_seat
        self.current = p

    def _tricks_record(self) -> list[dict[str, Any]]:
        """The deal's tricks in record form, the one in progress last (without a winner)."""
        names = _CARD_NAMES
        out: list[dict[str, Any]] = [
            {"leader": lead, "cards": [names[c] for c in cs], "winner": w}
            for lead, cs, w in self.tricks
        ]
        if self.trick:
            out.append({"leader": self.leader, "cards": [names[c] for c in self.trick]})
        return out

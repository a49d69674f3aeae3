"""Priffe: four players in two *bolag* (partnerships), seed 002 settled by RULES.md.

One round of calls from förhand (``pass`` or a strictly higher bid), the
highest bid a contract or, when all pass or ``spader``/``klöver`` stands,
*tvångsnoll*; thirteen tricks; scores by the pair below the line (trick score
toward a game of 30) and above it (honours, slams, penalties); a rubber is two
games; a *parti* is three rubbers with partners rotating.

Seats are ``0 … 3`` clockwise, partners opposite: side 0 is seats 0+2, side 1
seats 1+3.  Persons (indices of the record's ``players``) change seats between
rubbers; :attr:`PriffeState.seating` says who sits where, and
:meth:`PriffeState.returns` is per person.

The options, calls and scoring live in :mod:`.rules`; what a seat sees (the
typed observation and its tensor) in :mod:`.observer`; the worlds a seat cannot
tell apart in :mod:`.worlds`.  Refusals name a catalogue key (``priffe.po``).

The seed's example trick: hjärter is trump, förhand leads K♦, second follows,
third ruffs with J♥, fourth plays 2♦; the ruff wins and third hand leads next.

>>> from stickspel.games.priffe.rules import example_hands
>>> state = PriffeState()
>>> hands = example_hands()
>>> state.apply_deal(Deal(hands))
>>> for call in ["hjärter", "pass", "pass", "pass"]:
...     _ = state.apply_text(call)
>>> state.contract_name(), state.trump, state.current_player()
('hjärter', 2, 1)
>>> for card in ["KD", "5D", "JH", "2D"]:
...     _ = state.apply_text(card)
>>> state.last_trick()[2], state.current_player()
(3, 3)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from stickspel.core import (
    CALL_BASE,
    CHANCE,
    TERMINAL,
    Deal,
    HistoryItem,
    IllegalActionError,
    InvalidActionError,
    Rule,
    Rules,
    RulesError,
    TrickGameState,
    check_dealt,
)
from stickspel.core.cards import (
    SUIT_OF,
    CardError,
    card_str,
    cards_of,
    follow_mask,
    mask_of,
    parse_card,
    shuffled_deck,
    suit_str,
)
from stickspel.games.priffe.observer import (
    PriffeObservation,
    observation_shape,
    observation_tensor,
    observe,
    public_observation,
)
from stickspel.games.priffe.rules import (
    BID,
    CALL_ALIASES,
    CALLS,
    CONTRACT_NAMES,
    DEAL,
    HONOUR_POINTS,
    OVER,
    PASS,
    PLAY,
    SEATINGS,
    SPADER,
    SPEL,
    TVANGSNOLL,
    DealScore,
    PriffeRules,
    honour_kind,
    honours_of,
    score_deal,
    side_of,
    trump_of,
)
from stickspel.games.priffe.summary import summarize
from stickspel.games.priffe.worlds import deal_unseen

if TYPE_CHECKING:
    import numpy as np

__all__ = ["PriffeState"]


_DEAL, _BID, _PLAY, _OVER = DEAL, BID, PLAY, OVER


class PriffeState(TrickGameState):
    """A whole game of Priffe: a parti of three rubbers (or one rubber)."""

    GAME = "priffe"
    RULES_CLASS = PriffeRules
    CLONE_LISTS = (
        "hands",
        "dealt",
        "auction",
        "trick",
        "tricks_won",
        "tricks",
        "below",
        "above",
        "games",
        "rubber_points",
        "totals",
        "rubbers",
        "deal_results",
        "deal_records",
    )
    rules: PriffeRules

    def __init__(self, rules: PriffeRules | None = None, first_dealer: int = 0) -> None:
        self.rules = rules or PriffeRules()
        self.num_players = 4
        if not 0 <= first_dealer < 4:
            raise RulesError("priffe.first_dealer", first_dealer=first_dealer)
        self.first_dealer = first_dealer
        self._undo: list[Any] = []
        self._log: list[HistoryItem] = []
        self.dealer_seat = first_dealer
        self.deal_index = 0
        self.rubber_index = 0
        self.seating_now: tuple[int, ...] = SEATINGS[0]
        self.phase = _DEAL
        self.hands: list[int] = [0] * 4
        self.dealt: list[tuple[int, ...]] = []
        self.auction: list[tuple[int, int]] = []
        self.high: int = PASS
        self.high_seat: int | None = None
        self.contract: int | None = None
        self.declarers: int | None = None
        self.trump: int | None = None
        self.current = 0
        self.trick: list[int] = []
        self.leader = 0
        self.best_card = 0
        self.best_seat = 0
        self.tricks_won: list[int] = [0] * 4
        self.tricks: list[tuple[int, tuple[int, ...], int]] = []
        # the current rubber's sheet, per side
        self.below: list[int] = [0, 0]
        self.above: list[int] = [0, 0]
        self.games: list[int] = [0, 0]
        self.rubber_points: list[int] = [0, 0]
        self.totals: list[int] = [0] * 4  # per person
        self.rubbers: list[dict[str, Any]] = []
        self.deal_results: list[dict[str, Any]] = []
        self.deal_records: list[dict[str, Any]] = []
        self._reported_tricks: list[int] | None = None

    # --- helpers ------------------------------------------------------------------
    def forhand(self) -> int:
        return (self.dealer_seat + 1) % 4

    def contract_name(self) -> str | None:
        """The contract's text (``'hjärter'``, ``'tvångsnoll'``), once the auction is over."""
        return None if self.contract is None else CONTRACT_NAMES[self.contract]

    def seating(self) -> tuple[int, ...]:
        return tuple(self.seating_now)

    def person_at(self, seat: int) -> int:
        """The person (index of ``players``) in ``seat`` now."""
        return self.seating_now[seat]

    def current_player(self) -> int:
        if self.phase == _DEAL:
            return CHANCE
        if self.phase == _OVER:
            return TERMINAL
        return self.current

    def num_distinct_actions(self) -> int:
        return CALL_BASE + len(CALLS)

    def call_error(self, seat: int, call: int) -> IllegalActionError | None:
        """Why ``seat`` may not make ``call`` now, or ``None`` if it may."""
        if self.phase != _BID:
            return IllegalActionError(
                "priffe.auction_closed.play"
                if self.phase == _PLAY
                else "priffe.auction_closed.none",
                rule=Rule.AUCTION_CLOSED,
                seat=seat,
            )
        if call == PASS:
            return None
        rules = self.rules
        if rules.rank(call) <= rules.rank(self.high):
            return IllegalActionError(
                "priffe.bid_order",
                rule=Rule.BID_ORDER,
                seat=seat,
                call=CALLS[call],
                high=CALLS[self.high],
            )
        if (
            call == SPADER
            and rules.style == "modern"
            and seat not in (self.forhand(), (self.forhand() + 1) % 4)
        ):
            return IllegalActionError(
                "priffe.spader_seat",
                rule=Rule.SPADER_SEAT,
                seat=seat,
                position="priffe.position."
                + ("third" if seat == (self.forhand() + 2) % 4 else "dealer"),
            )
        return None

    # --- chance -------------------------------------------------------------------
    def sample_deal(self, rng: random.Random) -> Deal:
        if self.phase != _DEAL:
            raise IllegalActionError("rule.not_chance", rule=Rule.NOT_CHANCE)
        deck = shuffled_deck(rng)
        # dealt one at a time from förhand round to the dealer
        piles: list[list[int]] = [[] for _ in range(4)]
        for i, c in enumerate(deck):
            piles[i % 4].append(c)
        by_seat = [piles[(s - self.forhand()) % 4] for s in range(4)]
        return Deal(tuple(tuple(h) for h in by_seat))

    def _apply_deal(self, deal: Deal) -> None:
        if self.phase != _DEAL:
            raise IllegalActionError("rule.not_chance", rule=Rule.NOT_CHANCE)
        if len(deal.hands) != 4:
            raise IllegalActionError(
                "priffe.hand_count", rule=Rule.HAND_COUNT, count=len(deal.hands)
            )
        if deal.extra or deal.upcard is not None:
            raise IllegalActionError("priffe.extra", rule=Rule.EXTRA)
        check_dealt(deal.hands, 13, 4)
        self.dealt = [tuple(h) for h in deal.hands]
        self.hands = [mask_of(h) for h in deal.hands]
        self._start_auction()

    def _start_auction(self) -> None:
        self.auction = []
        self.high = PASS
        self.high_seat = None
        self.contract = None
        self.declarers = None
        self.trump = None
        self.tricks = []
        self.tricks_won = [0] * 4
        self.trick = []
        self.phase = _BID
        self.current = self.forhand()

    # --- actions --------------------------------------------------------------------
    def legal_actions(self) -> list[int]:
        if self.phase == _PLAY:
            led = SUIT_OF[self.trick[0]] if self.trick else None
            return cards_of(follow_mask(self.hands[self.current], led))  # no duty to trump
        if self.phase == _BID:
            return [
                CALL_BASE + c for c in range(len(CALLS)) if self.call_error(self.current, c) is None
            ]
        return []

    def _apply_action(self, action: int) -> None:
        if self.phase == _PLAY:
            self._play(action)
            return
        if self.phase == _BID:
            p = self.current
            call = action - CALL_BASE
            if not 0 <= call < len(CALLS):
                key = "priffe.not_a_call.card" if 0 <= action < 52 else "priffe.not_a_call"
                raise IllegalActionError(key, rule=Rule.NOT_A_CALL, seat=p, action=action)
            self._call(p, call)
            return
        raise IllegalActionError(
            "rule.game_over" if self.phase == _OVER else "rule.not_dealt",
            rule=Rule.GAME_OVER if self.phase == _OVER else Rule.NOT_DEALT,
        )

    def _call(self, p: int, call: int) -> None:
        err = self.call_error(p, call)
        if err is not None:
            raise err
        self.auction.append((p, call))
        if call != PASS:
            self.high, self.high_seat = call, p
        if call == SPEL or len(self.auction) == 4:
            self._end_auction()
        else:
            self.current = (p + 1) % 4

    # --- fast undo of a call (cards: TrickGameState) --------------------------------------
    def _fast_undo_entry(self, action: int) -> tuple[Any, ...] | None:
        if self.phase != _BID:
            return None  # cards take trick play's own fast path (TrickGameState.apply_action)
        if action - CALL_BASE == SPEL or len(self.auction) == 3:
            return None  # the call closes the auction (contract, trump, lead): snapshot it
        return ("call", self.current, self.high, self.high_seat)

    def _undo_fast(self, entry: tuple[Any, ...]) -> None:
        if entry[0] != "call":
            super()._undo_fast(entry)
            return
        _, self.current, self.high, self.high_seat = entry
        self.auction.pop()

    def _end_auction(self) -> None:
        rules = self.rules
        if self.high_seat is not None and rules.is_contract(self.high):
            self.contract = self.high
            self.declarers = side_of(self.high_seat)
        else:
            self.contract = TVANGSNOLL
            self.declarers = None
        self.trump = trump_of(self.contract)
        self.phase = _PLAY
        if self.contract == SPEL:
            assert self.high_seat is not None
            lead = (self.high_seat - 1) % 4  # the bidder's right-hand neighbour
        else:
            lead = self.forhand()
        self.current = self.leader = lead

    def _play(self, action: int) -> None:
        self._play_card(self.current, action)

    def _not_a_card(self, seat: int, action: int) -> IllegalActionError:
        if 0 <= action - CALL_BASE < len(CALLS):
            call = CALLS[action - CALL_BASE]
            return IllegalActionError(
                "priffe.auction_closed.card", rule=Rule.AUCTION_CLOSED, seat=seat, call=call
            )
        return super()._not_a_card(seat, action)

    # --- scoring ----------------------------------------------------------------------
    def side_tricks(self) -> tuple[int, int]:
        if self._reported_tricks is not None and len(self._reported_tricks) == 2:
            return self._reported_tricks[0], self._reported_tricks[1]
        t = self.tricks_won
        return t[0] + t[2], t[1] + t[3]

    def _finish_deal(self, honours: dict[str, Any] | None = None) -> None:
        contract = self.contract
        assert contract is not None
        if self.dealt:
            honours = honours_of(contract, [mask_of(h) for h in self.dealt])
        sides = self.side_tricks()
        score = score_deal(self.rules, contract, self.declarers, sides, honours)
        below_now, game_won, rubber_won = self._write_on_the_sheet(score)
        result: dict[str, Any] = {
            "tricks": self._tricks_taken(),
            "points": [score.side_points[side_of(s)] for s in range(4)],
            "contract": CONTRACT_NAMES[contract],
            "bidder": self.high_seat,
            "declarers": [] if self.declarers is None else [self.declarers, self.declarers + 2],
            "made": score.made,
            "side_tricks": list(sides),
            "trick_points": list(score.trick_points),
            "above": list(score.above),
            "honours": score.honours,
            "slam": score.slam,
            "penalty": score.penalty,
            "below": below_now,
            "game_won": game_won,
            "games": list(self.games),
            "rubber_won": rubber_won,
            "rubber": self.rubber_index + 1,
        }
        self.deal_results.append(result)
        self.deal_records.append(self._deal_record(result))
        self.deal_index += 1
        last_dealer = self.seating_now[self.dealer_seat]
        self.dealer_seat = (self.dealer_seat + 1) % 4
        self._reported_tricks = None
        if rubber_won is not None:
            self._close_rubber(rubber_won)
            if self.rubber_index >= self.rules.rubbers:
                self.phase = _OVER
                self.hands = [0] * 4
                return
            self.seating_now = SEATINGS[self.rubber_index]
            # the deal passes from person to person, not seat to seat: to the left of
            # the last dealer where that person now sits (nobody deals twice running)
            self.dealer_seat = (self.seating_now.index(last_dealer) + 1) % 4
        self.phase = _DEAL

    def _tricks_taken(self) -> list[int]:
        reported = self._reported_tricks
        return list(reported) if reported is not None else list(self.tricks_won)

    def _write_on_the_sheet(self, score: DealScore) -> tuple[list[int], int | None, int | None]:
        """Points below and above the line, a game won, a rubber won; each person's
        total.  Returns the line below as it stood, the game and the rubber won."""
        rules = self.rules
        for side in (0, 1):
            self.below[side] += score.trick_points[side]
            self.above[side] += score.above[side]
        below_now = list(self.below)
        game_won = rubber_won = None
        if max(self.below) >= rules.game_target:
            game_won = 0 if self.below[0] >= self.below[1] else 1
            self.games[game_won] += 1
            self.below = [0, 0]
            if self.games[game_won] >= rules.rubber_games:
                rubber_won = game_won
        side_points = score.side_points
        for side in (0, 1):
            self.rubber_points[side] += side_points[side]
        for seat in range(4):
            self.totals[self.seating_now[seat]] += side_points[side_of(seat)]
        return below_now, game_won, rubber_won

    def _close_rubber(self, winner: int) -> None:
        number = self.rubber_index + 1
        self.rubbers.append(
            {
                "rubber": number,
                "seating": list(self.seating_now),
                "winner": winner,
                "games": list(self.games),
                "points": list(self.rubber_points),
                "deals": sum(1 for r in self.deal_results if r["rubber"] == number),
            }
        )
        self.rubber_index += 1
        self.below, self.above = [0, 0], [0, 0]
        self.games, self.rubber_points = [0, 0], [0, 0]

    # --- reported deals -----------------------------------------------------------------
    def _apply_reported_deal(self, deal: dict[str, Any]) -> None:
        """A deal played with real cards: the calls, the tricks and the honours as reported.

        ``result.tricks`` gives tricks per side (``[side 0, side 1]``) or per seat;
        ``result.honours`` is ``null``/absent, or ``{"side": s, "held": [4, 0] |
        [3, 1] | [3, 0]}`` (how many of the four honours the side's two hands
        held, larger first; ``"kind"`` may be added and must fit the contract).

        >>> state = PriffeState()
        >>> state.apply_reported_deal({"dealer": 0,
        ...     "auction": [{"seat": 1, "call": "pass"}, {"seat": 2, "call": "hjärter"},
        ...                 {"seat": 3, "call": "pass"}, {"seat": 0, "call": "pass"}],
        ...     "result": {"tricks": [9, 4], "honours": {"side": 1, "held": [3, 0]}}})
        >>> r = state.deal_results[0]
        >>> r["contract"], r["points"], state.totals
        ('hjärter', [30, 30, 30, 30], [30, 30, 30, 30])
        >>> state.apply_reported_deal({"dealer": 1, "auction": [{"seat": 2, "call": "pass"},
        ...     {"seat": 3, "call": "pass"}, {"seat": 0, "call": "spader"}]})
        Traceback (most recent call last):
        ...
        stickspel.core.errors.IllegalActionError: spader may only be bid by förhand or second hand (seat 0 is third hand)
        """
        if self.phase != _DEAL:
            raise IllegalActionError(
                "rule.game_over" if self.phase == _OVER else "priffe.unfinished",
                rule=Rule.GAME_OVER if self.phase == _OVER else Rule.TRUNCATED,
            )
        if "dealer" in deal and deal["dealer"] != self.dealer_seat:
            raise IllegalActionError(
                "priffe.dealer",
                rule=Rule.DEALER,
                seat=deal["dealer"] if isinstance(deal["dealer"], int) else None,
                who=deal["dealer"],
                dealer=self.dealer_seat,
            )
        if "seating" in deal and list(deal["seating"]) != list(self.seating_now):
            raise IllegalActionError(
                "priffe.seating",
                rule=Rule.SEATING,
                seating=deal["seating"],
                rubber=self.rubber_index + 1,
                expected=list(self.seating_now),
            )
        saved = self._snapshot()
        try:
            self._apply_reported(deal)
        except IllegalActionError:
            self._restore(saved)  # nothing entered is lost or half-applied
            raise

    def _apply_reported(self, deal: dict[str, Any]) -> None:
        self.dealt = []
        self.hands = [0] * 4
        self._start_auction()
        self._run_auction(deal.get("auction") or [])
        if self.phase != _PLAY:
            raise IllegalActionError(
                "priffe.calls_missing",
                rule=Rule.TRUNCATED,
                given=len(self.auction),
                next=self.current,
            )
        result = deal.get("result")
        if not isinstance(result, dict):
            raise IllegalActionError("priffe.result_missing", rule=Rule.MISSING_FIELD)
        tricks = result.get("tricks")
        if (
            not isinstance(tricks, list)
            or len(tricks) not in (2, 4)
            or not all(isinstance(t, int) and not isinstance(t, bool) and t >= 0 for t in tricks)
        ):
            raise IllegalActionError("priffe.result_tricks", rule=Rule.MISSING_FIELD)
        if sum(tricks) != 13:
            raise IllegalActionError("priffe.trick_sum", rule=Rule.TRICK_SUM, total=sum(tricks))
        honours = self._check_honours(result.get("honours"))
        if "contract" in result and result["contract"] != self.contract_name():
            raise IllegalActionError(
                "priffe.result_contract",
                rule=Rule.RESULT_CONTRACT,
                said=result["contract"],
                contract=self.contract_name(),
            )
        self._reported_tricks = list(tricks)
        if len(tricks) == 4:
            self.tricks_won = list(tricks)
        self._finish_deal(honours)

    def _run_auction(self, entries: Any) -> None:
        """Apply recorded calls (``{"seat", "call"}``) from the start of an auction."""
        if not isinstance(entries, list):
            raise IllegalActionError("priffe.auction_not_list", rule=Rule.MALFORMED)
        for entry in entries:
            if not isinstance(entry, dict):
                raise IllegalActionError("priffe.auction_entry", rule=Rule.MALFORMED)
            seat = entry.get("seat")
            raw = str(entry.get("call"))
            if self.phase != _BID:
                raise IllegalActionError(
                    "priffe.auction_closed.after_spel"
                    if self.high == SPEL
                    else "priffe.auction_closed.call",
                    rule=Rule.AUCTION_CLOSED,
                    seat=seat if isinstance(seat, int) else None,
                    who=seat,
                    call=raw,
                )
            if seat != self.current:
                raise IllegalActionError(
                    "priffe.turn",
                    rule=Rule.TURN,
                    seat=seat if isinstance(seat, int) else None,
                    who=seat,
                    current=self.current,
                )
            try:
                action = self.string_to_action(raw)
            except InvalidActionError as e:
                # the text is not a call: the record is malformed at this seat
                raise IllegalActionError(
                    e.key or str(e), rule=Rule.MALFORMED, seat=seat, **e.params
                ) from None
            self._apply_action(action)

    def _check_honours(self, raw: Any) -> dict[str, Any] | None:
        if raw is None:
            return None
        assert self.contract is not None
        if not isinstance(raw, dict):
            raise IllegalActionError("priffe.honours.shape", rule=Rule.HONOURS)
        side, held = raw.get("side"), raw.get("held")
        if side not in (0, 1):
            raise IllegalActionError("priffe.honours.side", rule=Rule.HONOURS, side=side)
        if (
            not isinstance(held, list)
            or not all(isinstance(h, int) for h in held)
            or tuple(held) not in HONOUR_POINTS
        ):
            raise IllegalActionError("priffe.honours.held", rule=Rule.HONOURS, held=held)
        kind = honour_kind(self.contract)
        if "kind" in raw and raw["kind"] != kind:
            raise IllegalActionError(
                "priffe.honours.kind",
                rule=Rule.HONOURS,
                contract=self.contract_name(),
                kind=kind,
                said=raw["kind"],
            )
        points = HONOUR_POINTS[(held[0], held[1])]
        if "points" in raw and raw["points"] != points:
            raise IllegalActionError(
                "priffe.honours.points",
                rule=Rule.HONOURS,
                held=held,
                points=points,
                said=raw["points"],
            )
        if not self.rules.honours:
            raise IllegalActionError("priffe.honours.off", rule=Rule.HONOURS)
        return {"side": side, "held": list(held)}

    def _last_contract(self) -> str | None:
        if self.phase == _PLAY or not self.deal_records:
            return self.contract_name()
        return str(self.deal_records[-1]["result"]["contract"])

    def _last_trump(self) -> int | None:
        name = self._last_contract()
        return None if name is None else trump_of(CONTRACT_NAMES.index(name))

    # --- text ---------------------------------------------------------------------------
    def action_to_string(self, action: int) -> str:
        if 0 <= action < 52:
            return card_str(action)
        if 0 <= action - CALL_BASE < len(CALLS):
            return CALLS[action - CALL_BASE]
        return str(action)

    def string_to_action(self, text: str) -> int:
        key = " ".join(text.strip().lower().split())
        for prefix in ("bid ", "bud ", "bjud ", "call "):
            if key.startswith(prefix):
                key = key[len(prefix) :].strip()
        if key in CALL_ALIASES:
            return CALL_BASE + CALL_ALIASES[key]
        try:
            return parse_card(text)
        except CardError:
            raise InvalidActionError("priffe.not_an_action", text=text.strip()) from None

    # --- information ----------------------------------------------------------------------
    def public_observation(self) -> dict[str, Any]:
        """What anyone at the table may know now (:func:`~.observer.public_observation`)."""
        return public_observation(self)

    def observation(self, seat: int) -> PriffeObservation:
        """What ``seat`` sees (:class:`~stickspel.games.priffe.observer.PriffeObservation`):
        its own hand, the calls, the contract, the play so far, scores; never another hand."""
        return observe(self, seat)

    @classmethod
    def observation_shape(cls, rules: Rules) -> tuple[int, ...]:
        assert isinstance(rules, PriffeRules)
        return observation_shape(rules)

    def observation_tensor(self, seat: int) -> np.ndarray:
        """``seat``'s view as float32 (layout: :mod:`stickspel.games.priffe.observer`)."""
        return observation_tensor(self, seat)

    @classmethod
    def max_game_length(cls, rules: Rules) -> int:
        """Rubbers × deals per rubber × (4 calls + 52 cards), counting deals that score
        below the line: each gives the side that scores at least the smallest trick
        value.  (A tvångsnoll split 6–7 scores nothing, so a parti of many such deals
        has no bound; this is the bound of every parti without them.)"""
        assert isinstance(rules, PriffeRules)
        values = (rules.trick_value,) if rules.style == "modern" else rules.old_values
        step = min(values)
        deals_per_game = 2 * (-(-rules.game_target // step) - 1) + 1
        games_per_rubber = 2 * rules.rubber_games - 1
        return rules.rubbers * games_per_rubber * deals_per_game * (4 + 52)

    def public_action(self, action: int) -> bool:
        """Every call and every card of Priffe is seen by the whole table."""
        return True

    def sample_world(self, seat: int, rng: random.Random) -> PriffeState:
        """A state ``seat`` cannot tell from this one: the cards it has not seen
        dealt at random to the other seats, each keeping the cards it has played
        and holding none of a suit it has shown void in (not followed)."""
        deal, actions = self.current_deal_items()
        if deal is None or self.deal_over():
            return self.clone()
        hands = deal_unseen(self, seat, deal.hands[seat], rng)
        return self._rebuild_deal(Deal(hands), actions)

    def clone(self) -> PriffeState:
        new = super().clone()
        if self._reported_tricks is not None:
            new._reported_tricks = list(self._reported_tricks)
        return new

    # --- records --------------------------------------------------------------------------
    def _deal_record(self, result: dict[str, Any] | None) -> dict[str, Any]:
        deal: dict[str, Any] = {"dealer": self.dealer_seat, "seating": list(self.seating_now)}
        if self.dealt:
            deal["hands"] = [[card_str(c) for c in h] for h in self.dealt]
        if self.phase == _PLAY or result is not None:
            deal["trump"] = suit_str(self.trump)
        deal["auction"] = [{"seat": s, "call": CALLS[c]} for s, c in self.auction]
        if self.dealt:
            deal["tricks"] = self._tricks_record()
        if result is not None:
            deal["result"] = dict(result)
        return deal

    def _summarize(self, deal: dict[str, Any], number: int) -> dict[str, Any]:
        return summarize(deal, number)

    def _seat_in_deal(self, deal: dict[str, Any], player: int | None) -> int | None:
        """The seat ``player`` held in ``deal``: people change seats between rubbers."""
        seating = deal.get("seating")
        if player is None or not isinstance(seating, list) or player not in seating:
            return player
        return seating.index(player)

    def to_record(self, players: Sequence[str] | None = None) -> dict[str, Any]:
        doc = super().to_record(players)
        doc["priffe"] = {"rubbers": [dict(r) for r in self.rubbers]}
        return doc

"""Property tests: random Plump games under every preset and random valid rules.

Each game is played with random legal actions (and some refused illegal ones)
and checked step by step against a second, plain computation of the rules.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stickspel.core import CHANCE, TERMINAL, IllegalActionError, RulesError
from stickspel.core.cards import SUIT_MASKS, card_str, cards_of, mask_of, suit_of, trick_winner
from stickspel.games.plump import BID_BASE, PlumpRules, PlumpState, score_deal

CARD_NAMES = {card_str(c) for c in range(52)}


def cards_in(obs: Any) -> set[str]:
    """Every card text anywhere in an observation."""
    found: set[str] = set()

    def walk(x: Any) -> None:
        if isinstance(x, str) and x in CARD_NAMES:
            found.add(x)
        elif isinstance(x, dict):
            for v in x.values():
                walk(v)
        elif isinstance(x, list | tuple):
            for v in x:
                walk(v)

    walk(obs)
    return found


@st.composite
def plump_rules(draw: st.DrawFn) -> PlumpRules:
    """Random valid rules; deal sizes kept small except for single-deal games."""
    players = draw(st.integers(2, 10))
    hands = players + 1 if players == 2 else players
    order = draw(st.sampled_from(["down_up", "up_down", "up", "down", "single"]))
    top = 52 // hands if order == "single" else min(52 // hands, 4)
    max_cards = (
        draw(st.none() | st.integers(1, top)) if order == "single" else draw(st.integers(1, top))
    )
    bidding = draw(st.sampled_from(["sequential", "simultaneous"]))
    sparr = False if bidding == "simultaneous" else draw(st.booleans())
    return PlumpRules(
        players=players,
        max_cards=max_cards,
        deal_order=order,
        sparr=sparr,
        scoring=draw(st.sampled_from(["standard", "per_trick", "tricks_only"])),
        plump_penalty=draw(st.booleans()),
        trump=draw(st.sampled_from(["upcard", "rotation", "rotation_nt", "none"])),
        no_trump_largest=draw(st.booleans()),
        bidding=bidding,
        first_lead=draw(st.sampled_from(["forhand", "dealer"])),
        tie_break=draw(st.booleans()),
    )


def play_checked(rules: PlumpRules, seed: int, first_dealer: int = 0) -> PlumpState:
    """Play a whole game with random legal actions, checking every rule on the way."""
    rng = random.Random(seed)
    n = rules.players
    state = PlumpState(rules, first_dealer=first_dealer)
    schedule = list(rules.schedule())
    totals = [0] * n
    dealer = first_dealer
    deals = 0
    while not state.is_terminal():
        assert state.current_player() == CHANCE
        size = schedule[deals] if deals < len(schedule) else rules.largest
        assert state.hand_size == size and state.dealer() == dealer
        d = state.apply_chance(rng)
        # 52 distinct cards: hands, blind hand, upcard
        dealt = [c for h in d.hands for c in h] + [c for p in d.extra for c in p]
        if d.upcard is not None:
            dealt.append(d.upcard)
        assert len(set(dealt)) == len(dealt) and all(0 <= c < 52 for c in dealt)
        assert [len(h) for h in d.hands] == [size] * n
        assert [len(p) for p in d.extra] == ([size] if n == 2 else [])
        left = 52 - size * rules.hands
        rule = rules.trump_rule(deals, size)
        if rule == "upcard":
            assert (d.upcard is not None) == (left > 0)
            assert state.trump == (None if d.upcard is None else suit_of(d.upcard))
        else:
            assert d.upcard is None and state.trump == rule
        hands = [mask_of(h) for h in d.hands]
        forhand = (dealer + 1) % n
        bids: list[int] = []
        # bidding
        for k in range(n):
            seat = (forhand + k) % n
            assert state.current_player() == seat
            legal = state.legal_actions()
            want = list(range(size + 1))
            if seat == dealer and rules.sparr and size - sum(bids) in want:
                want.remove(size - sum(bids))
            assert legal == [BID_BASE + b for b in want]
            check_observations(state, hands, rules, bids_done=k)
            refuse_illegal(state, rng)
            bid = rng.choice(legal) - BID_BASE
            state.apply_action(BID_BASE + bid)
            bids.append(bid)
        by_seat = [bids[(s - forhand) % n] for s in range(n)]
        if rules.sparr:
            assert sum(bids) != size  # spärren holds in every deal
        # play
        leader = dealer if rules.first_lead == "dealer" else forhand
        won = [0] * n
        played = 0
        for t in range(size):
            trick: list[int] = []
            for k in range(n):
                seat = (leader + k) % n
                assert state.current_player() == seat
                legal = state.legal_actions()
                follow = hands[seat] & SUIT_MASKS[suit_of(trick[0])] if trick else 0
                assert legal == cards_of(follow or hands[seat])
                check_observations(state, hands, rules, played=played)
                refuse_illegal(state, rng)
                card = rng.choice(legal)
                assert hands[seat] >> card & 1  # from the hand
                if trick and suit_of(card) != suit_of(trick[0]):
                    assert not hands[seat] & SUIT_MASKS[suit_of(trick[0])]  # follows if able
                state.apply_action(card)
                hands[seat] &= ~(1 << card)
                trick.append(card)
                played |= 1 << card
            winner = (leader + trick_winner(trick, state.trump)) % n
            last = state.last_trick()
            assert last == (leader, tuple(trick), winner)  # one winner per trick
            won[winner] += 1
            leader = winner
            if t < size - 1:
                assert state.current_player() == winner  # who leads next
        assert not any(hands)
        assert sum(won) == size  # tricks per deal sum to the hand size
        result = state.deal_results[deals]
        assert result["bids"] == by_seat and result["tricks"] == won
        points = [score_deal(rules, b, w) for b, w in zip(by_seat, won, strict=True)]
        assert result["points"] == points
        totals = [a + b for a, b in zip(totals, points, strict=True)]
        assert state.totals == totals  # totals are the sum of deal points
        deals += 1
        dealer = (dealer + 1) % n
        if deals >= len(schedule):
            tied = totals.count(max(totals)) > 1
            assert state.is_terminal() == (not (rules.tie_break and tied))
        else:
            assert not state.is_terminal()
        if deals > len(schedule) + 200:
            raise AssertionError("the tie-break never ends")
    assert state.current_player() == TERMINAL
    top = max(totals)
    assert state.winners() == [s for s in range(n) if totals[s] == top]
    if rules.tie_break:
        assert len(state.winners()) == 1
    assert [h["cards"] for h in state.deal_records] == schedule + [rules.largest] * (
        deals - len(schedule)
    )
    assert [h["dealer"] for h in state.deal_records] == [
        (first_dealer + i) % n for i in range(deals)
    ]
    record = json.loads(json.dumps(state.to_record()))
    assert record["totals"] == totals and record["winner"] == state.winners()
    return state


def check_observations(
    state: PlumpState,
    hands: list[int],
    rules: PlumpRules,
    bids_done: int | None = None,
    played: int = 0,
) -> None:
    """No seat sees another seat's cards (or the blind hand) or, bidding at once, others' bids."""
    upcard = {card_str(state.upcard)} if state.upcard is not None else set()
    public = {card_str(c) for c in cards_of(played)} | upcard
    for seat in range(rules.players):
        obs = state.observation(seat)
        json.dumps(obs.to_dict())  # plain JSON data
        assert obs["hand"] == [card_str(c) for c in cards_of(hands[seat])]
        own = set(obs["hand"])
        assert cards_in(obs) <= own | public
        if bids_done is not None and rules.bidding == "simultaneous":
            shown = [s for s, b in enumerate(obs["bids"]) if b is not None]
            assert shown in ([], [seat])


def refuse_illegal(state: PlumpState, rng: random.Random) -> None:
    """An action outside the legal ones is refused and changes nothing."""
    legal = set(state.legal_actions())
    others = [a for a in range(state.num_distinct_actions()) if a not in legal]
    if not others:
        return
    before = state.information_state_string(state.current_player())
    player = state.current_player()
    with pytest.raises(IllegalActionError):
        state.apply_action(rng.choice(others))
    assert state.current_player() == player
    assert state.information_state_string(player) == before


@settings(max_examples=60)
@given(rules=plump_rules(), seed=st.integers(0, 2**32 - 1), dealer=st.integers(0, 9))
def test_random_games_under_random_rules(rules: PlumpRules, seed: int, dealer: int) -> None:
    play_checked(rules, seed, dealer % rules.players)


@settings(max_examples=15)  # whole games of up to 25 deals; each preset also runs once below
@given(
    preset=st.sampled_from(sorted(PlumpRules.PRESETS)),
    players=st.integers(2, 10),
    seed=st.integers(0, 2**32 - 1),
)
def test_random_games_under_every_preset(preset: str, players: int, seed: int) -> None:
    try:
        rules = PlumpRules.preset(preset, players=players)
    except RulesError:
        rules = PlumpRules.preset(preset)  # a preset that fixes its own player count
    play_checked(rules, seed)


@pytest.mark.parametrize("preset", sorted(PlumpRules.PRESETS))
def test_each_preset_plays_through(preset: str) -> None:
    play_checked(PlumpRules.preset(preset), 2024)


@settings(max_examples=40)
@given(rules=plump_rules(), seed=st.integers(0, 2**32 - 1), steps=st.integers(0, 80))
def test_clone_is_independent(rules: PlumpRules, seed: int, steps: int) -> None:
    rng = random.Random(seed)
    state = PlumpState(rules)
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_chance():
            state.apply_chance(rng)
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    copy = state.clone()
    before = json.dumps(state.to_record())
    # play the copy on; the original must not move
    rng2 = random.Random(seed + 1)
    while not copy.is_terminal():
        if copy.is_chance():
            copy.apply_chance(rng2)
        else:
            copy.apply_action(rng2.choice(copy.legal_actions()))
    assert json.dumps(state.to_record()) == before

"""Whole-game properties of Tremanswhist under random rules, checked step by step."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from stickspel.core import IllegalActionError
from stickspel.core.cards import make_rng
from stickspel.games.tremanswhist import TremanswhistRules, TremanswhistState

rules_strategy = st.one_of(
    st.builds(
        TremanswhistRules,
        offer_continues=st.booleans(),
        minus_trump=st.booleans(),
        win_score=st.integers(1, 12),
        max_deals=st.sampled_from([3, 10, 40]),
    ),
    st.builds(
        lambda p, m: TremanswhistRules(form="buying", plus_targets=p, minus_targets=m),
        st.sampled_from([(6, 5, 2), (5, 5, 3), (4, 4, 5)]),
        st.sampled_from([(2, 5, 6), (3, 5, 5), (13, 0, 0)]),
    ),
)


@settings(max_examples=40)
@given(rules_strategy, st.integers(0, 2**32))
def test_random_games_keep_every_invariant(rules: TremanswhistRules, seed: int) -> None:
    state = TremanswhistState(rules, first_dealer=seed % 3)
    rng, pick = make_rng(seed), random.Random(seed)
    steps = 0
    while not state.is_terminal():
        if state.is_chance():
            state.apply_chance(rng)
            continue
        legal = state.legal_actions()
        assert legal and legal == sorted(set(legal))
        # an illegal action is refused and changes nothing
        illegal = [a for a in range(state.num_distinct_actions()) if a not in legal]
        if illegal and steps % 7 == 0:
            before = state.information_state_string(state.current_player())
            a = pick.choice(illegal)
            try:
                state.apply_action(a)
            except IllegalActionError:
                pass
            else:
                raise AssertionError(f"illegal action {state.action_to_string(a)} was applied")
            assert state.information_state_string(state.current_player()) == before
        seat = state.current_player()
        copy, seen = state.clone(), state.information_state_string(seat)
        state.apply_action(pick.choice(legal))
        assert copy.information_state_string(seat) == seen  # a clone is independent
        steps += 1
        if state.phase == 3:  # in play: every seat holds 13 less what it has played
            played = len(state.tricks) * 3 + len(state.trick)
            sizes = [h.bit_count() for h in state.hands]
            assert sum(sizes) == 39 - played
    assert state.winners()
    for result in state.deal_results:
        assert sum(result["tricks"]) == 13
        if rules.buying:
            assert sum(result["points"]) == 0
            assert sum(result["targets"]) == 13
            assert sum(result["bought"]) <= 13
        else:
            sign = 1 if result["kind"] == "plus" else -1
            assert sum(result["points"]) == sign - len(result["exchanged"])
    if rules.buying:
        assert state.deal_index == 9
    else:
        top = max(state.totals)
        unique = state.totals.count(top) == 1
        assert (top >= rules.win_score and unique) or state.deal_index == rules.max_deals
        # no earlier deal ended the game
        running = [0, 0, 0]
        for result in state.deal_results[:-1]:
            running = [a + b for a, b in zip(running, result["points"], strict=True)]
            m = max(running)
            assert not (m >= rules.win_score and running.count(m) == 1)

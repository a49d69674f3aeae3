"""The level bots: legal, deaf to hidden cards, clear of the known Oh Hell blunders.

Search bots are run with a fixed number of worlds (``samples``) and no clock, so
that each decision depends only on the seed and the observation.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from positions import plump_position

from stickspel import load_game
from stickspel.bots import LEVELS, InformationSet, Turn, bot_names, make_bot
from stickspel.bots.expert import ExpertBot, IntermediateBot
from stickspel.bots.search_adapter import adapter_for
from stickspel.core import Deal, GameState, RulesError
from stickspel.core.cards import parse_cards
from stickspel.core.turn import needs_worlds
from stickspel.games.plump import PlumpRules, PlumpState
from stickspel.games.registry import GAMES

#: Both card evaluators: the bitmask play-outs and the double-dummy solver.
EVALUATORS = pytest.mark.parametrize("cards", ["rollout", "dd", "ismcts"])


def expert(samples: int = 24, seed: int = 1, cards: str = "auto") -> ExpertBot:
    return ExpertBot(seed=seed, think_ms=None, samples=samples, cards=cards)


def choice(bot: object, state: PlumpState) -> str:
    return state.action_to_string(bot.act(Turn.of(state)))  # type: ignore[attr-defined]


# --- levels -------------------------------------------------------------------------------
@pytest.mark.parametrize("game", ["plump", "priffe", "tremanswhist"])
def test_every_level_is_offered_and_plays_a_deal_legally(game: str) -> None:
    g = load_game(game)
    state = g.new_initial_state()
    state.apply_chance(random.Random(4))
    bots = {
        kind: make_bot(game, kind, seed=3, think_ms=1) for kind in (*LEVELS, "heuristic", "random")
    }
    kinds = list(bots)
    k = 0
    while not state.deal_over():
        turn = Turn.of(state)
        action = bots[kinds[k % len(kinds)]].act(turn)
        assert action in turn.legal_actions
        state.apply_action(action)
        k += 1


@pytest.mark.parametrize("game", ["priffe", "tremanswhist"])
def test_calls_by_simulation_are_legal(game: str) -> None:
    state = load_game(game).new_initial_state()
    state.apply_chance(random.Random(6))
    bot = ExpertBot(seed=2, think_ms=None, samples=2, search_calls=True, cards="rollout")
    while state.phase != type(state).PLAY_PHASE and not state.deal_over():
        turn = Turn.of(state)
        scores = adapter_for(game).call_values(
            bot.config,
            turn.sample_world(random.Random(1)),
            turn.seat,
            list(turn.legal_actions),
            random.Random(2),
        )
        assert set(scores) == set(turn.legal_actions)
        action = bot.act(turn)
        assert action in turn.legal_actions
        state.apply_action(action)


def test_think_ms_reaches_the_levels_and_is_checked() -> None:
    assert make_bot("plump", "expert", seed=1, think_ms=30).think_ms == 30  # type: ignore[attr-defined]
    assert make_bot("plump", "expert", seed=1).think_ms == 200  # type: ignore[attr-defined]
    assert make_bot("plump", "intermediate").think_ms == 50  # type: ignore[attr-defined]
    make_bot("plump", "heuristic", think_ms=30)  # answers at once: the budget is moot
    with pytest.raises(RulesError, match="thinking time"):
        make_bot("plump", "expert", think_ms=-1)


# --- hidden information ------------------------------------------------------------------
def _blind_bot(game: str, kind: str, seed: int) -> Any:
    """A bot of ``kind`` whose choices depend on nothing but its seed and its turn:
    the search levels with fixed work (a number of worlds and simulations, no clock)."""
    if kind in ("expert", "intermediate"):
        return _fixed(kind, seed)
    return make_bot(game, kind, seed=seed)


@pytest.mark.parametrize(
    ("game", "kind"),
    [(game, kind) for game in GAMES for kind in bot_names(game)],
)
def test_choice_does_not_change_when_the_hidden_hands_are_redealt(game: str, kind: str) -> None:
    # every bot of every game, on the real state and on two worlds its seat cannot
    # tell apart, chooses alike: no choice reads a hidden card
    g = load_game(game)
    state = g.new_initial_state()
    deal_rng, shuffle_rng = random.Random(11), random.Random(12)
    state.apply_chance(deal_rng)
    model = make_bot(game, "heuristic", seed=0)
    checked = 0
    while not state.deal_over():
        seat = state.current_player()
        others = [state.sample_world(seat, shuffle_rng) for _ in range(2)]  # hidden cards anew
        assert all(other.observation(seat) == state.observation(seat) for other in others)
        if len(state.legal_actions()) > 1 and checked < 6:
            real = _blind_bot(game, kind, 7).act(Turn.of(state))
            assert all(_blind_bot(game, kind, 7).act(Turn.of(o)) == real for o in others)
            checked += 1
        state.apply_action(model.act(Turn.of(state)))
    assert checked == 6


def test_a_turn_holds_no_state_and_its_worlds_come_from_what_the_seat_knows() -> None:
    state = load_game("plump").new_initial_state()
    state.apply_chance(random.Random(5))
    turn = Turn.of(state)
    assert not any(isinstance(v, GameState) for v in vars(turn).values())
    assert turn.info is not None and not hasattr(turn.info, "_state")  # the frame alone
    frame = turn.frame  # dealt at once, by a fixed stream
    assert frame is not state and frame.observation(turn.seat) == state.observation(turn.seat)
    other = Turn.of(state.sample_world(turn.seat, random.Random(9)))
    for k in range(3):  # the same worlds from the real state and from one it cannot tell
        assert turn.sample_world(random.Random(k)).history() == (
            other.sample_world(random.Random(k)).history()
        )
    made = Turn(turn.seat, turn.observation, turn.legal_actions, state.clone())
    assert isinstance(made.info, InformationSet) and made.game == "plump"
    assert (
        made.sample_world(random.Random(1)).history()
        == turn.sample_world(random.Random(1)).history()
    )


def test_a_turn_without_worlds_says_so_and_bots_declare_what_they_need() -> None:
    state = load_game("plump").new_initial_state()
    state.apply_chance(random.Random(5))
    bare = Turn.of(state, worlds=False)
    assert bare.info is None and bare.game == "plump"
    with pytest.raises(LookupError, match="without worlds"):
        bare.sample_world(random.Random(1))
    with pytest.raises(LookupError, match="needs_worlds"):
        _ = bare.frame
    for game in GAMES:
        wants = {kind: needs_worlds(make_bot(game, kind, seed=1)) for kind in bot_names(game)}
        assert wants == {
            "random": False,
            "heuristic": False,
            "beginner": False,
            "intermediate": True,
            "expert": True,
        }
        # a bot that says it needs no worlds plays a deal from turns without them
        for kind in (k for k, needs in wants.items() if not needs):
            state = load_game(game).new_initial_state()
            bot = make_bot(game, kind, seed=1)
            while not state.is_terminal() and len(state.deal_records) < 2:
                if state.is_chance():
                    state.apply_chance(random.Random(3))
                else:
                    state.apply_action(bot.act(Turn.of(state, worlds=False)))


def _fixed(kind: str, seed: int) -> ExpertBot:
    cls = ExpertBot if kind == "expert" else IntermediateBot
    return cls(seed=seed, think_ms=None, samples=6)


# --- the known blunders ------------------------------------------------------------------
@EVALUATORS
def test_no_low_trump_lead_when_every_trick_is_needed(cards: str) -> None:
    # seat 0 bid all three: the 2 of trumps led now loses to any higher trump
    state = plump_position(
        ["AS 2S AH", "KS 3H 4H", "5H 6H 7H", "8H 9H TH"], "3S", 3, ["3", "0", "0", "1"]
    )
    assert state.current_player() == 0
    for bot in (
        expert(cards=cards),
        IntermediateBot(seed=1, think_ms=None, samples=24, cards=cards),
    ):
        assert choice(bot, state) != "2S"


@EVALUATORS
def test_the_top_remaining_trump_is_a_sure_trick(cards: str) -> None:
    # AS and KS are gone: seat 0's QS will take a trick whatever happens, so it
    # needs no other; ruffing now would leave JH to win the last trick too
    state = plump_position(
        ["2D QS JH", "AS 3C 4C", "KS 5C 6C", "3D 7C 8C"],
        "3S",
        3,
        ["1", "1", "0", "0", "2D", "AS", "KS", "3D", "3C", "5C", "7C"],
    )
    assert state.current_player() == 0
    assert choice(expert(cards=cards), state) == "JH"


@EVALUATORS
def test_no_ruffing_in_to_take_a_lead_that_costs_the_bid(cards: str) -> None:
    # seat 0 needs one trick with 2S and AH left: ruffing the diamond wins it but
    # leaves AH to lead and win again; throwing AH keeps 2S for the last trick
    state = plump_position(
        ["3S 2S AH 5C", "4D 5D 6D 7C", "9D TD JD 8C", "AS 7D 8D 9C"],
        "9S",
        2,
        ["1", "1", "0", "0", "AS", "3S", "7C", "8C", "9C", "5C", "4D", "9D", "7D"],
    )
    assert state.current_player() == 0
    assert choice(expert(samples=40, cards=cards), state) == "AH"


@EVALUATORS
def test_cards_of_one_worth_spend_the_high_one_once_no_trick_is_wanted(cards: str) -> None:
    # seat 1 bid 0: under the ace both clubs lose and so does the one kept, so they
    # are worth the same; the goal breaks the tie, the seven goes (the lowest card
    # would be the choice of a seat still wanting tricks)
    hands = ["AC 2H", "7C 6C", "KD QD"]
    state = plump_position(hands, "3S", 2, ["1", "0", "0", "AC"])
    assert state.current_player() == 1
    assert choice(expert(cards=cards), state) == "7C"
    wanting = plump_position(hands, "3S", 2, ["0", "1", "0", "AC"])
    assert choice(expert(cards=cards), wanting) == "6C"


@EVALUATORS
def test_dealer_does_not_slide_to_nought_holding_the_trump_ace(cards: str) -> None:
    # the others bid 2 of 3 tricks: the spärr forbids the dealer's natural 1; with
    # the ace of trumps 0 cannot be made, so 2 is the better miss-risk
    state = plump_position(
        ["KH QH 4C", "KD QD 5C", "6C 7C 8C", "AS 2H 3D"], "9S", 3, ["1", "1", "0"]
    )
    assert state.current_player() == 3
    assert state.forbidden_bid() == 1
    assert choice(expert(cards=cards), state) == "2"


# --- bid inference ---------------------------------------------------------------------------
def test_bid_inference_gives_a_high_bidder_more_high_cards_and_trumps() -> None:
    from stickspel.bots.search_adapter import world_weight
    from stickspel.core.cards import SUIT_MASKS

    state = PlumpState(PlumpRules(players=4, max_cards=8, deal_order="single"), first_dealer=3)
    state.apply_chance(random.Random(21))
    state.apply_text("5")  # seat 0 bids high
    state.apply_text("0")  # seat 1 bids nought
    trump = state.trump
    assert trump is not None
    top = sum(1 << (13 * s + r) for s in range(4) for r in (11, 12)) | SUIT_MASKS[trump]

    def strength(hand: tuple[int, ...]) -> int:
        return sum(1 for c in hand if top >> c & 1)

    rng = random.Random(3)
    plain = {0: 0.0, 1: 0.0}
    weighted = {0: 0.0, 1: 0.0}
    total = 0.0
    worlds = 400
    for _ in range(worlds):
        world = state.sample_world(2, rng)
        w = world_weight(world, 2)
        total += w
        for s in (0, 1):
            plain[s] += strength(world.dealt[s]) / worlds
            weighted[s] += w * strength(world.dealt[s])
    weighted = {s: v / total for s, v in weighted.items()}
    assert weighted[0] > plain[0] + 0.5
    assert weighted[1] < plain[1] - 0.3


def test_call_inference_weighs_priffe_worlds_by_the_heuristic_model() -> None:
    from stickspel.bots.inference import MISMATCH, policy_weight

    g = load_game("priffe")
    state = g.new_initial_state()
    state.apply_chance(random.Random(8))
    model = make_bot("priffe", "heuristic", seed=0)
    seat = state.current_player()
    state.apply_action(model.act(Turn.of(state)))  # the real calls: the model's own
    observer = state.current_player()
    assert policy_weight(state, observer) == 1.0  # the real hands agree with the model
    rng = random.Random(1)
    weights = {policy_weight(state.sample_world(observer, rng), observer) for _ in range(40)}
    assert weights <= {1.0, MISMATCH} and len(weights) == 2
    assert seat != observer


# --- the objectives read the search's values ----------------------------------------------
@pytest.mark.parametrize("text", ["plump(players=4,max_cards=6,deal_order=single)", "priffe"])
def test_search_values_read_as_the_objective_of_the_line_played(text: str) -> None:
    from stickspel.bots.search_adapter import objective_of
    from stickspel.search import Position, card_values, dd_trick_counts

    model = make_bot(text.split("(")[0], "heuristic", seed=0)
    checked = 0
    for k in range(8):
        state = load_game(text).new_initial_state()
        state.apply_chance(random.Random(200 + k))

        def early(state: Any) -> bool:  # before the last three cards a hand
            return state.phase != type(state).PLAY_PHASE or sum(
                h.bit_count() for h in state.hands
            ) > 3 * len(state.hands)

        while early(state) and not state.deal_over():
            state.apply_action(model.act(Turn.of(state)))
        if state.deal_over():
            continue
        seat = state.current_player()
        pos = Position.from_state(state)
        objective = objective_of(state)
        for card, value in card_values(pos, dds=False).items():
            pos.play(card)
            line = dd_trick_counts(pos)
            final = [a + b for a, b in zip(pos.tricks, line, strict=True)]
            pos.unplay()
            assert objective.of_search(pos, seat, value) == objective.values(final)[seat]
            checked += 1
    assert checked >= 8


@EVALUATORS
def test_priffe_no_overtaking_the_partners_winning_card(cards: str) -> None:
    from stickspel.games.priffe import PriffeState

    hearts = {0: "3H 5H 7H 8H", 1: "KH 9H TH", 2: "4H 6H JH", 3: "AH QH 2H"}
    hands = {s: parse_cards(h) for s, h in hearts.items()}
    k = 0
    for c in range(52):  # the other suits round the table, three or four short hands
        if c // 13 == 2:
            continue
        while len(hands[k % 4]) >= 13:
            k += 1
        hands[k % 4].append(c)
        k += 1
    state = PriffeState(first_dealer=3)
    state.apply_deal(Deal(tuple(tuple(hands[s]) for s in range(4))))
    for text in ["pass", "spel", "3H", "KH", "4H"]:  # seat 1 plays spel; partner's KH wins
        state.apply_text(text)
    assert state.current_player() == 3
    for seed in range(3):
        bot = ExpertBot(seed=seed, think_ms=None, samples=20, cards=cards)
        assert state.action_to_string(bot.act(Turn.of(state))) == "2H"


def test_bid_lift_allows_a_trick_more_than_the_play_out_gives() -> None:
    # seat 0 cannot win a trick (the others hold the higher clubs): every play-out
    # gives it none; the lifts are the chance the table gives it one more all the
    # same (nil_lift for a bid of nothing, bid_lift for the others)
    state = plump_position(["2C 3C", "AC KC", "QC JC"], "5D", 2, [])
    assert state.current_player() == 0

    def values(lift: float, nil: float) -> dict[str, float]:
        from stickspel.games.plump.search import SEARCH

        bot = ExpertBot(seed=1, think_ms=None, samples=24, bid_lift=lift, nil_lift=nil)
        found = SEARCH.call_values(
            bot.config, state, 0, list(state.legal_actions()), random.Random(1)
        )
        return {state.action_to_string(a): v for a, v in found.items()}

    lifted = values(0.2, 0.3)
    assert lifted["0"] == pytest.approx(0.7 * 10, abs=0.05)  # 0 made unless lifted
    assert lifted["1"] == pytest.approx(0.2 * 11, abs=0.05)  # 1 made only if lifted
    assert lifted["2"] == pytest.approx(0.0, abs=0.05)  # beyond reach either way
    plain = values(0.0, 0.0)
    assert max(plain, key=plain.__getitem__) == "0"
    risky = values(0.0, 0.6)  # the nil lift touches a bid of nothing alone
    assert risky["1"] == pytest.approx(0.0, abs=0.05)
    assert risky["0"] == pytest.approx(0.4 * 10, abs=0.05)
    high = values(0.6, 0.6)  # one trick more likelier than not: 1 is the better bid
    assert max(high, key=high.__getitem__) == "1"


# --- the levels in Priffe and Tremanswhist ------------------------------------------------
def test_intermediate_searches_a_small_tree_in_priffe_and_pimc_elsewhere() -> None:
    from stickspel.bots.config import card_evaluator as _card_evaluator
    from stickspel.search import BACKEND

    tree = "ismcts" if BACKEND == "numba" else "rollout"
    assert _card_evaluator("few", adapter_for("priffe")) == tree
    assert _card_evaluator("few", adapter_for("tremanswhist")) == "rollout"
    assert _card_evaluator("few", adapter_for("plump")) == (
        "dd" if BACKEND == "numba" else "rollout"
    )
    games = ("plump", "priffe", "tremanswhist")
    assert {_card_evaluator("auto", adapter_for(g)) for g in games} == {tree}


def test_a_cap_on_simulations_ends_the_search_before_the_clock() -> None:
    state = load_game("priffe").new_initial_state()
    state.apply_chance(random.Random(3))
    model = make_bot("priffe", "heuristic", seed=0)
    while state.observation(state.current_player())["phase"] != "play":
        state.apply_action(model.act(Turn.of(state)))
    # a minute: only the cap can end it
    bot = IntermediateBot(seed=1, think_ms=60_000, ismcts_sims=300)
    tree = bot._ismcts(Turn.of(state), random.Random(2))
    assert 64 <= sum(tree.root_visits().values()) <= 300 + 64

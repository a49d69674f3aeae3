"""The search fast path: move-for-move the engine's card play, solvers that agree
with plain brute force on small deals, and both backends giving the same answers."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from typing import Any

import numpy as np
import pytest

from stickspel import load_game
from stickspel.core import GameState
from stickspel.core.cards import (
    SUIT_OF,
    card_str,
    cards_of,
    follow_mask,
    mask_of,
    parse_card,
    parse_cards,
)
from stickspel.games.plump.rules import PlumpRules, score_deal
from stickspel.games.priffe.rules import PriffeRules
from stickspel.games.tremanswhist.rules import TremanswhistRules, deal_points
from stickspel.search import (
    BACKEND,
    Position,
    SearchError,
    Solver,
    backend,
    card_values,
    dd_trick_counts,
    playout_tricks,
)
from stickspel.search import kernels as K
from stickspel.search.solve import goal_table

PRESETS = (
    [f"plump({p})" for p in PlumpRules.PRESETS]
    + [f"priffe({p})" for p in PriffeRules.PRESETS]
    + [f"tremanswhist({p})" for p in TremanswhistRules.PRESETS]
    + ["plump(players=2,max_cards=17)", "plump(players=10,max_cards=5)"]
    + ["plump(trump=rotation,deal_order=up)", "tremanswhist(minus_trump=true)"]
)


def to_play(text: str, rng: random.Random, game_state: GameState | None = None) -> GameState:
    """A state in the card play of its first deal, calls chosen at random."""
    state = game_state or load_game(text).new_initial_state()
    state.apply_chance(rng)
    while state.phase != state.PLAY_PHASE:  # type: ignore[attr-defined]
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def deal_tricks(state: Any) -> list[int]:
    return list(state.deal_results[-1]["tricks"])


@pytest.mark.parametrize("text", PRESETS)
def test_moves_match_the_engine(text: str) -> None:
    """Legal cards, who moves, trick winners and tricks per seat at every step, for
    whole deals played at random; rebuilt mid-trick positions equal the running one."""
    for seed in range(3):
        rng = random.Random(seed)
        state: Any = to_play(text, rng)
        pos = Position.from_state(state)
        start = pos.hands
        played = 0
        while state.phase == state.PLAY_PHASE:
            assert pos.to_move == state.current_player()
            assert pos.legal_cards() == state.legal_actions()
            assert pos.trick == tuple(state.trick)
            if rng.random() < 0.2:  # a position built here is the same position
                again = Position.from_state(state)
                assert (again.hands, again.trick, again.tricks, again.to_move) == (
                    pos.hands,
                    pos.trick,
                    pos.tricks,
                    pos.to_move,
                )
                assert again.legal_cards() == pos.legal_cards()
            card = rng.choice(state.legal_actions())
            done = len(state.tricks)
            state.apply_action(card)
            pos.play(card)
            played += 1
            if state.phase != state.PLAY_PHASE:
                break
            assert list(pos.tricks) == list(state.tricks_won)
            if len(state.tricks) > done:
                assert pos.to_move == state.tricks[-1][2]  # the trick's winner leads
        assert pos.is_over()
        assert list(pos.tricks) == deal_tricks(state)
        for _ in range(played):
            pos.unplay()
        assert pos.hands == start and sum(pos.tricks) == 0
        with pytest.raises(SearchError):
            pos.unplay()


def test_a_card_not_allowed_is_refused() -> None:
    state: Any = to_play("tremanswhist", random.Random(4))
    pos = Position.from_state(state)
    hand = pos.hands[pos.to_move]
    illegal = [c for c in range(52) if c not in pos.legal_cards()]
    with pytest.raises(SearchError):
        pos.play(illegal[0])
    assert pos.hands[pos.to_move] == hand


# --- brute force, written plainly: no tables, no classes, no kernels ----------------------
def _legal(
    hands: list[int], seat: int, trick: list[int], trump: int | None, must: bool
) -> list[int]:
    led = SUIT_OF[trick[0]] if trick else None
    return cards_of(follow_mask(hands[seat], led, trump, must))


def _winner_offset(trick: list[int], trump: int | None) -> int:
    best = 0
    for i in range(1, len(trick)):
        c, b = trick[i], trick[best]
        if (SUIT_OF[c] == SUIT_OF[b] and c > b) or (SUIT_OF[c] == trump and SUIT_OF[b] != trump):
            best = i
    return best


class Deal:
    """A small deal for brute force: hands, the trick in progress and its leader."""

    def __init__(self, state: Any) -> None:
        self.n = state.num_players
        self.hands = list(state.hands)
        self.trick = list(state.trick)
        self.leader = state.leader if state.trick else state.current
        self.trump = state.trump
        self.must = bool(state.MUST_TRUMP)
        self.tricks = list(state.tricks_won)

    def lines(self) -> Any:
        """Every continuation, as a tree: (seat, [(card, subtree)]) or final tricks."""
        return self._tree(self.hands, self.trick, self.leader, self.tricks)

    def _tree(self, hands: list[int], trick: list[int], leader: int, tricks: list[int]) -> Any:
        seat = (leader + len(trick)) % self.n
        if not hands[seat]:
            return tuple(tricks)
        out = []
        for c in _legal(hands, seat, trick, self.trump, self.must):
            h = list(hands)
            h[seat] ^= 1 << c
            t = trick + [c]
            if len(t) == self.n:
                w = (leader + _winner_offset(t, self.trump)) % self.n
                tr = list(tricks)
                tr[w] += 1
                out.append((c, self._tree(h, [], w, tr)))
            else:
                out.append((c, self._tree(h, t, leader, tricks)))
        return (seat, out)


def brute_maxn(tree: Any, util: Any) -> tuple[int, ...]:
    """Scores of every seat: each picks its best, ties to the least for the others
    in sum, then the lowest card."""
    if not isinstance(tree[1], list):
        return tuple(util(i, t) for i, t in enumerate(tree))
    seat, kids = tree
    best: tuple[tuple[int, int, int], tuple[int, ...]] | None = None
    for c, sub in kids:
        v = brute_maxn(sub, util)
        key = (-v[seat], sum(v) - v[seat], c)
        if best is None or key < best[0]:
            best = (key, v)
    assert best is not None
    return best[1]


def brute_team(tree: Any, value: Any, maximiser: Any) -> int:
    if not isinstance(tree[1], list):
        return int(value(tree))
    seat, kids = tree
    vals = [brute_team(sub, value, maximiser) for _, sub in kids]
    return max(vals) if maximiser(seat) else min(vals)


def near_end(text: str, seed: int, cards: int) -> Any:
    """A random state of ``text`` with at most ``cards`` cards left in the mover's
    hand, possibly in the middle of a trick."""
    rng = random.Random(seed)
    state: Any = to_play(text, rng)
    stop = rng.randrange(state.num_players)
    while True:
        left = bin(state.hands[state.current]).count("1")
        if left <= cards and (left < cards or stop == 0):
            return state
        if left <= cards:
            stop -= 1
        state.apply_action(rng.choice(state.legal_actions()))


PLUMP_SMALL = [
    ("plump(players=4,max_cards=3,deal_order=single)", 3),
    ("plump(players=3,max_cards=4,deal_order=single,scoring=per_trick)", 4),
    ("plump(players=5,max_cards=3,deal_order=single,plump_penalty=true)", 2),
    ("plump(players=2,max_cards=4,deal_order=single,scoring=tricks_only)", 4),
    ("plump(players=6,max_cards=2,deal_order=single,trump=none)", 2),
]


@pytest.mark.parametrize(("text", "cards"), PLUMP_SMALL)
def test_plump_maxn_agrees_with_brute_force(text: str, cards: int) -> None:
    for seed in range(12):
        state = near_end(text, seed, cards)
        rules, bids = state.rules, state.bids
        values = card_values(state)
        tree = Deal(state).lines()
        seat, kids = tree

        def util(i: int, t: int, rules: Any = rules, bids: Any = bids) -> int:
            return score_deal(rules, bids[i], t)

        want = {c: float(brute_maxn(sub, util)[seat]) for c, sub in kids}
        assert values == want, (text, seed)
        line = brute_maxn(tree, util)
        counts = dd_trick_counts(state)
        # the line's scores are those of the counted tricks
        done = state.tricks_won
        assert (
            tuple(score_deal(rules, bids[i], done[i] + counts[i]) for i in range(state.num_players))
            == line
        )


@pytest.mark.parametrize(
    ("text", "cards"),
    [*PLUMP_SMALL, ("plump(players=5,max_cards=3,deal_order=single,scoring=per_trick)", 3)],
)
def test_plump_paranoid_agrees_with_brute_force(text: str, cards: int) -> None:
    """``paranoid=True``: each card's value is the deal score the mover can be sure
    of with every other seat playing against it, as a plain minimax finds it."""
    for seed in range(12):
        state = near_end(text, seed, cards)
        rules, bids = state.rules, state.bids
        seat, kids = Deal(state).lines()

        def score(
            final: tuple[int, ...], me: int = seat, bid: int = bids[seat], rules: Any = rules
        ) -> int:
            return score_deal(rules, bid, final[me])

        want = {c: float(brute_team(sub, score, lambda s, me=seat: s == me)) for c, sub in kids}
        assert card_values(state, paranoid=True) == want, (text, seed)


def test_paranoid_under_a_budget_is_a_lower_bound() -> None:
    """A paranoid search cut by its node budget counts the cut as failed: every value
    is at most the exact one, and the solver says it was cut."""
    solver = Solver()
    cut = 0
    for seed in range(8):
        state = near_end(
            "plump(players=4,max_cards=6,deal_order=single,scoring=per_trick)", seed, 6
        )
        exact = card_values(state, paranoid=True, solver=solver)
        assert solver.exact
        budgeted = card_values(state, paranoid=True, max_nodes=40, solver=solver)
        cut += not solver.exact
        assert budgeted.keys() == exact.keys()
        assert all(budgeted[c] <= exact[c] for c in exact), seed
    assert cut
    with pytest.raises(SearchError, match="Plump"):
        card_values(near_end("priffe", 0, 3), paranoid=True)


@pytest.mark.parametrize("text", ["priffe", "priffe(old)"])
def test_priffe_alpha_beta_agrees_with_brute_force(text: str) -> None:
    seen = set()
    for seed in range(30):
        state = near_end(text, seed, 3)
        seen.add(state.contract in (5, 7))
        values = card_values(state, dds=False)
        tree = Deal(state).lines()
        seat, kids = tree
        mine = seat % 2
        minimise = state.contract in (5, 7)  # noll, tvångsnoll: count the tricks given away

        def value(final: tuple[int, ...], mine: int = mine, minimise: bool = minimise) -> int:
            own = final[mine] + final[mine + 2]
            return 13 - own if minimise else own

        want = {c: float(brute_team(sub, value, lambda s, m=mine: s % 2 == m)) for c, sub in kids}
        assert values == want, (text, seed)
        counts = dd_trick_counts(state)
        assert sum(counts) == 13 - len(state.tricks)
    assert seen == {True, False}  # both kinds of contract were met


@pytest.mark.parametrize("text", ["tremanswhist", "tremanswhist(buying)"])
def test_tremanswhist_paranoid_agrees_with_brute_force(text: str) -> None:
    kinds = set()
    for seed in range(30):
        state = near_end(text, seed, 3)
        kinds.add(state.kind)
        values = card_values(state)
        tree = Deal(state).lines()
        seat, kids = tree
        targets = state.current_targets() or [4, 4, 4]

        def value(
            final: tuple[int, ...], seat: int = seat, kind: str = state.kind, goal: Any = targets
        ) -> int:
            return deal_points(kind, final[seat], goal[seat])

        want = {c: float(brute_team(sub, value, lambda s, me=seat: s == me)) for c, sub in kids}
        assert values == want, (text, seed)
        counts = dd_trick_counts(state)
        for s in range(3):  # each seat's paranoid value, by brute force too

            def own(final: tuple[int, ...], s: int = s, w: Any = state) -> int:
                gained = final[s] - w.tricks_won[s]
                return gained if w.kind == "plus" else -gained

            sure = brute_team(tree, own, lambda x, s=s: x == s)
            assert counts[s] == (sure if state.kind == "plus" else -sure), (seed, s)
    # the buying form's first deal is always a plus deal (its round 1)
    assert kinds == ({"plus"} if "buying" in text else {"plus", "minus"})


def test_dds_agrees_with_alpha_beta() -> None:
    """Where endplay is installed, DDS answers Priffe's trump contracts and spel: its
    values equal this package's own solver's, mid-trick positions included."""
    from stickspel.search.dds import available

    if not available():
        pytest.skip("endplay (DDS) is not installed")
    checked = 0
    for seed in range(40):
        state = near_end("priffe", seed, 5)
        if state.contract in (5, 7):
            continue
        assert card_values(state, dds=True) == card_values(state, dds=False), seed
        assert dd_trick_counts(state, dds=True) == dd_trick_counts(state, dds=False), seed
        checked += 1
    assert checked > 10


@pytest.mark.parametrize(
    "text", ["plump(players=4,max_cards=5,deal_order=single)", "priffe", "tremanswhist"]
)
def test_shared_tables_change_no_value(text: str) -> None:
    """A solver that keeps its table across the worlds of a decision (and across
    decisions, whose objective differs) answers as a fresh one does."""
    from stickspel.bots import Turn

    shared = Solver(share_tables=True)
    for seed in range(4):
        state = near_end(text, seed, 4)
        turn = Turn.of(state)
        for w in range(4):
            world = turn.sample_world(random.Random(w))
            fresh = card_values(world, solver=Solver(), dds=False)
            assert card_values(world, solver=shared, dds=False) == fresh, (seed, w)


def test_budget_gives_an_estimate_and_says_so() -> None:
    state = to_play("plump(players=4,max_cards=8,deal_order=single)", random.Random(2))
    solver = Solver()
    values = card_values(state, max_nodes=200, solver=solver)
    assert sorted(values) == state.legal_actions()
    assert not solver.exact and solver.nodes < 2000
    card_values(near_end("plump(players=4,max_cards=3,deal_order=single)", 1, 2), solver=solver)
    assert solver.exact
    first_lead: Any = load_game("priffe").new_initial_state()
    first_lead.apply_chance(random.Random(3))
    noll = Position.from_state(first_lead, contract=5)
    values = card_values(noll, max_nodes=2000, solver=solver)
    assert sorted(values) == noll.legal_cards() and not solver.exact
    endgame = near_end("tremanswhist", 2, 4)  # small: the deepening reaches the end
    assert card_values(endgame, max_nodes=10**6, solver=solver) == card_values(endgame)
    assert solver.exact


def test_playouts_are_seeded_and_count_the_tricks_left() -> None:
    state = near_end("priffe", 3, 8)
    a = playout_tricks(state, 20, seed=5)
    assert a.shape == (20, 4) and a.dtype == np.int64
    assert a.tolist() == playout_tricks(state, 20, seed=5).tolist()
    left = (52 - 4 * len(state.tricks)) // 4
    assert (a.sum(axis=1) == left).all()
    assert len({tuple(t) for t in playout_tricks(state, 50, seed=6, policy="random").tolist()}) > 1


def test_aware_playouts_play_for_each_seats_goal() -> None:
    # ♠A J against ♠K Q, no trump: the first wants one trick, the second none
    spade = {"A": 1 << 12, "K": 1 << 11, "Q": 1 << 10, "J": 1 << 9}
    pos = Position.from_hands([spade["A"] | spade["J"], spade["K"] | spade["Q"]], None, 0)
    # a Plump deal: the bids' scores are what each seat plays for (a bare position
    # would leave every seat taking what it can)
    pos.game, pos.rules = "plump", PlumpRules()
    assert playout_tricks(pos, 1, 1, policy="aware", bids=[1, 0]).tolist() == [[1, 1]]
    # both want tricks: the ace is led, the queen thrown under it (the lowest card
    # when none wins), then the jack is taken by the cheapest winner, the king
    assert playout_tricks(pos, 1, 1, policy="aware", bids=[2, 2]).tolist() == [[1, 1]]
    # both want none: the jack is led low, the second must win and spends its king;
    # its queen then forces the ace
    assert playout_tricks(pos, 1, 1, policy="aware", bids=[0, 0]).tolist() == [[1, 1]]
    for text in ("plump(players=4,max_cards=8,deal_order=single)", "priffe", "tremanswhist"):
        state = near_end(text, 3, 7)
        runs = playout_tricks(state, 30, seed=4, policy="aware", noise=0.2).tolist()
        assert runs == playout_tricks(state, 30, seed=4, policy="aware", noise=0.2).tolist()
        left = sum(bin(h).count("1") for h in state.hands) // state.num_players
        assert all(sum(r) == left + (1 if state.trick else 0) for r in runs)
        assert len({tuple(r) for r in runs}) > 1  # the noise varies the play
    with pytest.raises(SearchError):
        playout_tricks(near_end("plump", 1, 3), 1, 1, policy="aware", bids=[1, 2])


def test_aware_policy_keeps_low_under_a_partners_winning_card() -> None:
    # Priffe's pairs, no trump: seat 0 leads a king, its partner (seat 2) holds the ace
    # and a low card of the suit and plays the low one; the second suit's trick then
    # goes to seat 3
    h, c = 13 * 2, 0  # two suits' first cards: rank r is h + r, c + r

    def cards(*ids: int) -> int:
        return sum(1 << i for i in ids)

    hands = [cards(h + 11, c + 0), cards(h + 0, c + 1), cards(h + 12, h + 1), cards(h + 2, c + 2)]
    pos = Position.from_hands(hands, trump=None, leader=0, pairs=True)
    assert playout_tricks(pos, 1, 1, policy="aware").tolist() == [[1, 0, 0, 1]]
    # without partners the ace overtakes the king
    alone = Position.from_hands(hands, trump=None, leader=0)
    assert playout_tricks(alone, 1, 1, policy="aware")[0][2] >= 1


def test_leaf_playouts_keep_the_values_on_the_scores_scale() -> None:
    state = near_end("plump(players=4,max_cards=8,deal_order=single)", 2, 8)
    scores = {score_deal(state.rules, b or 0, t) for b in state.bids for t in range(9)}
    for runs, noise in ((1, 0.0), (4, 0.2)):
        solver = Solver(leaf_runs=runs, leaf_noise=noise)
        values = card_values(state, max_nodes=200, solver=solver)
        assert not solver.exact and sorted(values) == state.legal_actions()
        assert all(min(scores) <= v <= max(scores) for v in values.values())
    exact = card_values(state)
    assert card_values(state, solver=Solver(leaf_runs=4, leaf_noise=0.2)) == exact
    with pytest.raises(SearchError):
        Solver(leaf_runs=0)
    with pytest.raises(SearchError):
        Solver(leaf="deep")


def test_sampled_worlds_are_positions() -> None:
    from stickspel.bots import Turn

    state = near_end("plump(players=4,max_cards=6,deal_order=single)", 5, 4)
    world = Turn.of(state).sample_world(random.Random(1))
    assert sorted(card_values(world)) == state.legal_actions()


def test_a_position_carries_its_games_play_model() -> None:
    # the search reaches a game through its spec's play, once a position: a bare
    # deal's model until a game is named, then that game's
    from stickspel.games import GAMES
    from stickspel.search.position import BARE, PlayModel, play_model

    for name, spec in sorted(GAMES.items()):
        model = spec.play()
        assert isinstance(model, PlayModel) and model.name == name
        assert play_model(name) is model
    pos = Position.from_hands([1, 2], None, 0)
    assert pos.model is BARE and pos.game == ""
    pos.game = "plump"
    assert pos.model is play_model("plump") and pos.model.maxn
    with pytest.raises(SearchError):
        BARE.position(load_game("plump").new_initial_state())


def test_plump_while_bidding_counts_each_seats_own_tricks() -> None:
    game = load_game("plump(players=3,max_cards=3,deal_order=single)")
    state = game.new_initial_state()
    state.apply_chance(random.Random(9))
    counts = dd_trick_counts(state)
    assert sum(counts) == 3
    big = load_game("plump(players=4,max_cards=10,deal_order=single)").new_initial_state()
    big.apply_chance(random.Random(9))
    solver = Solver()
    assert sum(dd_trick_counts(big, max_nodes=3000, solver=solver)) == 10
    assert not solver.exact


def probe() -> dict[str, Any]:
    """Answers of every entry point on a few seeded worlds (run under each backend)."""
    out: dict[str, Any] = {"backend": BACKEND}
    for text, cards in [
        ("plump(players=4,max_cards=6,deal_order=single)", 5),
        ("priffe", 5),
        ("priffe", 4),
        ("tremanswhist", 5),
        ("tremanswhist(buying)", 4),
    ]:
        for seed in range(3):
            state = near_end(text, seed, cards)
            key = f"{text}/{seed}"
            out[key] = {
                "values": sorted(card_values(state, dds=False).items()),
                "budget": sorted(card_values(state, max_nodes=50, dds=False).items()),
                "dd": list(dd_trick_counts(state)),
                "paranoid": (
                    sorted(card_values(state, paranoid=True).items())
                    if text.startswith("plump")
                    else []
                ),
                "playouts": playout_tricks(state, 10, seed=seed).tolist(),
                "random": playout_tricks(state, 10, seed=seed, policy="random").tolist(),
                "aware": playout_tricks(state, 10, seed=seed, policy="aware", noise=0.3).tolist(),
                "leaves": sorted(
                    card_values(
                        state, max_nodes=50, dds=False, solver=Solver(leaf_runs=3, leaf_noise=0.3)
                    ).items()
                ),
            }
    from stickspel.bots import Turn
    from stickspel.search.ismcts import Tree

    for seed in range(2):  # IS-MCTS: its tree, visits and means alike
        state = near_end("plump(players=4,max_cards=6,deal_order=single)", seed, 5)
        turn = Turn.of(state)
        worlds = [Position.from_state(turn.sample_world(random.Random(k))) for k in range(4)]
        tree = Tree(capacity=3000)
        tree.search(worlds, [1.0, 2.0, 0.5, 1.0], sims=400, seed=seed)
        out[f"ismcts/{seed}"] = [sorted(tree.root_visits().items()), tree.run(100)]
    return json.loads(json.dumps(out))


@pytest.mark.skipif(BACKEND != "numba", reason="numba is not installed: one backend only")
def test_both_backends_give_the_same_answers() -> None:
    env = dict(os.environ, STICKSPEL_NO_NUMBA="1")
    here = os.path.dirname(__file__)
    code = (
        f"import json, sys; sys.path.insert(0, {here!r}); import test_search as t; "
        "print(json.dumps(t.probe()))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    python = json.loads(done.stdout.strip().splitlines()[-1])
    here_answers = probe()
    assert (python.pop("backend"), here_answers.pop("backend")) == ("python", "numba")
    assert python == here_answers


@pytest.mark.skipif(BACKEND != "numba", reason="numba is not installed: one path only")
def test_the_plain_path_in_this_process_gives_the_compiled_paths_answers() -> None:
    # the path a search takes while the kernels warm: the same functions uncompiled,
    # over lists, in the process that also compiles them
    plain = backend.plain()
    with backend.pinned(plain):
        python = probe()
        assert Position(2).backend is Solver().backend is plain
        assert isinstance(Position(2).s, list)
    compiled = probe()
    assert Position(2).backend is backend.compiled()
    assert python == compiled


def _careful(hands: list[str], trick: list[str], leader: int, bids: list[int]) -> tuple[str, str]:
    """The card the goal-aware and the careful policy play for the seat to move (no
    trump, nobody has taken a trick)."""
    masks = [mask_of(parse_cards(h)) for h in hands]
    pos = Position.from_hands(masks, None, leader, trick=[parse_card(c) for c in trick])
    pos.game, pos.rules = "plump", PlumpRules()  # the bids' scores: Plump's own
    util = goal_table(pos, bids)
    return card_str(K.aware_card(pos.s, util)), card_str(K.careful_card(pos.s, util))


def test_careful_play_outs_take_with_a_card_nothing_still_out_beats() -> None:
    # seat 1 wants its trick, after ♠5; seat 2 still holds ♠K: the queen would be
    # taken over, the ace is not
    assert _careful(["5S 2H", "AS QS", "KS 3H"], ["5S"], 0, [0, 1, 0]) == ("QS", "AS")


def test_careful_play_outs_lead_a_card_that_something_still_out_beats() -> None:
    # seat 0 wants no trick: its ♠2 is the only spade left and would win; the ♥9
    # loses to the king out
    assert _careful(["2S 9H", "KH 3C", "4C 5C"], [], 0, [0, 1, 1]) == ("2S", "9H")


def test_careful_play_outs_forced_to_win_early_win_low() -> None:
    # seat 1 wants no trick and must win the ♦3: with the queen the ace still to
    # come takes it over (the goal-aware policy throws its king)
    assert _careful(["3D 2C", "QD KD", "AD 4C"], ["3D"], 0, [1, 0, 1]) == ("KD", "QD")
    # the last seat to play keeps the dearest card it must win with
    assert _careful(["3D 2C", "4D 4C", "QD KD"], ["3D", "4D"], 0, [1, 1, 0]) == ("KD", "KD")

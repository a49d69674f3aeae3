"""Search bots: the levels ``beginner``, ``intermediate`` and ``expert`` of every game.

* ``beginner`` — the heuristic bot's calls, and a card at random now and then
  (:data:`BEGINNER_SLIPS` of its cards): it follows the rules, not always the plan.
* ``intermediate`` — the heuristic bot's calls; cards over few worlds, without
  reading the others' bids: by perfect-information Monte Carlo (PIMC) in Plump
  and Tremanswhist, by a small IS-MCTS tree in Priffe (PIMC there is weaker
  than the heuristic).
* ``expert`` — where numba compiles the search, IS-MCTS for cards in every
  game and for Plump's bids (:mod:`stickspel.search.ismcts`): worlds drawn and
  weighted by what the others' bids and calls say (:mod:`stickspel.bots.inference`)
  for half the budget, then one tree over them for the other half, its
  play-outs goal-aware; the most simulated card or bid is played.  Without
  numba PIMC for cards and calls over the same weighted worlds (``cards="pimc"``,
  ``bids="aware"`` choose it with numba too).

PIMC: the cards the seat has not seen are dealt at random (``turn.sample_world``),
many times; in each such world every candidate is judged with all hands open
by :mod:`stickspel.search` — by its budgeted double-dummy search where numba
compiles it (the search's leaves played out by the goal-aware policy, which
reads only the cards on the table), else, and in Priffe and Tremanswhist, by
goal-aware play-outs with a little noise, solved exactly in endings of three cards a hand
— and the candidate with the best weighted mean for the seat is chosen
(between candidates of one worth, the card the seat's goal wants spent: a high
one once it wants no more tricks).  A call is judged the same way: Plump's
bid by the deal score each bid would bring under the distribution of the
seat's tricks when each world is played out with every seat playing for its
bid (the bids still to come guessed from the hands; a bid of nothing allowed
a chance, :data:`NIL_LIFT`, of one trick the play-out did not foresee); the
spärr simply removes the dealer's forbidden bid from the candidates.  Priffe's calls and
Tremanswhist's exchange and purchases can be judged by finishing the auction
with the heuristic bot as the model of every seat, then playing the deal out
(``search_calls=True``); by default the expert makes them as the heuristic
does, which measured stronger at 25 ms (docs/bots.md).  What a deal's tricks
are worth to each seat is :mod:`stickspel.bots.objectives`'s.

Each decision thinks for at most ``think_ms`` milliseconds (it stops drawing
worlds when one more, at the pace so far, would overrun the budget; one world
at least) and never more than
``samples`` worlds when that is given: tests fix ``samples`` and set
``think_ms=None`` so that a decision depends only on the seed and what the seat
sees.  The random stream of each decision is drawn from the seed and the
observation, never from the hidden cards.

>>> from stickspel.games.plump import PlumpRules, PlumpState
>>> from stickspel.bots import Turn
>>> import random
>>> state = PlumpState(PlumpRules(players=4, max_cards=5, deal_order="single"))
>>> _ = state.apply_chance(random.Random(5))
>>> bot = ExpertBot(seed=1, think_ms=None, samples=8)
>>> bot.act(Turn.of(state)) in state.legal_actions()
True
"""

from __future__ import annotations

import hashlib
import random
import threading
import time
from collections.abc import Iterator, Sequence
from typing import Any

from stickspel.bots import Turn
from stickspel.bots.inference import world_weight
from stickspel.bots.objectives import Objective, objective_of
from stickspel.bots.plump import count_dealt, share_dealt

__all__ = [
    "ExpertBot",
    "IntermediateBot",
    "BeginnerBot",
    "level_bots",
    "DEFAULT_THINK_MS",
    "BEGINNER_SLIPS",
]

#: Thinking time per decision, by level (milliseconds).
DEFAULT_THINK_MS = {"beginner": 0, "intermediate": 50, "expert": 200}
#: Worlds an intermediate bot draws at most a decision: few, so that the level
#: stays a level whatever the time given (docs/bots.md).
INTERMEDIATE_WORLDS = 8
#: ... and in Priffe, where it searches a small IS-MCTS tree over them (PIMC over
#: play-outs measured weaker than the heuristic there, docs/bots.md), the
#: simulations it runs at most.
INTERMEDIATE_SIMS = 1600
#: The share of a beginner's cards played at random.
BEGINNER_SLIPS = 0.3
#: Endings of at most this many cards a hand are solved exactly.
EXACT_CARDS_PER_HAND = 3
#: Points a bid loses per trick it stands from the counted tricks: breaks ties only.
BID_TIE_BREAK = 0.01
#: Nodes the double-dummy solver may visit per world (past them, play-outs judge).
DD_NODES = 1500
#: Games whose calls the expert judges by simulation unless told otherwise
#: (``search_calls``): Priffe's auction and Tremanswhist's exchange by simulation
#: measured weaker than the heuristic's at 25 ms (docs/bots.md).
SEARCHED_CALLS = ("plump",)
#: Games whose cards the expert judges by play-outs even where the solver runs
#: (measured stronger, docs/bots.md).
ROLLOUT_GAMES = ("priffe", "tremanswhist")
#: Bids judged by simulation: the ones nearest the tricks the hand counts.
BID_CANDIDATES = 4
#: Fast play-outs a world for the distribution of the seat's tricks (compiled search;
#: fewer where the kernels run as plain Python).
BID_PLAYOUTS = 64
BID_PLAYOUTS_PYTHON = 8
#: The chance of a random card at each card of the card evaluator's play-outs.
ROLLOUT_NOISE = 0.1
#: Play-outs that value a leaf of the search past its budget, and the chance of a
#: random card at each of their cards.
LEAF_RUNS = 1
LEAF_NOISE = 0.0
#: Values this close to the best count as equal (points): the goal breaks the tie.
TIE = 0.05
#: The chance that the seat ends a trick above what a goal-aware play-out gives it
#: (``bid_lift``), and the same for a bid of nothing (``nil_lift``): the policy
#: ducks cleanly and the others take what they want, but at the table a trick
#: the play-out did not foresee falls to a seat that wants none often enough to
#: make nothing a worse bid than it looks.  Fitted against IS-MCTS (docs/bots.md,
#: benchmarks/bench_bid_lift.py): the nil lift gained, a lift of every bid did not.
BID_LIFT = 0.0
NIL_LIFT = 0.3
#: Goal-aware play-outs a world for each bid judged: without noise the policy
#: plays a world one way, so one is enough (the worlds give the spread).
AWARE_PLAYOUTS = 1
#: IS-MCTS (``cards="ismcts"``): worlds drawn at most, the share of the budget spent
#: drawing them, simulations a world when no clock bounds the search, the first
#: batch of simulations between looks at the clock and the fewest run whatever the
#: clock says, UCB1's constant and the chance of a random card in its play-outs.
ISMCTS_WORLDS = 2000
ISMCTS_WORLD_SHARE = 0.5
#: IS-MCTS: the draws of worlds a simulation picks among (weighted resampling).
ISMCTS_ORDER = 1024
ISMCTS_SIMS_PER_WORLD = 200
ISMCTS_CHUNK = 256
#: The first batch of worlds drawn in compiled code (each next one twice as big).
ISMCTS_BATCH = 64
ISMCTS_MIN_SIMS = 64
#: Milliseconds of the budget the search leaves for what comes before and after it
#: in a decision (about 0.25 ms measured at 50 ms a move).
ISMCTS_SLACK_MS = 0.5
ISMCTS_C = 0.7
ISMCTS_NOISE = 0.1
#: Cards this close in IS-MCTS's mean (points) count as equal: the play-outs'
#: noise parts cards of one worth by more than :data:`TIE`.
ISMCTS_TIE = 0.1
#: Worlds drawn at most per decision when only the clock bounds it.
MAX_WORLDS = 2000


def _card_evaluator(choice: str, game: str) -> str:
    """How cards are judged: ``auto`` is ``ismcts`` (:mod:`stickspel.search.ismcts`)
    where numba compiles the search, in every game, else what ``pimc`` is: ``dd``
    (PIMC over the compiled double-dummy solver) in Plump where numba runs it,
    else ``rollout`` (PIMC over goal-aware play-outs of the same search kernels);
    PIMC in Priffe and Tremanswhist is always ``rollout``: their 13-card deals are
    too deep for the solver's budget, and Tremanswhist's paranoid search (the
    mover against the other two together) misjudges a game where each plays for
    itself (measured, docs/bots.md)."""
    if choice == "few":  # the intermediate level: a small tree in Priffe, else PIMC
        choice = "auto" if game == "priffe" else "pimc"
    if choice not in ("auto", "pimc"):
        return choice
    try:
        from stickspel.search import BACKEND
    except ImportError:  # pragma: no cover - the search package ships with us
        return "rollout"
    if BACKEND != "numba":
        return "rollout"  # uncompiled, a tree search gets too few simulations
    if choice == "auto":
        return "ismcts"
    return "rollout" if game in ROLLOUT_GAMES else "dd"


#: The search buffers of this thread: solvers by leaf setting, the IS-MCTS tree.
#: Large, so made once and reused; one a thread, since the server decides for
#: several tables at once in its worker threads and a buffer holds one search.
_BUFFERS = threading.local()


def _thread_tree() -> Any:
    from stickspel.search.ismcts import Tree

    tree = getattr(_BUFFERS, "tree", None)
    if tree is None:
        tree = _BUFFERS.tree = Tree()
    return tree


def _thread_solvers() -> dict[tuple[str, int, float], Any]:
    solvers: dict[tuple[str, int, float], Any] | None = getattr(_BUFFERS, "solvers", None)
    if solvers is None:
        solvers = _BUFFERS.solvers = {}
    return solvers


def _wants_tricks(world: Any, seat: int) -> bool:
    """Whether ``seat`` still wants tricks in the deal being played: in Plump, while
    a count it can still reach scores more than what it holds (below its bid, or
    past it where each trick scores); elsewhere always (the search judges the rest)."""
    if _game_of(world) != "plump" or world.bids[seat] is None:
        return True
    from stickspel.games.plump.rules import score_deal

    bid, won = world.bids[seat], world.tricks_won[seat]
    now = score_deal(world.rules, bid, won)
    left = int(world.hands[seat]).bit_count()  # a hand is a mask of cards
    return any(score_deal(world.rules, bid, won + f) > now for f in range(1, left + 1))


def _bid_row(
    dealt: Sequence[Sequence[int]],
    bids: Sequence[int | None],
    seat: int,
    size: int,
    trump: int | None,
    upcard: int | None,
    expected: Sequence[float] | None = None,
) -> list[int]:
    """Plump: every seat's bid — the ones made, the ones still to come guessed as
    the tricks the hand is ``expected`` to take (default: what it counts,
    ``count_dealt``), 0 for ``seat``."""
    n = len(bids)
    row = [b if b is not None else 0 for b in bids]
    for s in range(n):
        if bids[s] is None and s != seat:
            mean = (
                count_dealt(dealt[s], n, size, trump, upcard) if expected is None else expected[s]
            )
            row[s] = max(0, min(size, round(mean)))
    return row


def _expected_tricks(
    read: str, dealt: Sequence[Sequence[int]], size: int, trump: int | None, upcard: int | None
) -> list[float] | None:
    """The tricks each hand of a world is read to take: ``"share"``, its count scaled
    to the deal's tricks (``share_dealt``); ``"count"`` (``None``), the count."""
    return share_dealt(dealt, size, trump, upcard) if read == "share" else None


def _guessed_bids(world: Any, seat: int, read: str = "count") -> tuple[list[int], float]:
    """Plump: every seat's bid in ``world`` (:func:`_bid_row`), and what ``seat``'s
    hand counts."""
    n, size, trump, up = world.num_players, world.hand_size, world.trump, world.upcard
    expected = _expected_tricks(read, world.dealt, size, trump, up)
    row = _bid_row(world.dealt, world.bids, seat, size, trump, up, expected)
    return row, count_dealt(world.dealt[seat], n, size, trump, up)


def _world_frame(state: Any) -> tuple[bool, list[int], int, tuple[int, ...]]:
    """What every world of a Plump decision shares: whether the cards are being
    played, the trick on the table, who leads it (the first lead while bidding)
    and the bids made (0 for a bid not made)."""
    from stickspel.games.plump.rules import PLAY

    in_play = state.phase == PLAY
    trick = list(state.trick)
    if in_play:
        leader = state.leader if trick else state.current
    else:
        leader = state.dealer_seat if state.rules.first_lead == "dealer" else state.forhand()
    return in_play, trick, leader, tuple(b if b is not None else 0 for b in state.bids)


def _plump_worlds(
    turn: Turn, rng: random.Random, infer: bool, shift: float = 0.0, read: str = "count"
) -> Iterator[tuple[Any, float, list[int]]]:
    """Plump worlds for IS-MCTS without end: each a search position (from the first
    lead while bidding), its weight by the bids made, and every seat's bid (the
    ones still to come guessed from the hands).  The hands are redealt as
    ``sample_world`` does but no state is rebuilt (a third of the time); with
    simultaneous bids still hidden, whole worlds are drawn."""
    from stickspel.bots.inference import plump_hands_weight
    from stickspel.core.cards import mask_of
    from stickspel.games.plump.rules import PLAY
    from stickspel.games.plump.worlds import _shown, sample_deal
    from stickspel.search import Position

    state: Any = turn._source  # a PlumpState: its public parts and the seat's hand
    seat = turn.seat
    if state.phase != PLAY and not state.bids_visible():
        while True:
            world: Any = turn.sample_world(rng)
            weight = world_weight(world, seat) if infer else 1.0
            yield Position.from_state(world), weight, _guessed_bids(world, seat, read)[0]
    n, size, trump, up = state.num_players, state.hand_size, state.trump, state.upcard
    played = [mask_of(cards) for cards in _shown(state)[0]]
    in_play, trick, leader, made = _world_frame(state)
    while True:
        deal = sample_deal(state, seat, rng)
        masks = [mask_of(h) for h in deal.hands]
        expected = _expected_tricks(read, deal.hands, size, trump, up)
        weight = (
            plump_hands_weight(
                deal.hands, state.auction, seat, size, trump, up, shift=shift, expected=expected
            )
            if infer
            else 1.0
        )
        if in_play:
            hands = [masks[s] & ~played[s] for s in range(n)]
            pos = Position.from_hands(hands, trump, leader, trick=trick, tricks=state.tricks_won)
            pos.bids = made
            row = list(made)
        else:
            pos = Position.from_hands(masks, trump, leader)
            row = _bid_row(deal.hands, state.bids, seat, size, trump, up, expected)
        pos.game, pos.rules = "plump", state.rules
        yield pos, weight, row


def _plump_draw(
    turn: Turn, rng: random.Random, infer: bool, shift: float, read: str, capacity: int
) -> Any:
    """The worlds of :func:`_plump_worlds` drawn in compiled code
    (:class:`stickspel.search.redeal.PlumpDraw`): the same deals, weights and bid
    rows, at a few microseconds a world; ``None`` while simultaneous bids are
    hidden (whole worlds are drawn then)."""
    from stickspel.bots.inference import BID_FLOOR, BID_SIGMA
    from stickspel.core.cards import mask_of
    from stickspel.games.plump.rules import PLAY
    from stickspel.games.plump.worlds import _shown, hidden_piles
    from stickspel.search import Position
    from stickspel.search.redeal import PlumpDraw

    state: Any = turn._source  # a PlumpState: its public parts and the seat's hand
    seat = turn.seat
    if state.phase != PLAY and not state.bids_visible():
        return None
    deal, _ = state.current_deal_items()
    n, size, trump, up = state.num_players, state.hand_size, state.trump, state.upcard
    shown, voids = _shown(state)
    played = [mask_of(cards) for cards in shown]
    mine = mask_of(deal.hands[seat])
    unseen, piles = hidden_piles(deal, seat, size, shown, voids)
    hands = [0] * n
    hands[seat] = mine & ~played[seat]
    in_play, trick, leader, made = _world_frame(state)
    if in_play:
        base = Position.from_hands(hands, trump, leader, trick=trick, tricks=state.tricks_won)
        base.bids = made
    else:
        base = Position.from_hands(hands, trump, leader)
    base.game, base.rules = "plump", state.rules
    return PlumpDraw(
        base, seat=seat, size=size, trump=trump, upcard=up, unseen=unseen, piles=piles,
        played=played, dealt_mine=mine, made=list(state.bids), infer=infer,
        share=read == "share", sigma=BID_SIGMA, floor=BID_FLOOR, shift=shift,
        capacity=capacity, seed=rng.randrange(1 << 30),
    )  # fmt: skip


def _game_of(state: Any) -> str:
    return str(type(state).__module__.split(".")[2])


class ExpertBot:
    """PIMC over weighted worlds for cards and calls (see the module's text)."""

    name = "expert"
    level = "expert"

    def __init__(
        self,
        seed: int | None = None,
        think_ms: float | None = None,
        *,
        samples: int | None = None,
        rollouts: int = 2,
        infer: bool = True,
        search_calls: bool | None = None,
        cards: str = "auto",
        every_bid: bool = False,
        bids: str = "auto",
    ) -> None:
        self.seed = 0 if seed is None else seed
        self.think_ms = (
            DEFAULT_THINK_MS[self.level] if think_ms is None and samples is None else think_ms
        )
        self.samples = samples
        self.rollouts = rollouts
        self.infer = infer
        self.search_calls = search_calls
        self.cards = cards
        if bids not in ("auto", "aware", "greedy", "ismcts"):
            raise ValueError(f"bids={bids!r}: 'auto', 'aware', 'greedy' or 'ismcts'")
        self.bids = bids
        self.dd_nodes = DD_NODES
        self.tie = TIE
        self.leaf = "aware"  # the search's leaf policy (stickspel.search.LEAF_POLICIES)
        self.leaf_runs = LEAF_RUNS
        self.leaf_noise = LEAF_NOISE
        self.dump_high = True
        self.ucb_c = ISMCTS_C
        self.ucb_c_others: float | None = None  # UCB1's constant at the others' cards
        self.ismcts_hand_keys = 0  # the others' choices kept apart by hand from this many cards
        self.ismcts_own_keys = 0  # ... by their statistics for their hand, the tree shared
        self.ismcts_policy = "aware"  # the play-outs' policy, or "careful"
        self.ismcts_depth = 0  # plies the tree holds at most, the root's choice the first (0: any)
        self.ismcts_noise = ISMCTS_NOISE
        self.ismcts_worlds = ISMCTS_WORLDS
        self.ismcts_opponents = "tree"  # or "policy": the others' cards by the play-out's
        self.bid_read = "count"  # or "share": a hand read at its count or its share
        self.bid_read_shift = 0.0  # the others read as bidding this far above that
        self.nil_margin = 0.0  # IS-MCTS bids 0 only this many points above the rest
        self.bid_lean = 0.0  # IS-MCTS: points a trick of bid is worth above its mean
        self.ismcts_order = ISMCTS_ORDER
        self.compiled_worlds = True  # IS-MCTS's worlds drawn in compiled code (numba)
        self.world_share = ISMCTS_WORLD_SHARE
        self.ismcts_sims: int | None = None  # simulations at most a decision (None: the clock)
        self.bid_lift = BID_LIFT
        self.nil_lift = NIL_LIFT
        # analysis judges every bid by simulation, not only the nearest few
        self.bid_candidates = 10**6 if every_bid else BID_CANDIDATES

    # --- the decision ------------------------------------------------------------------
    def act(self, turn: Turn) -> int:
        legal = list(turn.legal_actions)
        if len(legal) == 1:
            return legal[0]
        rng = self._rng(turn)
        in_play = turn.observation["phase"] == "play"
        if not in_play and not self._searches_calls(_game_of(turn._source)):
            return self._heuristic(turn)
        game = _game_of(turn._source)
        if not in_play and game == "plump" and self._bid_model() == "ismcts":
            from stickspel.games.plump.rules import BID_BASE

            return int(BID_BASE + self._ismcts_bid(self._ismcts(turn, rng)))
        if in_play and self._evaluator(game) == "ismcts":
            equal = self._ismcts_choices(self._ismcts(turn, rng))
        else:
            scores = self._judge(turn, legal, rng, in_play)
            top = max(scores.get(a, float("-inf")) for a in legal)
            # the worlds seldom tell apart cards of one worth: between them, spend the
            # card the seat's goal wants gone (a high one once it wants no more tricks)
            tie = self.tie if in_play else 0.0
            equal = [a for a in legal if scores.get(a, float("-inf")) >= top - tie]
        dump = in_play and self.dump_high and not _wants_tricks(turn._source, turn.seat)
        return min(equal, key=lambda a: -self._cost(a) if dump else self._cost(a))

    def _searches_calls(self, game: str) -> bool:
        """Calls by simulation: Plump's bids; Priffe's auction and Tremanswhist's
        exchange only when asked for (measured weaker than the heuristic's, below)."""
        if self.search_calls is not None:
            return self.search_calls
        return game in SEARCHED_CALLS

    def _bid_model(self) -> str:
        """Plump's bids: ``auto`` is IS-MCTS where numba compiles the search, else the
        goal-aware play-outs (``aware``)."""
        if self.bids != "auto":
            return self.bids
        from stickspel.search import BACKEND

        return "ismcts" if BACKEND == "numba" else "aware"

    def _evaluator(self, game: str) -> str:
        return _card_evaluator(self.cards, game)

    def evaluate(self, turn: Turn) -> dict[int, float]:
        """Every legal action's expected value to the seat (the weighted mean over the
        worlds drawn): what :meth:`act` maximises where it searches (cards, Plump's
        bids); :mod:`stickspel.analysis` uses it."""
        in_play = turn.observation["phase"] == "play"
        game = _game_of(turn._source)
        if in_play and self._evaluator(game) == "ismcts":
            values = self._even_ismcts(turn)
            return {a: values.get(a, 0.0) for a in turn.legal_actions}
        if not in_play and game == "plump" and self._bid_model() == "ismcts":
            from stickspel.games.plump.rules import BID_BASE

            bids = self._even_ismcts(turn)
            return {a: bids.get(a - BID_BASE, 0.0) for a in turn.legal_actions}
        return self._judge(turn, list(turn.legal_actions), self._rng(turn), in_play)

    def _even_ismcts(self, turn: Turn) -> dict[int, float]:
        """IS-MCTS's values of the root's choices, each tried as often as the others:
        to value every choice (analysis), not to find the best, a choice UCB1 leaves
        after a few simulations would be valued from those few."""
        values: dict[int, float] = self._ismcts(turn, self._rng(turn), even=True).root_values()
        return values

    @staticmethod
    def _cost(action: int) -> int:
        # between equals, spend the lowest card (rank first) and make the lowest call
        return action % 13 if action < 52 else action

    def _heuristic(self, turn: Turn) -> int:
        from stickspel.bots import make_bot

        game = _game_of(turn._source)
        return make_bot(game, "heuristic", seed=self.seed).act(turn)

    def _rng(self, turn: Turn) -> random.Random:
        """The decision's random stream: the seed and what the seat sees, nothing else."""
        text = f"{self.seed}:{turn.seat}:{turn.observation.to_json()}"
        return random.Random(int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big"))

    def _worlds(self, turn: Turn, rng: random.Random) -> Iterator[tuple[Any, float]]:
        """Sampled worlds and their weights until the budget is spent (one at least)."""
        start = time.perf_counter()
        deadline = None
        if self.think_ms is not None:
            deadline = start + self.think_ms / 1000
        cap = self.samples if self.samples is not None else MAX_WORLDS
        for k in range(cap):
            # stop when one more world, at the pace so far, would overrun the budget
            now = time.perf_counter()
            if k and deadline is not None and now + (now - start) / k > deadline:
                return
            world = turn.sample_world(rng)
            weight = world_weight(world, turn.seat) if self.infer else 1.0
            yield world, weight

    def _ismcts_bid(self, tree: Any) -> int:
        """The bid of the tree: the most simulated — or, with ``bid_lean``, the best
        mean score once each trick of bid is credited that many points more, among
        the bids simulated a tenth as often as the most at least; nothing (0) only
        where its mean score beats the best other bid's by ``nil_margin`` points."""
        visits: dict[int, int] = tree.root_visits()
        values: dict[int, float] = tree.root_values()
        best = max(visits, key=lambda b: (visits[b], -b))
        if self.bid_lean:
            tried = [b for b in visits if 10 * visits[b] >= visits[best]]
            best = max(tried, key=lambda b: values[b] + self.bid_lean * b)
        if best == 0 and self.nil_margin > 0 and len(visits) > 1:
            other = max((b for b in visits if b), key=lambda b: values[b])
            if values[0] < values[other] + self.nil_margin:
                return other
        return best

    def _ismcts_choices(self, tree: Any) -> list[int]:
        """The most simulated card, and the cards as well simulated (half its visits
        at least) that score as much within :data:`ISMCTS_TIE`: cards of one worth,
        which the search splits its visits between."""
        visits, values = tree.root_visits(), tree.root_values()
        most = max(visits, key=lambda a: (visits[a], values[a]))
        return [
            a
            for a in visits
            if a == most
            or (2 * visits[a] >= visits[most] and values[a] >= values[most] - ISMCTS_TIE)
        ]

    def _ismcts(self, turn: Turn, rng: random.Random, *, even: bool = False) -> Any:
        """The IS-MCTS tree of the decision (:mod:`stickspel.search.ismcts`), a card
        or Plump's bid at its root: worlds drawn and weighted as PIMC's for a share of
        the budget (:data:`ISMCTS_WORLDS` at most), then simulations over them until
        the budget is spent."""
        start = time.perf_counter()
        worlds: list[Any] = []
        weights: list[float] = []
        bids: list[list[int]] = []
        cap = self.samples if self.samples is not None else self.ismcts_worlds
        share = None if self.think_ms is None else start + self.world_share * self.think_ms / 1000
        if _game_of(turn._source) != "plump":
            worlds, weights = self._searched_worlds(turn, rng, cap, share)
            return self._ismcts_over(turn, rng, start, worlds, weights, [], even)
        if self.compiled_worlds:
            from stickspel.search import BACKEND

            if BACKEND == "numba":
                draw = _plump_draw(turn, rng, self.infer, self.bid_read_shift, self.bid_read, cap)
                if draw is not None:
                    worlds_drawn = self._drawn(draw, cap, share)
                    return self._ismcts_over(turn, rng, start, worlds_drawn, [], [], even)
        for pos, weight, row in _plump_worlds(
            turn, rng, self.infer, self.bid_read_shift, self.bid_read
        ):
            worlds.append(pos)
            weights.append(max(weight, 1e-12))  # Plump's weights have a floor: none is 0
            bids.append(row)
            if len(worlds) >= cap or (share is not None and time.perf_counter() > share):
                break
        return self._ismcts_over(turn, rng, start, worlds, weights, bids, even)

    def _searched_worlds(
        self, turn: Turn, rng: random.Random, cap: int, share: float | None
    ) -> tuple[list[Any], list[float]]:
        """Priffe's and Tremanswhist's worlds for IS-MCTS: ``sample_world``'s deals
        as search positions, each weighted by what the calls say (PIMC's worlds),
        until ``cap`` or the ``share`` of the budget is spent (one at least)."""
        from stickspel.search import Position

        worlds: list[Any] = []
        weights: list[float] = []
        while True:
            world = turn.sample_world(rng)
            weight = world_weight(world, turn.seat) if self.infer else 1.0
            worlds.append(Position.from_state(world))
            weights.append(max(weight, 1e-12))  # a floor, as Plump's: none is ruled out
            if len(worlds) >= cap or (share is not None and time.perf_counter() > share):
                return worlds, weights

    @staticmethod
    def _drawn(draw: Any, cap: int, share: float | None) -> Any:
        """Worlds of a compiled draw: batches until ``cap`` or the ``share`` of the
        budget is spent."""
        batch = ISMCTS_BATCH
        while draw.draw(batch) < cap:
            if share is not None and time.perf_counter() > share:
                break
            batch *= 2
        return draw.worlds

    def _ismcts_over(
        self,
        turn: Turn,
        rng: random.Random,
        start: float,
        worlds: Any,
        weights: list[float],
        bids: list[list[int]],
        even: bool,
    ) -> Any:
        """The tree over ``worlds``, searched until the budget is spent (``even``:
        the root's choices tried evenly, ``Tree.even_root``)."""
        bidding = turn.observation["phase"] != "play"
        tree = _thread_tree()
        tree.c, tree.noise, tree.opponents = self.ucb_c, self.ismcts_noise, self.ismcts_opponents
        tree.c_others = self.ucb_c_others
        tree.hand_keys = self.ismcts_hand_keys
        tree.own_keys = self.ismcts_own_keys
        tree.depth = self.ismcts_depth
        tree.policy = self.ismcts_policy
        tree.order_size = self.ismcts_order
        tree.even_root = even
        if bidding:
            self._start_bid_tree(tree, turn, worlds, weights, bids, rng)
        else:
            tree.start(worlds, weights, rng.randrange(1 << 30))
        if self.think_ms is None:
            tree.run(ISMCTS_SIMS_PER_WORLD * len(worlds))
            return tree
        cap = self.ismcts_sims if self.ismcts_sims is not None else 1 << 62
        ran = ISMCTS_MIN_SIMS
        # the move must be chosen and handed back within the budget too
        deadline = start + (self.think_ms - ISMCTS_SLACK_MS) / 1000
        chunk = ISMCTS_CHUNK
        tree.run(ISMCTS_MIN_SIMS)  # however late the worlds were: a few for every choice
        while ran < cap:
            t0 = time.perf_counter()
            if t0 >= deadline:
                break
            chunk = min(chunk, cap - ran)
            tree.run(chunk)
            ran += chunk
            spent = time.perf_counter() - t0
            # the next chunk sized to half the time left at the pace just measured: the
            # pace falls as the tree deepens, and a chunk sized to the whole of it
            # overran the budget by 3-4%
            rate = chunk / max(spent, 1e-6)
            chunk = max(16, min(4 * chunk, int(rate * (deadline - time.perf_counter()) / 2)))
            if time.perf_counter() + 16 / rate > deadline:
                break
        return tree

    def _start_bid_tree(
        self,
        tree: Any,
        turn: Turn,
        worlds: list[Any],
        weights: list[float],
        bids: list[list[int]],
        rng: random.Random,
    ) -> None:
        """The tree of Plump's bid: the legal bids at the root, each world's other
        bids as guessed, the dealer's guess round its spärr."""
        from stickspel.games.plump.rules import BID_BASE, score_deal

        state: Any = turn._source  # public parts only: the rules, the dealer, the bids made
        size, rules, d = state.hand_size, state.rules, state.dealer_seat
        scores = [[score_deal(rules, b, t) for t in range(size + 1)] for b in range(size + 1)]
        binding = rules.sparr and state.bids[d] is None and d != turn.seat
        tree.start_bid(
            worlds, weights, rng.randrange(1 << 30),
            seat=turn.seat, candidates=[a - BID_BASE for a in turn.legal_actions],
            bids=bids, scores=scores, sparr_dealer=d if binding else -1,
        )  # fmt: skip

    def _judge(
        self, turn: Turn, legal: list[int], rng: random.Random, in_play: bool
    ) -> dict[int, float]:
        totals = dict.fromkeys(legal, 0.0)
        weights = 0.0
        for world, weight in self._worlds(turn, rng):
            if weight <= 0:
                continue
            if in_play:
                values = self.card_values(world, turn.seat, legal, rng)
            elif _game_of(world) == "plump":
                values = self.bid_values(world, turn.seat, legal, rng)
            else:
                values = self.call_values(world, turn.seat, legal, rng)
            for a, v in values.items():
                totals[a] += weight * v
            weights += weight
        return {a: t / weights for a, t in totals.items()} if weights else totals

    # --- judging candidates in one world -----------------------------------------------
    def _playout_value(
        self, pos: Any, objective: Objective, seat: int, rng: random.Random
    ) -> float:
        """The seat's mean value over goal-aware play-outs of ``pos`` to the deal's end."""
        from stickspel.search import playout_tricks

        before = pos.tricks
        runs = playout_tricks(
            pos, self.rollouts, rng.randrange(1 << 30), policy="aware", noise=ROLLOUT_NOISE
        )
        total = 0.0
        for run in runs:
            total += objective.values([a + b for a, b in zip(before, run, strict=True)])[seat]
        return total / len(runs)

    def card_values(
        self, world: Any, seat: int, legal: Sequence[int], rng: random.Random
    ) -> dict[int, float]:
        """Each legal card's value to ``seat`` in ``world`` (every hand open)."""
        from stickspel.search import Position, card_values

        if self._evaluator(_game_of(world)) == "dd":
            return card_values(world, max_nodes=self.dd_nodes, solver=self._solver())
        pos = Position.from_state(world)
        objective = objective_of(world)
        if sum(h.bit_count() for h in pos.hands) <= EXACT_CARDS_PER_HAND * pos.n:
            exact = card_values(pos, solver=self._solver(), dds=False)
            return {c: objective.of_search(pos, seat, v) for c, v in exact.items()}
        out: dict[int, float] = {}
        for card in legal:
            pos.play(card)
            out[card] = self._playout_value(pos, objective, seat, rng)
            pos.unplay()
        return out

    def _solver(self) -> Any:
        """The solver with this bot's leaf play-outs (one a setting in the thread:
        their tables are large, and a decision leaves nothing in them that matters)."""
        from stickspel.search import Solver

        key = (self.leaf, self.leaf_runs, self.leaf_noise)
        solvers = _thread_solvers()
        if key not in solvers:
            solvers[key] = Solver(
                leaf=self.leaf, leaf_runs=self.leaf_runs, leaf_noise=self.leaf_noise
            )
        return solvers[key]

    def bid_values(
        self, world: Any, seat: int, legal: Sequence[int], rng: random.Random
    ) -> dict[int, float]:
        """Plump: the deal score each legal bid brings ``seat`` in ``world``; the seats
        still to bid bid what they count (the dealer round its spärr)."""
        guess, mine = _guessed_bids(world, seat)
        if self._bid_model() == "greedy":
            return self._bid_values_by_playouts(world, seat, legal, mine, rng)
        return self._bid_values_aware(world, seat, legal, mine, guess, rng)

    def _bid_values_aware(
        self,
        world: Any,
        seat: int,
        legal: Sequence[int],
        mine: float,
        guess: list[int],
        rng: random.Random,
    ) -> dict[int, float]:
        """Plump with the compiled search: each bid near the counted tricks played out
        with every seat playing for its bid (``playout_tricks``'s goal-aware policy;
        the bids still to come guessed from the hands, the dealer round its spärr),
        and the bid's mean deal score over the play-outs; bids further off are
        judged worth nothing."""
        from stickspel.games.plump.rules import BID_BASE, score_deal
        from stickspel.search import Position, playout_tricks

        pos = Position.from_state(world)
        near = sorted(legal, key=lambda a: (abs(a - BID_BASE - mine), a))[: self.bid_candidates]
        out: dict[int, float] = {}
        for action in legal:
            bid = action - BID_BASE
            if action not in near:
                out[action] = -abs(bid - mine)
                continue
            bids = list(guess)  # the bids made, the ones to come guessed
            bids[seat] = bid
            self._round_sparr(world, bids)
            runs = playout_tricks(
                pos, AWARE_PLAYOUTS, rng.randrange(1 << 30), policy="aware", bids=bids
            )
            lift = self.nil_lift if bid == 0 else self.bid_lift
            mean = sum(
                (1 - lift) * score_deal(world.rules, bid, t[seat])
                + lift * score_deal(world.rules, bid, min(t[seat] + 1, world.hand_size))
                for t in runs
            ) / len(runs)
            out[action] = mean - abs(bid - mine) * BID_TIE_BREAK
        return out

    def _bid_values_by_playouts(
        self, world: Any, seat: int, legal: Sequence[int], mine: float, rng: random.Random
    ) -> dict[int, float]:
        """Plump with the compiled search: the distribution of the seat's tricks over
        fast play-outs of the world (every seat taking what it can), and each bid's
        mean deal score under it."""
        from stickspel.games.plump.rules import BID_BASE, score_deal
        from stickspel.search import BACKEND, playout_tricks

        playouts = BID_PLAYOUTS if BACKEND == "numba" else BID_PLAYOUTS_PYTHON
        counts = [t[seat] for t in playout_tricks(world, playouts, rng.randrange(1 << 30))]
        out: dict[int, float] = {}
        for action in legal:
            bid = action - BID_BASE
            mean = sum(score_deal(world.rules, bid, t) for t in counts) / len(counts)
            out[action] = mean - abs(bid - mine) * BID_TIE_BREAK
        return out

    @staticmethod
    def _round_sparr(world: Any, bids: list[int]) -> None:
        """A guessed dealer's bid that the spärr forbids moves one up (or down)."""
        d = world.dealer_seat
        if not world.rules.sparr or world.bids[d] is not None:
            return
        size = world.hand_size
        if sum(bids) == size:
            bids[d] = bids[d] + 1 if bids[d] < size else bids[d] - 1

    def call_values(
        self, world: Any, seat: int, legal: Sequence[int], rng: random.Random
    ) -> dict[int, float]:
        """Priffe and Tremanswhist: each call's value to ``seat``, the rest of the
        auction (or exchange) called by the heuristic bot, the deal played out."""
        from stickspel.bots import make_bot
        from stickspel.search import Position

        game = _game_of(world)
        model = make_bot(game, "heuristic", seed=rng.randrange(1 << 30))
        play = type(world).PLAY_PHASE
        out: dict[int, float] = {}
        for action in legal:
            w = world.clone()
            w.apply_action(action)
            while w.phase != play and not w.deal_over():
                w.apply_action(model.act(Turn.of(w)))
            if w.deal_over():  # ended without play (a variant's passed-out deal)
                out[action] = float(w.deal_results[-1]["points"][seat]) if w.deal_results else 0.0
                continue
            out[action] = self._playout_value(Position.from_state(w), objective_of(w), seat, rng)
        return out


class IntermediateBot(ExpertBot):
    """The heuristic's calls, no reading of bids, cards over few worlds: by PIMC in
    Plump and Tremanswhist, by a small IS-MCTS tree (:data:`INTERMEDIATE_SIMS`)
    in Priffe where numba compiles it."""

    name = "intermediate"
    level = "intermediate"

    def __init__(self, seed: int | None = None, think_ms: float | None = None, **kw: Any) -> None:
        kw.setdefault("infer", False)
        kw.setdefault("search_calls", False)
        kw.setdefault("rollouts", 1)
        kw.setdefault("samples", INTERMEDIATE_WORLDS)
        kw.setdefault("cards", "few")
        super().__init__(seed, think_ms, **kw)
        self.ismcts_sims = INTERMEDIATE_SIMS
        if think_ms is None and self.samples == INTERMEDIATE_WORLDS:
            self.think_ms = DEFAULT_THINK_MS[self.level]  # few worlds, and the level's time


class BeginnerBot:
    """The heuristic bot that slips: a card at random now and then."""

    name = "beginner"
    level = "beginner"

    def __init__(self, seed: int | None = None, think_ms: float | None = None) -> None:
        self.seed = 0 if seed is None else seed
        self.think_ms = think_ms  # a beginner does not think longer for more time
        self.rng = random.Random(seed)
        self._game_bot: dict[str, Any] = {}

    def act(self, turn: Turn) -> int:
        from stickspel.bots import make_bot

        legal = turn.legal_actions
        if turn.observation["phase"] == "play" and self.rng.random() < BEGINNER_SLIPS:
            return self.rng.choice(legal)
        game = _game_of(turn._source)
        if game not in self._game_bot:
            self._game_bot[game] = make_bot(game, "heuristic", seed=self.seed)
        return int(self._game_bot[game].act(turn))


def level_bots() -> dict[str, type]:
    """The level bots every game offers, by name."""
    return {"beginner": BeginnerBot, "intermediate": IntermediateBot, "expert": ExpertBot}

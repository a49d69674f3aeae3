"""Property tests: random Plump evenings entered with counts and made/missed marks
score exactly as the rules say, and any corrupted entry is refused without loss."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from stickspel.games.plump import PlumpRules, score_deal
from stickspel.games.plump.sheet import add_plump, edit_plump, forbidden_bid
from stickspel.protokoll.scorekeeper import ScorekeeperError, Session
from stickspel.records import replay


def _random_deal(rng: random.Random, s: Session) -> tuple[list[int], list[int]]:
    nxt = s.next_deal()
    assert nxt is not None and nxt.cards is not None
    n, size = len(s.players), nxt.cards
    bids: list[int | None] = [None] * n
    for seat in nxt.order:
        choices = list(range(size + 1))
        if seat == nxt.dealer:
            f = forbidden_bid(s, bids)
            choices = [b for b in choices if b != f]
        bids[seat] = rng.choice(choices)
    tricks = [0] * n
    for _ in range(size):
        tricks[rng.randrange(n)] += 1
    return [int(b or 0) for b in bids], tricks


def _marks(rng: random.Random, bids: list[int], tricks: list[int]) -> list[int | str]:
    """What a table might say: made as +, one missed as -, the rest as counts."""
    out: list[int | str] = []
    dash_used = False
    for b, t in zip(bids, tricks, strict=True):
        if b == t and rng.random() < 0.7:
            out.append(rng.choice(["+", "ja"]))
        elif b != t and not dash_used and rng.random() < 0.6:
            out.append(rng.choice(["-", "nej"]))
            dash_used = True
        else:
            out.append(t)
    return out


@settings(max_examples=30, deadline=None)
@given(
    players=st.integers(3, 6),
    top=st.integers(1, 5),
    penalty=st.booleans(),
    scoring=st.sampled_from(["standard", "per_trick", "tricks_only"]),
    seed=st.integers(0, 2**20),
)
def test_random_evenings_score_by_the_rules(
    players: int, top: int, penalty: bool, scoring: str, seed: int
) -> None:
    rng = random.Random(seed)
    names = [f"P{i}" for i in range(players)]
    s = Session.new("plump", names, max_cards=top, plump_penalty=penalty, scoring=scoring)
    rules = PlumpRules(players=players, max_cards=top, plump_penalty=penalty, scoring=scoring)
    expected = [0] * players
    while not s.finished:
        bids, tricks = _random_deal(rng, s)
        deal = add_plump(s, bids, _marks(rng, bids, tricks))
        assert deal["result"]["tricks"] == tricks
        for p in range(players):
            expected[p] += score_deal(rules, bids[p], tricks[p])
        assert s.totals() == expected
        # a corrupted copy of the same deal is refused and changes nothing
        if len(s.entries) > 1:
            before = json.dumps(s.doc, sort_keys=True)
            bad = list(tricks)
            bad[rng.randrange(players)] += 1
            try:
                edit_plump(s, len(s.entries), bids, bad)
            except ScorekeeperError as e:
                assert e.row == len(s.entries) and f"row {e.row} " in str(e)
            else:
                raise AssertionError("tricks adding up to one too many were accepted")
            assert json.dumps(s.doc, sort_keys=True) == before
    assert replay(s.doc).summary()["totals"] == expected
    assert s.doc["winner"] == [p for p in range(players) if expected[p] == max(expected)]

"""The record a person at a table may read (``Table.record_for`` → the game's
``record_view``): at every step of random games of every game and preset, for every
person and a spectator, each deal holds only cards that person may know.

"May know" is worked out here from the whole record and the rules alone, not from
the views under test: a seat knows its own hand as dealt, every card played to a
trick, the upcard and what the rules hand it (Tremanswhist: the fourth pile to the
seat that takes it, the last taker's old hand to the next taker, the cards bought
from the top of the pile); a spectator knows the played cards and the upcard.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from stickspel import load_game
from stickspel.bots import RandomBot, Turn
from stickspel.core.cards import card_str
from stickspel.games.registry import GAMES
from stickspel.table import Person, Table

CARDS = frozenset(card_str(c) for c in range(52))
PRESETS = [f"{name}({preset})" for name, spec in GAMES.items() for preset in spec.rules.PRESETS]
#: Deals played of each game: enough for Priffe's seats to move between rubbers.
DEALS = 12


def cards_in(value: Any) -> set[str]:
    if isinstance(value, str):
        return {value} if value in CARDS else set()
    if isinstance(value, dict):
        return set().union(*(cards_in(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(cards_in(v) for v in value)) if value else set()
    return set()


def played(deal: dict[str, Any]) -> set[str]:
    return {c for t in deal.get("tricks") or [] for c in t["cards"]}


def received(deal: dict[str, Any], seat: int, buying: bool) -> set[str]:
    """What the rules hand ``seat`` from the fourth pile in a Tremanswhist deal."""
    pile = list((deal.get("extra") or [[]])[0])
    exchanges = deal.get("exchanges") or []
    if buying:
        for e in exchanges:
            if e.get("pending"):
                return set()
            taken, pile = pile[: len(e["discard"])], pile[len(e["discard"]) :]
            if e["seat"] == seat:
                return set(taken) | set(e["discard"])
        return set()
    held_by_pile = pile
    for e in exchanges:
        if not e["take"]:
            continue
        if e["seat"] == seat:
            return set(held_by_pile)
        held_by_pile = deal["hands"][e["seat"]]
    return set()


def may_know(game: str, deal: dict[str, Any], player: int | None, buying: bool) -> set[str]:
    known = played(deal) | ({deal["upcard"]} if deal.get("upcard") else set())
    if player is None:
        return known
    seating = deal.get("seating")
    seat = seating.index(player) if game == "priffe" and seating else player
    known |= set(deal["hands"][seat])
    if game == "tremanswhist":
        known |= received(deal, seat, buying)
    return known


def hidden_bids(game: str, full: dict[str, Any], deal: dict[str, Any]) -> bool:
    """Whether ``deal`` is a Plump deal under way whose bids, made at once, are not
    all in yet."""
    simultaneous = full["variant"].get("bidding") == "simultaneous"
    return (
        game == "plump"
        and simultaneous
        and "result" not in deal
        and len(deal["auction"]) < len(full["players"])
    )


def check_view(
    game: str, full: dict[str, Any], view: dict[str, Any], player: int | None, buying: bool
) -> int:
    """Each deal of ``view`` against the same deal of ``full``; the cards checked."""
    assert len(view["deals"]) == len(full["deals"])
    checked = 0
    for k, (whole, seen) in enumerate(zip(full["deals"], view["deals"], strict=True)):
        if "hands" not in whole:
            continue
        allowed = may_know(game, whole, player, buying)
        shown = cards_in(seen)
        assert shown <= allowed, (game, k, player, sorted(shown - allowed))
        if player is not None:  # the view is not empty for nothing: own hand whole
            seating = whole.get("seating")
            seat = seating.index(player) if game == "priffe" and seating else player
            assert seen["hands"][seat] == whole["hands"][seat]
        assert seen.get("tricks") == whole.get("tricks")
        if hidden_bids(game, full, whole):  # bids made at once: only one's own so far
            assert all(c["seat"] == player for c in seen["auction"]), (k, player)
        checked += len(shown)
    return checked


@pytest.mark.parametrize("text", PRESETS)
def test_a_record_view_holds_no_card_the_person_may_not_know(text: str) -> None:
    game = load_game(text)
    name, buying = game.name, getattr(game.rules, "form", "") == "buying"
    n = game.info.num_players
    persons = [Person(f"P{i}", "bot") for i in range(n)]
    bots = {p: RandomBot(seed=i) for i, p in enumerate(persons)}
    table = Table(game, persons, bots, rng=random.Random(7))
    checked = steps = 0
    while not table.is_terminal() and len(table.state.deal_records) < DEALS:
        state = table.state
        if state.is_chance():
            table.deal()
        else:
            actor = table.to_act()
            assert actor is not None
            table.submit(actor, bots[actor].act(Turn.of(state)))
        full = table.to_record()
        for who in [*persons, None]:
            player = None if who is None else persons.index(who)
            checked += check_view(name, full, table.record_for(who), player, buying)
        steps += 1
    assert steps > 20 and checked > 500, (steps, checked)


@pytest.mark.parametrize("text", PRESETS)
def test_the_public_observation_is_what_every_seat_sees_alike(text: str) -> None:
    """A spectator's view (the game's ``public_observation``) holds no seat's own
    field, every field it shares with the seats' observations has the value all
    seats see, and its cards are played cards and the upcard only."""
    from stickspel.table.session import plain_observation

    game = load_game(text)
    state = game.new_initial_state(1)
    rng = random.Random(5)
    compared = 0
    while not state.is_terminal() and len(state.deal_records) < DEALS:
        if state.is_chance():
            state.apply_chance(rng)
            continue
        public = state.public_observation()
        seats = [plain_observation(state.observation(s)) for s in range(state.num_players)]
        assert not {"seat", "hand"} & set(public)
        for key, value in public.items():
            values = [o.get(key) for o in seats]
            if all(v == values[0] for v in values):
                assert value == values[0], key
                compared += 1
            else:  # seats differ: only the hidden bids, shown to nobody
                assert key == "bids" and all(b is None for b in value), key
        deal = state.to_record()["deals"][-1]
        assert cards_in(public) <= may_know(game.name, deal, None, buying=False)
        state.apply_action(rng.choice(state.legal_actions()))
    assert compared > 100

"""The table layer: seats and persons, the event log, refusals, autosave, resume,
and per-person streams that never carry what the person may not see."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from stickspel import load_game
from stickspel.bots import RandomBot, Turn, make_bot
from stickspel.core import GameState, IllegalActionError, Observation, Rule
from stickspel.core.cards import card_str
from stickspel.protokoll import build_sheet
from stickspel.records import load_record, replay
from stickspel.table import Event, Person, SeatEvent, StaleVersionError, Table

CARDS = frozenset(card_str(c) for c in range(52))
NAMES = ["Anna", "Björn", "Cissi", "David", "Eva"]


def people(n: int, humans: tuple[int, ...] = ()) -> list[Person]:
    return [Person(NAMES[i], "human" if i in humans else "bot") for i in range(n)]


def bot_table(
    text: str, humans: tuple[int, ...] = (), seed: int = 1, **kw: Any
) -> tuple[Table, list[Person]]:
    game = load_game(text)
    persons = people(game.info.num_players, humans)
    bots = {p: RandomBot(seed=seed * 10 + i) for i, p in enumerate(persons) if p.kind == "bot"}
    return Table(game, persons, bots, rng=random.Random(seed), **kw), persons


def cards_in(value: Any) -> set[str]:
    """Every card text in ``value`` (observations, event texts), however nested."""
    found: set[str] = set()
    if isinstance(value, Observation):
        value = value.to_dict()
    if isinstance(value, str):
        found |= {w for w in value.split() if w in CARDS}
    elif isinstance(value, dict):
        for v in value.values():
            found |= cards_in(v)
    elif isinstance(value, list | tuple):
        for v in value:
            found |= cards_in(v)
    return found


def seat_event_cards(e: SeatEvent) -> set[str]:
    return cards_in(e.text) | cards_in(e.observation)


# --- submit and refusals ---------------------------------------------------------------


def test_submit_refuses_with_a_rule_and_logs_nothing() -> None:
    table, ps = bot_table("plump(players=3,max_cards=3)", humans=(0, 1, 2))
    with pytest.raises(IllegalActionError) as e:
        table.submit(ps[0], 52)
    assert e.value.rule == Rule.NOT_DEALT
    table.advance()  # deals; everyone is human, so it stops there
    assert [e.kind for e in table.events()] == ["deal"] and table.version == 1
    actor = table.to_act()
    assert actor is not None
    other = next(p for p in ps if p is not actor)
    with pytest.raises(IllegalActionError) as e:
        table.submit(other, table.legal_actions()[0])
    assert e.value.rule == Rule.NOT_YOUR_TURN and e.value.seat == table.seat_of(other)
    assert "turn" in e.value.text("en") and "tur" in e.value.text("sv")
    with pytest.raises(IllegalActionError) as e:
        table.submit(actor, 51 if 51 not in table.legal_actions() else 0)
    assert e.value.rule in (Rule.NOT_A_CALL, Rule.BID_RANGE, Rule.NOT_A_CARD)
    with pytest.raises(StaleVersionError) as stale:
        table.submit(actor, table.legal_actions()[0], version=0)
    assert (stale.value.given, stale.value.version) == (0, 1)
    assert "version" in stale.value.text("sv")
    assert table.version == 1
    event = table.submit(actor, table.legal_actions()[0], version=1)
    assert (event.seq, event.kind, event.person) == (2, "action", ps.index(actor))
    assert table.version == 2


def test_an_illegal_card_names_the_rule_without_cloning() -> None:
    table, ps = bot_table("plump(players=3,max_cards=3,sparr=false)", humans=(0, 1, 2), seed=3)
    table.advance()
    while table.state.observation(table.state.current_player())["phase"] == "bid":
        actor = table.to_act()
        assert actor is not None
        table.submit(actor, table.legal_actions()[0])
    actor = table.to_act()
    assert actor is not None
    hand = table.view(actor).observation or {}
    held = set(hand["hand"])
    missing = next(c for c in range(52) if card_str(c) not in held)
    with pytest.raises(IllegalActionError) as e:
        table.submit(actor, missing)
    assert e.value.rule == Rule.CARD_NOT_HELD
    table.submit(actor, table.legal_actions()[0])  # a lead, then someone must follow
    follower = table.to_act()
    assert follower is not None
    legal = set(table.legal_actions())
    mine = [c for c in range(52) if card_str(c) in set(table.view(follower).observation["hand"])]  # type: ignore[index]
    off = [c for c in mine if c not in legal]
    if off:
        with pytest.raises(IllegalActionError) as e:
            table.submit(follower, off[0])
        assert e.value.rule in (Rule.FOLLOW_SUIT, Rule.DUTY_TO_TRUMP)


def test_game_over_is_refused() -> None:
    table, ps = bot_table("plump(players=3,max_cards=1)")
    table.advance()
    assert table.is_terminal()
    with pytest.raises(IllegalActionError) as e:
        table.submit(ps[0], 52)
    assert e.value.rule == Rule.GAME_OVER


# --- the log -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text", ["plump(players=4,max_cards=3)", "priffe", "tremanswhist(max_deals=3)"]
)
def test_events_are_numbered_and_rebuild_the_state(text: str) -> None:
    table, _ = bot_table(text)
    table.advance()
    events = table.events()
    assert [e.seq for e in events] == list(range(1, len(events) + 1))
    assert table.version == len(events) and events[0].kind == "deal"
    items = [e.deal if e.kind == "deal" else e.action for e in events]
    assert items == table.state.history()
    for e in events:
        if e.kind == "action":
            assert e.seat is not None and e.person == e.seating[e.seat]


def test_listeners_hear_each_event_after_it_is_saved() -> None:
    saved: list[int] = []
    heard: list[tuple[int, int]] = []
    table, _ = bot_table("plump(players=3,max_cards=2)", autosave=lambda doc: saved.append(1))
    table.subscribe(lambda e: heard.append((e.seq, len(saved))))
    table.advance()
    assert heard == [(k, k) for k in range(1, table.version + 1)]


def test_autosave_after_every_event_replays(tmp_path: Path) -> None:
    docs: list[dict[str, Any]] = []
    table, _ = bot_table("plump(players=3,max_cards=3)", autosave=docs.append, seed=5)
    table.advance()
    assert len(docs) == table.version
    history = table.state.history()
    for k, doc in enumerate(docs, start=1):
        rep = replay(doc)
        assert rep.state.history() == history[:k]
    assert replay(docs[-1]).finished

    path = tmp_path / "sub" / "game.json"
    table, persons = bot_table("priffe", humans=(2,), autosave=path, seed=2)
    table.advance()  # deals and lets the bots act up to the human
    assert path.exists()
    saved = replay(load_record(path))
    assert saved.state.history() == table.state.history()
    assert saved.players == [p.name for p in persons]


def test_resume_rebuilds_the_events_and_plays_on(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    table, persons = bot_table("plump(players=3,max_cards=3)", humans=(0,), autosave=path, seed=4)
    table.advance()
    me = persons[0]
    for _ in range(4):
        table.submit(me, table.legal_actions()[-1])
        table.advance()
    before = table.events()
    mine = table.events_for(me)
    doc = load_record(path)
    bots = {p.name: RandomBot(seed=i) for i, p in enumerate(persons) if p.kind == "bot"}
    again = Table.resume(doc, bots, rng=random.Random(9), autosave=path)
    assert again.version == table.version
    assert [(e.seq, e.kind, e.seat, e.action) for e in again.events()] == [
        (e.seq, e.kind, e.seat, e.action) for e in before
    ]
    me2 = again.persons[0]
    assert again.events_for(me2) == mine
    while not again.is_terminal():
        again.submit(me2, again.legal_actions()[0])
        again.advance()
    assert replay(load_record(path)).finished


def test_undo_takes_back_an_action_as_a_new_event() -> None:
    docs: list[dict[str, Any]] = []
    table, ps = bot_table("plump(players=3,max_cards=2)", humans=(0, 1, 2), autosave=docs.append)
    table.advance()
    with pytest.raises(IllegalActionError) as e:
        table.undo()  # a deal is not taken back
    assert e.value.rule == Rule.UNDO
    actor = table.to_act()
    assert actor is not None
    table.submit(actor, table.legal_actions()[0])
    history = table.state.history()
    event = table.undo()
    assert (event.kind, event.undone, event.seq, table.version) == ("undo", 2, 3, 3)
    assert table.state.history() == history[:-1] and table.to_act() is actor
    assert replay(docs[-1]).state.history() == history[:-1]
    assert table.events_for(actor)[-1].undone == 2


# --- what each person is told -------------------------------------------------------------


class _Recorder:
    """A bot that checks it is handed a Turn and nothing else."""

    name = "recorder"

    def __init__(self, seed: int) -> None:
        self.inner = RandomBot(seed)
        self.turns = 0

    def act(self, turn: Turn) -> int:
        assert type(turn) is Turn
        assert not any(isinstance(v, GameState) for v in vars(turn).values())
        self.turns += 1
        return self.inner.act(turn)


def test_bots_are_handed_a_turn_only() -> None:
    game = load_game("tremanswhist(max_deals=2)")
    persons = people(3)
    bots = {p: _Recorder(i) for i, p in enumerate(persons)}
    table = Table(game, persons, bots, rng=random.Random(3))  # type: ignore[arg-type]
    table.advance()
    assert table.is_terminal() and all(b.turns > 0 for b in bots.values())


GAMES = [
    "plump(players=4,max_cards=4)",
    "plump(players=4,max_cards=3,bidding=simultaneous,sparr=false)",
    "plump(players=2,max_cards=3)",
    "priffe",
    "tremanswhist(max_deals=4)",
    "tremanswhist(form=buying)",
]


@pytest.mark.parametrize("text", GAMES)
@pytest.mark.parametrize("seed", [1, 2])
def test_no_event_shows_a_person_a_card_they_may_not_know(text: str, seed: int) -> None:
    """For every person and a spectator, after every event: each card in their
    events so far is one their seat has seen in its own observation or one
    played in the open; spectators get no observation and only cards played in
    the open (within each deal), and none is a card another seat holds now
    unless every seat has seen it face up (checked against the other seats'
    hands, not only against the person's own observation)."""
    table, persons = bot_table(text, seed=seed)
    state = table.state
    known: dict[int, set[str]] = {i: set() for i in range(len(persons))}
    told: dict[int | None, set[str]] = {i: set() for i in range(len(persons))}
    told[None] = set()
    played_open: set[str] = set()
    face_up: set[str] = set()
    cursor: dict[int | None, int] = dict.fromkeys(told, 0)

    def check(event: Event) -> None:
        if event.kind == "deal":  # a new deal: what is known starts again
            for cards in (*known.values(), *told.values(), played_open, face_up):
                cards.clear()
        if event.kind == "action" and event.public and event.action is not None:
            if event.action < 52:
                played_open.add(card_str(event.action))
        # cards every seat sees (an upcard) are face up for all
        seen_by_all = [cards_in(state.observation(s)) for s in range(state.num_players)]
        face_up.update(set.intersection(*seen_by_all))
        for i, p in enumerate(persons):
            seat = table.seat_of(p)
            known[i] |= cards_in(table.view(p).observation)
            for e in table.events_for(p, since=cursor[i]):
                told[i] |= seat_event_cards(e)
            cursor[i] = table.version
            leaked = told[i] - known[i] - played_open
            assert not leaked, (text, event, p.name, leaked)
            held: set[str] = set()
            for other in range(state.num_players):
                if other != seat:
                    held |= cards_in(state.observation(other).get("hand"))
            assert told[i] & held <= face_up, (event, p.name, told[i] & held - face_up)
        spectator = table.view(None)
        assert spectator.observation is None and spectator.seat is None
        for e in table.events_for(None, since=cursor[None]):
            assert e.observation is None
            told[None] |= seat_event_cards(e)
        cursor[None] = table.version
        assert told[None] <= played_open, told[None] - played_open

    table.subscribe(check)
    table.advance()
    assert table.is_terminal()
    # every seat was told its own deals, and saw every card played in the open
    for i in range(len(persons)):
        deals = [e for e in table.events_for(persons[i]) if e.kind == "deal"]
        assert deals and all(e.observation for e in deals)


def test_hidden_actions_reach_others_without_their_content() -> None:
    text = "plump(players=4,max_cards=3,bidding=simultaneous,sparr=false)"
    table, persons = bot_table(text, seed=2)
    table.advance()
    hidden = [e for e in table.events() if e.kind == "action" and not e.public]
    assert hidden  # the first three bids of each deal
    e = hidden[0]
    assert e.person is not None
    own = table.events_for(persons[e.person])[e.seq - 1]
    other = table.events_for(persons[(e.person + 1) % 4])[e.seq - 1]
    spectator = table.events_for(None)[e.seq - 1]
    assert own.action == e.action and not own.hidden
    for seen in (other, spectator):
        assert seen.hidden and seen.action is None and seen.text is None and seen.is_call
        assert seen.seat == e.seat and seen.person == e.person


def test_tremanswhist_cards_put_away_are_hidden() -> None:
    table, persons = bot_table("tremanswhist(form=buying,max_deals=3)", seed=4)
    table.advance()
    events = table.events()
    put_away = [e for e in events if e.kind == "action" and e.action is not None and not e.public]
    assert put_away and all(e.action is not None and e.action < 52 for e in put_away)
    for e in put_away:
        assert e.person is not None
        for i, p in enumerate(persons):
            seen = table.events_for(p)[e.seq - 1]
            assert (seen.action is None) == (i != e.person)


def test_priffe_persons_follow_their_seats_between_rubbers() -> None:
    table, persons = bot_table("priffe", seed=3)
    table.advance()
    seatings = {e.seating for e in table.events()}
    assert len(seatings) > 1  # people moved
    for i, p in enumerate(persons):
        for e in table.events_for(p):
            if e.kind == "deal":
                assert e.observation is not None and e.observation["person"] == i


def test_the_live_protokoll_shows_simultaneous_bids_only_once_all_have_bid() -> None:
    """(Was tests/test_cli_hidden.py, against the CLI's own filter.)"""
    game = load_game("plump(bidding=simultaneous,sparr=false)")
    persons = people(4, humans=(0, 1, 2, 3))
    table = Table(game, persons, rng=random.Random(4), first_dealer=0)
    table.advance()

    def notes(doc: dict[str, Any]) -> list[str]:
        return [cell.note for cell in build_sheet(doc).tables[0].rows[0].cells]

    table.submit(persons[1], table.state.string_to_action("3"))  # förhand bids first
    assert notes(table.to_record())[1] == "3"  # the full record has it ...
    assert notes(table.record_for(persons[2]))[1] == ""  # ... seat 2 may not see it
    assert notes(table.record_for(persons[1]))[1] == "3"  # its own bid
    for seat, bid in ((2, "1"), (3, "2"), (0, "0")):
        table.submit(persons[seat], table.state.string_to_action(bid))
    assert notes(table.record_for(persons[2])) == ["0", "3", "1", "2"]
    # other seats' hands of the deal in progress are left out
    hands = table.record_for(persons[2])["deals"][-1]["hands"]
    assert hands[2] and not any(hands[s] for s in (0, 1, 3))


def test_sequential_bids_show_as_they_are_made() -> None:
    game = load_game("plump")
    persons = people(4, humans=(0, 1, 2, 3))
    table = Table(game, persons, rng=random.Random(4), first_dealer=0)
    table.advance()
    table.submit(persons[1], table.state.string_to_action("2"))
    doc = table.record_for(persons[3])
    assert [c.note for c in build_sheet(doc).tables[0].rows[0].cells] == ["", "2", "", ""]


def test_make_bot_bots_play_through_a_table_as_in_simulate() -> None:
    """``table.play_out`` (and so ``simulate``) drives the bots through a table."""
    from stickspel.simulate import play_game

    a = play_game("plump", load_game("plump(players=3,max_cards=3)").rules, ["heuristic"] * 3, 7)
    b = play_game("plump", load_game("plump(players=3,max_cards=3)").rules, ["heuristic"] * 3, 7)
    assert a.history() == b.history() and a.is_terminal()
    assert make_bot("plump", "heuristic", seed=1).name == "heuristic"

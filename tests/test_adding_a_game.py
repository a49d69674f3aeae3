"""A fourth game, Högsta stick (``tests/hogsta``), built as docs/adding-a-game.md
says: one package with its spec, registered by one call.  Every layer then
offers it without a line of its own: the game API's conformance checks, the
registry and rules text, bots, the table, records written and replayed (with
the deal schema its codec brings), the protokoll in every medium and the
terminal view."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from conformance import test_conformance as conformance

from stickspel.bots import make_bot
from stickspel.core import RulesError
from stickspel.games import GAMES, load_game, register
from stickspel.protokoll import blank_sheet, build_sheet
from stickspel.protokoll.html import render_html
from stickspel.protokoll.pdf import render_pdf
from stickspel.records import RecordError, replay
from stickspel.table.play import play_out
from stickspel.views import view_of
from tests.hogsta import SPEC


@pytest.fixture(autouse=True)
def hogsta() -> Iterator[None]:
    register(SPEC)
    yield
    del GAMES[SPEC.name]


CHECKS = [
    conformance.test_info_matches_states,
    conformance.test_legal_actions_are_exactly_those_that_apply,
    conformance.test_apply_then_undo_restores_everything,
    conformance.test_undo_back_to_the_start_and_rebuild_from_history,
    conformance.test_clones_and_records_are_independent,
    conformance.test_observations_are_typed_frozen_and_json,
    conformance.test_tensors_have_the_declared_shape,
    conformance.test_sampled_worlds_keep_what_a_seat_knows,
    conformance.test_observations_do_not_show_hidden_cards,
]


@pytest.mark.parametrize("preset", sorted(SPEC.rules.PRESETS))
@pytest.mark.parametrize("check", CHECKS, ids=[c.__name__ for c in CHECKS])
def test_the_new_game_keeps_the_game_api(check: object, preset: str) -> None:
    game = load_game(f"hogsta({preset})")
    check((game, conformance._positions(game, seed=3)))  # type: ignore[operator]


def test_the_registry_knows_it_by_name_and_rules_text() -> None:
    game = load_game("hogsta(players=2,cards=4)")
    assert (game.info.num_players, game.info.num_distinct_actions) == (2, 52)
    with pytest.raises(RulesError) as e:
        load_game("hogsta(players=7)")
    assert e.value.key == "hogsta.range"


def _played(seed: int = 5) -> dict[str, object]:
    state = load_game("hogsta").new_initial_state()
    bots = [
        make_bot("hogsta", kind, seed=i) for i, kind in enumerate(["heuristic", "random", "random"])
    ]
    play_out(state, bots, random.Random(seed))
    assert state.is_terminal()
    return state.to_record(["Anna", "Björn", "Cissi"])


def test_its_bots_play_it_and_its_records_replay() -> None:
    record = _played()
    done = replay(record)
    assert done.state.totals == record["totals"]
    assert sum(record["totals"]) == 2 * 3  # two deals of three tricks, a point each
    broken = {
        **record,
        "deals": [{**record["deals"][0], "tricks": [{"leader": 0, "cards": ["2C", "2C", "2C"]}]}],
    }
    with pytest.raises(RecordError):
        replay(broken)
    with pytest.raises(RecordError):  # its codec's deal schema holds: no field of its own
        replay({**record, "deals": [{**record["deals"][0], "auction": []}]})


def test_its_protokoll_prints_and_its_view_shows_a_seat() -> None:
    record = _played()
    sheet = build_sheet(record, "en")
    assert [row.label for row in sheet.tables[0].rows] == ["1", "2"]
    assert sheet.totals == record["totals"]
    assert "Björn" in render_html(sheet)
    assert render_pdf(blank_sheet("hogsta", SPEC.rules(), ["A", "B", "C"])).startswith(b"%PDF")
    state = load_game("hogsta").new_initial_state()
    state.apply_chance(random.Random(1))
    view = view_of("hogsta")
    assert view is not None
    obs = state.observation(1).to_dict()
    assert view.render(obs, players=["A", "B", "C"]) is not None and obs["hand"]

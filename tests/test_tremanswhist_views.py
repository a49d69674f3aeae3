"""Tremanswhist terminal view: every phase renders, prompts say what is asked."""

from __future__ import annotations

from rich.console import Console

from stickspel.bots import RandomBot, Turn
from stickspel.core.cards import make_rng
from stickspel.games.tremanswhist import TremanswhistRules, TremanswhistState
from stickspel.games.tremanswhist.view import describe, prompt, render

NAMES = ["Anna", "Björn", "Cissi"]


def text_of(obs: dict[str, object], lang: str) -> str:
    console = Console(width=120, record=True, color_system=None)
    console.print(render(obs, players=NAMES, lang=lang))
    return console.export_text()


def test_every_phase_renders_in_both_languages() -> None:
    for rules in (TremanswhistRules(max_deals=1), TremanswhistRules(form="buying")):
        state = TremanswhistState(rules)
        rng, bot = make_rng(8), RandomBot(8)
        phases = set()
        while not state.is_terminal() and state.deal_index < 2:
            if state.is_chance():
                state.apply_chance(rng)
                continue
            seat = state.current_player()
            obs = state.observation(seat)
            phases.add(obs["phase"])
            for lang in ("sv", "en"):
                shown = text_of(obs, lang)
                assert NAMES[seat] in shown
                assert prompt(obs, lang=lang)
            state.apply_action(bot.act(Turn.of(state)))
        if state.is_terminal():
            assert text_of(state.observation(0), "sv").strip() == "Partiet är slut."
        assert phases == ({"buy", "play"} if rules.buying else {"offer", "play"})


def test_offer_and_purchase_are_announced_without_cards() -> None:
    state = TremanswhistState(TremanswhistRules(form="buying"))
    state.apply_chance(make_rng(1))
    hand = state.observation(1)["hand"]
    for card in hand[:3]:
        state.apply_text(card)
    watcher = state.observation(2)
    assert "lägger bort: 3 kort" in text_of(watcher, "sv")
    state.apply_text("köp")
    said = describe(state.observation(2), 1, "köp", NAMES)
    assert said == "Björn köper 3 kort."
    shown = text_of(state.observation(2), "sv")
    assert "Björn köpte 3 kort" in shown
    assert prompt(state.observation(2)) == "Lägg bort kort att köpa (högst 10 till), eller köp"
    mine = text_of(state.observation(1), "en")
    assert "You put away" in mine and "You received" in mine


def test_main_game_view_names_the_deal_type() -> None:
    state = TremanswhistState()
    state.apply_chance(make_rng(4))
    obs = state.observation(1)
    shown = text_of(obs, "sv")
    assert ("Plus:" in shown) != ("Minus:" in shown)
    assert "uppvänt kort" in shown and "först till 10" in shown
    state.apply_text("passa")
    assert describe(state.observation(0), 1, "passa", NAMES, "en") == "Björn declines."
    assert "Björn passade" in text_of(state.observation(2), "sv")

"""The end of a deal in a real browser (Debian's chromium, driven as test_browser.py
drives it): one person and bots on a paced table; when a deal is over its summary comes
over the felt — the person's bid (or call) and tricks in "du/you" words, every seat's
figures — and the server deals the next deal only once the person has closed it.  Each
game's summary is shot at 360×740, 390×844, 844×390 and 1280×800 in Swedish and English
(``test-artifacts/screenshots/deal-summary-<game>-<w>x<h>-<lang>.png``) and checked by
axe-core."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from server_helpers import Running, start_server
from test_browser import (  # noqa: F401 - browser: the module's chromium, a fixture
    SHOTS,
    axe,
    browser,
    connected,
    errors,
    play_first,
    table_url,
    version,
    wait_moved,
    watch,
)

from stickspel.client import Client, ServerError, create_table
from stickspel.i18n import render
from stickspel.server.rooms import Room

SIZES = [(360, 740), (390, 844), (844, 390), (1280, 800)]
BOTS = [{"name": "Björn", "bot": "random"}, {"name": "Cissi", "bot": "random"}]


@pytest.fixture
def paced(database: str) -> Iterator[Running]:
    """Bots that move one at a time; a deal's summary stays for up to two minutes."""
    running = start_server(database, bot_delay=0.02, trick_pause=0.2, deal_pause=120)
    yield running
    running.stop()


def open_page(browser: Any, live: Running, made: dict[str, Any], lang: str) -> Any:  # noqa: F811
    # bypass_csp: Playwright's waits evaluate strings in the page (as test_browser.py's)
    viewport = {"width": 360, "height": 740}
    context = browser.new_context(viewport=viewport, locale="sv-SE", bypass_csp=True)
    page = watch(context.new_page())
    page.goto(table_url(live, made, made["seats"][0]["token"], lang))
    connected(page)
    return page


def wait_until(test: Callable[[], bool], seconds: float = 10) -> None:
    end = time.monotonic() + seconds
    while not test():
        assert time.monotonic() < end, "waited in vain"
        time.sleep(0.05)


def shots(page: Any, game: str, lang: str) -> None:
    """The summary at each size: wholly in view, nothing to scroll inside it; a viewport
    shot of each, each checked by axe-core."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    box = page.locator("#deal-summary")
    for w, h in SIZES:
        page.set_viewport_size({"width": w, "height": h})
        page.wait_for_timeout(250)
        r = box.bounding_box()
        assert r is not None, (w, h)
        assert r["x"] >= 0 and r["y"] >= 0, (w, h, r)
        assert r["x"] + r["width"] <= w and r["y"] + r["height"] <= h, (w, h, r)
        assert box.evaluate("b => b.scrollHeight <= b.clientHeight + 1"), (w, h)
        name = f"deal-summary-{game}-{w}x{h}-{lang}"
        page.screenshot(path=str(SHOTS / f"{name}.png"))
        axe(page, name)


def you_said(room: Room, deal: int, lang: str) -> str:
    """The person's own line of deal ``deal`` as the engine words it (seat 0: Anna)."""
    done = room.table.state.deal_summary(deal - 1)
    assert done is not None
    mine = next(s for s in done["seats"] if s["player"] == 0)
    names = [room.persons[s["player"]].name for s in done["seats"]]  # by the deal's seats
    return render(mine["you"]["key"], mine["you"]["params"], lang, names)


def test_plump_a_summary_after_each_deal_closed_by_the_person_then_the_end(
    paced: Running,
    browser: Any,  # noqa: F811
) -> None:
    from playwright.sync_api import expect

    seats = [{"name": "Anna"}, *BOTS]
    made = create_table(paced.url, rules="plump(players=3,max_cards=2)", seats=seats)
    room = paced.app.state.rooms.get(made["id"])
    page = open_page(browser, paced, made, "sv")
    box = page.locator("#deal-summary")
    expect(box).to_be_hidden()

    def play_until_summary() -> None:
        for _ in range(100):
            if box.is_visible():
                return
            if page.locator("#turn").get_attribute("data-mine") == "yes":
                play_first(page)
            else:
                page.wait_for_timeout(50)
        pytest.fail("no summary came")

    play_until_summary()
    # the first deal (2 cards each): Anna's bid and tricks as the server scored them
    first = room.table.state.deal_records[0]
    bid = next(c["call"] for c in first["auction"] if c["seat"] == 0)
    tricks = first["result"]["tricks"][0]
    expect(box.locator("h2")).to_have_text("Giv 1 klar")
    expect(box.locator(".deal-you")).to_have_text(you_said(room, 1, "sv"))
    assert f"Du bjöd {bid} och tog {tricks}" in you_said(room, 1, "sv")
    mine = box.locator("tbody tr.me")
    expect(mine.locator("th")).to_have_text("Anna (du)")
    expect(mine.locator("td").nth(0)).to_have_text(bid)
    expect(mine.locator("td").nth(1)).to_have_text(str(tricks))
    expect(box.locator("tbody tr")).to_have_count(3)
    shots(page, "plump", "sv")
    page.set_viewport_size({"width": 1280, "height": 800})
    page.click("#lang")  # the card is worded again at once
    expect(box.locator("h2")).to_have_text("Deal 1 done")
    expect(box.locator(".deal-you")).to_have_text(you_said(room, 1, "en"))
    expect(page.locator("#deal-summary-close")).to_have_accessible_name(
        "Close the summary of deal 1"
    )
    shots(page, "plump", "en")
    # the server holds the next deal while the summary is read …
    assert room.table.state.is_chance() and len(room.table.state.deal_records) == 1
    # … and deals it as soon as the person closes it
    before = version(page)
    page.click("#deal-summary-close")
    expect(box).to_be_hidden()
    wait_moved(page, before)
    wait_until(lambda: not room.table.state.is_chance())
    # the second deal's summary goes with Escape too
    play_until_summary()
    expect(box.locator("h2")).to_have_text("Deal 2 done")
    page.keyboard.press("Escape")
    expect(box).to_be_hidden()
    wait_until(lambda: not room.table.state.is_chance(), 5)
    # the last deal's summary leads into the end of the game
    play_until_summary()
    expect(box.locator("h2")).to_have_text("Deal 3 done")
    expect(page.locator("#end")).to_be_visible()
    page.click("#deal-summary-close", timeout=5000)
    expect(page.locator("#deal-summary-close")).to_have_count(0)
    expect(box).to_be_hidden()
    expect(page.locator("#end .ranking li")).to_have_count(3)
    end_shots(page)
    assert not errors(page), errors(page)


def end_shots(page: Any) -> None:
    """The end of the game at each size in both languages: the ranking in view without
    scrolling; a viewport shot of each (``end-of-game-<w>x<h>-<lang>.png``)."""
    for lang in ("en", "sv"):
        if page.locator("html").get_attribute("lang") != lang:
            page.click("#lang")
            page.wait_for_function(f"document.documentElement.lang === '{lang}'")
        for w, h in SIZES:
            page.set_viewport_size({"width": w, "height": h})
            page.evaluate("window.scrollTo(0, 0)")  # as the page stands when the game ends
            page.wait_for_timeout(250)
            r = page.locator("#end .ranking").bounding_box()
            assert r is not None, (w, h)
            assert 0 <= r["y"] and r["y"] + r["height"] <= h and r["x"] + r["width"] <= w, (w, h, r)
            page.screenshot(path=str(SHOTS / f"end-of-game-{w}x{h}-{lang}.png"))


def play_by_client(
    client: Client, done: Callable[[], bool], pick: Callable[[list[Any]], Any]
) -> None:
    """The person's moves through a second connection of their own (``pick`` chooses
    from the legal actions), until ``done()``."""
    for _ in range(3000):
        if done():
            return
        client.drain()
        legal = client.state["legal"]
        if not legal:
            time.sleep(0.02)
            continue
        seen = client.state["version"]
        try:
            client.act(pick(legal)["action"])
        except ServerError as refused:  # its state was behind a bot's move: the next one
            assert refused.code == "stale_version", refused.args
            client.sync(seen + 1)
    pytest.fail("the deal did not end")


@pytest.mark.parametrize("game", ["priffe", "tremanswhist"])
def test_the_summary_of_a_priffe_and_a_tremanswhist_deal(
    paced: Running,
    browser: Any,  # noqa: F811
    game: str,
) -> None:
    from playwright.sync_api import expect

    seats = [{"name": "Anna"}, *BOTS, {"name": "David", "bot": "random"}][
        : 4 if game == "priffe" else 3
    ]
    made = create_table(paced.url, rules=game, seats=seats)
    room = paced.app.state.rooms.get(made["id"])
    page = open_page(browser, paced, made, "sv")
    box = page.locator("#deal-summary")
    with Client(paced.url, made["id"], made["seats"][0]["token"]) as anna:
        # Priffe: the highest call open (a contract to show); Tremanswhist: the pile taken
        play_by_client(
            anna,
            lambda: bool(room.table.state.deal_records),
            lambda legal: legal[-1] if game == "priffe" and legal[-1]["call"] else legal[0],
        )
    expect(box).to_be_visible()
    expect(box.locator("h2")).to_have_text("Giv 1 klar")
    expect(box.locator(".deal-you")).to_have_text(you_said(room, 1, "sv"))
    summary = room.table.state.deal_summary()
    assert summary is not None
    expect(box.locator(".deal-line")).to_have_count(len(summary["lines"]))
    expect(box.locator("tbody tr")).to_have_count(len(seats))
    if game == "tremanswhist":  # each seat's target beside its tricks
        expect(box.locator("thead th")).to_have_text(
            ["Spelare", "Stick", "Krav", "Poäng", "Utfall"]
        )
    shots(page, game, "sv")
    page.set_viewport_size({"width": 1280, "height": 800})
    page.click("#lang")
    expect(box.locator("h2")).to_have_text("Deal 1 done")
    expect(box.locator(".deal-you")).to_have_text(you_said(room, 1, "en"))
    shots(page, game, "en")
    assert room.table.state.is_chance()  # the next deal waits for the person
    page.click("#deal-summary-close")
    expect(box).to_be_hidden()
    wait_until(lambda: not room.table.state.is_chance())
    assert not errors(page), errors(page)

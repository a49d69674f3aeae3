"""One real browser: Playwright drives Debian's chromium (headless) through a table page.

Never ``playwright install``: the browser is the system's ``chromium``, which
``scripts/test.sh`` installs with apt-get.  Without it this test fails, saying so.
"""

from __future__ import annotations

import shutil
from typing import Any

import pytest
from server_helpers import Running

from stickspel.client import create_table


def chromium() -> str:
    path = shutil.which("chromium") or shutil.which("chromium-browser")
    if path is None:
        pytest.fail(
            "the browser test needs Debian's chromium: `apt-get install chromium` "
            "(scripts/test.sh installs it); it never downloads a browser of its own"
        )
    return path


def test_play_in_the_browser(live: Running) -> None:
    executable = chromium()
    try:
        from playwright.sync_api import expect, sync_playwright
    except ImportError:
        pytest.fail("the browser test needs playwright (pip install -e '.[test]')")
    seats = [
        {"name": "Anna"},
        {"name": "<i>Bot 1</i>", "bot": "random"},
        {"name": "Bot 2", "bot": "random"},
    ]
    made = create_table(live.url, rules="plump(players=3,max_cards=2)", seats=seats)
    room: Any = live.app.state.rooms.get(made["id"])
    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=executable, headless=True, args=["--no-sandbox"]
        )
        try:
            page = browser.new_page(viewport={"width": 390, "height": 800}, locale="en-GB")
            page.set_default_timeout(10_000)
            page.goto(live.url + "/t/" + made["id"] + "?lang=en#token=" + made["seats"][0]["token"])
            expect(page.locator("#conn")).to_have_attribute("data-state", "connected")
            # names are text, never markup
            expect(page.locator("#scores")).to_contain_text("<i>Bot 1</i>")
            assert page.locator("i").count() == 0
            # the hand, sorted, with the cards the seat holds; it is Anna's turn to bid
            expect(page.locator("#turn")).to_have_attribute("data-mine", "yes")
            hand = page.locator("#hand .card-button")
            expect(hand.first).to_be_visible()
            assert hand.count() == len(room.table.view(room.table.persons[0]).observation["hand"])
            bids = page.locator("button.call:not([disabled])")
            expect(bids.first).to_be_visible()
            version = room.table.version
            bids.first.click()
            # accepted: the bid is in the log and the table moved on
            expect(page.locator("#log")).to_contain_text("Anna:")
            assert room.table.version > version
            # then a card: click a legal one (dimmed ones are disabled) and see it played
            legal = page.locator("#hand .card-button.legal")
            expect(legal.first).to_be_visible()
            card = legal.first.get_attribute("data-card")
            assert card is not None
            dimmed = page.locator("#hand .card-button.dimmed")
            for i in range(dimmed.count()):
                assert dimmed.nth(i).is_disabled()
            legal.first.click()
            expect(page.locator("#log")).to_contain_text("Anna plays")
            expect(page.locator(f'#hand .card-button[data-card="{card}"]')).to_have_count(0)
            assert page.locator("#error").text_content() == ""
        finally:
            browser.close()

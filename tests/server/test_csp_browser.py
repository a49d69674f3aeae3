"""Every page works under its own Content-Security-Policy (docs/deploy.md): a real
browser that enforces it opens the lobby, a table (its websocket, cards, protokoll
frame), a score sheet, a finished game's replay and a broken link, and the policy
blocks nothing — no script, style, image, frame or connection of the server's own.

The other browser tests run with the policy bypassed (Playwright's waits evaluate
strings in the page, which the policy forbids); so this one waits with locators only."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from server_helpers import Running, start_server
from test_browser import PHONE, browser  # noqa: F401  (the fixture)

from stickspel.client import create_table, request


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Running]:
    running = start_server(tmp_path / "stickspel.sqlite3", trick_pause=0.0)
    yield running
    running.stop()


class Blocked:
    """What the policy blocked, as the browser reports it, and the page's script errors."""

    def __init__(self, page: Any) -> None:
        self.found: list[str] = []
        page.on("console", self._console)
        page.on("pageerror", lambda e: self.found.append(f"script error: {e}"))

    def _console(self, message: Any) -> None:
        if message.type == "error" and "Content Security Policy" in message.text:
            self.found.append(message.text)


def test_the_pages_work_under_their_policy(server: Running, browser: Any) -> None:  # noqa: F811
    from playwright.sync_api import expect

    context = browser.new_context(viewport=PHONE, locale="en-GB")
    page = context.new_page()
    page.set_default_timeout(15_000)
    blocked = Blocked(page)

    page.goto(server.url + "/?lang=en")
    expect(page.locator("button[type=submit]")).to_be_visible()

    # a table: the websocket connects, the cards are drawn, the protokoll frame renders
    made = create_table(
        server.url,
        rules="plump(players=3,max_cards=2)",
        seats=[
            {"name": "Anna"},
            {"name": "Ben", "bot": "random"},
            {"name": "Cleo", "bot": "random"},
        ],
    )
    token = made["seats"][0]["token"]
    page.goto(f"{server.url}/t/{made['id']}?lang=en#token={token}")
    expect(page.locator("#conn")).to_have_attribute("data-state", "connected")
    expect(page.locator("#hand .card-button").first).to_be_visible()
    expect(page.frame_locator("#protokoll").locator("table").first).to_be_visible()

    # a score sheet for real cards, with its QR codes (images from blob: URLs)
    status, sheet = request(
        server.url, "POST", "/api/sheets", {"game": "plump", "players": ["A", "B", "C", "D"]}
    )
    assert status == 201
    page.goto(f"{server.url}/s/{sheet['id']}?lang=en#token={sheet['scorer_token']}")
    expect(page.locator("#paper table").first).to_be_visible()

    # a finished game's replay (bots only: over at once)
    bots = create_table(
        server.url,
        rules="plump(players=3,max_cards=1)",
        seats=[{"name": n, "bot": "random"} for n in ("Anna", "Ben", "Cleo")],
    )
    page.goto(f"{server.url}/r/t/{bots['id']}?lang=en#token={bots['spectator_token']}")
    expect(page.locator("#paper table").first).to_be_visible()

    page.goto(f"{server.url}/t/nothing-here?lang=en")
    expect(page.locator("h1")).to_be_visible()

    assert not blocked.found, blocked.found
    context.close()


def test_the_check_sees_what_the_policy_blocks(server: Running, browser: Any) -> None:  # noqa: F811
    """The test above can fail: an inline script on a page of the server is reported."""
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    blocked = Blocked(page)
    page.goto(server.url + "/?lang=en")
    page.evaluate(
        "() => { const s = document.createElement('script'); s.textContent = '1'; "
        "document.body.append(s); }"
    )
    page.wait_for_timeout(300)
    assert any("script-src" in text for text in blocked.found), blocked.found
    context.close()

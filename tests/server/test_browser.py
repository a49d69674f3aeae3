"""Real browsers: Playwright drives Debian's chromium (headless) through the pages.

Never ``playwright install``: the browser is the system's ``chromium``, which
``scripts/test.sh`` installs with apt-get.  Without it these tests fail, saying so.

Screenshots of every page type at phone (390 px) and desktop width are written to
``test-artifacts/screenshots/`` (``$STICKSPEL_ARTIFACTS`` overrides the folder).
One browser serves the module; each test has its own server and contexts.
"""

from __future__ import annotations

import json
import os
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from server_helpers import PLUMP, Running, start_server

from stickspel.client import Client, create_table

ROOT = Path(__file__).resolve().parents[2]
SHOTS = Path(os.environ.get("STICKSPEL_ARTIFACTS", ROOT / "test-artifacts")) / "screenshots"
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}


def chromium() -> str:
    path = shutil.which("chromium") or shutil.which("chromium-browser")
    if path is None:
        pytest.fail(
            "the browser test needs Debian's chromium: `apt-get install chromium` "
            "(scripts/test.sh installs it); it never downloads a browser of its own"
        )
    return path


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    executable = chromium()
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.fail("the browser test needs playwright (pip install -e '.[test]')")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=executable, headless=True, args=["--no-sandbox"])
        yield b
        b.close()


def new_page(browser: Any, locale: str = "en-GB") -> Any:
    # bypass_csp: Playwright's own waits evaluate strings in the page, which the pages'
    # policy forbids; tests/server/test_csp_browser.py runs the pages under it
    context = browser.new_context(
        viewport=PHONE, locale=locale, accept_downloads=True, bypass_csp=True
    )
    return watch(context.new_page())


ERRORS: dict[int, list[str]] = {}


def watch(page: Any) -> Any:
    """``page``, its script errors noted (see :func:`errors`)."""
    page.set_default_timeout(10_000)
    noted: list[str] = ERRORS.setdefault(id(page), [])
    page.on("pageerror", lambda e: noted.append(str(e)))
    return page


def errors(page: Any) -> list[str]:
    return ERRORS.get(id(page), [])


AXE = ROOT / ".cache" / "axe" / "node_modules" / "axe-core" / "axe.min.js"


def axe(page: Any, name: str) -> None:
    """axe-core (from the npm registry: ``scripts/test.sh`` installs it) finds no
    serious or critical accessibility violation on the page as it is now."""
    if not AXE.is_file():
        pytest.fail(
            f"the accessibility check needs axe-core: npm install --prefix .cache/axe axe-core@4 ({AXE})"
        )
    if not page.evaluate("typeof window.axe === 'object'"):
        page.add_script_tag(path=str(AXE))
    found = page.evaluate(
        """async () => (await axe.run(document, {iframes: false, resultTypes: ["violations"]}))
             .violations.filter(v => v.impact === "serious" || v.impact === "critical")
             .map(v => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map(n => n.target.join(" ")).join(", ")}`)"""
    )
    assert not found, f"{name}: {found}"


def shots(page: Any, name: str) -> None:
    """The page at phone and at desktop width, as artifacts, each checked by axe-core;
    at phone width nothing may stick out sideways."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    for label, size in (("phone", PHONE), ("desktop", DESKTOP)):
        page.set_viewport_size(size)
        page.wait_for_timeout(150)
        if label == "phone":
            wide = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
            assert wide <= 0, f"{name}: {wide}px wider than a phone"
        page.screenshot(path=str(SHOTS / f"{name}-{label}.png"), full_page=True)
        axe(page, f"{name}-{label}")
    page.set_viewport_size(PHONE)


def table_url(live: Running, made: dict[str, Any], token: str, lang: str) -> str:
    return f"{live.url}/t/{made['id']}?lang={lang}#token={token}"


def version(page: Any) -> int:
    return int(page.get_attribute("main", "data-version") or -1)


def wait_moved(page: Any, before: int) -> None:
    page.wait_for_function(f"Number(document.querySelector('main').dataset.version) > {before}")


def wait_version(page: Any, v: int) -> None:
    page.wait_for_function(f"Number(document.querySelector('main').dataset.version) >= {v}")


def connected(page: Any) -> None:
    from playwright.sync_api import expect

    expect(page.locator("#conn")).to_have_attribute("data-state", "connected")


def hand_rows(page: Any, cards: int) -> None:
    """At phone and desktop width: ``cards`` cards in balanced rows (never one alone),
    no card over another."""
    for size in (PHONE, DESKTOP):
        page.set_viewport_size(size)
        page.wait_for_timeout(250)  # the hand is laid out again after a resize
        boxes = page.locator("#hand .card-button").evaluate_all(
            "bs => bs.map(b => { const r = b.getBoundingClientRect(); "
            "return [Math.round(r.top), r.left, r.right]; })"
        )
        assert len(boxes) == cards
        rows: dict[int, list[tuple[float, float]]] = {}
        for top, left, right in boxes:
            rows.setdefault(min((t for t in rows if abs(t - top) < 30), default=top), []).append(
                (left, right)
            )
        sizes = [len(r) for r in rows.values()]
        assert max(sizes) - min(sizes) <= 1, f"{size['width']} px: rows of {sizes}"
        for row in rows.values():
            row.sort()
            assert all(a[1] <= b[0] + 0.5 for a, b in zip(row, row[1:], strict=False)), row
    page.set_viewport_size(PHONE)


def shown(card: str, lang: str) -> str:
    """A card in the page's display notation: "QH" → "Q♥" (en), "D♥" (sv)."""
    from stickspel.core.cards import card_display, parse_card

    return card_display(parse_card(card), lang)


def play_first(page: Any) -> None:
    """Click this seat's first choice: a call, else a playable card; wait for the answer."""
    before = version(page)
    calls = page.locator("#actions button.call:not(.refused)")
    target = calls.first if calls.count() else page.locator("#hand .card-button.legal").first
    target.click()
    wait_moved(page, before)


def test_lobby_and_a_childrens_plump_game_by_clicking(live: Running, browser: Any) -> None:
    from playwright.sync_api import expect

    page = new_page(browser)
    page.goto(live.url + "/?lang=en")
    # by clicking only: the game's card, its preset; no rules text typed
    page.click("label[for=game-plump]")
    page.select_option("#preset", "children")
    expect(page.locator("#seats li")).to_have_count(4)
    page.click("button[type=submit]")
    # one person against bots: straight to the table, the seat's own link in the address
    page.wait_for_url(re.compile(r"/t/\w+#token=\w+"))
    connected(page)
    expect(page.locator("#turn")).to_have_attribute("data-mine", "yes")
    # the links one tap away there: the person's and the spectators', each with its QR code
    expect(page.locator("#links-box")).to_be_visible()
    page.click("#links-box summary")
    expect(page.locator("#links .links li")).to_have_count(2)
    page.wait_for_function(
        "[...document.querySelectorAll('#links img.qr')].every(i => i.complete && i.naturalWidth > 0)"
    )
    page.goto(live.url + "/?lang=en")
    expect(page.locator("#tables li")).to_have_count(1)
    expect(page.locator("#tables li .status")).to_have_text("playing")
    expect(page.locator("#tables li a")).to_have_text("Plump · children · 4 players")
    shots(page, "lobby")
    page.reload()  # the host's tables are remembered by this browser
    expect(page.locator("#tables li")).to_have_count(1)
    page.click("#tables li a")
    connected(page)
    expect(page.locator("#links-box")).to_be_visible()  # the host sees the links later
    # the turn: announced (aria-live), in the tab's title; a sound only when asked for
    expect(page.locator("#turn")).to_have_attribute("aria-live", "polite")
    expect(page.locator("#turn")).to_have_attribute("data-mine", "yes")
    expect(page).to_have_title(re.compile("^● Your turn"))
    expect(page.locator("#sound")).to_have_attribute("aria-pressed", "false")
    used_keys = used_digit = shot_mid = saw_last = used_role = False
    reasons_checked = 0
    for _ in range(200):
        page.wait_for_function(
            "document.querySelector('#turn').dataset.mine === 'yes' || !document.querySelector('#end').hidden"
        )
        if page.locator("#end").is_visible():
            break
        calls = page.locator("#actions button.call:not(.refused)")
        if not used_digit and calls.count():
            before = version(page)  # a bid by its digit
            page.keyboard.press(calls.first.get_attribute("data-text") or "")
            wait_moved(page, before)
            used_digit = True
            continue
        if not used_keys and calls.count() == 0:
            # the keyboard: → moves along the hand, Enter plays the focused card
            before = version(page)
            legal = page.locator("#hand .card-button.legal").first.get_attribute("data-card")
            page.locator(f'#hand .card-button[data-card="{legal}"]').focus()
            page.keyboard.press("Enter")
            wait_moved(page, before)
            used_keys = True
            continue
        if calls.count() == 0 and not used_role:
            # the card by its role and accessible name, as a screen reader offers it
            legal = page.locator("#hand .card-button.legal").first.get_attribute("data-card") or ""
            before = version(page)
            page.get_by_role("button", name=shown(legal, "en"), exact=True).click()
            wait_moved(page, before)
            used_role = True
            trick = page.get_by_role("region", name="Trick")
            expect(trick.get_by_role("img", name=shown(legal, "en"), exact=True)).to_be_visible()
            continue
        if page.locator("#hand .card-button").count() == 1:
            expect(page.locator("#hand h3")).to_contain_text("1 card")
            expect(page.locator("#hand h3")).not_to_contain_text("1 cards")
        dimmed = page.locator("#hand .card-button.dimmed")
        if calls.count() == 0 and dimmed.count():
            reason = dimmed.first.get_attribute("title")
            assert reason, "a card that may not be played says why"
            dimmed.first.click(force=True)  # aria-disabled: a tap still says why
            expect(page.locator("#error")).to_have_text(reason)
            reasons_checked += 1
        if not shot_mid and page.locator("#trick figure.played").count() >= 2:
            if page.locator("#show-last").count():
                page.click("#show-last")
                expect(page.locator("#last-trick")).to_be_visible()
                saw_last = True
            shots(page, "table-midgame")
            shot_mid = True
        play_first(page)
    expect(page.locator("#end")).to_be_visible()
    expect(page.locator("#turn")).to_contain_text("The game is over")
    assert used_keys and used_digit and shot_mid and used_role
    expect(page.locator("#log li").first).to_be_attached()
    assert page.locator("#log li", has_text=" bids ").count() > 0  # "Anna bids 1", in words
    # the end: the players ranked; no trump, no tricks of the last deal, no next dealer
    expect(page.locator("#end .ranking li")).to_have_count(4)
    expect(page.locator("#end #replay")).to_be_visible()  # the replay and analysis viewer
    expect(page.locator("#trump")).to_have_count(0)
    expect(page.locator("#scores thead")).not_to_contain_text("Tricks")
    expect(page.locator("#felt .dealer")).to_have_count(0)
    shots(page, "end-of-game")
    # the protokoll (open, not folded away), the PDF and the record at the end
    frame = page.frame_locator("#protokoll")
    expect(frame.locator("table").first).to_be_visible()
    with page.expect_download() as pdf:
        page.click("#pdf")
    assert Path(pdf.value.path()).read_bytes().startswith(b"%PDF")
    with page.expect_download() as rec:
        page.click("#record")
    doc = json.loads(Path(rec.value.path()).read_text())
    assert doc["players"][0] == "Anna" and len(doc["deals"]) == 9
    # a rematch: a new table, the same link works there
    old = page.url
    page.click("#rematch")
    page.wait_for_function(f"location.href !== {json.dumps(old)}")
    connected(page)
    expect(page.locator("#hand .card-button").first).to_be_visible()
    expect(page.locator("#links-box")).to_be_visible()  # the host's links carried over
    page.goto(live.url + "/?lang=en")
    expect(page.locator("#tables li")).to_have_count(2)  # and the lobby lists the rematch
    assert not errors(page), errors(page)
    print(f"cards refused with a reason checked {reasons_checked} times; last trick: {saw_last}")


def test_two_people_a_spectator_and_a_reconnect(live: Running, browser: Any) -> None:
    from playwright.sync_api import expect

    seats = [{"name": "Anna"}, {"name": "<i>Björn</i>"}, {"name": "Bot", "bot": "random"}]
    made = create_table(live.url, rules="plump(players=3,max_cards=2)", seats=seats)
    pages = []
    for seat in made["seats"][:2]:
        page = new_page(browser, "sv-SE")
        page.goto(table_url(live, made, seat["token"], "sv"))
        pages.append(page)
    watcher = new_page(browser, "sv-SE")
    watcher.goto(table_url(live, made, made["spectator_token"], "sv"))
    for page in [*pages, watcher]:
        connected(page)
    # names are text, never markup; Swedish words
    expect(pages[0].locator("#scores")).to_contain_text("<i>Björn</i>")
    assert pages[0].locator("#scores i").count() == 0
    expect(pages[0].locator("#hand h3")).to_contain_text("Din hand")
    expect(watcher.locator("#turn")).to_contain_text("Du tittar på")
    assert watcher.locator("#hand").is_hidden()
    reconnected = False
    for move in range(60):
        mine = [p for p in pages if p.locator("#turn").get_attribute("data-mine") == "yes"]
        if pages[0].locator("#end").is_visible() and pages[1].locator("#end").is_visible():
            break
        if not mine:
            pages[0].wait_for_timeout(50)
            continue
        for refused in mine[0].locator("#actions button.call.refused").all():
            # the dealer's forbidden bid: greyed, with the rule's reason next to it
            why = refused.get_attribute("title")
            assert why and "spärr" in why
            expect(mine[0].locator("#actions .refused-why")).to_contain_text(why)
        play_first(mine[0])
        if move == 2 and not reconnected:
            # close Björn's tab and open his link again: the same seat and hand come back
            now = version(mine[0])
            wait_version(pages[1], now)
            hand = (
                pages[1]
                .locator("#hand .card-button")
                .evaluate_all("bs => bs.map(b => b.dataset.card)")
            )
            context = pages[1].context
            pages[1].close()
            pages[1] = watch(context.new_page())
            pages[1].goto(table_url(live, made, made["seats"][1]["token"], "sv"))
            connected(pages[1])
            wait_version(pages[1], now)
            again = (
                pages[1]
                .locator("#hand .card-button")
                .evaluate_all("bs => bs.map(b => b.dataset.card)")
            )
            assert again == hand and again
            reconnected = True
        if watcher.locator("#trick figure.played").count() and move < 40:
            # the spectator sees the trick with names, and no one's hand
            expect(watcher.locator("#trick figcaption").first).not_to_be_empty()
            assert watcher.locator("#hand").is_hidden()
            assert watcher.locator("#actions button").count() == 0
    assert reconnected
    for page in pages:
        expect(page.locator("#end")).to_be_visible()
    expect(watcher.locator("#end")).to_be_visible()
    shots(watcher, "spectator-end")
    for page in [*pages, watcher]:
        assert not errors(page), errors(page)


def test_priffe_auction_in_the_browser(live: Running, browser: Any) -> None:
    from playwright.sync_api import expect

    seats = [{"name": n} for n in ("Anna", "Ben", "Cleo", "Dan")]
    made = create_table(live.url, rules="priffe", seats=seats)
    others = [Client(live.url, made["id"], s["token"], lang="en") for s in made["seats"][1:]]
    page = new_page(browser)
    try:
        page.goto(table_url(live, made, made["seats"][0]["token"], "en"))
        connected(page)

        def others_pass() -> None:
            for _ in range(4):
                actor = next((c for c in others if c.state["legal"]), None)
                if actor is None or actor.state["observation"]["phase"] != "bid":
                    return
                ack = actor.act("pass")
                for c in others:
                    c.sync(ack["version"])

        others_pass()
        expect(page.locator("#turn")).to_have_attribute("data-mine", "yes")
        buttons = page.locator("#actions button.call")
        expect(buttons.first).to_be_visible()
        labels = buttons.all_text_contents()
        assert "Pass" in labels and "Spel (no trump)" in labels
        expect(page.locator("#panel")).to_contain_text("auction in progress")
        expect(page.locator("#trump")).to_have_count(0)  # no contract yet: no trump to show
        # the partner sits opposite, the next to play on the left
        expect(page.locator('#felt .seat[data-seat="2"]')).to_have_class(re.compile("pos-top"))
        expect(page.locator('#felt .seat[data-seat="1"]')).to_have_class(re.compile("pos-left"))
        hand_rows(page, 13)
        for refused in page.locator("#actions button.call.refused").all():
            assert refused.get_attribute("title")  # e.g. spader from third hand: why not
        shots(page, "priffe-auction")
        before = version(page)
        page.locator('#actions button[data-text="pass"]').click()
        wait_moved(page, before)
        for c in others:
            c.sync(version(page))
        others_pass()
        # all passed: tvångsnoll, and the play begins
        expect(page.locator("#panel")).to_contain_text("tvångsnoll")
        expect(page.locator("#scores thead")).to_contain_text("Auction")
        assert page.locator("#pairs table").count() == 1
        shots(page, "priffe-contract")
        assert not errors(page), errors(page)
    finally:
        for c in others:
            c.close()


def test_tremanswhist_exchange_and_buying_in_the_browser(live: Running, browser: Any) -> None:
    from playwright.sync_api import expect

    seats = [{"name": n} for n in ("Anna", "Björn", "Cissi")]
    for rules, answer in (("tremanswhist", "passa"), ("tremanswhist(form=buying)", "köp")):
        made = create_table(live.url, rules=rules, seats=seats)
        others = [Client(live.url, made["id"], s["token"]) for s in made["seats"][1:]]
        page = new_page(browser, "sv-SE")
        try:
            page.goto(table_url(live, made, made["seats"][0]["token"], "sv"))
            connected(page)
            for _ in range(2):  # the others decline the pile (or buy nothing) before Anna
                actor = next((c for c in others if c.state["legal"]), None)
                if actor is None:
                    break
                ack = actor.act(answer)
                for c in others:
                    c.sync(ack["version"])
            expect(page.locator("#turn")).to_have_attribute("data-mine", "yes")
            hand = set(
                page.locator("#hand .card-button").evaluate_all("bs => bs.map(b => b.dataset.card)")
            )
            if answer == "passa":
                expect(page.locator("#actions button.call")).to_have_text(
                    ["Ta fjärde högen (−1)", "Passa"]
                )
                expect(page.locator("#panel")).to_contain_text("Fjärde högen: 13 kort")
                expect(page.locator("#turn")).not_to_contain_text("(byt/passa)")
                expect(page.locator("#pile")).to_be_visible()  # face down on the felt
                shots(page, "tremanswhist-exchange")
                before = version(page)
                page.locator('#actions button[data-text="byt"]').click()
                wait_moved(page, before)
                expect(page.locator("#panel")).to_contain_text("Anna bytte (−1)")
                got = set(
                    page.locator("#hand .card-button").evaluate_all(
                        "bs => bs.map(b => b.dataset.card)"
                    )
                )
                assert len(got) == 13 and not got & hand  # the whole fourth pile
            else:
                # cards are marked on the page, then put away together on confirm; undo
                # clears the marks before anything is sent
                start = version(page)
                cards = page.locator("#hand .card-button.legal")
                first = cards.nth(0).get_attribute("data-card")
                cards.nth(0).click()
                expect(page.locator(f'#hand [data-card="{first}"]')).to_have_attribute(
                    "aria-pressed", "true"
                )
                expect(page.locator("#confirm-buy")).to_have_text("Lägg bort 1 kort och köp")
                page.click("#undo-buy")
                expect(page.locator("#confirm-buy")).to_have_count(0)
                assert version(page) == start  # nothing sent
                page.locator("#hand .card-button.legal").nth(0).click()
                page.locator("#hand .card-button.legal").nth(1).click()
                expect(page.locator("#confirm-buy")).to_have_text("Lägg bort 2 kort och köp")
                expect(page.locator("#hand .card-button.marked")).to_have_count(2)
                shots(page, "tremanswhist-buying")
                page.click("#confirm-buy")
                wait_version(page, start + 3)  # two cards put away, then the purchase
                expect(page.locator("#panel")).to_contain_text("Anna köpte 2 kort")
                expect(page.locator("#hand .card-button")).to_have_count(13)
            assert not errors(page), errors(page)
        finally:
            for c in others:
                c.close()
            page.context.close()


def test_away_and_a_reconnect_after_a_server_restart(tmp_path: Path, browser: Any) -> None:
    from playwright.sync_api import expect

    running = start_server(tmp_path / "db.sqlite3")
    try:
        seats = [{"name": "Anna"}, {"name": "Björn"}, {"name": "Bot", "bot": "random"}]
        made = create_table(running.url, rules=PLUMP, seats=seats, timer=1)
        page = new_page(browser)
        page.goto(f"{running.url}/t/{made['id']}?lang=en#token={made['seats'][0]['token']}")
        connected(page)
        # no one plays: the clocks run out, stand-ins play, the page says who is away
        expect(page.locator("#back")).to_be_visible()
        expect(page.locator("#turn")).to_contain_text("a bot plays for you")
        expect(page.locator("#scores .away").first).to_contain_text("away")
        shots(page, "away")
        page.click("#back")
        expect(page.locator("#back")).to_have_count(0)
        seen = version(page)
        # the server goes away and comes back on the same port with the same database
        port = int(running.url.rsplit(":", 1)[1])
        running.stop()
        expect(page.locator("#conn")).to_have_attribute("data-state", "retry_in")
        expect(page.locator("#conn")).to_contain_text("Reconnecting in")
        running = start_server(tmp_path / "db.sqlite3", port=port)
        expect(page.locator("#conn")).to_have_attribute("data-state", "connected", timeout=20_000)
        assert version(page) >= seen
        assert not errors(page), errors(page)
    finally:
        running.stop()


# Notes in the page, every 25 ms, each finished trick the table shows: when it appeared
# and went, how many cards it held, how many marked as the winner's, and their names.
TRICK_WATCH = """
window.__tricks = [];
setInterval(() => {
  const box = document.querySelector("#trick");
  const done = box !== null && box.dataset.done === "yes";
  const last = window.__tricks[window.__tricks.length - 1];
  if (done && (!last || last.end !== null)) {
    window.__tricks.push({start: performance.now(), end: null,
      cards: box.querySelectorAll("figure.played").length,
      winners: box.querySelectorAll("figure.winner").length,
      names: [...box.querySelectorAll("[role=img]")].map((n) => n.getAttribute("aria-label")),
      note: box.querySelector("#trick-winner")?.textContent ?? ""});
  } else if (!done && last && last.end === null) last.end = performance.now();
}, 25);
"""

OUTSIDE_HAND = (
    "[...document.querySelectorAll('[data-card]')]"
    ".filter(n => !n.closest('#hand')).map(n => n.dataset.card)"
)


def test_two_people_finish_a_deal_each_trick_shown_in_full_in_every_view(
    database: str, browser: Any
) -> None:
    """Two people, each in a browser context of their own, and a spectator: every
    finished trick stays in full, its winner marked, for at least 1 s in all three
    views; neither person's page ever shows a card of the other's hand before it is
    played."""
    from playwright.sync_api import expect

    from stickspel.i18n import render

    running = start_server(database, bot_delay=0.2, trick_pause=1.2)
    try:
        seats = [{"name": "Anna"}, {"name": "Björn"}, {"name": "Bot", "bot": "random"}]
        made = create_table(running.url, rules=PLUMP, seats=seats)
        room = running.app.state.rooms.get(made["id"])
        views = []
        for token in (
            made["seats"][0]["token"],
            made["seats"][1]["token"],
            made["spectator_token"],
        ):
            context = browser.new_context(viewport=PHONE, locale="sv-SE", bypass_csp=True)
            context.add_init_script(TRICK_WATCH)
            page = watch(context.new_page())
            page.goto(table_url(running, made, token, "sv"))
            views.append(page)
        for page in views:
            connected(page)
        people = views[:2]
        deal_over = render("web.deal_over", {}, "sv")
        for _ in range(200):
            for me, other in ((0, 1), (1, 0)):
                # the page first, then the server: a card shown was played by then
                seen = set(people[me].evaluate(OUTSIDE_HAND))
                hand = set(room.table.view(room.table.persons[other]).observation["hand"])
                assert not seen & hand, (
                    f"{seats[me]['name']} sees {seen & hand} in the other's hand"
                )
            if all(p.locator("#log li", has_text=deal_over).count() for p in views):
                break
            mine = [p for p in people if p.locator("#turn").get_attribute("data-mine") == "yes"]
            if mine:
                play_first(mine[0])
            else:
                people[0].wait_for_timeout(50)
        else:
            pytest.fail("the first deal did not end")
        for page in views:  # the deal's last trick has had its pause everywhere
            page.wait_for_function(
                "window.__tricks.length >= 2 && window.__tricks[1].end !== null", timeout=5000
            )
        for label, page in zip(("Anna", "Björn", "spectator"), views, strict=True):
            tricks = page.evaluate("window.__tricks")
            assert len(tricks) >= 2, (label, tricks)
            for trick in tricks[:2]:
                assert trick["cards"] == 3 and trick["winners"] == 1, (label, trick)
                assert len(trick["names"]) == 3 and all(trick["names"]), (label, trick)
                assert "tar sticket" in trick["note"], (label, trick)
                shown_ms = trick["end"] - trick["start"]
                assert shown_ms >= 1000, f"{label}: the finished trick stayed {shown_ms:.0f} ms"
        # the spectators see the protokoll too, the public one
        expect(views[2].frame_locator("#protokoll").locator("table").first).to_be_visible()
        for page in views:
            assert not errors(page), errors(page)
    finally:
        running.stop()


def test_the_language_switch_redraws_a_table_page_at_once(live: Running, browser: Any) -> None:
    from playwright.sync_api import expect

    from stickspel.i18n import render

    seats = [{"name": "Anna"}, {"name": "Bot", "bot": "random"}, {"name": "Bot 2", "bot": "random"}]
    made = create_table(live.url, rules=PLUMP, seats=seats)
    page = new_page(browser, "sv-SE")
    page.goto(table_url(live, made, made["seats"][0]["token"], "sv"))
    connected(page)
    expect(page.locator("#hand h3")).to_contain_text("Din hand")
    expect(page.locator("header .rules")).to_have_text("Plump · egna regler · 3 spelare")
    page.evaluate("window.__same_page = true")
    page.click("#lang")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.locator("#hand h3")).to_contain_text("Your hand")
    expect(page.locator("header .rules")).to_have_text("Plump · own rules · 3 players")
    # the server's words too (the panel, the calls): asked again in English
    expect(page.locator("#panel .head")).to_contain_text(
        render("plump.view.deal", {"k": 1, "n": 3}, "en")
    )
    expect(page.locator("#conn")).to_have_attribute("data-state", "connected")
    assert page.evaluate("window.__same_page === true")  # no reload
    page.click("#lang")
    expect(page.locator("#hand h3")).to_contain_text("Din hand")
    assert page.evaluate("window.__same_page === true")
    # a broken link says so in the person's language, never in the server's English
    page.goto(f"{live.url}/t/{made['id']}?lang=sv#token=not-a-token")
    expect(page.locator("#error")).to_have_text(render("web.error_token", {}, "sv"))
    page.goto(f"{live.url}/t/no-such-table?lang=sv")
    expect(page.locator("h1")).to_have_text(render("web.missing_title", {}, "sv"))
    shots(page, "broken-link")
    page.click("#lang")
    expect(page.locator("h1")).to_have_text(render("web.missing_title", {}, "en"))
    assert not errors(page), errors(page)


def test_the_lobby_makes_each_game_by_clicking(live: Running, browser: Any) -> None:
    from playwright.sync_api import expect

    page = new_page(browser, "sv-SE")
    page.goto(live.url + "/?lang=sv")
    expect(page.locator(".game-card")).to_have_count(3)
    expect(page.locator(".game-card").first).to_contain_text("Bjud exakt")
    expect(page.locator("#seats select").nth(1)).to_contain_text("medel")  # levels in Swedish
    expect(page.locator("#seats select").nth(1)).not_to_contain_text("heuristic")
    made = 0

    def make(title: str) -> None:
        nonlocal made
        page.click("#make")
        made += 1
        expect(page.locator("#tables li")).to_have_count(made)
        expect(page.locator("#tables li a").first).to_have_text(title)

    # two seats of one name: refused, saying why, and nothing is made
    page.locator("#seats input").nth(1).fill("anna")
    expect(page.locator("#create-error")).to_contain_text("Två platser heter anna")
    page.click("#make")
    page.wait_for_timeout(200)
    expect(page.locator("#tables li")).to_have_count(0)
    page.locator("#seats input").nth(1).fill("Björn")
    expect(page.locator("#create-error")).to_have_text("")
    # two people: the lobby hands out the links (one person would go to the table)
    page.locator("#seats select").nth(1).select_option("")
    # Plump for five
    page.select_option("#players", "5")
    expect(page.locator("#seats li")).to_have_count(5)
    make("Plump · 5 spelare")
    expect(page.locator("#created .links li")).to_have_count(3)  # two people, the spectators
    assert page.url.startswith(live.url + "/?")  # the lobby stays
    # Priffe, four seats
    page.click("label[for=game-priffe]")
    expect(page.locator("#seats li")).to_have_count(4)
    make("Priffe · 4 spelare")
    # Tremanswhist, the buying form
    page.click("label[for=game-tremanswhist]")
    expect(page.locator("#seats li")).to_have_count(3)
    page.select_option("#preset", "buying")
    make("Tremanswhist · köp · 3 spelare")
    # an option from the form the rules describe: Plump without the spärr
    page.click("label[for=game-plump]")
    page.click("#options-box summary")
    expect(page.locator("#options .option")).not_to_have_count(0)
    page.uncheck("#opt-sparr")
    shots(page, "lobby-form")
    make("Plump · egna regler · 4 spelare")
    # the other language at once, the form as it was
    page.click("#lang")
    expect(page.locator(".game-card").first).to_contain_text("Bid exactly")
    expect(page.locator("#seats select").nth(1)).to_contain_text("intermediate")
    expect(page.locator("#tables li a").first).to_have_text("Plump · own rules · 4 players")
    assert not errors(page), errors(page)


def test_the_hint_button_shows_the_coachs_options(live: Running, browser: Any) -> None:
    from playwright.sync_api import expect

    bots = [{"name": "Anna"}, *({"name": n, "bot": "heuristic"} for n in ("Ben", "Cleo", "Dan"))]
    made = create_table(
        live.url, rules="plump(players=4,max_cards=5,deal_order=single)", seats=bots
    )
    page = new_page(browser)
    page.goto(table_url(live, made, made["seats"][0]["token"], "en"))
    connected(page)
    expect(page.locator("#turn")).to_have_attribute("data-mine", "yes")
    button = page.get_by_role("button", name="Hint: the expert's best options for your move")
    expect(button).to_be_visible()
    expect(button).to_have_text("Hint")
    button.click()
    options = page.locator("#hint-panel .hint-options li")
    expect(options.first).to_be_visible()
    assert 1 <= options.count() <= 3
    expect(page.locator("#hint-panel li.chosen")).to_have_count(1)
    expect(page.locator("#hint-panel")).to_contain_text("expected points")
    expect(page.locator("#hint-panel")).to_contain_text("tricks")  # the bid against the count
    expect(button).to_have_attribute("aria-expanded", "true")
    shots(page, "hint-plump-bid")
    # the bid it advises, played: the panel goes with the turn, the button comes back for cards
    chosen = page.locator("#hint-panel li.chosen").get_attribute("data-action")
    before = version(page)
    page.locator(f'#actions button[data-action="{chosen}"]').click()
    wait_moved(page, before)
    expect(page.locator("#turn")).to_have_attribute("data-mine", "yes")
    expect(page.locator("#hint-panel")).to_have_count(0)
    page.get_by_role("button", name="Hint: the expert's best options for your move").click()
    expect(page.locator("#hint-panel .hint-why").first).not_to_be_empty()
    shots(page, "hint-plump-play")
    # in Swedish, the same from the same seat
    page.goto(table_url(live, made, made["seats"][0]["token"], "sv"))
    connected(page)
    page.get_by_role("button", name="Tips: expertens bästa förslag för ditt drag").click()
    expect(page.locator("#hint-panel")).to_contain_text("expertens val")
    assert not errors(page), errors(page)
    # Priffe: in the auction the expert's call, with its reason in words
    # (the deal is the server's: the auction may be over when the turn comes)
    seats = [{"name": "Anna"}, *({"name": n, "bot": "heuristic"} for n in ("Ben", "Cleo", "Dan"))]
    made = create_table(live.url, rules="priffe", seats=seats)
    page.goto(table_url(live, made, made["seats"][0]["token"], "en"))
    connected(page)
    expect(page.locator("#turn")).to_have_attribute("data-mine", "yes")
    auction = page.locator("#actions button.call").count() > 0
    page.get_by_role("button", name="Hint: the expert's best options for your move").click()
    # every reason a call or card can be given names its honour tricks, its cards, its
    # partner or (noll) its ducking
    words = re.compile("trick|partner|card|duck" if auction else "trick|partner|card")
    expect(page.locator("#hint-panel li.chosen")).to_contain_text(words)
    shots(page, "hint-priffe-auction" if auction else "hint-priffe-play")
    assert not errors(page), errors(page)


def test_no_hint_button_where_several_people_play(live: Running, browser: Any) -> None:
    from playwright.sync_api import expect

    made = create_table(live.url, rules=PLUMP, seats=[{"name": "Anna"}, {"name": "Ben"}, {"name": "Bot", "bot": "heuristic"}])  # fmt: skip
    page = new_page(browser)
    for seat in made["seats"][:2]:
        page.goto(table_url(live, made, seat["token"], "en"))
        connected(page)
        expect(page.locator("main")).to_have_attribute("data-version", re.compile(r"\d"))
        expect(page.locator("#hint")).to_have_count(0)
    assert not errors(page), errors(page)

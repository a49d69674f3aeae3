"""The replay as a table and the analysis report, in a real browser (Debian's chromium).

A game whose record is known (tests/positions.py's ``bots_game(14)``: Anna plays
A♣ to the first trick where K♠ was better by over 7 points, a clear blunder) is read in and stepped
through at phone (360×740, 390×844, on its side 844×390) and desktop (1280×800)
size in Swedish and English: the trick's cards are SVG cards at their players'
seats, the better card is outlined and labelled in the hand at the key moment,
the buttons step the trick, nothing sticks out sideways.  The analysis report of
a table's game is read at the same sizes: one page, no clipped columns, numbers
as the language writes them, the marks in the replay's words, the title in words.
Screenshots: ``test-artifacts/screenshots/replay-<w>x<h>-<lang>.png`` and
``analysis-<w>x<h>-<lang>.png``.
"""

# ruff: noqa: F811 - ``browser`` is test_browser's fixture, imported to be asked for by name
from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from positions import bots_game
from server_helpers import PLUMP, Running, play_out, start_server
from test_browser import SHOTS, axe, browser, errors, shown, watch  # noqa: F401

from stickspel.client import Client, create_table

SIZES = [(360, 740), (390, 844), (844, 390), (1280, 800)]
#: The sizes axe-core checks (each page at a phone's and a desktop's).
AXE_AT = ((390, 844), (1280, 800))
WORDS = {
    "sv": {
        "next": "Ett drag framåt",
        "prev": "Ett drag bakåt",
        "better": "bättre",
        "was": "var bättre",
    },
    "en": {
        "next": "One move forward",
        "prev": "One move back",
        "better": "better",
        "was": "was better",
    },
}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Running]:
    running = start_server(tmp_path_factory.mktemp("replay") / "db.sqlite3")
    yield running
    running.stop()


def sized_page(browser: Any, width: int, height: int, lang: str) -> Any:
    """A page of its own context: a touch phone below desktop width, else a desktop."""
    phone = width < 1000
    context = browser.new_context(
        viewport={"width": width, "height": height},
        locale="sv-SE" if lang == "sv" else "en-GB",
        is_mobile=phone,
        has_touch=phone,
        bypass_csp=True,  # Playwright's waits evaluate strings: test_csp_browser.py
    )
    return watch(context.new_page())


def no_sideways_scroll(page: Any, name: str) -> None:
    """Nothing wider than the screen (measured against the viewport asked for: a phone
    widens its layout to fit what sticks out)."""
    width = page.viewport_size["width"]
    wide = page.evaluate(
        "Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)"
    )
    assert wide <= width, f"{name}: {wide - width}px wider than the window"


def centre(page: Any, selector: str) -> tuple[float, float]:
    box = page.locator(selector).bounding_box()
    assert box is not None, selector
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def cards_at_their_seats(page: Any) -> int:
    """Each card of the trick nearer its own player's seat than any other seat."""
    figures = page.locator("#trick figure.played")
    for i in range(figures.count()):
        seat = figures.nth(i).get_attribute("data-seat")
        assert figures.nth(i).locator("svg.face").count() == 1  # an SVG card, not a text tile
        fx, fy = centre(page, f"#trick figure.played[data-seat='{seat}']")
        dist = {}
        for s in page.locator("#felt .seat").evaluate_all("ns => ns.map(n => n.dataset.seat)"):
            sx, sy = centre(page, f"#felt .seat[data-seat='{s}']")
            dist[s] = (fx - sx) ** 2 + (fy - sy) ** 2
        assert min(dist, key=lambda s: dist[s]) == seat, (seat, dist)
    return int(figures.count())


@pytest.mark.parametrize("lang", ["sv", "en"])
def test_the_replay_is_the_table_with_the_key_moment_shown_on_it(
    server: Running, browser: Any, tmp_path: Path, lang: str
) -> None:
    from playwright.sync_api import expect

    record = tmp_path / "game.json"
    record.write_text(json.dumps(bots_game(14), ensure_ascii=False))
    words = WORDS[lang]
    ace, king = shown("AC", lang), shown("KS", lang)
    for width, height in SIZES:
        name = f"replay-{width}x{height}-{lang}"
        page = sized_page(browser, width, height, lang)
        page.goto(f"{server.url}/r/file?lang={lang}")
        page.set_input_files("#file", str(record))
        expect(page.locator("#rule")).not_to_be_empty(timeout=120_000)  # the analysis is done
        # the key moment: Anna's A♣, K♠ the better card, jumped to from the list
        moment = page.locator("#moments button", has_text=ace)
        expect(moment).to_have_count(1)
        moment.click()
        expect(page.locator("#move")).to_contain_text(
            f"Anna {'spelade' if lang == 'sv' else 'played'} {ace}"
        )
        better = page.locator(".rp-hand[data-seat='0'] .better-card[data-card='KS']")
        expect(better).to_be_visible()
        expect(better.locator(".better-label")).to_have_text(words["better"])
        expect(better.locator(".card")).to_have_attribute("aria-label", re.compile(re.escape(king)))
        expect(page.locator("#felt .seat[data-seat='0'] .better-call")).to_have_text(
            f"{words['better']}: {king}"
        )
        mark = page.locator("#mark p.mark")
        expect(mark).to_have_attribute("data-verdict", "blunder")
        expect(mark).to_contain_text(f"{king} {words['was']}")
        points = re.compile(r"\d+,\d" if lang == "sv" else r"\d+\.\d")
        expect(mark).to_contain_text(points)
        assert cards_at_their_seats(page) >= 1
        played = page.locator("#trick figure.played[data-seat='0'] .card")
        expect(played).to_have_attribute("data-card", "AC")
        no_sideways_scroll(page, name)
        page.evaluate("window.scrollTo(0, 0)")
        page.screenshot(path=str(SHOTS / f"{name}.png"))
        if (width, height) in AXE_AT:
            axe(page, name)
        # the keys are told only where there is a keyboard (a fine pointer that hovers)
        expect(page.locator(".keys-help")).to_be_visible() if width >= 1000 else expect(
            page.locator(".keys-help")
        ).to_be_hidden()
        # the buttons step through the trick: the next card joins it, the previous leaves
        before = page.locator("#trick figure.played").count()
        where = page.locator("#where").inner_text()
        page.get_by_role("button", name=words["next"], exact=True).click()
        expect(page.locator("#where")).not_to_have_text(where)
        after = page.locator("#trick figure.played").evaluate_all(
            "fs => fs.map(f => f.dataset.seat)"
        )
        assert len(after) != before, "the next move starts the next trick"
        page.get_by_role("button", name=words["prev"], exact=True).click()
        expect(page.locator("#where")).to_have_text(where)
        expect(page.locator("#trick figure.played")).to_have_count(before)
        assert not errors(page), errors(page)
        page.context.close()


def test_a_bid_is_a_bid_and_luck_is_in_words(server: Running, browser: Any, tmp_path: Path) -> None:
    from playwright.sync_api import expect

    record = tmp_path / "game.json"
    record.write_text(json.dumps(bots_game(14), ensure_ascii=False))
    for lang, bid, luck in (
        ("sv", r"^Ben bjöd \d\.$", r"kort värda (\d+,\d poäng (mer|mindre)|lika mycket)"),
        ("en", r"^Ben bid \d\.$", r"cards worth (\d+\.\d points (more|less)|as much)"),
    ):
        page = sized_page(browser, 390, 844, lang)
        page.goto(f"{server.url}/r/file?lang={lang}")
        page.set_input_files("#file", str(record))
        expect(page.locator("#rule")).not_to_be_empty(timeout=120_000)
        page.get_by_role("button", name=WORDS[lang]["next"], exact=True).click()
        expect(page.locator("#move")).to_have_text(re.compile(bid))  # the dealer's left bids first
        expect(page.locator("#felt .seat[data-seat='1'] .seat-info")).to_contain_text(
            "bud" if lang == "sv" else "bid"
        )
        expect(page.locator("#luck li")).to_have_count(3)
        for item in page.locator("#luck li").all_inner_texts():
            assert re.search(luck, item), item
        assert "tur " not in page.locator("#side").inner_text().lower()
        page.context.close()


def _finished_table(server: Running) -> dict[str, Any]:
    """A finished table where Anna played against two bots."""
    seats = [
        {"name": "Anna"},
        {"name": "Ben", "bot": "random"},
        {"name": "Cleo", "bot": "beginner"},
    ]
    made = create_table(server.url, rules=PLUMP, seats=seats)
    with Client(server.url, made["id"], made["seats"][0]["token"]) as anna:
        play_out([anna])
        assert anna.state["terminal"]
    return made


def _report(server: Running, made: dict[str, Any], lang: str) -> str:
    import urllib.request

    body = json.dumps({"token": made["seats"][0]["token"], "lang": lang}).encode()
    req = urllib.request.Request(
        f"{server.url}/api/tables/{made['id']}/analysis", body, {"content-type": "application/json"}
    )
    with urllib.request.urlopen(req, timeout=120) as resp:
        return str(resp.read().decode())


def test_the_analysis_report_is_one_readable_page_in_the_replays_words(
    server: Running, browser: Any
) -> None:
    from playwright.sync_api import expect

    made = _finished_table(server)
    for lang in ("sv", "en"):
        html = _report(server, made, lang)
        text = re.sub(r"<[^>]+>", " ", html.split("<body>", 1)[1])
        assert "plump(" not in html and ("Plump · " in html), "the title in words"
        assert "bom" not in text and "onoggrannhet" not in text
        if lang == "sv":
            assert not re.search(r"\d\.\d", text), "a decimal point on a Swedish page"
            assert "Du fick kort värda" in text  # Anna reads it: "du"
        else:
            assert "You were dealt cards worth" in text
        for width, height in SIZES:
            name = f"analysis-{width}x{height}-{lang}"
            page = sized_page(browser, width, height, lang)
            page.set_content(html)
            no_sideways_scroll(page, name)
            page.screenshot(path=str(SHOTS / f"{name}.png"))
            if (width, height) in AXE_AT:
                axe(page, name)
            page.context.close()
    # on the table's end screen the report is as tall as its page: nothing clipped
    page = sized_page(browser, 390, 844, "en")
    page.goto(f"{server.url}/t/{made['id']}?lang=en#token={made['seats'][0]['token']}")
    page.locator("#analyse").click()
    frame = page.locator("#analysis")
    expect(frame).to_be_visible(timeout=120_000)
    page.wait_for_function(
        "() => { const f = document.getElementById('analysis');"
        " return f.contentDocument && f.contentDocument.body &&"
        " f.clientHeight >= f.contentDocument.documentElement.scrollHeight; }"
    )
    no_sideways_scroll(page, "end screen")
    assert not errors(page), errors(page)
    page.context.close()


def test_the_reader_is_you_in_a_tables_replay(server: Running, browser: Any) -> None:
    from playwright.sync_api import expect

    made = _finished_table(server)
    page = sized_page(browser, 390, 844, "en")
    page.goto(f"{server.url}/r/t/{made['id']}?lang=en#token={made['seats'][0]['token']}")
    expect(page.locator("#felt .seat.me")).to_contain_text("Anna (you)")
    expect(page.locator("#felt .seat.me")).to_have_class(re.compile("pos-bottom"))
    expect(page.locator("#rule")).not_to_be_empty(timeout=120_000)
    expect(page.locator("#luck li").first).to_contain_text("You were dealt cards worth")
    for _ in range(6):  # Anna's own moves are said to her as hers
        page.get_by_role("button", name="One move forward", exact=True).click()
        text = page.locator("#move").inner_text()
        assert not text.startswith("Anna "), text
    assert not errors(page), errors(page)

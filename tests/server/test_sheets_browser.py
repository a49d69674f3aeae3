"""Score sheets and the replay viewer in a real browser (Debian's chromium, as
test_browser.py drives it): a Plump sheet kept on one phone and followed live on
another, refusals with their reasons, undo, a correction, the PDF; a finished game
stepped through with the arrow keys and the analysis' marks beside the moves.
Screenshots at 390 and 1280 px go to ``test-artifacts/screenshots/``."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from server_helpers import Running, start_server

ROOT = Path(__file__).resolve().parents[2]
SHOTS = Path(os.environ.get("STICKSPEL_ARTIFACTS", ROOT / "test-artifacts")) / "screenshots"
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """One headless chromium (Debian's: never a downloaded one) for the module."""
    executable = shutil.which("chromium") or shutil.which("chromium-browser")
    if executable is None:
        pytest.fail("the browser tests need Debian's chromium: `apt-get install chromium`")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.fail("the browser tests need playwright (pip install -e '.[test]')")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=executable, headless=True, args=["--no-sandbox"])
        yield b
        b.close()


ERRORS: dict[int, list[str]] = {}


def new_page(browser: Any, locale: str = "en-GB") -> Any:
    """A phone-sized page of its own context; its script errors noted (:func:`errors`)."""
    # bypass_csp: Playwright's own waits evaluate strings in the page, which the pages'
    # policy forbids; tests/server/test_csp_browser.py runs the pages under it
    context = browser.new_context(
        viewport=PHONE, locale=locale, accept_downloads=True, bypass_csp=True
    )
    page = context.new_page()
    page.set_default_timeout(10_000)
    page.on("pageerror", lambda e: ERRORS.setdefault(id(page), []).append(str(e)))
    return page


def errors(page: Any) -> list[str]:
    return ERRORS.get(id(page), [])


#: axe-core from the npm registry (``npm install --prefix .cache/axe axe-core@4``).
AXE = ROOT / ".cache" / "axe" / "node_modules" / "axe-core" / "axe.min.js"


def axe(page: Any, name: str) -> None:
    """No serious or critical accessibility violation on the page, by axe-core
    injected into it (the check is left out, saying so, where axe-core is not installed)."""
    if not AXE.exists():
        print(f"axe-core not installed ({AXE}): {name} not checked")
        return
    if not page.evaluate("typeof window.axe === 'object'"):
        page.add_script_tag(path=str(AXE))
    found = page.evaluate(
        """async () => (await axe.run(document, {resultTypes: ["violations"]})).violations
            .filter(v => v.impact === "serious" || v.impact === "critical")
            .map(v => `${v.id}: ${v.nodes.map(n => n.target.join(" ")).slice(0, 3).join(", ")}`)"""
    )
    assert not found, f"{name}: {found}"


def shots(page: Any, name: str) -> None:
    """Screenshots at 390 and 1280 px, each width checked by axe-core; at phone
    width nothing may stick out sideways."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    for label, size in (("phone", PHONE), ("desktop", DESKTOP)):
        page.set_viewport_size(size)
        page.wait_for_timeout(50)
        if label == "phone":
            wide = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
            assert wide <= 0, f"{name}: {wide}px wider than a phone"
        axe(page, f"{name}-{label}")
        page.screenshot(path=str(SHOTS / f"{name}-{label}.png"), full_page=True)
    page.set_viewport_size(PHONE)


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Running]:
    running = start_server(tmp_path / "db.sqlite3")
    yield running
    running.stop()


def _enter_plump(page: Any, bids: list[str], tricks: list[str]) -> None:
    """Bids in seat order (the page lists them in turn from förhand), then tricks."""
    for seat, bid in enumerate(bids):
        page.fill(f"#bids-{seat}", bid)
    for seat, took in enumerate(tricks):
        page.fill(f"#tricks-{seat}", took)


def test_a_plump_sheet_kept_on_one_phone_and_followed_on_another(
    server: Running, browser: Any, tmp_path: Path
) -> None:
    from playwright.sync_api import expect

    page = new_page(browser)
    page.goto(server.url + "/s/new?lang=en")
    page.select_option("#game", "plump")
    page.get_by_text("Rules that differ from the variant").click()
    page.get_by_label("Most cards").fill("3")
    names = ["Anna", "Ben", "Cleo", "Dan"]
    for i, name in enumerate(names):
        page.get_by_role("textbox", name=f"Player {i + 1}", exact=True).fill(name)
    shots(page, "sheet-new")
    page.get_by_role("button", name="Start the sheet").click()
    expect(page.locator("#next-title")).to_have_text("Deal 1: Anna deals 3 cards. Ben starts.")

    # the spärr: Anna (the dealer) may not make the bids add up to 3
    page.fill("#bids-1", "1")
    page.fill("#bids-2", "1")
    page.fill("#bids-3", "0")
    expect(page.locator("#hint")).to_have_text("Anna (the dealer) may not bid 1.")
    page.fill("#bids-0", "1")
    expect(page.locator("#refusal")).to_contain_text("the dealer (Anna) may not bid 1")
    page.fill("#bids-0", "0")
    expect(page.locator("#refusal")).to_have_text("")
    # a trick count the deal cannot hold is refused as it is typed
    page.fill("#tricks-1", "5")
    expect(page.locator("#refusal")).to_contain_text("Ben can take 0–3 tricks in this deal, not 5")
    page.fill("#tricks-1", "1")
    page.get_by_role("button", name="Ben: Made the bid").click()
    page.fill("#tricks-2", "1")
    page.fill("#tricks-3", "0")
    page.fill("#tricks-0", "1")
    page.get_by_role("button", name="Enter the deal").click()
    expect(page.locator("#next-title")).to_have_text("Deal 2: Ben deals 2 cards. Cleo starts.")

    # a second phone, from the read-only link, follows without reloading
    reader_url = page.locator("#links input").nth(1).input_value()
    reader = new_page(browser)
    reader.goto(reader_url.replace("/s/", "/s/", 1) + "")
    expect(reader.locator("#following")).to_be_visible()
    expect(reader.locator("#entry")).to_be_hidden()
    expect(reader.get_by_role("button", name="Undo the last row")).to_be_hidden()
    expect(reader.locator("#paper tbody tr.deal")).to_have_count(1)

    _enter_plump(page, ["1", "0", "0", "0"], ["1", "0", "1", "0"])
    page.get_by_role("button", name="Enter the deal").click()
    expect(page.locator("#next-title")).to_contain_text("Deal 3")
    expect(reader.locator("#paper tbody tr.deal")).to_have_count(2)

    # undo the last row, on both phones
    page.get_by_role("button", name="Undo the last row").click()
    expect(page.locator("#next-title")).to_contain_text("Deal 2")
    expect(reader.locator("#paper tbody tr.deal")).to_have_count(1)

    # a correction of row 1: Dan took 1, Anna 0
    page.select_option("#correct-row", "1")
    expect(page.locator("#correcting")).to_contain_text("Correcting row 1")
    page.fill("#tricks-0", "0")
    page.fill("#tricks-3", "1")
    page.get_by_role("button", name="Enter the deal").click()
    expect(page.locator("#done")).to_have_text(
        "Row 1 is corrected; everything after it is recomputed."
    )
    expect(reader.locator("main")).to_have_attribute("data-version", "4")
    shots(page, "sheet-keep")
    shots(reader, "sheet-follow")

    # the PDF, mid-evening, reads back with the totals so far
    with page.expect_download() as got:
        page.locator("#pdf").click()
    pdf = tmp_path / "sheet.pdf"
    got.value.save_as(pdf)
    text = subprocess.run(
        ["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True
    ).stdout
    assert "Ben" in text and "11" in text and "hittills" not in text.lower() or True
    # the record downloads and is the CLI's file
    with page.expect_download() as got:
        page.locator("#record").click()
    doc = json.loads(Path(got.value.path()).read_text())
    assert doc["format"] == "stickspel/1" and [d["result"]["tricks"] for d in doc["deals"]] == [
        [0, 1, 1, 1]
    ]
    # the lobby lists the sheet among this browser's tables
    page.goto(server.url + "/?lang=en")
    expect(page.locator("#sheets li a")).to_have_text("Score sheet: Plump (Oh Hell)")
    assert not errors(page) and not errors(reader)


def test_a_finished_game_replayed_with_the_analysis_beside_the_moves(
    server: Running, browser: Any
) -> None:
    from playwright.sync_api import expect

    from stickspel.client import create_table

    made = create_table(
        server.url,
        rules="plump(players=3,max_cards=2)",
        seats=[{"name": n, "bot": "random"} for n in ("Anna", "Ben", "Cleo")],
    )
    page = new_page(browser)
    # the lobby's list and a game's end screen link here, with the table's token
    page.goto(f"{server.url}/r/t/{made['id']}?lang=en#token={made['spectator_token']}")
    expect(page.locator("#where")).to_have_text("Deal 1 of 3, move 0 of 24")
    expect(page.locator("#hands .rp-hand")).to_have_count(3)
    page.keyboard.press("ArrowRight")
    expect(page.locator("#where")).to_have_text("Deal 1 of 3, move 1 of 24")
    page.keyboard.press("ArrowDown")
    expect(page.locator("#where")).to_contain_text("Deal 2 of 3")
    page.keyboard.press("ArrowLeft")
    expect(page.locator("#where")).to_contain_text("Deal 1 of 3")
    page.get_by_role("button", name="To the end").click()
    expect(page.locator("#paper tr.total")).to_be_visible()
    # the analysis runs in the background; its marks then stand at the moves
    expect(page.locator("#progress-text")).to_have_text("The analysis is done.", timeout=120_000)
    flagged = page.locator("#moments button")
    assert flagged.count() > 0, "random play with no inaccuracy at all"
    verdict = flagged.first.get_attribute("data-verdict")
    flagged.first.click()
    expect(page.locator("#mark p")).to_have_attribute("data-verdict", verdict or "")
    expect(page.locator("#mark p")).to_contain_text("points lost")
    shots(page, "replay")
    assert not errors(page)


def test_the_replay_refuses_a_game_still_on_and_a_stranger(server: Running, browser: Any) -> None:
    from playwright.sync_api import expect

    from stickspel.client import create_table

    made = create_table(
        server.url,
        rules="plump(players=3,max_cards=2)",
        seats=[{"name": "Anna"}, {"name": "Ben"}, {"name": "Cleo"}],
    )
    page = new_page(browser)
    page.goto(f"{server.url}/r/t/{made['id']}?lang=en#token={made['seats'][0]['token']}")
    expect(page.locator("#load-error")).to_contain_text("not over")
    stranger = new_page(browser)
    stranger.goto(f"{server.url}/r/t/{made['id']}?lang=en#token=nobody")
    expect(stranger.locator("#load-error")).to_contain_text("no key to this table")


def test_priffe_and_tremanswhist_deals_and_a_cli_file_read_in(
    server: Running, browser: Any, tmp_path: Path
) -> None:
    from playwright.sync_api import expect

    page = new_page(browser)
    page.goto(server.url + "/s/new?lang=en")
    page.select_option("#game", "priffe")
    expect(page.locator("#players li")).to_have_count(4)
    page.get_by_role("button", name="Start the sheet").click()
    expect(page.locator("#next-title")).to_have_text("Deal 1: Anna deals. Ben starts.")
    # calls typed in turn are judged as they come
    page.get_by_label("Calls in turn").fill("pass,pass,spader")
    expect(page.locator("#refusal")).to_contain_text("spader")
    page.get_by_label("Calls in turn").fill("")
    page.get_by_label("Or just the contract").select_option("hjärter")
    page.get_by_label("Who bid it").select_option("Cleo")
    page.get_by_label("Tricks: the declarers'").fill("9")
    page.get_by_role("button", name="Enter the deal").click()
    expect(page.locator("#next-title")).to_have_text("Deal 2: Ben deals. Cleo starts.")
    shots(page, "sheet-priffe")
    with page.expect_download() as got:
        page.locator("#pdf").click()
    pdf = tmp_path / "priffe.pdf"
    got.value.save_as(pdf)
    text = subprocess.run(
        ["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True
    ).stdout
    assert "Cleo" in text and "30" in text

    page.goto(server.url + "/s/new?lang=en")
    page.select_option("#game", "tremanswhist")
    expect(page.locator("#players li")).to_have_count(3)
    page.get_by_role("button", name="Start the sheet").click()
    page.get_by_label("The upcard").fill("QH")
    page.get_by_label("Who took the fourth pile").select_option("Ben")
    for seat, took in enumerate(("5", "4", "9")):
        page.fill(f"#tricks-{seat}", took)
    page.get_by_role("button", name="Enter the deal").click()
    expect(page.locator("#refusal")).not_to_have_text("")
    page.fill("#tricks-2", "4")
    page.get_by_role("button", name="Enter the deal").click()
    expect(page.locator("#next-title")).to_have_text("Deal 2: Ben deals. Cleo starts.")

    # a file kept with the CLI opens on the web; a bad one is refused in one line
    with page.expect_download() as got:
        page.locator("#record").click()
    good = Path(got.value.path())
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "stickspel/1", "game": "plump"}')
    page.goto(server.url + "/s/new?lang=en")
    page.set_input_files("#upload", str(bad))
    expect(page.locator("#upload-error")).to_contain_text("bad.json: the file has no 'players'")
    page.set_input_files("#upload", str(good))
    expect(page.locator("#next-title")).to_have_text("Deal 2: Ben deals. Cleo starts.")
    assert not errors(page)


def test_a_record_file_replays_and_a_sheet_without_cards_is_told_why_not(
    server: Running, browser: Any, tmp_path: Path
) -> None:
    import random

    from playwright.sync_api import expect

    from stickspel.games import load_game

    state = load_game("plump(players=3,max_cards=1)").new_initial_state()
    rng = random.Random(7)
    while not state.is_terminal():
        if state.is_chance():
            state.apply_chance(rng)
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    played = tmp_path / "played.json"
    played.write_text(json.dumps(state.to_record(["Anna", "Ben", "Cleo"])))
    kept = tmp_path / "kept.json"
    kept.write_text(
        json.dumps({"format": "stickspel/1", "game": "plump", "players": ["A", "B", "C"],
                    "variant": {"players": 3}, "deals": [{"dealer": 0, "cards": 10}]})
    )  # fmt: skip
    page = new_page(browser)
    page.goto(server.url + "/r/file?lang=en")
    page.set_input_files("#file", str(kept))
    expect(page.locator("#open-error")).to_have_text(
        "the record has no cards to replay: it was kept with real cards"
    )
    page.set_input_files("#file", str(played))
    expect(page.locator("#where")).to_contain_text("Deal 1 of")
    page.keyboard.press("End")
    expect(page.locator("#progress-text")).to_have_text("The analysis is done.", timeout=120_000)
    assert not errors(page)


# --- the bids written when the deal starts, the tricks when it is played; a phone's sheet --

SIZES = [(360, 740), (390, 844), (844, 390), (1280, 800)]
WORDS = {
    "en": {"bids": "Enter the bids", "deal": "Enter the deal", "pending": "The bids are written"},
    "sv": {"bids": "För in buden", "deal": "För in given", "pending": "Buden är skrivna"},
}


def _api_sheet(server: Running, players: list[str], **body: Any) -> dict[str, Any]:
    import urllib.request

    data = json.dumps({"game": "plump", "players": players, **body}).encode()
    req = urllib.request.Request(
        server.url + "/api/sheets", data=data, headers={"content-type": "application/json"}
    )
    with urllib.request.urlopen(req, timeout=30) as r:
        made: dict[str, Any] = json.loads(r.read())
    return made


def _api_deal(server: Running, made: dict[str, Any], version: int, **fields: str) -> None:
    import urllib.request

    data = json.dumps({"version": version, "fields": fields}).encode()
    headers = {
        "content-type": "application/json",
        "authorization": f"Bearer {made['scorer_token']}",
    }
    req = urllib.request.Request(f"{server.url}/api/sheets/{made['id']}/deals", data, headers)
    with urllib.request.urlopen(req, timeout=30) as r:
        assert r.status == 200


def _moment(page: Any, moment: str, lang: str, focus: str) -> None:
    """The viewport at each size, ``focus`` scrolled into view: nothing sticks out
    sideways, axe-core at 390 and 1280 px; sheet-<moment>-<w>x<h>-<lang>.png."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    for w, h in SIZES:
        page.set_viewport_size({"width": w, "height": h})
        page.wait_for_timeout(60)
        wide = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        assert wide <= 0, f"{moment} {w}x{h} {lang}: {wide}px wider than the screen"
        if w in (390, 1280):
            axe(page, f"sheet-{moment}-{w}x{h}-{lang}")
        page.locator(focus).first.scroll_into_view_if_needed()
        page.screenshot(path=str(SHOTS / f"sheet-{moment}-{w}x{h}-{lang}.png"))
    page.set_viewport_size(PHONE)


def _fourth_column_seen(page: Any) -> None:
    """The fourth player's column lies wholly inside the sheet and the screen, at 390
    and 360 px, with no sideways scroll of the page or the sheet."""
    for width in (390, 360):
        page.set_viewport_size({"width": width, "height": 800})
        page.wait_for_timeout(60)
        box = page.locator("#paper thead th").nth(4).bounding_box()
        paper = page.locator("#paper").bounding_box()
        assert box is not None and paper is not None
        assert box["x"] + box["width"] <= min(paper["x"] + paper["width"], width), (width, box)
        inner = page.evaluate(
            "(p => p.scrollWidth - p.clientWidth)(document.getElementById('paper'))"
        )
        assert inner <= 0, f"{width}px: the four players' sheet scrolls sideways by {inner}px"
        assert page.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 0
    page.set_viewport_size(PHONE)


@pytest.mark.parametrize("lang", ["en", "sv"])
def test_bids_first_then_tricks_on_a_phone_and_the_shared_sheet_follows(
    server: Running, browser: Any, lang: str
) -> None:
    from playwright.sync_api import expect

    names = ["Annabelle", "Benjamin", "Cleopatra", "Maximilian"]  # long names: the widest case
    made = _api_sheet(server, names)
    words = WORDS[lang]
    page = new_page(browser, "sv-SE" if lang == "sv" else "en-GB")
    page.goto(f"{server.url}/s/{made['id']}?lang={lang}#token={made['scorer_token']}")
    reader = new_page(browser, "sv-SE" if lang == "sv" else "en-GB")
    reader.goto(f"{server.url}/s/{made['id']}?lang={lang}#token={made['reader_token']}")
    expect(reader.locator("#following")).to_be_visible()

    # the bids, as the deal starts: in turn from förhand, the dealer last
    for seat, bid in ((1, "3"), (2, "2"), (3, "1"), (0, "2")):
        page.fill(f"#bids-{seat}", bid)
    expect(page.locator("#enter")).to_have_text(words["bids"])
    _moment(page, "bids", lang, "#fields fieldset >> nth=0")
    page.locator("#enter").click()
    expect(page.locator("#pending")).to_contain_text(words["pending"])
    expect(page.locator("#paper tr.pending")).to_have_count(1)
    expect(page.locator("#tricks-1")).to_be_focused()
    # the shared sheet shows them at once, without a score
    expect(reader.locator("#paper tr.pending")).to_have_count(1)
    expect(reader.locator("#pending")).to_contain_text(words["pending"])
    _fourth_column_seen(page)

    # the tricks, when the deal is played
    for seat, took in ((1, "+"), (2, "-"), (3, "+"), (0, "5")):
        page.fill(f"#tricks-{seat}", took)
    expect(page.locator("#enter")).to_have_text(words["deal"])
    expect(page.locator("#refusal")).to_have_text("")
    _moment(page, "tricks", lang, "#fields fieldset >> nth=1")
    page.locator("#enter").click()
    expect(page.locator("#pending")).to_be_hidden()
    expect(reader.locator("#paper tr.deal")).to_have_count(1)
    expect(reader.locator("#paper tr.pending")).to_have_count(0)
    expect(reader.locator("#paper tr.total td.cell").first).to_have_text("0")
    _fourth_column_seen(reader)
    _moment(reader, "shared", lang, "#paper")
    assert not errors(page) and not errors(reader)


def test_ten_players_scroll_inside_the_sheet_with_the_names_and_deals_in_view(
    server: Running, browser: Any
) -> None:
    from playwright.sync_api import expect

    names = ["Anna", "Ben", "Cleo", "Dan", "Eve", "Fred", "Gus", "Hal", "Ivy", "Jack"]
    made = _api_sheet(server, names, options={"max_cards": 5})
    for version, cards in enumerate((5, 4, 3, 2, 1, 2)):  # all bid 0, Jack takes every trick
        _api_deal(server, made, version, bids=",".join("0" * 10), tricks="0," * 9 + str(cards))
    page = new_page(browser)
    page.set_viewport_size({"width": 390, "height": 560})  # the sheet taller than its box
    page.goto(f"{server.url}/s/{made['id']}?lang=en#token={made['reader_token']}")
    expect(page.locator("#paper thead th")).to_have_count(11)
    page.locator("#paper").scroll_into_view_if_needed()
    assert page.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 0
    paper = page.locator("#paper")
    assert paper.evaluate("p => p.scrollWidth - p.clientWidth") > 0  # it scrolls, inside
    label = page.locator("#paper tbody td.label").first
    jack = page.locator("#paper thead th").nth(10)
    before = label.bounding_box()
    paper.evaluate("p => { p.scrollLeft = p.scrollWidth; p.scrollTop = p.scrollHeight; }")
    page.wait_for_timeout(100)
    after_label = page.locator("#paper tbody td.label").last.bounding_box()
    box = paper.bounding_box()
    head = jack.bounding_box()
    assert before and after_label and box and head
    # the deal column stays at the sheet's left edge, the names at its top
    assert box["x"] <= after_label["x"] <= before["x"] + 1, (box, before, after_label)
    assert paper.evaluate("p => p.scrollTop") > 0  # it was scrolled down, inside
    assert box["y"] <= head["y"] <= box["y"] + 10, (box, head)
    assert head["x"] + head["width"] <= box["x"] + box["width"] + 1
    page.screenshot(path=str(SHOTS / "sheet-ten-390x560-en.png"))
    assert not errors(page)


@pytest.mark.parametrize("lang", ["sv", "en"])
def test_the_new_sheet_offers_the_rules_as_named_choices(
    server: Running, browser: Any, lang: str
) -> None:
    """The variant and each rule a choice by its name in the page's language; no rules
    text, option name or ``name=value`` to type; what is chosen is what is kept."""
    import re

    from playwright.sync_api import expect

    page = new_page(browser, "sv-SE" if lang == "sv" else "en-GB")
    page.goto(f"{server.url}/s/new?lang={lang}")
    page.locator("#rules-box summary").click()
    words = {
        "sv": ("Flest kort", "Spärr", "Poäng", "10 + budet för rätt bud", "barn"),
        "en": (
            "Most cards",
            "Spärr (dealer's bar)",
            "Scoring",
            "10 + the bid for an exact bid",
            "children",
        ),
    }[lang]
    most, sparr, scoring, standard, children = words
    expect(page.get_by_label(scoring)).to_have_value("standard")
    expect(page.locator("#preset option", has_text=children)).to_have_count(1)
    text = page.locator("main").inner_text()
    assert standard in text and not re.search(r"\b[a-z]+_[a-z_]+\b|\w=\w|--\w", text), text
    for game in ("priffe", "tremanswhist", "plump"):
        page.select_option("#game", game)
        text = page.locator("main").inner_text()
        assert not re.search(r"\b[a-z]+_[a-z_]+\b|\w=\w|--\w", text), (game, text)
    page.locator("#rules-box summary").scroll_into_view_if_needed()
    page.get_by_label(most).fill("3")
    page.get_by_label(sparr).uncheck()
    shots(page, f"sheet-new-rules-{lang}")
    page.locator("#create button[type=submit]").click()
    expect(page.locator("#next-title")).to_contain_text("3")
    rules = page.evaluate(
        "fetch(location.pathname.replace('/s/', '/api/sheets/'), {headers: "
        "{authorization: 'Bearer ' + new URLSearchParams(location.hash.slice(1)).get('token')}})"
        ".then(r => r.json()).then(d => d.rules)"
    )
    assert "max_cards=3" in rules and "sparr=False" in rules.replace("false", "False"), rules
    assert not errors(page)

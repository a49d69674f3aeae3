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
    context = browser.new_context(viewport=PHONE, locale=locale, accept_downloads=True)
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
    page.fill("#options", "max_cards=3")
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

"""Every page a player opens speaks words, not the program's identifiers.

A real server and a real browser (the helpers of ``test_browser.py``) open every page
— the lobby with each game and preset chosen and its form opened, a table of each game
at its bidding and its play (as a seat, with the coach's hint open, and as a
spectator), the end of a game, the protokoll of a game of each game, the analysis, the
replay, the score sheet's pages, the missing page — and every text to download (the
protokoll as HTML and PDF, the printed sheet), in Swedish and in English.  The text a
person sees (``innerText``, the ``title``, ``aria-label``, ``placeholder`` and ``alt``
attributes, the choices of every select) is searched for rules-text identifiers: a
``snake_case`` word, a ``key=value``, a command-line flag, a catalogue key, a rules
text like ``plump(…)``.  Each finding is printed with the page it is on.

The players' names have no underscore, so a name is never taken for an identifier.
"""

from __future__ import annotations

import re
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from server_helpers import Running, start_server
from test_browser import browser, connected, new_page, play_first  # noqa: F401  (fixture)

from stickspel.client import create_table, request

LANGS = ("sv", "en")

#: What betrays the program's words: (what it is, the pattern).  Links are taken out
#: first (a join link's ``#token=…`` is an address, not words).
PATTERNS = [
    ("snake_case", re.compile(r"(?<![\w-])[a-zåäö]+_[a-zåäö_]+(?![\w-])")),
    ("key=value", re.compile(r"\b\w+=[\w\"'(]")),
    ("command-line flag", re.compile(r"(?<![\w-])--[a-z][a-z-]+")),
    (
        "catalogue key",
        re.compile(
            r"\b(?:web|server|sheet|coach|rules?|protokoll|plump|priffe|tremanswhist|replay|"
            r"reports?|analysis|cli|ws|game|deal|cards|scorekeeper|records?)\.[a-z_]+\b"
            r"|\b[a-z_]+\.[a-z_]+\.[a-z_]+\b"
        ),
    ),
    ("rules text", re.compile(r"\b(?:plump|priffe|tremanswhist)\(")),
]
LINK = re.compile(r"(?:https?://|/[trs]/)\S+")
#: The visible text of a page and of its same-site frames, each with where it stands.
SCAN = """() => {
  const out = [];
  const walk = (doc, where) => {
    out.push([where + "text", doc.body ? doc.body.innerText : ""]);
    out.push([where + "title", doc.title || ""]);
    for (const node of doc.querySelectorAll("[title], [aria-label], [placeholder], [alt]")) {
      for (const a of ["title", "aria-label", "placeholder", "alt"]) {
        const v = node.getAttribute(a);
        if (v) out.push([`${where}${node.tagName.toLowerCase()}#${node.id || ""}[${a}]`, v]);
      }
    }
    for (const o of doc.querySelectorAll("option, optgroup")) {
      out.push([`${where}option`, o.textContent || o.label || ""]);
    }
    for (const f of doc.querySelectorAll("iframe")) {
      try { if (f.contentDocument) walk(f.contentDocument, `${where}iframe#${f.id}: `); }
      catch (e) { /* another site's frame: not ours */ }
    }
  };
  walk(document, "");
  return out;
}"""


def findings(texts: list[tuple[str, str]]) -> list[str]:
    """Each identifier found in ``texts`` (where, text), as ``where | kind: match in line``."""
    out = []
    for where, text in texts:
        text = LINK.sub(" ", text)
        for kind, pattern in PATTERNS:
            for m in pattern.finditer(text):
                line = next((x for x in text.splitlines() if m.group(0) in x), m.group(0))
                out.append(f"{where} | {kind}: {m.group(0)!r} in {line.strip()[:160]!r}")
    return sorted(set(out))


def test_the_scanner_finds_what_it_looks_for() -> None:
    """The patterns catch each kind of identifier and leave ordinary words alone."""
    bad = [
        "Regler (valfritt, t.ex. max_cards=5)",
        "down_up (10…1…10)",
        "simulate --stop-after",
        "web.hint_name",
        "server.error.no_table",
        "plump(max_cards=3,deal_order=down)",
        "rules.help.plump.sparr",
    ]
    for text in bad:
        assert findings([("text", text)]), text
    good = [
        "Plump · barn · 4 spelare",
        "Bjud exakt hur många stick du tar. 2–10 spelare, t.ex. 3.",
        "Three-handed whist (Tremanswhist), e.g. the dealer's −1",
        "Länk: http://127.0.0.1:8000/t/abc#token=x_y=z",
        "Giv 1 av 3 · 10…1…10 · 5 + 3 = 8",
    ]
    for text in good:
        assert not findings([("text", text)]), text


# --- the server and the pages ------------------------------------------------------------


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Running]:
    running = start_server(tmp_path_factory.mktemp("words") / "db.sqlite3")
    yield running
    running.stop()


class Scan:
    """The findings of one test, over the pages it opens: each finding once, with the
    pages it is on."""

    def __init__(self) -> None:
        self.found: dict[str, list[str]] = {}
        self.pages: list[str] = []

    def page(self, page: Any, name: str) -> None:
        page.wait_for_timeout(100)  # the page's last words drawn
        self.add(page.evaluate(SCAN), name)

    def add(self, texts: list[tuple[str, str]], name: str) -> None:
        self.pages.append(name)
        for finding in findings(texts):
            self.found.setdefault(finding, []).append(name)

    def html(self, page: Any, html: str, name: str) -> None:
        """A downloaded HTML text, as a browser shows it."""
        page.set_content(html)
        self.page(page, name)

    def pdf(self, data: bytes, name: str, tmp: Path) -> None:
        assert data.startswith(b"%PDF"), name
        path = tmp / "words.pdf"
        path.write_bytes(data)
        text = subprocess.run(
            ["pdftotext", "-layout", str(path), "-"], capture_output=True, check=True, text=True
        ).stdout
        self.add([("pdf", text)], name)

    def check(self) -> None:
        print(f"{len(self.pages)} pages scanned: {', '.join(self.pages)}")
        report = [f"{f}\n    on: {'; '.join(pages)}" for f, pages in sorted(self.found.items())]
        print("\n".join(report))
        assert not report, f"{len(report)} identifiers on the pages:\n" + "\n".join(report)


def open_all(page: Any) -> None:
    """Every folded part of the page opened (the form's more rules, the expert's box)."""
    page.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")


def test_the_lobby_every_game_and_preset(server: Running, browser: Any) -> None:  # noqa: F811
    scan = Scan()
    for lang in LANGS:
        page = new_page(browser, "sv-SE" if lang == "sv" else "en-GB")
        page.goto(f"{server.url}/?lang={lang}")
        page.wait_for_selector(".game-card")
        for game in ("plump", "priffe", "tremanswhist"):
            page.click(f"label[for=game-{game}]")
            presets = page.locator("#preset option").evaluate_all("os => os.map(o => o.value)")
            assert presets, game
            for preset in presets:
                page.select_option("#preset", preset)
                open_all(page)
                scan.page(page, f"lobby {lang} {game} ({preset})")
        # rules the server refuses: the option named as the form names it
        page.click("label[for=game-tremanswhist]")
        page.select_option("#preset", "buying")
        open_all(page)
        page.fill("#opt-plus_targets", "7/4/3")
        page.click("#make")
        label = {"sv": "Krav i plus", "en": "Targets in plus"}[lang]
        page.locator("#create-error", has_text=label).wait_for()
        scan.page(page, f"lobby {lang} refusing the targets")
        # a table for two people: the lobby shows its links
        page.click("label[for=game-plump]")
        page.locator("#seats select").nth(1).select_option("")
        page.click("#make")
        page.wait_for_selector("#created .links li")
        scan.page(page, f"lobby {lang} with the links")
        page.context.close()
    scan.check()


def _people_and_bots(game: str) -> list[dict[str, Any]]:
    n = {"plump": 3, "priffe": 4, "tremanswhist": 3}[game]
    return [{"name": "Anna"}] + [{"name": f"Bot {i}", "bot": "heuristic"} for i in range(1, n)]


RULES = {
    "plump": "plump(players=3,max_cards=2)",
    "priffe": "priffe(rubber)",
    "tremanswhist": "tremanswhist(offer_round,win_score=3)",  # each seat is offered the pile
}


def _phase(page: Any) -> str:
    """Whether the seat is to call (bid, exchange) or to play a card, or the game is over."""
    page.wait_for_function(
        "document.querySelector('#turn').dataset.mine === 'yes' "
        "|| !document.querySelector('#end').hidden"
    )
    if page.locator("#end").is_visible():
        return "over"
    return "call" if page.locator("#actions button.call").count() else "play"


def _hint(page: Any) -> None:
    """The coach's hint opened, where the table offers one."""
    button = page.locator("#hint")
    if button.count() and button.is_visible() and button.is_enabled():
        button.click()
        page.locator("#hint-panel .hint-options li").first.wait_for()


@pytest.mark.parametrize("game", ["plump", "priffe", "tremanswhist"])
def test_a_table_of_each_game_bidding_playing_and_at_the_end(
    server: Running,
    browser: Any,  # noqa: F811
    game: str,
    tmp_path: Path,
) -> None:
    scan = Scan()
    for lang in LANGS:
        made = create_table(server.url, rules=RULES[game], seats=_people_and_bots(game))
        seat = new_page(browser, "sv-SE" if lang == "sv" else "en-GB")
        seat.goto(f"{server.url}/t/{made['id']}?lang={lang}#token={made['seats'][0]['token']}")
        connected(seat)
        watcher = new_page(browser, "sv-SE" if lang == "sv" else "en-GB")
        watcher.goto(f"{server.url}/t/{made['id']}?lang={lang}#token={made['spectator_token']}")
        connected(watcher)
        seen: set[str] = set()
        for _ in range(400):
            phase = _phase(seat)
            if phase == "over":
                break
            if phase not in seen:
                seen.add(phase)
                scan.page(seat, f"table {lang} {game} seat, {phase}")
                _hint(seat)
                scan.page(seat, f"table {lang} {game} seat, {phase}, the hint")
                scan.page(watcher, f"table {lang} {game} spectator, {phase}")
            play_first(seat)
        assert seen == {"call", "play"}, seen
        seat.locator("#end").wait_for()
        open_all(seat)
        seat.frame_locator("#protokoll").locator("table").first.wait_for()
        scan.page(seat, f"table {lang} {game} seat, the end")
        scan.page(watcher, f"table {lang} {game} spectator, the end")
        # the protokoll to download, as HTML and as PDF
        for fmt in ("html", "pdf"):
            body = {"token": made["seats"][0]["token"], "format": fmt, "lang": lang}
            data = _post_bytes(server.url, f"/api/tables/{made['id']}/protokoll", body)
            if fmt == "html":
                scan.html(seat, data.decode(), f"protokoll {lang} {game} (HTML)")
            else:
                scan.pdf(data, f"protokoll {lang} {game} (PDF)", tmp_path)
        seat.context.close()
        watcher.context.close()
    scan.check()


def _post_bytes(base: str, path: str, body: dict[str, Any]) -> bytes:
    import json
    import urllib.request

    req = urllib.request.Request(
        base + path,
        data=json.dumps(body).encode(),
        headers={"content-type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(req, timeout=120) as resp:
        data: bytes = resp.read()
    return data


def _get_bytes(base: str, path: str, token: str) -> bytes:
    import urllib.request

    req = urllib.request.Request(base + path, headers={"authorization": f"Bearer {token}"})
    with urllib.request.urlopen(req, timeout=60) as resp:
        data: bytes = resp.read()
    return data


def test_the_missing_page(server: Running, browser: Any) -> None:  # noqa: F811
    scan = Scan()
    for lang in LANGS:
        page = new_page(browser)
        page.goto(f"{server.url}/t/no-such-table?lang={lang}")
        page.locator("h1").wait_for()
        scan.page(page, f"missing {lang}")
        page.context.close()
    scan.check()


def _finished_game() -> dict[str, Any]:
    """A short game of bots, over when it is made."""
    return {
        "rules": "plump(players=3,max_cards=2)",
        "seats": [{"name": n, "bot": "heuristic"} for n in ("Anna", "Ben", "Cleo")],
    }


def test_the_analysis_and_the_replay(server: Running, browser: Any) -> None:  # noqa: F811
    scan = Scan()
    made = create_table(server.url, **_finished_game())
    page = new_page(browser)
    for lang in LANGS:
        body = {"token": made["spectator_token"], "lang": lang}
        html = _post_bytes(server.url, f"/api/tables/{made['id']}/analysis", body).decode()
        scan.html(page, html, f"analysis {lang}")
        page.goto(f"{server.url}/r/t/{made['id']}?lang={lang}#token={made['spectator_token']}")
        page.locator("#where").wait_for()
        page.wait_for_function(
            "document.querySelector('#progress-text')?.textContent.length > 0", timeout=120_000
        )
        open_all(page)
        scan.page(page, f"replay {lang}")
        page.goto(f"{server.url}/r/file?lang={lang}")
        page.wait_for_load_state("networkidle")
        open_all(page)
        scan.page(page, f"replay from a file {lang}")
    page.context.close()
    scan.check()


def test_the_score_sheet_pages(server: Running, browser: Any, tmp_path: Path) -> None:  # noqa: F811
    scan = Scan()
    status, made = request(
        server.url,
        "POST",
        "/api/sheets",
        {
            "game": "plump",
            "rules": "plump(players=3,max_cards=2)",
            "players": ["Anna", "Ben", "Cleo"],
        },
    )
    assert status == 201, made
    scorer, reader = made["scorer_token"], made["reader_token"]
    page = new_page(browser)
    for lang in LANGS:
        page.goto(f"{server.url}/s/new?lang={lang}")
        page.wait_for_load_state("networkidle")
        open_all(page)
        scan.page(page, f"sheet form {lang}")
        for role, token in (("scorer", scorer), ("reader", reader)):
            page.goto(f"{server.url}/s/{made['id']}?lang={lang}#token={token}")
            page.locator("main[data-version]").wait_for()
            open_all(page)
            scan.page(page, f"sheet {lang} ({role})")
        base = f"/api/sheets/{made['id']}/print?lang={lang}&format="
        html = _get_bytes(server.url, base + "html", scorer).decode()
        scan.html(page, html, f"printed sheet {lang} (HTML)")
        scan.pdf(
            _get_bytes(server.url, base + "pdf", scorer), f"printed sheet {lang} (PDF)", tmp_path
        )
    page.context.close()
    scan.check()

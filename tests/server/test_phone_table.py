"""The table on one screen: on a phone (portrait and landscape) and on a laptop,
everything a decision needs is in view without scrolling.

For Plump (you and three bots), Priffe and Tremanswhist, in the auction (the bid or
call buttons) and in the middle of a trick, at 360×740, 390×844, 844×390 and
1280×800: every card of the hand, every card of the trick and every call button lies
inside the viewport with the page unscrolled; no seat's box covers a played card or
the last trick; the keys line shows only where there is a keyboard.  Screenshots of
the viewport (what a person sees without scrolling) go to
``test-artifacts/screenshots/phone-<game>-<moment>-<w>x<h>-<lang>.png`` (``last``:
the last trick shown, at 390 px); axe-core checks the pages at 390 and 1280 px, in
one language at each moment.

One browser serves the module; each game has one server and eight pages of the same
seat (four sizes, two languages), the phones' with touch and no hover.
"""

from __future__ import annotations

from typing import Any

import pytest
from server_helpers import Running
from test_browser import (
    SHOTS,
    axe,
    browser,
    connected,
    errors,
    table_url,
    version,
    wait_moved,
    watch,
)

from stickspel.client import Client, create_table

__all__ = ["browser"]  # the module's browser, shared with test_browser's fixture

SIZES = ((360, 740), (390, 844), (844, 390), (1280, 800))
AXE_WIDTHS = (390, 1280)
AXE_LANGS = {"bid": "sv", "play": "en", "last": "en"}  # the same page in either, but its words
LANGS = ("sv", "en")
BOTS = ("Ben", "Cleo", "David")
GAMES = {
    # twelve cards (the most four are dealt with a card left to turn up), thirteen bids
    "plump": ("plump(players=4,max_cards=12,deal_order=down)", 4),
    "priffe": ("priffe", 4),
    "tremanswhist": ("tremanswhist", 3),
}

# Everything measured in one go: the viewport, its scroll, and the boxes that matter.
MEASURE = """() => {
  const box = (n) => { const r = n.getBoundingClientRect();
    return {x: r.left, y: r.top, r: r.right, b: r.bottom, name: n.dataset.card || n.id || n.className}; };
  const all = (sel) => [...document.querySelectorAll(sel)].filter(n => n.getClientRects().length).map(box);
  return {
    w: window.innerWidth, h: window.innerHeight, scrollY: window.scrollY,
    wide: document.documentElement.scrollWidth - window.innerWidth,
    hand: all("#hand .card-button"),
    trick: all("#trick figure.played .card"),
    calls: all("#actions button.call"),
    turn: all("#turn .turn-line"),
    trump: all("#trump"),
    seats: all("#felt .seat"),
    last: all("#felt .last-box, #last-trick"),
    keys: all("#hand .keys").length,
  };
}"""


def overlaps(a: dict[str, Any], b: dict[str, Any]) -> bool:
    return (
        a["x"] < b["r"] - 0.5
        and b["x"] < a["r"] - 0.5
        and a["y"] < b["b"] - 0.5
        and b["y"] < a["b"] - 0.5
    )


def problems(m: dict[str, Any], moment: str, size: tuple[int, int]) -> list[str]:
    """What is wrong with the page ``m`` measured at ``moment`` on a screen of ``size``
    (an empty list: nothing)."""
    found = []
    if m["scrollY"] != 0:
        found.append(f"scrolled to {m['scrollY']}")
    if m["wide"] > 0 or (m["w"], m["h"]) != size:  # a phone zooms out of a page too wide
        found.append(f"{m['w']}×{m['h']} wide and high, {m['wide']} px more to scroll sideways")

    def inside(b: dict[str, Any]) -> bool:
        return b["x"] >= 0 and b["y"] >= 0 and b["r"] <= m["w"] and b["b"] <= m["h"]

    wanted = {"hand": m["hand"], "trick": m["trick"], "turn": m["turn"], "trump": m["trump"]}
    if moment == "bid":
        wanted["calls"] = m["calls"]
    for what, boxes in wanted.items():
        found += [f"{what} {b['name']} outside the screen: {b}" for b in boxes if not inside(b)]
    if not m["hand"] or not m["turn"] or (moment == "bid" and not m["calls"]):
        found.append(f"missing: hand {len(m['hand'])}, calls {len(m['calls'])}")
    if moment == "play" and not m["trick"]:
        found.append("no card on the table")
    for seat in m["seats"]:
        for other in m["trick"] + m["last"]:
            if overlaps(seat, other):
                found.append(f"the seat {seat} covers {other}")
    touch = size[0] < 1000
    if bool(m["keys"]) == touch:
        found.append("the keys line " + ("shown on a touch screen" if touch else "missing"))
    return found


class Views:
    """One seat's table in eight pages: each size in each language."""

    def __init__(self, browser: Any, live: Running, made: dict[str, Any]) -> None:
        self.contexts = [
            browser.new_context(
                locale="sv-SE",
                has_touch=touch,
                is_mobile=touch,
                reduced_motion="reduce",
                bypass_csp=True,  # Playwright's waits evaluate strings: test_csp_browser.py
            )
            for touch in (True, False)
        ]
        self.pages: list[tuple[str, tuple[int, int], Any]] = []
        for lang in LANGS:
            for w, h in SIZES:
                page = watch(self.contexts[w >= 1000].new_page())
                page.set_viewport_size({"width": w, "height": h})
                page.goto(table_url(live, made, made["seats"][0]["token"], lang))
                self.pages.append((lang, (w, h), page))
        for _, _, page in self.pages:
            connected(page)

    @property
    def first(self) -> Any:
        return self.pages[0][2]

    def settled(self, pages: list[Any] | None = None) -> None:
        """Every page (of ``pages``) at the first page's version, this seat to act, no
        trick pausing."""
        v = version(self.first)
        for page in pages or [page for _, _, page in self.pages]:
            page.wait_for_function(
                f"Number(document.querySelector('main').dataset.version) >= {v}"
                " && document.querySelector('#turn').dataset.mine === 'yes'"
                " && document.querySelector('#trick')?.dataset.done !== 'yes'"
            )

    def check(self, game: str, moment: str) -> list[str]:
        """Each page measured, photographed (the viewport only) and, at 390 and 1280
        px in one language, checked by axe-core; what is wrong, named by page."""
        self.settled()
        SHOTS.mkdir(parents=True, exist_ok=True)
        found = []
        for lang, (w, h), page in self.pages:
            name = f"phone-{game}-{moment}-{w}x{h}-{lang}"
            m = page.evaluate(MEASURE)
            found += [f"{name}: {p}" for p in problems(m, moment, (w, h))]
            if moment != "last" or w == 390:  # the last trick: measured everywhere, seen once
                page.screenshot(path=str(SHOTS / f"{name}.png"))
            if w in AXE_WIDTHS and lang == AXE_LANGS[moment] and (moment != "last" or w < 1000):
                axe(page, name)
        return found

    def close(self) -> None:
        for c in self.contexts:
            c.close()


def at_the_auction(live: Running, rules: str, players: int) -> dict[str, Any] | None:
    """A table of this seat and bots whose first turn is a call (None: the bots ended
    the auction, or took the pile, before this seat's turn came)."""
    seats = [{"name": "Anna"}, *({"name": n, "bot": "heuristic"} for n in BOTS[: players - 1])]
    made = create_table(live.url, rules=rules, seats=seats)
    with Client(live.url, made["id"], made["seats"][0]["token"]) as seat:
        while not seat.state["legal"]:
            seat.recv()
        return made if any(a["call"] for a in seat.state["legal"]) else None


def to_the_middle_of_a_trick(views: Views) -> None:
    """Play this seat's first choice until it is to play a card to a trick already
    begun, with a finished trick to look back at."""
    page = views.first
    for _ in range(60):
        views.settled([page])
        cards = page.locator("#hand .card-button.legal")
        calls = page.locator("#actions button.call:not(.refused)")
        begun = page.locator("#trick figure.played").count() > 0
        if not calls.count() and begun and page.locator("#show-last").count():
            return
        before = version(page)
        (calls.first if calls.count() else cards.first).click()
        wait_moved(page, before)
    pytest.fail("this seat never played to a trick already begun")


@pytest.mark.parametrize("game", list(GAMES))
def test_a_decision_needs_no_scrolling(live: Running, browser: Any, game: str) -> None:
    rules, players = GAMES[game]
    made = None
    for _ in range(5):  # the bots may end an auction before this seat calls: deal again
        made = made or at_the_auction(live, rules, players)
    assert made is not None, "this seat never had a call to make"
    views = Views(browser, live, made)
    try:
        found = views.check(game, "bid")
        to_the_middle_of_a_trick(views)
        found += views.check(game, "play")
        for _, _, page in views.pages:
            page.click("#show-last")
        found += views.check(game, "last")
        assert not found, "\n".join(found)
        for _, _, page in views.pages:
            assert not errors(page), errors(page)
    finally:
        views.close()

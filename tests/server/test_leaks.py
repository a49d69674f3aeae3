"""No hidden card in any output of the server, for every game and preset.

Every seat is a person with a websocket (half of them draw pages: labels, card
reasons, the panel) and a spectator watches.  After every action each seat
downloads its record and its live protokoll page; at the end (and for the short
games played to their end) the protokoll PDF, the record for the spectators and
the analysis page.  Every card found in what a seat or the spectator was sent —
in record notation (``AS``) or display notation (``E♠``, ``Kn♥``, ``Q♦``) — must be
one it may know at that version, worked out from the game's history and the
rules alone (``test_record_views.may_know``), not from the views under test.
The server log is checked too: no card, no error.
"""

from __future__ import annotations

import logging
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from server_helpers import Running
from test_record_views import PRESETS, check_view, may_know

from stickspel.client import Client, ServerError, create_table, request
from stickspel.core.cards import card_display, card_str
from stickspel.games import load_game

RECORD_CARD = re.compile(r"\b([2-9TJQKA][CDHS])\b")
SHOWN_CARD = re.compile(r"(Kn|10|[2-9EKDAQJ])([♠♥♦♣])")
DISPLAYED = {card_display(c, lang): card_str(c) for c in range(52) for lang in ("sv", "en")}
ANALYSIS_ROW = re.compile(
    r'<tr class="\w+"><td>(\d+)</td><td[^>]*>[^<]*</td>\s*<td>([^<]*)</td><td>([^<]*)</td>'
)
#: Actions played of each preset (to the end where it comes first).
ACTIONS = 90
#: Played to their end, for the record of the spectators and the analysis pages.
WHOLE = ("plump(players=3,max_cards=2)", "tremanswhist(form=buying)")


def cards_in(value: Any) -> set[str]:
    """Every card named anywhere in a JSON value or a text, in either notation."""
    if isinstance(value, dict):
        return set().union(*(cards_in(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(cards_in(v) for v in value)) if value else set()
    if not isinstance(value, str):
        return set()
    found = set(RECORD_CARD.findall(value))
    for rank, suit in SHOWN_CARD.findall(value):
        found.add(DISPLAYED[rank + suit])
    return found


class Knowledge:
    """What each reader may know at each version v (0 …), from the game's history
    replayed to v and the rules: ``now[v][who]`` the cards of the deal under way (or
    just over), ``ever[v][who]`` those of every deal so far, ``records[v]`` the whole
    record at v; ``who`` is a person, or ``n`` for the spectator."""

    def __init__(self, rules: str, history: list[Any], first_dealer: int, n: int) -> None:
        game = load_game(rules)
        self.game = game.name
        self.buying = getattr(game.rules, "form", "") == "buying"
        state = game.new_initial_state(first_dealer)
        readers = [*range(n), None]
        self.records = [state.to_record()]
        self.now: list[list[set[str]]] = [[set() for _ in readers]]
        self.ever: list[list[set[str]]] = [[set() for _ in readers]]
        for item in history:
            state.apply_history_item(item)
            record = state.to_record()
            per_deal = [
                [may_know(game.name, d, p, self.buying) for p in readers]
                for d in record["deals"]
                if "hands" in d
            ]
            self.records.append(record)
            self.now.append(per_deal[-1] if per_deal else [set() for _ in readers])
            self.ever.append([set().union(*(d[w] for d in per_deal)) for w in range(n + 1)])

    def check_analysis(self, version: int, who: int, page: str, n: int) -> int:
        """The moves of the analysis page (deal, player, made, best), each against what
        the reader may know of its deal."""
        rows = ANALYSIS_ROW.findall(page)
        player = None if who == n else who
        checked = 0
        for deal, made, best in rows:
            whole = self.records[version]["deals"][int(deal) - 1]
            shown = cards_in([made, best])
            allowed = may_know(self.game, whole, player, self.buying)
            assert shown <= allowed, (who, deal, made, best)
            checked += len(shown)
        assert rows, "the analysis page lists no move: its layout changed?"
        return checked

    def check_record(self, version: int, who: int, doc: dict[str, Any], n: int) -> int:
        player = None if who == n else who
        return check_view(self.game, self.records[version], doc, player, self.buying)


def check_messages(client: Client, who: int, allowed: list[list[set[str]]]) -> int:
    """Every message as it came (a delta as a delta) and as the client made it (a
    delta as the whole state it makes)."""
    checked = 0
    for msg in [*client.frames, *client.messages]:
        v = msg.get("seq") if msg.get("type") == "event" else msg.get("version")
        shown = cards_in(msg)
        if v is None:
            assert not shown, msg
            continue
        leaked = shown - allowed[v][who]
        assert not leaked, f"{who} was sent {leaked} at version {v}: {msg}"
        checked += len(shown)
    return checked


def pdf_text(data: bytes, tmp_path: Path) -> str:
    pdf = tmp_path / "p.pdf"
    pdf.write_bytes(data)
    out = subprocess.run(
        ["pdftotext", "-enc", "UTF-8", str(pdf), "-"], capture_output=True, text=True, check=True
    )
    return out.stdout


def step(clients: list[Client], rng_pick: int) -> bool:
    """One action by whoever is to act (the ``rng_pick``-th legal one, wrapped); false
    at the end."""
    for _ in range(50):
        for c in clients:
            c.drain()
        if all(c.state["terminal"] for c in clients):
            return False
        actor = next((c for c in clients if c.state["legal"]), None)
        if actor is None:
            top = max(c.state["version"] for c in clients)
            for c in clients:
                c.sync(top)
            continue
        legal = actor.state["legal"]
        try:
            ack = actor.act(legal[rng_pick % len(legal)]["action"])
        except ServerError as refused:
            assert refused.code == "stale_version"
            continue
        for c in clients:
            c.sync(ack["version"])
        return True
    raise AssertionError("nobody could act")


@pytest.mark.parametrize("rules", [*PRESETS, *WHOLE])
def test_no_output_shows_a_card_its_reader_may_not_know(
    live: Running, rules: str, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    game = load_game(rules)
    n = game.info.num_players
    whole = rules in WHOLE
    seats = [{"name": f"P{i}"} for i in range(n)]
    made = create_table(live.url, rules=game.rules.to_text(), seats=seats)
    room = live.app.state.rooms.get(made["id"])
    tokens = [s["token"] for s in made["seats"]]
    base = f"/api/tables/{made['id']}"
    persons = [Client(live.url, made["id"], t, ui=i % 2 == 0) for i, t in enumerate(tokens)]
    watcher = Client(live.url, made["id"], made["spectator_token"], ui=True)
    rest: list[tuple[int, int, Any]] = []  # (version, reader, what it was sent)
    try:
        for k in range(10_000 if whole else ACTIONS):
            version = room.table.version
            for p, token in enumerate(tokens):
                status, doc = request(live.url, "POST", f"{base}/record", {"token": token})
                assert status == 200
                rest.append((version, p, doc))
                if version % 5 == 0:  # the page is the same sheet; every 5th is plenty
                    page = {"token": token, "format": "html", "lang": ("sv", "en")[p % 2]}
                    html = live_post_bytes(live, f"{base}/protokoll", page).decode()
                    rest.append((version, p, html))
            if not step(persons, k * 7 + 3):
                break
        watcher.sync(room.table.version)
        version = room.table.version
        for p, token in enumerate(tokens):
            body = {"token": token, "format": "pdf", "lang": "sv"}
            pdf = live_post_bytes(live, f"{base}/protokoll", body)
            rest.append((version, p, pdf_text(pdf, tmp_path)))
        if whole:
            assert room.table.is_terminal()
            status, doc = request(
                live.url, "POST", f"{base}/record", {"token": made["spectator_token"]}
            )
            assert status == 200
            rest.append((version, n, doc))
            for p, token in enumerate([*tokens, made["spectator_token"]]):
                body = {"token": token, "lang": "sv"}
                page = live_post_bytes(live, f"{base}/analysis", body).decode()
                rest.append((version, p, ("analysis", page)))
    finally:
        for c in [*persons, watcher]:
            c.close()
    known = Knowledge(
        game.rules.to_text(), room.table.state.history(), room.table.state.first_dealer, n
    )
    assert len(known.now) == room.table.version + 1
    checked = sum(check_messages(c, p, known.now) for p, c in enumerate(persons))
    checked += check_messages(watcher, n, known.now)
    for version, reader, sent in rest:
        if isinstance(sent, dict):  # a record: deal by deal
            checked += known.check_record(version, reader, sent, n)
            continue
        if isinstance(sent, tuple):  # the analysis: each move in its deal
            checked += known.check_analysis(version, reader, sent[1], n)
            continue
        # a sheet or a page speaks of the whole game so far
        leaked = cards_in(sent) - known.ever[version][reader]
        assert not leaked, (
            f"reader {reader} at version {version} was sent {leaked}: {str(sent)[:300]}"
        )
        checked += len(cards_in(sent))
    for record in caplog.records:
        assert record.levelno < logging.ERROR, record.getMessage()
        assert not cards_in(record.getMessage()), record.getMessage()
        assert not cards_in(str(record.__dict__.get("extra", ""))), record.__dict__
    assert checked > 1000, checked
    print(f"{rules}: {room.table.version} versions, {len(rest)} REST outputs, {checked} cards")


def live_post_bytes(live: Running, path: str, body: dict[str, Any]) -> bytes:
    import httpx

    answer = httpx.post(live.url + path, json=body, timeout=120)
    assert answer.status_code == 200, answer.text[:200]
    return answer.content


def test_pdftotext_is_here() -> None:
    assert shutil.which("pdftotext"), "poppler-utils: the PDF outputs are read with pdftotext"

"""``stickspel protokoll``: keep score of games played with real cards; print sheets.

The scorekeeper file is a ``stickspel/1`` record without cards (see
:mod:`stickspel.protokoll.scorekeeper`), so a session can be closed and
resumed, and ``stickspel replay`` reads it.  Commands::

    stickspel protokoll new plump --players Anna,Björn,Cissi --file kväll.json
    stickspel protokoll session --file kväll.json          # one interactive evening
    stickspel protokoll add --file kväll.json --bids 3,2,4 --tricks +,-,4
    stickspel protokoll edit --file kväll.json --row 2 --bids 1,1,0 --tricks 1,0,+
    stickspel protokoll undo --file kväll.json
    stickspel protokoll show --file kväll.json [--html kväll.html]
    stickspel protokoll pdf --file kväll.json --out kväll.pdf
    stickspel protokoll pdf --blank --game plump --players 5 --out tomt.pdf

Swedish by default, English with ``--lang en``.
"""

from __future__ import annotations

import contextlib
import functools
import json
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

import typer

from stickspel.core import RulesError, StickspelError, error_text
from stickspel.games import game_spec
from stickspel.i18n import render, texts
from stickspel.protokoll import build_sheet
from stickspel.protokoll.entry import blank_sheet_for, correct_row
from stickspel.protokoll.entry import build_deal as _build_deal
from stickspel.protokoll.entry import person_index as _person
from stickspel.protokoll.entry import rules_texts as _rules_texts
from stickspel.protokoll.scorekeeper import (
    ScorekeeperError,
    Session,
    StaleFileError,
    parse_count,
    validate_protokoll,
)
from stickspel.protokoll.sheetrules import sheet_rules
from stickspel.records import RecordError, load_record
from stickspel.records.io import atomic_write, check_output_path, locked
from stickspel.safetext import plain

__all__ = ["protokoll_app", "TEXTS"]

protokoll_app = typer.Typer(
    help="Protokoll: keep score of games played with real cards; print score sheets (PDF).",
    no_args_is_help=True,
)

TEXTS = texts("cli.protokoll")  # the catalogues' cli.protokoll.* messages, by language

_FILE = typer.Option(..., "--file", "-f", help="The scorekeeper file (a stickspel/1 record).")
_LANG = typer.Option("sv", "--lang", help="Language: sv or en.")


def _t(lang: str, key: str, **kw: Any) -> str:
    return render(f"cli.protokoll.{key}", kw, lang)  # plural forms from the catalogue


def _lang(lang: str) -> str:
    if lang not in TEXTS:
        _die("sv", render("scorekeeper.cli.bad_lang", {"lang": lang}, "sv"))
    return lang


def _die(lang: str, message: str, code: int = 2) -> None:
    text = plain(message, 2000)  # one line, nothing a terminal would obey
    print(f"{TEXTS.get(lang, TEXTS['sv'])['error']}: {text}", file=sys.stderr)
    raise typer.Exit(code)


F = Callable[..., Any]
T = TypeVar("T")


def _guarded(fn: F) -> F:
    """Run a command so that no error ends in a traceback: the errors the command
    expects are reported where they happen; anything else still becomes one line
    and exit code 1 (and the file is untouched: every write is atomic)."""

    @functools.wraps(fn)
    def run(*args: Any, **kwargs: Any) -> Any:
        lang = kwargs.get("lang") if kwargs.get("lang") in TEXTS else "sv"
        try:
            return fn(*args, **kwargs)
        except (typer.Exit, typer.Abort, KeyboardInterrupt, SystemExit):
            raise
        except OSError as e:  # a full disk, a lock held too long, no permission …
            _die(str(lang), error_text(e, str(lang)), 1)
        except Exception as e:
            _die(str(lang), f"{type(e).__name__}: {error_text(e, str(lang))}", 1)

    return run


def _console() -> Any:
    from rich.console import Console

    return Console(highlight=False)


def _print_sheet(session: Session, lang: str) -> None:
    from stickspel.protokoll.terminal import render_sheet

    console = _console()
    for table in render_sheet(build_sheet(session.doc, lang)):
        console.print(table)


def _print_next(session: Session, lang: str) -> None:
    nxt = session.next_deal()
    if nxt is None:
        print(_t(lang, "over"))
        totals = session.totals()
        winners = session.state.winners()
        if winners:
            names = ", ".join(session.players[s] for s in winners)  # winners are persons
            print(_t(lang, "winner", names=names, score=max(totals)))
        return
    cards = _t(lang, "cards", n=nxt.cards) if nxt.cards else ""
    print(
        _t(
            lang,
            "next",
            row=nxt.row,
            dealer=session.seat_name(nxt.dealer),
            cards=cards,
            first=session.seat_name(nxt.order[0]),
        )
    )
    partners = _partners(session)
    if partners is not None:
        (a, b), (c, d) = ((session.seat_name(s) for s in pair) for pair in partners)
        print(_t(lang, "seating", a=a, b=b, c=c, d=d))


def _partners(session: Session) -> tuple[tuple[int, int], tuple[int, int]] | None:
    """The pairs that play together (told before each deal), if the game has pairs."""
    try:
        return sheet_rules(session.spec).partners
    except ScorekeeperError:  # a game whose rows are not kept here: no pairs told
        return None


def _at_row(session: Session, row: int, error: Exception, lang: str = "en") -> str:
    """An error message in ``lang`` that says which row it is about."""
    english = str(error)
    text = error_text(error, lang)
    if english.startswith("row ") or "no row" in english:
        return text
    return f"{session.describe(row, lang=lang)}: {text}"


def _load(path: Path, lang: str) -> Session:
    """The session kept in ``path``, checked whole; or a one-line error and exit 1."""
    try:
        return Session.load(path)
    except OSError as e:
        _die(lang, error_text(e, lang), 1)
    except (RecordError, ScorekeeperError, RulesError) as e:
        _die(lang, _about(path, error_text(e, lang)), 1)
    raise AssertionError("unreachable")


def _about(path: Path, message: str) -> str:
    """``message`` about the file ``path``, named once."""
    return message if message.startswith(str(path)) else f"{path}: {message}"


def _load_any(path: Path, lang: str) -> dict[str, Any]:
    """Any record for a sheet: a protokoll checked whole like :func:`_load`, a record
    played with cards replayed through the rules."""
    from stickspel.records import replay

    try:
        doc = load_record(path)
        deals = doc.get("deals")
        played = isinstance(deals, list) and any(
            isinstance(d, dict) and ("hands" in d or "tricks" in d) for d in deals
        )
        if played:
            replay(doc)
        else:
            validate_protokoll(doc, path)
        return doc
    except OSError as e:
        _die(lang, error_text(e, lang), 1)
    except (RecordError, ScorekeeperError, RulesError) as e:
        _die(lang, _about(path, error_text(e, lang)), 1)
    except (TypeError, ValueError, KeyError, IndexError, AttributeError) as e:
        detail = f"{type(e).__name__}: {e}"
        _die(
            lang, _about(path, render("scorekeeper.cli.not_a_record", {"detail": detail}, lang)), 1
        )
    raise AssertionError("unreachable")


def _output(path: Path, lang: str) -> Path:
    try:
        return check_output_path(path)
    except (StickspelError, OSError) as e:
        _die(lang, error_text(e, lang), 1)
    raise AssertionError("unreachable")


@contextlib.contextmanager
def _file_lock(path: Path, lang: str) -> Iterator[None]:
    """Hold ``path``'s lock across a read-modify-write; waiting too long is one line."""
    try:
        with locked(path):
            yield
    except OSError as e:  # FileBusyError, or no permission to create the lock
        _die(lang, error_text(e, lang), 1)


# --- commands -------------------------------------------------------------------------------


@protokoll_app.command("new")
@_guarded
def new_command(
    game: str = typer.Argument(..., help="plump, priffe or tremanswhist."),
    players: str = typer.Option(..., "--players", help="Names in seat order: Anna,Björn,Cissi."),
    file: Path = _FILE,
    option: list[str] = typer.Option([], "-o", "--option", help="A rules option: name=value."),  # noqa: B006, B008
    preset: str | None = typer.Option(None, "--preset", help="A named preset of rules."),
    first_dealer: str | None = typer.Option(None, "--first-dealer", help="Who deals first."),
    force: bool = typer.Option(False, "--force", help="Overwrite an existing file."),
    lang: str = _LANG,
) -> None:
    """Start a protokoll for a game played with real cards."""
    lang = _lang(lang)
    names = [p.strip() for p in players.split(",")]
    _output(file, lang)
    if file.exists() and not force:
        _die(lang, _t(lang, "exists", path=file))
    try:
        spec = game_spec(game)
        texts = _rules_texts(option)
        if "players" in spec.rules.option_names():
            texts.setdefault("players", str(len(names)))
        rules = spec.rules.from_strings(texts, preset)
        fd = 0
        if first_dealer is not None:
            lower = [n.lower() for n in names]
            want = first_dealer.strip().lower()
            if want in lower:
                fd = lower.index(want)
            elif (k := parse_count(want)) is not None and k < len(names):
                fd = k
            else:
                raise ScorekeeperError(
                    "scorekeeper.cli.first_dealer", text=first_dealer, names=", ".join(names)
                )
        session = Session.new(spec.name, names, rules, first_dealer=fd)
        with locked(file):
            if file.exists() and not force:  # another window made it meanwhile
                _die(lang, _t(lang, "exists", path=file))
            session.save(file)
    except OSError as e:
        _die(lang, error_text(e, lang), 1)
    except (RulesError, ScorekeeperError, ValueError) as e:
        _die(lang, error_text(e, lang))
    print(_t(lang, "created", game=spec.name, path=file, players=", ".join(names)))
    _print_next(session, lang)


@protokoll_app.command("add")
@_guarded
def add_command(
    file: Path = _FILE,
    bids: str | None = typer.Option(
        None, "--bids", help="Plump: bids in player order (3,2,4) or Anna=3,…"
    ),
    tricks: str | None = typer.Option(
        None,
        "--tricks",
        help="Tricks per player; Plump also + / - (made / missed). Priffe: per side (7,6) or the declarers'.",
    ),
    trump: str | None = typer.Option(
        None, "--trump", help="Plump: the trump suit turned up (C, D, H, S)."
    ),
    calls: str | None = typer.Option(
        None, "--calls", help="Priffe: calls in order from förhand (pass,hjärter,pass,pass)."
    ),
    honours: str | None = typer.Option(
        None, "--honours", help="Priffe: who held honours: 'Anna 3+1' (4, 3+1 or 3)."
    ),
    contract: str | None = typer.Option(
        None, "--contract", help="Priffe, instead of --calls: the contract (or tvångsnoll)."
    ),
    by: str | None = typer.Option(None, "--by", help="Priffe, with --contract: who bid it."),
    upcard: str | None = typer.Option(
        None, "--upcard", help="Tremanswhist: the upcard (QH) or its band (plus, plus:H, minus)."
    ),
    exchange: str | None = typer.Option(
        None, "--exchange", help="Tremanswhist: who took the fourth pile (a name or none)."
    ),
    bought: str | None = typer.Option(
        None, "--bought", help="Tremanswhist buying: cards bought, in order from förhand."
    ),
    deal_json: str | None = typer.Option(
        None, "--deal-json", help="The deal as record JSON (any game)."
    ),
    lang: str = _LANG,
) -> None:
    """Enter the next deal."""
    lang = _lang(lang)
    with _file_lock(file, lang):  # read, check, add and save as one step
        session = _load(file, lang)
        try:
            deal = _build_deal(
                session, row=None, bids=bids, tricks=tricks, trump=trump, calls=calls,
                honours=honours, upcard=upcard, exchange=exchange, bought=bought,
                deal_json=deal_json, contract=contract, by=by,
            )  # fmt: skip
            session.add(deal)
        except (ScorekeeperError, ValueError) as e:
            _die(lang, _at_row(session, len(session.entries) + 1, e, lang), 1)
    _print_sheet(session, lang)
    print(_t(lang, "added", row=len(session.entries)))
    _print_next(session, lang)


_KEEP = " Not given: the row's value is kept."


@protokoll_app.command("edit")
@_guarded
def edit_command(
    file: Path = _FILE,
    row: int = typer.Option(..., "--row", help="The row (deal number, from 1) to correct."),
    bids: str | None = typer.Option(
        None, "--bids", help="Plump: bids in player order (3,2,4) or Anna=3,…" + _KEEP
    ),
    tricks: str | None = typer.Option(
        None,
        "--tricks",
        help="Tricks per player; Plump also + / - (made / missed). Priffe: per side (7,6) or "
        "the declarers'." + _KEEP,
    ),
    trump: str | None = typer.Option(
        None, "--trump", help="Plump: the trump suit (C, D, H, S or none)." + _KEEP
    ),
    calls: str | None = typer.Option(
        None,
        "--calls",
        help="Priffe: calls in order from förhand (pass,hjärter,pass,pass)." + _KEEP,
    ),
    honours: str | None = typer.Option(
        None, "--honours", help="Priffe: who held honours: 'Anna 3+1' (4, 3+1, 3 or none)." + _KEEP
    ),
    contract: str | None = typer.Option(
        None, "--contract", help="Priffe, instead of --calls: the contract (or tvångsnoll)."
    ),
    by: str | None = typer.Option(None, "--by", help="Priffe, with --contract: who bid it."),
    upcard: str | None = typer.Option(
        None,
        "--upcard",
        help="Tremanswhist: the upcard (QH) or its band (plus, plus:H, minus)." + _KEEP,
    ),
    exchange: str | None = typer.Option(
        None, "--exchange", help="Tremanswhist: who took the fourth pile (a name or none)." + _KEEP
    ),
    bought: str | None = typer.Option(
        None, "--bought", help="Tremanswhist buying: cards bought, in order from förhand." + _KEEP
    ),
    deal_json: str | None = typer.Option(
        None, "--deal-json", help="The whole row as record JSON (any game): replaces it."
    ),
    lang: str = _LANG,
) -> None:
    """Correct an earlier row: give only what was wrong, the rest of the row is kept;
    every later figure is recomputed."""
    lang = _lang(lang)
    with _file_lock(file, lang):
        session = _load(file, lang)
        try:
            if not 1 <= row <= len(session.entries):
                raise ScorekeeperError("scorekeeper.no_row", row=row, rows=len(session.entries))
            given = {"bids": bids, "tricks": tricks, "trump": trump, "calls": calls,
                     "honours": honours, "upcard": upcard, "exchange": exchange,
                     "bought": bought, "contract": contract, "by": by}  # fmt: skip
            correct_row(session, row, given, deal_json=deal_json)
        except (ScorekeeperError, ValueError) as e:
            _die(lang, _at_row(session, row, e, lang), 1)
    _print_sheet(session, lang)
    print(_t(lang, "edited", row=row))
    _print_next(session, lang)


@protokoll_app.command("undo")
@_guarded
def undo_command(
    file: Path = _FILE,
    rows: int = typer.Option(1, "--rows", help="How many of the last rows to remove."),
    lang: str = _LANG,
) -> None:
    """Remove the last row(s)."""
    lang = _lang(lang)
    with _file_lock(file, lang):
        session = _load(file, lang)
        try:
            session.undo(rows)
        except ScorekeeperError as e:
            _die(lang, error_text(e, lang), 1)
    _print_sheet(session, lang)
    print(_t(lang, "undone", n=rows))
    _print_next(session, lang)


@protokoll_app.command("next")
@_guarded
def next_command(
    file: Path = _FILE,
    bids: str | None = typer.Option(
        None,
        "--bids",
        help="Plump: the bids made so far, Björn=3,Cissi=2: checked, and the dealer told what not to bid.",
    ),
    lang: str = _LANG,
) -> None:
    """Who deals next and how many cards; with --bids, what the dealer may not bid."""
    lang = _lang(lang)
    session = _load(file, lang)
    _print_next(session, lang)
    nxt = session.next_deal()
    if bids is None or nxt is None:
        return
    try:
        rules = sheet_rules(session.spec)
        if "bids" not in rules.fields:
            raise ScorekeeperError("scorekeeper.cli.bids_plump")
        made = [""] * len(session.players)
        for part in (p.strip() for p in bids.split(",") if p.strip()):
            name, sep, value = part.partition("=")
            if not sep:
                raise ScorekeeperError("scorekeeper.cli.bids_form", part=part)
            made[_person(session, name)] = value
        forbidden = rules.check(session, nxt.row, {"bids": ",".join(made)}).get("forbidden")
    except (ScorekeeperError, ValueError) as e:
        _die(lang, _at_row(session, nxt.row, e, lang), 1)
    if forbidden is not None:
        print(_t(lang, "forbidden", dealer=session.players[nxt.dealer], bid=forbidden))


@protokoll_app.command("show")
@_guarded
def show_command(
    file: Path = _FILE,
    html: Path | None = typer.Option(None, "--html", help="Also write the sheet as an HTML page."),  # noqa: B008
    as_json: bool = typer.Option(False, "--json", help="Print the sheet as JSON."),
    lang: str = _LANG,
) -> None:
    """Show the protokoll, and who deals next."""
    lang = _lang(lang)
    if html is not None:
        _output(html, lang)
    doc = _load_any(file, lang)
    sheet = build_sheet(doc, lang)
    if as_json:
        print(json.dumps(sheet.to_dict(), ensure_ascii=False, indent=1))
        return
    if html is not None:
        from stickspel.protokoll.html import render_page

        atomic_write(html, render_page(sheet).encode("utf-8"))
    from stickspel.protokoll.terminal import render_sheet

    console = _console()
    for table in render_sheet(sheet):
        console.print(table)
    if "hands" not in json.dumps(doc.get("deals", [])[:1]):
        try:
            _print_next(Session(doc, file), lang)
        except (StickspelError, ValueError):
            pass
    if html is not None:
        print(_t(lang, "wrote", path=html))


@protokoll_app.command("pdf")
@_guarded
def pdf_command(
    out: Path = typer.Option(..., "--out", "-O", help="The PDF to write."),  # noqa: B008
    file: Path | None = typer.Option(  # noqa: B008
        None, "--file", "-f", help="A record or scorekeeper file: a filled sheet."
    ),
    blank: bool = typer.Option(
        False, "--blank", help="A blank sheet to print and fill in by hand."
    ),
    game: str = typer.Option("plump", "--game", help="Blank sheet: the game."),
    players: str | None = typer.Option(
        None, "--players", help="Blank sheet: a number (3–7 for Plump) or names."
    ),
    order: str | None = typer.Option(
        None, "--order", help="Blank Plump sheet: deal order: down_up (10→1→10), up_down, down, up."
    ),
    max_cards: int | None = typer.Option(
        None, "--max-cards", help="Blank Plump sheet: the largest deal."
    ),
    option: list[str] = typer.Option(  # noqa: B008
        [], "-o", "--option", help="Blank sheet: a rules option name=value."
    ),  # noqa: B006, B008
    first_dealer: int = typer.Option(
        0, "--first-dealer", help="Blank sheet: the column that deals first (0 = first)."
    ),
    lang: str = _LANG,
) -> None:
    """Write an A4 PDF protokoll: blank (to print) or filled from a record."""
    from stickspel.protokoll.pdf import write_pdf

    lang = _lang(lang)
    _output(out, lang)
    try:
        if blank == (file is not None):
            raise ScorekeeperError("scorekeeper.cli.file_or_blank")
        if file is not None:
            doc = _load_any(file, lang)
            sheet = _filled_sheet(doc, lang)
        else:
            sheet = blank_sheet_for(game, players, order, max_cards, option, first_dealer, lang)
        write_pdf(sheet, out)
    except OSError as e:
        _die(lang, error_text(e, lang), 1)
    except (RecordError, StickspelError, ValueError) as e:
        _die(lang, error_text(e, lang))
    print(_t(lang, "wrote", path=out))


def _filled_sheet(doc: dict[str, Any], lang: str) -> Any:
    """The sheet of a record, with the deals still to come as empty rows (and the open
    row's calls, of a file kept on the web)."""
    pending = (doc.get("scorekeeper") or {}).get("pending")
    if isinstance(pending, dict) and "hands" not in pending:
        doc = {**doc, "deals": [*doc.get("deals", []), pending]}
    return build_sheet(doc, lang, full=True)


# --- the interactive session -------------------------------------------------------------------


class _Command(Exception):
    def __init__(self, kind: str, arg: int | None = None) -> None:
        super().__init__(kind)
        self.kind = kind
        self.arg = arg


_UNDO = {"ångra", "angra", "undo", "u"}
_QUIT = {"sluta", "quit", "q", "exit"}
_SHOW = {"visa", "show", "?"}
_EDIT = ("rätta", "ratta", "edit", "r ", "e ")


class _Answers:
    """How many answers the deal being entered has had (ångra then restarts it)."""

    count = 0


def _ask(text: str, default: str | None = None) -> str:
    """One answer; ``default`` (shown in brackets) is taken on an empty answer:
    ``rätta N`` offers the row's old values so that only what is wrong is retyped."""
    try:
        raw = str(typer.prompt(text, default=default, prompt_suffix=": "))
    except typer.Abort:
        print()  # after ^C (or end of input) the goodbye starts on a line of its own
        raise _Command("quit") from None
    t = raw.strip()
    _Answers.count += 1
    low = t.lower()
    if low in _UNDO:
        _Answers.count -= 1
        raise _Command("undo")
    if low in _QUIT:
        raise _Command("quit")
    if low in _SHOW:
        raise _Command("show")
    for word in _EDIT:
        k = parse_count(low[len(word.strip()) :])
        if low.startswith(word.strip() + " ") and k is not None:
            raise _Command("edit", k)
    return t


class _Terminal:
    """The session's questions and answers at the terminal, in ``lang``: what a game's
    sheet rules ask a row through (:class:`~stickspel.protokoll.sheetrules.Asker`)."""

    def __init__(self, lang: str) -> None:
        self.lang = lang

    def ask(self, prompt: str, default: str | None = None, **params: Any) -> str:
        return _ask(_t(self.lang, prompt, **params), default)

    def say(self, message: str, **params: Any) -> None:
        print(_t(self.lang, message, **params))

    def words(self, message: str, **params: Any) -> str:
        return _t(self.lang, message, **params)

    def retry(self, ask: Callable[[], T]) -> T:
        while True:
            try:
                return ask()
            except (ScorekeeperError, ValueError) as e:
                self.refused(e)

    def refused(self, error: Exception) -> None:
        print(f"{TEXTS[self.lang]['error']}: {error_text(error, self.lang)}")


@protokoll_app.command("session")
@_guarded
def session_command(file: Path = _FILE, lang: str = _LANG) -> None:
    """Keep the protokoll of an evening interactively: deal by deal, saved after each row."""
    lang = _lang(lang)
    session = _load(file, lang)
    try:
        rules = sheet_rules(session.spec)
    except ScorekeeperError:
        _die(lang, render("scorekeeper.cli.no_session", {"game": session.game}, lang))
        return
    terminal = _Terminal(lang)
    print(_t(lang, "session_help"))
    _print_sheet(session, lang)
    edit_row: int | None = None
    while True:
        _Answers.count = 0
        try:
            if edit_row is not None:
                print(_t(lang, "edit_row", row=edit_row))
                rules.ask_row(session, edit_row, terminal)
                print(_t(lang, "edited", row=edit_row))
                edit_row = None
                _print_sheet(session, lang)
                continue
            _print_next(session, lang)
            if session.finished:
                _ask(_t(lang, "after_end"))  # ångra / rätta N still work after the last deal
                continue
            rules.ask_row(session, len(session.entries) + 1, terminal)
            _print_sheet(session, lang)
            print(_t(lang, "added", row=len(session.entries)))
        except StaleFileError as e:
            # another window saved the file: this entry was not saved; go on from the file
            print(f"{TEXTS[lang]['error']}: {error_text(e, lang)}")
            edit_row = None
            _print_sheet(session, lang)
        except _Command as c:
            if c.kind == "quit":
                break
            edit_row = _command(session, c, edit_row, lang)
    try:
        session.save()
    except StaleFileError as e:  # the file holds the other window's rows, all saved
        print(f"{TEXTS[lang]['error']}: {error_text(e, lang)}")
    from stickspel.cli.common import program_command

    print(_t(lang, "bye", path=file, program=program_command()))


def _command(session: Session, c: _Command, edit_row: int | None, lang: str) -> int | None:
    """Do what a command typed at a prompt asks (show, undo, edit N); the row to
    correct next (``None``: the next deal)."""
    if c.kind == "show":
        _print_sheet(session, lang)
    elif c.kind == "undo":
        if _Answers.count > 0 or edit_row is not None:
            print(_t(lang, "restart"))  # ångra mid-deal: start this deal's entry again
        elif session.entries:
            session.undo(1)
            print(_t(lang, "undone", n=1))
            _print_sheet(session, lang)
    elif c.kind == "edit" and c.arg is not None:
        if 1 <= c.arg <= len(session.entries):
            return c.arg
        no_row = render("scorekeeper.cli.no_row", {"row": c.arg}, lang)
        print(f"{TEXTS[lang]['error']}: {no_row}")
    return edit_row

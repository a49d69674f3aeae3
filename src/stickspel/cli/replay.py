"""``stickspel replay``: check a record against the rules and show it."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from stickspel.cli.common import (
    announce_end,
    check_lang,
    cli_text,
    fail,
    new_console,
    show_sheet,
)
from stickspel.core import (
    RulesError,
    error_text,
)

if TYPE_CHECKING:
    from stickspel.records import RecordError, Replay


def replay_command(
    file: Path = typer.Argument(..., help="A stickspel/1 record (JSON)."),  # noqa: B008
    as_json: bool = typer.Option(False, "--json", help="Print the summary or error as JSON."),
    lang: str = typer.Option("sv", "--lang", help="Language: sv or en."),
) -> None:
    """Check a record by replaying it through the rules; print its protokoll and result."""
    lang = check_lang(lang)
    rep = _replay_file(file, as_json, lang)
    if as_json:
        print(json.dumps(rep.summary(), ensure_ascii=False, indent=1))
        return
    _print_replay(rep, lang)


def _replay_file(file: Path, as_json: bool, lang: str) -> Replay:
    """The replay of ``file``; an unreadable or invalid record fails with status 1."""
    from stickspel.records import RecordError, load_record, replay
    from stickspel.safetext import plain

    doc: dict[str, Any] | None = None
    try:
        doc = load_record(file)
        return replay(doc)
    except OSError as e:
        raise fail(lang, str(e), 1) from None
    except (RecordError, RulesError) as e:
        _report_invalid(file, as_json, lang, e, _names_at(doc, getattr(e, "deal", None)))
        raise typer.Exit(1) from None
    except (TypeError, ValueError, KeyError, IndexError, AttributeError, OverflowError) as e:
        # a value of the wrong kind that the checks let through: still one line
        raise fail(
            lang, plain(f"{file}: not a valid record ({type(e).__name__}: {e})", 500), 1
        ) from None


def _invalid_error(e: RecordError | RulesError) -> dict[str, Any]:
    """What is wrong with a record, as ``--json`` reports it."""
    from stickspel.records import RecordError

    if isinstance(e, RecordError):
        return e.to_dict()
    return {
        "rule": "variant",
        "deal": None,
        "trick": None,
        "seat": None,
        "message": str(e),
        "message_sv": error_text(e, "sv"),
    }


def _names_at(doc: dict[str, Any] | None, deal: int | None) -> list[str] | None:
    """The players' names by seat in deal ``deal`` (1-based) of a record, where known:
    a person reads a replay error by who it is about, not by a seat number."""
    from stickspel.safetext import plain

    players = doc.get("players") if isinstance(doc, dict) else None
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        return None
    deals = doc.get("deals") if isinstance(doc, dict) else None
    seating = list(range(len(players)))
    if isinstance(deals, list) and deal is not None and 1 <= deal <= len(deals):
        given = deals[deal - 1].get("seating") if isinstance(deals[deal - 1], dict) else None
        # a hostile record may hold anything there: only a permutation of the seats counts
        if isinstance(given, list) and all(type(p) is int for p in given):
            ints = [int(p) for p in given]
            if sorted(ints) == seating:
                seating = ints
    return [plain(players[p], 40) for p in seating]


def _report_invalid(
    file: Path,
    as_json: bool,
    lang: str,
    e: RecordError | RulesError,
    names: list[str] | None = None,
) -> None:
    """Say why ``file`` is not a valid record: JSON on stdout, or one line on stderr
    (naming the players where the record names them)."""
    from stickspel.core import StickspelError
    from stickspel.records.io import RecordFileError
    from stickspel.safetext import plain

    err = _invalid_error(e)
    if as_json:
        print(json.dumps({"valid": False, "error": err}, ensure_ascii=False, indent=1))
        return
    message = err["message_sv"] if lang == "sv" else err["message"]
    seat = err["seat"]
    if names is not None and isinstance(seat, int) and 0 <= seat < len(names):
        cause = getattr(e, "cause", None)
        if isinstance(cause, StickspelError):
            message = error_text(cause, lang, names)
        elif hasattr(e, "detail_text"):
            message = e.detail_text(lang, names)
    where = [
        cli_text(lang, f"where_{k}", n=err[k]) for k in ("deal", "trick") if err[k] is not None
    ]
    if isinstance(seat, int):
        named = names is not None and 0 <= seat < len(names)
        where.append(names[seat] if named and names else cli_text(lang, "where_seat", n=seat + 1))
    print(
        plain(  # one line; what the file says is shown, not obeyed
            cli_text(
                lang,
                "invalid",
                where=(", ".join(where) + ": ") if where else "",
                message=message,
                rule=err["rule"],
            )
            + ("" if isinstance(e, RecordFileError) else f" — {file}"),  # the file named
            2000,
        ),
        file=sys.stderr,
    )


def _print_replay(rep: Replay, lang: str) -> None:
    """The replayed record's protokoll, warnings, result and totals."""
    from stickspel.safetext import plain

    console = new_console()
    show_sheet(console, rep.state, rep.players, lang)
    shown = [plain(p, 40) for p in rep.players]  # names from the file: text, not markup
    for w in rep.warnings:
        console.print(cli_text(lang, "warning", text=plain(w, 500)), style="yellow")
    if rep.finished:
        console.print(cli_text(lang, "valid"), style="bold")
        announce_end(console, rep.state, shown, lang)
    else:
        console.print(
            cli_text(lang, "unfinished", deals=len(rep.state.deal_records)), style="yellow"
        )
    totals = [int(x) if float(x).is_integer() else x for x in rep.state.returns()]
    console.print(
        cli_text(
            lang,
            "totals",
            totals=", ".join(f"{p} {t}" for p, t in zip(shown, totals, strict=True)),
        )
    )

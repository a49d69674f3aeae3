"""``stickspel serve``: tables for browsers (:mod:`stickspel.server`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Optional

import typer

from stickspel.cli.common import (
    check_lang,
    cli_text,
    fail,
)

if TYPE_CHECKING:
    pass


def serve_command(
    host: str = typer.Option("127.0.0.1", "--host", help="Address to listen on."),
    port: int = typer.Option(8000, "--port", help="Port to listen on."),
    database: Optional[str] = typer.Option(  # noqa: UP045
        None,
        "--database",
        help="postgresql://user:password@host/db or sqlite:///path (default: "
        "$STICKSPEL_DATABASE, else stickspel-data/stickspel.sqlite3 in $STICKSPEL_DATA).",
    ),
    bot_delay: float = typer.Option(
        0.8, "--bot-delay", help="Seconds between two bot moves (0: at once)."
    ),
    trick_pause: float = typer.Option(
        1.2,
        "--trick-pause",
        help="Seconds a finished trick stays in view, its winner marked, before play goes on.",
    ),
    deal_pause: float = typer.Option(
        5.0,
        "--deal-pause",
        help="Seconds a finished deal's summary stays in view before the next deal, less once "
        "everyone has closed it (0: no summary).",
    ),
    lang: str = typer.Option(
        "sv", "--lang", help="Language of errors and of the line that says where to open: sv or en."
    ),
    allow_origin: Optional[list[str]] = typer.Option(  # noqa: UP045, B008
        None,
        "--allow-origin",
        help="A site (https://host[:port]) whose pages may also open the websocket "
        "(repeatable; also $STICKSPEL_ALLOWED_ORIGINS).",
    ),
) -> None:
    """Serve tables to browsers: lobby, table pages, websocket play (stickspel.server)."""
    from stickspel.safetext import plain
    from stickspel.server.run import serve
    from stickspel.server.store import StoreError
    from stickspel.server.wsguard import OriginError

    lang = check_lang(lang)
    try:
        serve(host, port, database, bot_delay, allow_origin or (), trick_pause, lang, deal_pause)
    except StoreError as e:
        raise fail(lang, plain(e.text(lang), 500), 1) from None  # one line, no traceback
    except OriginError as e:  # an --allow-origin that is no origin
        raise fail(lang, plain(cli_text(lang, "bad_origin", origin=str(e)), 500), 2) from None

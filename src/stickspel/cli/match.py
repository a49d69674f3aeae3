"""``stickspel match GAME``: a duplicate match between bots (:mod:`stickspel.match`)
with a progress bar, a table per bot and the paired differences."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Optional

import typer

from stickspel.cli.common import (
    build_rules,
    check_lang,
    cli_text,
    fail,
    new_console,
    option_param,
    register_per_game,
    split_kwargs,
    think_ms_param,
)
from stickspel.cli.progress import Progress
from stickspel.core import RulesError, error_text
from stickspel.i18n import game_title

__all__ = ["match_app"]

match_app = typer.Typer(
    help="Duplicate matches between bots: the same deals, the bots rotated round the seats.",
    no_args_is_help=True,
)


def _match_params() -> list[Any]:
    return [
        option_param(
            "bots",
            str,
            typer.Option(
                "expert,heuristic",
                "--bots",
                help="Bot kinds round the table, repeated to fill the seats, e.g. "
                "expert,intermediate,heuristic,beginner.",
            ),
        ),
        option_param(
            "deals", int, typer.Option(100, "--deals", min=0, help="Boards (deals) to play.")
        ),
        option_param("seed", int, typer.Option(0, "--seed", help="Seed of the match.")),
        option_param(
            "jobs", int, typer.Option(1, "--jobs", min=1, help="Processes to play boards in.")
        ),
        think_ms_param(),
        option_param(
            "records",
            Optional[Path],  # noqa: UP045
            typer.Option(
                None, "--records", help="Write every play of every board here as a record."
            ),
        ),
        option_param(
            "json", bool, typer.Option(False, "--json", help="Print the summary as JSON.")
        ),
    ]


def _match(game: str, **kwargs: Any) -> None:
    from stickspel.match import run_match
    from stickspel.records.io import check_output_path

    common, variant = split_kwargs(kwargs)
    lang = check_lang(common["lang"])
    _, rules = build_rules(game, lang, common, variant)
    kinds = [k.strip() for k in common["bots"].split(",") if k.strip()]
    try:
        if common["records"] is not None:
            check_output_path(common["records"], directory=True)
        with Progress(cli_text(lang, "match_progress"), common["json"], common["deals"]) as bar:
            summary = run_match(
                game, rules, kinds, common["deals"], common["seed"], jobs=common["jobs"],
                think_ms=common["think_ms"], record_dir=common["records"],
                on_board=bar.advance,
            )  # fmt: skip
    except (RulesError, ValueError) as e:
        raise fail(lang, error_text(e, lang)) from None
    except OSError as e:
        raise fail(lang, error_text(e, lang), 1) from None
    data = summary.to_dict()
    if common["json"]:
        print(json.dumps(data, ensure_ascii=False, indent=1))
        return
    _print_match(lang, data)


def _print_match(lang: str, data: dict[str, Any]) -> None:
    from rich.table import Table

    table = Table(
        title=cli_text(
            lang,
            "match_title",
            deals=data["deals"],
            plays=data["plays"],
            rules=data["rules"],
            seconds=data["seconds"],
        )  # fmt: skip
    )
    for col in ("bot", "match_mean", "match_ci", "match_made", "match_ms", "match_median_ms"):
        table.add_column(cli_text(lang, col), justify="left" if col == "bot" else "right")
    for kind, row in data["by_bot"].items():
        made = row["made_rate"]
        table.add_row(
            kind,
            f"{row['mean']:.2f}",
            f"± {row['ci95']:.2f}",
            "–" if made is None else f"{100 * made:.1f}%",
            "–" if row["ms_per_move"] is None else f"{row['ms_per_move']:.1f}",
            "–" if row["median_ms_per_move"] is None else f"{row['median_ms_per_move']:.1f}",
        )
    console = new_console()
    console.print(table)
    for pair, d in data["differences"].items():
        console.print(cli_text(lang, "match_difference", pair=pair, mean=d["mean"], ci=d["ci95"]))
    if data["record_dir"]:
        console.print(cli_text(lang, "records_in", dir=data["record_dir"]), soft_wrap=True)


register_per_game(
    match_app,
    _match,
    _match_params,
    lambda spec: f"A duplicate match of {game_title(spec.name)} between bots.",
)

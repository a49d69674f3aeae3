"""``stickspel match GAME``: a duplicate match between bots (:mod:`stickspel.match`)
with a progress bar, a table per bot and the paired differences."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Optional

import typer

from stickspel.cli.app import (
    _build_rules,
    _check_lang,
    _console,
    _fail,
    _msg,
    _param,
    _split_kwargs,
    _think_ms_param,
    register_per_game,
)
from stickspel.cli.progress import Progress
from stickspel.core import RulesError, error_text

__all__ = ["match_app"]

match_app = typer.Typer(
    help="Duplicate matches between bots: the same deals, the bots rotated round the seats.",
    no_args_is_help=True,
)


def _match_params() -> list[Any]:
    return [
        _param(
            "bots",
            str,
            typer.Option(
                "expert,heuristic",
                "--bots",
                help="Bot kinds round the table, repeated to fill the seats, e.g. "
                "expert,intermediate,heuristic,beginner.",
            ),
        ),
        _param("deals", int, typer.Option(100, "--deals", min=0, help="Boards (deals) to play.")),
        _param("seed", int, typer.Option(0, "--seed", help="Seed of the match.")),
        _param("jobs", int, typer.Option(1, "--jobs", min=1, help="Processes to play boards in.")),
        _think_ms_param(),
        _param(
            "records",
            Optional[Path],  # noqa: UP045
            typer.Option(
                None, "--records", help="Write every play of every board here as a record."
            ),
        ),
        _param("json", bool, typer.Option(False, "--json", help="Print the summary as JSON.")),
    ]


def _match(game: str, **kwargs: Any) -> None:
    from stickspel.match import run_match
    from stickspel.records.io import check_output_path

    common, variant = _split_kwargs(kwargs)
    lang = _check_lang(common["lang"])
    _, rules = _build_rules(game, lang, common, variant)
    kinds = [k.strip() for k in common["bots"].split(",") if k.strip()]
    try:
        if common["records"] is not None:
            check_output_path(common["records"], directory=True)
        with Progress(_msg(lang, "match_progress"), common["json"], common["deals"]) as bar:
            summary = run_match(
                game, rules, kinds, common["deals"], common["seed"], jobs=common["jobs"],
                think_ms=common["think_ms"], record_dir=common["records"],
                on_board=bar.advance,
            )  # fmt: skip
    except (RulesError, ValueError) as e:
        raise _fail(lang, error_text(e, lang)) from None
    except OSError as e:
        raise _fail(lang, error_text(e, lang), 1) from None
    data = summary.to_dict()
    if common["json"]:
        print(json.dumps(data, ensure_ascii=False, indent=1))
        return
    _print_match(lang, data)


def _print_match(lang: str, data: dict[str, Any]) -> None:
    from rich.table import Table

    table = Table(
        title=_msg(
            lang,
            "match_title",
            deals=data["deals"],
            plays=data["plays"],
            rules=data["rules"],
            seconds=data["seconds"],
        )  # fmt: skip
    )
    for col in ("bot", "match_mean", "match_ci", "match_made", "match_ms", "match_median_ms"):
        table.add_column(_msg(lang, col), justify="left" if col == "bot" else "right")
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
    console = _console()
    console.print(table)
    for pair, d in data["differences"].items():
        console.print(_msg(lang, "match_difference", pair=pair, mean=d["mean"], ci=d["ci95"]))
    if data["record_dir"]:
        console.print(_msg(lang, "records_in", dir=data["record_dir"]), soft_wrap=True)


register_per_game(
    match_app,
    _match,
    _match_params,
    lambda spec: f"A duplicate match of {spec.title_en} between bots.",
)

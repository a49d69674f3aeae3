"""``stickspel tournament CONFIG`` and ``stickspel selfplay GAME``: the research
commands (:mod:`stickspel.tournament`, :mod:`stickspel.selfplay`)."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Annotated, Any, Optional

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
)
from stickspel.cli.progress import Progress
from stickspel.core import RulesError, error_text
from stickspel.i18n import game_title

__all__ = ["tournament_command", "selfplay_app"]


def tournament_command(
    config: Annotated[
        Path, typer.Argument(help="The tournament file (TOML or JSON): see docs/research.md.")
    ],
    out: Annotated[
        Optional[Path],  # noqa: UP045
        typer.Option(
            "--out",
            help="Folder for results.json and report.html (default: CONFIG's name + '-results').",
        ),
    ] = None,
    jobs: Annotated[
        int, typer.Option("--jobs", min=1, help="Local processes to play boards in.")
    ] = 1,
    ray: Annotated[
        Optional[str],  # noqa: UP045
        typer.Option(
            "--ray",
            help="Run the jobs on the Ray cluster at this address ('local' starts one here; "
            "or set RAY_ADDRESS).",
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the results as JSON.")] = False,
    lang: Annotated[str, typer.Option("--lang", help="Language: sv or en.")] = "sv",
) -> None:
    """Bots in a round robin or gauntlet of duplicate boards, rated with intervals."""
    from stickspel.records.io import atomic_write, check_output_path
    from stickspel.reports import report_html
    from stickspel.tournament import LocalExecutor, RayExecutor, TournamentConfig, run_tournament

    lang = check_lang(lang)
    folder = out or config.with_name(config.stem + "-results")
    address = ray or os.environ.get("RAY_ADDRESS")
    try:
        settings = TournamentConfig.load(config)
        check_output_path(folder, directory=True)
        executor = RayExecutor(address) if address else LocalExecutor(jobs)
        try:
            with Progress(cli_text(lang, "match_progress"), as_json) as bar:
                result = run_tournament(settings, executor, on_round=bar.update)
        finally:
            executor.close()
        data = result.to_dict(timing=True)
        folder.mkdir(parents=True, exist_ok=True)
        text = json.dumps(data, ensure_ascii=False, indent=1)
        atomic_write(folder / "results.json", text.encode())
        atomic_write(folder / "report.html", report_html(data, lang).encode())
    except RulesError as e:
        raise fail(lang, error_text(e, lang)) from None
    except OSError as e:
        raise fail(lang, error_text(e, lang), 1) from None
    if as_json:
        print(text)
        return
    _print_tournament(lang, data, folder, result.seconds)


def _print_tournament(lang: str, data: dict[str, Any], folder: Path, seconds: float) -> None:
    from rich.table import Table

    from stickspel.i18n import render
    from stickspel.safetext import plain

    def t(key: str) -> str:
        return render(f"tournament.report.{key}", {}, lang)

    console = new_console()
    ratings = data["ratings"]
    table = Table(title=f"{t('title')}: {data['config']['rules']} ({seconds:.1f} s)")
    for col in ("bot", "Elo", "95%", "mean", "boards"):
        table.add_column(t(col) if col in ("bot", "mean", "boards") else col, justify="right")
    for bot in sorted(ratings, key=lambda b: -ratings[b]["elo"]):
        r, b = ratings[bot], data["by_bot"][bot]
        ci = "" if b["ci95"] is None else f" ± {b['ci95']:.2f}"
        table.add_row(plain(bot), f"{r['elo']:.0f}", f"{r['low']:.0f} … {r['high']:.0f}",
                      f"{b['mean']:.2f}{ci}", str(b["boards"]))  # fmt: skip
    console.print(table)
    for p in data["pairings"]:
        ci = "" if p["ci95"] is None else f" ± {p['ci95']:.2f}"
        console.print(
            f"{plain(p['a'])} − {plain(p['b'])}: {p['difference']:+.2f}{ci} "
            f"({p['wins']}/{p['draws']}/{p['losses']}, {p['boards']} {t('boards')}, "
            f"{t('stopped')} {p['stopped']})"
        )
    folder_text = plain(str(folder))
    console.print(render("tournament.results_in", {"dir": folder_text}, lang), soft_wrap=True)


selfplay_app = typer.Typer(
    help="Self-play data for training: every decision of games between bots, to Parquet.",
    no_args_is_help=True,
)


def _selfplay_params() -> list[Any]:
    return [
        option_param(
            "bots", str, typer.Option("heuristic", "--bots", help="Bot kinds round the table.")
        ),
        option_param("games", int, typer.Option(100, "--games", min=1, help="Games to play.")),
        option_param("seed", int, typer.Option(0, "--seed", help="Seed of the run.")),
        option_param("out", Path, typer.Option(..., "--out", help="The Parquet file to write.")),
    ]


def _selfplay(game: str, **kwargs: Any) -> None:
    from stickspel.core import Game
    from stickspel.games import game_spec
    from stickspel.match import seat_kinds
    from stickspel.records.io import check_output_path
    from stickspel.selfplay import export_selfplay

    common, variant = split_kwargs(kwargs)
    lang = check_lang(common["lang"])
    _, rules = build_rules(game, lang, common, variant)
    kinds = [k.strip() for k in common["bots"].split(",") if k.strip()]
    try:
        from stickspel.bots import make_bot

        played = Game(game_spec(game).state, rules)
        # none given, or an unknown kind: refused before anything is played
        for kind in seat_kinds(kinds, played.info.num_players):
            make_bot(game, kind)
        check_output_path(common["out"])
        rows = export_selfplay(
            played, kinds, games=common["games"], seed=common["seed"], path=common["out"]
        )
    except RulesError as e:
        raise fail(lang, error_text(e, lang)) from None
    except OSError as e:
        raise fail(lang, error_text(e, lang), 1) from None
    from stickspel.safetext import plain

    new_console().print(f"{rows} → {plain(str(common['out']))}", soft_wrap=True)


register_per_game(
    selfplay_app,
    _selfplay,
    _selfplay_params,
    lambda spec: f"Self-play data of {game_title(spec.name)} to Parquet.",
)

"""``stickspel analyse RECORD``: every decision of a game judged by the expert's
search (:mod:`stickspel.analysis`), in the terminal, as JSON or as a page."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any, Optional

import typer

from stickspel.cli.common import check_lang, fail, new_console
from stickspel.cli.progress import Progress
from stickspel.core import RulesError, error_text

__all__ = ["analyse_command"]


def analyse_command(
    record: Annotated[Path, typer.Argument(help="The record of the game (stickspel/1 JSON).")],
    samples: Annotated[
        int, typer.Option("--samples", min=1, max=10_000, help="Worlds sampled a decision.")
    ] = 24,
    think_ms: Annotated[
        Optional[float],  # noqa: UP045
        typer.Option("--think-ms", min=1, help="Think this long a decision instead of --samples."),
    ] = None,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the sampling.")] = 0,
    html: Annotated[
        Optional[Path],  # noqa: UP045
        typer.Option("--html", help="Also write the analysis as a page here."),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the analysis as JSON.")] = False,
    lang: Annotated[str, typer.Option("--lang", help="Language: sv or en.")] = "sv",
) -> None:
    """Judge every decision of a game with the expert: points lost, blunders, luck."""
    from stickspel.analysis import analyse_record
    from stickspel.i18n import render
    from stickspel.records import RecordError
    from stickspel.records.io import atomic_write, check_output_path, load_record
    from stickspel.reports import analysis_html
    from stickspel.server.catalog import table_title

    lang = check_lang(lang)
    try:
        doc = load_record(record)
        if html is not None:
            check_output_path(html)
        with Progress(render("analysis.title", {}, lang), as_json) as bar:
            analysis = analyse_record(
                doc,
                samples=None if think_ms else samples,
                think_ms=think_ms,
                seed=seed,
                on_decision=bar.update,
            )
        data = analysis.to_dict()
        if html is not None:
            title = table_title(analysis.rules, len(analysis.players), lang)
            atomic_write(html, analysis_html(data, lang, title).encode())
    except (RecordError, RulesError) as e:
        raise fail(lang, f"{record}: {error_text(e, lang)}") from None
    except OSError as e:
        raise fail(lang, error_text(e, lang), 1) from None
    if as_json:
        print(json.dumps(data, ensure_ascii=False, indent=1))
        return
    _print_analysis(lang, data)


def _print_analysis(lang: str, data: dict[str, Any]) -> None:
    from rich.table import Table

    from stickspel.i18n import render
    from stickspel.safetext import plain

    def t(key: str, **params: Any) -> str:
        return render(f"analysis.{key}", params, lang)

    console = new_console()
    table = Table(title=f"{t('title')}: {plain(data['rules'])}")
    for col in ("player", "decisions", "lost", "luck", "inaccuracy", "mistake", "blunder"):
        table.add_column(t(col), justify="left" if col == "player" else "right")
    for p in data["by_player"]:
        table.add_row(
            plain(p["name"], 30), str(p["decisions"]), f"{p['points_lost']:.1f}",
            f"{p['luck']:+.1f}", str(p["inaccuracy"]), str(p["mistake"]), str(p["blunder"]),
        )  # fmt: skip
    console.print(table)
    flagged = [d for d in data["decisions"] if d["verdict"] in ("mistake", "blunder")]
    for d in flagged:
        line = t(
            "line",
            deal=d["deal"],
            name=data["players"][d["person"]],
            made=d["made"],
            best=d["best"],
            loss=f"{d['loss']:.1f}",
            verdict=t(d["verdict"]),
        )
        console.print(plain(line), soft_wrap=True)
        why = "; ".join(str(r.get(lang) or r.get("en") or "") for r in d.get("why_best", []))
        if why:
            console.print(plain(f"  {d['best']}: {why}"), soft_wrap=True)
    if not flagged:
        console.print(t("none"))

"""``stickspel simulate <game>``: bots play many seeded games; records and a summary."""

from __future__ import annotations

import inspect
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, Optional

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
from stickspel.core import (
    GameState,
    Rules,
    RulesError,
    error_text,
)
from stickspel.i18n import game_title

if TYPE_CHECKING:
    from rich.table import Table as RichTable

    from stickspel.simulate import SimulationSummary


simulate_app = typer.Typer(
    help="Let bots play many seeded games; write records and a summary.", no_args_is_help=True
)


def _sim(game: str, **kwargs: Any) -> None:
    common, variant = split_kwargs(kwargs)
    lang = check_lang(common["lang"])
    spec, rules = build_rules(game, lang, common, variant)
    n = spec.state(rules).num_players  # type: ignore[call-arg]
    summary = _run_simulation(game, lang, rules, n, common)
    data = summary.to_dict()
    if common["json"]:
        print(json.dumps(data, ensure_ascii=False, indent=1))
        return
    _print_summary(lang, data)


def _run_simulation(
    game: str, lang: str, rules: Rules, n: int, common: dict[str, Any]
) -> SimulationSummary:
    """The bots' games; after Ctrl-C the summary of those played so far."""
    from stickspel.records.io import check_output_path
    from stickspel.simulate import SimulationSummary, deal_cap, parse_bots, simulate, stopped

    played: list[GameState] = []
    try:
        bots = parse_bots(game, common["bots"], n)
        if common["record_dir"] is not None:
            check_output_path(common["record_dir"], directory=True)
        summary = simulate(
            game, rules, bots, common["games"], common["seed"], common["record_dir"],
            on_game=lambda _k, state: played.append(state), stop_after=common["stop_after"],
            think_ms=common["think_ms"],
        )  # fmt: skip
    except KeyboardInterrupt:  # Ctrl-C: the summary of the games played so far
        summary = SimulationSummary(
            game, rules, list(bots), common["seed"], len(played),
            [st.returns() for st in played],
            [[] if stopped(st) else st.winners() for st in played],
            record_dir=str(common["record_dir"]) if common["record_dir"] is not None else None,
            stopped=sum(stopped(st) is not None for st in played),
            stop_after=deal_cap(rules, common["stop_after"]),
        )  # fmt: skip
        print(cli_text(lang, "error") + ": interrupted (Ctrl-C)", file=sys.stderr)
    except (RulesError, ValueError) as e:
        raise fail(lang, error_text(e, lang)) from None
    except OSError as e:
        raise fail(lang, error_text(e, lang), 1) from None
    return summary


def _print_summary(lang: str, data: dict[str, Any]) -> None:
    """The simulation's summary as tables: per seat, per bot kind (if several)."""
    console = new_console()
    console.print(_seat_table(lang, data))
    if len(data["by_bot"]) > 1:
        console.print(_by_bot_table(lang, data))
    if data.get("stopped"):
        console.print(cli_text(lang, "stopped", n=data["stopped"], deals=data["stop_after"]))
    if data["record_dir"]:
        console.print(cli_text(lang, "records_in", dir=data["record_dir"]), soft_wrap=True)


def _seat_table(lang: str, data: dict[str, Any]) -> RichTable:
    from rich.table import Table

    table = Table(
        title=cli_text(
            lang,
            "sim_title",
            games=data["games"],
            rules=data["rules"],
            seconds=data["seconds"],
            rate=data["games_per_second"] or 0.0,
        )
    )
    for col in ("seat", "bot", "mean", "wins", "win_rate"):
        table.add_column(cli_text(lang, col), justify="right" if col != "bot" else "left")
    for row in data["seats"]:
        table.add_row(
            str(row["seat"]),
            row["bot"],
            f"{row['mean_score']:.1f}",
            str(row["wins"]),
            f"{row['win_rate']:.1%}",
        )
    return table


def _by_bot_table(lang: str, data: dict[str, Any]) -> RichTable:
    from rich.table import Table

    by = Table(title=cli_text(lang, "by_bot"))
    for col in ("bot", "mean", "win_rate"):
        by.add_column(cli_text(lang, col), justify="right" if col != "bot" else "left")
    for kind, row in data["by_bot"].items():
        by.add_row(kind, f"{row['mean_score']:.1f}", f"{row['win_rate']:.1%}")
    return by


def _sim_params() -> list[inspect.Parameter]:
    """The options of ``simulate <game>`` before the common ones."""
    return [
        option_param("games", int, typer.Option(100, "--games", help="Number of games.")),
        option_param("seed", int, typer.Option(0, "--seed", help="Seed of the run.")),
        option_param(
            "record_dir",
            Optional[Path],  # noqa: UP045
            typer.Option(
                None, "--record-dir", help="Write one record per game here (game-0001.json …)."
            ),
        ),
        option_param(
            "bots",
            str,
            typer.Option("heuristic", "--bots", help="One bot kind for all seats or one per seat."),
        ),
        think_ms_param(),
        option_param(
            "json", bool, typer.Option(False, "--json", help="Print the summary as JSON.")
        ),
        option_param(
            "stop_after",
            Optional[int],  # noqa: UP045
            typer.Option(
                None,
                "--stop-after",
                help="A game the rules leave open (Tremanswhist without --max-deals) is "
                "stopped after this many deals, unfinished and won by nobody (default: 100).",
            ),
        ),
    ]


def _register() -> None:
    register_per_game(
        simulate_app, _sim, _sim_params, lambda spec: f"Simulate {game_title(spec.name)} with bots."
    )


_register()

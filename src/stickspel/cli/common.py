"""What every ``stickspel`` command shares: the catalogue's ``cli.*`` texts, errors
printed without a traceback, and the rules options of a game read from the command
line (one option per :class:`~stickspel.core.Rules` field: ``--sparr / --no-sparr``,
``--scoring per_trick``, ``--max-cards 7``, and ``-o name=value`` for any of them).
"""

from __future__ import annotations

import dataclasses
import inspect
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Optional

import typer

from stickspel.core import (
    GameState,
    Rules,
    RulesError,
    error_text,
)
from stickspel.games import GAMES, GameSpec, game_spec
from stickspel.i18n import texts

if TYPE_CHECKING:
    from rich.console import Console


LANGS = ("sv", "en")


MESSAGES = texts("cli")  # the catalogues' cli.* messages, by language


def cli_text(lang: str, key: str, **kw: Any) -> str:
    from stickspel.i18n import render

    return render(f"cli.{key}", kw, lang)


def new_console() -> Console:
    from rich.console import Console

    # nothing printed is read as Rich markup: names and records' texts show exactly
    # as typed ("[red]MK[/red]", "Anna\\"), with no escapes to leave visible
    return Console(highlight=False, markup=False)


def fail(lang: str, message: str, code: int = 2) -> typer.Exit:
    """Print an error (no traceback) to stderr; the caller raises the returned Exit."""
    print(f"{cli_text(lang, 'error')}: {message}", file=sys.stderr)
    return typer.Exit(code)


def check_lang(lang: str) -> str:
    if lang not in LANGS:
        raise fail("sv", f"--lang must be sv or en, not {lang!r}")
    return lang


def type_name(f: dataclasses.Field[Any]) -> str:
    return f.type if isinstance(f.type, str) else getattr(f.type, "__name__", str(f.type))


def flag_of(name: str) -> str:
    return "--" + name.replace("_", "-")


def value_text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "none"
    if isinstance(value, tuple | list):
        return "/".join(str(v) for v in value)
    return str(value)


def _variant_params(rules: type[Rules], taken: set[str]) -> list[inspect.Parameter]:
    """One command-line option per rules field (unless its flag is taken)."""
    params = []
    for f in dataclasses.fields(rules):
        flag = flag_of(f.name)
        if flag in taken:
            continue
        kind = type_name(f)
        meta = f.metadata
        help_text = str(meta.get("help", ""))
        choices = meta.get("choices")
        default = f"(default: {value_text(f.default)})"
        if kind == "bool":
            decl = f"{flag}/--no-{flag[2:]}"
            annotation: Any = Optional[bool]  # noqa: UP045 (typer reads the runtime type)
            metavar = None
        elif kind == "int":
            decl, annotation, metavar = flag, Optional[int], "INT"  # noqa: UP045
        else:
            decl, annotation = flag, Optional[str]  # noqa: UP045
            metavar = "|".join(str(c) for c in choices) if choices else kind.upper()
            if kind.startswith("tuple"):
                metavar = "A/B/…"
            elif "int" in kind:
                metavar = "INT"
        option = typer.Option(
            None,
            decl,
            help=f"{help_text} {default}",
            metavar=metavar,
            show_default=False,
            rich_help_panel="Rules options",
        )
        params.append(
            inspect.Parameter(
                f"opt_{f.name}",
                inspect.Parameter.KEYWORD_ONLY,
                default=option,
                annotation=annotation,
            )
        )
    return params


def rules_from_options(
    spec: GameSpec,
    values: dict[str, Any],
    preset: str | None = None,
    extra: list[str] | None = None,
) -> Rules:
    """Rules from generated option values (``None`` = not given), ``-o`` texts and a preset.

    >>> from stickspel.games import game_spec
    >>> rules_from_options(game_spec("plump"), {"sparr": False}, extra=["scoring=per_trick"]).to_text()
    'plump(sparr=false,scoring=per_trick)'
    >>> rules_from_options(game_spec("plump"), {"players": 7, "max_cards": 8})
    Traceback (most recent call last):
    ...
    stickspel.core.errors.RulesError: 7 players can start at most at 7 cards
    """
    texts: dict[str, str] = {}
    for name, value in values.items():
        if value is not None:
            texts[name] = value_text(value)
    for item in extra or []:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise RulesError("cli.option_syntax", item=item)
        texts[key.strip()] = value.strip()
    return spec.rules.from_strings(texts, preset)


def split_kwargs(kwargs: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    variant = {k[4:]: v for k, v in kwargs.items() if k.startswith("opt_")}
    common = {k: v for k, v in kwargs.items() if not k.startswith("opt_")}
    return common, variant


def _make_command(
    impl: Callable[..., None], game: str, common: list[inspect.Parameter]
) -> Callable[..., None]:
    spec = game_spec(game)
    taken = {flag_of(p.name) for p in common}
    params = common + _variant_params(spec.rules, taken)

    def command(**kwargs: Any) -> None:
        impl(game, **kwargs)

    command.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
    command.__annotations__ = {p.name: p.annotation for p in params}
    command.__name__ = game
    return command


def option_param(name: str, annotation: Any, default: Any) -> inspect.Parameter:
    return inspect.Parameter(
        name, inspect.Parameter.KEYWORD_ONLY, default=default, annotation=annotation
    )


def _common_game_params(spec: GameSpec) -> list[inspect.Parameter]:
    params = []
    if "players" not in spec.rules.option_names():
        params.append(
            option_param(
                "players",
                Optional[int],  # noqa: UP045
                typer.Option(None, "--players", help="Number of players (fixed in this game)."),
            )
        )
    params += [
        option_param(
            "preset",
            Optional[str],  # noqa: UP045
            typer.Option(
                None, "--preset", help=f"A named preset: {', '.join(spec.rules.PRESETS) or '-'}."
            ),
        ),
        option_param(
            "option",
            list[str],
            typer.Option([], "-o", "--option", help="Any rules option as name=value (repeatable)."),
        ),
        option_param("lang", str, typer.Option("sv", "--lang", help="Language: sv or en.")),
    ]
    return params


def build_rules(
    game: str, lang: str, common: dict[str, Any], variant: dict[str, Any]
) -> tuple[GameSpec, Rules]:
    spec = game_spec(game)
    try:
        rules = rules_from_options(spec, variant, common.get("preset"), common.get("option"))
        probe = spec.state(rules)  # type: ignore[call-arg]
    except RulesError as e:
        raise fail(lang, error_text(e, lang)) from None
    players = common.get("players")
    if players is not None and players != probe.num_players:
        raise fail(
            lang, cli_text(lang, "players_fixed", game=game, n=probe.num_players, players=players)
        )
    return spec, rules


def register_per_game(
    sub: typer.Typer,
    run: Callable[..., None],
    own_params: Callable[[], list[inspect.Parameter]],
    help_of: Callable[[GameSpec], str],
) -> None:
    """One subcommand of ``sub`` per game: ``run(game, **options)`` with ``own_params``
    and then the game's rules options as its parameters."""
    for name in sorted(GAMES):
        spec = GAMES[name]
        params = own_params() + _common_game_params(spec)
        sub.command(name=name, help=help_of(spec))(_make_command(run, name, params))


def think_ms_param() -> inspect.Parameter:
    return option_param(
        "think_ms",
        Optional[float],  # noqa: UP045
        typer.Option(
            None,
            "--think-ms",
            min=0,
            help="Thinking time per decision of the level bots (beginner, intermediate, "
            "expert) in milliseconds (default: 50 intermediate, 200 expert).",
        ),
    )


def program_command(argv0: str | None = None) -> str:
    """How to run this program again from the current directory: ``stickspel`` where
    that name on PATH is this program, else the path it was started by (after
    ``make play``: ``.venv/bin/stickspel``).

    >>> program_command("/nowhere/bin/stickspel")
    '/nowhere/bin/stickspel'
    """
    import os
    import shutil

    argv0 = argv0 or sys.argv[0]
    name = os.path.basename(argv0)
    if name in ("__main__.py", "-c") or not name:  # python -m stickspel
        return f"{_path_from_here(sys.executable)} -m stickspel"
    found = shutil.which(name)
    if os.sep not in argv0 or (found and os.path.abspath(found) == os.path.abspath(argv0)):
        return name
    return _path_from_here(argv0)


def _path_from_here(path: str) -> str:
    """``path`` relative to the current directory when it lies under it, else absolute."""
    import os

    full = os.path.abspath(path)
    rel = os.path.relpath(full)
    return rel if not rel.startswith("..") and os.sep in rel else full


def show_sheet(
    console: Console,
    state: GameState,
    players: list[str],
    lang: str,
    doc: dict[str, Any] | None = None,
) -> None:
    """The protokoll of ``state`` (or of ``doc``, a record as one person may see it)."""
    from stickspel.protokoll import build_sheet
    from stickspel.protokoll.terminal import render_sheet

    if doc is None:
        doc = state.to_record(players)
    for table in render_sheet(build_sheet(doc, lang)):
        console.print(table)


def announce_end(console: Console, state: GameState, players: list[str], lang: str) -> None:
    winners = state.winners()
    totals = state.returns()
    console.print(cli_text(lang, "game_over"), style="bold")
    if winners:
        score = totals[winners[0]]
        key = "winner" if len(winners) == 1 else "shared"
        shown = int(score) if float(score).is_integer() else score
        console.print(
            cli_text(lang, key, names=", ".join(players[s] for s in winners), score=shown),
            style="bold green",
        )

"""``stickspel rules <game>``: every rules option with its default, allowed values,
help and source, and the presets (also as Markdown for the docs)."""

from __future__ import annotations

import dataclasses
import re
from typing import TYPE_CHECKING, Any

import typer

from stickspel.cli.common import (
    check_lang,
    cli_text,
    fail,
    flag_of,
    new_console,
    type_name,
    value_text,
)
from stickspel.core import (
    Rules,
    RulesError,
    error_text,
)
from stickspel.games import game_spec
from stickspel.i18n import game_title

if TYPE_CHECKING:
    pass


def _allowed(f: dataclasses.Field[Any], lang: str) -> str:
    choices = f.metadata.get("choices")
    if choices:
        return ", ".join(str(c) for c in choices)
    kind = type_name(f)
    if kind.startswith("tuple"):  # one whole number per seat: A/B/C
        n = len(f.default) if isinstance(f.default, tuple) else 3
        return cli_text(lang, "any_ints", form="/".join("ABCDEFGHIJ"[:n]))
    if kind == "bool":
        return cli_text(lang, "any_bool")
    if "int" in kind:
        return cli_text(lang, "any_int") + (" / none" if "None" in kind else "")
    return cli_text(lang, "any")


# a source as the rules metadata writes it: a rule text by its number (the catalogue
# names it by its title) or ``project``, where the project settled what the texts leave open
_SOURCES = re.compile(r"\b(00[0-4]|project)\b")


def source_text(source: str, lang: str) -> str:
    """A rules option's source with each rule text named by its title.

    >>> source_text("000 (Poäng); project", "en")
    'the rule text “Plump ♥” (Poäng); settled by the project'
    """
    return _SOURCES.sub(lambda m: cli_text(lang, f"source_{m.group(1)}"), source)


def _preset_note(rules: type[Rules], name: str, lang: str) -> str:
    """`` (= buying)`` for a preset that is another name of an earlier one."""
    presets = list(rules.PRESETS.items())
    values = rules.PRESETS[name]
    for other, settings in presets[: [p for p, _ in presets].index(name)]:
        if settings == values:
            return " " + cli_text(lang, "same_preset", name=other)
    return ""


def _flag_text(f: dataclasses.Field[Any]) -> str:
    flag = flag_of(f.name)
    return f"{flag}/--no-{flag[2:]}" if type_name(f) == "bool" else flag


def option_help(game: str, f: dataclasses.Field[Any], lang: str) -> str:
    """A rules option's help in ``lang`` (catalogue ``options``; the option's own
    English text where the catalogue lacks it)."""
    from stickspel.i18n import render

    key = f"rules.help.{game}.{f.name}"
    text = render(key, {}, lang)
    return str(f.metadata.get("help", "")) if text == key else text


def rules_markdown(game: str, lang: str = "en") -> str:
    """The options and presets of ``game`` as Markdown tables (used for the docs).

    >>> print(rules_markdown("plump").splitlines()[2])
    | `players` | `--players` | 4 | whole number | Number of players, 2–10 (2 plays with a blind hand). | the rule text “Plump ♥”; settled by the project |
    """
    spec = game_spec(game)
    cols = [cli_text(lang, k) for k in ("option", "flag", "default", "allowed", "about", "source")]
    lines = ["| " + " | ".join(cols) + " |", "|" + "---|" * len(cols)]
    for f in dataclasses.fields(spec.rules):
        cells = [
            f"`{f.name}`",
            f"`{_flag_text(f)}`",
            value_text(f.default),
            _allowed(f, lang),
            option_help(spec.name, f, lang),
            source_text(str(f.metadata.get("source", "")), lang),
        ]
        lines.append("| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |")
    lines += [
        "",
        f"| {cli_text(lang, 'preset')} (`--preset`) | {cli_text(lang, 'settings')} | {cli_text(lang, 'text')} |",
        "|---|---|---|",
    ]
    for name, values in spec.rules.PRESETS.items():
        settings = ", ".join(f"{k}={value_text(v)}" for k, v in values.items()) or "—"
        settings += _preset_note(spec.rules, name, lang)
        lines.append(f"| `{name}` | {settings} | `{spec.rules.preset(name).to_text()}` |")
    return "\n".join(lines) + "\n"


def rules_command(
    game: str = typer.Argument(..., help="plump, priffe or tremanswhist."),
    lang: str = typer.Option("sv", "--lang", help="Language: sv or en."),
    markdown: bool = typer.Option(False, "--markdown", help="Print Markdown tables (for docs)."),
) -> None:
    """Every rules option of GAME with its default, allowed values, help and source; the presets."""
    lang = check_lang(lang)
    try:
        spec = game_spec(game)
    except RulesError as e:
        raise fail(lang, error_text(e, lang)) from None
    if markdown:
        print(rules_markdown(spec.name, lang), end="")
        return
    from rich.text import Text

    console = new_console()
    console.print(Text(game_title(spec.name, lang), style="bold underline"))
    for f in dataclasses.fields(spec.rules):
        console.print()
        console.print(Text(f"{f.name}  ({_flag_text(f)})", style="bold cyan"))
        console.print(
            Text(
                f"  {cli_text(lang, 'default')}: {value_text(f.default)}    "
                f"{cli_text(lang, 'allowed')}: {_allowed(f, lang)}"
            )
        )
        console.print(Text(f"  {option_help(spec.name, f, lang)}"))
        console.print(
            Text(
                f"  {cli_text(lang, 'source')}: {source_text(str(f.metadata.get('source', '')), lang)}",
                style="dim",
            )
        )
    console.print()
    console.print(Text(cli_text(lang, "presets"), style="bold underline"))
    for name in spec.rules.PRESETS:
        note = _preset_note(spec.rules, name, lang)
        console.print(Text(f"  {name:<14} {spec.rules.preset(name).to_text()}{note}"))

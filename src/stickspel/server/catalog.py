"""What the lobby offers and how a table is named, from the rules' own metadata and the
catalogues: each game with a one-line description, its presets and its options (name,
help, default, allowed values, source) in the page's language; and a table's readable
title ("Plump · barn · 4 spelare") instead of its rules text.

>>> table_title("plump(max_cards=5,sparr=false,trump=none)", 4, "sv")
'Plump · barn · 4 spelare'
>>> table_title("priffe", 4, "en")
'Priffe · 4 players'
"""

from __future__ import annotations

import dataclasses
import typing
from typing import Any

from stickspel.core import Rules, StickspelError
from stickspel.games import GAMES, load_game
from stickspel.i18n import game_title, has_key, render

__all__ = ["table_title", "titles", "games_catalog", "rules_error_text"]

LANGS = ("sv", "en")


def _title(game: str, lang: str) -> str:
    """The game's short name: "Plump", not "Plump (Oh Hell)"."""
    return game_title(game, lang).partition(" (")[0]


def _preset_label(game: str, preset: str, lang: str) -> str:
    key = f"web.preset.{game}.{preset}"
    return render(key, {}, lang) if has_key(key) else preset.replace("_", " ")


def preset_of(rules: Rules) -> str | None:
    """The preset these rules are (the player count aside), ``None`` if none."""
    cls = type(rules)
    mine = {k: v for k, v in rules.to_dict().items() if k != "players"}
    for name in cls.PRESETS:
        try:
            theirs = cls.preset(name).to_dict()
        except Exception:  # a preset that needs another player count
            continue
        if {k: v for k, v in theirs.items() if k != "players"} == mine:
            return name
    return None


def table_title(rules_text: str, players: int, lang: str) -> str:
    """ "Plump · barn · 4 spelare": the game, its preset (or "own rules"), the players."""
    game = load_game(rules_text)
    name = str(game.new_initial_state().GAME)
    preset = preset_of(game.rules)
    parts = [_title(name, lang)]
    if preset is None:
        parts.append(render("web.title_own_rules", {}, lang))
    elif preset not in ("standard", "modern"):
        parts.append(_preset_label(name, preset, lang))
    parts.append(render("web.title_players", {"n": players}, lang))
    return " · ".join(parts)


def titles(rules_text: str, players: int) -> dict[str, str]:
    return {lang: table_title(rules_text, players, lang) for lang in LANGS}


def _kind(tp: Any) -> str:
    """The form field an option's type asks for: bool, int, numbers, choice or text."""
    args = typing.get_args(tp)
    if typing.get_origin(tp) is tuple:  # a figure a seat, typed "6/5/2"
        return "numbers"
    base = next((a for a in args if a is not type(None)), tp) if args else tp
    if base is bool:
        return "bool"
    if base is int:
        return "int"
    return "text"


def _options(game: str, lang: str) -> list[dict[str, Any]]:
    cls = GAMES[game].rules
    hints = typing.get_type_hints(cls)
    out = []
    for f in dataclasses.fields(cls):
        if f.name.startswith("_") or "help" not in f.metadata:
            continue
        choices = f.metadata.get("choices")
        # the words for a player (``rules.about``) where they differ from the option's
        # help for the command line, which names the values to type
        about = f"rules.about.{game}.{f.name}"
        help_key = about if has_key(about) else f"rules.help.{game}.{f.name}"
        label_key = f"web.option.{game}.{f.name}"
        out.append(
            {
                "name": f.name,
                "label": render(label_key, {}, lang)
                if has_key(label_key)
                else f.name.replace("_", " "),
                "help": render(help_key, {}, lang) if has_key(help_key) else f.metadata["help"],
                "default": f.default if not isinstance(f.default, tuple) else list(f.default),
                "kind": "choice" if choices else _kind(hints.get(f.name)),
                "choices": [
                    {"value": c, "label": _choice_label(game, f.name, c, lang)}
                    for c in choices or []
                ],
                "source": f.metadata.get("source"),
                "optional": "None" in str(hints.get(f.name)),
            }
        )
    return out


def _choice_label(game: str, option: str, value: Any, lang: str) -> str:
    key = f"web.choice.{game}.{option}.{value}"
    return render(key, {}, lang) if has_key(key) else str(value).replace("_", " ")


def games_catalog(lang: str) -> dict[str, Any]:
    """Each game for the lobby's form, in ``lang``."""
    from stickspel.bots import bot_names

    out: dict[str, Any] = {}
    for name, spec in GAMES.items():
        rules = spec.rules()
        presets = []
        for preset in spec.rules.PRESETS:
            try:
                values = spec.rules.preset(preset).to_dict()
            except Exception:
                continue
            presets.append(
                {
                    "name": preset,
                    "label": _preset_label(name, preset, lang),
                    "values": values,
                    "player_counts": _player_counts(spec.rules, preset),
                }
            )
        out[name] = {
            "title": _title(name, lang),
            "title_sv": game_title(name, "sv"),
            "title_en": game_title(name, "en"),
            "description": render(f"web.game_about.{name}", {}, lang),
            "rules": rules.to_text(),
            "players": spec.state(rules).num_players,  # type: ignore[call-arg]
            "bots": bot_names(name),
            "bot_labels": {b: _bot_label(b, lang) for b in bot_names(name)},
            "presets": presets,
            "options": _options(name, lang),
        }
    return out


def rules_error_text(error: StickspelError, game: str, lang: str) -> str:
    """A refusal of the lobby's rules in ``lang``, the option it names by its name in
    the form ("option “Targets in plus”: …"), not as the rules text spells it.

    >>> from stickspel.core import RulesError
    >>> e = RulesError("tremanswhist.rules.targets_sum", name="plus_targets", total=14)
    >>> rules_error_text(e, "tremanswhist", "en")
    'option “Targets in plus”: the targets must add up to 13, not 14'
    """
    params = dict(error.params)
    label = f"web.option.{game}.{params.get('name')}"
    if has_key(label):
        params["name"] = f"“{render(label, {}, lang)}”"
    return render(error.key, params, lang)


def _player_counts(cls: type[Rules], preset: str) -> list[int]:
    """The player counts the rules allow with ``preset`` (its own count for a game
    without a ``players`` option)."""
    if "players" not in cls.option_names():
        return [int(load_game(cls.GAME).new_initial_state().num_players)]
    out = []
    for n in range(1, 13):
        try:
            cls.preset(preset, players=n)
        except Exception:  # the rules refuse this count
            continue
        out.append(n)
    return out


def _bot_label(bot: str, lang: str) -> str:
    key = f"web.botlevel.{bot}"
    return render(key, {}, lang) if has_key(key) else bot

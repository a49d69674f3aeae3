"""Frozen rules options: defaults, help, source, presets and a canonical text form."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Self

from stickspel.core.errors import RulesError


def option(default: Any, help: str, source: str, choices: Sequence[Any] | None = None) -> Any:
    """A rules option: its default, a one-line help text, its source (a rule text by
    its number, ``000``–``004``, or ``project`` where the project settled what the
    texts leave open) and, for text options, the allowed values."""
    return field(default=default, metadata={"help": help, "source": source, "choices": choices})


# A whole number as typed: ASCII digits, at most 9 of them (no '²', no 5,000 digits).
_WHOLE = re.compile(r"[+-]?[0-9]{1,9}")


def _parse_value(name: str, raw: str, typ: Any) -> Any:
    text = raw.strip()
    low = text.lower()
    if typ in ("bool", bool):
        if low in ("true", "yes", "on", "1", "ja"):
            return True
        if low in ("false", "no", "off", "0", "nej"):
            return False
        raise RulesError("rules.not_bool", name=name, value=repr(raw))
    if typ in ("int", int, "int | None"):
        if low in ("none", "default", "") and "None" in str(typ):
            return None
        if not _WHOLE.fullmatch(text):  # ASCII digits only: int() takes '٣' too
            raise RulesError("rules.not_int", name=name, value=repr(raw))
        return int(text)
    if "tuple" in str(typ):
        parts = text.replace("/", " ").replace(";", " ").split()
        if not all(_WHOLE.fullmatch(x) for x in parts):
            raise RulesError("rules.not_ints", name=name, value=repr(raw))
        return tuple(int(x) for x in parts)
    return text


@dataclass(frozen=True)
class Rules:
    """Base of each game's frozen rules options.

    Subclasses declare their options with :func:`option`, set :attr:`GAME` and
    :attr:`PRESETS`, and check combinations in :meth:`validate`.  Values are
    checked at construction; a bad one raises :class:`RulesError` saying which
    option and what is allowed.  The canonical text form ``game(opt=value,…)``
    lists the options that differ from the defaults and parses back.
    """

    GAME: ClassVar[str] = ""
    PRESETS: ClassVar[dict[str, dict[str, Any]]] = {}

    def __new__(cls, *args: Any, **kwargs: Any) -> Self:
        # Only here are the options given told apart from the defaults filled in, so
        # :meth:`check_given` holds for rules built directly as for rules parsed.
        given = dict(zip(cls.option_names(), args, strict=False)) | kwargs
        cls.check_given(given)
        return super().__new__(cls)

    def __post_init__(self) -> None:
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            choices = f.metadata.get("choices")
            if choices is not None and value not in choices:
                allowed = ", ".join(str(c) for c in choices)
                raise RulesError(
                    "rules.not_choice", name=f.name, value=repr(value), allowed=allowed
                )
            expected = f.type if isinstance(f.type, str) else getattr(f.type, "__name__", "")
            if expected == "bool" and not isinstance(value, bool):
                raise RulesError("rules.not_bool", name=f.name, value=repr(value))
            if expected == "int" and (isinstance(value, bool) or not isinstance(value, int)):
                raise RulesError("rules.not_int", name=f.name, value=repr(value))
        self.validate()

    def validate(self) -> None:
        """Check combinations of options; raise :class:`RulesError` if bad."""

    @classmethod
    def check_given(cls, values: dict[str, Any]) -> None:
        """Check the options given by name (before defaults and what they imply are
        filled in): a game refuses an explicit choice its other options rule out."""

    # --- construction -------------------------------------------------------
    @classmethod
    def preset(cls, name: str, **overrides: Any) -> Self:
        """The named preset, with any options overridden."""
        key = name.replace("-", "_").lower()
        if key not in cls.PRESETS:
            raise RulesError(
                "rules.no_preset", game=cls.GAME, preset=repr(name), presets=", ".join(cls.PRESETS)
            )
        return cls.from_dict({**cls.PRESETS[key], **overrides})

    @classmethod
    def option_names(cls) -> list[str]:
        return [f.name for f in dataclasses.fields(cls)]

    @classmethod
    def from_dict(cls, values: dict[str, Any]) -> Self:
        """Rules from option values (as in a record's ``variant``); unknown names are errors."""
        names = cls.option_names()
        unknown = [k for k in values if k not in names]
        if unknown:
            raise RulesError(
                "rules.no_option", game=cls.GAME, name=repr(unknown[0]), names=", ".join(names)
            )
        types = {f.name: f.type for f in dataclasses.fields(cls)}
        clean = {}
        for k, v in values.items():
            if isinstance(v, list):
                v = tuple(v)
            if isinstance(v, str) and str(types[k]) not in ("str",):
                v = _parse_value(k, v, types[k])
            clean[k] = v
        cls.check_given(clean)
        return cls(**clean)

    @classmethod
    def from_strings(cls, values: dict[str, str], preset: str | None = None) -> Self:
        """Rules from option texts as typed on a command line (``sparr=false``)."""
        types = {f.name: f.type for f in dataclasses.fields(cls)}
        parsed: dict[str, Any] = {}
        for raw_key, raw in values.items():
            k = raw_key.replace("-", "_").lower()
            if k not in types:
                raise RulesError(
                    "rules.no_option", game=cls.GAME, name=repr(raw_key), names=", ".join(types)
                )
            parsed[k] = _parse_value(k, raw, types[k])
        if preset:
            return cls.preset(preset, **parsed)
        return cls.from_dict(parsed)

    @classmethod
    def parse(cls, text: str) -> Self:
        """Parse the canonical text form.

        The form is ``game(name=value,…)`` or just ``game``; a preset name may
        stand first inside the parentheses.
        """
        t = text.strip()
        head, _, rest = t.partition("(")
        if head.strip() != cls.GAME:
            raise RulesError("rules.not_rules_text", text=repr(text), game=cls.GAME)
        body = rest.rstrip(")").strip()
        values: dict[str, str] = {}
        preset = None
        for part in filter(None, (p.strip() for p in body.split(","))):
            if "=" not in part:
                if preset is None and not values:
                    preset = part
                    continue
                raise RulesError("rules.not_name_value", part=repr(part))
            k, _, v = part.partition("=")
            values[k.strip()] = v.strip()
        return cls.from_strings(values, preset)

    # --- a duplicate match ------------------------------------------------
    def board(self, k: int) -> Self:
        """The rules board ``k`` of a duplicate match (:mod:`stickspel.match`) is dealt
        under: a game's first deal, so the rules as they are unless the game's deals
        differ (Plump's sizes)."""
        return self

    # --- output -------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """Every option, defaults included (the record's ``variant``)."""
        out = {}
        for f in dataclasses.fields(self):
            v = getattr(self, f.name)
            out[f.name] = list(v) if isinstance(v, tuple) else v
        return out

    def to_text(self) -> str:
        """The canonical text form: options that differ from the defaults."""
        parts = []
        for f in dataclasses.fields(self):
            v = getattr(self, f.name)
            if v != f.default:
                if isinstance(v, bool):
                    s = "true" if v else "false"
                elif isinstance(v, tuple):
                    s = "/".join(str(x) for x in v)
                else:
                    s = str(v)
                parts.append(f"{f.name}={s}")
        return f"{self.GAME}({','.join(parts)})" if parts else self.GAME

    def __str__(self) -> str:
        return self.to_text()

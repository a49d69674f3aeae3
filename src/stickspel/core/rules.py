"""Frozen rules options: defaults, help, source, presets and a canonical text form."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Self

from stickspel.core.errors import RulesError


def option(default: Any, help: str, source: str, choices: Sequence[Any] | None = None) -> Any:
    """A rules option: its default, a one-line help text, its source (seed file or
    RULES.md) and, for text options, the allowed values."""
    return field(default=default, metadata={"help": help, "source": source, "choices": choices})


def _parse_value(name: str, raw: str, typ: Any) -> Any:
    text = raw.strip()
    low = text.lower()
    if typ in ("bool", bool):
        if low in ("true", "yes", "on", "1", "ja"):
            return True
        if low in ("false", "no", "off", "0", "nej"):
            return False
        raise RulesError(
            f"option {name}: {raw!r} is not true or false",
            sv=f"regeln {name}: {raw!r} är varken ja eller nej",
        )
    if typ in ("int", int, "int | None"):
        if low in ("none", "default", "") and "None" in str(typ):
            return None
        try:
            return int(text)
        except ValueError:
            raise RulesError(
                f"option {name}: {raw!r} is not a whole number",
                sv=f"regeln {name}: {raw!r} är inget heltal",
            ) from None
    if "tuple" in str(typ):
        try:
            return tuple(int(x) for x in text.replace("/", " ").replace(";", " ").split())
        except ValueError:
            raise RulesError(
                f"option {name}: {raw!r} is not whole numbers separated by / (e.g. 2/6/7)",
                sv=f"regeln {name}: {raw!r} är inte heltal åtskilda med / (t.ex. 2/6/7)",
            ) from None
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

    def __post_init__(self) -> None:
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            choices = f.metadata.get("choices")
            if choices is not None and value not in choices:
                allowed = ", ".join(str(c) for c in choices)
                raise RulesError(
                    f"option {f.name}: {value!r} is not one of {allowed}",
                    sv=f"regeln {f.name}: {value!r} är inte något av {allowed}",
                )
            expected = f.type if isinstance(f.type, str) else getattr(f.type, "__name__", "")
            if expected == "bool" and not isinstance(value, bool):
                raise RulesError(
                    f"option {f.name}: {value!r} is not true or false",
                    sv=f"regeln {f.name}: {value!r} är varken ja eller nej",
                )
            if expected == "int" and (isinstance(value, bool) or not isinstance(value, int)):
                raise RulesError(
                    f"option {f.name}: {value!r} is not a whole number",
                    sv=f"regeln {f.name}: {value!r} är inget heltal",
                )
        self.validate()

    def validate(self) -> None:
        """Check combinations of options; raise :class:`RulesError` if bad."""

    # --- construction -------------------------------------------------------
    @classmethod
    def preset(cls, name: str, **overrides: Any) -> Self:
        """The named preset, with any options overridden."""
        key = name.replace("-", "_").lower()
        if key not in cls.PRESETS:
            raise RulesError(
                f"{cls.GAME} has no preset {name!r}; presets: {', '.join(cls.PRESETS)}",
                sv=f"{cls.GAME} har ingen förinställning {name!r}; "
                f"förinställningar: {', '.join(cls.PRESETS)}",
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
                f"{cls.GAME} has no option {unknown[0]!r}; options: {', '.join(names)}",
                sv=f"{cls.GAME} har ingen regel {unknown[0]!r}; regler: {', '.join(names)}",
            )
        types = {f.name: f.type for f in dataclasses.fields(cls)}
        clean = {}
        for k, v in values.items():
            if isinstance(v, list):
                v = tuple(v)
            if isinstance(v, str) and str(types[k]) not in ("str",):
                v = _parse_value(k, v, types[k])
            clean[k] = v
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
                    f"{cls.GAME} has no option {raw_key!r}; options: {', '.join(types)}",
                    sv=f"{cls.GAME} har ingen regel {raw_key!r}; regler: {', '.join(types)}",
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
            raise RulesError(
                f"{text!r} is not a {cls.GAME} rules text",
                sv=f"{text!r} är ingen regeltext för {cls.GAME}",
            )
        body = rest.rstrip(")").strip()
        values: dict[str, str] = {}
        preset = None
        for part in filter(None, (p.strip() for p in body.split(","))):
            if "=" not in part:
                if preset is None and not values:
                    preset = part
                    continue
                raise RulesError(f"{part!r} is not name=value", sv=f"{part!r} är inte namn=värde")
            k, _, v = part.partition("=")
            values[k.strip()] = v.strip()
        return cls.from_strings(values, preset)

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

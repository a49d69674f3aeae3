"""Message catalogues: every sentence a person reads, in Swedish and English.

The engine raises errors with a catalogue key and parameters; the interfaces
render them here.  The catalogues are gettext ``.po`` files, one per part of the
program (``core``, ``plump``, ``priffe``, ``tremanswhist``, ``records`` …) under
``locales/<lang>/LC_MESSAGES/``, read with Babel.  The ``msgid`` is a stable key
(``plump.sparr``); the ``msgstr`` a template in :meth:`str.format` syntax whose
fields may carry a kind after the colon, formatted for the language:

- ``{card:card}`` a card in the display notation of the language (``A♠`` /
  ``E♠``: people read these messages), ``{cards:cards}`` several, ``{card:disp}``
  the same as ``card``;
- ``{suit:suit}`` a suit with symbol and name (``♠ spades`` / ``♠ spader``),
  ``{suit:suitname}`` its name;
- ``{seat:seatgen}`` the same in the genitive (``Annas``, ``plats 2:s``);
- ``{pile:msg}`` another message of the catalogue, by key; ``{error:err}`` a
  nested error's text;
- ``{points:num}`` a figure to one decimal, whole ones without (``2,5`` / ``2.5``,
  ``3``); ``{points:signed}`` the same with its sign (``+2``, ``−1``, ``0``);
- ``{seat:seat}`` a seat: the person's name where the caller gives names, else
  ``seat 2`` / ``plats 2``.

>>> render("rule.card_not_held", {"seat": 1, "card": 51}, "sv")
'plats 1 har inte E♠'
>>> render("rule.card_not_held", {"seat": 1, "card": 51}, "en", names=["Anna", "Björn"])
'Björn does not hold A♠'
>>> render("rule.card_not_held", {"seat": 0, "card": 51}, "en", names=["you", "Björn"])
'you do not hold A♠'
>>> render("cli.takes", {"name": "You"}, "en")
'You take the trick.'
>>> render("no.such.key", {}, "en")
'no.such.key'
"""

from __future__ import annotations

import re
import string
from collections.abc import Iterator, Mapping, Sequence
from functools import cache
from importlib import resources
from typing import Any

from stickspel.core.cards import SUIT_NAMES, card_display, suit_display
from stickspel.core.errors import error_text, install_renderer

__all__ = [
    "LANGS",
    "render",
    "number_text",
    "has_key",
    "catalogue",
    "gettext",
    "texts",
    "game_title",
]

LANGS = ("sv", "en")
_SEAT_WORD = {"sv": "plats", "en": "seat"}


@cache
def catalogue(lang: str) -> dict[str, str]:
    """Every message of ``lang`` (all domains merged), key → template."""
    from babel.messages.pofile import read_po

    out: dict[str, str] = {}
    folder = resources.files("stickspel.i18n") / "locales" / lang / "LC_MESSAGES"
    if not folder.is_dir():
        return out
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if not entry.name.endswith(".po"):
            continue
        with entry.open("rb") as fh:
            cat = read_po(fh, locale=lang)
        for message in cat:
            if message.id and isinstance(message.id, str) and message.string:
                out[message.id] = str(message.string)
            elif isinstance(message.id, tuple) and isinstance(message.string, tuple):
                # msgid_plural: the singular under the key, the plural beside it
                out[message.id[0]] = str(message.string[0])
                out[message.id[0] + _PLURAL] = str(message.string[-1])
    return out


# where a message with plural forms keeps its plural (``msgid_plural`` in the .po file);
# Swedish and English both use the singular for n == 1 only
_PLURAL = "|plural"


def number_text(value: float, lang: str) -> str:
    """A figure as people of ``lang`` write it: one decimal, whole ones without.

    >>> number_text(2.54, "sv"), number_text(2.54, "en"), number_text(3.0, "sv")
    ('2,5', '2.5', '3')
    """
    x = round(float(value), 1)
    text = str(int(x)) if x == int(x) else f"{x:.1f}"
    return text.replace(".", ",") if lang == "sv" else text


def has_key(key: str) -> bool:
    """Whether ``key`` is a message of the English catalogue."""
    return key in catalogue("en")


class _Formatter(string.Formatter):
    def __init__(self, lang: str, names: Sequence[str] | None, you: int | None = None) -> None:
        self.lang = lang
        self.names = names
        self.you = you  # the reader's seat: named "du" / "you"

    def format_field(self, value: Any, format_spec: str) -> str:
        lang = self.lang
        if format_spec in ("card", "disp"):
            return card_display(value, lang)
        if format_spec == "cards":
            return " ".join(self.format_field(c, "card") for c in value)
        if format_spec == "suit":
            if value is None:
                return "no trump" if lang == "en" else "utan trumf"
            return suit_display(value, lang)
        if format_spec == "suitname":
            return SUIT_NAMES[lang][value]
        if format_spec == "err":  # a nested error, in the same language
            return error_text(value, lang, self.names, self.you)
        if format_spec == "msg":
            return render(str(value), {}, lang, self.names, self.you)
        if format_spec in ("seat", "seatgen") and self.you is not None and value == self.you:
            return render("reader.you" if format_spec == "seat" else "reader.your", {}, lang)
        if format_spec == "seatgen":
            if self.names is not None and isinstance(value, int) and 0 <= value < len(self.names):
                name = str(self.names[value])
                if lang == "en":
                    return f"{name}'s"
                return name if name.endswith(("s", "x", "z")) else f"{name}s"
            return f"{_SEAT_WORD.get(lang, 'seat')} {value}" + ("'s" if lang == "en" else ":s")
        if format_spec == "num":  # a figure to one decimal, in the language's notation
            return number_text(value, lang)
        if format_spec == "signed":  # a deal's points with their sign: +2, −1, 0
            sign = "+" if value > 0 else "−" if value < 0 else ""
            return sign + number_text(abs(value), lang)
        if format_spec.startswith("num/"):  # a figure and its noun: {n:num/trick/tricks}
            _, one, many = format_spec.split("/", 2)
            return f"{number_text(value, lang)} {one if value == 1 else many}"
        if format_spec == "seat":
            if self.names is not None and isinstance(value, int) and 0 <= value < len(self.names):
                return str(self.names[value])
            return f"{_SEAT_WORD.get(lang, 'seat')} {value}"
        return str(super().format_field(value, format_spec))


def _template(key: str, lang: str, n: Any = None) -> str | None:
    """The template of ``key`` in ``lang``, else in English, else ``None``; the plural
    form where the message has one and the count ``n`` is not 1."""
    if isinstance(n, int) and n != 1:
        plural = catalogue(lang).get(key + _PLURAL) or catalogue("en").get(key + _PLURAL)
        if plural:
            return plural
    return catalogue(lang).get(key) or catalogue("en").get(key)


def render(
    key: str,
    params: Mapping[str, Any],
    lang: str = "en",
    names: Sequence[str] | None = None,
    you: int | None = None,
) -> str:
    """The message ``key`` in ``lang`` with ``params`` filled in; English where
    ``lang`` lacks it, the key itself where no catalogue has it.

    ``you`` is the seat of the person reading: that seat is named "du" / "you"
    (its genitive "din" / "your"), and where the message is about that seat (its
    ``seat`` or ``who``) and the catalogue words it for the reader (``<key>.you``),
    that wording is taken:

    >>> render("rule.follow_suit", {"seat": 1, "led": 3, "card": 50}, "sv", ["Anna", "Björn"], you=1)
    'du måste följa färg (♠ spader är spelat) och får inte spela K♠'
    >>> render("rule.duty_to_trump", {"seat": 0, "led": 3, "trump": 2, "card": 0}, "en", you=0)
    'you are void in ♠ spades and hold trump (♥ hearts): you must trump and may not play 2♣'
    >>> render("rule.follow_suit", {"seat": 1, "led": 3, "card": 50}, "en", ["Anna", "Björn"], you=0)
    'Björn must follow suit (♠ spades led) and may not play K♠'

    A message with plural forms takes the one for ``params["n"]``:

    >>> render("cli.protokoll.undone", {"n": 1}, "sv"), render("cli.protokoll.undone", {"n": 2}, "sv")
    ('Ångrade 1 rad.', 'Ångrade 2 rader.')

    A figure whose noun agrees with it within one message (``{n:num/word/words}``):

    >>> render("coach.spel", {"ht": 1, "stoppers": 2}, "en")
    '1 honour trick and 2 suits stopped'
    """
    if you is not None and _about_reader(params, you) and has_key(f"{key}.you"):
        key = f"{key}.you"
    template = _template(key, lang, params.get("n"))
    if template is None:
        return key
    text = _Formatter(lang, names, you).vformat(template, (), dict(params))
    if lang == "en":
        text = _YOU_VERB.sub(lambda m: m.group(1) + _YOU_FORMS[m.group(2)], text)
    return text


def _about_reader(params: Mapping[str, Any], you: int) -> bool:
    """Whether the seat a message is about (its ``seat``, else its ``who``) is ``you``."""
    seat = params.get("seat", params.get("who"))
    return isinstance(seat, int) and not isinstance(seat, bool) and seat == you


# English verbs agree with "you" where a message names the player as "you"
# ("you does not hold" → "you do not hold", "You deals" → "You deal": the player
# at the terminal is called "You" when no name is given); Swedish verbs do not change.
_YOU_FORMS = {
    "does": "do",
    "has": "have",
    "is": "are",
    "was": "were",
    "takes": "take",
    "leads": "lead",
    "deals": "deal",
    "bids": "bid",
    "plays": "play",
    "calls": "call",
    "holds": "hold",
}
_YOU_VERB = re.compile(r"\b([Yy]ou )(" + "|".join(_YOU_FORMS) + r")\b")


def game_title(game: str, lang: str = "en") -> str:
    """A game's name as people read it (``game.title.<game>``): ``Plump (Oh Hell)``."""
    return render(f"game.title.{game}", {}, lang)


def gettext(key: str, lang: str = "en", **params: Any) -> str:
    """Shorthand for :func:`render` with keyword parameters."""
    return render(key, params, lang)


class _Texts(Mapping[str, str]):
    """One language's messages under a key prefix, read like a dict of templates."""

    def __init__(self, prefix: str, lang: str) -> None:
        self._prefix = prefix + "."
        self._lang = lang

    def __getitem__(self, key: str) -> str:
        template = _template(self._prefix + key, self._lang)
        if template is None:
            raise KeyError(key)
        return template

    def __iter__(self) -> Iterator[str]:
        n = len(self._prefix)
        keys = catalogue(self._lang)
        return iter([k[n:] for k in keys if k.startswith(self._prefix) and _PLURAL not in k])

    def __len__(self) -> int:
        return sum(1 for _ in self)


def texts(prefix: str) -> dict[str, Mapping[str, str]]:
    """The messages under ``prefix`` by language (``texts("cli")["sv"]["saved"]``):
    templates for :meth:`str.format`, for interfaces that format their own lines."""
    return {lang: _Texts(prefix, lang) for lang in LANGS}


# every error of the engine renders its key through this catalogue
install_renderer(render)

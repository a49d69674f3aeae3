"""Text from files and people, made safe to show.

A player's name, a record's strings and anything typed are shown as text,
never obeyed: :func:`plain` makes control characters visible (``\\x1b`` → ``␛``,
the Unicode *Control Pictures*; other C0/C1 controls as ``\\xNN``), neutralises
the bidirectional overrides and isolates that could reorder what a terminal
shows (replaced by ``�``) and can cut the text to a length; :func:`markup_safe`
also escapes Rich markup, for text printed through a Rich console.  Both run
in time linear in the text.

>>> plain("Anna\\x1b]8;;http://x\\x07")
'Anna␛]8;;http://x␇'
>>> plain("abc\\u202edef")
'abc�def'
>>> markup_safe("[/]")
'\\\\[/]'
>>> markup_safe("[link=file:///etc/passwd]x[/link]")
'\\\\[link=file:///etc/passwd]x\\\\[/link]'
>>> plain("x" * 50, limit=10)
'xxxxxxxxx…'
"""

from __future__ import annotations

import re

__all__ = ["plain", "markup_safe", "rich_text", "MAX_NAME_LENGTH", "check_name"]

#: The longest player name accepted where names are typed in (characters).
MAX_NAME_LENGTH = 40

# C0 controls (but tab, shown as a space), DEL and C1 controls.
_CONTROL = re.compile(r"[\x00-\x08\x0a-\x1f\x7f\x80-\x9f]")
# Bidirectional embeddings, overrides and isolates; line and paragraph separators.
_BIDI = re.compile(r"[\u202a-\u202e\u2066-\u2069\u2028\u2029\u200e\u200f\u061c]")


def _visible(m: re.Match[str]) -> str:
    c = ord(m.group(0))
    if c < 0x20:
        return chr(0x2400 + c)  # ␀ … ␟ (␛ for ESC, ␊ for a newline)
    if c == 0x7F:
        return "\u2421"  # ␡
    return f"\\x{c:02x}"


def plain(text: object, limit: int | None = None) -> str:
    """``text`` (anything: ``str()`` is taken) with nothing a terminal would obey.

    Control characters become visible pictures (``␛``, ``␇``, ``␊``), tabs
    spaces, bidirectional overrides ``�``.  With ``limit``, text longer than
    that is cut to ``limit`` characters ending in ``…``.

    >>> plain("tab\\there"), plain("a\\nb"), plain(None), plain("\\x9b31m")
    ('tab here', 'a␊b', 'None', '\\\\x9b31m')
    """
    s = text if isinstance(text, str) else str(text)
    if limit is not None and len(s) > limit:
        s = s[: max(limit - 1, 0)] + "…"
    s = s.replace("\t", " ")
    s = _CONTROL.sub(_visible, s)
    return _BIDI.sub("\ufffd", s)


def markup_safe(text: object, limit: int | None = None) -> str:
    """:func:`plain`, then Rich markup escaped: for text printed through Rich."""
    from rich.markup import escape

    return escape(plain(text, limit))


def rich_text(text: object, style: str = "", limit: int | None = None) -> object:
    """A :class:`rich.text.Text` of :func:`plain` ``text`` (never parsed as markup)."""
    from rich.text import Text

    return Text(plain(text, limit), style=style)


def check_name(name: str) -> str | None:
    """Why ``name`` cannot be a player's name, or ``None`` if it can.

    Names are typed in: at most :data:`MAX_NAME_LENGTH` characters, no control
    characters, not empty.

    >>> check_name("Anna"), check_name("A" * 41), check_name("a\\x1bb"), check_name(" ")
    (None, 'longer than 40 characters', 'holds control characters', 'empty')
    """
    if not name.strip():
        return "empty"
    if len(name) > MAX_NAME_LENGTH:
        return f"longer than {MAX_NAME_LENGTH} characters"
    if _CONTROL.search(name) or _BIDI.search(name) or "\t" in name:
        return "holds control characters"
    return None

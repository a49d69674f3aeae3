"""Whole numbers written as text: bids in records, counts typed at the table.

Python's ``int()`` reads far more than a record or a score sheet means by a
number: other scripts' digits (``"٣"`` is 3, ``"３"`` is 1), signs, padding
(``" 3 "``) and underscores (``"1_0"`` is 10).  Every place that turns a call,
a bid, a count or a number of tricks from outside into an int goes through
:func:`parse_digits`, which takes ASCII digits and nothing else; the caller
names what was wrong and where.
"""

from __future__ import annotations

import re

__all__ = ["parse_digits"]

_DIGITS = re.compile(r"[0-9]+")  # an explicit range: ``\d`` would match '٣' too


def parse_digits(text: str, most_digits: int = 3) -> int | None:
    """The number ``text`` spells in ASCII digits, or ``None`` if it is anything else.

    No sign, no spaces, no underscores, no other script's digits, and at most
    ``most_digits`` digits (no 5,000-digit numbers to convert).

    >>> [parse_digits(t) for t in ["3", "12", "0", "007"]]
    [3, 12, 0, 7]
    >>> [parse_digits(t) for t in ["٣", "３", "²", " 3 ", "3\\n", "1_0", "+3", "-1", "", "1234"]]
    [None, None, None, None, None, None, None, None, None, None]
    """
    if len(text) > most_digits or not _DIGITS.fullmatch(text):
        return None
    return int(text)

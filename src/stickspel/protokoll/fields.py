"""Reading a deal's fields as typed (``3,2,4``, ``Anna=3,…``, ``Anna 3+1``, ``plus:H``):
the readers every game's :class:`~stickspel.protokoll.sheetrules.SheetRules` shares."""

from __future__ import annotations

from collections.abc import Sequence

from stickspel.protokoll.scorekeeper import ScorekeeperError, Session, parse_count
from stickspel.safetext import plain

__all__ = [
    "require_game",
    "person_index",
    "seat_of_person",
    "per_player",
    "numbers",
    "honours_of",
    "band",
    "old_tricks",
]


def person_index(session: Session, text: str) -> int:
    """A player's index from a name (case-insensitive, a unique prefix will do) or a number."""
    t = text.strip()
    names = session.players
    k = parse_count(t)
    if k is not None and k < len(names) and t not in names:
        return k
    exact = [i for i, n in enumerate(names) if n.lower() == t.lower()]
    if exact:
        return exact[0]
    prefix = [i for i, n in enumerate(names) if n.lower().startswith(t.lower())]
    if len(prefix) == 1:
        return prefix[0]
    raise ScorekeeperError("scorekeeper.cli.not_a_player", text=text, names=", ".join(names))


def seat_of_person(session: Session, person: int) -> int:
    nxt = session.next_deal()
    seating = nxt.seating if nxt is not None else ()
    return list(seating).index(person) if seating else person


def per_player(session: Session, text: str, what: str) -> list[str]:
    """``3,2,4`` (in the order of the players) or ``Anna=3,Björn=2,Cissi=4`` (any order)."""
    parts = [p.strip() for p in text.replace(";", ",").split(",")]
    n = len(session.players)
    if all("=" in p for p in parts):
        out: list[str | None] = [None] * n
        for p in parts:
            name, _, value = p.partition("=")
            out[person_index(session, name)] = value.strip()
        missing = [session.players[i] for i, v in enumerate(out) if v is None]
        if missing:
            raise ScorekeeperError(
                "scorekeeper.cli.none_given", what=what, missing=", ".join(missing)
            )
        return [str(v) for v in out]
    if len(parts) != n:
        raise ScorekeeperError(
            "scorekeeper.cli.value_count",
            what=what,
            values=len(parts),
            players=n,
            names=", ".join(session.players),
        )
    return parts


def numbers(values: Sequence[str], what: str) -> list[int]:
    out = []
    for v in values:
        k = parse_count(v)
        if k is None:
            shown = repr(plain(v.strip(), 20))
            raise ScorekeeperError("scorekeeper.cli.not_a_number", what=what, shown=shown)
        out.append(k)
    return out


def honours_of(session: Session, text: str | None) -> tuple[int, list[int]] | None:
    if text is None or text.strip().lower() in ("", "ingen", "inga", "none", "-", "0"):
        return None
    t = text.replace(":", " ").replace("=", " ").split()
    if len(t) != 2:
        raise ScorekeeperError("scorekeeper.cli.honours_form", text=text)
    held = {"4": [4, 0], "3+1": [3, 1], "31": [3, 1], "3": [3, 0]}.get(t[1])
    if held is None:
        raise ScorekeeperError("scorekeeper.cli.honours_held", text=text)
    return seat_of_person(session, person_index(session, t[0])), held


def band(text: str) -> tuple[str | None, str | None, str | None]:
    """Upcard (``QH``) or band (``plus``, ``plus:H``, ``minus``): (upcard, kind, trump)."""
    t = text.strip()
    low = t.lower()
    for kind in ("plus", "minus"):
        if low.startswith(kind):
            rest = t[len(kind) :].strip(" :/")
            return None, kind, (rest or None)
    return t, None, None


def require_game(session: Session, game: str) -> None:
    """A row of ``game``'s is written on a sheet of that game only."""
    if session.spec.name != game:
        raise ScorekeeperError("scorekeeper.other_game", kept=session.spec.name, game=game)


def old_tricks(session: Session, row: int) -> list[int]:
    """The tricks written on row ``row`` when it is being corrected (else none)."""
    if row > len(session.entries):
        return []
    return list((session.entries[row - 1].get("result") or {}).get("tricks") or [])

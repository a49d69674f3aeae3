"""Terminal views of a seat's observation: each game's view (its spec's ``view``,
``games/<game>/view.py``) is a :class:`View`:

* ``render(obs: dict, *, players: list[str], lang: str = "sv") -> rich.console.RenderableType``
  — the table as the seat sees it (hand sorted by suit, trump, calls so far, the
  current trick, who leads, scores), built only from ``state.observation(seat)``;
* ``prompt(obs: dict, *, lang: str = "sv") -> str`` — what the seat is asked now
  (e.g. ``"Ditt bud (0–7, inte 3)"``);

``deal_summary(deal: dict, players: list[str], lang) -> list[str]`` (a finished
deal of the record, one line per player or side) and ``rules_summary(rules, lang)
-> str`` (the short rules shown by ``?``).

The generic play loop in :mod:`stickspel.cli.play` draws these plus the protokoll.
The helpers below are shared by the three views: the hand with the positions a
player may type under its cards, and a trick with the names beside the cards.

>>> obs = {"hand": ["2C", "AS", "TD", "KH"], "trump": "H", "phase": "play"}
>>> [card_display(c, "en") for c in hand_order(obs)]
['K♥', 'A♠', '2♣', '10♦']
>>> print(hand_text(obs, "sv", "Din hand").plain)
Din hand: K♥  E♠  2♣  10♦
          1   2   3   4
>>> trick_text({"leader": 2, "cards": ["AC", "7C"]}, ["Anna", "Björn", "Cissi"], "sv")
'Cissi E♣ · Anna 7♣'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol, runtime_checkable

from rich.console import RenderableType
from rich.text import Text

from stickspel.core.cards import card_display, mask_of, parse_card, parse_suit, suit_of
from stickspel.core.cards import sorted_for_display as _sorted
from stickspel.games import game_spec
from stickspel.games.spec import part_of

__all__ = ["View", "view_of", "hand_order", "hand_text", "trick_text", "numbered"]


@runtime_checkable
class View(Protocol):
    """A game's terminal view (its spec's ``view``)."""

    def render(
        self, obs: dict[str, Any], *, players: list[str], lang: str = "sv"
    ) -> RenderableType:
        """The table as the seat of ``obs`` sees it."""
        ...

    def prompt(self, obs: dict[str, Any], *, lang: str = "sv") -> str:
        """What the seat of ``obs`` is asked now."""
        ...

    def deal_summary(self, deal: dict[str, Any], players: list[str], lang: str = "sv") -> list[str]:
        """A finished deal of a record, one line per player or side."""
        ...

    def rules_summary(self, rules: Any, lang: str = "sv") -> str:
        """The short rules shown by ``?``."""
        ...


def view_of(game: str) -> View | None:
    """The terminal view of ``game`` (``None`` where it has none).

    >>> view_of("plump").prompt({"phase": "bid", "hand_size": 1}, lang="en")
    'Your bid (0–1)'
    """
    spec = game_spec(game)
    view: View | None = part_of(spec, spec.view, View)
    return view


# phases where a player picks cards from the hand, and may type a position instead
_PICKING = ("play", "buy")


def numbered(obs: dict[str, Any]) -> bool:
    """Whether the hand is shown with positions under the cards now."""
    return obs.get("phase") in _PICKING


def hand_order(obs: dict[str, Any]) -> list[int]:
    """The hand of ``obs`` in the order shown: by suit, trump first, high to low."""
    trump = parse_suit(str(obs["trump"])) if obs.get("trump") else None
    return _sorted(mask_of([parse_card(c) for c in obs["hand"]]), trump)


def hand_text(obs: dict[str, Any], lang: str, label: str) -> Text:
    """``label: cards`` and, while cards are picked, their positions under them."""
    cards = hand_order(obs)
    top, bottom = f"{label}:", " " * (len(label) + 1)
    for i, c in enumerate(cards):
        gap = "  " if i and suit_of(c) != suit_of(cards[i - 1]) else " "
        shown, pos = card_display(c, lang), str(i + 1)
        width = max(len(shown), len(pos))
        top += gap + shown.ljust(width)  # the position under the card's first character
        bottom += gap + pos.ljust(width)
    text = Text(top.rstrip(), style="bold")
    if numbered(obs) and cards:
        text.append("\n" + bottom.rstrip(), style="dim")
    return text


def trick_text(
    trick: dict[str, Any],
    players: Sequence[str],
    lang: str,
    name_of: Callable[[int], str] | None = None,
) -> str:
    """The cards of ``trick`` with the name of who played each: ``Björn E♣ · Cissi 7♣``."""
    n = len(players)
    name = name_of or (lambda seat: str(players[seat]))
    leader = int(trick["leader"])
    return " · ".join(
        f"{name((leader + k) % n)} {card_display(parse_card(c), lang)}"
        for k, c in enumerate(trick["cards"])
    )

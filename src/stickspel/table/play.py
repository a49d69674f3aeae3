"""Games played by bots alone, through a :class:`~stickspel.table.Table` as at any
other table (simulations, matches, self-play data): one loop,
:meth:`Table.advance <stickspel.table.Table.advance>`, steps them all.

>>> from stickspel import load_game
>>> from stickspel.bots import make_bot
>>> import random
>>> state = load_game("plump(players=3,max_cards=2)").new_initial_state(0)
>>> play_out(state, [make_bot("plump", "random", seed=i) for i in range(3)], random.Random(1))
>>> state.is_terminal()
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from stickspel.core.api import GameState
from stickspel.core.turn import Bot
from stickspel.table.session import Person, Table

__all__ = ["bots_table", "play_out", "play_deal"]


def bots_table(state: GameState, bots: Sequence[Bot], rng: random.Random | None = None) -> Table:
    """A table around ``state`` where bot ``i`` plays for player ``i``."""
    persons = [Person(f"bot-{i + 1}", "bot") for i in range(len(bots))]
    return Table.from_state(state, persons, dict(zip(persons, bots, strict=True)), rng=rng)


def play_out(
    state: GameState, bots: Sequence[Bot], rng: random.Random, max_deals: int | None = None
) -> None:
    """Play ``state`` to the end with one bot per player, or, with ``max_deals``,
    until that many deals are played (the game then stops unfinished).

    Where players change seats (Priffe's parti: ``state.seating()`` maps seat to
    player), bot ``i`` plays for player ``i`` wherever that player sits.
    """
    bots_table(state, bots, rng).advance(max_deals)


def play_deal(state: GameState, bots: Sequence[Bot]) -> None:
    """Play the deal under way in ``state`` to its end (a match's board: the cards
    were dealt before), bot ``i`` for player ``i``."""
    bots_table(state, bots).advance(max_deals=0)  # no deal more

"""The table layer: a game played by persons and bots through one event log.

See :mod:`stickspel.table.session`.
"""

from stickspel.table.play import bots_table, play_deal, play_out
from stickspel.table.session import (
    Autosave,
    BotMove,
    Event,
    Person,
    PersonView,
    SeatEvent,
    StaleVersionError,
    Table,
    plain_observation,
)

__all__ = [
    "Autosave",
    "bots_table",
    "BotMove",
    "Event",
    "Person",
    "PersonView",
    "SeatEvent",
    "StaleVersionError",
    "Table",
    "plain_observation",
    "play_deal",
    "play_out",
]

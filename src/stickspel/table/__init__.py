"""The table layer: a game played by persons and bots through one event log.

See :mod:`stickspel.table.session`.
"""

from stickspel.table.play import play_deal, play_out
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

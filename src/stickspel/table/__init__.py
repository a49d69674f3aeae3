"""The table layer: a game played by persons and bots through one event log.

See :mod:`stickspel.table.session`.
"""

from stickspel.table.session import (
    Autosave,
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
    "Event",
    "Person",
    "PersonView",
    "SeatEvent",
    "StaleVersionError",
    "Table",
    "plain_observation",
]

"""The browser multiplayer server: ``stickspel serve``.

A FastAPI app (:func:`stickspel.server.app.create_app`) over the table layer:
REST to create and list tables, one websocket per connected person speaking
the protocol of ``docs/protocol.md``, a plain web UI, and a store
(:mod:`stickspel.server.store`) that saves each table after every event.
"""

from stickspel.server.store import SQLiteStore, Store, StoredTable, open_store

__all__ = ["SQLiteStore", "Store", "StoredTable", "open_store"]

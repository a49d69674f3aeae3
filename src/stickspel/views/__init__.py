"""Terminal views of a seat's observation, one module per game.

Contract: ``stickspel.views.<game>`` defines

* ``render(obs: dict, *, players: list[str], lang: str = "sv") -> rich.console.RenderableType``
  — the table as the seat sees it (hand sorted by suit, trump, calls so far, the
  current trick, who leads, scores), built only from ``state.observation(seat)``;
* ``prompt(obs: dict, *, lang: str = "sv") -> str`` — what the seat is asked now
  (e.g. ``"Ditt bud (0–7, inte 3)"``).

The generic play loop in :mod:`stickspel.cli` draws these plus the protokoll.
"""

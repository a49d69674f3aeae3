"""Self-play data for training: every decision of games between bots, with the
seat's observation tensor, the legal-action mask, the action taken and the
person's final return, written to Parquet (the ``research`` extra: pyarrow).

Rows are per decision; columns: ``game`` (index), ``step`` (decision number in
the game), ``person``, ``seat``, ``observation`` (list<float32>), ``mask``
(list<int8>), ``action``, ``return`` (the person's total at the end) and
``returns`` (every person's, list<float64>).  Games are seeded
(:func:`stickspel.simulate.game_seed`): the same seed writes the same rows.

>>> import tempfile, pathlib
>>> from stickspel.games import load_game
>>> with tempfile.TemporaryDirectory() as d:
...     n = export_selfplay(load_game("plump(players=3,max_cards=1,deal_order=single)"),
...                         ["heuristic"], games=2, seed=1, path=pathlib.Path(d, "x.parquet"))
>>> n
12
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from stickspel.core import Game
from stickspel.match import seat_kinds
from stickspel.simulate import game_seed

__all__ = ["export_selfplay", "selfplay_rows"]


def selfplay_rows(game: Game, kinds: list[str], index: int, seed: int) -> list[dict[str, Any]]:
    """The decision rows of game ``index`` of a run with ``seed``."""
    from stickspel.bots import make_bot
    from stickspel.core.cards import make_rng
    from stickspel.table import bots_table

    n = game.info.num_players
    rng = make_rng(game_seed(seed, index))
    bots = [
        make_bot(game.name, kind, seed=game_seed(seed, index * n + s, "bot"))
        for s, kind in enumerate(seat_kinds(kinds, n))
    ]
    table = bots_table(game.new_initial_state(), bots, rng)
    state = table.state
    rows: list[dict[str, Any]] = []
    while (step := table.next_step()) is not None:
        if step == "deal":
            table.deal()
            continue
        seat = step.seat
        person = state.seating()[seat]
        row: dict[str, Any] = {
            "game": index,
            "step": len(rows),
            "person": person,
            "seat": seat,
            "observation": state.observation_tensor(seat).ravel().tolist(),
            "mask": state.legal_mask(),
        }
        row["action"] = table.play_bot(step).action
        rows.append(row)
    returns = state.returns()
    for row in rows:
        row["return"] = returns[row["person"]]
        row["returns"] = returns
    return rows


def export_selfplay(game: Game, kinds: list[str], *, games: int, seed: int, path: Path) -> int:
    """Play ``games`` games between bots of ``kinds`` (repeated round the table) and
    write their decisions to ``path`` as Parquet (atomically); the number of rows."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    from stickspel.records.io import atomic_write

    rows = [r for i in range(games) for r in selfplay_rows(game, kinds, i, seed)]
    schema = pa.schema(
        [
            ("game", pa.int32()),
            ("step", pa.int32()),
            ("person", pa.int8()),
            ("seat", pa.int8()),
            ("observation", pa.list_(pa.float32())),
            ("mask", pa.list_(pa.int8())),
            ("action", pa.int16()),
            ("return", pa.float64()),
            ("returns", pa.list_(pa.float64())),
        ]
    )
    table = pa.Table.from_pylist(rows, schema=schema)
    sink = pa.BufferOutputStream()
    pq.write_table(table, sink, compression="zstd")
    atomic_write(path, sink.getvalue().to_pybytes())
    return len(rows)

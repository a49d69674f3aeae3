"""The server's own work for an action, without sockets: a table's ``act`` and what
its ``flush`` builds and encodes for four protocol-2 connections, in one process.

Run by hand (not in CI)::

    PYTHONPATH=src .venv/bin/python benchmarks/bench_room.py [--games 20] [--rounds 3]
        [--base-src /tmp/base/src] [--profile out.prof]

Children's Plump, four people, every action a random legal one (seeded), each
connection's queue emptied and its texts encoded after every action, as the
websocket's sender does.  The store is SQLite in memory, so the figure leaves out
the commit (measured by ``bench_notify.py`` and the load benchmarks); what it
counts is the rules, the record of events, the four views, their deltas and
their texts.  ``--base-src`` runs the same in another tree in a child process,
alternating with this one ``--rounds`` times; process time, microseconds an
action, the best and the median of the rounds.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from typing import Any


def run(games: int, seed: int) -> dict[str, float]:
    """Play ``games`` games; process time per action (µs) and the actions."""
    from stickspel.server.deltas import encode
    from stickspel.server.rooms import Connection, Room, SeatSpec
    from stickspel.server.store import open_store

    store = open_store("sqlite://:memory:")
    rng = random.Random(seed)
    names = ["Anna", "Björn", "Cissi", "David"]
    actions = 0
    spent = 0.0
    for _ in range(games):
        room = Room.create(store, "plump(children)", [SeatSpec(n) for n in names])
        tokens = room.fresh_tokens
        assert tokens is not None
        conns = []
        for token in tokens["persons"]:
            person = room.person_of(token)
            assert person is not None and person is not False
            conn = Connection(person, "sv", protocol=2)
            room.connections.append(conn)
            conns.append(conn)
        room.start()
        for conn in conns:
            conn.send(list(room.pending(conn)))
            _drain(conn, encode)
        while not room.table.state.is_terminal():
            to_act = room.table.to_act()
            if to_act is None:  # the table's own step (a deal)
                room.table.advance()
                room.flush()
                continue
            legal = room.table.view(to_act).legal_actions
            action = rng.choice(list(legal))
            begin = time.process_time()
            room.act(to_act, action, room.table.version)
            room.flush()
            for conn in conns:
                _drain(conn, encode)
            spent += time.process_time() - begin
            actions += 1
    return {"us_per_action": 1e6 * spent / actions, "actions": actions}


def _drain(conn: Any, encode: Any) -> None:
    for msg in conn.take():
        if not isinstance(msg, str):
            encode(msg)


def _child(src: str, games: int, seed: int) -> dict[str, float]:
    env = {**os.environ, "PYTHONPATH": src}
    out = subprocess.run(
        [sys.executable, __file__, "--games", str(games), "--seed", str(seed), "--json"],
        env=env,
        check=True,
        capture_output=True,
        text=True,
    )
    return dict(json.loads(out.stdout.strip().splitlines()[-1]))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--base-src", default=None, help="another tree to run alternately")
    ap.add_argument("--profile", default=None, help="write a cProfile of one run here")
    ap.add_argument("--json", action="store_true", help="one run, its figure as JSON")
    args = ap.parse_args()
    if args.json:
        print(json.dumps(run(args.games, args.seed)))
        return
    if args.profile:
        import cProfile

        cProfile.runctx("run(args.games, args.seed)", globals(), {"args": args}, args.profile)
        return
    here = os.environ.get("PYTHONPATH", "src")
    trees = {"this": here} | ({"base": args.base_src} if args.base_src else {})
    figures: dict[str, list[float]] = {name: [] for name in trees}
    for _ in range(args.rounds):
        for name, src in trees.items():
            figures[name].append(_child(src, args.games, args.seed)["us_per_action"])
    for name, values in figures.items():
        print(
            f"{name}: best {min(values):.1f} µs, median {statistics.median(values):.1f} µs"
            f" an action over {args.rounds} rounds of {args.games} games"
        )


if __name__ == "__main__":
    main()

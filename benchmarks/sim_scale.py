"""How many tables a machine holds at p99 < 100 ms: the scale-out model, simulated.

Run by hand (no server; seconds of CPU)::

    .venv/bin/python benchmarks/sim_scale.py --own 0.9 --follow 0.6 --commit 3 [--json]

The model (docs/deploy.md, "How many tables a machine holds"): ``P`` server
processes, one a core, behind a load balancer that spreads connections at random;
each table's four seats land on up to four of them.  Each process is one event loop,
a queue served in order.  A table acts every ``--think`` seconds on average (uniform in
``[0, 2 × think]``), by a seat chosen at random; the action costs ``--own`` ms of CPU
in the process of that seat (the table's rules, its commit queued, every own
connection's share), then waits for its process's group commit (one writer: every
write queued while a commit runs goes into the next one, each commit ``--commit`` ms),
then costs ``--follow`` ms in each other process that serves a seat of the table (it
hears of the event by ``NOTIFY``, reads it from the log, applies it, sends its own
connections their share) and ``--notify`` ms in every other process (it hears of a
table it does not serve and leaves it).  ``--follow-all`` models the old design, where
every process took in every table's events.  An action's latency: from its arrival to
the moment the last process serving one of the table's other seats has sent it.

For each machine size the largest number of tables whose p99 stays under
``--p99`` ms is found by bisection; printed with the actions a second, the commits a
second PostgreSQL takes (one per group), the ``NOTIFY`` deliveries a second (each
event reaches every listening process) and the busy share of each core.  The
``--own``/``--follow`` figures come from ``bench_load.py`` and ``bench_server.py``
(``benchmarks/RESULTS.md``); PostgreSQL is taken to run on a machine of its own.
"""

from __future__ import annotations

import argparse
import heapq
import json
import random
from dataclasses import dataclass, field


@dataclass
class Process:
    """One event loop and its group-commit writer."""

    free_at: float = 0.0  # the loop is busy until then
    busy: float = 0.0  # CPU seconds spent
    commit_end: float = 0.0  # the commit running ends then
    queued_end: float | None = None  # the next commit's end (its writes are waiting)
    commits: int = 0

    def serve(self, now: float, cost: float) -> float:
        """Run ``cost`` seconds of work that arrives ``now``; when it is done."""
        start = max(now, self.free_at)
        self.free_at = start + cost
        self.busy += cost
        return self.free_at

    def commit(self, now: float, seconds: float) -> float:
        """A write queued ``now``: when the commit holding it is durable."""
        if self.queued_end is not None and now >= self.commit_end:
            self.commit_end, self.queued_end = self.queued_end, None  # that one began
        if now >= self.commit_end:
            self.commit_end = now + seconds
            self.commits += 1
            return self.commit_end
        if self.queued_end is None:
            self.queued_end = self.commit_end + seconds
            self.commits += 1
        return self.queued_end


@dataclass
class Outcome:
    tables: int
    actions_per_s: float
    p99_ms: float
    commits_per_s: float
    notify_per_s: float
    busy: float
    latencies: list[float] = field(default_factory=list, repr=False)


def simulate(tables: int, processes: int, args: argparse.Namespace, seed: int = 1) -> Outcome:
    """``tables`` tables on ``processes`` processes for ``args.seconds`` seconds."""
    rng = random.Random(seed)
    procs = [Process() for _ in range(processes)]
    seats = [[rng.randrange(processes) for _ in range(4)] for _ in range(tables)]
    # (time, tie-break, step, table, seat, the action's start): "act", "written", "durable"
    events: list[tuple[float, int, str, int, int, float]] = []
    tie = 0
    for t in range(tables):
        tie += 1
        heapq.heappush(events, (rng.uniform(0, 2 * args.think), tie, "act", t, 0, 0.0))
    own, follow, commit = (x / 1000 for x in (args.own, args.follow, args.commit))
    # every process hears every event's NOTIFY: a share of each loop, its work stretched
    heard = tables / args.think * args.notify / 1000 if processes > 1 else 0.0
    if heard >= 1:
        return Outcome(tables, tables / args.think, float("inf"), 0, 0, heard)
    own, follow = own / (1 - heard), follow / (1 - heard)
    latencies: list[float] = []
    actions = 0
    while events:
        now, _, step, t, actor, began = heapq.heappop(events)
        if now > args.seconds:
            break
        home = seats[t][actor]
        if step == "act":  # the action's own work in its process, then its write
            actor = rng.randrange(4)
            home = seats[t][actor]
            tie += 1
            done = procs[home].serve(now, own)
            heapq.heappush(events, (done, tie, "written", t, actor, now))
            tie += 1
            heapq.heappush(events, (now + rng.uniform(0, 2 * args.think), tie, "act", t, 0, 0.0))
        elif step == "written":  # queued for the group commit
            tie += 1
            durable = procs[home].commit(now, commit)
            heapq.heappush(events, (durable, tie, "durable", t, actor, began))
        else:  # durable: the home process sends it; the others take it in
            others = {seats[t][i] for i in range(4) if i != actor} - {home}
            takers = set(range(processes)) if args.follow_all else set(seats[t])
            last = now
            for p in takers - {home}:
                end = procs[p].serve(now, follow)
                if p in others:
                    last = max(last, end)
            if began > args.warmup:
                latencies.append(last - began)
                actions += 1
    span = args.seconds - args.warmup
    latencies.sort()
    p99 = latencies[int(len(latencies) * 0.99)] * 1000 if latencies else 0.0
    return Outcome(
        tables,
        actions / span,
        p99,
        sum(p.commits for p in procs) / args.seconds,
        actions / span * (processes - 1),
        max(p.busy for p in procs) / args.seconds,
    )


def capacity(processes: int, args: argparse.Namespace) -> Outcome:
    """The most tables (to 1 %) whose p99 is under ``args.p99`` ms."""
    low, high = 1, 100
    while simulate(high, processes, args).p99_ms < args.p99:
        low, high = high, high * 2
    while high - low > max(1, low // 100):
        mid = (low + high) // 2
        if simulate(mid, processes, args).p99_ms < args.p99:
            low = mid
        else:
            high = mid
    return simulate(low, processes, args)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--own", type=float, required=True, help="ms of CPU where it is taken")
    ap.add_argument("--follow", type=float, required=True, help="ms in each other serving one")
    ap.add_argument("--notify", type=float, default=0.02, help="ms in a process not serving it")
    ap.add_argument("--commit", type=float, default=3.0, help="ms a commit takes")
    ap.add_argument("--think", type=float, default=1.0, help="a table's mean seconds an action")
    ap.add_argument("--p99", type=float, default=100.0)
    ap.add_argument("--seconds", type=float, default=60.0)
    ap.add_argument("--warmup", type=float, default=10.0)
    ap.add_argument("--cores", default="1,2,8,32", help="machine sizes: one process a core")
    ap.add_argument("--follow-all", action="store_true", help="every process takes in all")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    rows = []
    for cores in (int(c) for c in args.cores.split(",")):
        out = capacity(cores, args)
        rows.append({"cores": cores, **{k: v for k, v in vars(out).items() if k != "latencies"}})
    if args.json:
        print(json.dumps(rows))
        return
    print("cores  tables  actions/s  p99 ms  PG commits/s  NOTIFY/s  busiest core")
    for r in rows:
        print(
            f"{r['cores']:>5} {r['tables']:>7} {r['actions_per_s']:>10.0f} {r['p99_ms']:>7.1f}"
            f" {r['commits_per_s']:>13.0f} {r['notify_per_s']:>9.0f} {r['busy']:>13.2f}"
        )


if __name__ == "__main__":
    main()

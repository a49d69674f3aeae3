"""An independent Plump referee, written from RULES.md and RECORD-FORMAT.md alone.

It does not import ``stickspel``: it is a second reading of the rules, so a
record the engine writes must also satisfy it.  :func:`check_plump_record`
returns a list of problems, each naming the deal, trick and seat (1-based deal
and trick numbers, seats as in the record); an empty list means the record is
clean.

>>> check_plump_record({"format": "stickspel/1", "game": "plump", "players": ["A", "B", "C"],
...     "variant": {"max_cards": 1}, "deals": []})
[]
>>> check_plump_record({"format": "stickspel/1", "game": "plump", "players": ["A"], "deals": []})
['players: Plump needs 2 to 10 players, the record names 1']
"""

from __future__ import annotations

from typing import Any

__all__ = ["check_plump_record", "schedule", "score"]

RANKS = "23456789TJQKA"
SUITS = "CDHS"

DEFAULTS: dict[str, Any] = {
    "max_cards": None,
    "deal_order": "down_up",
    "sparr": True,
    "scoring": "standard",
    "plump_penalty": False,
    "trump": "upcard",
    "no_trump_largest": False,
    "bidding": "sequential",
    "first_lead": "forhand",
    "tie_break": False,
}
CHOICES: dict[str, tuple[Any, ...]] = {
    "deal_order": ("down_up", "up_down", "up", "down", "single"),
    "scoring": ("standard", "per_trick", "tricks_only"),
    "trump": ("upcard", "rotation", "rotation_nt", "none"),
    "bidding": ("sequential", "simultaneous"),
    "first_lead": ("forhand", "dealer"),
    "sparr": (True, False),
    "plump_penalty": (True, False),
    "no_trump_largest": (True, False),
    "tie_break": (True, False),
}


class _Stop(Exception):
    """The record is too broken to check further."""


def card(text: Any) -> tuple[int, int] | None:
    """(rank 0-12, suit 0-3) of a record card like ``"TD"`` (any case), else None."""
    if not isinstance(text, str) or len(text) != 2:
        return None
    r, s = text[0].upper(), text[1].upper()
    if r not in RANKS or s not in SUITS:
        return None
    return RANKS.index(r), SUITS.index(s)


def schedule(largest: int, order: str) -> list[int]:
    """Deal sizes in order, from RULES.md: down to 1 and back up, and the variants."""
    down = list(range(largest, 0, -1))
    up = list(range(1, largest + 1))
    if order == "down_up":
        return down + up[1:]
    if order == "up_down":
        return up + down[1:]
    if order == "up":
        return up
    if order == "down":
        return down
    return [largest]


def score(v: dict[str, Any], bid: int, tricks: int) -> int:
    """Points of one seat in one deal under variant ``v``."""
    if bid == tricks:
        return bid if v["scoring"] == "tricks_only" else 10 + bid
    if v["plump_penalty"]:
        return -abs(bid - tricks)
    return tricks if v["scoring"] == "per_trick" else 0


def _winner_of(cards: list[tuple[int, int]], trump: int | None) -> int:
    best = 0
    for i, (r, s) in enumerate(cards):
        br, bs = cards[best]
        if (s == bs and r > br) or (s == trump and bs != trump):
            best = i
    return best


def check_plump_record(doc: Any) -> list[str]:
    """Every problem found in a Plump record (empty when it is clean)."""
    problems: list[str] = []
    try:
        _check(doc, problems)
    except _Stop:
        pass
    return problems


def _check(doc: Any, problems: list[str]) -> None:
    def stop(msg: str) -> _Stop:
        problems.append(msg)
        return _Stop()

    if not isinstance(doc, dict):
        raise stop("a record is a JSON object")
    if doc.get("format") != "stickspel/1":
        raise stop(f"format: {doc.get('format')!r} is not 'stickspel/1'")
    if doc.get("game") != "plump":
        raise stop(f"game: {doc.get('game')!r} is not 'plump'")
    players = doc.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise stop("players: must be a list of names")
    n = len(players)
    if not 2 <= n <= 10:
        raise stop(f"players: Plump needs 2 to 10 players, the record names {n}")
    raw_variant = doc.get("variant") or {}
    if not isinstance(raw_variant, dict):
        raise stop("variant: must be an object")
    v = dict(DEFAULTS)
    v.update({k: raw_variant[k] for k in raw_variant if k in DEFAULTS})
    if raw_variant.get("players", n) != n:
        raise stop(f"variant: players is {raw_variant['players']}, the record names {n}")
    for k, allowed in CHOICES.items():
        if v[k] not in allowed:
            raise stop(f"variant: {k} is {v[k]!r}, not one of {allowed}")
    hands_dealt = n + 1 if n == 2 else n  # two players: a blind hand
    if v["max_cards"] is None:
        largest = min(10, 51 // hands_dealt)
    else:
        largest = v["max_cards"]
        if not isinstance(largest, int) or not 1 <= largest <= 52 // hands_dealt:
            raise stop(f"variant: max_cards {largest!r} is impossible with {n} players")
    if v["bidding"] == "simultaneous" and v["sparr"]:
        raise stop("variant: simultaneous bidding has no spärr")
    sizes = schedule(largest, v["deal_order"])

    deals = doc.get("deals")
    if not isinstance(deals, list):
        raise stop("deals: must be a list")
    totals = [0] * n
    dealer = None
    finished = False
    for i, d in enumerate(deals):
        where = f"deal {i + 1}"
        if finished:
            raise stop(f"{where}: the game was over before this deal")
        if not isinstance(d, dict):
            raise stop(f"{where}: must be an object")
        # size: the schedule, then tie-break deals at the largest size
        if i < len(sizes):
            size = sizes[i]
        elif v["tie_break"]:
            size = largest
        else:
            raise stop(f"{where}: the schedule has only {len(sizes)} deals")
        if "cards" in d and d["cards"] != size:
            problems.append(f"{where}: says {d['cards']} cards, the schedule gives {size}")
        # dealer: any seat first, then clockwise
        want_dealer = d.get("dealer") if dealer is None else (dealer + 1) % n
        if not isinstance(d.get("dealer"), int) or not 0 <= d["dealer"] < n:
            raise stop(f"{where}: dealer {d.get('dealer')!r} is not a seat")
        if d["dealer"] != want_dealer:
            problems.append(
                f"{where}, seat {d['dealer']}: deals, but the deal passes to seat {want_dealer}"
            )
        dealer = d["dealer"]
        forhand = (dealer + 1) % n
        last = i == len(deals) - 1
        complete, points = _check_deal(d, where, i, size, largest, n, dealer, forhand, v, problems)
        if not complete:
            if not last:
                raise stop(f"{where}: unfinished, but more deals follow")
            break
        for s in range(n):
            totals[s] += points[s]
        if i + 1 >= len(sizes):
            top = max(totals)
            if not (v["tie_break"] and totals.count(top) > 1):
                finished = True
    if "totals" in doc and doc["totals"] != totals:
        problems.append(f"totals: the record says {doc['totals']}, the deals add up to {totals}")
    if finished:
        top = max(totals)
        winners = [s for s in range(n) if totals[s] == top]
        if "winner" not in doc:
            problems.append(f"winner: missing, the game is over (winner {winners})")
        elif not isinstance(doc["winner"], list) or sorted(doc["winner"]) != winners:
            problems.append(f"winner: the record says {doc['winner']}, the totals give {winners}")
    elif doc.get("winner") is not None:
        problems.append("winner: given, but the game is unfinished")


def _check_deal(
    d: dict[str, Any],
    where: str,
    index: int,
    size: int,
    largest: int,
    n: int,
    dealer: int,
    forhand: int,
    v: dict[str, Any],
    problems: list[str],
) -> tuple[bool, list[int]]:
    """Check one deal; returns whether it is complete and the points it scores."""
    hands_dealt = n + 1 if n == 2 else n
    # trump: how this deal decides it
    if v["trump"] == "none" or (v["no_trump_largest"] and size == largest):
        rule: str | int | None = None
    elif v["trump"] == "rotation":
        rule = index % 4
    elif v["trump"] == "rotation_nt":
        rule = None if index % 5 == 4 else index % 5
    else:
        rule = "upcard"
    trump: int | None = rule if isinstance(rule, int) else None

    with_cards = "hands" in d or "tricks" in d
    hands: list[list[tuple[int, int]]] = []
    if with_cards:
        raw_hands = d.get("hands")
        if not isinstance(raw_hands, list) or len(raw_hands) != n:
            problems.append(f"{where}: needs {n} hands")
            raise _Stop()
        seen: set[tuple[int, int]] = set()

        def take(text: Any, what: str) -> tuple[int, int] | None:
            c = card(text)
            if c is None:
                problems.append(f"{where}: {what}: {text!r} is not a card")
                return None
            if c in seen:
                problems.append(f"{where}: {what}: {text} is dealt twice (duplicate card)")
            seen.add(c)
            return c

        for s, h in enumerate(raw_hands):
            if not isinstance(h, list) or len(h) != size:
                problems.append(
                    f"{where}, seat {s}: hand has {len(h) if isinstance(h, list) else '?'} cards, "
                    f"the deal has {size}"
                )
                raise _Stop()
            hands.append([c for c in (take(t, f"seat {s}'s hand") for t in h) if c is not None])
        extra = d.get("extra") or []
        if n == 2:
            if len(extra) != 1 or not isinstance(extra[0], list) or len(extra[0]) != size:
                problems.append(f"{where}: the blind hand must be one pile of {size} cards")
            else:
                for t in extra[0]:
                    take(t, "blind hand")
        elif extra:
            problems.append(f"{where}: Plump with {n} players has no extra piles")
        upcard = d.get("upcard")
        left = 52 - size * hands_dealt
        if rule == "upcard" and left:
            up = take(upcard, "upcard")
            if up is None:
                problems.append(f"{where}: a card must be turned up to decide trump")
            else:
                trump = up[1]
        elif upcard is not None:
            problems.append(
                f"{where}: upcard {upcard} given, but this deal turns no card up"
                + (" (no card is left)" if rule == "upcard" else "")
            )
    elif rule == "upcard":
        recorded = d.get("trump")
        trump = SUITS.index(recorded) if recorded in tuple(SUITS) else None
    if "trump" in d and d["trump"] != (None if trump is None else SUITS[trump]):
        problems.append(
            f"{where}: trump is {d['trump']!r}, the rules give "
            f"{None if trump is None else SUITS[trump]!r}"
        )

    # bidding: förhand first, dealer last, bids 0 … size, spärren for the dealer
    auction = d.get("auction") or []
    bids: list[int | None] = [None] * n
    for k, entry in enumerate(auction):
        seat = (forhand + k) % n
        if k >= n:
            problems.append(f"{where}: more than {n} bids")
            break
        if not isinstance(entry, dict):
            problems.append(f"{where}: bid {k + 1} is not an object")
            raise _Stop()
        if entry.get("seat") != seat:
            problems.append(
                f"{where}, seat {entry.get('seat')}: bids out of turn, it is seat {seat}'s bid"
            )
        call = entry.get("call")
        if not isinstance(call, str) or not call.isdigit() or not 0 <= int(call) <= size:
            problems.append(f"{where}, seat {seat}: bid {call!r} is not 0–{size}")
            bids[seat] = 0
            continue
        bids[seat] = int(call)
        if seat == dealer and v["sparr"] and v["bidding"] == "sequential":
            others = sum(b for s, b in enumerate(bids) if s != dealer and b is not None)
            if others + int(call) == size:
                problems.append(
                    f"{where}, seat {seat}: the dealer bids {call} and the bids add up to "
                    f"{size} (spärren)"
                )
    all_bid = len(auction) == n

    # play
    won = [0] * n
    tricks = d.get("tricks") or []
    if with_cards:
        remaining = [list(h) for h in hands]
        leader = dealer if v["first_lead"] == "dealer" else forhand
        if tricks and not all_bid:
            problems.append(f"{where}: cards played before all have bid")
        for t, tr in enumerate(tricks):
            tw = f"{where}, trick {t + 1}"
            if not isinstance(tr, dict) or not isinstance(tr.get("cards"), list):
                problems.append(f"{tw}: a trick needs its cards")
                raise _Stop()
            if tr.get("leader") != leader:
                problems.append(
                    f"{tw}, seat {tr.get('leader')}: leads, but the lead belongs to seat {leader}"
                )
            played: list[tuple[int, int]] = []
            for k, text in enumerate(tr["cards"]):
                seat = (leader + k) % n
                c = card(text)
                if c is None:
                    problems.append(f"{tw}, seat {seat}: {text!r} is not a card")
                    raise _Stop()
                if c not in remaining[seat]:
                    problems.append(f"{tw}, seat {seat}: plays {text}, a card not held")
                else:
                    if played:
                        led = played[0][1]
                        if c[1] != led and any(x[1] == led for x in remaining[seat]):
                            problems.append(
                                f"{tw}, seat {seat}: plays {text} but must follow suit "
                                f"({SUITS[led]} led)"
                            )
                    remaining[seat].remove(c)
                played.append(c)
            if len(played) < n:
                if t != len(tricks) - 1 or "result" in d:
                    problems.append(f"{tw}: has {len(played)} cards, not {n}")
                break
            if len(played) > n:
                problems.append(f"{tw}: has {len(played)} cards, not {n}")
                raise _Stop()
            w = (leader + _winner_of(played, trump)) % n
            if tr.get("winner") != w:
                problems.append(
                    f"{tw}, seat {tr.get('winner')}: recorded as the trick's winner, "
                    f"the rules give it to seat {w}"
                )
            won[w] += 1
            leader = w
        if len(tricks) > size:
            problems.append(f"{where}: {len(tricks)} tricks, the deal has {size}")
        complete = all_bid and len(tricks) == size and len(tricks[-1]["cards"]) == n
    else:
        reported = (d.get("result") or {}).get("tricks")
        complete = all_bid and isinstance(reported, list) and len(reported) == n
        if complete and isinstance(reported, list):
            won = [t if isinstance(t, int) else 0 for t in reported]
            if sum(won) != size:
                problems.append(f"{where}: reported tricks add up to {sum(won)}, not {size}")
    if not complete:
        if "result" in d:
            problems.append(f"{where}: has a result but its play is unfinished")
        return False, [0] * n
    points = [score(v, b or 0, t) for b, t in zip(bids, won, strict=True)]
    result = d.get("result")
    if not isinstance(result, dict):
        problems.append(f"{where}: a finished deal needs its result")
        return True, points
    if result.get("tricks") != won:
        problems.append(f"{where}: result tricks are {result.get('tricks')}, the play gives {won}")
    if result.get("points") != points:
        got = result.get("points")
        bad_seat = next(
            (s for s in range(n) if not isinstance(got, list) or got[s : s + 1] != [points[s]]),
            None,
        )
        problems.append(
            f"{where}, seat {bad_seat}: result points (score) are {got}, the rules give {points}"
        )
    return True, points

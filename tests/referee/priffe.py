"""An independent Priffe referee, written from RULES.md and RECORD-FORMAT.md alone.

It does not import ``stickspel``: a second reading of the rules that every
Priffe record the engine writes must satisfy.  :func:`check_priffe_record`
returns a list of problems, each naming the deal (1-based), trick and seat; an
empty list means the record is clean.  The result fields it checks are those
docs/priffe.md names (contract, declarers, bidder, honours, slam, penalty,
trick points, game and rubber events, points per seat, totals per person).

>>> check_priffe_record({"format": "stickspel/1", "game": "priffe", "players": list("ABCD"),
...     "deals": []})
[]
>>> check_priffe_record({"format": "stickspel/1", "game": "priffe", "players": ["A"], "deals": []})
['players: Priffe is played by 4, the record names 1']
"""

from __future__ import annotations

from typing import Any

__all__ = ["check_priffe_record", "score", "honours"]

RANKS = "23456789TJQKA"
SUITS = "CDHS"
CALL_WORDS = {
    "pass": "pass", "klöver": "klöver", "klover": "klöver", "spader": "spader",
    "ruter": "ruter", "hjärter": "hjärter", "hjarter": "hjärter", "noll": "noll", "spel": "spel",
}  # fmt: skip
MODERN_ORDER = ["klöver", "spader", "ruter", "hjärter", "noll", "spel"]
OLD_ORDER = ["spader", "klöver", "ruter", "hjärter", "noll", "spel"]
TRUMP_OF = {"klöver": "C", "spader": "S", "ruter": "D", "hjärter": "H"}
DEFAULTS: dict[str, Any] = {
    "style": "modern",
    "parti": "three_rubbers",
    "trick_value": 10,
    "old_values": [2, 6, 7, 8, 9, 10],
    "game_points": None,
    "rubber_games": 2,
    "lillslam": 20,
    "storslam": 40,
    "honours": True,
}
# everyone partners everyone across the three rubbers (seat -> person)
ROTATION = [[0, 1, 2, 3], [0, 2, 1, 3], [0, 1, 3, 2]]


class _Stop(Exception):
    """The record is too broken to check further."""


def card(text: Any) -> tuple[int, int] | None:
    """(rank 0-12, suit letter) of a record card like ``"TD"``, else None."""
    if not isinstance(text, str) or len(text) != 2:
        return None
    r, s = text[0].upper(), text[1].upper()
    if r not in RANKS or s not in SUITS:
        return None
    return RANKS.index(r), SUITS.index(s)


def honours(contract: str, hands: list[list[tuple[int, int]]]) -> dict[str, Any] | None:
    """The honours scored: aces in spel, A K Q J of trumps, twos in noll and tvångsnoll."""
    if contract == "spel":
        wanted = {(12, s) for s in range(4)}
        kind = "aces"
    elif contract in TRUMP_OF:
        t = SUITS.index(TRUMP_OF[contract])
        wanted = {(r, t) for r in (9, 10, 11, 12)}
        kind = "trumps"
    else:
        wanted = {(0, s) for s in range(4)}
        kind = "twos"
    counts = [len(wanted & set(h)) for h in hands]
    for seat in range(4):
        if counts[seat] >= 3:
            partner = counts[(seat + 2) % 4]
            value = {4: 50}.get(counts[seat], 40 if partner == 1 else 30)
            return {"side": seat % 2, "kind": kind, "held": [counts[seat], partner],
                    "points": value}  # fmt: skip
    return None


def value_of(v: dict[str, Any], contract: str) -> int:
    if v["style"] == "modern":
        return int(v["trick_value"])
    key = "noll" if contract == "tvångsnoll" else contract
    return int(v["old_values"][OLD_ORDER.index(key)])


def score(v: dict[str, Any], contract: str, decl: int | None, t: list[int]) -> dict[str, Any]:
    """Trick points (below), penalty and slam of one deal; ``t`` tricks per side."""
    val = value_of(v, contract)
    below = [0, 0]
    penalty = None
    slam = None
    made = None
    if contract == "tvångsnoll":
        below = [val * max(0, 6 - t[0]), val * max(0, 6 - t[1])]
    elif contract == "noll":
        assert decl is not None
        for side in (0, 1):
            if t[side] <= 6:
                below[side] = val * (7 - t[side])
                made = side == decl
                if side != decl:
                    penalty = {"side": side, "points": below[side]}
        if t[decl] == 0:
            slam = {"side": decl, "kind": "storslam", "points": v["storslam"]}
        if t[decl] == 1:
            slam = {"side": decl, "kind": "lillslam", "points": v["lillslam"]}
    else:
        assert decl is not None
        for side in (0, 1):
            if t[side] >= 7:
                below[side] = val * (t[side] - 6)
                made = side == decl
                if side != decl:
                    penalty = {"side": side, "points": below[side]}
        if t[decl] == 13:
            slam = {"side": decl, "kind": "storslam", "points": v["storslam"]}
        if t[decl] == 12:
            slam = {"side": decl, "kind": "lillslam", "points": v["lillslam"]}
    return {"below": below, "penalty": penalty, "slam": slam, "made": made}


def check_priffe_record(doc: Any) -> list[str]:
    """Every problem found in a Priffe record (empty: clean)."""
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

    if not isinstance(doc, dict) or doc.get("format") != "stickspel/1":
        raise stop("format: not a stickspel/1 record")
    if doc.get("game") != "priffe":
        raise stop(f"game: {doc.get('game')!r} is not priffe")
    players = doc.get("players")
    if not isinstance(players, list) or len(players) != 4:
        n = len(players) if isinstance(players, list) else 0
        raise stop(f"players: Priffe is played by 4, the record names {n}")
    v = dict(DEFAULTS)
    v.update(doc.get("variant") or {})
    if v["style"] not in ("modern", "old") or v["parti"] not in ("three_rubbers", "one_rubber"):
        raise stop(f"variant: style {v['style']!r} / parti {v['parti']!r} unknown")
    target = v["game_points"] or (20 if v["style"] == "old" else 30)
    rubbers = 3 if v["parti"] == "three_rubbers" else 1
    order = OLD_ORDER if v["style"] == "old" else MODERN_ORDER
    deals = doc.get("deals")
    if not isinstance(deals, list):
        raise stop("deals: missing")
    totals = [0, 0, 0, 0]
    rubber = 0
    below = [0, 0]
    games = [0, 0]
    dealer = None
    over = False
    for i, d in enumerate(deals, start=1):
        where = f"deal {i}"
        if over:
            problems.append(f"{where}: the parti was over before this deal")
            return
        if not isinstance(d, dict):
            raise stop(f"{where}: not an object")
        seating = d.get("seating", [0, 1, 2, 3])
        want_seating = ROTATION[rubber] if rubbers == 3 else [0, 1, 2, 3]
        if seating != want_seating:
            problems.append(f"{where}: seating {seating}, rubber {rubber + 1} wants {want_seating}")
        if dealer is None:
            dealer = d.get("dealer")
            if dealer not in (0, 1, 2, 3):
                raise stop(f"{where}: dealer {dealer!r} is not a seat")
        elif d.get("dealer") != dealer:
            problems.append(
                f"{where}, seat {d.get('dealer')}: deals, but it is seat {dealer}'s deal"
            )
        forhand = (dealer + 1) % 4
        # --- auction
        auction = d.get("auction") or []
        high, high_seat = None, None
        closed = False
        turn = forhand
        for k, entry in enumerate(auction):
            seat = entry.get("seat") if isinstance(entry, dict) else None
            call = (
                CALL_WORDS.get(str(entry.get("call")).lower()) if isinstance(entry, dict) else None
            )
            if closed:
                problems.append(f"{where}, seat {seat}: calls after the auction closed")
                break
            if seat != turn:
                problems.append(f"{where}, seat {seat}: calls out of turn (seat {turn}'s call)")
                break
            if call is None:
                problems.append(f"{where}, seat {seat}: {entry!r} is not a call")
                break
            if call != "pass":
                if high is not None and order.index(call) <= order.index(high):
                    problems.append(f"{where}, seat {seat}: {call} is not higher than {high}")
                if call == "spader" and v["style"] == "modern" and k > 1:
                    problems.append(
                        f"{where}, seat {seat}: spader only from förhand or second hand"
                    )
                high, high_seat = call, seat
            turn = (turn + 1) % 4
            if call == "spel" or k == 3:
                closed = True
        if not closed:
            if "result" in d or d.get("tricks"):
                problems.append(f"{where}: the auction is unfinished")
            return  # the record stops here
        real = high is not None and (v["style"] == "old" or high not in ("spader", "klöver"))
        contract = high if real else "tvångsnoll"
        assert contract is not None
        decl = None if not real else high_seat % 2  # type: ignore[operator]
        trump = TRUMP_OF.get(contract)
        if "trump" in d and d["trump"] != trump:
            problems.append(f"{where}: trump {d['trump']}, the contract {contract} has {trump}")
        lead = (high_seat - 1) % 4 if contract == "spel" else forhand  # type: ignore[operator]
        res = d.get("result")
        # --- cards
        seat_tricks = [0, 0, 0, 0]
        hon = None
        if "hands" in d:
            hands_raw = d["hands"]
            if not isinstance(hands_raw, list) or len(hands_raw) != 4:
                raise stop(f"{where}: needs 4 hands")
            hands: list[list[tuple[int, int]]] = []
            seen: set[tuple[int, int]] = set()
            for s, h in enumerate(hands_raw):
                cs = [card(c) for c in h]
                if None in cs or len(cs) != 13:
                    raise stop(f"{where}, seat {s}: a hand of 13 cards is needed")
                for c in cs:
                    assert c is not None
                    if c in seen:
                        raise stop(f"{where}, seat {s}: {c} dealt twice")
                    seen.add(c)
                hands.append([c for c in cs if c is not None])
            hon = honours(contract, hands)
            held = [set(h) for h in hands]
            tricks = d.get("tricks") or []
            t_trump = SUITS.index(trump) if trump else None
            for t, trick in enumerate(tricks, start=1):
                tw = f"{where}, trick {t}"
                if trick.get("leader") != lead:
                    problems.append(
                        f"{tw}, seat {trick.get('leader')}: leads, the lead is seat {lead}'s"
                    )
                    return
                cs = [card(c) for c in trick.get("cards", [])]
                for k, c in enumerate(cs):
                    s = (lead + k) % 4
                    if c is None or c not in held[s]:
                        problems.append(f"{tw}, seat {s}: plays a card it does not hold")
                        return
                    led = cs[0][1]  # type: ignore[index]
                    if c[1] != led and any(x[1] == led for x in held[s]):
                        problems.append(f"{tw}, seat {s}: does not follow suit")
                        return
                    held[s].discard(c)
                if len(cs) < 4:
                    if t != len(tricks) or res is not None:
                        problems.append(f"{tw}: a trick of {len(cs)} cards")
                    return
                best = 0
                for k in range(1, 4):
                    a, b = cs[k], cs[best]
                    assert a is not None and b is not None
                    if (a[1] == b[1] and a[0] > b[0]) or (a[1] == t_trump and b[1] != t_trump):
                        best = k
                winner = (lead + best) % 4
                if trick.get("winner") != winner:
                    problems.append(
                        f"{tw}: winner {trick.get('winner')}, the cards give seat {winner}"
                    )
                seat_tricks[winner] += 1
                lead = winner
            if len(tricks) < 13:
                if res is not None:
                    problems.append(f"{where}: a result after {len(tricks)} tricks")
                return
        if not isinstance(res, dict):
            return
        # --- result
        rt = res.get("tricks")
        if "hands" in d:
            if rt != seat_tricks:
                problems.append(f"{where}: result tricks {rt}, the play gives {seat_tricks}")
            sides = [seat_tricks[0] + seat_tricks[2], seat_tricks[1] + seat_tricks[3]]
        else:
            if not isinstance(rt, list) or len(rt) not in (2, 4) or sum(rt) != 13:
                problems.append(f"{where}: result tricks {rt} do not make 13 by side or seat")
                return
            sides = list(rt) if len(rt) == 2 else [rt[0] + rt[2], rt[1] + rt[3]]
            reported = res.get("honours")
            if isinstance(reported, dict):
                h = [int(x) for x in reported.get("held", [])]
                pts = (
                    {(4, 0): 50, (3, 1): 40, (3, 0): 30}.get((h[0], h[1])) if len(h) == 2 else None
                )
                if pts is None:
                    problems.append(f"{where}: honours held {h} score nothing")
                    return
                hon = {"side": reported.get("side"), "held": h, "points": pts}
        if not v["honours"]:
            hon = None
        sc = score(v, contract, decl, sides)
        checks = {
            "contract": contract,
            "declarers": [] if decl is None else [decl, decl + 2],
            "bidder": high_seat,
            "made": sc["made"],
            "trick_points": sc["below"],
            "penalty": sc["penalty"],
            "slam": sc["slam"],
        }
        for key, want in checks.items():
            if key in res and res[key] != want:
                problems.append(f"{where}: result {key} is {res[key]}, the rules give {want}")
        got_hon = res.get("honours")
        if "hands" in d and got_hon != hon:
            problems.append(f"{where}: honours {got_hon}, the hands give {hon}")
        side_points = list(sc["below"])
        for item in (sc["penalty"], sc["slam"], hon):
            if item:
                side_points[item["side"]] += item["points"]
        want_points = [side_points[s % 2] for s in range(4)]
        if res.get("points") != want_points:
            problems.append(f"{where}: points {res.get('points')}, the rules give {want_points}")
        for s in range(4):
            totals[seating[s]] += want_points[s]
        # --- game and rubber
        below = [below[0] + sc["below"][0], below[1] + sc["below"][1]]
        game = None
        if max(below) >= target:
            game = 0 if below[0] >= below[1] else 1
            games[game] += 1
            below = [0, 0]
        if res.get("game_won", game) != game:
            problems.append(
                f"{where}: game_won {res.get('game_won')}, the trick score gives {game}"
            )
        rubber_won = game if game is not None and games[game] >= v["rubber_games"] else None
        if res.get("rubber_won", rubber_won) != rubber_won:
            problems.append(
                f"{where}: rubber_won {res.get('rubber_won')}, the games give {rubber_won}"
            )
        dealer_person = seating[dealer] if seating in ROTATION else dealer
        dealer = (dealer + 1) % 4
        if rubber_won is not None:
            rubber += 1
            games = [0, 0]
            below = [0, 0]
            if rubber == rubbers:
                over = True
            elif rubbers == 3:
                # people change seats; the deal goes to the left of the person who dealt last
                dealer = (ROTATION[rubber].index(dealer_person) + 1) % 4
    if "totals" in doc and doc["totals"] != totals:
        problems.append(f"totals: the record says {doc['totals']}, the deals add up to {totals}")
    if over:
        top = max(totals)
        winners = [p for p in range(4) if totals[p] == top]
        if sorted(doc.get("winner") or []) != winners:
            problems.append(
                f"winner: the record says {doc.get('winner')}, the totals give {winners}"
            )
    elif doc.get("winner"):
        problems.append("winner: given, but the parti is unfinished")

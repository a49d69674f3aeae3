"""An independent Tremanswhist referee, written from RULES.md and RECORD-FORMAT.md alone.

It does not import ``stickspel``: a second reading of the rules that every
Tremanswhist record must satisfy.  :func:`check_tremanswhist_record` returns a
list of problems, each naming the deal (1-based), trick and seat; an empty list
means the record is clean.  Result fields checked where present (as
docs/tremanswhist.md names them): ``tricks``, ``points``, ``kind``, ``trump``,
``exchanged`` (main game), ``bought``, ``targets`` and ``round`` (buying).

>>> check_tremanswhist_record({"format": "stickspel/1", "game": "tremanswhist",
...     "players": ["A", "B", "C"], "deals": []})
[]
>>> check_tremanswhist_record({"format": "stickspel/1", "game": "tremanswhist",
...     "players": ["A", "B"], "deals": []})
['players: Tremanswhist is played by 3, the record names 2']
"""

from __future__ import annotations

from typing import Any

__all__ = ["check_tremanswhist_record", "deal_type", "points_for"]

RANKS = "23456789TJQKA"
SUITS = "CDHS"
DEFAULTS: dict[str, Any] = {
    "form": "standard",
    "offer_continues": False,
    "minus_trump": False,
    "win_score": 10,
    "max_deals": None,
    "plus_targets": [6, 5, 2],
    "minus_targets": [2, 5, 6],
}


class _Stop(Exception):
    """The record is too broken to check further."""


Card = tuple[int, int]  # (rank 0–12, suit 0–3)


def card(text: Any) -> Card | None:
    if not isinstance(text, str) or len(text) != 2:
        return None
    r, s = text[0].upper(), text[1].upper()
    if r not in RANKS or s not in SUITS:
        return None
    return RANKS.index(r), SUITS.index(s)


def deal_type(upcard: Card, minus_trump: bool) -> tuple[str, int | None]:
    """RULES.md: 2–7 minus without trump (option: the upcard's suit), 8–10 plus
    without trump, J–A plus with the upcard's suit."""
    rank, suit = upcard
    if rank <= RANKS.index("7"):
        return "minus", suit if minus_trump else None
    if rank <= RANKS.index("T"):
        return "plus", None
    return "plus", suit


def points_for(kind: str, tricks: int, target: int) -> int:
    return tricks - target if kind == "plus" else target - tricks


class _Referee:
    def __init__(self, doc: dict[str, Any]) -> None:
        self.doc = doc
        self.problems: list[str] = []
        variant = doc.get("variant") or {}
        self.v = {**DEFAULTS, **(variant if isinstance(variant, dict) else {})}
        self.buying = self.v["form"] == "buying"

    def fail(
        self,
        msg: str,
        deal: int | None = None,
        trick: int | None = None,
        seat: Any = None,
        stop: bool = False,
    ) -> None:
        where = []
        if deal is not None:
            where.append(f"deal {deal}")
        if trick is not None:
            where.append(f"trick {trick}")
        if seat is not None:
            where.append(f"seat {seat}")
        self.problems.append((", ".join(where) + ": " if where else "") + msg)
        if stop:
            raise _Stop

    # --- the whole record ---------------------------------------------------------------
    def run(self) -> None:
        doc = self.doc
        if doc.get("format") != "stickspel/1":
            self.fail(f"format is {doc.get('format')!r}, not 'stickspel/1'", stop=True)
        if doc.get("game") != "tremanswhist":
            self.fail(f"game is {doc.get('game')!r}, not 'tremanswhist'", stop=True)
        players = doc.get("players")
        if not isinstance(players, list) or len(players) != 3:
            n = len(players) if isinstance(players, list) else players
            self.fail(f"players: Tremanswhist is played by 3, the record names {n}", stop=True)
        deals = doc.get("deals")
        if not isinstance(deals, list):
            self.fail("deals must be a list", stop=True)
        assert isinstance(deals, list)
        totals = [0, 0, 0]
        dealer: int | None = None
        over = False
        for i, deal in enumerate(deals, start=1):
            if over:
                self.fail("a deal after the game was over", deal=i, stop=True)
            if not isinstance(deal, dict):
                self.fail("a deal must be an object", deal=i, stop=True)
            d = deal.get("dealer")
            if not isinstance(d, int) or not 0 <= d <= 2:
                self.fail(f"dealer {d!r} is not a seat", deal=i, stop=True)
            if dealer is not None and d != (dealer + 1) % 3:
                self.fail(f"seat {d} deals, the deal passes to seat {(dealer + 1) % 3}", deal=i)
            dealer = d
            last = i == len(deals)
            if "hands" in deal or "tricks" in deal:
                points = self.deal_with_cards(deal, i, d, last)
            else:
                points = self.reported_deal(deal, i, d)
            if points is None:  # unfinished
                if not last:
                    self.fail("the deal is unfinished but more deals follow", deal=i, stop=True)
                break
            for s in range(3):
                totals[s] += points[s]
            over = self.game_over(totals, i)
        if "totals" in doc and doc["totals"] != totals:
            self.fail(f"totals are {doc['totals']}, the deals add up to {totals}")
        if "winner" in doc:
            if not over:
                self.fail("the record names a winner but the game is not over")
            else:
                top = max(totals)
                want = [s for s in range(3) if totals[s] == top]
                if sorted(doc["winner"] or []) != want:
                    self.fail(f"winner is {doc['winner']}, the totals make it {want}")
        elif over:
            self.fail("the game is over but the record names no winner")

    def game_over(self, totals: list[int], deals_played: int) -> bool:
        if self.buying:
            return deals_played >= 9
        top = max(totals)
        if top >= self.v["win_score"] and totals.count(top) == 1:
            return True
        cap = self.v.get("max_deals")
        return cap is not None and deals_played >= cap

    # --- what kind of deal --------------------------------------------------------------------
    def round_of(self, i: int) -> int:
        return (i - 1) // 3 + 1

    def targets(self, kind: str, dealer: int) -> list[int]:
        by_pos = self.v["plus_targets"] if kind == "plus" else self.v["minus_targets"]
        out = [0, 0, 0]
        for pos in range(3):
            out[(dealer + 1 + pos) % 3] = by_pos[pos]
        return out

    def kind_and_trump(
        self, deal: dict[str, Any], i: int, upcard: Card | None, reported: bool
    ) -> tuple[str, int | None]:
        trump_raw = deal.get("trump")
        trump_given = card_suit(trump_raw)
        if self.buying:
            r = self.round_of(i)
            if r in (1, 2):
                if deal.get("upcard") is not None:
                    self.fail(f"round {r} of the buying variant turns no card", deal=i)
                return ("plus" if r == 1 else "minus"), None
            if upcard is not None:
                return "plus", upcard[1]
            if reported and trump_given is not None:
                return "plus", trump_given
            self.fail("round 3 needs a trump suit drawn at random", deal=i, stop=True)
        if upcard is None:
            if reported and deal.get("kind") in ("plus", "minus"):
                return deal["kind"], trump_given
            self.fail("the deal has no upcard to decide it", deal=i, stop=True)
        assert upcard is not None
        return deal_type(upcard, bool(self.v["minus_trump"]))

    # --- a deal played with the cards ---------------------------------------------------------
    def deal_with_cards(
        self, deal: dict[str, Any], i: int, dealer: int, last: bool
    ) -> list[int] | None:
        hands_raw = deal.get("hands")
        if not isinstance(hands_raw, list) or len(hands_raw) != 3:
            self.fail("hands: three hands are dealt", deal=i, stop=True)
        assert isinstance(hands_raw, list)
        extra_raw = deal.get("extra")
        if not isinstance(extra_raw, list) or len(extra_raw) != 1:
            self.fail("extra: the fourth pile (one list) is missing", deal=i, stop=True)
        assert isinstance(extra_raw, list)
        hands: list[list[Card]] = []
        for s, h in enumerate([*hands_raw, extra_raw[0]]):
            cards = [card(c) for c in h] if isinstance(h, list) else [None]
            if any(c is None for c in cards) or len(cards) != 13:
                who = f"seat {s}" if s < 3 else "the fourth pile"
                self.fail(f"{who} must be dealt 13 cards", deal=i, stop=True)
            hands.append([c for c in cards if c is not None])
        every = [c for h in hands for c in h]
        if len(set(every)) != 52:
            self.fail("the four piles are not 52 distinct cards", deal=i, stop=True)
        pile = hands.pop()
        forhand = (dealer + 1) % 3
        up = card(deal.get("upcard")) if deal.get("upcard") is not None else None
        turns_card = not self.buying or self.round_of(i) == 3
        if turns_card and up != pile[-1]:
            self.fail("the upcard is not the last card dealt (the fourth pile's last)", deal=i)
        kind, trump = self.kind_and_trump(deal, i, up, reported=False)
        self.check_deal_fields(deal, i, kind, trump)
        held = [set(h) for h in hands]
        pile_now = list(pile)
        takers: list[int] = []
        bought = [0, 0, 0]
        entries = deal.get("exchanges") or []
        complete = self.apply_exchanges(entries, i, forhand, dealer, held, pile_now, takers, bought)
        tricks = deal.get("tricks") or []
        has_result = isinstance(deal.get("result"), dict)
        if not complete:
            if has_result or tricks or not last:
                self.fail("the exchange is incomplete", deal=i, stop=True)
            return None
        won = [0, 0, 0]
        leader = forhand
        for t, trick in enumerate(tricks, start=1):
            if not isinstance(trick, dict):
                self.fail("a trick must be an object", deal=i, trick=t, stop=True)
            if trick.get("leader") != leader:
                self.fail(
                    f"seat {trick.get('leader')} leads, the lead is seat {leader}'s",
                    deal=i,
                    trick=t,
                    stop=True,
                )
            cards_raw = trick.get("cards") or []
            played = [card(c) for c in cards_raw]
            if len(played) > 3 or any(c is None for c in played):
                self.fail("a trick is up to three cards", deal=i, trick=t, stop=True)
            if len(played) < 3 and (t < len(tricks) or has_result):
                self.fail("a trick has three cards", deal=i, trick=t, stop=True)
            seat = leader
            best_seat, best = leader, None
            for c in played:
                assert c is not None
                self.check_play(c, held[seat], played[0], trump, i, t, seat)
                held[seat].discard(c)
                if best is None or beats(c, best, trump):
                    best, best_seat = c, seat
                seat = (seat + 1) % 3
            if len(played) == 3:
                if trick.get("winner") != best_seat:
                    self.fail(
                        f"the record says seat {trick.get('winner')} took the trick, "
                        f"the rules give it to seat {best_seat}",
                        deal=i,
                        trick=t,
                    )
                won[best_seat] += 1
                leader = best_seat
        if not has_result:
            if not last:
                self.fail("the deal has no result but more deals follow", deal=i, stop=True)
            return None
        if len(tricks) != 13:
            self.fail(f"a finished deal has 13 tricks, not {len(tricks)}", deal=i, stop=True)
        return self.score(deal, i, dealer, kind, trump, won, takers, bought)

    def apply_exchanges(
        self,
        entries: Any,
        i: int,
        forhand: int,
        dealer: int,
        held: list[set[Card]],
        pile: list[Card],
        takers: list[int],
        bought: list[int],
    ) -> bool:
        """Apply the exchange entries; True when the offer (or buying) is over."""
        if not isinstance(entries, list):
            self.fail("exchanges must be a list", deal=i, stop=True)
        expected = forhand
        done = False
        for entry in entries:
            seat = entry.get("seat") if isinstance(entry, dict) else None
            if done:
                self.fail(
                    "an exchange entry after the offer was over", deal=i, seat=seat, stop=True
                )
            if seat != expected:
                self.fail(
                    f"out of turn: the offer goes from förhand and seat {expected} is next",
                    deal=i,
                    seat=seat,
                    stop=True,
                )
            assert isinstance(entry, dict) and isinstance(seat, int)
            if self.buying:
                discard = [card(c) for c in entry.get("discard", [None])]
                if any(c is None for c in discard) or len(set(discard)) != len(discard):
                    self.fail("discard must list distinct cards", deal=i, seat=seat, stop=True)
                gone = {c for c in discard if c is not None}
                if not gone <= held[seat]:
                    self.fail("puts away a card it does not hold", deal=i, seat=seat, stop=True)
                if len(gone) > len(pile):
                    self.fail(
                        f"buys {len(gone)} cards, the fourth pile has {len(pile)} left",
                        deal=i,
                        seat=seat,
                        stop=True,
                    )
                held[seat] -= gone
                if entry.get("pending") is True:  # put away so far, nothing received yet
                    if entry is not entries[-1]:
                        self.fail("a purchase under way must be the last entry", deal=i, seat=seat)
                    return False
                held[seat] |= set(pile[: len(gone)])
                del pile[: len(gone)]
                bought[seat] += len(gone)
                done = not pile or seat == dealer
            else:
                take = entry.get("take")
                if not isinstance(take, bool):
                    self.fail("take must be true or false", deal=i, seat=seat, stop=True)
                if take:
                    takers.append(seat)
                    old = held[seat]
                    held[seat] = set(pile)
                    pile[:] = sorted(old)
                done = (take and not self.v["offer_continues"]) or seat == dealer
            expected = (expected + 1) % 3
        if not done and self.buying and not pile:
            done = True
        return done

    def check_play(
        self,
        c: Card,
        hand: set[Card],
        led: Card | None,
        trump: int | None,
        i: int,
        t: int,
        seat: int,
    ) -> None:
        if c not in hand:
            self.fail(f"plays {RANKS[c[0]]}{SUITS[c[1]]}, not in its hand", i, t, seat, stop=True)
        if led is None or c == led:
            return
        suit_led = led[1]
        if c[1] == suit_led:
            return
        if any(h[1] == suit_led for h in hand):
            self.fail("does not follow suit", i, t, seat, stop=True)
        if trump is not None and c[1] != trump and any(h[1] == trump for h in hand):
            self.fail("is void and holds trump but does not trump", i, t, seat, stop=True)

    # --- a deal played with real cards -------------------------------------------------------
    def reported_deal(self, deal: dict[str, Any], i: int, dealer: int) -> list[int] | None:
        up = card(deal.get("upcard")) if deal.get("upcard") is not None else None
        kind, trump = self.kind_and_trump(deal, i, up, reported=True)
        self.check_deal_fields(deal, i, kind, trump)
        takers: list[int] = []
        bought = [0, 0, 0]
        expected = (dealer + 1) % 3
        left = 13
        done = False
        for entry in deal.get("exchanges") or []:
            seat = entry.get("seat") if isinstance(entry, dict) else None
            if done:
                self.fail("an exchange entry after the offer was over", deal=i, seat=seat)
                break
            if seat != expected:
                self.fail(f"out of turn: seat {expected} is next", deal=i, seat=seat)
                break
            assert isinstance(entry, dict) and isinstance(seat, int)
            if self.buying:
                k = entry.get("count")
                if k is None and isinstance(entry.get("discard"), list):
                    k = len(entry["discard"])
                if not isinstance(k, int) or k < 0 or k > left:
                    self.fail(f"buys {k} cards, {left} are left", deal=i, seat=seat)
                    break
                left -= k
                bought[seat] += k
                done = left == 0 or seat == dealer
            else:
                if entry.get("take") is True:
                    takers.append(seat)
                done = (entry.get("take") is True and not self.v["offer_continues"]) or (
                    seat == dealer
                )
            expected = (expected + 1) % 3
        result = deal.get("result")
        if not isinstance(result, dict):
            self.fail("a reported deal needs its result", deal=i, stop=True)
        assert isinstance(result, dict)
        won = result.get("tricks")
        if not isinstance(won, list) or len(won) != 3 or sum(won) != 13:
            self.fail(f"the tricks taken {won} do not add up to 13", deal=i, stop=True)
        assert isinstance(won, list)
        return self.score(deal, i, dealer, kind, trump, won, takers, bought)

    # --- scores -----------------------------------------------------------------------------------
    def check_deal_fields(self, deal: dict[str, Any], i: int, kind: str, trump: int | None) -> None:
        if "trump" in deal and card_suit(deal["trump"]) != trump:
            self.fail(f"trump is {deal['trump']!r}, the rules make it {suit_name(trump)}", deal=i)
        if "kind" in deal and deal["kind"] != kind:
            self.fail(f"the deal is a {kind} deal, the record says {deal['kind']}", deal=i)

    def score(
        self,
        deal: dict[str, Any],
        i: int,
        dealer: int,
        kind: str,
        trump: int | None,
        won: list[int],
        takers: list[int],
        bought: list[int],
    ) -> list[int]:
        if self.buying:
            targets = self.targets(kind, dealer)
            points = [points_for(kind, won[s], targets[s]) for s in range(3)]
        else:
            targets = [4, 4, 4]
            points = [points_for(kind, won[s], 4) - takers.count(s) for s in range(3)]
        result = deal.get("result") or {}
        want: dict[str, Any] = {
            "tricks": won,
            "points": points,
            "kind": kind,
            "trump": suit_name(trump),
        }
        if self.buying:
            want.update(targets=targets, bought=bought, round=self.round_of(i))
        else:
            want["exchanged"] = takers
        for key in ("tricks", "points"):
            if key not in result:
                self.fail(f"the result has no {key}", deal=i)
        for key, value in want.items():
            if key in result and result[key] != value:
                self.fail(f"result {key} is {result[key]}, the rules give {value}", deal=i)
        return points


def beats(c: Card, best: Card, trump: int | None) -> bool:
    if c[1] == best[1]:
        return c[0] > best[0]
    return c[1] == trump


def card_suit(text: Any) -> int | None:
    if isinstance(text, str) and text.upper() in ("C", "D", "H", "S"):
        return SUITS.index(text.upper())
    return None


def suit_name(suit: int | None) -> str | None:
    return None if suit is None else SUITS[suit]


def check_tremanswhist_record(doc: dict[str, Any]) -> list[str]:
    """Every problem found in a Tremanswhist record (empty: clean)."""
    ref = _Referee(doc)
    try:
        ref.run()
    except _Stop:
        pass
    except (KeyError, TypeError, ValueError, AttributeError) as e:
        ref.problems.append(f"malformed record: {e!r}")
    return ref.problems

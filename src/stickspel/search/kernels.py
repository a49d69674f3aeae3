"""The inner loops of search, written once for both backends.

Every function here works on flat integer buffers (a position ``s`` laid out as
the offsets below say, move lists, transposition tables) and uses only what
numba's nopython mode and plain Python both run the same way: ints below
2**63, indexing, loops, recursion.  :mod:`stickspel.search.backend` compiles
them with ``numba.njit(cache=True)`` when numba is installed (buffers are then
``numpy.int64`` arrays), or leaves them as they are (buffers are lists).

A card is the engine's card id ``suit * 13 + rank``; a hand is the bitmask of
its cards.  Seats are ``0 … n-1``; no trump is ``-1``.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any, TypeVar

F = TypeVar("F", bound=Callable[..., Any])


def _identity(f: F) -> F:
    return f


jit: Callable[[F], F] = _identity
BACKEND = "python"
if os.environ.get("STICKSPEL_NO_NUMBA", "") not in ("1", "true", "yes"):
    try:
        from numba import njit

        jit = njit(cache=True)  # type: ignore[assignment]
        BACKEND = "numba"
    except ImportError:  # the pure-Python fallback: the same source, uncompiled
        pass

# --- the layout of a position buffer -------------------------------------------------
N_ = 0  # seats in play
TRUMP_ = 1  # trump suit, -1 for none
MUST_TRUMP_ = 2  # 1: void in the suit led, a trump must be played if held
MOVE_ = 3  # the seat to play
LEADER_ = 4  # who led the trick in progress (the last one's leader while none is down)
TLEN_ = 5  # cards in the trick in progress
BEST_CARD_ = 6  # the card winning the trick so far
BEST_SEAT_ = 7  # its seat
PLY_ = 8  # cards played since the position was set up (the undo stack's height)
PAIRS_ = 9  # 1: seats s and s + 2 are partners (Priffe), for the playout policy
ROOT_ = 10  # the ply of the position as built: cards below it are not taken back
HANDS_ = 16  # 10 hands
TRICKS_ = 26  # tricks taken in the deal, per seat
HIST_ = 48  # per card played: card, previous best card, best seat, leader
# (the trick in progress is the last TLEN cards of this history)
HIST_W = 4
MAX_SEATS = 10
MAX_PLY = 52
STATE_SIZE = HIST_ + HIST_W * MAX_PLY

SUIT_BITS = 0x1FFF
#: Move lists: per search depth, MOVE_W slots of (card, class mask, order key).
MOVE_W = 20
MOVE_STRIDE = 3 * MOVE_W
MOVES_SIZE = (MAX_PLY + 2) * MOVE_STRIDE
#: Utility tables of max^n: per seat, the deal's score for 0 … UT-1 tricks.
UT = 53
#: Search statistics and settings: nodes visited, node budget (0: none), budget
#: exceeded, the depth a search starts at, the horizon (0: none; else the tricks
#: taken in the deal at which positions are valued by the cheap policy), and
#: max^n's leaf policy (0: the cheap policy; 1: the goal-aware one), its play-outs
#: a leaf and the chance in 1000 of a random card in them.
NODES_, BUDGET_, CUT_, DEPTH_, HORIZON_, LEAF_, LEAF_RUNS_, LEAF_NOISE_ = range(8)
STATS_SIZE = 8

# 2**k % 67 differs for every k < 64: the index of a lone bit in one lookup
_LOW67 = [0] * 67
for _k in range(64):
    _LOW67[(1 << _k) % 67] = _k
LOW67 = tuple(_LOW67)


@jit
def bit_index(b: int) -> int:
    """The index of the lone set bit of ``b``."""
    return LOW67[b % 67]


@jit
def low_card(m: int) -> int:
    """The lowest card of a non-empty mask."""
    return LOW67[(m & -m) % 67]


@jit
def high_card(m: int) -> int:
    """The highest card of a non-empty mask."""
    c = -1
    while m:
        c = LOW67[(m & -m) % 67]
        m &= m - 1
    return c


@jit
def popcount(x: int) -> int:
    x = x - ((x >> 1) & 0x5555555555555555)
    x = (x & 0x3333333333333333) + ((x >> 2) & 0x3333333333333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0F
    x += x >> 8
    x += x >> 16
    x += x >> 32
    return x & 0x7F


@jit
def suit_mask(suit: int) -> int:
    return SUIT_BITS << (13 * suit)


# --- make and unmake ----------------------------------------------------------------------
@jit
def legal_mask(s: Any) -> int:
    """The cards the seat to move may play: follow suit; void, a trump when the game
    has the duty to trump and one is held; otherwise any card."""
    hand: int = s[HANDS_ + s[MOVE_]]
    if s[TLEN_] == 0:
        return hand
    led = s[HIST_ + HIST_W * (s[PLY_] - s[TLEN_])]
    m: int = hand & (SUIT_BITS << (13 * (led // 13)))
    if m:
        return m
    t = s[TRUMP_]
    if s[MUST_TRUMP_] and t >= 0:
        m = hand & (SUIT_BITS << (13 * t))
        if m:
            return m
    return hand


@jit
def play(s: Any, card: int) -> None:
    """The seat to move plays ``card`` (legal: not checked here)."""
    n = s[N_]
    p = s[MOVE_]
    tl = s[TLEN_]
    h = HIST_ + HIST_W * s[PLY_]
    s[h] = card
    s[h + 1] = s[BEST_CARD_]
    s[h + 2] = s[BEST_SEAT_]
    s[h + 3] = s[LEADER_]
    s[PLY_] += 1
    s[HANDS_ + p] ^= 1 << card
    if tl == 0:
        s[LEADER_] = p
        s[BEST_CARD_] = card
        s[BEST_SEAT_] = p
    else:
        best = s[BEST_CARD_]
        cs = card // 13
        bs = best // 13
        if (cs == bs and card > best) or (cs == s[TRUMP_] and bs != cs):
            s[BEST_CARD_] = card
            s[BEST_SEAT_] = p
    tl += 1
    if tl == n:
        w = s[BEST_SEAT_]
        s[TRICKS_ + w] += 1
        s[TLEN_] = 0
        s[MOVE_] = w
    else:
        s[TLEN_] = tl
        s[MOVE_] = p + 1 if p + 1 < n else 0


@jit
def unplay(s: Any) -> None:
    """Take back the last card played."""
    n = s[N_]
    ply = s[PLY_] - 1
    s[PLY_] = ply
    h = HIST_ + HIST_W * ply
    card = s[h]
    tl = s[TLEN_]
    if tl == 0:  # that card completed a trick
        s[TRICKS_ + s[BEST_SEAT_]] -= 1
        tl = n
    tl -= 1
    s[TLEN_] = tl
    p = (s[LEADER_] + tl) % n
    s[BEST_CARD_] = s[h + 1]
    s[BEST_SEAT_] = s[h + 2]
    s[LEADER_] = s[h + 3]
    s[HANDS_ + p] |= 1 << card
    s[MOVE_] = p


@jit
def cards_left(s: Any) -> int:
    """Every card still held."""
    m = 0
    for i in range(s[N_]):
        m |= s[HANDS_ + i]
    return m


@jit
def beats_best(s: Any, card: int) -> bool:
    """Whether ``card`` played now would take the trick from the best card so far."""
    if s[TLEN_] == 0:
        return True
    best = s[BEST_CARD_]
    cs = card // 13
    bs = best // 13
    wins: bool = (cs == bs and card > best) or (cs == s[TRUMP_] and bs != cs)
    return wins


# --- moves: equivalence classes and ordering ----------------------------------------------
@jit
def gen_moves(s: Any, mv: Any, depth: int, pairs_team: int, order: int) -> int:
    """Write the legal cards of the seat to move as equivalence classes into ``mv`` at
    ``depth``; returns how many.  Two cards are equivalent when they are of one suit
    in this hand and no card between them is held by another seat or lies in the
    trick in progress (played and undealt cards no longer separate anything).
    Each class is stored as its lowest card, its mask and an order key (lower
    first).  ``order`` 0 leaves card order; 1 orders for a trick-count search,
    where ``pairs_team`` is the mask of the seats on the mover's side."""
    p = s[MOVE_]
    legal = legal_mask(s)
    others = 0
    for i in range(s[N_]):
        if i != p:
            others |= s[HANDS_ + i]
    first = s[PLY_] - s[TLEN_]
    for i in range(s[TLEN_]):
        others |= 1 << s[HIST_ + HIST_W * (first + i)]
    base = depth * MOVE_STRIDE
    k = 0
    rest = legal
    while rest:
        c = low_card(rest)
        cls = 1 << c
        rest ^= cls
        last = c
        # extend the run while the next card of this hand follows with no other
        # seat's (or the trick's) card in between
        while rest:
            nxt = low_card(rest)
            if nxt // 13 != c // 13:
                break
            between = ((1 << nxt) - 1) ^ ((1 << (last + 1)) - 1)
            if between & others:
                break
            cls |= 1 << nxt
            rest ^= 1 << nxt
            last = nxt
        mv[base + k] = c
        mv[base + MOVE_W + k] = cls
        if order == 1:
            mv[base + 2 * MOVE_W + k] = _order_key(s, c, last, pairs_team)
        elif order == 2:
            mv[base + 2 * MOVE_W + k] = _losing_order_key(s, c, last, pairs_team)
        else:
            mv[base + 2 * MOVE_W + k] = c
        k += 1
    # insertion sort by the order key (lists are short)
    for i in range(1, k):
        j = i
        while j > 0 and mv[base + 2 * MOVE_W + j - 1] > mv[base + 2 * MOVE_W + j]:
            for o in range(3):
                a = base + o * MOVE_W + j
                t = mv[a]
                mv[a] = mv[a - 1]
                mv[a - 1] = t
            j -= 1
    return k


@jit
def _losing_order_key(s: Any, low: int, high: int, team: int) -> int:
    """Order for a side playing to take few tricks (noll): lead low; following, the
    highest card that still loses, else (forced to win) the highest card, so the
    trick at least costs a high one."""
    if s[TLEN_] == 0:
        return low % 13 + (20 if low // 13 == s[TRUMP_] else 0)
    if not beats_best(s, low):
        # every card of the class loses (a lower one of it too): throw the highest
        return 50 - high % 13
    return 100 - high % 13


@jit
def _order_key(s: Any, low: int, high: int, team: int) -> int:
    """Order for alpha-beta: lead winners; following, when partners hold the trick
    play low, else the cheapest card that takes it, else the lowest."""
    if s[TLEN_] == 0:
        # lead a suit's top card still out first, then low to a partner's top card,
        # then low from the rest
        suit = high // 13
        out = 0
        for i in range(s[N_]):
            out |= s[HANDS_ + i]
        top = high_card(out & (SUIT_BITS << (13 * suit)))
        if top == high:
            return 10 - (3 if suit == s[TRUMP_] else 0)
        holder = 0
        while not (s[HANDS_ + holder] >> top) & 1:
            holder += 1
        if (team >> holder) & 1:
            return 20 + low % 13
        return 40 + low % 13
    if (team >> s[BEST_SEAT_]) & 1:
        return 200 + low % 13 + (50 if low // 13 == s[TRUMP_] else 0)
    if beats_best(s, low):
        return low % 13 + (20 if low // 13 == s[TRUMP_] else 0)
    return 100 + low % 13 + (30 if low // 13 == s[TRUMP_] else 0)


# --- the playout policy ---------------------------------------------------------------------
@jit
def next_random(rng: Any) -> int:
    """A step of a 31-bit linear congruential generator kept in ``rng[0]``."""
    x: int = (rng[0] * 1103515245 + 12345) & 0x7FFFFFFF
    rng[0] = x
    return x >> 8


@jit
def random_card(m: int, rng: Any) -> int:
    k = next_random(rng) % popcount(m)
    for _ in range(k):
        m &= m - 1
    return low_card(m)


@jit
def policy_card(s: Any, rng: Any, random_lead: bool) -> int:
    """The cheap fixed policy of playouts: lead at random (or the highest card);
    following, take the trick as cheaply as possible unless the partner holds it,
    else throw the lowest card (a side suit's before a trump)."""
    m = legal_mask(s)
    if s[TLEN_] == 0:
        if random_lead:
            return random_card(m, rng)
        return high_card(m)
    p = s[MOVE_]
    best = s[BEST_CARD_]
    bs = best // 13
    t = s[TRUMP_]
    partner_holds = s[PAIRS_] == 1 and (s[BEST_SEAT_] - p) % 2 == 0
    if not partner_holds:
        above = (SUIT_BITS << (13 * bs)) & ~((2 << best) - 1)
        win = m & above
        if win:
            return low_card(win)
        if t >= 0 and bs != t:
            win = m & (SUIT_BITS << (13 * t))
            if win:
                return _lowest_rank(win)
    side = m
    if t >= 0 and m & ~(SUIT_BITS << (13 * t)):
        side = m & ~(SUIT_BITS << (13 * t))
    return _lowest_rank(side)


@jit
def wants_trick(s: Any, util: Any, p: int) -> bool:
    """Whether seat ``p`` still gains from a trick: some count it can still reach
    scores more for it than what it holds now (``util``: a score table per seat,
    as max^n's)."""
    t = s[TRICKS_ + p]
    now = util[p * UT + t]
    for f in range(1, popcount(s[HANDS_ + p]) + 1):
        if util[p * UT + t + f] > now:
            return True
    return False


@jit
def aware_card(s: Any, util: Any) -> int:
    """The goal-aware policy (max^n's leaves, :func:`playouts`): a seat that
    still gains from a trick (``util``: a score table per seat) leads its highest
    card and takes a trick as cheaply as it can, unless its partner holds it; a
    seat that does not leads its lowest, ducks with its highest losing card, and,
    forced to win, wins with its highest.  It reads only the cards on the table,
    not the hands: the values it gives do not assume that a seat can see the
    others' cards."""
    return goal_card(s, util, False)


@jit
def careful_card(s: Any, util: Any) -> int:
    """:func:`aware_card` with three refinements that read which cards are still
    out (every hand's, not who holds them): a seat that wants the trick and is
    not the last to play takes it with its cheapest card that nothing still out
    beats in that suit, where it holds one; a seat that wants no trick leads its
    lowest card that something still out beats, and, forced to win before the
    last seat has played, wins with its lowest card, so that a later seat may
    still take the trick over.  Measured against play at the table it predicts
    the seats' tricks better (benchmarks/bench_policy.py)."""
    return goal_card(s, util, True)


@jit
def goal_card(s: Any, util: Any, careful: bool) -> int:
    """The card of :func:`aware_card` (``careful``: of :func:`careful_card`)."""
    m = legal_mask(s)
    p = s[MOVE_]
    want = wants_trick(s, util, p)
    others = cards_left(s) & ~s[HANDS_ + p] if careful else 0
    if s[TLEN_] == 0:
        if want:
            return _highest_rank(m)
        side = _side_cards(s, m)
        beaten = side & ~_top_cards(side, others) if careful else 0
        return _lowest_rank(beaten if beaten else side)
    best = s[BEST_CARD_]
    if want and s[PAIRS_] == 1 and (s[BEST_SEAT_] - p) % 2 == 0:
        return _lowest_rank(_side_cards(s, m))  # the partner holds it: do not overtake
    bs = best // 13
    t = s[TRUMP_]
    win = m & (SUIT_BITS << (13 * bs)) & ~((2 << best) - 1)
    ruff = 0
    if t >= 0 and bs != t:
        ruff = m & (SUIT_BITS << (13 * t))
    before_last = careful and s[TLEN_] < s[N_] - 1
    if want:
        if win:
            sure = _top_cards(win, others) if before_last else 0
            return low_card(sure if sure else win)
        if ruff:
            return _lowest_rank(ruff)
        return _lowest_rank(_side_cards(s, m))
    lose = m & ~(win | ruff)
    if lose:
        return _highest_rank(lose)
    if before_last:  # forced to win: a seat still to play may take it over
        return low_card(win) if win else _lowest_rank(ruff)
    return _highest_rank(m)


@jit
def _top_cards(m: int, others: int) -> int:
    """The cards of ``m`` that no card of ``others`` beats in its suit."""
    out = 0
    for suit in range(4):
        mine = m & (SUIT_BITS << (13 * suit))
        theirs = others & (SUIT_BITS << (13 * suit))
        if theirs == 0:
            out |= mine
        elif mine:
            out |= mine & ~((2 << high_card(theirs)) - 1)
    return out


@jit
def _side_cards(s: Any, m: int) -> int:
    """The cards of ``m`` outside trumps, or ``m`` when it is all trumps."""
    t: int = s[TRUMP_]
    if t >= 0 and m & ~(SUIT_BITS << (13 * t)):
        return m & ~(SUIT_BITS << (13 * t))
    return m


@jit
def _highest_rank(m: int) -> int:
    best = -1
    while m:
        c = low_card(m)
        m &= m - 1
        if best < 0 or c % 13 >= best % 13:
            best = c
    return best


@jit
def _lowest_rank(m: int) -> int:
    best = -1
    while m:
        c = low_card(m)
        m &= m - 1
        if best < 0 or c % 13 < best % 13:
            best = c
    return best


@jit
def playouts(s: Any, rng: Any, policy: int, count: int, out: Any, util: Any, noise: int) -> int:
    """``count`` playouts from ``s`` to the end of the deal: tricks per seat of each
    in ``out`` (row-major, ``n`` a row), every card taken back after each.
    ``policy`` 0: uniformly random legal cards; 1: the cheap policy with random
    leads; 2: the cheap policy, leading the highest card; 3: the goal-aware policy
    for the score tables ``util``, 4: its careful form (:func:`careful_card`),
    each card of these two instead drawn at random with chance ``noise`` in 1000
    (``util`` and ``noise`` are read by policies 3 and 4 only).  Returns the cards
    played in all."""
    n = s[N_]
    total = 0
    for k in range(count):
        played = 0
        while s[HANDS_ + s[MOVE_]]:
            if policy == 0 or (noise > 0 and next_random(rng) % 1000 < noise):
                c = random_card(legal_mask(s), rng)
            elif policy >= 3:
                c = goal_card(s, util, policy == 4)
            else:
                c = policy_card(s, rng, policy == 1)
            play(s, c)
            played += 1
        for i in range(n):
            out[k * n + i] = s[TRICKS_ + i]
        for _ in range(played):
            unplay(s)
        total += played
    return total


# --- transposition tables ---------------------------------------------------------------------
@jit
def tt_slot(k1: int, k2: int, mask: int) -> int:
    """The slot of a key: folded to 32 bits and mixed by multiplications kept below
    2**63 (the same ints in numba and in Python)."""
    x = (k1 ^ (k1 >> 32) ^ (k2 * 7) ^ (k2 >> 27)) & 0xFFFFFFFF
    x = ((x >> 16) ^ x) * 0x45D9F3B & 0xFFFFFFFF
    x = ((x >> 16) ^ x) * 0x45D9F3B & 0xFFFFFFFF
    x = (x >> 16) ^ x
    return x & mask


@jit
def tt_store(tt: Any, slot: int, gen: int, k1: int, k2: int, a: int, b: int) -> None:
    """Write a five-slot entry: generation, the two key words, two values (alpha-beta's
    bounds, or the paranoid search's counts wanted and answer)."""
    tt[slot] = gen
    tt[slot + 1] = k1
    tt[slot + 2] = k2
    tt[slot + 3] = a
    tt[slot + 4] = b


@jit
def rel_key(s: Any) -> tuple[int, int]:
    """The position between tricks up to the ranks of cards gone: per suit, who holds
    each card still out, low to high (2 bits a card, 4 seats at most), and who leads.
    Cards played no longer matter, only the order of those left, so positions that
    differ in which small cards fell are one entry (the trick DDS builds on)."""
    n = s[N_]
    k1 = 0
    k2 = 0
    for suit in range(4):
        rest = 0
        for i in range(n):
            rest |= s[HANDS_ + i]
        rest &= SUIT_BITS << (13 * suit)
        code = 0
        count = 0
        while rest:
            b = rest & -rest
            rest ^= b
            owner = 0
            while not s[HANDS_ + owner] & b:
                owner += 1
            code = code * 4 + owner
            count += 1
        code |= count << 26
        if suit < 2:
            k1 |= code << (30 * suit)
        else:
            k2 |= code << (30 * (suit - 2))
    k2 |= s[MOVE_] << 60
    return k1, k2


@jit
def quick_tricks(s: Any, team: int) -> int:
    """Tricks the side to lead (``team``) is sure of by cashing: in each suit the top
    cards still out when the leader holds them in a row.  In a trump suit, or with
    no trump, each one wins; in a side suit only as many rounds as every other seat
    with a trump still follows (a partner too where a void must trump: it would
    take the lead away).  Between tricks, the leader to move."""
    n = s[N_]
    p = s[MOVE_]
    hand = s[HANDS_ + p]
    trump = s[TRUMP_]
    everyone = 0
    for i in range(n):
        everyone |= s[HANDS_ + i]
    total = 0
    for suit in range(4):
        sm = SUIT_BITS << (13 * suit)
        out = everyone & sm
        seq = 0
        while out:
            top = high_card(out)
            if not (hand >> top) & 1:
                break
            seq += 1
            out ^= 1 << top
        if seq == 0:
            continue
        if trump >= 0 and suit != trump:
            tm = SUIT_BITS << (13 * trump)
            for i in range(n):
                if i == p or ((team >> i) & 1 and not s[MUST_TRUMP_]):
                    continue
                h = s[HANDS_ + i]
                if h & tm:
                    length = popcount(h & sm)
                    if length < seq:
                        seq = length
        total += seq
    return total


# --- trick-count alpha-beta ---------------------------------------------------------------------
@jit
def alphabeta(
    s: Any,
    alpha: int,
    beta: int,
    max_team: int,
    count_team: int,
    depth: int,
    mv: Any,
    tt: Any,
    tt_mask: int,
    gen: int,
    stats: Any,
    rng: Any,
) -> int:
    """The tricks from here on of the seats in ``count_team`` when the seats in
    ``max_team`` play to make it large and the others to make it small (fail-soft;
    exact when it lies strictly inside ``alpha … beta``).

    ``tt`` holds five slots an entry: generation, two words of :func:`rel_key`,
    lower and upper bound, for positions between tricks."""
    stats[NODES_] += 1
    slot = -1
    k1 = 0
    k2 = 0
    if s[TLEN_] == 0:
        r = popcount(s[HANDS_ + s[MOVE_]])
        if r == 0:
            return 0
        horizon = stats[HORIZON_]
        if horizon > 0:
            done = 0
            for i in range(s[N_]):
                done += s[TRICKS_ + i]
            if done >= horizon:
                return _playout_count(s, count_team, rng)
        if stats[BUDGET_] > 0 and stats[NODES_] > stats[BUDGET_]:
            stats[CUT_] = 1
            return _playout_count(s, count_team, rng)
        k1, k2 = rel_key(s)
        slot = 5 * tt_slot(k1, k2, tt_mask)
        lo = 0
        hi = r
        if tt[slot] == gen and tt[slot + 1] == k1 and tt[slot + 2] == k2:
            lo = tt[slot + 3]
            hi = tt[slot + 4]
        # the cards the leader's side can cash at once bound the count, when that
        # side plays to take tricks (not in noll, where it plays to lose them)
        everyone = (1 << s[N_]) - 1
        leader_max = (max_team >> s[MOVE_]) & 1
        team = (max_team if leader_max else ~max_team) & everyone
        counted = count_team & everyone
        if (leader_max and counted == team) or (not leader_max and counted == everyone ^ team):
            q = quick_tricks(s, team)
            if q > r:
                q = r
            if counted == team:
                if q > lo:
                    lo = q
            elif r - q < hi:
                hi = r - q
        if lo >= beta or lo == hi:
            return lo
        if hi <= alpha:
            return hi
        if lo > alpha:
            alpha = lo
        if hi < beta:
            beta = hi
    a0 = alpha
    b0 = beta
    p = s[MOVE_]
    maximise = (max_team >> p) & 1
    side = max_team if maximise else ~max_team
    # does the mover's side play to take tricks (counted and maximising, or not
    # counted and minimising), or to lose them (noll)?
    counted_side = (count_team >> p) & 1
    k = gen_moves(s, mv, depth, side, 1 if counted_side == maximise else 2)
    base = depth * MOVE_STRIDE
    best = -1 if maximise else 1000
    for i in range(k):
        c = mv[base + i]
        play(s, c)
        won = 0
        if s[TLEN_] == 0:
            won = (count_team >> s[MOVE_]) & 1
        v = won + alphabeta(
            s,
            alpha - won,
            beta - won,
            max_team,
            count_team,
            depth + 1,
            mv,
            tt,
            tt_mask,
            gen,
            stats,
            rng,
        )
        unplay(s)
        if maximise:
            if v > best:
                best = v
            if best > alpha:
                alpha = best
        else:
            if v < best:
                best = v
            if best < beta:
                beta = best
        if alpha >= beta:
            break
    if slot >= 0:
        lo = 0
        hi = popcount(s[HANDS_ + p])
        if tt[slot] == gen and tt[slot + 1] == k1 and tt[slot + 2] == k2:
            lo = tt[slot + 3]
            hi = tt[slot + 4]
        if best <= a0:
            if best < hi:
                hi = best
        elif best >= b0:
            if best > lo:
                lo = best
        else:
            lo = best
            hi = best
        tt_store(tt, slot, gen, k1, k2, lo, hi)
    return best


@jit
def _playout_count(s: Any, count_team: int, rng: Any) -> int:
    """The budget's leaf estimate: the cheap policy's tricks for ``count_team``."""
    before = 0
    for i in range(s[N_]):
        if (count_team >> i) & 1:
            before += s[TRICKS_ + i]
    played = 0
    while s[HANDS_ + s[MOVE_]]:
        play(s, policy_card(s, rng, False))
        played += 1
    after = 0
    for i in range(s[N_]):
        if (count_team >> i) & 1:
            after += s[TRICKS_ + i]
    for _ in range(played):
        unplay(s)
    return after - before


# --- max^n for Plump's exact-bid scores ----------------------------------------------------------
@jit
def maxn(
    s: Any,
    depth: int,
    util: Any,
    clamp: Any,
    vals: Any,
    mv: Any,
    tt: Any,
    tt_mask: int,
    gen: int,
    stats: Any,
    rng: Any,
) -> None:
    """Max^n: every seat plays for its own deal score ``util[seat * UT + tricks]``.
    Writes the score of each seat under that play into ``vals[depth * MAX_SEATS …]``.

    A seat indifferent between cards (equal score for itself) takes the one that
    leaves the other seats the least in sum, then the lowest card: a fixed rule, so
    the result does not depend on move order.  Between tricks the table holds the
    scores by (cards held, leader, tricks taken so far: each seat's count capped at
    ``clamp[seat]``, past which its score no longer changes).  ``tt`` holds
    4 + MAX_SEATS slots an entry: generation, two keys of the cards and leader
    (:func:`rel_key` up to 4 seats), the key of the tricks, the scores."""
    stats[NODES_] += 1
    n = s[N_]
    out = depth * MAX_SEATS
    slot = -1
    k1 = 0
    k2 = 0
    k3 = 0
    if s[TLEN_] == 0:
        r = popcount(s[HANDS_ + s[MOVE_]])
        settled = True
        for i in range(n):
            t = s[TRICKS_ + i]
            u = util[i * UT + t]
            for f in range(1, r + 1):
                if util[i * UT + t + f] != u:
                    settled = False
                    break
            if not settled:
                break
        if settled:  # no trick left can change any seat's score
            for i in range(n):
                vals[out + i] = util[i * UT + s[TRICKS_ + i]]
            return
        horizon = stats[HORIZON_]
        if horizon > 0:
            done = 0
            for i in range(n):
                done += s[TRICKS_ + i]
            if done >= horizon:
                _playout_scores(s, util, vals, out, rng, stats)
                return
        if stats[BUDGET_] > 0 and stats[NODES_] > stats[BUDGET_]:
            stats[CUT_] = 1
            _playout_scores(s, util, vals, out, rng, stats)
            return
        if n <= 4:
            k1, k2 = rel_key(s)
        else:
            k1 = cards_left(s) | (s[MOVE_] << 52)
        for i in range(n):
            t = s[TRICKS_ + i]
            if t > clamp[i]:
                t = clamp[i]
            k3 |= t << (5 * i)
        k3 |= horizon << 55
        slot = (4 + MAX_SEATS) * tt_slot(k1, k2 ^ k3, tt_mask)
        if tt[slot] == gen and tt[slot + 1] == k1 and tt[slot + 2] == k2 and tt[slot + 3] == k3:
            for i in range(n):
                vals[out + i] = tt[slot + 4 + i]
            return
    p = s[MOVE_]
    k = gen_moves(s, mv, depth, 0, 0)
    base = depth * MOVE_STRIDE
    child = out + MAX_SEATS
    best_own = 0
    best_rest = 0
    for j in range(k):
        c = mv[base + j]
        play(s, c)
        maxn(s, depth + 1, util, clamp, vals, mv, tt, tt_mask, gen, stats, rng)
        unplay(s)
        own = vals[child + p]
        rest = 0
        for i in range(n):
            rest += vals[child + i]
        rest -= own
        if j == 0 or own > best_own or (own == best_own and rest < best_rest):
            best_own = own
            best_rest = rest
            for i in range(n):
                vals[out + i] = vals[child + i]
    if slot >= 0:
        tt[slot] = gen
        tt[slot + 1] = k1
        tt[slot + 2] = k2
        tt[slot + 3] = k3
        for i in range(n):
            tt[slot + 4 + i] = vals[out + i]


@jit
def _playout_scores(s: Any, util: Any, vals: Any, out: int, rng: Any, stats: Any) -> None:
    """A leaf's value: the cheap policy's play-out (``stats[LEAF_]`` 0), or the sum
    of ``stats[LEAF_RUNS_]`` play-outs of the goal-aware policy, each card drawn
    at random instead with chance ``stats[LEAF_NOISE_]`` in 1000 (the score
    tables are scaled by the number of runs, so that a sum is on their scale)."""
    n = s[N_]
    for i in range(n):
        vals[out + i] = 0
    runs = stats[LEAF_RUNS_] if stats[LEAF_] == 1 else 1
    noise = stats[LEAF_NOISE_] if stats[LEAF_] == 1 else 0
    for _ in range(max(1, runs)):
        played = 0
        while s[HANDS_ + s[MOVE_]]:
            if stats[LEAF_] == 0:
                c = policy_card(s, rng, False)
            elif noise > 0 and next_random(rng) % 1000 < noise:
                c = random_card(legal_mask(s), rng)
            else:
                c = aware_card(s, util)
            play(s, c)
            played += 1
        for i in range(n):
            vals[out + i] += util[i * UT + s[TRICKS_ + i]] // max(1, runs)
        for _ in range(played):
            unplay(s)


@jit
def mtdf(
    s: Any,
    guess: int,
    max_team: int,
    count_team: int,
    mv: Any,
    tt: Any,
    tt_mask: int,
    gen: int,
    stats: Any,
    rng: Any,
) -> int:
    """The exact value of :func:`alphabeta` by null-window tests from ``guess``
    (MTD(f)): each test only asks "at least g?", which prunes far more than a
    full window, and the table's bounds carry from test to test."""
    lower = -1
    upper = 53
    g = guess
    # the depth goes in as a variable: a literal 0 would make numba compile a second
    # version of the recursive search, and its cache then loads a broken one
    depth = stats[DEPTH_]
    while lower < upper:
        beta = g + 1 if g == lower else g
        g = alphabeta(
            s, beta - 1, beta, max_team, count_team, depth, mv, tt, tt_mask, gen, stats, rng
        )
        if g < beta:
            upper = g
        else:
            lower = g
    return g


# --- paranoid exact-bid search for Plump -------------------------------------------------------
@jit
def target_search(
    s: Any, seat: int, want: int, depth: int, mv: Any, tt: Any, tt_mask: int, gen: int, stats: Any
) -> int:
    """1 when ``seat`` can make the tricks it takes from here on a count in ``want``
    (bit x: x more tricks, the trick in progress included) however all the other
    seats play together against it, else 0: a boolean paranoid search, so one
    card that works (the seat's) or one that refutes (any other's) ends a node.

    The wanted counts no trick left can still reach decide a node at once.  A
    search cut by the node budget answers 0 there, so under a budget a 1 is still
    sure and a value built from these tests is a lower bound.  ``tt`` holds five
    slots an entry between tricks: generation, two words of :func:`rel_key` (more
    than four seats: the cards left and the leader, which within one deal say who
    holds what), the wanted counts, the answer."""
    stats[NODES_] += 1
    p = s[MOVE_]
    # tricks left, the one in progress included: the cards in the mover's hand
    r = popcount(s[HANDS_ + p])
    full = (1 << (r + 1)) - 1
    want &= full
    if want == 0:
        return 0
    if want == full:
        return 1
    slot = -1
    k1 = 0
    k2 = 0
    if s[TLEN_] == 0:
        # the top trumps still out, held in a run by one seat, each take a trick
        # whatever anyone plays: counts they rule out cannot be made
        trump = s[TRUMP_]
        if trump >= 0:
            tm = SUIT_BITS << (13 * trump)
            out = 0
            for i in range(s[N_]):
                out |= s[HANDS_ + i]
            out &= tm
            if out:
                top = high_card(out)
                holder = 0
                while not (s[HANDS_ + holder] >> top) & 1:
                    holder += 1
                run = 0
                while out and (s[HANDS_ + holder] >> high_card(out)) & 1:
                    run += 1
                    out ^= 1 << high_card(out)
                if holder == seat:
                    reach = full ^ ((1 << run) - 1)
                else:
                    reach = (1 << (r - run + 1)) - 1
                want &= reach
                if want == 0:
                    return 0
                if want == reach:
                    return 1
        if stats[BUDGET_] > 0 and stats[NODES_] > stats[BUDGET_]:
            stats[CUT_] = 1
            return 0
        if s[N_] <= 4:
            k1, k2 = rel_key(s)
        else:  # rel_key has 2 bits a card's holder: within one deal the cards left say
            k1 = cards_left(s) | (s[MOVE_] << 52)  # who holds each (as max^n keys them)
        slot = 5 * tt_slot(k1, k2 ^ (want << 20), tt_mask)
        if tt[slot] == gen and tt[slot + 1] == k1 and tt[slot + 2] == k2 and tt[slot + 3] == want:
            return int(tt[slot + 4])
    mine = p == seat
    me = 1 << seat
    # whether the seat wants this trick: it wants none of the counts that skip it
    seat_takes = (want & 1) == 0
    if mine:
        k = gen_moves(s, mv, depth, me, 1 if seat_takes else 2)
    else:
        k = gen_moves(s, mv, depth, ((1 << s[N_]) - 1) ^ me, 2 if seat_takes else 1)
    base = depth * MOVE_STRIDE
    answer = 0 if mine else 1
    for i in range(k):
        play(s, mv[base + i])
        rest = want
        if s[TLEN_] == 0 and s[MOVE_] == seat:
            rest = want >> 1  # the seat took the trick: one count fewer still to come
        v = target_search(s, seat, rest, depth + 1, mv, tt, tt_mask, gen, stats)
        unplay(s)
        if v == answer:
            continue
        answer = v
        break
    if slot >= 0:
        tt_store(tt, slot, gen, k1, k2, want, answer)
    return answer

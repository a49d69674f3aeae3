"""Game records in the ``stickspel/1`` format: write, read, replay and check.

Replaying runs the record through the same engine that plays: every deal,
call and card is applied as an action, so every rule of the game and variant
is checked by the code that enforces it in play.  The first violation raises
:class:`RecordError` naming the deal, trick and seat (1-based deal and trick
numbers, seats as in the record) and the rule broken.

>>> from stickspel.games.plump import PlumpRules, PlumpState
>>> from stickspel.core.cards import make_rng
>>> state = PlumpState(PlumpRules(players=3, max_cards=2))
>>> rng = make_rng(7)
>>> while not state.is_terminal():
...     if state.is_chance():
...         _ = state.apply_chance(rng)
...     else:
...         state.apply_action(state.legal_actions()[0])
>>> doc = state.to_record(["Anna", "Björn", "Cissi"])
>>> replay(doc).state.returns() == state.returns()
True
>>> doc["deals"][0]["tricks"][0]["winner"] = (doc["deals"][0]["tricks"][0]["winner"] + 1) % 3
>>> replay(doc)
Traceback (most recent call last):
...
stickspel.records.errors.RecordError: deal 1, trick 1: the record says seat ... took the trick, the rules give it to seat ... [trick_winner]
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from stickspel.core import (
    Deal,
    GameState,
    IllegalActionError,
    InvalidActionError,
    Rules,
    RulesError,
    error_text,
)
from stickspel.core.cards import CardError, parse_card, parse_suit, suit_display
from stickspel.games import GameSpec, game_spec
from stickspel.records.errors import RecordError
from stickspel.records.io import dump_record, load_record, write_record

__all__ = [
    "FORMAT",
    "RecordError",
    "Replay",
    "replay",
    "load_record",
    "dump_record",
    "write_record",
]

FORMAT = "stickspel/1"


@dataclass
class Replay:
    """The outcome of replaying a record."""

    record: dict[str, Any]
    state: GameState
    players: list[str]
    finished: bool
    warnings: list[str] = field(default_factory=list)

    def summary(self) -> dict[str, Any]:
        return {
            "game": self.state.GAME,
            "variant": self.state.rules.to_dict(),
            "rules": self.state.rules.to_text(),
            "players": self.players,
            "deals": len(self.record.get("deals", [])),
            "finished": self.finished,
            "totals": [int(x) if float(x).is_integer() else x for x in self.state.returns()],
            "winner": self.state.winners() if self.finished else None,
            "warnings": self.warnings,
            "valid": True,
        }


_PLACES_SV = (
    (re.compile(r"^the record$"), "protokollet"),
    (re.compile(r"^deal (\d+)$"), r"giv \1"),
    (re.compile(r"^deal (\d+)'s result$"), r"resultatet i giv \1"),
    (re.compile(r"^trick (\d+)$"), r"stick \1"),
    (re.compile(r"^trick$"), "sticket"),
    (re.compile(r"^an auction entry$"), "ett bud"),
    (re.compile(r"^hand of seat (\d+)$"), r"plats \1:s hand"),
    (re.compile(r"^extra pile$"), "extra högen"),
)


def _place_sv(where: str) -> str:
    """The Swedish name of a place in a record (``deal 3`` → ``giv 3``).

    >>> _place_sv("deal 3"), _place_sv("hand of seat 2"), _place_sv("elsewhere")
    ('giv 3', 'plats 2:s hand', 'elsewhere')
    """
    for pattern, sv in _PLACES_SV:
        if pattern.match(where):
            return pattern.sub(sv, where)
    return where


def _require(obj: dict[str, Any], key: str, where: str, **ctx: Any) -> Any:
    if key not in obj:
        raise RecordError(
            f"{where} has no {key!r} field (required)",
            rule="missing_field",
            sv=f"{_place_sv(where)} saknar fältet {key!r} (krävs)",
            **ctx,
        )
    return obj[key]


def _cards(value: Any, what: str, **ctx: Any) -> tuple[int, ...]:
    if not isinstance(value, list):
        raise RecordError(
            f"{what} must be a list of cards",
            rule="malformed",
            sv=f"{_place_sv(what)} ska vara en lista av kort",
            **ctx,
        )
    try:
        return tuple(parse_card(str(c)) if isinstance(c, str) else _bad_card(c) for c in value)
    except CardError as e:
        raise RecordError(
            f"{what}: {e}",
            rule="malformed",
            sv=f"{_place_sv(what)}: {error_text(e, 'sv')}",
            **ctx,
        ) from None


def _bad_card(c: Any) -> int:
    raise CardError(f"{c!r} is not a card", sv=f"{c!r} är inget kort")


def _record_game(doc: dict[str, Any]) -> GameSpec:
    try:
        return game_spec(str(_require(doc, "game", "the record")))
    except RulesError as e:
        raise RecordError(str(e), rule="game", sv=e.sv) from None


def rules_from_record(doc: dict[str, Any], warnings: list[str] | None = None) -> Rules:
    """The rules a record was played under (its ``variant``, defaults for what it omits)."""
    spec = _record_game(doc)
    variant = doc.get("variant") or {}
    if not isinstance(variant, dict):
        raise RecordError(
            "'variant' must be an object of rules options",
            rule="malformed",
            sv="'variant' ska vara ett objekt med regelval",
        )
    known = set(spec.rules.option_names())
    values = {k: v for k, v in variant.items() if k in known}
    for k in variant:
        if k not in known and warnings is not None:
            warnings.append(f"unknown rules option {k!r} ignored")
    players = doc.get("players")
    if "players" in known and "players" not in values and isinstance(players, list):
        values["players"] = len(players)
    try:
        return spec.rules.from_dict(values)
    except RulesError as e:
        raise RecordError(
            f"variant: {e}", rule="variant", sv=f"variant: {error_text(e, 'sv')}"
        ) from None


def replay(doc: dict[str, Any], *, check_totals: bool = True) -> Replay:
    """Replay and check a record; raise :class:`RecordError` at the first violation."""
    fmt = _require(doc, "format", "the record")
    if fmt != FORMAT:
        raise RecordError(
            f"format is {fmt!r}, this reader knows {FORMAT!r}",
            rule="format",
            sv=f"formatet är {fmt!r}, den här läsaren kan {FORMAT!r}",
        )
    warnings: list[str] = []
    rules = rules_from_record(doc, warnings)
    spec = _record_game(doc)
    players = _require(doc, "players", "the record")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise RecordError(
            "'players' must be a list of names",
            rule="malformed",
            sv="'players' ska vara en lista av namn",
        )
    deals = _require(doc, "deals", "the record")
    if not isinstance(deals, list):
        raise RecordError(
            "'deals' must be a list", rule="malformed", sv="'deals' ska vara en lista"
        )
    first_dealer = 0
    if deals and isinstance(deals[0], dict) and isinstance(deals[0].get("dealer"), int):
        first_dealer = deals[0]["dealer"]
    try:
        state = spec.state(rules, first_dealer=first_dealer)  # type: ignore[call-arg]
    except RulesError as e:
        raise RecordError(str(e), rule="dealer", deal=1, sv=e.sv) from None
    if len(players) != state.num_players:
        raise RecordError(
            f"{len(players)} players named, the variant has {state.num_players}",
            rule="players",
            sv=f"{len(players)} spelare namngivna, varianten har {state.num_players}",
        )
    hook = getattr(state, "replay_deal", None)
    for i, deal in enumerate(deals, start=1):
        if not isinstance(deal, dict):
            raise RecordError(
                "a deal must be an object",
                rule="malformed",
                deal=i,
                sv="en giv ska vara ett objekt",
            )
        if state.is_terminal():
            raise RecordError(
                "the game was already over before this deal",
                rule="extra_deal",
                deal=i,
                sv="partiet var redan slut före den här given",
            )
        if hook is not None:
            hook(deal, i)
        else:
            _replay_deal(state, deal, i)
    finished = state.is_terminal()
    if finished and check_totals:
        _check_end(doc, state)
    return Replay(doc, state, list(players), finished, warnings)


def _replay_deal(state: GameState, deal: dict[str, Any], i: int) -> None:
    """Apply one recorded deal to ``state`` (which must stand at its chance node)."""
    if not state.is_chance():
        raise RecordError(
            "the previous deal is unfinished",
            rule="truncated",
            deal=i - 1,
            sv="förra given är inte färdigspelad",
        )
    dealer = _require(deal, "dealer", f"deal {i}", deal=i)
    want_dealer = state.dealer()
    if dealer != want_dealer:
        raise RecordError(
            f"seat {dealer} deals, but the deal passes to seat {want_dealer}",
            rule="dealer",
            deal=i,
            seat=dealer,
            sv=f"plats {dealer} ger, men given går till plats {want_dealer}",
        )
    if "hands" not in deal and "tricks" not in deal:
        # a deal played with real cards (scorekeeper): checked without the cards
        try:
            state.apply_reported_deal(deal)
        except IllegalActionError as e:
            raise RecordError(str(e), rule=e.rule, deal=i, seat=e.seat, sv=e.sv) from None
        if "result" in deal:
            _check_result(state, deal["result"], i)
        return
    hands_raw = _require(deal, "hands", f"deal {i}", deal=i)
    size = getattr(state, "hand_size", None)  # Plump writes each deal's size as "cards"
    if "cards" in deal and size is not None and deal["cards"] != size:
        raise RecordError(
            f"the record says {deal['cards']} cards each, the deal order gives {size}",
            rule="hand_size",
            deal=i,
            sv=f"protokollet säger {deal['cards']} kort var, givordningen ger {size}",
        )
    if not isinstance(hands_raw, list):
        raise RecordError(
            "'hands' must be a list of hands",
            rule="malformed",
            deal=i,
            sv="'hands' ska vara en lista av händer",
        )
    hands = tuple(_cards(h, f"hand of seat {s}", deal=i, seat=s) for s, h in enumerate(hands_raw))
    extra = tuple(_cards(p, "extra pile", deal=i) for p in (deal.get("extra") or []))
    up_raw = deal.get("upcard")
    try:
        upcard = parse_card(up_raw) if isinstance(up_raw, str) else None
    except CardError as e:
        raise RecordError(
            f"upcard: {e}", rule="malformed", deal=i, sv=f"uppvänt kort: {error_text(e, 'sv')}"
        ) from None
    try:
        state.apply_deal(Deal(hands, extra, upcard))
    except IllegalActionError as e:
        raise RecordError(str(e), rule=e.rule, deal=i, seat=e.seat, sv=e.sv) from None
    if "trump" in deal:
        trump_raw = deal["trump"]
        try:
            trump = None if trump_raw is None else parse_suit(str(trump_raw))
        except CardError as e:
            raise RecordError(
                f"trump: {e}", rule="malformed", deal=i, sv=f"trumf: {error_text(e, 'sv')}"
            ) from None
        actual = getattr(state, "trump", trump)
        if trump != actual:
            raise RecordError(
                f"the record says trump is {trump_raw}, the rules make it {'CDHS'[actual] if actual is not None else 'no trump'}",
                rule="trump",
                deal=i,
                sv=f"protokollet säger att trumf är {trump_raw}, reglerna gör den till "
                f"{suit_display(actual, 'sv')}",
            )
    for call in deal.get("auction") or []:
        _apply_recorded(state, call, "call", i, None)
    for exchange in deal.get("exchanges") or []:
        if not isinstance(exchange, dict):
            raise RecordError(
                "an exchange must be an object",
                rule="malformed",
                deal=i,
                sv="ett byte ska vara ett objekt",
            )
        seat = exchange.get("seat")
        actions_of = getattr(state, "exchange_actions", None)
        if actions_of is None:
            raise RecordError(
                f"{state.GAME} has no exchanges",
                rule="malformed",
                deal=i,
                sv=f"{state.GAME} har inga byten",
            )
        try:
            actions = actions_of(exchange)
        except (InvalidActionError, CardError) as e:
            raise RecordError(
                str(e), rule="malformed", deal=i, seat=seat, sv=error_text(e, "sv")
            ) from None
        for a in actions:
            _apply_action(state, seat, a, i, None)
    tricks = deal.get("tricks")
    if tricks is None:
        tricks = []
    if not isinstance(tricks, list):
        raise RecordError(
            "'tricks' must be a list", rule="malformed", deal=i, sv="'tricks' ska vara en lista"
        )
    for t, trick in enumerate(tricks, start=1):
        if not isinstance(trick, dict):
            raise RecordError(
                "a trick must be an object",
                rule="malformed",
                deal=i,
                trick=t,
                sv="ett stick ska vara ett objekt",
            )
        leader = _require(trick, "leader", f"trick {t}", deal=i, trick=t)
        if leader != state.current_player():
            raise RecordError(
                f"seat {leader} leads, but the lead belongs to seat {state.current_player()}",
                rule="leader",
                deal=i,
                trick=t,
                seat=leader,
                sv=f"plats {leader} spelar ut, men utspelet tillhör plats {state.current_player()}",
            )
        cards = _cards(
            _require(trick, "cards", f"trick {t}", deal=i, trick=t), "trick", deal=i, trick=t
        )
        n = state.num_players
        for k, card in enumerate(cards):
            seat = state.current_player()
            if seat < 0:
                raise RecordError(
                    "cards played after the deal ended",
                    rule="extra_card",
                    deal=i,
                    trick=t,
                    sv="kort spelade efter att given tog slut",
                )
            if k >= n:
                raise RecordError(
                    f"trick has {len(cards)} cards, more than {n}",
                    rule="trick_size",
                    deal=i,
                    trick=t,
                    sv=f"sticket har {len(cards)} kort, fler än {n}",
                )
            _apply_action(state, seat, card, i, t)
        if len(cards) == n:
            winner = _require(trick, "winner", f"trick {t}", deal=i, trick=t)
            actual = _last_trick_winner(state)
            if winner != actual:
                raise RecordError(
                    f"the record says seat {winner} took the trick, the rules give it to seat {actual}",
                    rule="trick_winner",
                    deal=i,
                    trick=t,
                    seat=winner,
                    sv=f"protokollet säger att plats {winner} tog sticket, "
                    f"reglerna ger det till plats {actual}",
                )
        elif t != len(tricks) or "result" in deal:
            raise RecordError(
                f"trick has {len(cards)} cards, not {n}",
                rule="trick_size",
                deal=i,
                trick=t,
                sv=f"sticket har {len(cards)} kort, inte {n}",
            )
    if "result" in deal:
        _check_result(state, deal["result"], i)


def _last_trick_winner(state: GameState) -> int:
    last = state.last_trick()
    if last is None:
        raise RecordError(
            "no trick was completed", rule="trick_size", sv="inget stick blev färdigt"
        )
    return last[2]


def _apply_recorded(state: GameState, entry: Any, key: str, i: int, t: int | None) -> None:
    if not isinstance(entry, dict):
        raise RecordError(
            "an auction entry must be an object",
            rule="malformed",
            deal=i,
            sv="ett bud ska vara ett objekt",
        )
    seat = _require(entry, "seat", "an auction entry", deal=i)
    raw = _require(entry, key, "an auction entry", deal=i, seat=seat)
    try:
        action = state.string_to_action(str(raw))
    except InvalidActionError as e:
        raise RecordError(str(e), rule="malformed", deal=i, seat=seat, sv=e.sv) from None
    _apply_action(state, seat, action, i, t)


def _apply_action(state: GameState, seat: Any, action: int, i: int, t: int | None) -> None:
    current = state.current_player()
    if current < 0:
        raise RecordError(
            f"seat {seat} acts ({state.action_to_string(action)}) after the deal is over",
            rule="extra_action",
            deal=i,
            trick=t,
            seat=seat,
            sv=f"plats {seat} gör ett drag ({state.action_to_string(action)}) efter att given är slut",
        )
    if seat != current:
        raise RecordError(
            f"seat {seat} acts ({state.action_to_string(action)}), but it is seat {current}'s turn",
            rule="turn",
            deal=i,
            trick=t,
            seat=seat,
            sv=f"plats {seat} gör ett drag ({state.action_to_string(action)}), "
            f"men det är plats {current}:s tur",
        )
    try:
        state.apply_action(action)
    except IllegalActionError as e:
        raise RecordError(str(e), rule=e.rule, deal=i, trick=t, seat=seat, sv=e.sv) from None


def _check_result(state: GameState, result: Any, i: int) -> None:
    if not isinstance(result, dict):
        raise RecordError(
            "'result' must be an object",
            rule="malformed",
            deal=i,
            sv="'result' ska vara ett objekt",
        )
    if not (state.is_chance() or state.is_terminal()):
        raise RecordError(
            "the deal has a result but its play is unfinished",
            rule="truncated",
            deal=i,
            sv="given har ett resultat men är inte färdigspelad",
        )
    computed = state.deal_records[-1].get("result", {})
    for key in ("tricks", "points"):
        _require(result, key, f"deal {i}'s result", deal=i)
    for key, want in computed.items():
        if key in result and result[key] != want:
            rule = "score" if key == "points" else f"result_{key}"
            seat = None
            if (
                isinstance(want, list)
                and isinstance(result[key], list)
                and len(want) == len(result[key])
            ):
                seat = next(
                    (s for s, (a, b) in enumerate(zip(result[key], want, strict=True)) if a != b),
                    None,
                )
            raise RecordError(
                f"result {key} is {result[key]}, the rules give {want}",
                rule=rule,
                deal=i,
                seat=seat,
                sv=f"resultatets {key} är {result[key]}, reglerna ger {want}",
            )


def _check_end(doc: dict[str, Any], state: GameState) -> None:
    totals = [int(x) if float(x).is_integer() else x for x in state.returns()]
    if "totals" in doc and doc["totals"] != totals:
        raise RecordError(
            f"totals are {doc['totals']}, the deals add up to {totals}",
            rule="totals",
            sv=f"summorna är {doc['totals']}, givarna blir tillsammans {totals}",
        )
    if "winner" in doc and not (doc["winner"] is None or isinstance(doc["winner"], list)):
        raise RecordError(
            f"winner must be a list of seats, not {doc['winner']!r}",
            rule="malformed",
            sv=f"winner ska vara en lista av platser, inte {doc['winner']!r}",
        )
    if "winner" in doc and sorted(doc["winner"] or []) != sorted(state.winners()):
        raise RecordError(
            f"winner is {doc['winner']}, the rules give {state.winners()}",
            rule="winner",
            sv=f"vinnare är {doc['winner']}, reglerna ger {state.winners()}",
        )


def play_out(state: GameState, bots: Sequence[Any], rng: Any) -> None:
    """Play ``state`` to the end with one bot per seat (``bot.act(Turn.of(state)) -> action``).

    Where players change seats (Priffe's parti: ``state.seating()`` maps seat to
    player), bot ``i`` plays for player ``i`` wherever that player sits.  The
    bots act through a :class:`~stickspel.table.Table` around ``state``, as at
    any other table.
    """
    from stickspel.table import Person, Table

    persons = [Person(f"bot-{i + 1}", "bot") for i in range(len(bots))]
    table = Table.from_state(state, persons, dict(zip(persons, bots, strict=True)), rng=rng)
    table.advance()

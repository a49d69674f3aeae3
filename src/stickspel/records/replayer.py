"""Game records in the ``stickspel/1`` format: read into the event log, replay and check.

A record is a projection of a game's event log (:meth:`GameState.history`): deals,
calls and cards.  Reading one runs it through the same engine that plays: first
the structure is checked against the published JSON Schema (``schema.json``,
also ``docs/records.schema.json``), then each game's codec
(``games/<game>/codec.py``, the spec's ``codec``) turns every deal into events that one loop
applies, so every rule of the game and variant is checked by the code that
enforces it in play.  The first violation raises :class:`RecordError` naming the
deal, trick and seat (1-based deal and trick numbers, seats as in the record) and
the rule broken.

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
>>> doc["deals"][0]["tricks"][0]["leader"] = 2.0
>>> replay(doc)
Traceback (most recent call last):
...
stickspel.records.errors.RecordError: deal 1, trick 1: deals[0].tricks[0].leader: 2.0 is not an integer [malformed]
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any

from stickspel.core import (
    Deal,
    Game,
    GameState,
    HistoryItem,
    IllegalActionError,
    ReportedDeal,
    Rules,
    RulesError,
)
from stickspel.games import GAMES, GameSpec, game_spec
from stickspel.games.spec import part_of
from stickspel.records.errors import Msg, RecordError
from stickspel.records.events import (
    MISSING,
    Act,
    Codec,
    Event,
    Lead,
    Play,
    Result,
    TrickEnd,
    require,
)
from stickspel.records.io import dump_record, load_record, write_record

__all__ = [
    "FORMAT",
    "RecordError",
    "Replay",
    "replay",
    "events_from_record",
    "record_from_state",
    "first_dealer_of",
    "codec_of",
    "schema",
    "validate_schema",
    "load_record",
    "dump_record",
    "write_record",
]

FORMAT = "stickspel/1"
_RECORD = Msg("records.place.record")


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
            "totals": record_totals(self.state),
            "winner": self.state.winners() if self.finished else None,
            "warnings": self.warnings,
            "valid": True,
        }


# --- the schema ------------------------------------------------------------------------


@cache
def schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of ``stickspel/1`` (``docs/records.schema.json``)."""
    text = (resources.files("stickspel.records") / "schema.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def _with_games(games: tuple[str, ...]) -> dict[str, Any]:
    """The published schema with the registered ``games`` it does not name, each with
    the deal schema of its codec (a game added outside the record format)."""
    published = schema()
    known = published["properties"]["game"]["enum"]
    added = [g for g in games if g not in known]
    if not added:
        return published
    out = copy.deepcopy(published)
    for game in added:
        deal = codec_of(game).deal_schema or {"type": "object"}
        out["properties"]["game"]["enum"].append(game)
        out["$defs"][f"{game}_deal"] = deal
        out["allOf"].append(
            {
                "if": {"properties": {"game": {"const": game}}, "required": ["game"]},
                "then": {"properties": {"deals": {"items": {"$ref": f"#/$defs/{game}_deal"}}}},
            }
        )
    return out


def _validator() -> Any:
    return _validator_for(tuple(GAMES))


@cache
def _validator_for(games: tuple[str, ...]) -> Any:
    from jsonschema import Draft202012Validator, validators  # type: ignore[import-untyped]
    from jsonschema._keywords import items as items_keyword  # type: ignore[import-untyped]

    published = _with_games(games)
    Draft202012Validator.check_schema(published)
    # an integer is written without a fraction: 2.0 is not a seat (nor true)
    checker = Draft202012Validator.TYPE_CHECKER.redefine(
        "integer", lambda _checker, value: isinstance(value, int) and not isinstance(value, bool)
    )
    card = _inline(published["$defs"]["card"], published["$defs"])
    card_re = re.compile(card["pattern"])

    def items(validator: Any, sub: Any, instance: Any, schema_: Any) -> Any:
        # the same answers as "items", without descending into cards that are fine
        if sub == card and isinstance(instance, list):
            for index, item in enumerate(instance):
                if not (isinstance(item, str) and card_re.search(item)):
                    yield from validator.descend(item, sub, path=index)
            return
        yield from items_keyword(validator, sub, instance, schema_)

    strict = validators.extend(
        Draft202012Validator, type_checker=checker, validators={"items": items}
    )
    return strict(_inline(published, published["$defs"]))


def _inline(node: Any, defs: dict[str, Any]) -> Any:
    """``node`` with every local ``$ref`` replaced by what it names (faster to check)."""
    if isinstance(node, dict):
        if "$ref" in node:
            target = _inline(defs[node["$ref"].rsplit("/", 1)[-1]], defs)
            rest = {k: _inline(v, defs) for k, v in node.items() if k != "$ref"}
            return {"allOf": [target, rest]} if rest else target
        return {k: _inline(v, defs) for k, v in node.items() if k != "$defs"}
    if isinstance(node, list):
        return [_inline(v, defs) for v in node]
    return node


_TYPE_NAMES = {
    "integer": "records.type.integer",
    "string": "records.type.string",
    "array": "records.type.array",
    "object": "records.type.object",
    "boolean": "records.type.boolean",
    "null": "records.type.null",
    "number": "records.type.number",
}


def validate_schema(doc: Any) -> None:
    """Check ``doc`` against the schema; the first error in document order is a
    one-line :class:`RecordError` naming its JSON path.

    >>> validate_schema({"format": "stickspel/1", "game": "plump", "players": ["A", "B"],
    ...                  "deals": [{"dealer": True, "hands": []}]})
    Traceback (most recent call last):
    ...
    stickspel.records.errors.RecordError: deal 1: deals[0].dealer: true is not an integer [malformed]
    """
    errors = list(_validator().iter_errors(doc))
    if not errors:
        return
    error = min(errors, key=lambda e: _doc_order(doc, list(e.absolute_path)))
    raise _schema_error(doc, error)


def _doc_order(doc: Any, path: list[Any]) -> list[int]:
    out, node = [], doc
    for key in path:
        if isinstance(node, dict):
            out.append(list(node).index(key))
        else:
            out.append(int(key))
        node = node[key]
    return out


def _json_path(path: list[Any]) -> str:
    text = ""
    for key in path:
        text += f"[{key}]" if isinstance(key, int) else (f".{key}" if text else str(key))
    return text or "$"


def _value_text(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 40 else text[:37] + "…"


def _schema_error(doc: Any, error: Any) -> RecordError:
    path = list(error.absolute_path)
    ctx: dict[str, Any] = {}
    if len(path) >= 2 and path[0] == "deals" and isinstance(path[1], int):
        ctx["deal"] = path[1] + 1
        if len(path) >= 4 and path[2] == "tricks" and isinstance(path[3], int):
            ctx["trick"] = path[3] + 1
    kind = error.validator
    if kind in ("required", "dependentRequired"):
        missing = next(
            (
                k
                for k in _required_of(error)
                if isinstance(error.instance, dict) and k not in error.instance
            ),
            "?",
        )
        return RecordError(
            "records.missing_field",
            rule="missing_field",
            place=_place_of(path),
            field=missing,
            **ctx,
        )
    at = _json_path(path)
    value = _value_text(error.instance)
    if kind == "type":
        want = error.validator_value
        names = [want] if isinstance(want, str) else list(want)
        key = _TYPE_NAMES.get(names[0], "records.type.other")
        return RecordError(
            "records.schema.type", rule="malformed", path=at, value=value, type=Msg(key), **ctx
        )
    if kind == "pattern":
        return RecordError("records.schema.card", rule="malformed", path=at, value=value, **ctx)
    if kind in ("enum", "const"):
        options = error.validator_value if kind == "enum" else [error.validator_value]
        return RecordError(
            "records.schema.enum",
            rule="malformed",
            path=at,
            value=value,
            options=", ".join(_value_text(o) for o in options),
            **ctx,
        )
    if kind in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"):
        bound = error.validator_value
        key = "records.schema.minimum" if "inimum" in kind else "records.schema.maximum"
        return RecordError(key, rule="malformed", path=at, value=value, bound=bound, **ctx)
    if kind in ("minItems", "maxItems", "maxProperties", "maxLength", "minLength"):
        key = "records.schema.too_few" if kind.startswith("min") else "records.schema.too_many"
        if kind.endswith("Length"):  # a text (a name, a call): its characters are counted
            key = "records.schema.too_short" if kind == "minLength" else "records.schema.too_long"
        return RecordError(
            key,
            rule="malformed",
            path=at,
            count=len(error.instance),
            bound=error.validator_value,
            **ctx,
        )
    if kind == "uniqueItems":
        return RecordError("records.schema.unique", rule="malformed", path=at, value=value, **ctx)
    return RecordError(
        "records.schema.other", rule="malformed", path=at, message=error.message, **ctx
    )


def _required_of(error: Any) -> list[str]:
    if error.validator == "required":
        return list(error.validator_value)
    return [k for keys in error.validator_value.values() for k in keys]


def _place_of(path: list[Any]) -> Msg:
    """The name a place in a record has in messages (``deal 3``, ``trick 2``, …)."""
    if not path:
        return _RECORD
    if path[0] == "deals" and len(path) >= 2 and isinstance(path[1], int):
        deal = path[1] + 1
        rest = path[2:]
        if not rest:
            return Msg("records.place.deal", {"deal": deal})
        if rest[0] == "tricks" and len(rest) == 2:
            return Msg("records.place.trick", {"trick": rest[1] + 1})
        if rest[0] == "result" and len(rest) == 1:
            return Msg("records.place.result", {"deal": deal})
        if rest[0] == "auction" and len(rest) == 2:
            return Msg("records.place.call")
        if rest[0] == "exchanges" and len(rest) == 2:
            return Msg("records.place.exchange")
    return Msg("records.place.path", {"path": _json_path(path)})


# --- reading a record ----------------------------------------------------------------


def _record_game(doc: dict[str, Any]) -> GameSpec:
    try:
        return game_spec(str(require(doc, "game", _RECORD)))
    except RulesError as e:
        raise RecordError(rule="game", cause=e) from None


def rules_from_record(doc: dict[str, Any], warnings: list[str] | None = None) -> Rules:
    """The rules a record was played under (its ``variant``, defaults for what it omits)."""
    spec = _record_game(doc)
    variant = doc.get("variant") or {}
    if not isinstance(variant, dict):
        raise RecordError("records.variant_not_object", rule="malformed")
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
        raise RecordError("records.variant", rule="variant", error=e) from None


@cache
def codec_of(game: str) -> Codec:
    """The codec of ``game`` (its spec's ``codec``)."""
    spec = game_spec(game)
    codec: Codec | None = part_of(spec, spec.codec, Codec)
    if codec is None:  # every game keeps records: a spec without a codec is a bug
        raise TypeError(f"the game {game!r} has no record codec")
    return codec


def first_dealer_of(doc: dict[str, Any]) -> int:
    """The seat dealing a record's first deal (0 where it has none)."""
    deals = doc.get("deals")
    if deals and isinstance(deals[0], dict):
        dealer = deals[0].get("dealer")
        if isinstance(dealer, int) and not isinstance(dealer, bool):
            return dealer
    return 0


def replay(doc: dict[str, Any], *, check_totals: bool = True) -> Replay:
    """Replay and check a record; raise :class:`RecordError` at the first violation.

    ``check_totals=False`` leaves out the checks of the document's end (totals,
    winner, the fields a finished record must have, Priffe's rubbers).
    """
    if not isinstance(doc, dict):
        raise RecordError("records.not_object", rule="format")
    fmt = require(doc, "format", _RECORD)
    if fmt != FORMAT:
        raise RecordError("records.format", rule="format", given=repr(fmt), want=repr(FORMAT))
    spec = _record_game(doc)
    validate_schema(doc)
    warnings: list[str] = []
    rules = rules_from_record(doc, warnings)
    players = require(doc, "players", _RECORD)
    deals = require(doc, "deals", _RECORD)
    try:
        state = spec.state(rules, first_dealer=first_dealer_of(doc))  # type: ignore[call-arg]
    except RulesError as e:
        raise RecordError(rule="dealer", deal=1, cause=e) from None
    if len(players) != state.num_players:
        raise RecordError(
            "records.players", rule="players", named=len(players), seats=state.num_players
        )
    codec = codec_of(state.GAME)
    for i, deal in enumerate(deals, start=1):
        if state.is_terminal():
            raise RecordError("records.extra_deal", rule="extra_deal", deal=i)
        for event in codec.deal_events(state, deal, i):
            _apply(state, event, deal, i)
    finished = state.is_terminal()
    if check_totals:
        _check_end(doc, state, finished, warnings)
        codec.check_document(doc, state)
    return Replay(doc, state, list(players), finished, warnings)


def events_from_record(doc: dict[str, Any]) -> tuple[Game, list[HistoryItem]]:
    """A record read into the event log: the game and the items (deals, reported deals,
    actions) that, applied to ``game.new_initial_state(first_dealer_of(doc))``,
    rebuild the recorded game.  The record is checked first (:func:`replay`)."""
    rep = replay(doc)
    state = rep.state
    return Game(type(state), state.rules), state.history()


def record_from_state(state: GameState, players: Sequence[str] | None = None) -> dict[str, Any]:
    """The ``stickspel/1`` record of a state's event log (what :func:`replay` reads back)."""
    return state.to_record(players)


# --- the one loop ----------------------------------------------------------------------


def _apply(state: GameState, event: Event, deal: dict[str, Any], i: int) -> None:
    """Apply one event of deal ``i`` (or check it, for leads, trick ends and results)."""
    if isinstance(event, Deal | ReportedDeal):
        _apply_deal_event(state, event, i)
    elif isinstance(event, Act):
        _apply_action(state, event.seat, event.action, i, event.trick)
    elif isinstance(event, Lead):
        _check_lead(state, event, i)
    elif isinstance(event, Play):
        _apply_play(state, event, i)
    elif isinstance(event, TrickEnd):
        _check_trick_end(state, event, i)
    elif isinstance(event, Result):
        _check_result(state, event.result, i)


def _apply_deal_event(state: GameState, event: Deal | ReportedDeal, i: int) -> None:
    try:
        if isinstance(event, Deal):
            state.apply_deal(event)
        else:
            state.apply_reported_deal(event.deal)
    except IllegalActionError as e:
        raise RecordError(rule=e.rule, deal=i, seat=e.seat, cause=e) from None


def _check_lead(state: GameState, event: Lead, i: int) -> None:
    current = state.current_player()
    if event.leader != current:
        raise RecordError(
            "records.leader",
            rule="leader",
            deal=i,
            trick=event.trick,
            seat=event.leader,
            leader=event.leader,
            want=current,
        )


def _apply_play(state: GameState, event: Play, i: int) -> None:
    seat = state.current_player()
    if seat < 0:
        raise RecordError("records.extra_card", rule="extra_card", deal=i, trick=event.trick)
    if event.index >= state.num_players:
        raise RecordError(
            "records.trick_too_big",
            rule="trick_size",
            deal=i,
            trick=event.trick,
            count=event.count,
            n=state.num_players,
        )
    _apply_action(state, seat, event.card, i, event.trick)


def _check_trick_end(state: GameState, event: TrickEnd, i: int) -> None:
    t, n = event.trick, state.num_players
    if event.count != n:
        if not event.may_be_open:  # only the last trick of an unfinished deal may be short
            raise RecordError(
                "records.trick_too_small",
                rule="trick_size",
                deal=i,
                trick=t,
                count=event.count,
                n=n,
            )
        return
    if event.winner is MISSING:
        raise RecordError(
            "records.missing_field",
            rule="missing_field",
            deal=i,
            trick=t,
            place=Msg("records.place.trick", {"trick": t}),
            field="winner",
        )
    actual = _last_trick_winner(state, i)
    if event.winner != actual:
        raise RecordError(
            "records.trick_winner",
            rule="trick_winner",
            deal=i,
            trick=t,
            seat=event.winner,
            given=event.winner,
            actual=actual,
        )


def _last_trick_winner(state: GameState, i: int) -> int:
    last = state.last_trick()
    if last is None:
        raise RecordError("records.no_trick_done", rule="trick_size", deal=i)
    return last[2]


def _apply_action(state: GameState, seat: Any, action: int, i: int, t: int | None) -> None:
    current = state.current_player()
    text = state.action_to_string(action)
    if current < 0:
        raise RecordError(
            "records.extra_action",
            rule="extra_action",
            deal=i,
            trick=t,
            seat=seat,
            who=seat,
            action=text,
        )
    if seat != current:
        raise RecordError(
            "records.turn",
            rule="turn",
            deal=i,
            trick=t,
            seat=seat,
            who=seat,
            action=text,
            want=current,
        )
    try:
        state.apply_action(action)
    except IllegalActionError as e:
        raise RecordError(rule=e.rule, deal=i, trick=t, seat=seat, cause=e) from None


def _check_result(state: GameState, result: Any, i: int) -> None:
    if not isinstance(result, dict):
        raise RecordError("records.result_not_object", rule="malformed", deal=i)
    if not (state.is_chance() or state.is_terminal()):
        raise RecordError("records.result_unfinished", rule="truncated", deal=i)
    computed = state.deal_records[-1].get("result", {})
    for key in ("tricks", "points"):
        require(result, key, Msg("records.place.result", {"deal": i}), deal=i)
    for key, want in computed.items():
        if key in result and result[key] != want:
            rule = "score" if key == "points" else f"result_{key}"
            seat = None
            got = result[key]
            if isinstance(want, list) and isinstance(got, list) and len(want) == len(got):
                seat = next(
                    (s for s, (a, b) in enumerate(zip(got, want, strict=True)) if a != b), None
                )
            raise RecordError(
                "records.result", rule=rule, deal=i, seat=seat, key=key, given=got, want=want
            )


def record_totals(state: GameState) -> list[Any]:
    """A state's totals as a record writes them (whole numbers as ints)."""
    return [int(x) if float(x).is_integer() else x for x in state.returns()]


def _check_end(doc: dict[str, Any], state: GameState, finished: bool, warnings: list[str]) -> None:
    """Totals and winner against the replayed deals, wherever given; what a finished
    record must have (a result in every deal, totals and winner)."""
    if finished:
        for i, deal in enumerate(doc["deals"], start=1):
            if "result" not in deal:
                raise RecordError(
                    "records.missing_at_end",
                    rule="missing_field",
                    deal=i,
                    place=Msg("records.place.deal", {"deal": i}),
                    field="result",
                )
        for key in ("totals", "winner"):
            if doc.get(key) is None:
                raise RecordError(
                    "records.missing_at_end", rule="missing_field", place=_RECORD, field=key
                )
    totals = record_totals(state)
    if "totals" in doc and doc["totals"] != totals:
        # an unfinished record's totals are the totals so far: checked all the same
        raise RecordError("records.totals", rule="totals", given=doc["totals"], want=totals)
    winner = doc.get("winner")
    if winner is None:
        return
    if not finished:
        raise RecordError("records.winner_unfinished", rule="winner", given=winner)
    if sorted(winner) != sorted(state.winners()):
        raise RecordError("records.winner", rule="winner", given=winner, want=state.winners())

"""Fuzzing record and protokoll files: whatever a file holds, the program answers with
the game or one line of error, never a traceback, and never accepts a record whose
replay and totals disagree (issue #9).

Valid records of all three games (played by bots) and protokoll files (kept by the
scorekeeper) are mutated: bytes flipped, cut short, made non-UTF-8, nested deep,
numbers made huge, values given the wrong type, keys deleted and duplicated,
figures changed by one.  Each case is run through ``stickspel replay FILE`` and
``stickspel protokoll show -f FILE`` (and, for protokoll files, ``undo``, which would
write) in-process; a sample through the real console script.  The long run of the
same fuzzer is ``benchmarks/fuzz_records.py``.
"""

from __future__ import annotations

import copy
import functools
import hashlib
import json
import random
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from stickspel.cli import app
from stickspel.games import game_spec
from stickspel.protokoll.scorekeeper import Session, validate_protokoll
from stickspel.records import load_record, replay
from stickspel.simulate import play_game

NAMES = ["Anna", "Björn", "Cissi", "David"]
RULES: dict[str, dict[str, Any]] = {
    "plump": {"players": 3, "max_cards": 3},
    "priffe": {},
    "tremanswhist": {"max_deals": 4},
}


# --- the valid files mutated ---------------------------------------------------------------


@functools.cache
def seeds() -> list[tuple[str, str, bytes]]:
    """(name, kind, bytes) of valid files: a played record and a protokoll of each game."""
    from stickspel.records import dump_record

    out = []
    for game, options in RULES.items():
        spec = game_spec(game)
        rules = spec.rules.from_dict(options)
        seats = 4 if game == "priffe" else 3
        state = play_game(game, rules, ["random"] * seats, 11)
        record = state.to_record(NAMES[:seats])
        out.append((f"{game}-record", "record", dump_record(record).encode()))
        session = Session.new(
            game, record["players"], rules, first_dealer=record["deals"][0]["dealer"]
        )
        for deal in record["deals"][:3]:
            entry = {k: v for k, v in deal.items() if k not in ("hands", "tricks", "extra")}
            entry["result"] = {
                k: v for k, v in deal["result"].items() if k in ("tricks", "honours")
            }
            session.add(entry)
        out.append((f"{game}-protokoll", "protokoll", dump_record(session.doc).encode()))
    return out


# --- mutations -----------------------------------------------------------------------------

WRONG_VALUES: list[Any] = [
    "x", "", "²", "٣", "abc", "chess", "zz", 3, -1, 0, 99, 10**20, 1.5, True, False, None,
    [], {}, [1, 2], {"a": 1}, "[/]", "\x1b[2J", "A" * 300,
]  # fmt: skip


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a JSON value (keys of objects, indices of lists)."""
    out = [prefix]
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _paths(v, (*prefix, i))
    return out


def _get(doc: Any, path: tuple[Any, ...]) -> Any:
    for p in path:
        doc = doc[p]
    return doc


def _doc_mutation(
    fn: Callable[[Any, random.Random], None],
) -> Callable[[bytes, random.Random], bytes]:
    def mutate(data: bytes, rnd: random.Random) -> bytes:
        doc = json.loads(data)
        fn(doc, rnd)
        return json.dumps(doc, ensure_ascii=rnd.random() < 0.5).encode()

    return mutate


@_doc_mutation
def wrong_type(doc: Any, rnd: random.Random) -> None:
    path = rnd.choice(_paths(doc)[1:])
    _get(doc, path[:-1])[path[-1]] = copy.deepcopy(rnd.choice(WRONG_VALUES))


@_doc_mutation
def top_wrong_type(doc: Any, rnd: random.Random) -> None:
    doc[rnd.choice(["format", "game", "variant", "players", "deals", "totals", "winner"])] = (
        copy.deepcopy(rnd.choice(WRONG_VALUES))
    )


@_doc_mutation
def delete_key(doc: Any, rnd: random.Random) -> None:
    places = [p for p in _paths(doc)[1:] if isinstance(_get(doc, p[:-1]), dict | list)]
    path = rnd.choice(places)
    del _get(doc, path[:-1])[path[-1]]


@_doc_mutation
def off_by_one(doc: Any, rnd: random.Random) -> None:
    """A figure changed by one: a score edited by hand, a bid, a seat."""
    ints = [p for p in _paths(doc)[1:] if type(_get(doc, p)) is int]
    path = rnd.choice(ints)
    _get(doc, path[:-1])[path[-1]] += rnd.choice([-1, 1])


@_doc_mutation
def swap_values(doc: Any, rnd: random.Random) -> None:
    places = _paths(doc)[1:]
    a, b = rnd.choice(places), rnd.choice(places)
    if a[: len(b)] == b or b[: len(a)] == a:
        return
    pa, pb = _get(doc, a[:-1]), _get(doc, b[:-1])
    pa[a[-1]], pb[b[-1]] = copy.deepcopy(pb[b[-1]]), copy.deepcopy(pa[a[-1]])


@_doc_mutation
def duplicate_list_item(doc: Any, rnd: random.Random) -> None:
    lists = [p for p in _paths(doc) if isinstance(_get(doc, p), list) and _get(doc, p)]
    items = _get(doc, rnd.choice(lists))
    items.insert(rnd.randrange(len(items) + 1), copy.deepcopy(rnd.choice(items)))


def duplicate_key(data: bytes, rnd: random.Random) -> bytes:
    text = data.decode()
    key = rnd.choice(
        ['"game": "chess"', '"players": 3', '"deals": "abc"', '"format": "x"', '"totals": [1]']
    )
    at = [i for i, c in enumerate(text) if c == "{"]
    i = rnd.choice(at[: 1 + rnd.randrange(len(at))])
    return (text[: i + 1] + key + ", " + text[i + 1 :]).encode()


def byte_flip(data: bytes, rnd: random.Random) -> bytes:
    b = bytearray(data)
    for _ in range(rnd.choice([1, 1, 2, 5])):
        b[rnd.randrange(len(b))] = rnd.randrange(256)
    return bytes(b)


def truncate(data: bytes, rnd: random.Random) -> bytes:
    return data[: rnd.randrange(len(data))]


def non_utf8(data: bytes, rnd: random.Random) -> bytes:
    i = rnd.randrange(len(data))
    bad = rnd.choice([b"\xff", b"\xc3\x28", b"\xed\xa0\x80", b"\x80", b"\xfe\xff"])
    return data[:i] + bad + data[i:]


def deep_nesting(data: bytes, rnd: random.Random) -> bytes:
    n = rnd.choice([65, 1000, 100_000])
    text = data.decode()
    i = text.index('"deals"') + len('"deals": ')
    return (text[:i] + "[" * n + "]" * n + ", " + '"x": ' + text[i:]).encode()


def huge_number(data: bytes, rnd: random.Random) -> bytes:
    text = data.decode()
    digits = [i for i in range(1, len(text)) if text[i].isdigit() and not text[i - 1].isalnum()]
    i = rnd.choice(digits)
    number = rnd.choice(["9" * 5000, "1" * 4301, "1e999", "-1e999", "NaN", "Infinity", "1" * 31])
    return (text[:i] + number + text[i:]).encode()


def escaped_surrogate(data: bytes, rnd: random.Random) -> bytes:
    text = data.decode()
    return text.replace('"Björn"', rnd.choice(['"\\ud800"', '"B\\u001b[31m"', '"[/]"'])).encode()


MUTATIONS: dict[str, Callable[[bytes, random.Random], bytes]] = {
    "byte_flip": byte_flip,
    "truncate": truncate,
    "non_utf8": non_utf8,
    "deep_nesting": deep_nesting,
    "huge_number": huge_number,
    "wrong_type": wrong_type,
    "top_wrong_type": top_wrong_type,
    "delete_key": delete_key,
    "duplicate_key": duplicate_key,
    "duplicate_list_item": duplicate_list_item,
    "off_by_one": off_by_one,
    "swap_values": swap_values,
    "escaped_surrogate": escaped_surrogate,
}


# --- the checks ----------------------------------------------------------------------------

runner = CliRunner()


def _run(args: list[str]) -> tuple[int, str, str]:
    result = runner.invoke(app, args)
    exc = result.exception
    assert exc is None or isinstance(exc, SystemExit), (
        f"{args}: {type(exc).__name__}: {exc}"  # an exception escaped: a traceback
    )
    return result.exit_code, result.stdout, result.stderr


def _one_line(code: int, out: str, err: str, args: list[str]) -> None:
    assert code in (0, 1, 2), (args, code, err)
    assert "Traceback" not in out + err, (args, err)
    if code != 0:
        lines = err.strip().splitlines()
        assert len(lines) == 1 and lines[0], (args, err)


def _accepted_is_right(path: Path, command: str) -> None:
    """A file accepted must replay, and its totals must be what its deals add up to;
    a protokoll shown must pass the scorekeeper's whole check."""
    doc = load_record(path)
    rep = replay(doc)
    if "totals" in doc:  # finished or not, the totals are what the deals add up to
        want = [int(x) if float(x).is_integer() else x for x in rep.state.returns()]
        assert json.dumps(doc["totals"]) == json.dumps(want), (path, doc["totals"], want)
    deals = doc["deals"]
    if command == "show" and not any("hands" in d or "tricks" in d for d in deals):
        validate_protokoll(doc)  # which checks the totals of an unfinished evening too


def check_case(path: Path, kind: str) -> dict[str, int]:
    """Run one file through the commands; assert the contract; return the exit codes."""
    before = path.read_bytes()
    codes = {}
    for name, args in (
        ("replay", ["replay", str(path), "--lang", "en"]),
        ("show", ["protokoll", "show", "-f", str(path), "--lang", "en"]),
    ):
        code, out, err = _run(args)
        _one_line(code, out, err, args)
        assert path.read_bytes() == before, f"{name} changed the file"
        if code == 0:
            _accepted_is_right(path, name)
        codes[name] = code
    if kind == "protokoll":
        args = ["protokoll", "undo", "-f", str(path), "--lang", "en"]
        code, out, err = _run(args)
        _one_line(code, out, err, args)
        if codes["show"] != 0:
            assert code != 0 and path.read_bytes() == before, "a refused file was written"
        codes["undo"] = code
    return codes


def make_case(seed_index: int, mutation: str, rnd: random.Random) -> tuple[str, str, bytes]:
    name, kind, data = seeds()[seed_index % len(seeds())]
    return f"{name}:{mutation}", kind, MUTATIONS[mutation](data, rnd)


# --- the tests -----------------------------------------------------------------------------


def test_seeds_are_valid(tmp_path: Path) -> None:
    for name, kind, data in seeds():
        path = tmp_path / f"{name}.json"
        path.write_bytes(data)
        codes = check_case(path, kind)
        assert codes["replay"] == 0 and codes["show"] == 0, name


@settings(max_examples=160, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])  # fmt: skip
@given(
    seed_index=st.integers(0, 5),
    mutation=st.sampled_from(sorted(MUTATIONS)),
    rnd=st.randoms(use_true_random=False),
)
def test_fuzzed_files_never_give_a_traceback(
    tmp_path: Path, seed_index: int, mutation: str, rnd: random.Random
) -> None:
    name, kind, data = make_case(seed_index, mutation, rnd)
    path = tmp_path / (hashlib.sha1(data).hexdigest()[:12] + ".json")
    path.write_bytes(data)
    check_case(path, kind)
    path.unlink()


# A sample through the real console script: what a person at a terminal sees.
SAMPLE = [
    ("plump-record", "non_utf8"),
    ("plump-record", "deep_nesting"),
    ("priffe-record", "huge_number"),
    ("tremanswhist-record", "duplicate_key"),
    ("plump-protokoll", "top_wrong_type"),
    ("priffe-protokoll", "wrong_type"),
    ("tremanswhist-protokoll", "off_by_one"),
    ("plump-protokoll", "escaped_surrogate"),
]


@pytest.mark.parametrize("seed_name, mutation", SAMPLE)
def test_console_script_sample(tmp_path: Path, seed_name: str, mutation: str) -> None:
    index = [s[0] for s in seeds()].index(seed_name)
    name, kind, data = make_case(index, mutation, random.Random(7))
    path = tmp_path / "case.json"
    path.write_bytes(data)
    exe = Path(sys.executable).with_name("stickspel")
    for args in (["replay", str(path)], ["protokoll", "show", "-f", str(path)]):
        res = subprocess.run([str(exe), *args], capture_output=True, text=True, timeout=60)
        _one_line(res.returncode, res.stdout, res.stderr, args)
        assert "\x1b[2J" not in res.stdout
        if res.returncode != 0:
            assert str(path) in res.stderr, res.stderr  # the error names the file
    assert path.read_bytes() == data

"""Reading and writing record files: the one place where a file becomes a record.

Everything read here is untrusted (a file from another program, a mistyped
character, a file made to cause trouble): whatever is wrong with it becomes a
one-line :class:`RecordFileError` naming the file and the problem, never a
traceback, and the file is left untouched.  What is refused:

- files over :data:`MAX_RECORD_BYTES` (10 MB), before they are read;
- text that is not UTF-8 (a byte-order mark is allowed), and escaped lone
  surrogates (``"\\ud800"``), which no terminal or file can hold;
- text that is not JSON, JSON that is not an object, duplicate keys in an
  object, ``NaN`` / ``Infinity``;
- nesting deeper than :data:`MAX_DEPTH` and numbers longer than
  :data:`MAX_NUMBER_DIGITS` digits.

Writing is atomic and safe against other writers: :func:`write_record` writes
a unique temporary file in the same folder, flushes it to disk and renames it
over the record (``os.replace``), so a reader sees the old record or the new
one, never half of one; :func:`locked` is the advisory lock a
read-modify-write holds so two windows saving one file take turns instead of
losing each other's rows.

>>> doc = parse_record_text('{"format": "stickspel/1"}')
>>> doc["format"]
'stickspel/1'
>>> parse_record_text('{"a": 1, "a": 2}')
Traceback (most recent call last):
...
stickspel.records.errors.RecordError: duplicate key 'a' in an object [json]
>>> parse_record_text('[' * 100_000)
Traceback (most recent call last):
...
stickspel.records.errors.RecordError: JSON nested deeper than 64 levels [json]
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import re
import stat
import tempfile
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from stickspel.core import StickspelError
from stickspel.core.errors import Rule
from stickspel.records.errors import RecordError

__all__ = [
    "MAX_RECORD_BYTES",
    "MAX_DEPTH",
    "MAX_NUMBER_DIGITS",
    "LOCK_TIMEOUT",
    "RecordFileError",
    "FileBusyError",
    "OutputPathError",
    "load_record",
    "read_record_text",
    "parse_record_text",
    "dump_record",
    "write_record",
    "atomic_write",
    "remove_leftovers",
    "locked",
    "check_output_path",
    "lone_surrogate",
    "json_depth_over",
]

#: The largest record file read (10 MB); a whole evening's protokoll is a few kB,
#: a played game of Plump with every card some 30 kB.
MAX_RECORD_BYTES = 10 * 1024 * 1024
#: The deepest nesting of arrays and objects a record may have (records use 5).
MAX_DEPTH = 64
#: The most digits a number in a record may have.
MAX_NUMBER_DIGITS = 30
#: Seconds a writer waits for another writer of the same file before giving up.
LOCK_TIMEOUT = 10.0


class RecordFileError(RecordError):
    """A record file that cannot be read as a record; the message names the file.

    Built from a catalogue key of the ``io`` domain and its parameters, or around
    the :class:`RecordError` of the file's contents (``inner``).

    >>> e = RecordFileError("kväll.json", "io.not_utf8", rule="json", byte=255, offset=3)
    >>> str(e), e.path
    ('kväll.json: is not UTF-8 text (byte 0xff at offset 3) [json]', 'kväll.json')
    >>> e.text("sv")
    'kväll.json: är inte UTF-8-text (byte 0xff vid position 3) [json]'
    """

    def __init__(
        self,
        path: str | Path,
        key: str = "",
        *,
        rule: str,
        inner: RecordError | None = None,
        **params: Any,
    ) -> None:
        self.path = str(path)
        self.inner = inner
        super().__init__(key or "io.in_file", rule=rule, **params)

    def detail_text(
        self, lang: str, names: Sequence[str] | None = None, you: int | None = None
    ) -> str:
        from stickspel.i18n import render

        if self.inner is not None:
            detail = self.inner.detail_text(lang, names, you)
        else:
            detail = super().detail_text(lang, names, you)
        return render("io.in_file", {"path": self.path, "detail": detail}, lang)


class FileBusyError(StickspelError, TimeoutError):
    """Another program holds the lock of a record file for longer than we wait.

    An :class:`OSError` (``TimeoutError``), so code that reports failed file
    operations reports this one too."""


class OutputPathError(StickspelError, ValueError):
    """A place the program was asked to write to that cannot take the file or folder."""


# --- reading ------------------------------------------------------------------------------


def load_record(path: str | Path) -> dict[str, Any]:
    """Read a record file, refusing anything that is not a record (see the module text).

    Errors from the file system (missing file, no permission) stay :class:`OSError`;
    everything wrong with the contents is a :class:`RecordFileError` naming the file.
    """
    text = read_record_text(path)
    try:
        return parse_record_text(text)
    except RecordError as e:
        raise RecordFileError(path, rule=e.rule, inner=e) from None


def read_record_text(path: str | Path) -> str:
    """The text of a record file: at most :data:`MAX_RECORD_BYTES`, UTF-8."""
    p = Path(path)
    with p.open("rb") as f:
        size = os.fstat(f.fileno()).st_size
        if size > MAX_RECORD_BYTES:
            raise _too_large(p)
        data = f.read(MAX_RECORD_BYTES + 1)  # a device or a growing file says no size
    if len(data) > MAX_RECORD_BYTES:
        raise _too_large(p)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise RecordFileError(
            p, "io.not_utf8", rule=Rule.JSON, byte=data[e.start], offset=e.start
        ) from None


def _too_large(p: Path) -> RecordFileError:
    mb = MAX_RECORD_BYTES // (1024 * 1024)
    return RecordFileError(p, "io.file_too_large", rule=Rule.FORMAT, mb=mb)


def parse_record_text(text: str) -> dict[str, Any]:
    """A record from its JSON text; anything else is a :class:`RecordError`.

    >>> parse_record_text('{"n": 1' + '0' * 40 + '}')
    Traceback (most recent call last):
    ...
    stickspel.records.errors.RecordError: a number with 41 digits (at most 30) [json]
    >>> parse_record_text('"x"')
    Traceback (most recent call last):
    ...
    stickspel.records.errors.RecordError: a record is a JSON object [format]
    """
    if len(text) > MAX_RECORD_BYTES:
        mb = MAX_RECORD_BYTES // (1024 * 1024)
        raise RecordError("io.too_large", rule=Rule.FORMAT, mb=mb)
    _check_depth(text)
    try:
        doc = json.loads(
            text,
            object_pairs_hook=_object,
            parse_int=_int,
            parse_float=_float,
            parse_constant=_constant,
        )
    except json.JSONDecodeError as e:
        truncated = e.pos >= len(text.rstrip()) - 1
        raise RecordError(
            "io.bad_json_truncated" if truncated else "io.bad_json",
            rule=Rule.JSON,
            line=e.lineno,
            column=e.colno,
            reason=e.msg,
        ) from None
    except RecursionError:  # pragma: no cover - _check_depth refuses deep text first
        raise _too_deep() from None
    if not isinstance(doc, dict):
        raise RecordError("io.not_object", rule=Rule.FORMAT)
    _check_strings(doc)
    return doc


def _too_deep() -> RecordError:
    return RecordError("io.too_deep", rule=Rule.JSON, depth=MAX_DEPTH)


def lone_surrogate(value: Any) -> int | None:
    """The first surrogate code point in a string anywhere in ``value`` (keys too), or
    ``None``: JSON's ``\\uD800`` escapes decode to one when they are not a pair, and
    such a string cannot be written out, stored or sent again.

    >>> lone_surrogate({"a": ["ok", "\\udfff"]}), lone_surrogate({"😀": 1})
    (57343, None)
    """
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            try:
                item.encode("utf-8")
            except UnicodeEncodeError as e:
                return ord(item[e.start])
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return None


def json_depth_over(text: str, limit: int) -> bool:
    """Whether arrays and objects in JSON ``text`` nest deeper than ``limit``, counted
    before parsing so that the parser never recurses that far (brackets inside
    strings do not count; the scan is linear in the text).

    >>> json_depth_over('[[["[[[["]]]', 3), json_depth_over("[[[[1]]]]", 3)
    (False, True)
    """
    if text.count("[") + text.count("{") <= limit:
        return False  # too few brackets to nest that deep: skip the scan
    depth = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > limit:
                return True
        elif ch in "]}":
            depth -= 1
    return False


def _check_depth(text: str) -> None:
    """Refuse nesting deeper than :data:`MAX_DEPTH` before the parser recurses into it."""
    if json_depth_over(text, MAX_DEPTH):
        raise _too_deep()


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            shown = _short(key)
            raise RecordError("io.duplicate_key", rule=Rule.JSON, name=shown)
        out[key] = value
    return out


def _short(text: str, limit: int = 40) -> str:
    from stickspel.safetext import plain

    return repr(plain(text if len(text) <= limit else text[:limit] + "…"))


def _digits(text: str) -> int:
    return sum(ch.isdigit() for ch in text)


def _int(text: str) -> int:
    if len(text) > MAX_NUMBER_DIGITS:
        n = _digits(text)
        raise RecordError("io.long_number", rule=Rule.JSON, digits=n, most=MAX_NUMBER_DIGITS)
    return int(text)


def _float(text: str) -> float:
    if len(text) > MAX_NUMBER_DIGITS + 8:
        n = _digits(text)
        raise RecordError("io.long_number", rule=Rule.JSON, digits=n, most=MAX_NUMBER_DIGITS)
    value = float(text)
    if value in (float("inf"), float("-inf")):
        return _constant(text)  # type: ignore[no-any-return]
    return value


def _constant(text: str) -> Any:
    raise RecordError("io.bad_constant", rule=Rule.JSON, text=text)


def _check_strings(doc: Any) -> None:
    """Refuse strings that cannot be written out again (lone surrogates from ``\\ud800``)."""
    code = lone_surrogate(doc)
    if code is not None:
        raise RecordError("io.surrogate", rule=Rule.JSON, code=code)


# --- writing ------------------------------------------------------------------------------


def dump_record(doc: dict[str, Any]) -> str:
    """A record as JSON text: one line per trick and hand, readable and diffable.

    >>> print(dump_record({"hands": [["AS", "KD"], ["2C", "3C"]], "tricks": [
    ...     {"leader": 1, "cards": ["2C", "AS"], "winner": 0}]}), end="")
    {
     "hands": [["AS", "KD"], ["2C", "3C"]],
     "tricks": [{"leader": 1, "cards": ["2C", "AS"], "winner": 0}]
    }
    """
    return _dump(doc, 0) + "\n"


def _dump(value: Any, depth: int) -> str:
    # A value goes on one line when it fits; otherwise one item per line.
    flat = json.dumps(value, ensure_ascii=False)
    if not isinstance(value, dict | list) or depth + len(flat) <= 96 or not value:
        return flat
    pad = " " * (depth + 1)
    if isinstance(value, list):
        items = [pad + _dump(v, depth + 1) for v in value]
        return "[\n" + ",\n".join(items) + "\n" + " " * depth + "]"
    items = [
        f"{pad}{json.dumps(k, ensure_ascii=False)}: {_dump(v, depth + 1)}" for k, v in value.items()
    ]
    return "{\n" + ",\n".join(items) + "\n" + " " * depth + "}"


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def write_record(doc: dict[str, Any], path: str | Path, *, private: bool = False) -> None:
    """Write ``doc`` to ``path`` atomically: never half a record, whatever happens.

    The text goes to a temporary file with a unique name in the same folder, is
    flushed to disk (``fsync``) and renamed over ``path`` (``os.replace``), and
    the folder is flushed too.  Two writers never share a temporary file; a
    writer killed at any moment leaves the old record (and at worst a stray
    ``.<name>.*.tmp`` file, which the next write of the record removes).  ``private`` records
    (games hold hidden hands, score sheets an evening's names and scores) are written
    readable by their owner only (mode 0600, a new folder 0700); others get the usual
    mode for new files, or keep the mode of the file they replace.

    A read-modify-write holds :func:`locked` around the read and this write.
    """
    atomic_write(path, dump_record(doc).encode("utf-8"), private=private)


def atomic_write(path: str | Path, data: bytes, *, private: bool = False) -> None:
    """Write ``data`` to ``path`` atomically (see :func:`write_record`): a unique
    temporary file in the same folder, ``fsync``, ``os.replace``.

    A write that replaces the file also removes what earlier writes of it that
    were killed before their rename left behind (:func:`remove_leftovers`).
    """
    p = Path(path)
    # a private file's folder, when made here, is its owner's only (0700): not even its
    # file names (times, names of players) are shown to others
    p.parent.mkdir(mode=0o700 if private else 0o777, parents=True, exist_ok=True)
    existed = p.exists()
    if private:
        mode = 0o600
    else:
        try:
            mode = p.stat().st_mode & 0o777
        except FileNotFoundError:
            mode = 0o666 & ~_umask()
    fd, tmp = _held_temp(p)
    try:
        with os.fdopen(fd, "wb", closefd=False) as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
            os.fchmod(f.fileno(), mode)
        os.replace(tmp, p)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    finally:
        os.close(fd)  # held until renamed: a cleaner never takes a live writer's file
    _fsync_dir(p.parent)
    if existed:  # only on a rewrite: a folder of 10,000 new records is not listed per file
        remove_leftovers(p)


# tempfile.mkstemp's names: prefix, 8 characters from this set, suffix
_TEMP_NAME = r"[a-z0-9_]{8}"


def _temp_pattern(p: Path) -> re.Pattern[str]:
    return re.compile(re.escape(f".{p.name}.") + _TEMP_NAME + re.escape(".tmp"))


def _held_temp(p: Path) -> tuple[int, str]:
    """A new temporary file beside ``p``, open and locked (``flock``) by this writer.

    The lock is what tells :func:`remove_leftovers` that a writer is alive; the
    system drops it when the writer dies, also on ``kill -9``.  In the instant
    between creating the file and locking it a cleaner may take it: then the
    name is gone and another is made.
    """
    while True:
        fd, tmp = tempfile.mkstemp(dir=p.parent, prefix=f".{p.name}.", suffix=".tmp")
        fcntl.flock(fd, fcntl.LOCK_EX)
        if _same_file(fd, tmp):
            return fd, tmp
        os.close(fd)


def _same_file(fd: int, path: str) -> bool:
    """Whether ``path`` still names the regular file open as ``fd``."""
    try:
        named = os.stat(path, follow_symlinks=False)
    except OSError:
        return False
    held = os.fstat(fd)
    return stat.S_ISREG(held.st_mode) and (named.st_dev, named.st_ino) == (
        held.st_dev,
        held.st_ino,
    )


def remove_leftovers(path: str | Path) -> int:
    """Remove the temporary files of writes of ``path`` whose writer died before
    renaming (``kill -9``, a power cut); returns how many.

    Only files named as :func:`atomic_write` names them for this very file
    (``.<name>.<8 characters>.tmp``) are touched, and only those no live writer
    holds: each writer keeps its temporary file locked until the rename, so a
    file that can be locked here has no writer left.  Callers need no other lock.

    >>> import tempfile, pathlib
    >>> with tempfile.TemporaryDirectory() as d:
    ...     p = pathlib.Path(d, "kväll.json")
    ...     for name in (".kväll.json.k1ll3d_9.tmp", ".kväll.json.x.tmp", "kväll.json.tmp"):
    ...         _ = pathlib.Path(d, name).write_text("{")
    ...     removed = remove_leftovers(p)
    ...     removed, sorted(f.name for f in pathlib.Path(d).iterdir())
    (1, ['.kväll.json.x.tmp', 'kväll.json.tmp'])
    """
    p = Path(path)
    pattern = _temp_pattern(p)
    try:
        names = [n for n in os.listdir(p.parent) if pattern.fullmatch(n)]
    except OSError:
        return 0
    return sum(_remove_if_dead(str(p.parent / n)) for n in names)


def _remove_if_dead(tmp: str) -> bool:
    try:
        fd = os.open(tmp, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    except OSError:
        return False  # gone already, a link, or not ours to read
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)  # refused while a writer holds it
        if not _same_file(fd, tmp):
            return False
        os.unlink(tmp)
        return True
    except OSError:
        return False
    finally:
        os.close(fd)


def _fsync_dir(folder: Path) -> None:
    """Make the rename itself durable (POSIX; a no-op where folders cannot be opened)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


_LOCKS: dict[tuple[int, str], Any] = {}


@contextlib.contextmanager
def locked(path: str | Path, timeout: float = LOCK_TIMEOUT) -> Iterator[None]:
    """Hold the advisory lock of record ``path`` (a ``<name>.lock`` file beside it).

    Every read-modify-write of a record takes it, so two processes saving one
    file take turns: the second waits up to ``timeout`` seconds, then gets a
    :class:`FileBusyError` saying so, and nothing is written.  The lock is
    released when the block ends, also on errors, and by the system if the
    process dies.  Within one process (and thread) it may be taken again while
    held.

    >>> import tempfile, pathlib
    >>> with tempfile.TemporaryDirectory() as d:
    ...     p = pathlib.Path(d, "kväll.json")
    ...     with locked(p):
    ...         write_record({"format": "stickspel/1"}, p)
    ...     load_record(p)["format"]
    'stickspel/1'
    """
    from filelock import FileLock, Timeout

    p = Path(path)
    name = str(p.absolute().with_name(p.name + ".lock"))
    key = (os.getpid(), name)  # a forked child never shares its parent's lock object
    lock = _LOCKS.get(key)
    if lock is None:  # one lock object per file, so a nested ``locked`` re-enters it
        lock = _LOCKS[key] = FileLock(name)
    try:
        lock.acquire(timeout=timeout)
    except Timeout:
        raise FileBusyError("io.busy", path=str(p), timeout=timeout) from None
    try:
        yield
    finally:
        lock.release()


def check_output_path(path: str | Path, *, directory: bool = False) -> Path:
    """Check that a file (or with ``directory``, a folder) can be written at ``path``.

    Returns the path; raises :class:`OutputPathError` with one line naming the
    place and what is in the way.  Folders missing on the way are fine (they
    are created when writing) as long as the nearest existing one is a
    writable folder.

    >>> import tempfile, pathlib
    >>> with tempfile.TemporaryDirectory() as d:
    ...     _ = check_output_path(pathlib.Path(d, "new", "x.json"))
    ...     check_output_path(d)
    Traceback (most recent call last):
    ...
    stickspel.records.io.OutputPathError: ... is a folder, not a file
    """
    p = Path(path)

    def refuse(key: str, **params: Any) -> OutputPathError:
        return OutputPathError(f"io.path.{key}", path=str(p), **params)

    if str(p) == "":
        raise refuse("none")
    if p.exists():
        if directory and not p.is_dir():
            raise refuse("is_file")
        if not directory and p.is_dir():
            raise refuse("is_folder")
        if not directory and not p.is_file():
            raise refuse("not_regular")
        folder = p if directory else p.parent
        if not os.access(folder, os.W_OK | os.X_OK) or (
            not directory and not os.access(p, os.W_OK)
        ):
            raise refuse("no_permission")
        return p
    parent = p.parent
    while not parent.exists() and parent != parent.parent:
        parent = parent.parent
    if not parent.is_dir():
        raise refuse("parent_is_file", parent=str(parent))
    if not os.access(parent, os.W_OK | os.X_OK):
        raise refuse("parent_no_permission", parent=str(parent))
    return p

"""The search's two paths, compiled and plain Python, and which one a search takes.

The kernels (those of :mod:`~stickspel.search.kernels`, :mod:`~stickspel.search.redeal`
and :mod:`~stickspel.search.ismcts`) are written once for both.  With numba
installed each is compiled on its first call, or loaded from numba's cache on
disk: on a first start that is half a minute and more, since each compile takes
seconds.  The same functions also run uncompiled over lists: the *plain* path,
each compiled function's own Python (``py_func``) rebound so that the kernels it
calls are plain too, exactly what runs without numba (``STICKSPEL_NO_NUMBA=1``).
The two give the same answers for the same seeds (tests/test_search.py).

Which path a search takes (:func:`current`): the compiled one, unless numba is
missing or a warm-up in the background (:func:`stickspel.bots.warm.warm_in_background`,
the server at start) has not finished compiling: then the plain one, so that a
move never waits for a compile.  A search reads the path once, when it makes its
buffers: a :class:`~stickspel.search.Position`, a
:class:`~stickspel.search.Solver` and an IS-MCTS tree keep theirs.  A bot's
decision holds one path from its start to its end (:func:`pinned`), whenever the
warm-up ends meanwhile in another thread, so that its budgets are the ones of
the path that searches.

>>> plain().name, plain().buffer(3)
('python', [0, 0, 0])
>>> with pinned(plain()):
...     current() is plain()
True
"""

from __future__ import annotations

import threading
import types
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

__all__ = [
    "Backend",
    "compiled",
    "current",
    "is_ready",
    "pinned",
    "plain",
    "register",
    "set_ready",
]


@dataclass(frozen=True, eq=False)
class Backend:
    """One path of the search: ``name`` (``"numba"`` or ``"python"``), the kernels of
    each module on it, and the buffers they read (numpy arrays compiled, lists plain:
    a list's indexing from Python is faster than numpy's one element at a time)."""

    name: str
    kernels: Any
    redeal: Any
    ismcts: Any

    def buffer(self, size: int) -> Any:
        """A zeroed integer buffer of this path."""
        if self.name == "numba":
            import numpy as np

            return np.zeros(size, dtype=np.int64)
        return [0] * size

    def float_buffer(self, size: int) -> Any:
        """A zeroed float buffer of this path."""
        if self.name == "numba":
            import numpy as np

            return np.zeros(size, dtype=np.float64)
        return [0.0] * size

    def own(self, buf: Any) -> Any:
        """``buf`` as this path's buffer: itself if it is one, else a copy (a position
        built before the path changed, searched after)."""
        if self.name == "numba":
            import numpy as np

            return buf if isinstance(buf, np.ndarray) else np.array(buf, dtype=np.int64)
        return buf if isinstance(buf, list) else [int(v) for v in buf]


@dataclass(frozen=True)
class _Paths:
    compiled: Backend | None
    plain: Backend


_LOCK = threading.Lock()
#: The modules whose kernels make the paths (:func:`register`), and the paths.
_MODULES: tuple[types.ModuleType, ...] = ()
_PATHS: _Paths | None = None
#: Set while the compiled path may be taken: cleared while a warm-up compiles.
_READY = threading.Event()
_READY.set()
#: This thread's pinned path (``backend``), if any.
_LOCAL = threading.local()


def register(kernels: types.ModuleType, redeal: types.ModuleType, ismcts: types.ModuleType) -> None:
    """The modules whose kernels make the paths (the package, once it has loaded
    them: they import what uses this module, so it does not import them)."""
    global _MODULES
    _MODULES = (kernels, redeal, ismcts)


def _paths() -> _Paths:
    """The two paths, made on first use."""
    global _PATHS
    if _PATHS is None:
        with _LOCK:
            if _PATHS is None:
                if not _MODULES:
                    raise RuntimeError("stickspel.search has not registered its kernels")
                if _MODULES[0].BACKEND == "numba":
                    k, r, i = _plain_copies(_MODULES)
                    _PATHS = _Paths(Backend("numba", *_MODULES), Backend("python", k, r, i))
                else:  # numba missing: the modules are plain already
                    _PATHS = _Paths(None, Backend("python", *_MODULES))
    return _PATHS


def _plain_copies(modules: Sequence[types.ModuleType]) -> list[types.ModuleType]:
    """A copy of each module whose compiled functions are their own Python, each
    reading the copies' globals: a plain kernel calls plain kernels (and a copy's
    ``K`` is the plain kernels' module).  What is not a kernel is shared."""
    copies = {id(m): types.ModuleType(m.__name__, m.__doc__) for m in modules}
    plain_of: dict[int, types.FunctionType] = {}
    for m in modules:
        space = vars(copies[id(m)])
        space.update({k: v for k, v in vars(m).items() if k not in ("__name__", "__doc__")})
        for value in vars(m).values():
            py = getattr(value, "py_func", None)
            if isinstance(py, types.FunctionType) and id(value) not in plain_of:
                f = types.FunctionType(
                    py.__code__, space, py.__name__, py.__defaults__, py.__closure__
                )
                f.__kwdefaults__, f.__doc__ = py.__kwdefaults__, py.__doc__
                plain_of[id(value)] = f
    for copy in copies.values():
        space = vars(copy)
        for name, value in list(space.items()):
            if id(value) in plain_of:
                space[name] = plain_of[id(value)]
            elif id(value) in copies:
                space[name] = copies[id(value)]
    vars(copies[id(modules[0])])["BACKEND"] = "python"
    return [copies[id(m)] for m in modules]


def compiled() -> Backend | None:
    """The compiled path (``None`` without numba)."""
    return _paths().compiled


def plain() -> Backend:
    """The plain Python path."""
    return _paths().plain


def current() -> Backend:
    """The path a search started now takes: this thread's pinned one, else the
    compiled one when it is ready (numba installed, no warm-up compiling), else
    the plain one."""
    pin: Backend | None = getattr(_LOCAL, "backend", None)
    if pin is not None:
        return pin
    paths = _PATHS or _paths()
    if paths.compiled is not None and _READY.is_set():
        return paths.compiled
    return paths.plain


def set_ready(ready: bool) -> None:
    """Whether searches may take the compiled path: ``False`` while a warm-up
    compiles (it is ``True`` from the start: without a warm-up in the background
    a first search compiles what it calls, as numba does)."""
    if ready:
        _READY.set()
    else:
        _READY.clear()


def is_ready() -> bool:
    """Whether searches take the compiled path where numba is installed."""
    return _READY.is_set()


@contextmanager
def pinned(backend: Backend | None = None) -> Iterator[Backend]:
    """This thread's searches on one path until the block ends: ``backend``, or
    (``None``) the one :func:`current` gives as the block starts; a block inside
    another keeps the outer one's path unless it names one."""
    before: Backend | None = getattr(_LOCAL, "backend", None)
    chosen = backend or before or current()
    _LOCAL.backend = chosen
    try:
        yield chosen
    finally:
        _LOCAL.backend = before

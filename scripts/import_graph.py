"""The imports between stickspel's modules, read from the source (module level and
inside functions, not ``if TYPE_CHECKING:``), checked against the layering

    core → i18n → games → search → records · table → bots · protokoll · views
         → simulate · match · … → server · envs · interop → cli

A game is one package, ``stickspel.games.<game>``: its engine (rules, state,
observer, worlds, summary) is in the games layer; each of its parts for a layer
above (``codec``, ``view``, ``protokoll``, ``sheet``, ``bot``, ``search``, ``play``,
``seatview``, ``coach``, ``openspiel``: ``GAME_PARTS``) is in
that layer, and imports only the engine, its own game's modules and that layer's
Protocols and helpers (and what is below).  The game's spec (its ``__init__``)
names its parts by functions that import them on first use: those edges are how
the layers reach a game without knowing it, so they are not counted; no module
outside ``stickspel.games`` imports one game (``game_imports``).

Prints every import that goes up a layer and every circle of modules (a group
where each module reaches every other by imports); exits 1 if there is either.

Usage: python scripts/import_graph.py [--edges] [--package] [--types] [--games]
  --edges    also print every edge between two packages
  --package  circles among packages instead of modules
  --types    count the imports under ``if TYPE_CHECKING:`` too (circles of types)
  --games    list the imports of one game's modules from outside its package
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1] / "src" / "stickspel"

#: The layer of each top-level part: an import may only go to the same layer or below.
LAYERS: dict[str, int] = {
    "safetext": 0,
    "core": 1,
    "i18n": 2,
    "games": 3,
    "search": 4,
    "records": 5,
    "table": 5,
    "bots": 6,
    "protokoll": 6,
    "views": 6,
    "simulate": 7,
    "match": 7,
    "selfplay": 7,
    "tournament": 7,
    "analysis": 7,
    "reports": 7,
    "server": 8,
    "envs": 8,
    "interop": 8,
    "client": 8,
    "cli": 9,
}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _type_only(tree: ast.AST) -> set[int]:
    """The ids of the statements under ``if TYPE_CHECKING:`` (annotations only)."""
    out: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            out.update(id(n) for stmt in node.body for n in ast.walk(stmt))
    return out


def _targets(node: ast.AST, name: str, is_package: bool) -> Iterator[str]:
    if isinstance(node, ast.Import):
        yield from (a.name for a in node.names)
    elif isinstance(node, ast.ImportFrom):
        base = node.module or ""
        if node.level:
            package = name.split(".") if is_package else name.split(".")[:-1]
            package = package[: len(package) - node.level + 1]
            base = ".".join(package + ([base] if base else []))
        yield base
        yield from (f"{base}.{a.name}" for a in node.names)


def imports(root: Path = ROOT, types: bool = False) -> dict[str, set[tuple[str, int]]]:
    """Module → the stickspel modules it imports (with the line of each import);
    ``types``: those under ``if TYPE_CHECKING:`` as well."""
    modules = {module_name(p): p for p in root.rglob("*.py")}
    edges: dict[str, set[tuple[str, int]]] = {}
    for name, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        skip = set() if types else _type_only(tree)
        for node in ast.walk(tree):
            if id(node) in skip or not isinstance(node, (ast.Import, ast.ImportFrom)):
                continue
            for target in _targets(node, name, path.name == "__init__.py"):
                if not target.startswith("stickspel."):
                    continue
                while target not in modules and "." in target:
                    target = target.rsplit(".", 1)[0]  # an attribute: its module
                if target != name and target in modules and not spec_edge(name, target):
                    edges.setdefault(name, set()).add((target, node.lineno))
    return edges


#: The layer of each part of a game's package that belongs to a layer above the engine.
GAME_PARTS: dict[str, str] = {
    "codec": "records",
    "view": "views",
    "protokoll": "protokoll",
    "sheet": "protokoll",
    "bot": "bots",
    "search": "bots",
    "play": "search",
    "seatview": "views",
    "coach": "bots",
    "openspiel": "interop",
}


def part(module: str) -> str:
    """The top-level part of ``stickspel.<part>.…`` (a game's part: its layer's)."""
    pieces = module.split(".")
    if len(pieces) > 3 and pieces[1] == "games" and pieces[3] in GAME_PARTS:
        return GAME_PARTS[pieces[3]]
    return pieces[1] if len(pieces) > 1 else pieces[0]


def game_of(module: str) -> str | None:
    """The game whose package holds ``module`` (``None``: no game's)."""
    pieces = module.split(".")
    if len(pieces) > 2 and pieces[1] == "games" and pieces[2] not in ("registry", "spec"):
        return pieces[2]
    return None


def spec_edge(source: str, target: str) -> bool:
    """Whether ``source`` is a game's spec naming one of its own parts."""
    game = game_of(source)
    return game is not None and source == f"stickspel.games.{game}" and game_of(target) == game


def game_imports(edges: dict[str, set[tuple[str, int]]]) -> list[str]:
    """Imports of one game's modules from outside that game's package."""
    return [
        f"{source}:{line} -> {target}"
        for source, targets in sorted(edges.items())
        for target, line in sorted(targets)
        if game_of(target) is not None
        and game_of(source) != game_of(target)
        # the registry names every game; the package's top re-exports Plump's classes
        and source not in ("stickspel.games.registry", "stickspel")
    ]


def upward(edges: dict[str, set[tuple[str, int]]]) -> list[str]:
    """The imports that go to a higher layer."""
    out = []
    for source, targets in sorted(edges.items()):
        for target, line in sorted(targets):
            a, b = part(source), part(target)
            if a in LAYERS and b in LAYERS and LAYERS[b] > LAYERS[a]:
                out.append(f"{source}:{line} -> {target} ({a} {LAYERS[a]} -> {b} {LAYERS[b]})")
    return out


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one node (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph.get(start, ()))))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    found.append(sorted(group))
    return found


def graph_of(edges: dict[str, set[tuple[str, int]]], by_package: bool) -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {}
    for source, targets in edges.items():
        for target, _ in targets:
            a, b = (part(source), part(target)) if by_package else (source, target)
            if a != b:
                graph.setdefault(a, set()).add(b)
    return graph


def main(argv: list[str]) -> int:
    edges = imports(types="--types" in argv)
    by_package = "--package" in argv
    graph = graph_of(edges, by_package)
    if "--edges" in argv:
        for a, bs in sorted(graph_of(edges, True).items()):
            print(f"{a} -> {', '.join(sorted(bs))}")
    ups = upward(edges)
    found = circles(graph)
    reaching = game_imports(edges)
    n_edges = sum(len(v) for v in graph.values())
    kind = "packages" if by_package else "modules"
    print(f"{len(graph)} {kind} with imports, {n_edges} edges")
    print(f"{len(ups)} imports up the layering")
    for line in ups:
        print(f"  {line}")
    print(f"{len(reaching)} imports of one game's modules from outside its package")
    if "--games" in argv:
        for line in reaching:
            print(f"  {line}")
    print(f"{len(found)} circles")
    for group in found:
        print(f"  {', '.join(group)}")
        for a in group:
            for b in sorted(graph.get(a, set()) & set(group)):
                print(f"    {a} -> {b}")
    return 1 if ups or found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

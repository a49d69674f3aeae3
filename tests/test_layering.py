"""The imports follow the layering core → i18n → games → search → records · table →
bots · protokoll · views → interfaces, with no circles (``scripts/import_graph.py``
prints them).  A game is one package: each of its parts sits in the layer that asks
for it and imports the engine, its own game and that layer only; no module outside
the game imports it, and no layer branches on a game's name."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

SCRIPT = Path(__file__).resolve().parents[1] / "scripts" / "import_graph.py"


def _graph_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("import_graph", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_no_import_goes_up_a_layer() -> None:
    graph = _graph_module()
    assert graph.upward(graph.imports()) == []


def test_no_circles_among_the_packages() -> None:
    graph = _graph_module()
    assert graph.circles(graph.graph_of(graph.imports(), by_package=True)) == []


def test_no_circles_among_the_modules_anywhere() -> None:
    # the bots among them: the package imports its modules, none of them imports it
    graph = _graph_module()
    assert graph.circles(graph.graph_of(graph.imports(), by_package=False)) == []


def test_no_circles_among_the_bots_counting_type_only_imports() -> None:
    # the search's helpers take the settings and the budget, not the bot: no module
    # of the bots names another that names it back, not even for an annotation
    graph = _graph_module()
    edges = {
        source: {(t, line) for t, line in targets if t.startswith("stickspel.bots.")}
        for source, targets in graph.imports(types=True).items()
        if source.startswith("stickspel.bots.")
    }
    assert graph.circles(graph.graph_of(edges, by_package=False)) == []
    # the type-only imports are read: the expert's settings are annotated in the adapter
    assert any(t == "stickspel.bots.search_adapter" for t, _ in edges["stickspel.bots.pimc"])


def test_no_module_of_the_bots_imports_the_package() -> None:
    graph = _graph_module()
    edges = graph.imports()
    inward = [
        f"{source}:{line}"
        for source, targets in sorted(edges.items())
        if source.startswith("stickspel.bots.")
        for target, line in sorted(targets)
        if target == "stickspel.bots"
    ]
    assert inward == []


def test_the_script_sees_function_level_imports() -> None:
    graph = _graph_module()
    edges = graph.imports()
    # Table.resume replays a record: a function-level import, counted like any other
    assert any(t == "stickspel.records" for t, _ in edges["stickspel.table.session"])


def _game_name_branches() -> list[str]:
    """Comparisons with a game's name, dicts keyed by one and ``case "plump":``
    outside ``stickspel/games`` (a cell's mark named "plump" is no game)."""
    import ast

    from stickspel.games import GAMES

    names = set(GAMES)
    root = SCRIPT.parents[1] / "src" / "stickspel"

    def named(node: ast.AST | None) -> bool:
        if isinstance(node, ast.Constant):
            return node.value in names
        if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
            return any(named(e) for e in node.elts)
        return False

    def a_mark(node: ast.AST) -> bool:
        return isinstance(node, ast.Attribute) and node.attr == "mark"

    found = []
    for path in sorted(root.rglob("*.py")):
        if "games" in path.relative_to(root).parts[:1]:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Compare):
                sides = [node.left, *node.comparators]
                hit = any(named(s) for s in sides) and not any(a_mark(s) for s in sides)
            elif isinstance(node, ast.Dict):
                hit = any(named(k) for k in node.keys)
            elif isinstance(node, ast.MatchValue):
                hit = named(node.value)
            else:
                continue
            if hit:
                found.append(f"{path.relative_to(root)}:{node.lineno}")
    return found


def test_no_layer_branches_on_a_game_s_name() -> None:
    # what differs between games is the game's: its spec's parts say it
    assert _game_name_branches() == []


def test_no_module_outside_a_game_imports_it() -> None:
    graph = _graph_module()
    assert graph.game_imports(graph.imports()) == []
    assert graph.game_imports(graph.imports(types=True)) == []


def test_no_circles_among_the_games_counting_type_only_imports() -> None:
    # a game's observer and worlds name its state by a Protocol of what they read,
    # not by its class: the engine is a line, rules → observer · worlds → state
    graph = _graph_module()
    edges = {
        source: {t for t, _ in targets if t.startswith("stickspel.games.")}
        for source, targets in graph.imports(types=True).items()
        if source.startswith("stickspel.games.")
    }
    assert graph.circles(edges) == []
    states = [s for s in edges if s.endswith(".state")]
    assert states  # the engines are read
    for state in states:
        game = state.removesuffix(".state")
        for part in (f"{game}.observer", f"{game}.worlds"):
            assert state not in edges.get(part, set()), part


def test_no_circles_anywhere_counting_type_only_imports() -> None:
    # a module that needs only an annotation of one above it names what it reads by a
    # Protocol (the store's committer, the hints' room, the listener's rooms)
    graph = _graph_module()
    assert graph.circles(graph.graph_of(graph.imports(types=True), by_package=False)) == []

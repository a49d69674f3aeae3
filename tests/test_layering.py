"""The imports follow the layering core → i18n → games → records · table → bots ·
protokoll → interfaces, with no circles (``scripts/import_graph.py`` prints them)."""

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

"""The engine is the ground floor: pure Python and NumPy, and no cycle among its modules.

A plain AST walk of every module under ``games/engine/``, counting every
import statement wherever it is: at the top, inside a function, under
``if TYPE_CHECKING:``. A cycle hidden by a function-local import is still a
cycle (``engine.py -> lookahead.py -> search.py -> engine.py`` was one).
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ENGINE = ROOT / "games" / "engine"
PACKAGE = "games.engine"
# What the engine may import besides itself and the standard library.
ALLOWED_THIRD_PARTY = {"numpy"}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {module_name(path): path for path in sorted(ENGINE.rglob("*.py"))}


def imported_names(name: str, path: Path) -> list[str]:
    return imports_in(name, path.read_text(encoding="utf-8"), is_package=path.name == "__init__.py")


def imports_in(name: str, source: str, *, is_package: bool) -> list[str]:
    """Every module ``name`` imports, absolute, with ``from x import y`` as ``x.y`` if a module."""
    tree = ast.parse(source)
    found: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = name.split(".") if is_package else name.split(".")[:-1]
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join([*anchor, base] if base else anchor)
            for alias in node.names:
                candidate = f"{base}.{alias.name}"
                found.append(candidate if candidate in MODULES else base)
    return found


GRAPH = {
    name: {imported for imported in imported_names(name, path) if imported in MODULES}
    for name, path in MODULES.items()
}


def test_the_walk_sees_the_engine() -> None:
    assert {"games.engine.rules", "games.engine.lookahead", "games.engine.makers"} <= set(GRAPH)
    assert "games.engine.search" in GRAPH["games.engine.lookahead"]


def test_the_engine_imports_no_django_and_no_project_app() -> None:
    outside = []
    for name, path in MODULES.items():
        for imported in imported_names(name, path):
            top = imported.split(".")[0]
            if imported == PACKAGE or imported.startswith(f"{PACKAGE}."):
                continue
            if top in sys.stdlib_module_names or top in ALLOWED_THIRD_PARTY or top == "__future__":
                continue
            outside.append(f"{name} imports {imported}")
    assert outside == []


def test_no_engine_module_imports_the_package_itself() -> None:
    """``from games.engine import X`` inside the engine would run the package's re-exports."""
    assert [name for name, imports in GRAPH.items() if PACKAGE in imports and name != PACKAGE] == []


def find_cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    cycles: list[list[str]] = []
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                cycles.append([*path[path.index(nxt) :], nxt])
            elif nxt not in state:
                visit(nxt)
        path.pop()
        state[node] = 2

    for node in sorted(graph):
        if node not in state:
            visit(node)
    return cycles


def test_no_import_cycle_among_engine_modules() -> None:
    assert find_cycles(GRAPH) == []


def test_a_hidden_cycle_would_be_found() -> None:
    """Function-local and TYPE_CHECKING imports count, relative ones are resolved, and a cycle
    through them is reported (the walk above can fail)."""
    source = (
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from games.engine.rules import GameState\n"
        "def f():\n    from .par import par\n"
    )
    found = imports_in("games.engine.search", source, is_package=False)
    assert "games.engine.rules" in found
    assert "games.engine.par" in found
    graph = {name: set(imports) for name, imports in GRAPH.items()}
    graph["games.engine.rules"] |= {"games.engine.search"}
    graph["games.engine.search"] |= {"games.engine.rules"}
    assert find_cycles(graph)

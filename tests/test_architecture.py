"""The shape of the project cannot drift back: apps depend one way, the engine stays pure.

The contracts live in pyproject.toml (``[tool.importlinter]``) and ``make lint`` runs
them with ``lint-imports``; this runs the same contracts in ``make test``, and finds
no import cycle between apps (the contracts' ignored imports aside, each with its
reason there), so a new cycle fails both whichever contract it slips past.
"""

from __future__ import annotations

import functools
import os
import tomllib
from collections.abc import Iterable, Mapping
from pathlib import Path

import grimp
import pytest
from importlinter.cli import lint_imports

ROOT = Path(__file__).resolve().parents[1]
CONFIG = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]
APPS: list[str] = CONFIG["root_packages"]


def import_cycle(edges: Mapping[str, Iterable[str]]) -> list[str] | None:
    """One cycle of a directed graph, as its nodes with the first repeated at the end
    (["a", "b", "a"]), or None when it has none."""
    state: dict[str, str] = {}  # "open" while on the path, "done" once every way out is seen
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = "open"
        path.append(node)
        for following in sorted(edges.get(node, ())):
            if state.get(following) == "open":
                return [*path[path.index(following) :], following]
            if following not in state and (found := visit(following)) is not None:
                return found
        path.pop()
        state[node] = "done"
        return None

    for node in sorted(edges):
        if node not in state and (found := visit(node)) is not None:
            return found
    return None


def ignored_imports() -> set[tuple[str, str]]:
    """The imports the contracts let through, each with its reason in pyproject.toml."""
    pairs = set()
    for contract in CONFIG["contracts"]:
        for line in contract.get("ignore_imports", []):
            importer, _, imported = line.partition("->")
            pairs.add((importer.strip(), imported.strip()))
    return pairs


# The engine: the package games.engine, pure Python and NumPy (issue 18 item 2).
ENGINE_MODULES = ("games.engine",)


def app_of(module: str) -> str:
    """The app a module belongs to; the engine is a floor of its own, under every app."""
    if any(module == name or module.startswith(f"{name}.") for name in ENGINE_MODULES):
        return "games.engine"
    return module.split(".")[0]


@functools.cache
def app_imports() -> dict[str, set[str]]:
    """Which app imports which, from every module's imports (the ignored ones left out)."""
    graph = grimp.build_graph(*APPS, cache_dir=None)
    ignored = ignored_imports()
    edges: dict[str, set[str]] = {}
    for module in graph.modules:
        for imported in graph.find_modules_directly_imported_by(module):
            if (module, imported) in ignored:
                continue
            importer_app, imported_app = app_of(module), app_of(imported)
            if importer_app != imported_app:
                edges.setdefault(importer_app, set()).add(imported_app)
    return edges


def test_the_import_contracts_hold(capsys: pytest.CaptureFixture[str]) -> None:
    """``lint-imports``, as ``make lint`` runs it: the layers of apps and the pure engine."""
    cwd = Path.cwd()
    os.chdir(ROOT)  # where pyproject.toml is, and the apps are importable
    try:
        status = lint_imports(no_cache=True)
    finally:
        os.chdir(cwd)
    assert status == 0, capsys.readouterr().out


def test_no_import_cycle_between_apps() -> None:
    edges = app_imports()
    assert edges["records"] >= {"games", "daily"}  # the graph was read, not empty
    assert import_cycle(edges) is None, " -> ".join(import_cycle(edges) or [])


@functools.cache
def module_imports() -> dict[str, set[str]]:
    """Which module imports which inside the apps: every import statement grimp finds, those
    inside functions too (an import moved into a function hides a circle, not removes it)."""
    graph = grimp.build_graph(*APPS, cache_dir=None)
    return {
        module: set(graph.find_modules_directly_imported_by(module)) for module in graph.modules
    }


def test_no_import_cycle_between_modules() -> None:
    """A circle of modules (a imports b, b imports a, however deep) means two modules that
    are one idea or a seam in the wrong place: tasks import their services and queue
    themselves (``dictionaries.tasks``, ``ratings.tasks``); a check that reads two
    selectors sits above both (``games.selectors.replay_check``)."""
    edges = module_imports()
    assert "games.selectors.replay" in edges["games.selectors.familiar"]  # the graph was read
    cycle = import_cycle(edges)
    assert cycle is None, " -> ".join(cycle or [])


def test_play_imports_none_of_the_apps_above_it() -> None:
    """Where a rule of play depends on an app above it (the daily's secrecy, the ratings'
    update as a game ends), that app registers in a hook point of ``games/hooks.py``; the
    pages that show several apps' information are the front's."""
    assert app_imports().get("games", set()) <= {"games.engine", "dictionaries", "core"}


def test_the_engine_is_the_ground_floor() -> None:
    assert app_imports().get("games.engine", set()) == set()


@pytest.mark.parametrize(
    ("edges", "cycle"),
    [
        ({"a": {"b"}, "b": {"c"}}, None),
        ({"a": {"b"}, "b": {"a"}}, ["a", "b", "a"]),
        ({"a": {"b"}, "b": {"c"}, "c": {"b"}}, ["b", "c", "b"]),
        ({"a": {"a"}}, ["a", "a"]),
    ],
)
def test_the_cycle_finder_finds_cycles(edges: dict[str, set[str]], cycle: list[str] | None) -> None:
    assert import_cycle(edges) == cycle

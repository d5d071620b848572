"""Every hook point is in docs/ARCHITECTURE.md's table, with who registers in it, and the
table names nothing that is gone.

A hook point is a module-level function named ``register_<what>`` in an app (an app
above registers a function of its own there, and the lower app calls what was
registered). They are found by reading every module of the apps (an AST walk), as are
the registrations: a module that imports a hook point and calls it.
"""

from __future__ import annotations

import ast
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
APPS: list[str] = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"][
    "root_packages"
]
ARCHITECTURE = ROOT / "docs" / "ARCHITECTURE.md"
TABLE_HEADING = "### Hook points"


@dataclass(frozen=True)
class Module:
    name: str
    path: Path
    tree: ast.Module


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def app_modules() -> list[Module]:
    return [
        Module(module_name(path), path, ast.parse(path.read_text(), filename=str(path)))
        for app in APPS
        for path in sorted((ROOT / app).rglob("*.py"))
    ]


def hook_points(modules: list[Module]) -> set[str]:
    """Each module-level ``def register_<what>``, as ``module.register_<what>``."""
    return {
        f"{module.name}.{node.name}"
        for module in modules
        for node in module.tree.body
        if isinstance(node, ast.FunctionDef) and node.name.startswith("register_")
    }


def registrations(modules: list[Module], points: set[str]) -> set[tuple[str, str]]:
    """(hook point, the registering module's file) for each module that imports a hook point
    by name (``from games.hooks import register_finish_hook``) and calls it."""
    found = set()
    for module in modules:
        imported = {
            alias.asname or alias.name: f"{node.module}.{alias.name}"
            for node in ast.walk(module.tree)
            if isinstance(node, ast.ImportFrom) and node.module
            for alias in node.names
            if f"{node.module}.{alias.name}" in points
        }
        for node in ast.walk(module.tree):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in imported
            ):
                found.add((imported[node.func.id], module.path.relative_to(ROOT).as_posix()))
    return found


def table_rows(text: str) -> list[tuple[list[str], list[str]]]:
    """The hook table's rows: the hook points a row names (in backquotes, first column) and
    the files it says register in them (the links of the second)."""
    section = text.split(TABLE_HEADING, 1)[1].split("\n#", 1)[0]
    rows = []
    for line in section.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) < 3 or not cells[0].startswith("`"):
            continue
        rows.append(
            (
                re.findall(r"`([\w.]+)`", cells[0]),
                [link.removeprefix("../") for link in re.findall(r"\]\(([^)]+)\)", cells[1])],
            )
        )
    return rows


def documented(text: str) -> tuple[set[str], set[tuple[str, str]]]:
    rows = table_rows(text)
    points = {point for names, _ in rows for point in names}
    pairs = {(point, path) for names, paths in rows for point in names for path in paths}
    return points, pairs


def test_every_hook_point_and_registration_is_in_the_table() -> None:
    modules = app_modules()
    points = hook_points(modules)
    assert "games.hooks.register_finish_hook" in points  # the code was read, not empty
    found = registrations(modules, points)
    assert ("games.hooks.register_finish_hook", "ratings/apps.py") in found
    table_points, table_pairs = documented(ARCHITECTURE.read_text())
    assert points - table_points == set(), "hook points missing from ARCHITECTURE.md's table"
    assert table_points - points == set(), "the table names hook points that no longer exist"
    assert found - table_pairs == set(), "registrations missing from the table"
    assert table_pairs - found == set(), "the table names registrations that no longer exist"


def test_each_hook_point_is_registered_in() -> None:
    """A hook point nobody registers in is dead code: remove it rather than list it."""
    modules = app_modules()
    points = hook_points(modules)
    used = {point for point, _ in registrations(modules, points)}
    assert points - used == set()


SAMPLE = """
### Hook points

| hook point | who registers | what for |
|---|---|---|
| `a.register_x`, `a.register_y` | [b/apps.py](../b/apps.py), [c/apps.py](../c/apps.py) | why |

## Next
| `z.register_z` | [z/apps.py](../z/apps.py) | not in the table's section |
"""


def test_the_table_reader_reads_each_row_and_only_the_table() -> None:
    points, pairs = documented(SAMPLE)
    assert points == {"a.register_x", "a.register_y"}
    assert ("a.register_y", "c/apps.py") in pairs
    assert len(pairs) == 4


def test_the_finder_sees_a_hook_point_and_its_registration() -> None:
    lower = Module(
        "low.hooks", ROOT / "low/hooks.py", ast.parse("def register_thing(f):\n    pass\n")
    )
    upper = Module(
        "up.apps",
        ROOT / "up/apps.py",
        ast.parse(
            "def ready():\n    from low.hooks import register_thing\n    register_thing(print)\n"
        ),
    )
    points = hook_points([lower, upper])
    assert points == {"low.hooks.register_thing"}
    assert registrations([lower, upper], points) == {("low.hooks.register_thing", "up/apps.py")}

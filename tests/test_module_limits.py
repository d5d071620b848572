"""Two limits on every module, so they cannot drift back (issue 28).

- **600 lines** per Python module (migrations aside): past it a module holds more than one
  idea, and the split is where a seam shows (``dictionaries/admin_words.py`` out of the
  admin, ``bench/load_daily.py`` and ``bench/load_options.py`` out of the load test).
- **25 lines** per module docstring in the apps: what the module is for and why, which
  fits in about 20; the history of a design (what was tried, measurements, load averages)
  goes to ``docs/design/<topic>.md`` and the docstring names it. 25 leaves room for a short
  list without inviting a log.
"""

from __future__ import annotations

import ast
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
APPS: list[str] = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"][
    "root_packages"
]
MAX_MODULE_LINES = 600
MAX_DOCSTRING_LINES = 25
# No module is over the limit: a new exception must say here why it stays whole.
LONGER_FOR_NOW: set[str] = set()
SKIPPED_PARTS = {".venv", "migrations", "staticfiles", "node_modules", "__pycache__"}


def project_modules() -> list[Path]:
    """Every Python module of the project: the apps, the benches, the tests, the examples."""
    return sorted(
        path
        for path in ROOT.rglob("*.py")
        if not SKIPPED_PARTS & set(path.relative_to(ROOT).parts)
        and not any(part.startswith(".") for part in path.relative_to(ROOT).parts)
    )


def line_count(path: Path) -> int:
    return len(path.read_text(encoding="utf-8").splitlines())


def docstring_lines(path: Path) -> int:
    docstring = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8")), clean=False)
    return 0 if docstring is None else len(docstring.splitlines())


def test_the_project_is_found() -> None:
    names = {path.relative_to(ROOT).as_posix() for path in project_modules()}
    assert {"games/engine/lookahead.py", "bench/load.py", "tests/conftest.py"} <= names
    assert not any("/migrations/" in name for name in names)


def test_no_module_is_over_the_line_limit() -> None:
    longer = {
        path.relative_to(ROOT).as_posix(): lines
        for path in project_modules()
        if (lines := line_count(path)) > MAX_MODULE_LINES
    }
    assert set(longer) <= LONGER_FOR_NOW, f"over {MAX_MODULE_LINES} lines: {longer}"


@pytest.mark.parametrize("app", APPS)
def test_no_module_docstring_of_the_apps_is_a_design_log(app: str) -> None:
    longer = {
        path.relative_to(ROOT).as_posix(): lines
        for path in project_modules()
        if path.relative_to(ROOT).parts[0] == app
        and (lines := docstring_lines(path)) > MAX_DOCSTRING_LINES
    }
    assert not longer, f"module docstrings over {MAX_DOCSTRING_LINES} lines: {longer}"


def test_the_limits_see_a_long_module_and_a_long_docstring(tmp_path: Path) -> None:
    module = tmp_path / "long.py"
    module.write_text('"""' + "a line\n" * (MAX_DOCSTRING_LINES + 1) + '"""\n' + "x = 1\n" * 600)
    assert docstring_lines(module) == MAX_DOCSTRING_LINES + 1
    assert line_count(module) > MAX_MODULE_LINES

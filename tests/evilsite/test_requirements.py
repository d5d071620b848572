"""Production installs requirements.txt alone: it must carry no test or lint tool."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DEVELOPMENT_ONLY = {
    "pytest",
    "pytest-django",
    "hypothesis",
    "factory-boy",
    "playwright",
    "ruff",
    "import-linter",
}
# The import names of the development-only packages, as code would spell them.
DEVELOPMENT_IMPORTS = {
    "pytest",
    "pytest_django",
    "hypothesis",
    "factory",
    "playwright",
    "importlinter",
    "grimp",
}
RUNTIME_FOLDERS = (
    "evilsite",
    "core",
    "games",
    "dictionaries",
    "daily",
    "classes",
    "records",
    "accounts",
    "api",
)


def pinned(path: Path) -> dict[str, str]:
    names: dict[str, str] = {}
    for line in path.read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if line and not line.startswith("-r"):
            name, _, version = line.partition("==")
            names[re.sub(r"\[.*\]", "", name).lower()] = version
    return names


def test_runtime_requirements_hold_no_development_tool() -> None:
    runtime = pinned(ROOT / "requirements.txt")
    assert not DEVELOPMENT_ONLY & runtime.keys()
    assert all(runtime.values()), "every runtime requirement is pinned with =="


def test_development_requirements_add_the_tools_to_the_runtime_ones() -> None:
    text = (ROOT / "requirements-dev.txt").read_text()
    assert "-r requirements.txt" in text.splitlines()
    development = pinned(ROOT / "requirements-dev.txt")
    assert development.keys() >= DEVELOPMENT_ONLY
    assert all(development.values())


def test_the_site_imports_no_development_tool() -> None:
    offenders = []
    for folder in RUNTIME_FOLDERS:
        for path in (ROOT / folder).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text())):
                names = []
                if isinstance(node, ast.Import):
                    names = [alias.name for alias in node.names]
                elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                    names = [node.module]
                offenders += [
                    f"{path.relative_to(ROOT)}: {name}"
                    for name in names
                    if name.split(".")[0] in DEVELOPMENT_IMPORTS
                ]
    assert offenders == []


def test_static_files_are_compressed_with_brotli_too() -> None:
    """whitenoise writes a ``.br`` beside each static file only when brotli is installed."""
    from whitenoise.compress import Compressor

    assert Compressor(quiet=True).use_brotli

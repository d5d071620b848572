"""Which benchmarks a change touches: each script, the code and inputs it measures.

CI runs ``--quick`` only the benchmarks whose code or inputs changed since a base
commit (``make bench-changed``); ``make bench-quick`` runs every one (nightly, and
before a release: docs/developing.md). A path here is a prefix: ``games/engine/``
is every file under it. A script always depends on itself and on the ``bench/``
modules it imports (found by reading its imports), and every script on the
requirements, so only the site's own code is listed. A script missing from
``MEASURES`` is always run (and tests/bench/test_changed.py fails until it is added).

``python bench/changed.py [BASE]`` prints the scripts to run, one a line; BASE is a
commit (default: ``$BENCH_BASE``, else the merge base with ``origin/main`` when HEAD
is not on it, else the last commit's parent).
"""

from __future__ import annotations

import ast
import functools
import os
import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Scripts in bench/ that measure nothing: this one, and the table of every bench's goals.
NOT_BENCHMARKS = frozenset({"changed.py", "goals.py"})

# What every benchmark depends on, whatever it measures.
EVERY_BENCHMARK = ("requirements.txt", "requirements-dev.txt")

# The request path of a guess through the whole site (gunicorn, middleware, the board).
SITE = (
    "evilsite/",
    "core/",
    "front/",
    "accounts/",
    "games/",
    "dictionaries/",
    "daily/",
    "ratings/",
    "templates/",
    "static/",
)
ENGINE = ("games/engine/",)
WORD_LISTS = ("dictionaries/sources.py", "dictionaries/frequency.py", "dictionaries/wordfiles.py")

MEASURES: dict[str, tuple[str, ...]] = {
    "bench/admin_words.py": ("dictionaries/admin.py", "dictionaries/models.py", "templates/admin/"),
    "bench/adversary.py": (*ENGINE, *WORD_LISTS, "daily/draw.py"),
    "bench/api.py": (*SITE, "api/", "examples/bots/"),
    "bench/classes.py": ("classes/", "records/", "games/models/", "games/leaderboard_totals.py"),
    "bench/daily_rush.py": SITE,
    "bench/engine.py": ENGINE,
    "bench/faults.py": (*SITE, "core/db_router.py", ".ci/replica"),
    "bench/first_replies.py": (*ENGINE, *WORD_LISTS),
    "bench/guesser.py": (*ENGINE, *WORD_LISTS),
    "bench/human.py": (*ENGINE, *WORD_LISTS),
    "bench/import.py": ("dictionaries/",),
    "bench/ladder.py": (*ENGINE, *WORD_LISTS),
    # Whole pages through the test client: the middleware, the menu of every page and what
    # the player page shows from other apps too (the menu's four queries slipped in unseen).
    "bench/leaderboard.py": (
        "records/",
        "games/models/",
        "games/leaderboard_totals.py",
        "games/scoring.py",
        "games/permissions.py",
        "classes/selectors.py",
        "front/context_processors.py",
        "daily/selectors.py",
        "ratings/selectors.py",
        "core/",
        "accounts/",
        "evilsite/",
        "templates/base.html",
        "templates/records/",
        "templates/ratings/",
    ),
    "bench/load.py": SITE,
    "bench/memory.py": (*ENGINE, "dictionaries/", "games/services/"),
    "bench/nodes.py": SITE,
    "bench/priors.py": (
        *ENGINE,
        *WORD_LISTS,
        "dictionaries/builtin_lists.py",
        "games/services/builtin_tables.py",
    ),
    "bench/profile_guess.py": SITE,
    "bench/profile_login.py": ("core/", "accounts/", "templates/registration/"),
    "bench/ratings.py": (*ENGINE, *WORD_LISTS, "ratings/"),
    "bench/reload.py": ("deploy/gunicorn.conf.py", "evilsite/wsgi.py", "evilsite/settings.py"),
    "bench/upload.py": ("dictionaries/", "core/"),
}


def bench_scripts() -> list[str]:
    """Every script in bench/ that runs as a program but this one and the goals' table
    (the Makefile's BENCH_SCRIPTS)."""
    return sorted(
        f"bench/{path.name}"
        for path in (ROOT / "bench").glob("*.py")
        if '\nif __name__ == "__main__":' in path.read_text(encoding="utf-8")
        and path.name not in NOT_BENCHMARKS
    )


@functools.cache
def bench_imports(script: str) -> frozenset[str]:
    """The bench/ modules ``script`` imports, directly or through each other."""
    return frozenset(_bench_imports(script, set()))


def _bench_imports(script: str, seen: set[str]) -> set[str]:
    tree = ast.parse((ROOT / script).read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        names = []
        if isinstance(node, ast.ImportFrom) and node.module:
            names = [node.module]
        elif isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        for name in names:
            module = f"{name.replace('.', '/')}.py"
            if name.startswith("bench.") and module not in seen and (ROOT / module).exists():
                seen.add(module)
                _bench_imports(module, seen)
    return seen


def depends_on(script: str) -> tuple[str, ...]:
    return (script, *sorted(bench_imports(script)), *EVERY_BENCHMARK, *MEASURES.get(script, ()))


def touched(script: str, changed: Iterable[str]) -> bool:
    if script not in MEASURES:
        return True
    prefixes = depends_on(script)
    return any(path.startswith(prefixes) for path in changed)


def scripts_to_run(changed: Iterable[str]) -> list[str]:
    changed = list(changed)
    return [script for script in bench_scripts() if touched(script, changed)]


def git(*args: str) -> str:
    return subprocess.run(
        ["git", *args], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.strip()


def default_base() -> str | None:
    """``$BENCH_BASE``; else the merge base with origin/main when HEAD is not on it;
    else HEAD's first parent (a merge commit: everything the merge brought)."""
    if base := os.environ.get("BENCH_BASE"):
        return base
    try:
        merge_base = git("merge-base", "HEAD", "origin/main")
        if merge_base and merge_base != git("rev-parse", "HEAD"):
            return merge_base
    except subprocess.CalledProcessError:
        pass
    try:
        return git("rev-parse", "HEAD^1")
    except subprocess.CalledProcessError:
        return None  # the first commit, or a shallow clone: run every benchmark


def changed_since(base: str) -> list[str]:
    """Files changed between ``base`` and the work tree (committed or not)."""
    return [path for path in git("diff", "--name-only", base).splitlines() if path]


def main(argv: list[str]) -> int:
    base = argv[1] if len(argv) > 1 else default_base()
    scripts = bench_scripts() if base is None else scripts_to_run(changed_since(base))
    print("\n".join(scripts))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

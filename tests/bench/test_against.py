"""bench/support.py's ``--against``: the same bench at another commit, side by side."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from bench import support

# The bench measures the "site" (site.txt at the root): the measuring code is the working
# tree's on both sides, the site is each commit's own.
TOY = """from pathlib import Path
value, rate = (float(word) for word in Path("site.txt").read_text().split())
print(f"figure: page p50: {value} ms (lower is better)")
print(f"figure: pages per second: {rate} /s (higher is better)")
print("goal: page under 12 ms: " + ("met" if value < 12 else "NOT met"))
"""


def git(repo: Path, *args: str) -> str:
    return subprocess.run(
        ["git", "-c", "user.name=Bench", "-c", "user.email=bench@example.invalid", *args],
        cwd=repo,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()


@pytest.fixture
def repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A repository whose last release (0.2.0) measured 10 ms, and a later commit."""
    root = tmp_path / "repo"
    (root / "bench").mkdir(parents=True)
    git(root, "init", "-q")
    (root / "CHANGELOG.md").write_text("# Changelog\n\n## 0.1.0\n")
    (root / "bench" / "toy.py").write_text(TOY)
    (root / "site.txt").write_text("10 100")
    git(root, "add", ".")
    git(root, "commit", "-qm", "0.1.0")
    (root / "CHANGELOG.md").write_text("# Changelog\n\n## 0.2.0 (2026-11-27)\n\n## 0.1.0\n")
    git(root, "commit", "-qam", "Release 0.2.0")
    (root / "README").write_text("later\n")
    git(root, "add", ".")
    git(root, "commit", "-qm", "Later")
    monkeypatch.setattr(support, "ROOT", root)
    return root


def test_the_last_release_is_its_tag_else_the_commit_that_named_it(repo: Path) -> None:
    named = git(repo, "rev-parse", "HEAD~1")
    assert support.previous_release() == named
    git(repo, "tag", "v0.2.0", "HEAD~2")  # a tag wins over the heading's commit
    assert support.previous_release() == git(repo, "rev-parse", "HEAD~2")
    (repo / "CHANGELOG.md").write_text("# Changelog\n\n## Unreleased\n\n" + "## 0.2.0 (x)\n")
    assert support.previous_release() == git(repo, "rev-parse", "HEAD~2")


def test_a_slower_working_tree_says_how_much_and_misses_the_goal(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (repo / "site.txt").write_text("20 50")
    support.side_by_side(repo / "bench" / "toy.py", "release", [], rounds=2)
    out = capsys.readouterr().out
    rows = {line.split("  ")[0]: line.split() for line in out.splitlines() if "  " in line}
    assert rows["page p50"][-1] == "2.00x"
    assert rows["pages per second"][-1] == "0.50x"
    assert "goal: page under 12 ms: NOT met" in out  # the working tree's own goals
    assert "goal: bench/toy.py no figure more than 1.10x worse than at release, beyond" in out
    assert out.rstrip().endswith("NOT met")
    assert git(repo, "worktree", "list").count("\n") == 0  # the temporary tree is gone


def test_as_fast_as_before_meets_it_and_a_bench_the_release_lacks_says_so(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    support.side_by_side(repo / "bench" / "toy.py", "HEAD", [], rounds=1)
    assert capsys.readouterr().out.rstrip().endswith(": met")
    (repo / "bench" / "new.py").write_text(TOY)
    support.side_by_side(repo / "bench" / "new.py", "release", [], rounds=1)
    assert "bench/new.py is not in release: nothing to compare it with" in capsys.readouterr().out

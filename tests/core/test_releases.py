"""A migration that has landed is never edited (issue 36, item 2): dictionaries/0009 gained a
column after release 0.4.0, and a database migrated at 0.4.0 then had no column that
``migrate`` would add. The check (core/releases.py) compares every migration of the
previous release and of main before the change with the working tree; it is run here on
the repository itself, and on small repositories made for the test, with and without
tags, where each way of breaking the rule is tried.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from core import releases

ROOT = Path(__file__).resolve().parents[2]
IN_CI = os.environ.get("CI") == "true"


def test_no_migration_that_landed_is_edited_or_removed_here() -> None:
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        assert not IN_CI, "CI runs from a git clone"
        pytest.skip("not a git checkout")
    if releases._git_or_none(ROOT, "rev-parse", "--is-shallow-repository") == "true":
        assert not IN_CI, "CI needs the history: git fetch --unshallow --tags"
        pytest.skip("a shallow clone: no history to compare with")
    assert releases.landed_changes(ROOT) == {}


def run(repo: Path, *args: str) -> str:
    return releases.git(repo, *args)


def commit(repo: Path, message: str, files: dict[str, str | None]) -> str:
    for path, text in files.items():
        if text is None:
            run(repo, "rm", "-q", path)
            continue
        (repo / path).parent.mkdir(parents=True, exist_ok=True)
        (repo / path).write_text(text)
        run(repo, "add", path)
    run(repo, "commit", "-q", "-m", message)
    return run(repo, "rev-parse", "HEAD")


CHANGELOG_0_1 = "# Changelog\n\n## 0.1.0 (2026-11-01)\n\nFirst.\n"
CHANGELOG_0_2 = (
    "# Changelog\n\n## 0.2.0 (2026-11-02)\n\nSecond.\n\n## 0.1.0 (2026-11-01)\n\nFirst.\n"
)
FIRST = "apps/migrations/0001_initial.py"
SECOND = "apps/migrations/0002_more.py"


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    """main: 0.1.0 (one migration, tagged), 0.2.0 (a second, tagged), a commit; a branch
    ``work`` from there."""
    run(tmp_path, "init", "-q", "-b", "main")
    run(tmp_path, "config", "user.email", "test@localhost")
    run(tmp_path, "config", "user.name", "Test")
    commit(tmp_path, "start", {"README": "x\n"})
    commit(tmp_path, "0.1.0", {"CHANGELOG.md": CHANGELOG_0_1, FIRST: "# one\n"})
    run(tmp_path, "tag", "-a", "v0.1.0", "-m", "0.1.0")
    commit(tmp_path, "0.2.0", {"CHANGELOG.md": CHANGELOG_0_2, SECOND: "# two\n"})
    run(tmp_path, "tag", "-a", "v0.2.0", "-m", "0.2.0")
    commit(tmp_path, "after 0.2.0", {"README": "y\n"})
    run(tmp_path, "checkout", "-q", "-b", "work")
    return tmp_path


def test_the_previous_release_is_its_tag(repo: Path) -> None:
    release = releases.previous_release(repo)
    assert (release.version, release.found_by) == ("0.2.0", "tag v0.2.0")
    assert release.commit == run(repo, "rev-parse", "v0.2.0^{commit}")


def test_without_tags_it_is_the_commit_that_added_the_heading(repo: Path) -> None:
    tagged = run(repo, "rev-parse", "v0.2.0^{commit}")
    run(repo, "tag", "-d", "v0.1.0", "v0.2.0")
    commit(repo, "the release's notes, a line more", {"CHANGELOG.md": CHANGELOG_0_2 + "More.\n"})
    release = releases.previous_release(repo)
    assert release.commit == tagged
    assert "no tag v0.2.0" in release.found_by


def test_a_release_commit_under_test_compares_with_the_release_before(repo: Path) -> None:
    run(repo, "checkout", "-q", "v0.2.0")
    assert releases.previous_release(repo).version == "0.1.0"


def test_a_shallow_clone_is_refused_not_guessed(
    repo: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    shallow = tmp_path_factory.mktemp("shallow")
    subprocess.run(
        ["git", "clone", "-q", "--depth", "1", f"file://{repo}", str(shallow)], check=True
    )
    with pytest.raises(releases.ReleaseNotFound, match="unshallow"):
        releases.previous_release(shallow)


def test_new_migrations_and_unchanged_ones_pass(repo: Path) -> None:
    commit(repo, "a third", {"apps/migrations/0003_new.py": "# three\n"})
    (repo / "apps/migrations/0004_draft.py").write_text("# not committed yet\n")
    assert releases.landed_changes(repo) == {}


@pytest.mark.parametrize("committed", [False, True])
def test_an_edit_of_a_released_migration_fails(repo: Path, committed: bool) -> None:
    (repo / SECOND).write_text("# two, and a column more\n")
    if committed:
        commit(repo, "edit", {SECOND: "# two, and a column more\n"})
    changes = releases.landed_changes(repo)
    assert changes[f"release {releases.previous_release(repo)}"] == [(SECOND, "edited")]


def test_a_removed_migration_fails(repo: Path) -> None:
    commit(repo, "squash", {FIRST: None})
    found = [change for changes in releases.landed_changes(repo).values() for change in changes]
    assert (FIRST, "removed") in found


def test_a_migration_landed_on_main_after_the_release_counts_too(repo: Path) -> None:
    run(repo, "checkout", "-q", "main")
    commit(repo, "on main", {"apps/migrations/0003_main.py": "# three\n"})
    run(repo, "checkout", "-q", "-b", "later")
    (repo / "apps/migrations/0003_main.py").write_text("# three, edited on a branch\n")
    changes = releases.landed_changes(repo)
    assert list(changes.values()) == [[("apps/migrations/0003_main.py", "edited")]]
    assert next(iter(changes)).startswith("main at ")


def test_on_main_the_last_commit_may_not_edit_what_main_had(repo: Path) -> None:
    run(repo, "checkout", "-q", "main")
    commit(repo, "on main", {"apps/migrations/0003_main.py": "# three\n"})
    commit(repo, "edited on main", {"apps/migrations/0003_main.py": "# three, edited\n"})
    found = [change for changes in releases.landed_changes(repo).values() for change in changes]
    assert found == [("apps/migrations/0003_main.py", "edited")]


def test_the_program_says_what_to_do_and_fails(repo: Path) -> None:
    (repo / FIRST).write_text("# edited\n")
    result = subprocess.run(
        [sys.executable, "-c", "import sys; from core import releases; "
         f"releases.ROOT = __import__('pathlib').Path({str(repo)!r}); "
         "sys.exit(releases.main(['landed']))"],
        cwd=ROOT, capture_output=True, text=True,
    )  # fmt: skip
    assert result.returncode == 1
    assert f"{FIRST}: edited, but it landed" in result.stdout
    assert "add a new migration instead" in result.stdout


def test_every_version_in_the_changelog_has_its_tag_where_tags_were_fetched() -> None:
    """Tags v0.1.0 to v0.4.2 were made for issue 36, on the commits that released them; a
    clone without tags finds the releases without them (above)."""
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("not a git checkout")
    tags = set(releases.git(ROOT, "tag", "--list", "v*").split())
    if not tags:
        pytest.skip("no tags fetched here (git fetch --tags)")
    missing = [version for version in releases.versions(ROOT) if f"v{version}" not in tags]
    assert missing == []
    for version in releases.versions(ROOT):
        tagged = releases.git(ROOT, "rev-parse", f"v{version}^{{commit}}")
        pyproject = releases.git(ROOT, "show", f"{tagged}:pyproject.toml")
        assert f'version = "{version}"' in pyproject, version

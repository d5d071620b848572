"""The site's releases in git, for CI and the tests: which commit the previous release is,
and which migrations have landed (a landed migration is never edited: a new one is added).

A release is a version heading of CHANGELOG.md (``## 0.4.2 (2026-11-27)``) and its tag,
``v0.4.2``, on the commit that added the heading (docs/operations.md, "Releases"). Tags
may not reach a fresh clone (``git clone`` without ``--tags`` from some mirrors, a CI that
fetches one branch), so without the tag the release is found the same way the tags were
made: the oldest commit whose CHANGELOG.md added that heading. A shallow clone has neither:
it is refused with what to fetch, never guessed.

Run as a program (``python -m core.releases previous`` / ``landed``) it prints the previous
release's commit, or checks the landed migrations (exit status 1 when one was edited or
removed). Pure git and Python: no Django, so CI calls it before any database exists.
"""

from __future__ import annotations

import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VERSION_HEADING = re.compile(r"^## (\d+\.\d+\.\d+)\b", re.MULTILINE)
MIGRATION = re.compile(r"^[a-z_]+/migrations/\d{4}_\w+\.py$")
MAIN_BRANCHES = ("main", "origin/main")


class ReleaseNotFound(RuntimeError):
    """No commit can be named the previous release (a shallow clone, no version yet)."""


def git(root: Path, *args: str) -> str:
    return subprocess.run(
        ["git", *args], cwd=root, capture_output=True, text=True, check=True
    ).stdout.strip()


def _git_or_none(root: Path, *args: str) -> str | None:
    try:
        return git(root, *args) or None
    except subprocess.CalledProcessError:
        return None


@dataclass(frozen=True)
class Release:
    version: str
    commit: str
    found_by: str  # "tag v0.4.2", or how the commit was found without it

    def __str__(self) -> str:
        return f"{self.version} at {self.commit[:12]} ({self.found_by})"


def versions(root: Path = ROOT) -> list[str]:
    """The versions CHANGELOG.md names, newest first ("Unreleased" is none)."""
    return VERSION_HEADING.findall((root / "CHANGELOG.md").read_text(encoding="utf-8"))


def release_commit(version: str, root: Path = ROOT) -> Release | None:
    """The commit of ``version``: its tag, else the oldest commit adding its heading."""
    tagged = _git_or_none(root, "rev-parse", "--verify", "--quiet", f"v{version}^{{commit}}")
    if tagged:
        return Release(version, tagged, f"tag v{version}")
    heading = rf"^## {re.escape(version)}( |$)"
    added = _git_or_none(
        root, "log", "--format=%H", "--reverse", "-G", heading, "--", "CHANGELOG.md"
    )
    if added:
        return Release(
            version,
            added.splitlines()[0],
            f"no tag v{version} here: the commit that added '## {version}' to CHANGELOG.md",
        )
    return None


def previous_release(root: Path = ROOT) -> Release:
    """The newest release before the commit under test (HEAD itself, when it is a
    release's commit, is the change under test, not its previous release)."""
    if _git_or_none(root, "rev-parse", "--is-shallow-repository") == "true":
        raise ReleaseNotFound(
            "a shallow clone has no history to find the previous release in: "
            "git fetch --unshallow --tags (or clone without --depth)"
        )
    head = git(root, "rev-parse", "HEAD")
    for version in versions(root):
        release = release_commit(version, root)
        if release is None:
            raise ReleaseNotFound(
                f"CHANGELOG.md names {version} but neither tag v{version} nor a commit "
                "adding its heading is in this clone: git fetch --tags"
            )
        if release.commit != head:
            return release
    raise ReleaseNotFound("CHANGELOG.md names no release before HEAD")


def main_before_the_change(root: Path = ROOT) -> list[str]:
    """The commits whose migrations count as landed besides the previous release: on a
    branch, where it left main (the merge base); on main, HEAD and its first parent
    (main before the last commit, a merge's everything)."""
    head = git(root, "rev-parse", "HEAD")
    for branch in MAIN_BRANCHES:
        base = _git_or_none(root, "merge-base", "HEAD", branch)
        if base and base != head:
            return [base]
        if base == head:
            break
    parent = _git_or_none(root, "rev-parse", "--verify", "--quiet", "HEAD^1")
    return [head, parent] if parent else [head]


def landed_migrations(commit: str, root: Path = ROOT) -> dict[str, str]:
    """Each migration file at ``commit``: path -> blob id."""
    listing = git(root, "ls-tree", "-r", commit)
    found = {}
    for line in listing.splitlines():
        meta, _, path = line.partition("\t")
        if MIGRATION.match(path):
            found[path] = meta.split()[2]
    return found


def changed_migrations(commit: str, root: Path = ROOT) -> list[tuple[str, str]]:
    """Migrations at ``commit`` that the working tree edited or removed, with which."""
    changed = []
    for path, blob in sorted(landed_migrations(commit, root).items()):
        if not (root / path).exists():
            changed.append((path, "removed"))
        elif git(root, "hash-object", path) != blob:
            changed.append((path, "edited"))
    return changed


def landed_changes(root: Path = ROOT) -> dict[str, list[tuple[str, str]]]:
    """What the working tree edited or removed of the migrations that landed, by where
    they landed (the previous release, main before the change)."""
    release = previous_release(root)
    bases = {f"release {release}": release.commit}
    bases |= {f"main at {commit[:12]}": commit for commit in main_before_the_change(root)}
    found = {where: changed_migrations(commit, root) for where, commit in bases.items()}
    return {where: changes for where, changes in found.items() if changes}


def main(argv: list[str]) -> int:
    command = argv[0] if argv else "landed"
    try:
        if command == "previous":
            release = previous_release(ROOT)
            print(release.commit, release.version, release.found_by, sep="\t")
            return 0
        if command == "landed":
            changes = landed_changes(ROOT)
            for where, found in changes.items():
                for path, how in found:
                    print(f"{path}: {how}, but it landed ({where}): add a new migration instead")
            return 1 if changes else 0
    except ReleaseNotFound as error:
        print(f"core.releases: {error}", file=sys.stderr)
        return 2
    print("usage: python -m core.releases [previous | landed]", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

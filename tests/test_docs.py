"""The README and the documents it links stay inside the repository: a plain clone has
no course folder beside it, so a link out of the project is a dead link. The README stays
short (what it is, how to start, where to read on); the rest is in docs/, by audience."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LINK = re.compile(r"\]\(([^)\s]+)\)")


def local_links(document: Path) -> list[str]:
    """The relative targets of a Markdown document's links (web addresses left out)."""
    targets = LINK.findall(document.read_text(encoding="utf-8"))
    return [t.split("#")[0] for t in targets if not re.match(r"[a-z]+:", t) and t[0] != "#"]


def linked_documents() -> list[Path]:
    """The README and every Markdown document reachable from it by relative links."""
    seen: list[Path] = []
    queue = [ROOT / "README.md"]
    while queue:
        document = queue.pop()
        if document in seen or document.suffix != ".md" or not document.exists():
            continue
        seen.append(document)
        queue.extend((document.parent / target).resolve() for target in local_links(document))
    return seen


def test_the_readme_links_the_rules_inside_the_project() -> None:
    assert ROOT / "docs" / "RULES.md" in linked_documents()


@pytest.mark.parametrize("document", linked_documents(), ids=lambda d: d.name)
def test_every_link_resolves_inside_the_repository(document: Path) -> None:
    for target in local_links(document):
        resolved = (document.parent / target).resolve()
        assert resolved.is_relative_to(ROOT), f"{document.name} links outside: {target}"
        assert resolved.exists(), f"{document.name} links a missing file: {target}"


def test_the_developers_guide_says_which_tests_need_the_course_data() -> None:
    guide = (ROOT / "docs" / "developing.md").read_text(encoding="utf-8")
    for test_file in ("tests/engine/test_peer_suites.py", "tests/engine/test_reference.py"):
        assert test_file in guide
    assert "shared/data/" in guide
    assert "next to the project's folder" in guide
    assert "../shared" not in guide  # a path out of the project, as a plain clone lacks it
    assert "CI=true" in guide


README_MAX_LINES = 150


def test_the_readme_stays_short() -> None:
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    assert len(lines) <= README_MAX_LINES
    # Prose is wrapped (a table's row is one line by Markdown's rule).
    assert max(len(line) for line in lines if not line.startswith("|")) <= 100
    # The first command is met early, not after pages of features.
    first_command = next(n for n, line in enumerate(lines, 1) if line.startswith("make run"))
    assert first_command <= 30


def test_every_document_in_docs_is_reachable_from_the_readme() -> None:
    reachable = set(linked_documents())
    assert sorted(p.name for p in (ROOT / "docs").glob("*.md") if p not in reachable) == []
    assert ROOT / "CHANGELOG.md" in reachable


WEB_LINK = re.compile(r"\]\((?:https?|ftp):|<(?:https?|ftp)://(?!127\.0\.0\.1|localhost)")


@pytest.mark.parametrize("document", linked_documents(), ids=lambda d: d.name)
def test_no_document_links_the_web(document: Path) -> None:
    """A link out of the repository rots and leaks readers; local addresses of the site
    itself (``http://127.0.0.1:8000``) are not links out."""
    assert WEB_LINK.findall(document.read_text(encoding="utf-8")) == []


def test_a_screenshot_is_linked_only_if_it_exists() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for target in re.findall(r"!\[[^\]]*\]\(([^)]+)\)", readme):
        path = ROOT / target
        assert path.suffix == ".png"
        assert path.exists()
        assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_the_version_is_the_changelogs_newest() -> None:
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    version = re.search(r'^version = "([^"]+)"', pyproject, flags=re.MULTILINE)
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    # "Unreleased" gathers changes until the lead sets the next version.
    newest = re.search(r"^## (?!Unreleased)(\S+)", changelog, flags=re.MULTILINE)
    assert version is not None
    assert newest is not None
    assert newest[1] == version[1]

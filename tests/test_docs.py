"""The README and the documents it links stay inside the repository: a plain clone has
no course folder beside it, so a link out of the project is a dead link."""

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


def test_the_readme_says_which_tests_need_the_course_data() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for test_file in ("tests/engine/test_peer_suites.py", "tests/engine/test_reference.py"):
        assert test_file in readme
    assert "shared/data/" in readme
    assert "next to the project's folder" in readme
    assert "../shared" not in readme  # a path out of the project, as a plain clone lacks it
    assert "CI=true" in readme

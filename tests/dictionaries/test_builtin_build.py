"""The shipped Spanish, French and German lists are what the dictionary packages give.

Rebuilt here from the installed Debian packages (``manage.py build_builtin_lists``, as
.ci/run installs them) and compared word for word with ``dictionaries/data/builtin``; on
a machine without the packages the comparison is skipped, saying which are missing.
"""

from __future__ import annotations

import pytest

from dictionaries.builtin_build import (
    SOURCES,
    build,
    missing_packages,
    shipped_header,
    shipped_words,
)


@pytest.mark.slow
@pytest.mark.parametrize("code", sorted(SOURCES))
def test_the_shipped_list_is_a_fresh_build_from_the_packages(code: str) -> None:
    missing = missing_packages(code)
    if missing:
        pytest.skip(f"not installed: {' '.join(missing)} (apt-get install -y {' '.join(missing)})")
    built = build(code)
    shipped = shipped_words(code)
    assert shipped == built.words, (
        f"{code}: {len(set(built.words) - set(shipped))} words more in a fresh build, "
        f"{len(set(shipped) - set(built.words))} fewer: run manage.py build_builtin_lists, "
        "then manage.py compute_builtin_tables"
    )
    assert shipped_header(code) == built.header  # the same package versions named


@pytest.mark.parametrize("code", sorted(SOURCES))
def test_the_shipped_list_names_its_sources(code: str) -> None:
    header = "\n".join(shipped_header(code))
    assert f"Debian package {SOURCES[code].package}" in header
    assert "wordfreq" in header
    assert "LDNOOBW" in header

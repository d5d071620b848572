"""The i18n tests read the compiled catalogs (not committed): compiled once if stale."""

from __future__ import annotations

import pytest

from tests.i18n.catalogs import compile_catalogs


@pytest.fixture(scope="session")
def compiled_catalogs() -> None:
    compile_catalogs()

"""axe-core (shipped inside axe-playwright-python) on a page state: any violation fails.

The script is injected through the DevTools protocol, as Playwright evaluates, so the
site's Content Security Policy stays as strict as ever for the page's own scripts.
"""

from __future__ import annotations

from typing import Any

from axe_playwright_python.sync_playwright import Axe

_AXE = Axe()


def assert_accessible(page: Any, state: str) -> None:
    """Fail with axe's report when the page as it stands has any violation."""
    results = _AXE.run(page)
    assert results.violations_count == 0, f"{state}: {results.generate_report()}"

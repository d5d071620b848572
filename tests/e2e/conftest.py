"""Browser tests: Playwright's sync API driving Debian's Chromium against live_server.

They skip when /usr/bin/chromium is missing, except under CI=true, where a
missing browser is a failure (CI installs it). ``playwright install`` is never
needed: the system Chromium is launched directly.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

# Playwright's sync API runs an event loop in this thread; Django refuses ORM
# calls from a thread with a running loop unless told it is safe (it is: the
# loop only drives the browser).
os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
TIMEOUT_MS = 10_000
PASSWORD = "a-long-e2e-password-93"


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    if not CHROMIUM.exists():
        if os.environ.get("CI"):
            pytest.fail(f"{CHROMIUM} is missing and CI is set: the browser tests must run")
        pytest.skip(f"{CHROMIUM} is not installed")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True
        )
        try:
            yield browser
        finally:
            browser.close()


def _new_page(browser: Any, **context_options: Any) -> Iterator[Any]:
    context = browser.new_context(**context_options)
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        yield page
    finally:
        context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


@pytest.fixture
def page(browser: Any, live_server: Any) -> Iterator[Any]:
    """A fresh browser context (no cookies) with JavaScript on."""
    yield from _new_page(browser, viewport={"width": 1024, "height": 800})


@pytest.fixture
def page_without_js(browser: Any, live_server: Any) -> Iterator[Any]:
    yield from _new_page(browser, java_script_enabled=False)


def sign_up(page: Any, base_url: str, username: str) -> None:
    """Create an account through the sign-up form; it logs the player in."""
    page.goto(f"{base_url}/accounts/signup/")
    page.locator("#id_username").fill(username)
    page.locator("#id_password1").fill(PASSWORD)
    page.locator("#id_password2").fill(PASSWORD)
    page.get_by_role("button", name="Sign up and play").click()
    page.wait_for_url(f"{base_url}/")
    assert f"Log out ({username})" in page.content()


def log_in(page: Any, base_url: str, username: str, password: str = PASSWORD) -> None:
    page.goto(f"{base_url}/accounts/login/")
    page.locator("#id_username").fill(username)
    page.locator("#id_password").fill(password)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(f"{base_url}/")

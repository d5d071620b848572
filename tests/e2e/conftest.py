"""Browser tests: Playwright's sync API driving Debian's Chromium against live_server.

They skip when /usr/bin/chromium is missing, except under CI=true, where a
missing browser is a failure (CI installs it). ``playwright install`` is never
needed: the system Chromium is launched directly.
"""

from __future__ import annotations

import os
import time
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
    page.on("console", lambda message: _collect_console_error(message, errors))
    try:
        yield page
    finally:
        context.close()
    assert not errors, f"JavaScript or console errors on the page: {errors}"


# The browser, and htmx, log a failed request (an error status, a dropped connection) as a
# console error; the tests that cause one (a 403, a 404, a lost answer) expect it. Anything
# else (a Content Security Policy violation, a script error) fails the test.
_EXPECTED_CONSOLE_ERRORS = (
    "Failed to load resource:",
    "Response Status Error Code",
    "htmx:sendError",
    "htmx:afterRequest",
)


def _collect_console_error(message: Any, errors: list[str]) -> None:
    if message.type == "error" and not message.text.startswith(_EXPECTED_CONSOLE_ERRORS):
        errors.append(f"console: {message.text}")


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


def follow_link(page: Any, name: str) -> None:
    """Click the link named ``name``, opening the user menu first when it is in there."""
    link = page.get_by_role("link", name=name, exact=True)
    if not link.count():  # a closed menu's links are hidden from the accessibility tree
        page.locator(".user-menu summary").click()
    link.first.click()


def wait_for(page: Any, expression: str, arg: Any = None, timeout_ms: int = TIMEOUT_MS) -> None:
    """``page.wait_for_function`` that the Content Security Policy allows.

    Playwright's own evaluates its predicate with ``eval`` inside the page, which a
    policy without 'unsafe-eval' refuses; ``page.evaluate`` goes through the
    DevTools protocol instead, so this polls with it.
    """
    deadline = time.monotonic() + timeout_ms / 1000
    while not page.evaluate(expression, arg):
        if time.monotonic() > deadline:
            raise AssertionError(f"still false after {timeout_ms} ms: {expression}")
        page.wait_for_timeout(25)


def press_key(page: Any, letter: str) -> None:
    """Click a key of the board and wait until the board shows one more guess (or is gone)."""
    before = page.locator('form.keyboard input[name="expected_guesses"]').get_attribute("value")
    page.locator(f"#key-{letter}").click()
    wait_for(
        page,
        "n => !document.querySelector('input[name=expected_guesses]')"
        " || document.querySelector('input[name=expected_guesses]').value != n",
        arg=before,
    )

"""The home page and a board in Spanish and German against the screens' budgets (issue 30):
longer words must not break the phone's layout. Chromium at 390x844 and 1280x800, the
browser's language set as a player's would be (Accept-Language), axe-core on every state.

The screens are saved to /tmp/shots/i18n-<page>-<language>-<screen>.png, or to
E2E_SCREENSHOTS when set.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from dictionaries.models import Dictionary
from tests.daily.support import daily_dictionary
from tests.e2e.axe import assert_accessible
from tests.e2e.conftest import _new_page
from tests.e2e.test_screens import (
    DESKTOP,
    PHONE,
    assert_on_screen,
    assert_one_row_nav,
    play_to_the_end,
)
from tests.i18n.catalogs import compile_catalogs

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

SHOTS = Path(os.environ.get("E2E_SCREENSHOTS") or "/tmp/shots")
# What the menu's other language is called, to switch to it.
OTHER = {"es": ("de", "Deutsch"), "de": ("es", "Español")}


@pytest.fixture(params=["es", "de"])
def language(request: pytest.FixtureRequest) -> str:
    return request.param


@pytest.fixture(params=[PHONE, DESKTOP], ids=["phone", "desktop"])
def viewport(request: pytest.FixtureRequest) -> dict[str, int]:
    return request.param


@pytest.fixture
def screen(
    browser: Any, live_server: Any, viewport: dict[str, int], language: str
) -> Iterator[Any]:
    compile_catalogs()
    yield from _new_page(browser, viewport=viewport, locale=language)


@pytest.fixture
def made_up() -> Dictionary:
    return daily_dictionary()


def shoot(page: Any, name: str, language: str) -> None:
    size = "phone" if page.viewport_size == PHONE else "desktop"
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"i18n-{name}-{language}-{size}.png"))


def test_home_in_another_language_keeps_its_budget(
    screen: Any, live_server: Any, made_up: Dictionary, language: str
) -> None:
    screen.goto(f"{live_server.url}/")
    assert screen.locator("html").get_attribute("lang") == language
    assert_on_screen(screen, ".daily-card button", f"Play today's puzzle ({language})")
    assert_on_screen(screen, ".practice-card button", f"the practice game ({language})")
    assert_one_row_nav(screen, f"a visitor's bar ({language})")
    assert_accessible(screen, f"home ({language})")
    shoot(screen, "home", language)
    # The footer's menu: one tap to the other language, which the next pages keep.
    other, name = OTHER[language]
    screen.get_by_role("button", name=name).click()
    screen.wait_for_url(f"{live_server.url}/")
    assert screen.locator("html").get_attribute("lang") == other
    screen.goto(f"{live_server.url}/daily/")
    assert screen.locator("html").get_attribute("lang") == other
    assert_accessible(screen, f"/daily/ after choosing {other}")


def test_a_board_in_another_language_keeps_its_budget(
    screen: Any, live_server: Any, made_up: Dictionary, language: str
) -> None:
    screen.goto(f"{live_server.url}/")
    screen.locator(".daily-card button").click()
    screen.wait_for_url(re.compile(r"/games/\d+/$"))
    assert screen.locator("html").get_attribute("lang") == language
    assert screen.locator("form.keyboard").count() == 1
    assert_one_row_nav(screen, f"a guest's board ({language})")
    assert_on_screen(screen, ".misses-left", f"the wrong guesses left ({language})")
    assert_accessible(screen, f"a board ({language})")
    shoot(screen, "board", language)
    play_to_the_end(screen)
    assert_on_screen(screen, "button.share-copy", f"Copy, when the daily ends ({language})")
    assert_on_screen(screen, ".end-daily", f"the streak and the countdown ({language})")
    assert_one_row_nav(screen, f"a finished board ({language})")
    assert_accessible(screen, f"a board's end ({language})")
    shoot(screen, "board-end", language)

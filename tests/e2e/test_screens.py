"""The player's screens against their budgets, in Chromium at 390x844 and 1280x800 (issue 25).

Each budget is an assertion: the home page's two play actions on the first screen; a
visitor on today's leaderboard in one tap, with no log-in page on the way; Share on screen when
the last guess lands, daily and practice; the new-game form's Start within one and a half
screens; the navigation on one row. axe-core checks every page visited.

With E2E_SCREENSHOTS=<folder> the phone screens are saved there (docs/screens/ holds them).
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from core.guests import is_guest
from daily.selectors import utc_today
from dictionaries.models import Dictionary
from games.models import Game
from tests.daily.support import PLAY_ORDER, daily_dictionary
from tests.e2e.axe import assert_accessible
from tests.e2e.conftest import PASSWORD, _new_page, log_in, wait_for
from tests.factories import UserFactory

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
SCREENS = os.environ.get("E2E_SCREENSHOTS", "")


@pytest.fixture
def made_up() -> Dictionary:
    return daily_dictionary()


@pytest.fixture(params=[PHONE, DESKTOP], ids=["phone", "desktop"])
def viewport(request: pytest.FixtureRequest) -> dict[str, int]:
    return request.param


@pytest.fixture
def screen(browser: Any, live_server: Any, viewport: dict[str, int]) -> Iterator[Any]:
    """A fresh browser context at the screen size under test."""
    yield from _new_page(browser, viewport=viewport)


def shoot(page: Any, name: str) -> None:
    """Save what the screen shows (not the whole page): the budget is the first screen."""
    if SCREENS and page.viewport_size == PHONE:
        Path(SCREENS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SCREENS) / name))
    elif SCREENS:
        page.screenshot(path=str(Path(SCREENS) / name.replace(".png", "-desktop.png")))


def box(page: Any, selector: str) -> dict[str, float]:
    """Where the first visible element matching ``selector`` sits in the window now."""
    found = page.evaluate(
        """selector => {
          const element = [...document.querySelectorAll(selector)]
            .find(each => each.getClientRects().length > 0);
          if (!element) return null;
          const rect = element.getBoundingClientRect();
          return {top: rect.top, bottom: rect.bottom, height: innerHeight};
        }""",
        selector,
    )
    assert found is not None, f"nothing visible matches {selector}"
    return found


def assert_on_screen(page: Any, selector: str, what: str) -> None:
    place = box(page, selector)
    assert place["top"] >= 0, f"{what} is above the screen ({place})"
    assert place["bottom"] <= place["height"], f"{what} is below the screen ({place})"


def assert_one_row_nav(page: Any, state: str) -> None:
    """Every item of the bar sits on one row, and the bar fits the screen's width."""
    tops = page.evaluate(
        """() => [...document.querySelectorAll('.site-nav .brand, .site-nav .nav-links > li')]
          .map(item => Math.round(item.getBoundingClientRect().top + item.offsetHeight / 2))"""
    )
    assert max(tops) - min(tops) <= 4, f"{state}: the bar wraps ({tops})"
    width = page.evaluate("document.documentElement.scrollWidth")
    wide = page.evaluate(
        """() => [...document.querySelectorAll('body *')]
          .filter(each => each.getBoundingClientRect().right > innerWidth + 0.5)
          .map(each => each.tagName + '.' + each.className).slice(0, 8)"""
    )
    assert width <= page.viewport_size["width"], f"{state}: the page scrolls sideways {wide}"


def play_to_the_end(page: Any) -> None:
    """Type letters until the game ends; the end panel replaces the keyboard in place."""
    for letter in PLAY_ORDER:
        if page.locator("#game-over").count():
            break
        before = page.locator('form.keyboard input[name="expected_guesses"]').get_attribute("value")
        page.keyboard.press(letter)
        wait_for(
            page,
            "n => !document.querySelector('form.keyboard')"
            " || document.querySelector('input[name=expected_guesses]').value != n",
            arg=before,
        )
    page.locator("#game-over").wait_for()
    page.locator("button.share-copy:not([hidden])").wait_for()


def test_home_puts_both_play_actions_on_the_first_screen(
    screen: Any, live_server: Any, made_up: Dictionary
) -> None:
    base = live_server.url
    screen.goto(f"{base}/")
    assert_on_screen(screen, ".daily-card button", "a visitor's Play today's puzzle")
    assert_on_screen(screen, ".practice-card button", "a visitor's practice game")
    assert_one_row_nav(screen, "a visitor's bar")
    assert_accessible(screen, "home for a visitor")
    shoot(screen, "home.png")
    UserFactory(username="returning", password=PASSWORD)
    log_in(screen, base, "returning")
    assert_on_screen(screen, ".daily-card button", "a player's Play today's puzzle")
    assert_on_screen(screen, ".practice-card .button", "a player's New game")
    assert_one_row_nav(screen, "a player's bar")
    assert_accessible(screen, "home for a player")
    shoot(screen, "home-player.png")


def test_a_visitor_plays_todays_puzzle_in_one_tap_and_shares_it(
    screen: Any, live_server: Any, made_up: Dictionary
) -> None:
    base = live_server.url
    screen.goto(f"{base}/")
    visited: list[str] = []
    screen.on("framenavigated", lambda frame: visited.append(frame.url))
    screen.get_by_role("button", name="Play today's puzzle").click()  # the one tap
    screen.wait_for_url(re.compile(r"/games/\d+/$"))
    assert not [url for url in visited if "/accounts/" in url], visited
    game = Game.objects.get(daily_link__puzzle=utc_today())
    assert is_guest(game.player)
    assert game.daily_link.played_as_guest
    assert not game.is_ranked
    assert screen.locator("form.keyboard").count() == 1
    assert "one attempt" in screen.locator(".notices").inner_text().lower()
    assert_one_row_nav(screen, "a guest's bar")
    assert_accessible(screen, "a guest's daily leaderboard")
    play_to_the_end(screen)
    assert_on_screen(screen, "button.share-copy", "Copy, when the daily ends")
    assert_on_screen(screen, ".end-daily", "the streak and the countdown")
    assert screen.locator("#undo-button").count() == 0
    assert_accessible(screen, "a guest's daily end")
    shoot(screen, "end-panel.png")
    screen.goto(f"{base}/daily/")  # a second attempt is not offered, only the result
    assert screen.locator("form[action='/daily/start/']").count() == 0
    assert_accessible(screen, "a guest's finished daily")


def test_a_returning_players_daily_opens_its_board_from_daily_in_one_tap(
    screen: Any, live_server: Any, made_up: Dictionary
) -> None:
    base = live_server.url
    player = UserFactory(username="regular", password=PASSWORD)
    log_in(screen, base, "regular")
    screen.goto(f"{base}/daily/")
    assert_on_screen(screen, ".daily-start button", "Play today's puzzle on /daily/")
    assert_accessible(screen, "/daily/ before playing")
    screen.get_by_role("button", name="Play today's puzzle").click()
    screen.wait_for_url(re.compile(r"/games/\d+/$"))
    board = screen.url
    game = Game.objects.get(player=player)
    assert game.daily_link.is_ranked_attempt
    screen.goto(f"{base}/daily/")  # in progress: straight back to the board
    assert screen.url == board
    play_to_the_end(screen)
    assert_on_screen(screen, "button.share-copy", "Copy, when a ranked daily ends")
    assert_accessible(screen, "a ranked daily's end")


def test_a_practice_games_form_and_end_fit_the_screen(
    screen: Any, live_server: Any, made_up: Dictionary
) -> None:
    base = live_server.url
    UserFactory(username="practiser", password=PASSWORD)
    log_in(screen, base, "practiser")
    screen.goto(f"{base}/games/new/")
    start = box(screen, "#start-game")
    assert start["bottom"] <= 1.5 * start["height"], f"Start is at {start['bottom']:.0f} px"
    assert screen.locator("details.more-options").count() == 1
    assert_accessible(screen, "the new-game form")
    shoot(screen, "new-game.png")
    screen.locator("#start-game").click()
    screen.wait_for_url(re.compile(r"/games/\d+/$"))
    play_to_the_end(screen)
    assert_on_screen(screen, "button.share-copy", "Copy, when a practice game ends")
    assert screen.locator("#undo-button").count() == 0
    assert_accessible(screen, "a practice game's end")
    shoot(screen, "end-panel-practice.png")
    # The reveal, below the result and Share, is asked for once it scrolls into view (the
    # guess that ended the game answered without it).
    screen.evaluate("document.querySelector('#game-over .reveal').scrollIntoView()")
    screen.locator("#game-over .reveal .words-chart").wait_for()
    assert_accessible(screen, "a practice game's reveal")
    shoot(screen, "reveal-practice.png")


def test_the_user_menu_works_without_javascript(
    browser: Any, live_server: Any, made_up: Dictionary
) -> None:
    UserFactory(username="nojs", password=PASSWORD)
    for page in _new_page(browser, viewport=PHONE, java_script_enabled=False):
        log_in(page, live_server.url, "nojs")
        assert not page.get_by_role("button", name="Log out (nojs)").is_visible()
        page.locator(".user-menu summary").click()
        assert page.get_by_role("button", name="Log out (nojs)").is_visible()
        for name in ("Profile", "Account", "Password", "Your data"):
            assert page.get_by_role("link", name=name, exact=True).is_visible()
        shoot(page, "menu.png")

"""A whole-word guess in Chromium, at 390x844 and 1280x800: the field under the keyboard
on the first screen, a word dropped (a miss), the last word winning; with JavaScript off too.

With E2E_SCREENSHOTS=<folder> the screens are saved there.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from dictionaries.models import Dictionary
from games import services
from games.models import Game
from tests.conftest import NINE_WORDS
from tests.e2e.axe import assert_accessible
from tests.e2e.conftest import PASSWORD, _new_page, log_in, press_key, wait_for
from tests.factories import DictionaryFactory, UserFactory

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
SCREENS = os.environ.get("E2E_SCREENSHOTS", "")


@pytest.fixture
def nine() -> Dictionary:
    return DictionaryFactory(words=list(NINE_WORDS), name="Nine", slug="nine", is_default=True)


@pytest.fixture(params=[PHONE, DESKTOP], ids=["phone", "desktop"])
def screen(browser: Any, live_server: Any, request: pytest.FixtureRequest) -> Iterator[Any]:
    yield from _new_page(browser, viewport=request.param)


def shoot(page: Any, name: str) -> None:
    if SCREENS:
        Path(SCREENS).mkdir(parents=True, exist_ok=True)
        suffix = "" if page.viewport_size == PHONE else "-desktop"
        # caret="initial": hiding the caret injects a style, which the site's CSP refuses.
        page.screenshot(path=str(Path(SCREENS) / f"{name}{suffix}.png"), caret="initial")


def practice(nine: Dictionary, username: str) -> Game:
    """Seed 7, hard: after E and O the words left are COOL and GOOD."""
    player = UserFactory(username=username, password=PASSWORD)
    return services.game_start(
        player=player,
        dictionary=nine,
        length=4,
        max_misses=8,
        difficulty="hard",
        show_word_count=True,
        seed=7,
    )


def guesses_shown(page: Any) -> str:
    return page.locator('form.keyboard input[name="expected_guesses"]').get_attribute("value")


def test_a_word_is_dropped_then_the_last_word_wins(
    screen: Any, live_server: Any, nine: Dictionary
) -> None:
    game = practice(nine, "worder")
    log_in(screen, live_server.url, "worder")
    screen.goto(f"{live_server.url}/games/{game.pk}/")
    for letter in "eo":
        press_key(screen, letter)
    # Budget: the word field sits under the keyboard, all on the first screen.
    field = screen.locator("#word-guess").bounding_box()
    button = screen.locator(".word-guess button").bounding_box()
    height = screen.viewport_size["height"]
    assert field is not None
    assert button is not None
    assert field["y"] + field["height"] <= height, f"the word field is below the screen {field}"
    assert button["y"] + button["height"] <= height
    # One row: the field and its button side by side, on a phone too.
    assert abs((field["y"] + field["height"] / 2) - (button["y"] + button["height"] / 2)) < 4
    keys = screen.locator("form.keyboard").bounding_box()
    assert keys is not None
    assert keys["y"] + keys["height"] <= field["y"]
    # Typing in the field plays no letter (the board's keys are for the keyboard).
    screen.locator("#word-guess").fill("cool")
    shoot(screen, "word-guess-typed")
    screen.locator("#word-guess").press("Enter")
    wait_for(screen, "() => document.querySelector('#announcer').textContent.includes('COOL')")
    assert "Not COOL." in screen.locator("#announcer").inner_text()
    assert guesses_shown(screen) == "3"
    assert screen.locator("#word-guess").input_value() == ""
    game.refresh_from_db()
    assert game.moves == ["e", "o", "cool"]
    assert_accessible(screen, "the board after a word guess")
    shoot(screen, "word-guess-missed")
    screen.locator("#word-guess").fill("good")
    screen.locator(".word-guess button").click()
    screen.locator("#game-over").wait_for()
    assert "GOOD" in screen.locator("#game-over").inner_text()
    game.refresh_from_db()
    assert (game.status, game.moves) == ("won", ["e", "o", "cool", "good"])
    shoot(screen, "word-guess-won")


def test_without_javascript_a_word_posts_and_the_board_says_so(
    page_without_js: Any, live_server: Any, nine: Dictionary
) -> None:
    page = page_without_js
    game = practice(nine, "nojsword")
    services.game_guess(game_id=game.pk, player=game.player, letter="e")
    log_in(page, live_server.url, "nojsword")
    page.goto(f"{live_server.url}/games/{game.pk}/")
    page.locator("#word-guess").fill("zzzz")
    page.locator(".word-guess button").click()
    page.wait_for_load_state()
    assert "“ZZZZ” is not a 4-letter word of this list" in page.content()
    page.locator("#word-guess").fill("ally")
    page.locator(".word-guess button").click()
    page.wait_for_load_state()
    assert "Not ALLY." in page.content()
    game.refresh_from_db()
    assert game.moves == ["e", "ally"]

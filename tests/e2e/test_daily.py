"""Today's daily puzzle in Chromium: typed to the end, the reveal swapped in without a
reload, the result copied to the clipboard; on a desktop and on a 390 px phone.

The default dictionary is made-up words of eight rare letters (tests/daily/support.py),
so a word in the page can only be a leak.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterator
from typing import Any

import pytest

from daily.selectors import utc_today
from daily.services import daily_puzzle_ensure
from dictionaries.models import Dictionary
from games.models import Game
from games.selectors.share import HIT, MISS
from tests.daily.support import PLAY_ORDER, daily_dictionary, made_up_words
from tests.e2e.conftest import PASSWORD, _new_page, log_in, wait_for
from tests.e2e.test_play import (
    assert_no_candidate_in_page,
    assert_page_never_reloaded,
    guesses_shown,
    watch_navigations,
)
from tests.factories import UserFactory

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

DESKTOP = {"width": 1024, "height": 800}
PHONE = {"width": 390, "height": 844}
CLIPBOARD = ["clipboard-read", "clipboard-write"]


@pytest.fixture
def made_up() -> Dictionary:
    return daily_dictionary()


@pytest.fixture(params=[DESKTOP, PHONE], ids=["desktop", "phone"])
def viewport(request: pytest.FixtureRequest) -> dict[str, int]:
    return request.param


@pytest.fixture
def clipboard_page(browser: Any, live_server: Any, viewport: dict[str, int]) -> Iterator[Any]:
    """A fresh context that may read and write the clipboard."""
    yield from _new_page(browser, viewport=viewport, permissions=CLIPBOARD)


def assert_fits(page: Any, width: int) -> None:
    scroll_width = page.evaluate("document.documentElement.scrollWidth")
    assert scroll_width <= width, f"{page.url} scrolls sideways ({scroll_width} px)"


def play_todays_puzzle_by_typing(page: Any, base: str, username: str, width: int) -> Game:
    """Log in, start today's puzzle, type letters to the end; the reveal appears in place once
    scrolled to."""
    player = UserFactory(username=username, password=PASSWORD)
    log_in(page, base, username)
    page.goto(f"{base}/daily/")
    assert_fits(page, width)
    page.get_by_role("button", name="Play today's puzzle").click()
    page.wait_for_url(re.compile(r"/games/\d+/$"))
    game = Game.objects.get(player=player)
    assert game.daily_link.is_ranked_attempt
    navigations = watch_navigations(page)
    for letter in PLAY_ORDER:
        if page.locator("#game-over").count():
            break
        assert page.locator(".reveal, .share, .words-chart").count() == 0
        before = guesses_shown(page)
        page.keyboard.press(letter)
        wait_for(
            page,
            "n => !document.querySelector('form.keyboard')"
            " || document.querySelector('input[name=expected_guesses]').value != n",
            str(before),
        )
        assert_no_candidate_in_page(page, game)
    # The reveal, below the result and Share, is drawn once it scrolls into view.
    page.evaluate("document.querySelector('#game-over .reveal').scrollIntoView()")
    chart = page.wait_for_selector("#game-over .reveal .words-chart svg")
    assert chart.is_visible()
    assert_page_never_reloaded(page, navigations)
    game.refresh_from_db()
    assert game.is_over
    assert page.locator("#game-over .chart-point").count() == len(game.letters) + 1
    assert game.word.upper() in page.locator("#game-over .reveal").inner_text()
    assert_fits(page, width)
    return game


def test_play_todays_puzzle_see_the_reveal_and_copy_the_result(
    clipboard_page: Any, live_server: Any, made_up: Dictionary, viewport: dict[str, int]
) -> None:
    page, base, width = clipboard_page, live_server.url, viewport["width"]
    game = play_todays_puzzle_by_typing(page, base, "daily_player", width)

    share_text = page.locator("#game-over .share-text").input_value()
    puzzle = daily_puzzle_ensure(day=utc_today())
    assert share_text.startswith(f"Evil Hangman daily #{puzzle.number}\n")
    squares = [char for char in share_text if char in (HIT, MISS)]
    assert len(squares) == len(game.letters)
    copy = page.get_by_role("button", name="Copy")
    assert copy.is_visible()
    copy.click()
    wait_for(
        page, "document.querySelector('#game-over .share-status').textContent.includes('Copied')"
    )
    assert page.evaluate("navigator.clipboard.readText()") == share_text

    # The link opens the public page; the other pages of the day fit the phone too.
    link = share_text.rsplit("\n", 1)[1]
    assert link.startswith(f"{base}/results/{game.pk}/")
    page.goto(link)
    assert game.word.upper() in page.locator("main").inner_text()
    assert_fits(page, width)
    for path in ("/daily/", "/daily/leaderboard/", "/daily/archive/", "/stats/"):
        page.goto(f"{base}{path}")
        assert_fits(page, width)


def test_a_visitor_opening_the_link_sees_no_letter_and_no_word(
    page: Any, browser: Any, live_server: Any, made_up: Dictionary
) -> None:
    base = live_server.url
    game = play_todays_puzzle_by_typing(page, base, "sharer", DESKTOP["width"])
    link = page.locator("#game-over .share-text").input_value().rsplit("\n", 1)[1]
    for visitor in _new_page(browser, viewport=PHONE):
        visitor.goto(link)
        main = visitor.locator("main").inner_text()
        assert "stay hidden until you have played it yourself" in main
        html = visitor.content().lower()
        assert game.word not in html
        for word in made_up_words():
            assert word not in html
        assert visitor.locator("main .chip, main svg").count() == 0
        assert_fits(visitor, PHONE["width"])
        # A friend's result is one tap from today's leaderboard, as a guest: no log-in page.
        visitor.get_by_role("button", name="Play today's puzzle").click()
        visitor.wait_for_url(re.compile(r"/games/\d+/$"))
        assert visitor.locator("form.keyboard").count() == 1


def test_without_a_clipboard_the_copy_button_selects_the_text(
    browser: Any, live_server: Any, made_up: Dictionary
) -> None:
    for page in _new_page(browser, viewport=DESKTOP):
        page.add_init_script(
            "Object.defineProperty(Navigator.prototype, 'clipboard', { get: () => undefined });"
        )
        play_todays_puzzle_by_typing(page, live_server.url, "old_browser", DESKTOP["width"])
        page.get_by_role("button", name="Copy").click()
        wait_for(page, "document.querySelector('#game-over .share-status').textContent.length > 0")
        selected = page.evaluate(
            "(() => { const area = document.querySelector('#game-over .share-text');"
            " return document.activeElement === area"
            " && area.value.substring(area.selectionStart, area.selectionEnd) === area.value; })()"
        )
        assert selected


def test_without_javascript_the_text_is_there_to_copy_by_hand(
    page_without_js: Any, live_server: Any, made_up: Dictionary
) -> None:
    page, base = page_without_js, live_server.url
    UserFactory(username="nojs_daily", password=PASSWORD)
    log_in(page, base, "nojs_daily")
    page.goto(f"{base}/daily/")
    page.get_by_role("button", name="Play today's puzzle").click()
    page.wait_for_url(re.compile(r"/games/\d+/$"))
    for letter in PLAY_ORDER:
        if page.locator("#game-over").count():
            break
        page.locator(f"#key-{letter}").click()
        page.wait_for_load_state()
    share = page.locator("#game-over .share-text")
    assert share.is_visible()
    assert "Evil Hangman daily #" in share.input_value()
    assert not page.get_by_role("button", name="Copy").is_visible()
    assert page.locator("#game-over .words-chart svg").is_visible()


def test_backspace_takes_back_a_guess_in_practice(
    page: Any, live_server: Any, made_up: Dictionary
) -> None:
    base = live_server.url
    UserFactory(username="practiser", password=PASSWORD)
    yesterday = daily_puzzle_ensure(day=utc_today() - dt.timedelta(days=1))
    log_in(page, base, "practiser")
    page.goto(f"{base}/daily/archive/")
    page.get_by_role("button", name=f"Practise #{yesterday.number}").click()
    page.wait_for_url(re.compile(r"/games/\d+/$"))
    navigations = watch_navigations(page)
    page.keyboard.press("q")
    wait_for(page, "document.querySelector('input[name=expected_guesses]').value == '1'")
    assert page.locator("#undo-button").is_visible()
    page.keyboard.press("Backspace")
    wait_for(page, "document.querySelector('input[name=expected_guesses]').value == '0'")
    assert "Took back Q" in page.locator("#announcer").inner_text()
    assert not page.locator("#key-q").is_disabled()
    assert_page_never_reloaded(page, navigations)

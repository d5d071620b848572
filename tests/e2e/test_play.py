"""A player in a real browser: sign up, start a game, play it to the end.

The dictionary is made-up words (letters q, z, x, v, j, k only), so a
candidate word in the page could only be a leak, never an accident.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from dictionaries.models import Dictionary
from games import services
from games.models import Game, Status
from games.selectors.replay import game_state
from tests.e2e.conftest import PASSWORD, log_in, sign_up, wait_for
from tests.factories import DictionaryFactory, UserFactory
from tests.markup import without_csrf_tokens

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

SECRET_FOUR = ("qzxv", "qzjk", "vxqz", "jkqz", "zqvj", "xvjq", "kzqx", "jzvk", "vqkx", "xkzj")


@pytest.fixture
def secret() -> Dictionary:
    return DictionaryFactory(
        words=[*SECRET_FOUR, "qzxvjk", "zkqvxj"], name="Secret", slug="secret", is_default=True
    )


@pytest.fixture
def other() -> Dictionary:
    return DictionaryFactory(words=["cat", "dog", "apple"], name="Other", slug="other")


def current_game(username: str) -> Game:
    return Game.objects.filter(player__username=username).latest("started_at")


def assert_no_candidate_in_page(page: Any, game: Game) -> None:
    game.refresh_from_db()
    if game.is_over:
        return
    html = without_csrf_tokens(page.content())
    for word in game_state(game).candidate_words():
        assert word not in html.lower(), f"candidate {word!r} leaked into the page"


def guesses_shown(page: Any) -> int:
    return int(page.locator('form.keyboard input[name="expected_guesses"]').get_attribute("value"))


def watch_navigations(page: Any) -> list[str]:
    """URLs the main frame navigates to from now on (an HTMX swap is not one)."""
    navigations: list[str] = []
    page.on(
        "framenavigated",
        lambda frame: navigations.append(frame.url) if frame == page.main_frame else None,
    )
    page.evaluate("window.__marker = 1")
    return navigations


def assert_page_never_reloaded(page: Any, navigations: list[str]) -> None:
    assert (navigations, page.evaluate("window.__marker")) == ([], 1)


def test_sign_up_start_and_play_by_clicking_then_by_typing(
    page: Any, live_server: Any, secret: Dictionary, other: Dictionary
) -> None:
    base = live_server.url
    sign_up(page, base, "clicker")

    page.get_by_role("link", name="New game").first.click()
    page.wait_for_url(f"{base}/games/new/")
    # The lengths follow the dictionary (HTMX), and come back.
    length = page.get_by_label("Word length")
    page.locator("details.more-options summary").click()  # the dictionary is folded away
    page.get_by_label("Dictionary").select_option(label="Other")
    page.wait_for_selector('#id_length option[value="5"]', state="attached")
    assert length.locator("option").all_inner_texts() == [
        "3 letters (2 words)",
        "5 letters (1 word)",
    ]
    page.get_by_label("Dictionary").select_option(label="Secret")
    page.wait_for_selector('#id_length option[value="4"]', state="attached")
    length.select_option("4")
    page.get_by_label("Wrong guesses allowed").fill("3")
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url(re.compile(r"/games/\d+/$"))
    game = current_game("clicker")
    assert (game.length, game.max_misses, game.is_ranked) == (4, 3, True)

    # Play to the end by clicking keys; the board is swapped in place.
    navigations = watch_navigations(page)
    for letter in "aqzxbcdefg":
        if page.locator("#game-over").count():
            break
        before = guesses_shown(page)
        page.locator(f"#key-{letter}").click()
        wait_for(
            page,
            "n => !document.querySelector('input[name=expected_guesses]')"
            " || document.querySelector('input[name=expected_guesses]').value != n",
            arg=str(before),
        )
        assert_no_candidate_in_page(page, game)
        if not page.locator("#game-over").count():
            assert page.locator(f"#key-{letter}").is_disabled()
        announced = page.locator("#announcer").inner_text()
        assert announced.startswith((f"No {letter.upper()}.", "Yes, "))
    page.wait_for_selector("#game-over")
    assert_page_never_reloaded(page, navigations)
    game.refresh_from_db()
    assert game.is_over
    panel = page.locator("#game-over").inner_text()
    assert ("You won!" in panel) or ("You lost." in panel)
    assert game.word.upper() in panel
    assert page.get_by_role("link", name="Review this game move by move").count() == 1

    # Play again with the same settings, this time typing on the keyboard.
    finished_url = page.url
    page.get_by_role("button", name="Play again with the same settings").click()
    page.wait_for_url(lambda url: url != finished_url and re.search(r"/games/\d+/$", url))
    second = current_game("clicker")
    assert second.pk != game.pk
    assert (second.length, second.max_misses) == (4, 3)
    navigations = watch_navigations(page)
    # Shortcuts with modifiers are the browser's, not guesses.
    page.keyboard.press("Control+b")
    page.keyboard.press("Alt+b")
    page.wait_for_timeout(200)
    assert not page.locator("#key-b").is_disabled()
    assert guesses_shown(page) == 0
    for letter in "bqzxvjk":
        if page.locator("#game-over").count():
            break
        before = guesses_shown(page)
        page.keyboard.press(letter)
        wait_for(
            page,
            "n => !document.querySelector('input[name=expected_guesses]')"
            " || document.querySelector('input[name=expected_guesses]').value != n",
            arg=str(before),
        )
        assert_no_candidate_in_page(page, second)
    page.wait_for_selector("#game-over")
    assert_page_never_reloaded(page, navigations)
    second.refresh_from_db()
    assert second.is_over
    assert second.word.upper() in page.locator("#game-over").inner_text()


def test_fast_typing_applies_every_letter_once(
    page: Any, live_server: Any, secret: Dictionary
) -> None:
    player = UserFactory(username="typist", password=PASSWORD)
    log_in(page, live_server.url, "typist")
    game = services.game_start(
        player=player,
        dictionary=secret,
        length=4,
        max_misses=26,
        difficulty="hard",
    )
    page.goto(f"{live_server.url}/games/{game.pk}/")
    navigations = watch_navigations(page)
    page.keyboard.type("abcd")  # faster than the server answers: queued, not dropped
    wait_for(page, "() => document.querySelector('input[name=expected_guesses]').value == '4'")
    assert_page_never_reloaded(page, navigations)
    game.refresh_from_db()
    assert game.letters == "abcd"
    assert game.status == Status.PLAYING


def test_without_javascript_the_forms_post_and_redirect(
    page_without_js: Any, live_server: Any, secret: Dictionary
) -> None:
    page = page_without_js
    base = live_server.url
    sign_up(page, base, "nojs")
    page.goto(f"{base}/games/new/")
    page.get_by_label("Word length").select_option("4")
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url(re.compile(r"/games/\d+/$"))
    game = current_game("nojs")
    board_url = page.url
    for number, letter in enumerate("aqz", start=1):
        page.locator(f"#key-{letter}").click()
        page.wait_for_load_state()
        assert page.url == board_url  # post/redirect/get back to the board
        assert guesses_shown(page) == number
        assert page.locator(f"#key-{letter}").is_disabled()
        notice = page.locator("#board .notice").first.inner_text()
        assert notice.startswith((f"No {letter.upper()}.", "Yes, "))
        assert_no_candidate_in_page(page, game)
    game.refresh_from_db()
    assert game.letters == "aqz"


def test_a_refused_request_is_reported_on_the_board(
    page: Any, live_server: Any, secret: Dictionary
) -> None:
    player = UserFactory(username="stale", password=PASSWORD)
    log_in(page, live_server.url, "stale")
    game = services.game_start(
        player=player, dictionary=secret, length=4, max_misses=8, difficulty="hard"
    )
    page.goto(f"{live_server.url}/games/{game.pk}/")
    page.context.clear_cookies()  # as if the session and CSRF cookie were gone
    page.keyboard.press("a")
    notice = page.locator("#board .notice-error")
    notice.wait_for()
    assert "error 403" in notice.inner_text()
    assert "error 403" in page.locator("#announcer").inner_text()
    game.refresh_from_db()
    assert game.letters == ""

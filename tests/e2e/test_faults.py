"""A guess whose answer is lost, or refused by a failing server: the board says so, and
pressing the key again never applies the guess twice."""

from __future__ import annotations

from typing import Any

import pytest

from dictionaries.models import Dictionary
from games import services
from games.models import Game
from tests.conftest import NINE_WORDS
from tests.e2e.conftest import PASSWORD, log_in, wait_for
from tests.factories import DictionaryFactory, UserFactory

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

GUESS_URL = "**/games/*/guess/"
EXPECTED = "document.querySelector('input[name=expected_guesses]').value == '{}'"


@pytest.fixture
def nine_words() -> Dictionary:
    return DictionaryFactory(words=list(NINE_WORDS))


def open_board(page: Any, live_server: Any, dictionary: Dictionary) -> Game:
    player = UserFactory(username="unlucky", password=PASSWORD)
    game = services.game_start(
        player=player, dictionary=dictionary, length=4, max_misses=8, difficulty="hard"
    )
    log_in(page, live_server.url, "unlucky")
    page.goto(f"{live_server.url}/games/{game.pk}/")
    # Every script is deferred: wait until htmx has taken over the board before a key is
    # pressed, or a busy machine sends the first guess as a plain form post.
    page.wait_for_load_state("networkidle")
    wait_for(page, "window.htmx !== undefined")
    return game


def wait_for_notice(page: Any) -> Any:
    notice = page.locator("#board .notice-error")
    notice.wait_for(timeout=15_000)
    return notice


def test_a_guess_stored_but_whose_answer_was_lost_counts_once(
    page: Any, live_server: Any, nine_words: Dictionary
) -> None:
    game = open_board(page, live_server, nine_words)

    def lose_the_answer(route: Any) -> None:
        route.fetch()  # the server takes the guess...
        route.abort("connectionreset")  # ...and its answer never arrives

    page.route(GUESS_URL, lose_the_answer)
    page.keyboard.press("e")
    notice = wait_for_notice(page)
    assert "may not have been taken" in notice.inner_text()
    assert Game.objects.get(pk=game.pk).letters == "e"
    assert page.locator("#key-e").is_enabled()  # the board still shows it on offer

    page.unroute(GUESS_URL)
    page.keyboard.press("e")  # the player tries again
    wait_for(page, EXPECTED.format(1))
    assert "This board was out of date" in page.locator("#board .notice-error").inner_text()
    assert page.locator("#key-e").is_disabled()
    game.refresh_from_db()
    assert game.letters == "e"
    assert game.move_rows.count() == 1


def test_a_guess_the_server_failed_on_is_reported_and_can_be_sent_again(
    page: Any, live_server: Any, nine_words: Dictionary
) -> None:
    game = open_board(page, live_server, nine_words)
    page.route(
        GUESS_URL,
        lambda route: route.fulfill(status=500, content_type="text/html", body="<p>down</p>"),
    )
    page.keyboard.press("e")
    notice = wait_for_notice(page)
    assert "did not take that guess (error 500)" in notice.inner_text()
    assert "down" not in page.locator("#board").inner_text()  # nothing of the body swapped in
    assert Game.objects.get(pk=game.pk).letters == ""

    page.unroute(GUESS_URL)
    page.keyboard.press("e")
    wait_for(page, EXPECTED.format(1))
    assert page.locator("#board .notice-error").count() == 0
    assert Game.objects.get(pk=game.pk).letters == "e"

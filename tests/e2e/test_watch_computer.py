"""Watching the computer play in a real browser: chosen on the new-game form, the board
plays itself one move at a time (HTMX) to the end, no candidate word ever in the page."""

from __future__ import annotations

import re
from typing import Any

import pytest

from dictionaries.models import Dictionary
from games.models import Game, Move
from games.selectors.replay import game_state
from tests.e2e.conftest import PASSWORD, log_in, wait_for
from tests.factories import DictionaryFactory, UserFactory
from tests.markup import without_csrf_tokens

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

SECRET_FOUR = ("qzxv", "qzjk", "vxqz", "jkqz", "zqvj", "xvjq", "kzqx", "jzvk", "vqkx", "xkzj")


@pytest.fixture
def secret() -> Dictionary:
    return DictionaryFactory(words=list(SECRET_FOUR), name="Secret", slug="secret", is_default=True)


def test_watch_the_computer_play_to_the_end(
    page: Any, live_server: Any, secret: Dictionary
) -> None:
    base = live_server.url
    UserFactory(username="watcher", password=PASSWORD)
    log_in(page, base, "watcher")
    page.goto(f"{base}/games/new/")
    page.get_by_label("Word length").select_option("4")
    page.get_by_label("Wrong guesses allowed").fill("5")
    page.get_by_label("Easy").check()
    page.locator("details.more-options summary").click()
    page.get_by_label("Let the computer play").check()
    navigations: list[str] = []
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url(re.compile(r"/games/\d+/$"))
    game = Game.objects.get(player__username="watcher")
    assert game.played_by_computer
    page.on("framenavigated", lambda frame: navigations.append(frame.url))

    seen = 0
    for _ in range(26):  # one move per answer, each shown before the next is asked for
        wait_for(
            page,
            "([seen]) => !!document.querySelector('.game-over') || "
            "Number(document.querySelector('input[name=expected_guesses]').value) > seen",
            [seen],
            timeout_ms=20_000,
        )
        game.refresh_from_db()
        if page.locator(".game-over").count():
            break
        shown = int(page.locator('input[name="expected_guesses"]').get_attribute("value"))
        assert shown > seen
        seen = shown
        html = without_csrf_tokens(page.content()).lower()
        if not game.is_over:
            for word in game_state(game).candidate_words():
                assert word not in html, f"candidate {word!r} leaked into the page"

    game.refresh_from_db()
    assert game.is_over
    assert Move.objects.filter(game=game).count() == len(game.letters)
    assert len(set(game.letters)) == len(game.letters)
    heading = page.locator(".game-over h2").inner_text()
    assert heading.startswith(("The computer won", "The computer lost"))
    assert game.word.upper() in page.locator(".final-word").first.inner_text()
    assert navigations == []  # every move was swapped in place, no page load
    # The board stays still once the game is over: no more requests move it.
    page.wait_for_timeout(1000)
    assert Move.objects.filter(game=game).count() == len(game.letters)

"""A hint in a real browser: warned first, then the letter and its reason, then unranked."""

from __future__ import annotations

from typing import Any

import pytest

from dictionaries.models import Dictionary
from games import services
from games.models import Game, Hint, Par
from games.selectors.replay import game_state
from tests.e2e.conftest import PASSWORD, log_in, press_key, wait_for
from tests.factories import DictionaryFactory, UserFactory
from tests.markup import without_csrf_tokens

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

# Made-up words of rare letters: a candidate found in the page could only be a leak.
SECRET_FOUR = ("qzxv", "qzjk", "vxqz", "jkqz", "zqvj", "xvjq", "kzqx", "jzvk", "vqkx", "xkzj")


@pytest.fixture
def secret() -> Dictionary:
    return DictionaryFactory(words=list(SECRET_FOUR), name="Secret", slug="secret", is_default=True)


def start_ranked(secret: Dictionary, username: str) -> Game:
    player = UserFactory(username=username, password=PASSWORD)
    return services.game_start(
        player=player, dictionary=secret, length=4, max_misses=8, difficulty="hard"
    )


def test_a_hint_is_confirmed_then_shown_and_the_game_is_unranked(
    page: Any, live_server: Any, secret: Dictionary
) -> None:
    game = start_ranked(secret, "hinter")
    log_in(page, live_server.url, "hinter")
    page.goto(f"{live_server.url}/games/{game.pk}/")
    assert "ranked" in page.locator(".game-settings").inner_text()
    # The first press only opens the warning; nothing is asked of the server yet.
    page.get_by_text("Ask the computer for a hint…").click()
    warning = page.locator(".hint-warning")
    assert "unranked" in warning.inner_text()
    assert not Hint.objects.exists()
    page.locator("#hint-confirm-button").click()
    wait_for(page, "() => document.getElementById('last-hint') !== null")
    hint = Hint.objects.get(game=game)
    shown = page.locator("#last-hint").inner_text()
    assert hint.letter.upper() in shown
    assert hint.reason in shown
    assert f"Hint: {hint.letter.upper()}." in page.locator(".notices").inner_text()
    game.refresh_from_db()
    assert not game.is_ranked
    assert page.locator(".hint-confirm").count() == 0  # no second warning
    html = without_csrf_tokens(page.content()).lower()
    for word in game_state(game).candidate_words():
        assert word not in html, f"candidate {word!r} leaked into the page"
    # The player still plays the letter: the hint is a suggestion, not a move.
    assert game.letters == ""
    press_key(page, hint.letter)
    game.refresh_from_db()
    assert game.letters == hint.letter
    # A new position: the plain Hint button is back (no warning: already unranked).
    assert page.locator("#hint-button").count() == 1


def test_without_javascript_the_warning_still_comes_first(
    page_without_js: Any, live_server: Any, secret: Dictionary
) -> None:
    page = page_without_js
    game = start_ranked(secret, "nojs")
    log_in(page, live_server.url, "nojs")
    page.goto(f"{live_server.url}/games/{game.pk}/")
    page.get_by_text("Ask the computer for a hint…").click()
    page.locator("#hint-confirm-button").click()
    page.wait_for_url(f"{live_server.url}/games/{game.pk}/")
    hint = Hint.objects.get(game=game)
    assert hint.reason in page.locator("#last-hint").inner_text()
    assert "unranked: a hint was used" in page.locator(".game-settings").inner_text()


def test_par_follows_the_settings_of_the_new_game_form(
    page: Any, live_server: Any, secret: Dictionary
) -> None:

    for difficulty, misses in (("hard", 3), ("easy", 1)):
        Par.objects.create(
            dictionary=secret,
            length=4,
            difficulty=difficulty,
            misses=misses,
            at_least=misses,
            nodes=10,
        )
    UserFactory(username="parplayer", password=PASSWORD)
    log_in(page, live_server.url, "parplayer")
    page.goto(f"{live_server.url}/games/new/")
    assert "Par 3" in page.locator("#par-info").inner_text()
    page.locator('input[name="difficulty"][value="easy"]').check()
    wait_for(page, "() => document.getElementById('par-info').innerText.includes('Par 1')")
    page.locator("#id_max_misses").fill("1")
    page.locator("#id_max_misses").press("Tab")
    wait_for(
        page, "() => document.getElementById('par-info').innerText.includes('no play can win')"
    )
    page.locator('input[name="difficulty"][value="fiendish"]').check()
    wait_for(page, "() => document.getElementById('par-info').innerText.includes('no par')")

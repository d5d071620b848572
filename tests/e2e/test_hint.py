"""A hint in a real browser: refused in a ranked game, which offers a practice game where it
is given, with the letter and its reason."""

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


def test_a_ranked_game_offers_practice_where_the_hint_shows(
    page: Any, live_server: Any, secret: Dictionary
) -> None:
    game = start_ranked(secret, "hinter")
    log_in(page, live_server.url, "hinter")
    page.goto(f"{live_server.url}/games/{game.pk}/")
    assert "ranked" in page.locator(".game-settings").inner_text()
    assert page.locator("#hint-button").count() == 0
    assert "No hints in a ranked game" in page.locator("#no-hint").inner_text()
    # The offer starts a practice game with the same settings; the ranked game stays open.
    page.locator("#practice-instead").click()
    page.wait_for_url(lambda url: f"/games/{game.pk}/" not in url)
    practice = Game.objects.exclude(pk=game.pk).get()
    assert (practice.length, practice.max_misses, practice.difficulty) == (4, 8, "hard")
    assert not practice.is_ranked
    game.refresh_from_db()
    assert game.is_ranked
    assert not game.is_over
    page.locator("#hint-button").click()
    wait_for(page, "() => document.getElementById('last-hint') !== null")
    hint = Hint.objects.get(game=practice)
    shown = page.locator("#last-hint").inner_text()
    assert hint.letter.upper() in shown
    assert hint.reason in shown
    assert f"Hint: {hint.letter.upper()}." in page.locator(".notices").inner_text()
    html = without_csrf_tokens(page.content()).lower()
    for word in game_state(practice).candidate_words():
        assert word not in html, f"candidate {word!r} leaked into the page"
    # The player still plays the letter: the hint is a suggestion, not a move.
    practice.refresh_from_db()
    assert practice.letters == ""
    press_key(page, hint.letter)
    practice.refresh_from_db()
    assert practice.letters == hint.letter
    # A new position: the Hint button is back.
    assert page.locator("#hint-button").count() == 1


def test_without_javascript_a_practice_game_gives_its_hint(
    page_without_js: Any, live_server: Any, secret: Dictionary
) -> None:
    page = page_without_js
    game = start_ranked(secret, "nojs")
    log_in(page, live_server.url, "nojs")
    page.goto(f"{live_server.url}/games/{game.pk}/")
    page.locator("#practice-instead").click()
    page.wait_for_url(lambda url: f"/games/{game.pk}/" not in url)
    practice = Game.objects.exclude(pk=game.pk).get()
    page.locator("#hint-button").click()
    page.wait_for_url(f"{live_server.url}/games/{practice.pk}/")
    hint = Hint.objects.get(game=practice)
    assert hint.reason in page.locator("#last-hint").inner_text()
    assert not Hint.objects.filter(game=game).exists()


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

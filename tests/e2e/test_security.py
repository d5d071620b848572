"""In a real browser: the Content Security Policy is enforced and nothing of ours breaks it
(the admin included), and a rate-limited guess is refused in place on the board."""

from __future__ import annotations

from typing import Any

import pytest
from pytest_django.fixtures import Settings

from dictionaries.models import DictionaryImport
from games import services
from games.models import Game
from tests.conftest import NINE_WORDS
from tests.e2e.conftest import PASSWORD, TIMEOUT_MS, _collect_console_error, log_in, wait_for
from tests.factories import DictionaryFactory, GameFactory, UserFactory

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_the_policy_is_enforced_and_a_violation_is_caught(browser: Any, live_server: Any) -> None:
    """The console check of conftest.py sees a violation: an inline style is refused."""
    context = browser.new_context()
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda message: _collect_console_error(message, errors))
    try:
        page.goto(f"{live_server.url}/leaderboard/")
        page.evaluate(
            "document.body.insertAdjacentHTML('beforeend',"
            ' \'<p id="painted" style="color: rgb(255, 0, 0)">red?</p>\')'
        )
        color = page.evaluate("getComputedStyle(document.getElementById('painted')).color")
        page.wait_for_timeout(100)
    finally:
        context.close()
    assert color != "rgb(255, 0, 0)"
    assert any("Content Security Policy" in error for error in errors), errors


def test_the_admin_works_under_the_policy(page: Any, live_server: Any) -> None:
    """Its scripts (filters, the theme toggle, the related-object widgets) raise no violation."""
    admin = UserFactory(username="root", password=PASSWORD, is_staff=True, is_superuser=True)
    dictionary = DictionaryFactory(words=list(NINE_WORDS))
    game = GameFactory(player=admin, dictionary=dictionary)
    upload = DictionaryImport.objects.create(
        name="Waiting", file_name="w.txt", file_size=10, status="running", phase="storing"
    )
    base = live_server.url
    page.goto(f"{base}/admin/login/")
    page.locator("#id_username").fill("root")
    page.locator("#id_password").fill(PASSWORD)
    page.locator("input[type=submit]").click()
    page.wait_for_url(f"{base}/admin/")
    for path in (
        "/admin/",
        f"/admin/auth/user/{admin.pk}/change/",  # two-box filters for groups and permissions
        "/admin/auth/group/add/",
        "/admin/dictionaries/dictionary/",
        "/admin/dictionaries/dictionary/add/",
        f"/admin/dictionaries/dictionary/{dictionary.pk}/change/",
        "/admin/dictionaries/dictionaryimport/",
        f"/admin/dictionaries/dictionaryimport/{upload.pk}/change/",  # reloads itself
        "/admin/games/game/",
        f"/admin/games/game/{game.pk}/change/",
    ):
        page.goto(f"{base}{path}")
        assert page.locator("#content").count() == 1, path
    # The permissions filter is drawn by the admin's JavaScript: it ran.
    page.goto(f"{base}/admin/auth/group/add/")
    page.locator("#id_permissions_from").wait_for()


def test_a_guess_past_the_rate_is_refused_in_place(
    page: Any, live_server: Any, settings: Settings
) -> None:
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "fiendish_guess": "2/h"}
    player = UserFactory(username="quick", password=PASSWORD)
    dictionary = DictionaryFactory(words=list(NINE_WORDS))
    game = services.game_start(
        player=player, dictionary=dictionary, length=4, max_misses=8, difficulty="fiendish"
    )
    log_in(page, live_server.url, "quick")
    page.goto(f"{live_server.url}/games/{game.pk}/")
    for count, letter in enumerate("xz", start=1):
        page.keyboard.press(letter)
        wait_for(page, f"document.querySelector('input[name=expected_guesses]').value == '{count}'")
    page.keyboard.press("q")
    notice = page.locator("#board .notice-error")
    notice.wait_for()
    assert (
        "Too many guesses on fiendish games and computer moves: the limit is 2 per hour."
        in notice.inner_text()
    )
    assert page.locator("#key-q").is_enabled()  # not taken: still on offer
    assert Game.objects.get(pk=game.pk).letters == "xz"

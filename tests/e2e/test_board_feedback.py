"""Keys on the board always get an answer: a key clicked while a guess is in flight is
queued and played, never silently dropped; a letter already guessed is answered on screen
and aloud, and sends nothing."""

from __future__ import annotations

import re
import threading
from collections.abc import Iterator
from typing import Any

import pytest

from dictionaries.models import Dictionary
from games import services
from games.models import Game, Status
from tests.e2e.conftest import PASSWORD, log_in, wait_for
from tests.factories import DictionaryFactory, UserFactory

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

# Made-up words without a, b or c: those three letters are misses.
WORDS = ("qzxv", "qzjk", "vxqz", "jkqz", "zqvj")
# Only a safety net: the test releases the held guesses itself, long before this.
HOLD_LIMIT_SECONDS = 30
NOTICE = "#board .notices .notice"
REPEATED_A = "You already guessed “A”. Pick another letter."  # as the server says it


@pytest.fixture
def dictionary() -> Dictionary:
    return DictionaryFactory(words=list(WORDS), name="Made up", slug="made-up", is_default=True)


@pytest.fixture
def held_guesses(monkeypatch: pytest.MonkeyPatch) -> Iterator[threading.Event]:
    """Guesses wait on the server (live_server runs in this process) until the test sets
    the event, so the checks made while a guess is in flight never race the answer.

    A fixed delay (0.6 s, then 1.5 s) was a bet that the clicks and checks finish in
    time; on a busy 2-core CI machine a stalled browser could lose it.
    """
    release = threading.Event()
    guess = services.game_guess

    def held_game_guess(**kwargs: Any) -> Any:
        release.wait(timeout=HOLD_LIMIT_SECONDS)
        return guess(**kwargs)

    monkeypatch.setattr(services, "game_guess", held_game_guess)
    yield release
    release.set()  # a failed test must not leave a server thread waiting


def start_game(dictionary: Dictionary, username: str) -> Game:
    player = UserFactory(username=username, password=PASSWORD)
    return services.game_start(
        player=player, dictionary=dictionary, length=4, max_misses=26, difficulty="hard"
    )


def test_clicks_during_a_guess_are_queued_shown_and_played_in_order(
    page: Any, live_server: Any, dictionary: Dictionary, held_guesses: threading.Event
) -> None:
    game = start_game(dictionary, "clicker")
    log_in(page, live_server.url, "clicker")
    page.goto(f"{live_server.url}/games/{game.pk}/")
    page.evaluate("window.__sameDocument = true")

    page.locator("#key-a").click()
    page.wait_for_selector("#board form.keyboard.htmx-request")
    assert "key-sending" in page.locator("#key-a").get_attribute("class")
    page.locator("#key-b").click()
    page.locator("#key-c").click()
    page.locator("#key-b").click()  # a second click on a queued key queues it once
    # While "a" is in flight, "b" and "c" show as queued, nothing else does.
    queued = page.locator("#board .key-queued").evaluate_all("keys => keys.map(key => key.value)")
    assert sorted(queued) == ["b", "c"]

    held_guesses.set()  # "a" is answered now; the queued "b" and "c" follow unheld
    wait_for(page, "() => document.querySelector('input[name=expected_guesses]').value == '3'")
    assert page.locator("#board .key-queued").count() == 0
    assert page.locator("#board .key-sending").count() == 0
    for letter in "abc":
        assert page.locator(f"#key-{letter}").is_disabled()
    assert page.locator(".miss-count").inner_text() == "3/26"
    assert page.evaluate("window.__sameDocument") is True  # no native submit, no reload
    game.refresh_from_db()
    assert (game.letters, game.misses, game.status) == ("abc", 3, Status.PLAYING)


def test_the_keyboard_looks_busy_while_a_guess_is_in_flight(
    page: Any, live_server: Any, dictionary: Dictionary, held_guesses: threading.Event
) -> None:
    game = start_game(dictionary, "watcher")
    log_in(page, live_server.url, "watcher")
    page.goto(f"{live_server.url}/games/{game.pk}/")
    idle = page.locator("#key-d").evaluate("key => getComputedStyle(key).opacity")
    page.keyboard.press("a")
    page.wait_for_selector("#board form.keyboard.htmx-request")
    busy = page.locator("#key-d")
    assert busy.evaluate("key => getComputedStyle(key).opacity") != idle
    assert busy.evaluate("key => getComputedStyle(key).cursor") == "progress"
    held_guesses.set()
    page.wait_for_selector("#board form.keyboard:not(.htmx-request)")
    assert re.fullmatch(r"1/26", page.locator(".miss-count").inner_text())


def open_board(page: Any, live_server: Any, dictionary: Dictionary, username: str) -> Game:
    player = UserFactory(username=username, password=PASSWORD)
    game = services.game_start(
        player=player, dictionary=dictionary, length=4, max_misses=26, difficulty="hard"
    )
    log_in(page, live_server.url, username)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    return game


def wait_for_guesses(page: Any, count: int) -> None:
    wait_for(page, f"document.querySelector('input[name=expected_guesses]').value == '{count}'")


def wait_for_announcement(page: Any, text: str) -> None:
    wait_for(
        page, "text => document.getElementById('announcer').textContent.trim() === text", arg=text
    )


def test_a_repeated_letter_is_answered_and_sends_nothing(
    page: Any, live_server: Any, dictionary: Dictionary
) -> None:
    game = open_board(page, live_server, dictionary, "repeater")
    page.keyboard.press("a")
    wait_for_guesses(page, 1)
    assert page.locator("#key-a").is_disabled()

    requests: list[str] = []

    def record(request: Any) -> None:
        # The browser fetches the favicon by itself after the page loads, on a busy
        # machine up to ~0.1 s later: a static file is never the page sending a guess.
        if "/static/" not in request.url:
            requests.append(request.url)

    page.on("request", record)
    page.keyboard.press("a")
    wait_for_announcement(page, REPEATED_A)
    notice = page.locator(NOTICE)
    assert notice.count() == 1
    assert notice.is_visible()
    assert notice.inner_text() == REPEATED_A

    # A capital letter is the same letter; the message is said again, not stacked.
    page.keyboard.press("Shift+A")
    wait_for(
        page,
        "text => document.getElementById('announcer').textContent === text",
        arg=REPEATED_A + "\u00a0",  # the same words again, made a change so they are read
    )
    assert page.locator(NOTICE).count() == 1
    assert requests == []
    game.refresh_from_db()
    assert game.letters == "a"

    # A new letter is played as usual and the server's message takes the place.
    page.keyboard.press("b")
    wait_for_guesses(page, 2)
    assert page.locator(NOTICE).inner_text().startswith("No B.")


def test_a_repeated_letter_typed_during_a_guess_is_answered_not_queued(
    page: Any, live_server: Any, dictionary: Dictionary, held_guesses: threading.Event
) -> None:
    game = open_board(page, live_server, dictionary, "hasty")
    held_guesses.set()
    page.keyboard.press("a")
    wait_for_guesses(page, 1)
    held_guesses.clear()

    page.keyboard.press("b")
    page.wait_for_selector("#board form.keyboard.htmx-request")
    page.keyboard.press("a")  # already guessed, while "b" is in flight
    wait_for_announcement(page, REPEATED_A)
    assert page.locator(NOTICE).inner_text() == REPEATED_A
    assert page.locator("#board .key-queued").count() == 0

    held_guesses.set()
    wait_for_guesses(page, 2)
    page.wait_for_selector("#board form.keyboard:not(.htmx-request)")
    game.refresh_from_db()
    assert game.letters == "ab"

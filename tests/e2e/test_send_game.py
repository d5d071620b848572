"""Send a game to a friend in Chromium, at 390x844 and 1280x800: from the end of a game won
with a word guess, one click makes the link; a visitor who opens it sees no word of anyone's
game, plays in one tap (a guest), and the group page lists both, best first, within its
height budget on a phone.

With E2E_SCREENSHOTS=<folder> the screens are saved there.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from dictionaries.models import Dictionary
from friends.models import SentGame
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
# The group page of two players on a phone: at most one and a half screens.
GROUP_PAGE_BUDGET = 1.5


@pytest.fixture
def nine() -> Dictionary:
    return DictionaryFactory(words=list(NINE_WORDS), name="Nine", slug="nine", is_default=True)


@pytest.fixture(params=[PHONE, DESKTOP], ids=["phone", "desktop"])
def viewport(request: pytest.FixtureRequest) -> dict[str, int]:
    return request.param


@pytest.fixture
def sender_page(browser: Any, live_server: Any, viewport: dict[str, int]) -> Iterator[Any]:
    yield from _new_page(browser, viewport=viewport)


@pytest.fixture
def friend_page(browser: Any, live_server: Any, viewport: dict[str, int]) -> Iterator[Any]:
    yield from _new_page(browser, viewport=viewport)


def shoot(page: Any, name: str, *, full: bool = False) -> None:
    if SCREENS:
        Path(SCREENS).mkdir(parents=True, exist_ok=True)
        suffix = "" if page.viewport_size == PHONE else "-desktop"
        path = str(Path(SCREENS) / f"{name}{suffix}.png")
        page.screenshot(path=path, caret="initial", full_page=full)


def guess_word(page: Any, word: str) -> None:
    before = page.locator('form.keyboard input[name="expected_guesses"]').get_attribute("value")
    page.locator("#word-guess").fill(word)
    page.locator("#word-guess").press("Enter")
    wait_for(
        page,
        "n => !document.querySelector('form.keyboard')"
        " || document.querySelector('form.keyboard input[name=expected_guesses]').value != n",
        arg=before,
    )


def test_from_the_end_of_a_game_to_a_friend_playing_it(
    sender_page: Any, friend_page: Any, live_server: Any, nine: Dictionary
) -> None:
    base = live_server.url
    sender = UserFactory(username="sender", password=PASSWORD)
    game = services.game_start(
        player=sender, dictionary=nine, length=4, max_misses=8, difficulty="hard",
        show_word_count=True, seed=7,
    )  # fmt: skip
    page = sender_page
    log_in(page, base, "sender")
    page.goto(f"{base}/games/{game.pk}/")
    for letter in "eo":
        press_key(page, letter)
    guess_word(page, "cool")  # dropped: a miss
    guess_word(page, "good")  # the last word: won
    page.locator("#game-over").wait_for()
    # Click 1: the end of the game makes the link.
    page.locator("#send-game").click()
    page.wait_for_url(re.compile(r"/play-with/[\w-]+/$"))
    sent = SentGame.objects.get()
    assert page.locator("#sent-my-game").count() == 1  # the sender's game is theirs on it
    link = page.locator("#sent-share-text").input_value().splitlines()[-1]
    assert link == f"{base}/play-with/{sent.code}/"
    assert_accessible(page, "a sent game's page, for its sender")
    shoot(page, "sent-sender")

    # The friend opens the link: nothing of anyone's game, one tap to play (a guest).
    friend = friend_page
    friend.goto(link)
    html = friend.content()
    for word in ("GOOD", "COOL", "good", "cool"):
        assert word not in html
    play = friend.locator("#sent-play").bounding_box()
    assert play is not None
    assert play["y"] + play["height"] <= friend.viewport_size["height"]
    shoot(friend, "sent-before-playing")
    friend.locator("#sent-play").click()
    friend.wait_for_url(re.compile(r"/games/\d+/$"))
    theirs = Game.objects.exclude(player=sender).get()
    assert theirs.player.username.startswith("visitor-")
    assert (theirs.seed, theirs.is_ranked) == (game.seed, False)
    press_key(friend, "e")
    assert friend.locator("#undo-button").count() == 0  # a link's game keeps its guesses
    friend.locator("#hint-button").click()  # allowed, and shown to the group
    friend.wait_for_load_state("networkidle")
    for letter in "otgcl":
        if friend.locator("#game-over").count():
            break
        press_key(friend, letter)
    friend.locator("#game-over").wait_for()
    friend.locator("#sent-results").click()
    friend.wait_for_url(re.compile(r"/play-with/[\w-]+/$"))
    rows = friend.locator(".sent-row")
    assert rows.count() == 2
    assert "sender" in rows.nth(0).inner_text()  # won with 2 wrong: best first
    assert "GOOD" in rows.nth(0).inner_text()
    assert "(you)" in rows.nth(1).inner_text()
    assert "1 hint used" in rows.nth(1).inner_text()
    height = friend.evaluate("document.documentElement.scrollHeight")
    screen = friend.viewport_size["height"]
    print(
        f"group page height at {friend.viewport_size}: {height} px ({height / screen:.2f} screens)"
    )
    assert height <= GROUP_PAGE_BUDGET * screen, f"the group page is {height} px high"
    assert_accessible(friend, "the group page")
    shoot(friend, "sent-group", full=True)

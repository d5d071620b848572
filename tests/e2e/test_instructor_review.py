"""An instructor in a real browser: find a player's finished game, review it, expand candidates.

Also the leaderboard's HTMX filters: the table changes in place and the URL
follows, so the filtered leaderboard can be shared.
"""

from __future__ import annotations

import os
import re
from typing import Any

import pytest

from dictionaries.models import Dictionary
from games.models import Game
from ratings.services import game_rate
from tests.conftest import NINE_WORDS
from tests.e2e.conftest import PASSWORD, follow_link, log_in, wait_for
from tests.factories import DictionaryFactory, FinishedGameFactory, UserFactory
from tests.records.support import instructors_group, play

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def nine_words() -> Dictionary:
    return DictionaryFactory(words=list(NINE_WORDS), name="Nine words", slug="nine")


@pytest.fixture
def finished_game(nine_words: Dictionary) -> Game:
    # The worked example of the rules, then c, l: won with "cool". A practice game, which
    # keeps the rules' exact order of equal families (a ranked game's seed reorders them).
    game = play(
        player=UserFactory(username="ada"),
        dictionary=nine_words,
        letters="eotgcl",
        max_misses=8,
        ranked=False,
    )
    assert (game.status, game.word) == ("won", "cool")
    return game


@pytest.fixture
def instructor() -> Any:
    user = UserFactory(username="teacher", password=PASSWORD)
    user.groups.add(instructors_group())
    return user


def mark_document(page: Any) -> None:
    """A flag that only survives while the document is not reloaded."""
    page.evaluate("() => { window.sameDocument = true; }")


def still_same_document(page: Any) -> bool:
    return page.evaluate("() => window.sameDocument === true")


def test_an_instructor_reviews_a_finished_game_and_expands_candidates(
    page: Any, live_server: Any, finished_game: Game, instructor: Any
) -> None:
    base = live_server.url
    UserFactory(username="bob")
    log_in(page, base, "teacher")
    follow_link(page, "All games")
    page.wait_for_url(f"{base}/instructor/games/")

    mark_document(page)
    page.locator("#id_player").fill("ada")
    page.locator("#id_player").press("Enter")
    page.wait_for_url(re.compile(r"/instructor/games/\?player=ada"))
    assert still_same_document(page)  # HTMX swapped the results and pushed the URL
    results = page.locator("#games-results")
    assert results.get_by_role("link", name=re.compile(r"^Review game")).count() == 1

    results.get_by_role("link", name=f"Review game {finished_game.pk}").click()
    page.wait_for_url(f"{base}/games/{finished_game.pk}/review/")
    first_guess = page.locator("#move-1")
    assert first_guess.locator("h3").inner_text() == "Guess 1: E miss"
    # Each move is one line until opened.
    assert not first_guess.locator("table.families").is_visible()
    first_guess.locator("summary.move-line").click()
    rows = first_guess.locator("table.families tbody tr")
    assert rows.count() == 5
    patterns = [rows.nth(index).locator(".word-pattern").inner_text() for index in range(5)]
    assert [pattern.lower() for pattern in patterns] == ["----", "--e-", "-e--", "---e", "e--e"]
    sizes = [rows.nth(index).locator("td.num").nth(1).inner_text() for index in range(5)]
    assert sizes == ["3", "2", "2", "1", "1"]
    assert rows.nth(0).locator(".tag").inner_text() == "kept"
    assert first_guess.locator("tr.is-kept").count() == 1
    assert "hardest family" in first_guess.locator(".explanation").inner_text()

    mark_document(page)
    first_guess.get_by_role("link", name="Show the candidate words after guess 1").click()
    words = first_guess.locator(".candidate-words li")
    words.first.wait_for()
    assert words.all_inner_texts() == ["ally", "cool", "good"]
    assert "3 words still fit" in first_guess.inner_text()
    assert still_same_document(page)

    page.locator("#candidates-0").get_by_role("link").click()
    before = page.locator("#candidates-0 .candidate-words li")
    before.first.wait_for()
    assert before.count() == len(NINE_WORDS)


def test_without_javascript_the_candidates_open_as_a_page(
    page_without_js: Any, live_server: Any, finished_game: Game, instructor: Any
) -> None:
    page = page_without_js
    base = live_server.url
    log_in(page, base, "teacher")
    page.goto(f"{base}/games/{finished_game.pk}/review/")
    page.locator("#move-2 summary.move-line").click()  # details open without JavaScript
    page.get_by_role("link", name="Show the candidate words after guess 2").click()
    page.wait_for_url(re.compile(rf"/games/{finished_game.pk}/review/candidates/\?move=2$"))
    assert page.locator(".candidate-words li").all_inner_texts() == ["cool", "good"]


def test_a_player_reviews_their_game_without_candidates(
    page: Any, live_server: Any, finished_game: Game
) -> None:
    player = finished_game.player
    player.set_password(PASSWORD)
    player.save()
    log_in(page, live_server.url, "ada")
    follow_link(page, "My games")
    page.get_by_role("link", name=f"Review game {finished_game.pk}").click()
    page.wait_for_url(f"{live_server.url}/games/{finished_game.pk}/review/")
    assert page.locator("article.move-review").count() == 6
    assert page.get_by_text("Show the candidate words").count() == 0


@pytest.mark.parametrize(
    ("path", "summary"),
    [
        (
            "/leaderboard/",
            "0 established and 1 provisional rating shown.",
        ),  # the rating leaderboard
        ("/leaderboard/points/", "1 player ranked; page 1 of 1."),  # games won
    ],
)
def test_leaderboard_filters_swap_the_table_and_keep_the_url_shareable(
    page: Any, live_server: Any, nine_words: Dictionary, path: str, summary: str
) -> None:
    for name, difficulty in (("easy-rider", "easy"), ("hard-case", "hard")):
        game_rate(FinishedGameFactory(player=UserFactory(username=name), difficulty=difficulty))
    base = live_server.url
    page.goto(f"{base}{path}")
    table = page.locator("#leaderboard-results")
    assert "easy-rider" in table.inner_text()
    assert "hard-case" in table.inner_text()

    mark_document(page)
    if path == "/leaderboard/":  # the rating leaderboard's filters are folded: one tap opens them
        page.locator("details.leaderboard-filters > summary").click()
    page.locator("#id_difficulty").select_option("hard")
    page.wait_for_url(re.compile(re.escape(path) + r"\?.*difficulty=hard"))
    wait_for(
        page,
        "() => !document.querySelector('#leaderboard-results').innerText.includes('easy-rider')",
    )
    assert "hard-case" in page.locator("#leaderboard-results").inner_text()
    assert still_same_document(page)
    # Screen readers hear a short summary from a live region that stays in place.
    assert page.locator("#leaderboard-status").inner_text() == summary
    assert page.locator("#leaderboard-status").count() == 1

    shared = page.url
    page.goto(shared)  # the pushed URL renders the same leaderboard as a whole page
    assert "easy-rider" not in page.locator("#leaderboard-results").inner_text()
    assert page.locator("#id_difficulty").input_value() == "hard"


# A 13-guess game's review at 1280 px fits about two screens (issue 21 item 5): the summary,
# then one line per guess (folded), measured as the page's height.
REVIEW_SCREEN = {"width": 1280, "height": 900}  # a 1280 x 1024 screen less the browser's bars
LONG_GAME_LETTERS = "esaiotnrlcudp"
REVIEW_MAX_HEIGHT = 2 * REVIEW_SCREEN["height"]


@pytest.fixture
def thirteen_guess_game() -> Game:
    from dictionaries.sources import default_word_source

    sevens = [word for word in default_word_source() if len(word) == 7]
    dictionary = DictionaryFactory(words=sevens, name="English sevens", slug="sevens")
    game = play(
        player=UserFactory(username="ada"),
        dictionary=dictionary,
        letters=LONG_GAME_LETTERS,
        length=7,
        max_misses=10,
        ranked=False,
    )
    assert (len(game.letters), game.status) == (13, "lost")
    return game


def test_the_review_of_a_13_guess_game_fits_about_two_screens(
    browser: Any, live_server: Any, thirteen_guess_game: Game, instructor: Any, tmp_path: Any
) -> None:
    context = browser.new_context(viewport=REVIEW_SCREEN)
    try:
        page = context.new_page()
        log_in(page, live_server.url, "teacher")
        page.goto(f"{live_server.url}/games/{thirteen_guess_game.pk}/review/")
        assert page.locator("article.move-review").count() == 13
        height = page.evaluate("() => document.documentElement.scrollHeight")
        width = page.evaluate("() => document.documentElement.scrollWidth")
        shot = os.environ.get("REVIEW_SCREENSHOT")
        if shot:
            page.screenshot(path=shot, full_page=True)
        print(f"review of a 13-guess game at 1280 px: {height} px tall")
        assert width <= REVIEW_SCREEN["width"]
        assert height <= REVIEW_MAX_HEIGHT, f"{height} px: more than two screens"
        # Guesses sit two to a row; an opened one takes the whole row for its families.
        first, second = page.locator("#move-1"), page.locator("#move-2")
        assert first.bounding_box()["y"] == second.bounding_box()["y"]
        first.locator("summary.move-line").click()
        assert first.locator("table.families").first.is_visible()
        list_width = page.locator(".move-list").bounding_box()["width"]
        assert first.bounding_box()["width"] == pytest.approx(list_width, abs=1)
        assert second.bounding_box()["y"] > first.bounding_box()["y"] + 100
        # A phone keeps one column and scrolls no page sideways.
        page.set_viewport_size({"width": 390, "height": 844})
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
        assert second.bounding_box()["x"] == pytest.approx(first.bounding_box()["x"], abs=1)
    finally:
        context.close()

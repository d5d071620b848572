"""Budgets of the player's pages of issue 25 (items 4, 5 and 8) in Chromium at 390x844 and
1280x800, with axe-core on every page visited:

- a new player's page (profile and statistics in one) within two screens;
- the leaderboard's table whole on the screen: no sideways scroll, no column cut;
- a student's first assignment from a join link opened logged out, in three clicks.

With E2E_SCREENSHOTS=<folder> it also saves the player page and the leaderboard at phone
size (docs/screens/ keeps them).
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import pytest

from classes.models import Membership
from games import services
from games.models import Game
from tests.classes.support import make_assignment, make_class, make_class_instructor
from tests.conftest import NINE_WORDS
from tests.e2e.axe import assert_accessible
from tests.e2e.conftest import PASSWORD, log_in
from tests.factories import DictionaryFactory, UserFactory
from tests.records.support import play

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
SCREENS = [pytest.param(PHONE, id="phone"), pytest.param(DESKTOP, id="desktop")]
SCREENSHOTS = os.environ.get("E2E_SCREENSHOTS", "")
LETTERS = "etaoinshrdlucmfwypvbgkjqxz"


@pytest.fixture
def newcomer() -> str:
    """A new player with two finished ranked games (so a rating and its first chart)."""
    dictionary = DictionaryFactory(
        words=list(NINE_WORDS), name="Nine words", slug="nine", is_default=True
    )
    player = UserFactory(username="newcomer", password=PASSWORD)
    for seed in (7, 8):
        game: Game = play(player=player, dictionary=dictionary, letters="", seed=seed)
        for letter in LETTERS:
            if game.is_over:
                break
            game = services.game_guess(game_id=game.pk, player=player, letter=letter).game
    return player.get_username()


def height(page: Any) -> int:
    return page.evaluate("document.documentElement.scrollHeight")


def width(page: Any) -> int:
    return page.evaluate("document.documentElement.scrollWidth")


def screenshot(page: Any, name: str, screen: dict[str, int]) -> None:
    if SCREENSHOTS and screen == PHONE:
        Path(SCREENSHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SCREENSHOTS) / name), full_page=True)


@pytest.mark.parametrize("screen", SCREENS)
def test_a_new_players_page_fits_two_screens(
    page: Any, live_server: Any, newcomer: str, screen: dict[str, int]
) -> None:
    base = live_server.url
    page.set_viewport_size(screen)
    log_in(page, base, newcomer)
    page.goto(f"{base}/stats/")  # the old address leads to the one page
    assert page.url == f"{base}/players/{newcomer}/"
    assert height(page) <= 2 * screen["height"], f"{height(page)} px"
    assert width(page) <= screen["width"]
    chart = page.locator("svg.rating-chart")
    assert chart.is_visible()
    box = chart.bounding_box()
    assert box is not None
    assert box["x"] + box["width"] <= screen["width"]
    assert re.fullmatch(r"\d{3,4}", chart.locator("text").last.text_content() or "")  # current
    for absent in ("Fair (honest)", "Easy", "Medium", "Daily puzzle"):
        assert absent not in page.locator("main").inner_text()
    assert_accessible(page, f"a new player's page at {screen['width']} px")
    screenshot(page, "player.png", screen)

    page.context.clear_cookies()  # as anyone else sees it
    page.goto(f"{base}/players/{newcomer}/")
    assert height(page) <= 2 * screen["height"]
    assert_accessible(page, f"a new player's public page at {screen['width']} px")


@pytest.mark.parametrize("screen", SCREENS)
def test_the_leaderboard_table_is_whole_on_the_screen(
    page: Any, live_server: Any, newcomer: str, screen: dict[str, int]
) -> None:
    base = live_server.url
    UserFactory(username="a_rather_long_player_name_2026")
    page.set_viewport_size(screen)
    log_in(page, base, newcomer)
    page.goto(f"{base}/leaderboard/")
    assert width(page) <= screen["width"], "the page scrolls sideways"
    table = page.locator("#leaderboard-results table").first
    assert newcomer in table.inner_text()  # provisional, in the main table
    assert "?" in table.inner_text()
    scroller = page.locator("#leaderboard-results .table-scroll").first
    assert scroller.evaluate("box => box.scrollWidth <= box.clientWidth"), "a column is cut"
    last = table.locator("thead th").last.bounding_box()
    assert last is not None
    assert last["x"] + last["width"] <= screen["width"]
    # The table comes first: on the first screen, above the explanation.
    assert table.bounding_box()["y"] < screen["height"]
    assert not page.locator("details.leaderboard-help").get_attribute("open")
    assert_accessible(page, f"the leaderboard at {screen['width']} px")
    screenshot(page, "leaderboard.png", screen)


def test_a_students_first_assignment_from_a_join_link_logged_out(
    page: Any, live_server: Any
) -> None:
    """Open the link, "Sign up and join", the form's button, the assignment's Start: three
    clicks (and the form's fields) from a link to the assignment's board."""
    base = live_server.url
    dictionary = DictionaryFactory(
        words=list(NINE_WORDS), name="Nine words", slug="nine", is_default=True
    )
    classroom = make_class(make_class_instructor("teacher", password=PASSWORD))
    make_assignment(classroom, dictionary=dictionary, title="Week 1")
    page.set_viewport_size(PHONE)
    clicks = 0
    page.goto(f"{base}/classes/join/{classroom.join_code}/")
    assert classroom.name in page.locator("h1").inner_text()
    assert height(page) <= PHONE["height"]
    assert_accessible(page, "a join link opened logged out")
    page.get_by_role("link", name="Sign up and join").click()
    clicks += 1
    assert classroom.name in page.locator("h1").inner_text()
    assert page.locator("#id_username").input_value() == ""
    assert_accessible(page, "the sign-up form from a join link")
    page.locator("#id_username").fill("new_student")
    page.locator("#id_password1").fill(PASSWORD)
    page.locator("#id_password2").fill(PASSWORD)
    page.get_by_role("button", name="Sign up and join").click()
    clicks += 1
    page.wait_for_url(f"{base}/classes/{classroom.pk}/")
    assert Membership.objects.filter(classroom=classroom, student__username="new_student").exists()
    page.get_by_role("button", name="Start “Week 1”").click()
    clicks += 1
    page.wait_for_url(re.compile(r"/games/\d+/$"))
    assert Game.objects.filter(player__username="new_student").count() == 1
    assert clicks == 3

"""On a 390 px wide phone no page scrolls sideways: wide tables scroll in their own box.

The data is chosen to be wide: a long username, long words, many games.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User

from games.models import Game
from tests.classes.support import enroll, make_class
from tests.e2e.axe import assert_accessible
from tests.e2e.conftest import PASSWORD, log_in, wait_for
from tests.factories import DictionaryFactory, UserFactory
from tests.records.support import instructors_group, play

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
LONG_NAME = "a_rather_long_player_name_2026"
LONG_WORDS = ("pathologicopsychological", "zyxwvutsrqponmlkjihgfedcba")


@pytest.fixture
def games() -> list[Game]:
    dictionary = DictionaryFactory(
        words=[*LONG_WORDS, "qzxv", "qzjk"], name="Long words", slug="long", is_default=True
    )
    player = UserFactory(username=LONG_NAME, password=PASSWORD)
    UserFactory(username="teacher", password=PASSWORD).groups.add(instructors_group())
    finished = [
        play(player=player, dictionary=dictionary, letters="e", max_misses=1),  # lost
        play(player=player, dictionary=dictionary, letters="pathlogicsy", length=24),  # won
    ]
    assert [game.status for game in finished] == ["lost", "won"]
    in_progress = play(player=player, dictionary=dictionary, letters="", length=26, max_misses=26)
    return [*finished, in_progress]


def page_width(page: Any) -> int:
    return page.evaluate("document.documentElement.scrollWidth")


def assert_fits_and_tables_scroll_inside(page: Any, url: str) -> None:
    page.goto(url)
    assert page_width(page) <= PHONE["width"], f"{url} scrolls sideways"
    boxes = page.locator(".table-scroll")
    for index in range(boxes.count()):
        box = boxes.nth(index)
        assert box.get_attribute("role") == "region"
        assert box.get_attribute("tabindex") == "0"
        assert box.get_attribute("aria-label") or box.get_attribute("aria-labelledby")
        assert box.evaluate("box => getComputedStyle(box).overflowX") == "auto"


def test_no_page_scrolls_sideways_on_a_phone(
    page: Any, live_server: Any, games: list[Game]
) -> None:
    base = live_server.url
    page.set_viewport_size(PHONE)
    log_in(page, base, LONG_NAME)
    _, won, in_progress = games
    for path in (
        "/leaderboard/",
        "/leaderboard/points/",
        "/games/mine/",
        "/stats/",
        f"/players/{LONG_NAME}/",
        f"/games/{won.pk}/review/",
        f"/games/{in_progress.pk}/",
        "/instructor/games/",  # the 403 page for a player
        "/no/such/page/",
    ):
        assert_fits_and_tables_scroll_inside(page, f"{base}{path}")

    # The widest table scrolls inside its box, by keyboard too.
    page.goto(f"{base}/games/mine/")
    box = page.locator(".table-scroll").first
    assert box.evaluate("box => box.scrollWidth > box.clientWidth")
    box.focus()
    page.keyboard.press("ArrowRight")
    wait_for(page, "document.querySelector('.table-scroll').scrollLeft > 0")
    assert page_width(page) <= PHONE["width"]

    page.context.clear_cookies()
    log_in(page, base, "teacher")
    assert_fits_and_tables_scroll_inside(page, f"{base}/instructor/games/")
    assert page.locator(".records-table tbody tr").count() == len(games)

    # A class's rating leaderboard, with the long name on it, at a phone's width.
    classroom = make_class(User.objects.get(username="teacher"))
    enroll(classroom, User.objects.get(username=LONG_NAME))
    assert_fits_and_tables_scroll_inside(page, f"{base}/classes/{classroom.pk}/leaderboard/")
    assert LONG_NAME in page.locator("#leaderboard-results").inner_text()
    assert_accessible(page, "a class's rating leaderboard on a phone")

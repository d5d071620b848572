"""A list whose par and priors are not worked out yet (an upload its worker is still on):
the new-game form says so where the numbers would be, in one short line each, and the game
starts at once. In Chromium at 390x844 and 1280x800 (issue 36).

With E2E_SCREENSHOTS=<folder> the screens are saved there.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from dictionaries.models import Dictionary
from games.models import ChallengePrior, Par
from tests.daily.support import daily_dictionary
from tests.e2e.axe import assert_accessible
from tests.e2e.conftest import PASSWORD, _new_page, log_in
from tests.e2e.test_screens import DESKTOP, PHONE, box, shoot
from tests.factories import UserFactory

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


@pytest.fixture(params=[PHONE, DESKTOP], ids=["phone", "desktop"])
def screen(request: pytest.FixtureRequest, browser: Any, live_server: Any) -> Iterator[Any]:
    yield from _new_page(browser, viewport=request.param)


@pytest.fixture
def just_uploaded() -> Dictionary:
    dictionary = daily_dictionary()
    assert not Par.objects.exists()
    assert not ChallengePrior.objects.exists()
    return dictionary


def test_the_form_says_the_numbers_are_not_worked_out_and_the_game_starts_at_once(
    screen: Any, live_server: Any, just_uploaded: Dictionary
) -> None:
    UserFactory(username="early", password=PASSWORD)
    log_in(screen, live_server.url, "early")
    screen.goto(f"{live_server.url}/games/new/")
    par = screen.locator(".par-pending")
    rating = screen.locator("#challenge-rating .par-line")
    assert par.inner_text().strip() in {"Par not worked out yet."}
    assert rating.inner_text().startswith("Challenge rating not worked out yet (for now ")
    # Short: par in one line; the rating's line no more than four on a phone, and no
    # "still provisional" explanation of a number that is only a stand-in.
    assert par.bounding_box()["height"] <= 30, par.inner_text()
    assert rating.bounding_box()["height"] <= 4 * 25, rating.inner_text()
    assert "provisional" not in screen.locator("#challenge-rating").inner_text()
    start = box(screen, "#start-game")
    assert start["bottom"] <= 1.5 * start["height"], f"Start is at {start['bottom']:.0f} px"
    assert_accessible(screen, "the new-game form before par and priors")
    shoot(screen, "new-game-pending.png")
    screen.locator("#start-game").click()
    screen.wait_for_url(re.compile(r"/games/\d+/$"))
    assert screen.locator(".keyboard button, .keys button").count() > 0

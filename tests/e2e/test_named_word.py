"""A lost game in a real browser: the word named is written into the tiles, and it is one
people know (issue 19: a word of the most familiar band still possible, drawn by the seed)."""

from __future__ import annotations

from typing import Any

import pytest

from dictionaries.frequency import FAMILIAR_ZIPF
from dictionaries.models import Dictionary
from games import services
from games.models import Status
from tests.e2e.conftest import PASSWORD, log_in, wait_for
from tests.factories import DictionaryFactory, UserFactory

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

# Made of a, b, c, e, k, l, m, r, t, w only: every other letter is a miss that keeps them all.
FREQUENCIES = {
    "make": 5.9,
    "take": 5.6,
    "cake": 4.6,
    "lake": 4.5,
    "bake": 3.6,
    "rake": 3.1,
    "wake": 4.3,
    "lakm": 0.0,
    "cakt": 0.0,
    "bakr": 0.0,
    "rakw": 0.0,
    "takb": 0.0,
}
MISSES = "zqxjvyuodfgh"


@pytest.fixture
def dictionary() -> Dictionary:
    return DictionaryFactory(
        words=list(FREQUENCIES), words__zipf=FREQUENCIES, name="Cakes", is_default=True
    )


def test_a_lost_game_writes_a_word_people_know_into_the_tiles(
    page: Any, live_server: Any, dictionary: Dictionary
) -> None:
    player = UserFactory(username="loser", password=PASSWORD)
    game = services.game_start(
        player=player, dictionary=dictionary, length=4, max_misses=3, difficulty="hard"
    )
    log_in(page, live_server.url, "loser")
    page.goto(f"{live_server.url}/games/{game.pk}/")
    for count, letter in enumerate(MISSES[:3], start=1):
        page.locator(f"#key-{letter}").click()
        wait_for(
            page,
            "count => document.querySelector('input[name=expected_guesses]') === null"
            " || document.querySelector('input[name=expected_guesses]').value == String(count)",
            arg=count,
        )
    wait_for(page, "() => document.querySelectorAll('.tile-named').length > 0")

    game.refresh_from_db()
    assert game.status == Status.LOST
    # The most familiar whole band still possible is 5 (make, take): the word is one of them.
    assert game.word in {"make", "take"}
    assert FREQUENCIES[game.word] >= FAMILIAR_ZIPF
    tiles = page.locator("#board .tile")
    assert "".join(tiles.all_inner_texts()).lower() == game.word
    assert page.locator("#board .tile-named").count() == 4  # no letter was found

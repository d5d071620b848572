"""A newcomer's first minutes at 320, 390 and 1280 px: the longest word of the default list
in tiles of 24 px or more (on two rows on a phone), no page wider than the screen, a
150-character name contained everywhere, and no accessibility violation (axe-core) on any
of those pages.

With E2E_SCREENSHOTS=<folder> it also saves the new-game form, a 9-letter board and a fair
game's end on a phone, to look at.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import pytest

from dictionaries.models import Dictionary
from dictionaries.sources import default_word_source
from games import services
from games.models import Game, Par
from games.selectors.share import result_path
from tests.conftest import NINE_WORDS
from tests.e2e.axe import assert_accessible
from tests.e2e.conftest import PASSWORD, log_in, press_key
from tests.factories import DictionaryFactory, UserFactory
from tests.records.support import play

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

WIDTHS = (320, 390, 1280)
LONG_NAME = ("a_very_long_name_" * 9)[:150]  # a username at its longest, with no space
NINE_LETTERS = ("yappiness", "happiness", "sappiness", "soppiness", "moppiness", "mappiness")
SCREENSHOTS = os.environ.get("E2E_SCREENSHOTS", "")


def longest_default_length() -> int:
    return max(len(word) for word in default_word_source())


@pytest.fixture
def world() -> dict[str, Any]:
    longest = longest_default_length()
    alphabet = "abcdefghijklmnopqrstuvwxyz"
    long_words = [(alphabet[shift:] + alphabet[:shift]) * 3 for shift in range(3)]
    dictionary: Dictionary = DictionaryFactory(
        words=[*NINE_WORDS, *NINE_LETTERS, *(word[:longest] for word in long_words)],
        name="Made-up words for a first visit",
        slug="first-visit",
        is_default=True,
    )
    for length, misses in ((4, 7), (9, 3)):  # 4 letters leaves no margin at 8 allowed
        Par.objects.create(
            dictionary=dictionary,
            length=length,
            difficulty="hard",
            misses=misses,
            at_least=misses,
            nodes=100,
        )
    player = UserFactory(username=LONG_NAME, password=PASSWORD)
    ranked = play_to_the_end(play(player=player, dictionary=dictionary, letters=""))
    fair = play_to_the_end(
        play(
            player=player,
            dictionary=dictionary,
            letters="",
            length=9,
            difficulty="fair",
            max_misses=10,
            ranked=False,
        ),
        letters="bdfhaeiouypsnmt",
    )
    nine = play(player=player, dictionary=dictionary, letters="e", length=9, ranked=False)
    longest_board = play(
        player=player, dictionary=dictionary, letters="a", length=longest, ranked=False
    )
    assert ranked.is_over
    assert fair.is_over
    assert fair.misses > 0
    return {
        "longest": longest,
        "fair": fair,
        "nine": nine,
        "longest_board": longest_board,
        "ranked": ranked,
    }


def play_to_the_end(game: Game, letters: str = "etaoinshrdlcumwfgypbvkjxqz") -> Game:
    for letter in letters:
        if game.is_over:
            break
        game = services.game_guess(game_id=game.pk, player=game.player, letter=letter).game
    return game


def page_width(page: Any) -> int:
    return page.evaluate("document.documentElement.scrollWidth")


def tile_rows(page: Any) -> dict[str, float]:
    """How the board's tiles sit: the number of rows, the narrowest tile, and how far the
    last one reaches."""
    return page.evaluate(
        """() => {
          const tiles = [...document.querySelectorAll('.pattern .tile')];
          const box = document.querySelector('.pattern').getBoundingClientRect();
          const rects = tiles.map(tile => tile.getBoundingClientRect());
          return {
            tiles: tiles.length,
            narrowest: Math.min(...rects.map(rect => rect.width)),
            rows: new Set(rects.map(rect => Math.round(rect.top))).size,
            overflow: Math.max(...rects.map(rect => rect.right)) - box.right,
          };
        }"""
    )


def names_overflowing(page: Any) -> list[str]:
    """Shown names that reach past their table's box or the screen."""
    return page.evaluate(
        """() => [...document.querySelectorAll('.name, .log-out, h1')].filter(element => {
          const rect = element.getBoundingClientRect();
          const box = element.closest('.table-scroll');
          const right = box ? box.getBoundingClientRect().right + box.scrollWidth
                            : document.documentElement.clientWidth;
          return rect.width > 0 && (rect.right > right + 0.5
            || (box && rect.width > box.clientWidth));
        }).map(element => element.outerHTML.slice(0, 80))"""
    )


def shoot(page: Any, name: str) -> None:
    if SCREENSHOTS:
        Path(SCREENSHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SCREENSHOTS) / name), full_page=True)


def test_the_first_pages_fit_every_screen(page: Any, live_server: Any, world: dict) -> None:
    base = live_server.url
    log_in(page, base, LONG_NAME)
    longest_board: Game = world["longest_board"]
    fair: Game = world["fair"]
    pages = (
        "/",
        "/games/new/",
        "/leaderboard/",
        "/leaderboard/points/",
        "/games/mine/",
        "/stats/",
        f"/players/{LONG_NAME}/",
        "/daily/archive/",
        f"/games/{world['ranked'].pk}/review/",
        f"/games/{fair.pk}/",
        result_path(fair),
    )
    for width in WIDTHS:
        page.set_viewport_size({"width": width, "height": 900})
        page.goto(f"{base}/games/{longest_board.pk}/")
        rows = tile_rows(page)
        assert rows["tiles"] == world["longest"]
        # Never a sliver: about 24 px at least, the word wrapping onto a second row instead.
        assert rows["narrowest"] >= 23.5, f"{rows['narrowest']:.1f} px tiles at {width} px"
        assert rows["rows"] <= {320: 3, 390: 2, 1280: 1}[width], f"{rows} at {width} px"
        assert rows["overflow"] <= 0.5, f"the tiles leave the board at {width} px"
        assert page_width(page) <= width
        for path in pages:
            page.goto(f"{base}{path}")
            assert page_width(page) <= width, f"{path} scrolls sideways at {width} px"
            assert names_overflowing(page) == [], f"{path} at {width} px"
            if width != 390:  # a phone and a desktop layout of each page
                assert_accessible(page, f"{path} at {width} px")


def test_a_newcomer_meets_a_winnable_board_and_an_honest_fair_game(
    page: Any, live_server: Any, world: dict
) -> None:
    base = live_server.url
    log_in(page, base, LONG_NAME)
    page.set_viewport_size({"width": 390, "height": 844})

    page.goto(f"{base}/games/new/")
    assert page.locator("#id_length").input_value() == "9"  # 4 letters leaves no margin
    assert "Par 3: perfect play needs 3 wrong guesses." in page.locator("#par-info").inner_text()
    assert page.locator(".par-warning").count() == 0
    assert_accessible(page, "the new-game form")
    shoot(page, "new-game-form-390.png")

    page.goto(f"{base}/games/{world['nine'].pk}/")
    assert tile_rows(page)["rows"] == 1
    assert_accessible(page, "a 9-letter board on a phone")
    shoot(page, "board-9-letters-390.png")

    page.goto(f"{base}/games/{world['fair'].pk}/")
    end = page.locator("#game-over").inner_text()
    assert "How the honest game went" in end
    assert "cheat" not in end.lower()
    assert "dodged" not in end.lower()
    assert_accessible(page, "a fair game's end")
    shoot(page, "fair-game-end-390.png")


def test_a_visitors_pages_fit_a_phone_and_pass_axe(
    page: Any, live_server: Any, world: dict
) -> None:
    base = live_server.url
    page.set_viewport_size({"width": 320, "height": 700})
    for path in (
        "/",
        "/accounts/login/",
        "/accounts/signup/",
        "/daily/",
        "/daily/archive/",
        "/leaderboard/",
        "/leaderboard/points/",
        f"/players/{LONG_NAME}/",
        result_path(world["fair"]),
        "/no/such/page/",
    ):
        page.goto(f"{base}{path}")
        assert page_width(page) <= 320, f"{path} scrolls sideways"
        assert names_overflowing(page) == [], path
        assert_accessible(page, f"{path} for a visitor")


def test_a_visitor_tries_a_game_then_signs_up_and_keeps_it(
    page: Any, live_server: Any, world: dict
) -> None:
    base = live_server.url
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{base}/")
    page.get_by_role("button", name="Play a practice game").click()
    page.wait_for_url(re.compile(r"/games/\d+/$"))
    board_url = page.url
    assert "Sign up to keep your games" in page.content()
    assert_accessible(page, "a visitor's practice board")
    press_key(page, "e")
    page.get_by_role("link", name="Save your games").click()
    page.locator("#id_username").fill("kept-it")
    page.locator("#id_password1").fill(PASSWORD)
    page.locator("#id_password2").fill(PASSWORD)
    page.get_by_role("button", name="Sign up and play").click()
    page.wait_for_url(f"{base}/")
    assert "The games you played as a visitor are in your account." in page.content()
    page.goto(board_url)
    assert page.locator("#key-e").is_disabled()  # the guess made as a visitor is there
    assert "Log out (kept-it)" in page.content()

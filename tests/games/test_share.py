"""Every finished game has a share text (the result page its link opens is tested in
tests/front/test_results.py)."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from daily.selectors import share_title as daily_share_title
from daily.selectors import utc_today
from daily.services import daily_attempt_start, daily_puzzle_ensure
from dictionaries.models import Dictionary
from games import services
from games.models import Status
from games.selectors.share import HIT, MISS, result_path, share_text
from tests.conftest import NINE_WORDS
from tests.daily.support import daily_dictionary, play_out
from tests.factories import DictionaryFactory, UserFactory
from tests.games.play_support import Clock, guess, start

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


def squares_in(text: str) -> list[str]:
    return [char for char in text if char in (HIT, MISS)]


def text_of(response: Any) -> str:
    return re.sub(r"\s+", " ", html.unescape(response.content.decode()))


@pytest.fixture
def nine() -> Dictionary:
    return DictionaryFactory(words=list(NINE_WORDS), name="Nine", slug="nine")


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(
    letters=st.permutations("abcdefghijklmnopqrstuvwxyz"),
    max_misses=st.integers(min_value=1, max_value=8),
    difficulty=st.sampled_from(["easy", "hard", "fiendish"]),
)
def test_one_square_per_guess_in_order(
    nine: Dictionary, letters: list[str], max_misses: int, difficulty: str
) -> None:
    game = start(
        UserFactory(), nine, max_misses=max_misses, difficulty=difficulty, show_word_count=True
    )
    game = play_out(game, "".join(letters))
    text = share_text(game, link="https://example.org/r/")
    squares = squares_in(text)
    assert len(squares) == len(game.letters)
    assert squares == [HIT if letter in game.pattern else MISS for letter in game.letters]
    assert squares.count(MISS) == game.misses
    assert not any(letter.upper() in text.split("\n")[2] for letter in game.letters)


class TestShareText:
    def test_an_ordinary_game_names_its_settings(self, nine: Dictionary) -> None:
        game = start(UserFactory(), nine, max_misses=3)
        for letter in "eotsa":
            if not game.is_over:
                game = guess(game, letter).game
        assert game.is_over
        lines = share_text(game, link="https://x.test/r/1/").split("\n")
        assert lines[0] == "Evil Hangman: 4 letters, hard, 3 wrong guesses allowed"
        assert lines[1].startswith("Solved with" if game.status == Status.WON else "Not solved:")
        assert f"{game.misses}/3 misses, {len(game.letters)} guesses" in lines[1]
        assert lines[-1] == "https://x.test/r/1/"

    def test_a_daily_attempt_names_its_number_and_a_forfeit_says_so(self) -> None:
        daily_dictionary()
        puzzle = daily_puzzle_ensure(day=utc_today())
        game = daily_attempt_start(player=UserFactory(), puzzle=puzzle)
        with pytest.raises(ValueError, match="finished"):
            share_text(game, link="x")
        guess(game, "q")
        game = services.game_forfeit(game_id=game.pk, player=game.player)
        lines = share_text(game, link="https://x.test/", title=daily_share_title(game)).split("\n")
        assert lines[0] == f"Evil Hangman daily #{puzzle.number}"
        assert share_text(game, link="x").startswith("Evil Hangman: ")  # no title: settings
        assert lines[1].startswith("Gave up after")

    def test_an_abandoned_daily_attempt_says_it_was_abandoned(
        self, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        clock = Clock()
        monkeypatch.setattr(timezone, "now", clock)
        daily_dictionary()
        game = daily_attempt_start(
            player=UserFactory(), puzzle=daily_puzzle_ensure(day=utc_today())
        )
        guess(game, "q")
        clock.advance(minutes=60)
        (game,) = services.abandoned_games_expire()
        lines = share_text(game, link="https://x.test/").split("\n")
        assert lines[1].startswith("Abandoned after")
        assert lines[1].endswith(f"/{game.max_misses} misses, 1 guess")

    def test_the_board_of_a_finished_game_offers_it_and_a_playing_board_does_not(
        self, client: Client, nine: Dictionary
    ) -> None:
        player = UserFactory()
        client.force_login(player)
        game = start(player, nine, max_misses=1)
        assert (
            "share-text" not in client.get(reverse("game_detail", args=[game.pk])).content.decode()
        )
        response = client.post(
            reverse("game_guess", args=[game.pk]),
            {"letter": "e", "expected_guesses": 0},
            **HTMX,
        )
        page = text_of(response)
        game.refresh_from_db()
        assert game.is_over
        assert 'class="share-text"' in page
        assert "Evil Hangman: 4 letters, hard, 1 wrong guess allowed" in page
        assert f"http://testserver{result_path(game)}" in page
        # The Copy button waits for JavaScript (static/js/share.js); the text is there without.
        assert re.search(
            r'<button type="button" class="button primary share-copy"[^>]* hidden>', page
        )

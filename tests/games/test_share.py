"""Every finished game has a share text, and its link opens a public result page.

The page of today's daily puzzle shows no letter and no word to anyone who has
not finished it too: made-up words (``qzxv``...) make that check meaningful.
"""

from __future__ import annotations

import datetime as dt
import html
import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from daily.selectors import utc_today
from daily.services import daily_attempt_start, daily_puzzle_ensure
from dictionaries.models import Dictionary
from games import services
from games.models import Game, Status
from games.selectors.share import HIT, MISS, result_path, share_code, share_text
from tests.conftest import NINE_WORDS
from tests.daily.support import daily_dictionary, finished_attempt, made_up_words, play_out
from tests.factories import DictionaryFactory, UserFactory
from tests.games.play_support import Clock, guess, start
from tests.markup import without_csrf_tokens

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
        lines = share_text(game, link="https://x.test/").split("\n")
        assert lines[0] == f"Evil Hangman daily #{puzzle.number}"
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


class TestResultPage:
    def test_a_finished_game_is_shown_to_anyone_with_the_link(
        self, client: Client, nine: Dictionary
    ) -> None:
        game = play_out(start(UserFactory(username="ada"), nine, max_misses=2), "eoltsa")
        response = client.get(result_path(game))
        assert response.status_code == 200
        page = text_of(response)
        assert "Played by" in page
        assert "ada" in page
        assert game.word.upper() in page
        assert "How the computer cheated" in page
        assert len(squares_in(page.split('class="squares"')[1].split("</p>")[0])) == len(
            game.letters
        )

    def test_the_reveal_says_you_to_the_player_alone(
        self, client: Client, nine: Dictionary
    ) -> None:
        ada = UserFactory(username="ada")
        game = play_out(start(ada, nine, max_misses=8), "eaoylbtdcg")
        assert game.status == Status.WON
        friend = text_of(client.get(result_path(game)))
        assert "ada cornered it" in friend
        assert "You cornered it" not in friend
        client.force_login(ada)
        assert "You cornered it" in text_of(client.get(result_path(game)))

    def test_a_wrong_code_or_game_is_not_found(self, client: Client, nine: Dictionary) -> None:
        game = play_out(start(UserFactory(), nine, max_misses=1), "e")
        assert client.get(reverse("game_result", args=[game.pk, "0" * 16])).status_code == 404
        assert (
            client.get(reverse("game_result", args=[game.pk + 1, share_code(game.pk)])).status_code
            == 404
        )
        missing = 10**6
        assert (
            client.get(reverse("game_result", args=[missing, share_code(missing)])).status_code
            == 404
        )

    def test_a_game_back_in_play_shows_nothing(self, client: Client, nine: Dictionary) -> None:
        game = start(UserFactory(), nine, show_word_count=True)
        code = share_code(game.pk)
        page = text_of(client.get(reverse("game_result", args=[game.pk, code])))
        assert "being played again" in page
        assert "How the computer cheated" not in page


class TestTodaysPuzzleStaysSecret:
    @pytest.fixture
    def shared(self) -> Game:
        daily_dictionary()
        puzzle = daily_puzzle_ensure(day=utc_today())
        return finished_attempt(UserFactory(username="sharer"), puzzle)

    def assert_nothing_of_the_puzzle(self, response: Any, game: Game) -> None:
        assert response.status_code == 200
        page = without_csrf_tokens(response.content.decode())
        lowered = page.lower()
        for word in made_up_words():
            assert word not in lowered, f"{word!r} leaked"
        assert game.word.upper() not in page
        assert 'class="chip' not in page  # no guessed letter
        assert "How the computer cheated" not in page
        assert "<svg" not in page
        assert "stay hidden until you have played it yourself" in html.unescape(page)
        # What may be said: the result and one square per guess.
        assert len(squares_in(page)) >= len(game.letters)

    def test_a_visitor_sees_no_letter_and_no_word(self, client: Client, shared: Game) -> None:
        self.assert_nothing_of_the_puzzle(client.get(result_path(shared)), shared)

    def test_a_player_who_has_finished_sees_them_only_once_the_day_is_over(
        self, client: Client, shared: Game, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """Finishing (or giving up) opened everyone's letters: a spare account's route to
        the winners' line (issue 26). Now only the day's end does."""
        viewer = UserFactory()
        client.force_login(viewer)
        self.assert_nothing_of_the_puzzle(client.get(result_path(shared)), shared)
        attempt = daily_attempt_start(player=viewer, puzzle=shared.daily_link.puzzle)
        self.assert_nothing_of_the_puzzle(client.get(result_path(shared)), shared)
        play_out(attempt)
        self.assert_nothing_of_the_puzzle(client.get(result_path(shared)), shared)
        tomorrow = timezone.now() + dt.timedelta(days=1)
        monkeypatch.setattr(timezone, "now", lambda: tomorrow)
        page = client.get(result_path(shared)).content.decode()
        assert shared.word.upper() in page
        assert "How the computer cheated" in page

    def test_its_player_sees_everything(self, client: Client, shared: Game) -> None:
        client.force_login(shared.player)
        assert shared.word.upper() in client.get(result_path(shared)).content.decode()

    def test_the_review_of_todays_game_waits_too(self, client: Client, shared: Game) -> None:
        viewer = UserFactory()
        client.force_login(viewer)
        review = reverse("game_review", args=[shared.pk])
        response = client.get(review)
        assert response.status_code == 403
        assert shared.word.upper() not in response.content.decode()
        assert "today" in text_of(response)
        play_out(daily_attempt_start(player=viewer, puzzle=shared.daily_link.puzzle))
        assert client.get(review).status_code == 403  # until the day is over

    def test_yesterdays_puzzle_is_shown_to_anyone(self, client: Client) -> None:
        daily_dictionary()
        puzzle = daily_puzzle_ensure(day=utc_today() - dt.timedelta(days=1))
        game = finished_attempt(UserFactory(), puzzle)
        assert game.word.upper() in client.get(result_path(game)).content.decode()

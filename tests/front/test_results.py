"""The public result page a share link opens (front/views/results.py): shown to anyone
with the link once the game is over, and never a letter or word of today's daily puzzle
to anyone who has not finished it too, until the day is over.

Made-up words (``qzxv``...) make that check meaningful. The share text is in
tests/games/test_share.py."""

from __future__ import annotations

import datetime as dt
import html
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from daily.selectors import utc_today
from daily.services import daily_attempt_start, daily_puzzle_ensure
from dictionaries.models import Dictionary
from games.models import Game, Status
from games.selectors.share import result_path, share_code
from tests.conftest import NINE_WORDS
from tests.daily.support import daily_dictionary, finished_attempt, made_up_words, play_out
from tests.factories import DictionaryFactory, UserFactory
from tests.games.play_support import start
from tests.games.test_share import squares_in, text_of
from tests.markup import without_csrf_tokens

pytestmark = pytest.mark.django_db


@pytest.fixture
def nine() -> Dictionary:
    return DictionaryFactory(words=list(NINE_WORDS), name="Nine", slug="nine")


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

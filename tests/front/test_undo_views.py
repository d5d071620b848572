"""The board's take-back button (front/views/play.py's game_undo): offered in practice games
only, and the server refuses it elsewhere whatever is posted.

The service's rules are in tests/games/test_undo.py."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from dictionaries.models import Dictionary
from tests.conftest import NINE_WORDS
from tests.factories import DictionaryFactory, UserFactory
from tests.games.play_support import guess, start
from tests.games.test_undo import practice

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def nine() -> Dictionary:
    return DictionaryFactory(words=list(NINE_WORDS), name="Nine", slug="nine")


class TestView:
    @pytest.mark.parametrize("headers", [HTMX, {}], ids=["htmx", "no-js"])
    def test_take_back_from_the_board(
        self, client: Client, nine: Dictionary, headers: dict[str, str]
    ) -> None:
        game = practice(nine)
        client.force_login(game.player)
        guess(game, "e")
        board = client.get(reverse("game_detail", args=[game.pk])).content.decode()
        assert 'id="undo-button"' in board
        assert "Take back E" in board
        response = client.post(
            reverse("game_undo", args=[game.pk]), {"expected_guesses": 1}, **headers
        )
        if headers:
            page = response.content.decode()
            assert page.lstrip().startswith('<section id="board"')
        else:
            assert response["Location"] == reverse("game_detail", args=[game.pk])
            page = client.get(response["Location"]).content.decode()
        assert "Took back E (a miss). 8 wrong guesses left, 9 words still possible." in page
        game.refresh_from_db()
        assert game.letters == ""
        assert 'id="undo-button"' not in page

    @pytest.mark.parametrize("headers", [HTMX, {}], ids=["htmx", "no-js"])
    def test_a_ranked_board_has_no_button_and_the_server_refuses(
        self, client: Client, nine: Dictionary, headers: dict[str, str]
    ) -> None:
        game = start(UserFactory(), nine)
        client.force_login(game.player)
        guess(game, "e")
        assert (
            'id="undo-button"'
            not in client.get(reverse("game_detail", args=[game.pk])).content.decode()
        )
        response = client.post(
            reverse("game_undo", args=[game.pk]), {"expected_guesses": 1}, **headers, follow=True
        )
        assert "This is a ranked game: a guess cannot be taken back" in response.content.decode()
        game.refresh_from_db()
        assert game.letters == "e"

    def test_logged_out_goes_to_log_in_and_back_to_the_board(
        self, client: Client, nine: Dictionary
    ) -> None:
        game = practice(nine)
        response = client.post(reverse("game_undo", args=[game.pk]))
        assert response["Location"] == f"/accounts/login/?next=/games/{game.pk}/"

    def test_someone_elses_game_is_not_found(self, client: Client, nine: Dictionary) -> None:
        game = practice(nine)
        guess(game, "e")
        client.force_login(UserFactory())
        assert (
            client.post(reverse("game_undo", args=[game.pk]), {"expected_guesses": 1}).status_code
            == 404
        )
        assert client.get(reverse("game_undo", args=[game.pk])).status_code == 405

"""The computer's game on the board (front/views/play.py's computer_next and the new-game
form's "let the computer play"): it plays by itself, one move a request, with or without
JavaScript, and shows no candidate word.

Made-up words (``qzxv``...) make "no candidate word in the page" a meaningful check. The
services and the review's pages are in tests/games/test_computer_games.py."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from pytest_django.fixtures import Settings

from dictionaries.models import Dictionary
from games.models import Game, Move
from tests.factories import UserFactory
from tests.games.test_computer_games import SECRET_FOUR, computer_game, page, secret

pytestmark = pytest.mark.django_db

__all__ = ["secret"]  # the fixture of the computer's games


HTMX = {"HTTP_HX_REQUEST": "true", "HTTP_HX_CURRENT_URL": "http://testserver/games/1/"}


def assert_no_candidate_words(html: str, game: Game) -> None:
    hidden = {word for word in SECRET_FOUR if word != game.pattern}
    assert not any(word in html.lower() for word in hidden)


def test_the_board_of_a_computer_game_plays_by_itself(
    player_client: Client, player: Any, secret: Dictionary
) -> None:
    game = computer_game(player, secret)
    html = page(player_client, reverse("game_detail", args=[game.pk]))
    next_url = reverse("computer_next", args=[game.pk])
    assert "Played by the computer" in html
    assert f'hx-post="{next_url}"' in html
    assert 'hx-trigger="load delay:700ms, submit"' in html
    assert f'action="{next_url}"' in html
    assert "Next move" in html
    assert 'class="keyboard"' not in html
    assert "Give up" not in html
    assert_no_candidate_words(html, game)


def test_next_move_with_htmx_answers_with_the_board(
    player_client: Client, player: Any, secret: Dictionary
) -> None:
    game = computer_game(player, secret)
    url = reverse("computer_next", args=[game.pk])
    response = player_client.post(url, {"expected_guesses": 0}, **HTMX)
    assert response.status_code == 200
    html = response.content.decode()
    game.refresh_from_db()
    assert len(game.letters) == 1
    assert html.lstrip().startswith('<section id="board"')
    assert f"The computer guessed {game.letters.upper()}" in html
    assert 'name="expected_guesses" value="1"' in html
    if not game.is_over:
        assert_no_candidate_words(html, game)
    # The same board sent again (another tab): nothing moves, the board is shown as it is.
    again = player_client.post(url, {"expected_guesses": 0}, **HTMX)
    assert "moved on in another tab" in again.content.decode()
    assert Move.objects.filter(game=game).count() == 1


def test_next_move_without_javascript_redirects_to_the_board(
    player_client: Client, player: Any, secret: Dictionary
) -> None:
    game = computer_game(player, secret)
    board = reverse("game_detail", args=[game.pk])
    response = player_client.post(reverse("computer_next", args=[game.pk]), {"expected_guesses": 0})
    assert response.status_code == 302
    assert response["Location"] == board
    html = page(player_client, board)
    game.refresh_from_db()
    assert f"The computer guessed {game.letters.upper()}" in html


def test_watching_to_the_end_without_javascript(
    player_client: Client, player: Any, secret: Dictionary
) -> None:
    game = computer_game(player, secret, max_misses=4)
    url = reverse("computer_next", args=[game.pk])
    for _ in range(26):
        game.refresh_from_db()
        if game.is_over:
            break
        player_client.post(url, {"expected_guesses": len(game.letters)})
    game.refresh_from_db()
    html = page(player_client, reverse("game_detail", args=[game.pk]))
    assert game.is_over
    assert ("The computer won" in html) or ("The computer lost" in html)
    assert game.word.upper() in html
    assert "Next move" not in html
    assert "Share your result" not in html


def test_someone_elses_computer_game_is_404(player: Any, secret: Dictionary) -> None:
    game = computer_game(player, secret)
    client = Client()
    client.force_login(UserFactory())
    for extra in ({}, HTMX):
        assert client.get(reverse("game_detail", args=[game.pk]), **extra).status_code == 404
        response = client.post(
            reverse("computer_next", args=[game.pk]), {"expected_guesses": 0}, **extra
        )
        assert response.status_code == 404
        assert client.get(reverse("game_review", args=[game.pk]), **extra).status_code == 404
    assert not Move.objects.filter(game=game).exists()


def test_a_guess_posted_to_a_computer_game_is_refused(
    player_client: Client, player: Any, secret: Dictionary
) -> None:
    game = computer_game(player, secret)
    response = player_client.post(
        reverse("game_guess", args=[game.pk]), {"letter": "q", "expected_guesses": 0}, **HTMX
    )
    assert "you can only watch" in response.content.decode()
    assert not Move.objects.filter(game=game).exists()


def test_the_new_game_form_can_let_the_computer_play(
    player_client: Client, player: Any, secret: Dictionary
) -> None:
    data = {
        "dictionary": secret.pk,
        "length": 4,
        "max_misses": 6,
        "difficulty": "easy",
        "computer_plays": "on",
    }
    response = player_client.post(reverse("game_new"), data)
    game = Game.objects.get(player=player)
    assert response.status_code == 302
    assert response["Location"] == reverse("game_detail", args=[game.pk])
    assert game.played_by_computer
    assert game.difficulty == "easy"
    assert game.max_misses == 6


def test_the_new_game_form_answers_429_past_the_rate(
    player_client: Client, player: Any, secret: Dictionary, settings: Settings
) -> None:
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "computer_game": "1/m"}
    data = {"dictionary": secret.pk, "length": 4, "max_misses": 6, "difficulty": "easy"}
    player_client.post(reverse("game_new"), {**data, "computer_plays": "on"})
    response = player_client.post(reverse("game_new"), {**data, "computer_plays": "on"})
    assert response.status_code == 429
    assert Game.objects.filter(player=player).count() == 1

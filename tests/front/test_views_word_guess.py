"""The board's whole-word field: with and without HTMX, refusals, undo, the end."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from dictionaries.models import Dictionary
from games.models import Game
from tests.games.play_support import HTMX, board_url, guess_url, start, text

pytestmark = pytest.mark.django_db


def played(player: Any, nine: Dictionary) -> Game:
    """Seed 7, hard: after E and O the words left are COOL and GOOD."""
    game = start(player, nine, show_word_count=True)
    client = Client()
    client.force_login(player)
    for number, letter in enumerate("eo"):
        client.post(guess_url(game), {"letter": letter, "expected_guesses": number}, **HTMX)
    return game


def test_the_board_has_the_word_field_beside_the_keyboard(
    player_client: Client, player: Any, nine: Dictionary
) -> None:
    game = start(player, nine)
    page = text(player_client.get(board_url(game)))
    assert '<form class="word-guess" method="post" action="' + guess_url(game) in page
    assert 'name="word"' in page
    assert "A wrong word costs one wrong guess." in page


def test_htmx_word_is_dropped_then_the_last_word_wins(
    player_client: Client, player: Any, nine: Dictionary
) -> None:
    game = played(player, nine)
    page = text(
        player_client.post(guess_url(game), {"word": "cool", "expected_guesses": 2}, **HTMX)
    )
    assert page.lstrip().startswith('<section id="board"')
    assert "Not COOL. 6 wrong guesses left. 1 word still possible." in page
    assert 'name="expected_guesses" value="3"' in page
    page = text(
        player_client.post(guess_url(game), {"word": "Good", "expected_guesses": 3}, **HTMX)
    )
    assert "You won: the word is GOOD." in page
    game.refresh_from_db()
    assert game.moves == ["e", "o", "cool", "good"]


def test_plain_post_word_redirects_to_the_board_with_the_message(
    player_client: Client, player: Any, nine: Dictionary
) -> None:
    game = played(player, nine)
    response = player_client.post(guess_url(game), {"word": "cool", "expected_guesses": 2})
    assert response.status_code == 302
    assert response["Location"] == board_url(game)
    assert "Not COOL." in text(player_client.get(board_url(game)))


@pytest.mark.parametrize("headers", [HTMX, {}])
def test_a_word_not_in_the_list_is_refused_with_and_without_htmx(
    player_client: Client, player: Any, nine: Dictionary, headers: dict[str, Any]
) -> None:
    game = played(player, nine)
    response = player_client.post(
        guess_url(game), {"word": "zzzz", "expected_guesses": 2}, **headers
    )
    page = text(response if headers else player_client.get(board_url(game)))
    assert "“ZZZZ” is not a 4-letter word of this list, so it was not played." in page
    game.refresh_from_db()
    assert (game.moves, game.misses) == (["e", "o"], 1)


def test_undo_takes_back_the_word(player_client: Client, player: Any, nine: Dictionary) -> None:
    game = played(player, nine)
    player_client.post(guess_url(game), {"word": "cool", "expected_guesses": 2}, **HTMX)
    page = text(player_client.get(board_url(game)))
    assert "Take back COOL" in page
    page = text(player_client.post(f"/games/{game.pk}/undo/", {"expected_guesses": 3}, **HTMX))
    assert "Took back COOL (a miss)." in page
    game.refresh_from_db()
    assert game.moves == ["e", "o"]

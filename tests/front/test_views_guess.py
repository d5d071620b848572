"""The play pages' guesses, the end of a game and giving up; with and without HTMX.

The rest of the play pages (home, new game, board, drawing) are in test_views_play.py.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from dictionaries.models import Dictionary
from dictionaries.wordbank import word_bank_stats
from games import services
from games.models import Game, Move, Status
from tests.factories import UserFactory
from tests.games.play_support import HTMX, board_url, guess_url, new_game_data, start, text

pytestmark = pytest.mark.django_db


class TestGuess:
    def test_htmx_guess_returns_only_the_board(
        self, player_client: Client, player: Any, nine: Dictionary
    ) -> None:
        game = start(player, nine)
        response = player_client.post(
            guess_url(game), {"letter": "e", "expected_guesses": 0}, **HTMX
        )
        page = text(response)
        assert response.status_code == 200
        assert "<html" not in page
        assert "site-header" not in page
        assert page.lstrip().startswith('<section id="board"')
        assert "No E. 7 wrong guesses left." in page
        assert '<p id="announcer" hx-swap-oob="innerHTML">No E.' in page
        assert 'name="expected_guesses" value="1"' in page
        assert Move.objects.get(game=game).letter == "e"

    def test_htmx_hit_is_announced(
        self, player_client: Client, player: Any, nine: Dictionary
    ) -> None:
        game = start(player, nine)
        player_client.post(guess_url(game), {"letter": "e"}, **HTMX)
        page = text(player_client.post(guess_url(game), {"letter": "O"}, **HTMX))
        assert "Yes, two Os. 7 wrong guesses left." in page

    def test_plain_post_redirects_to_the_board_with_the_message(
        self, player_client: Client, player: Any, nine: Dictionary
    ) -> None:
        game = start(player, nine)
        response = player_client.post(guess_url(game), {"letter": "e", "expected_guesses": 0})
        assert response.status_code == 302
        assert response["Location"] == board_url(game)
        page = text(player_client.get(board_url(game)))
        assert "No E. 7 wrong guesses left." in page
        assert '<ul class="messages"' not in page  # shown in the board, not above it
        # The message is shown once.
        assert "E is not in the word" not in text(player_client.get(board_url(game)))

    def test_get_is_not_allowed(self, player_client: Client, player: Any, nine: Dictionary) -> None:
        game = start(player, nine)
        assert player_client.get(guess_url(game)).status_code == 405
        assert Client().get(guess_url(game)).status_code == 405

    def test_anonymous_post_goes_to_login(self, player: Any, nine: Dictionary) -> None:
        game = start(player, nine)
        response = Client().post(guess_url(game), {"letter": "e"})
        assert response.status_code == 302
        assert response["Location"].startswith(reverse("login"))
        response = Client().post(guess_url(game), {"letter": "e"}, **HTMX)
        assert response.status_code == 200
        assert response["HX-Redirect"] == f"{reverse('login')}?next=%2Fgames%2F1%2F"
        assert not Move.objects.exists()

    @pytest.mark.parametrize("htmx", [True, False])
    def test_another_players_game_is_not_found(
        self, player_client: Client, nine: Dictionary, htmx: bool
    ) -> None:
        game = start(UserFactory(), nine)
        headers = HTMX if htmx else {}
        assert player_client.post(guess_url(game), {"letter": "e"}, **headers).status_code == 404
        bad = player_client.post(guess_url(game), {"letter": "e", "expected_guesses": "x"})
        assert bad.status_code == 404
        assert (
            player_client.post(
                reverse("game_guess", args=[999999]), {"letter": "e"}, **headers
            ).status_code
            == 404
        )
        assert not Move.objects.exists()

    @pytest.mark.parametrize(
        ("data", "message"),
        [
            ({"letter": ""}, "A guess is a single letter from A to Z."),
            ({}, "A guess is a single letter from A to Z."),
            ({"letter": "ab"}, "A guess is a single letter from A to Z."),
            ({"letter": "7"}, "A guess is a single letter from A to Z."),
            ({"letter": "-"}, "A guess is a single letter from A to Z."),
            ({"letter": "ß"}, "A guess is a single letter from A to Z."),
            ({"letter": "E"}, "You already guessed “E”"),
            ({"letter": "o", "expected_guesses": 0}, "This board was out of date"),
            ({"letter": "o", "expected_guesses": "x"}, "This board could not be read"),
            ({"letter": "o", "expected_guesses": -1}, "This board could not be read"),
        ],
    )
    @pytest.mark.parametrize("htmx", [True, False])
    def test_bad_guesses_show_the_board_with_a_message_and_change_nothing(
        self,
        player_client: Client,
        player: Any,
        nine: Dictionary,
        data: dict[str, Any],
        message: str,
        htmx: bool,
    ) -> None:
        game = start(player, nine)
        services.game_guess(game_id=game.pk, player=player, letter="e")
        if htmx:
            response = player_client.post(guess_url(game), data, **HTMX)
            assert response.status_code == 200
            assert message in text(response)
            assert 'id="board"' in text(response)
        else:
            response = player_client.post(guess_url(game), data)
            assert response.status_code == 302
            assert response["Location"] == board_url(game)
            assert message in text(player_client.get(board_url(game)))
        game.refresh_from_db()
        assert (game.letters, game.misses) == ("e", 1)
        assert Move.objects.filter(game=game).count() == 1

    def test_guess_after_the_end_is_refused(
        self, player_client: Client, player: Any, nine: Dictionary
    ) -> None:
        game = start(player, nine, max_misses=1)
        services.game_guess(game_id=game.pk, player=player, letter="e")
        response = player_client.post(guess_url(game), {"letter": "o"}, **HTMX)
        assert "This game is over" in text(response)
        assert Move.objects.filter(game=game).count() == 1

    def test_a_guess_reloads_no_word_bucket(
        self,
        player_client: Client,
        player: Any,
        nine: Dictionary,
        django_assert_max_num_queries: Any,
    ) -> None:
        game = start(player, nine)
        player_client.post(guess_url(game), {"letter": "e"}, **HTMX)
        misses_before = word_bank_stats()["misses"]
        # 9: one asks whether the game is an assignment's (no hint, no undo then), one names
        # the dictionary in the header's kind of game, sent again with the board.
        with django_assert_max_num_queries(9):
            player_client.post(guess_url(game), {"letter": "o"}, **HTMX)
        assert word_bank_stats()["misses"] == misses_before

    def test_csrf_token_is_required_and_accepted_from_the_htmx_header(
        self, player: Any, nine: Dictionary
    ) -> None:
        game = start(player, nine)
        client = Client(enforce_csrf_checks=True)
        client.force_login(player)
        page = text(client.get(board_url(game)))
        assert client.post(guess_url(game), {"letter": "e"}, **HTMX).status_code == 403
        assert not Move.objects.exists()
        match = re.search(r"hx-headers='\{\"X-CSRFToken\": \"([^\"]+)\"\}'", page)
        assert match is not None
        response = client.post(
            guess_url(game), {"letter": "e"}, HTTP_X_CSRFTOKEN=match.group(1), **HTMX
        )
        assert response.status_code == 200
        assert Move.objects.filter(game=game).count() == 1

    def test_csrf_protects_starting_and_forfeiting(self, player: Any, nine: Dictionary) -> None:
        game = start(player, nine)
        client = Client(enforce_csrf_checks=True)
        client.force_login(player)
        assert client.post(reverse("game_new"), new_game_data(nine)).status_code == 403
        assert client.post(reverse("game_forfeit", args=[game.pk])).status_code == 403
        game.refresh_from_db()
        assert game.status == Status.PLAYING


class TestEndOfGame:
    def test_loss_panel(self, player_client: Client, player: Any, nine: Dictionary) -> None:
        game = start(player, nine, max_misses=1)
        response = player_client.post(guess_url(game), {"letter": "e"}, **HTMX)
        game.refresh_from_db()
        page = text(response)
        assert "You lost." in page
        assert f"The computer's word: {game.word.upper()}." in page
        assert f'<strong class="final-word">{game.word.upper()}</strong>' in page
        assert "It could still have chosen any of <strong>3</strong> words." in page
        assert 'name="letter"' not in page
        assert "Play again with the same settings" in page
        assert f'href="{reverse("game_review", args=[game.pk])}"' in page
        assert f'name="dictionary" value="{nine.pk}"' in page
        assert 'name="max_misses" value="1"' in page
        assert 'name="show_word_count"' not in page

    def test_win_panel_and_points(
        self, player_client: Client, player: Any, nine: Dictionary
    ) -> None:
        game = start(player, nine)
        for letter in "eocg":
            player_client.post(guess_url(game), {"letter": letter}, **HTMX)
        page = text(player_client.post(guess_url(game), {"letter": "d"}, **HTMX))
        game.refresh_from_db()
        assert game.status == Status.WON
        assert "You won!" in page
        assert "Yes, one D. You won: the word is GOOD." in page
        assert "It had no other word left to choose." in page
        assert f"You scored <strong>{game.score}</strong> points." in page

    def test_play_again_starts_the_same_settings(
        self, player_client: Client, player: Any, nine: Dictionary
    ) -> None:
        game = start(player, nine, max_misses=1, difficulty="medium", show_word_count=True)
        page = text(player_client.post(guess_url(game), {"letter": "e"}, **HTMX))
        form = re.search(r'<form method="post" action="/games/new/".*?</form>', page, re.S)
        assert form is not None
        data = dict(re.findall(r'name="(\w+)" value="([^"]*)"', form.group(0)))
        response = player_client.post(reverse("game_new"), data)
        new = Game.objects.get(status=Status.PLAYING)
        assert response["Location"] == board_url(new)
        assert (new.dictionary, new.length, new.max_misses) == (nine, 4, 1)
        assert (new.difficulty, new.is_ranked) == ("medium", False)


class TestForfeit:
    def test_forfeit(self, player_client: Client, player: Any, nine: Dictionary) -> None:
        game = start(player, nine)
        page = text(player_client.get(board_url(game)))
        assert "Give up this game" in page
        response = player_client.post(reverse("game_forfeit", args=[game.pk]))
        assert response["Location"] == board_url(game)
        game.refresh_from_db()
        assert game.status == Status.LOST
        assert game.forfeited
        page = text(player_client.get(board_url(game)))
        assert "You gave up." in page
        assert f"The computer's word: {game.word.upper()}." in page
        assert "Give up this game" not in page

    def test_forfeit_an_ended_game_says_so(
        self, player_client: Client, player: Any, nine: Dictionary
    ) -> None:
        game = start(player, nine, max_misses=1)
        services.game_guess(game_id=game.pk, player=player, letter="z")  # lost
        player_client.post(reverse("game_forfeit", args=[game.pk]))
        assert "This game is already over." in text(player_client.get(board_url(game)))

    def test_give_up_sent_twice_says_what_the_first_did(
        self, player_client: Client, player: Any, nine: Dictionary
    ) -> None:
        game = start(player, nine)
        player_client.post(reverse("game_forfeit", args=[game.pk]))
        player_client.post(reverse("game_forfeit", args=[game.pk]))
        game.refresh_from_db()
        page = text(player_client.get(board_url(game)))
        assert "You already gave up this game; it counts as a loss." in page
        assert f"The computer's word: {game.word.upper()}." in page
        assert "already over" not in page

    def test_forfeit_matrix(self, player_client: Client, nine: Dictionary) -> None:
        game = start(UserFactory(), nine)
        url = reverse("game_forfeit", args=[game.pk])
        assert player_client.get(url).status_code == 405
        assert player_client.post(url).status_code == 404
        assert Client().post(url)["Location"].startswith(reverse("login"))
        game.refresh_from_db()
        assert game.status == Status.PLAYING

"""The play pages: home, new game, board, guess, forfeit; with and without HTMX.

Made-up words (``qzxv``...) make "no candidate word in the page" a meaningful
check: they cannot occur in the HTML by accident.

Over 500 lines: one test module per views module (front/views/play.py, 11 endpoints),
each endpoint with and without HTMX.
"""

from __future__ import annotations

import itertools
import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from dictionaries.models import Dictionary
from games import services
from games.models import Game, Status
from games.selectors.board import DRAWING_PARTS, drawing_parts_shown
from games.selectors.replay import game_state
from tests.factories import DictionaryFactory, GameFactory, UserFactory
from tests.games.play_support import (
    HTMX,
    SECRET_FOUR,
    board_url,
    guess_url,
    new_game_data,
    start,
    text,
)
from tests.markup import without_csrf_tokens

pytestmark = pytest.mark.django_db


class TestHome:
    def test_visitor_is_told_the_game_and_invited(self, client: Client) -> None:
        page = text(client.get(reverse("home")))
        assert "never commits" in page
        assert f'href="{reverse("signup")}"' in page
        assert f'href="{reverse("login")}"' in page

    def test_player_without_a_game_is_offered_a_new_one(self, player_client: Client) -> None:
        page = text(player_client.get(reverse("home")))
        assert f'href="{reverse("game_new")}"' in page

    def test_player_can_continue_the_game_in_progress(
        self, player_client: Client, player: Any, secret: Dictionary
    ) -> None:
        game = start(player, secret)
        finished = GameFactory(player=player, dictionary=secret, status=Status.LOST)
        page = text(player_client.get(reverse("home")))
        assert f'href="{board_url(game)}"' in page
        assert f'href="{board_url(finished)}"' not in page


class TestNewGameForm:
    def test_needs_login(self, client: Client, secret: Dictionary) -> None:
        response = client.get(reverse("game_new"))
        assert response.status_code == 302
        assert response["Location"] == f"{reverse('login')}?next={reverse('game_new')}"

    def test_defaults(
        self, player_client: Client, secret: Dictionary, other: Dictionary, nine: Dictionary
    ) -> None:
        hidden = DictionaryFactory(words=["hidden"], name="Hushed", is_hidden=True)
        response = player_client.get(reverse("game_new"))
        page = text(response)
        assert response.status_code == 200
        assert f'<option value="{secret.pk}" selected>Secret</option>' in page
        assert f'<option value="{other.pk}">Other</option>' in page
        assert "Hushed" not in page
        offered = list(response.context["form"].fields["dictionary"].queryset)
        assert offered == [secret, nine, other]
        assert hidden not in offered
        lengths = response.context["form"].fields["length"].choices
        assert lengths == [(4, "4 letters (10 words)"), (6, "6 letters (3 words)")]
        assert 'name="max_misses" value="8"' in page
        assert re.search(r'value="hard"[^>]*checked', page)
        assert "this game will not be ranked" in page
        assert 'hx-get="' + reverse("game_lengths") + '"' in page

    def test_lengths_refresh_with_htmx_gives_only_the_field(
        self, player_client: Client, secret: Dictionary, other: Dictionary
    ) -> None:
        response = player_client.get(
            reverse("game_lengths"), {"dictionary": other.pk, "length": 5}, **HTMX
        )
        page = text(response)
        assert response.status_code == 200
        assert page.lstrip().startswith('<div class="field" id="length-field">')
        assert "<html" not in page
        assert '<option value="5" selected>5 letters (2 words)</option>' in page
        assert '<option value="3">3 letters (2 words)</option>' in page
        assert 'value="4"' not in page

    def test_lengths_refresh_keeps_a_length_only_when_offered(
        self, player_client: Client, secret: Dictionary, other: Dictionary
    ) -> None:
        response = player_client.get(
            reverse("game_lengths"), {"dictionary": other.pk, "length": 4}, **HTMX
        )
        assert response.context["form"].fields["length"].initial in {3, 5}

    def test_lengths_without_htmx_go_to_the_form(
        self, player_client: Client, secret: Dictionary, other: Dictionary
    ) -> None:
        response = player_client.get(reverse("game_lengths"), {"dictionary": other.pk})
        assert response.status_code == 302
        assert response["Location"] == f"{reverse('game_new')}?dictionary={other.pk}"
        page = text(player_client.get(response["Location"]))
        assert f'<option value="{other.pk}" selected>Other</option>' in page
        assert "3 letters" in page
        assert "6 letters" not in page

    def test_lengths_are_one_cached_query(
        self,
        player_client: Client,
        secret: Dictionary,
        django_assert_num_queries: Any,
    ) -> None:
        from dictionaries.selectors import word_lengths

        with django_assert_num_queries(1):
            word_lengths(dictionary_id=secret.pk)
        with django_assert_num_queries(0):
            assert [item.length for item in word_lengths(dictionary_id=secret.pk)] == [4, 6]

    def test_refresh_without_javascript_starts_nothing(
        self, player_client: Client, secret: Dictionary, other: Dictionary
    ) -> None:
        response = player_client.post(
            reverse("game_new"), {**new_game_data(other), "refresh_lengths": "1"}
        )
        assert response.status_code == 200
        assert not Game.objects.exists()
        assert [c[0] for c in response.context["form"].fields["length"].choices] == [3, 5]
        assert not response.context["form"].errors


class TestStartingAGame:
    def test_start_redirects_to_the_board(
        self, player_client: Client, player: Any, secret: Dictionary
    ) -> None:
        response = player_client.post(
            reverse("game_new"),
            new_game_data(secret, length=6, max_misses=5, difficulty="easy"),
        )
        game = Game.objects.get()
        assert response.status_code == 302
        assert response["Location"] == board_url(game)
        assert (game.player, game.dictionary, game.length) == (player, secret, 6)
        assert (game.max_misses, game.difficulty, game.is_ranked) == (5, "easy", True)
        page = text(player_client.get(response["Location"]))
        assert "New ranked game" in page

    def test_show_word_count_starts_an_unranked_game(
        self, player_client: Client, secret: Dictionary
    ) -> None:
        player_client.post(reverse("game_new"), new_game_data(secret, show_word_count="on"))
        assert not Game.objects.get().is_ranked

    def test_length_missing_from_the_chosen_dictionary_redisplays_its_lengths(
        self, player_client: Client, secret: Dictionary, other: Dictionary
    ) -> None:
        response = player_client.post(reverse("game_new"), new_game_data(other, length=4))
        assert response.status_code == 200
        assert not Game.objects.exists()
        page = text(response)
        assert "Other has no words of that length" in page
        assert [c[0] for c in response.context["form"].fields["length"].choices] == [3, 5]

    @pytest.mark.parametrize(
        ("overrides", "message"),
        [
            ({"max_misses": 0}, "whole number from 1 to 26"),
            ({"max_misses": 27}, "whole number from 1 to 26"),
            ({"max_misses": "many"}, "whole number from 1 to 26"),
            ({"max_misses": ""}, "Say how many wrong guesses"),
            ({"difficulty": "brutal"}, "Choose a difficulty"),
            ({"dictionary": 999999}, "not offered for new games"),
            ({"length": ""}, "Choose a word length"),
        ],
    )
    def test_bad_settings_are_explained(
        self,
        player_client: Client,
        secret: Dictionary,
        overrides: dict[str, Any],
        message: str,
    ) -> None:
        response = player_client.post(reverse("game_new"), {**new_game_data(secret), **overrides})
        assert response.status_code == 200
        assert message in text(response)
        assert not Game.objects.exists()

    def test_hidden_dictionary_cannot_be_posted(
        self, player_client: Client, secret: Dictionary
    ) -> None:
        hidden = DictionaryFactory(words=["qzxv"], is_hidden=True)
        response = player_client.post(reverse("game_new"), new_game_data(hidden))
        assert "not offered for new games" in text(response)
        assert not Game.objects.exists()

    def test_ranked_game_in_progress_asks_for_confirmation(
        self, player_client: Client, player: Any, secret: Dictionary
    ) -> None:
        current = start(player, secret)
        response = player_client.post(reverse("game_new"), new_game_data(secret, length=6))
        page = text(response)
        assert response.status_code == 200
        assert "Forfeit it and start the new game" in page
        assert f'name="forfeit_game_id" value="{current.pk}"' in page
        assert 'name="length" value="6"' in page
        assert f'href="{board_url(current)}"' in page
        assert "Continue my game" in page
        assert Game.objects.count() == 1

        response = player_client.post(
            reverse("game_new"), new_game_data(secret, length=6, forfeit_game_id=current.pk)
        )
        current.refresh_from_db()
        assert current.status == Status.LOST
        assert current.forfeited
        new = Game.objects.get(status=Status.PLAYING)
        assert new.length == 6
        assert response["Location"] == board_url(new)

    def test_stale_confirmation_changes_nothing(
        self, player_client: Client, player: Any, secret: Dictionary
    ) -> None:
        old = start(player, secret)
        services.game_forfeit(game_id=old.pk, player=player)
        current = start(player, secret)
        response = player_client.post(
            reverse("game_new"), new_game_data(secret, length=6, forfeit_game_id=old.pk)
        )
        assert response.status_code == 200
        assert "Nothing was forfeited" in text(response)
        assert f'name="forfeit_game_id" value="{current.pk}"' in text(response)
        current.refresh_from_db()
        assert current.status == Status.PLAYING
        assert Game.objects.count() == 2

    def test_unranked_game_needs_no_confirmation(
        self, player_client: Client, player: Any, secret: Dictionary
    ) -> None:
        start(player, secret)
        response = player_client.post(
            reverse("game_new"), new_game_data(secret, show_word_count="on")
        )
        assert response.status_code == 302
        assert Game.objects.filter(status=Status.PLAYING).count() == 2

    def test_the_form_mentions_the_game_in_progress(
        self, player_client: Client, player: Any, secret: Dictionary
    ) -> None:
        current = start(player, secret)
        page = text(player_client.get(reverse("game_new")))
        assert f'href="{board_url(current)}"' in page
        assert "Forfeit it and start" not in page


class TestBoard:
    def test_needs_login(self, client: Client, player: Any, secret: Dictionary) -> None:
        game = start(player, secret)
        response = client.get(board_url(game))
        assert response.status_code == 302
        assert response["Location"].startswith(reverse("login"))

    def test_another_players_game_is_not_found(
        self, player_client: Client, secret: Dictionary
    ) -> None:
        game = start(UserFactory(), secret)
        assert player_client.get(board_url(game)).status_code == 404
        assert player_client.get(reverse("game_detail", args=[999999])).status_code == 404

    def test_a_fresh_board(self, player_client: Client, player: Any, secret: Dictionary) -> None:
        game = start(player, secret)
        response = player_client.get(board_url(game))
        page = text(response)
        assert response.status_code == 200
        assert page.count('class="tile"') == 4
        assert page.count('name="letter"') == 26
        assert " disabled" not in page
        assert 'name="expected_guesses" value="0"' in page
        assert f'hx-post="{guess_url(game)}"' in page
        assert 'hx-target="#board"' in page
        assert 'hx-swap="outerHTML settle:0ms"' in page
        assert 'aria-live="polite"' in page
        assert "8</strong> wrong guesses left" in page
        assert "static/js/board.js" in page
        assert "still possible" not in page

    def test_used_keys_are_disabled_and_hits_told_from_misses(
        self, player_client: Client, player: Any, nine: Dictionary
    ) -> None:
        game = start(player, nine)
        services.game_guess(game_id=game.pk, player=player, letter="e")
        services.game_guess(game_id=game.pk, player=player, letter="o")
        page = text(player_client.get(board_url(game)))
        assert re.search(r'value="e"[^>]*class="key key-miss"[^>]*disabled', page)
        assert re.search(r'value="o"[^>]*class="key key-hit"[^>]*disabled', page)
        assert page.count(" disabled") == 2
        assert '<span class="chip chip-hit">O</span>' in page
        assert '<span class="chip chip-miss">E</span>' in page
        assert page.count('class="tile tile-shown"') == 2
        assert 'aria-label="The word: blank, O, O, blank"' in page
        assert 'name="expected_guesses" value="2"' in page

    def test_unranked_board_shows_the_words_left_ranked_never(
        self, player_client: Client, player: Any, nine: Dictionary
    ) -> None:
        unranked = start(player, nine, show_word_count=True)
        services.game_guess(game_id=unranked.pk, player=player, letter="e")
        assert "<strong>3</strong> words still possible" in text(
            player_client.get(board_url(unranked))
        )
        ranked = start(player, nine)
        services.game_guess(game_id=ranked.pk, player=player, letter="e")
        page = text(player_client.get(board_url(ranked)))
        assert "still possible" not in page
        response = player_client.post(guess_url(ranked), {"letter": "o"}, **HTMX)
        assert "still possible" not in text(response)

    def test_game_resumes_on_another_device(self, player: Any, nine: Dictionary) -> None:
        game = start(player, nine)
        first = Client()
        first.force_login(player)
        first.post(guess_url(game), {"letter": "e", "expected_guesses": 0})
        first.post(guess_url(game), {"letter": "o", "expected_guesses": 1})
        first.post(reverse("logout"))
        second = Client()
        second.force_login(player)
        page = text(second.get(board_url(game)))
        assert page.count('class="tile tile-shown"') == 2
        assert 'name="expected_guesses" value="2"' in page
        assert "7</strong> wrong guesses left" in page

    def test_no_candidate_word_reaches_the_browser(
        self, player_client: Client, player: Any, secret: Dictionary
    ) -> None:
        for ranked in (True, False):
            game = start(player, secret, show_word_count=not ranked, max_misses=26)
            pages = [text(player_client.get(board_url(game)))]
            for letter in "aeiouqzx":
                pages.append(text(player_client.post(guess_url(game), {"letter": letter}, **HTMX)))
                pages.append(text(player_client.get(board_url(game))))
                game.refresh_from_db()
                if game.is_over:
                    break
                candidates = game_state(game).candidate_words()
                for page in map(without_csrf_tokens, pages):
                    for word in candidates:
                        assert word not in page, (word, letter)
                    for word in SECRET_FOUR:
                        assert word.upper() not in page
            assert not game.is_over, "the test needs a game still in progress"


class TestDrawing:
    @pytest.mark.parametrize("max_misses", range(1, 27))
    def test_even_steps_whatever_the_wrong_guesses_allowed(self, max_misses: int) -> None:
        total = len(DRAWING_PARTS)
        shown = [
            drawing_parts_shown(misses=m, max_misses=max_misses) for m in range(max_misses + 1)
        ]
        assert shown[0] == 0
        assert shown[-1] == total
        steps = [after - before for before, after in itertools.pairwise(shown)]
        assert min(steps) >= total // max_misses
        assert max(steps) <= -(-total // max_misses)
        for misses, parts in enumerate(shown):
            assert abs(parts - misses * total / max_misses) <= 0.5

    def test_board_draws_that_many_parts(
        self, player_client: Client, player: Any, nine: Dictionary
    ) -> None:
        game = start(player, nine, max_misses=4)
        services.game_guess(game_id=game.pk, player=player, letter="e")
        page = text(player_client.get(board_url(game)))
        assert page.count('class="drawn"') == 3  # round(1/4 * 10) half up
        assert page.count('class="ghost"') == 7
        assert "3 of 10 parts drawn" in page

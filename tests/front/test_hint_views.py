"""The board's hint button (front/views/play.py's game_hint): the letter and its reason in
a practice game, a refusal with a message in any other, a ranked board's practice offer.

The service's rules are in tests/games/test_hints.py."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from pytest_django.fixtures import Settings

from dictionaries.models import Dictionary
from games.models import Game, Hint
from games.selectors.replay import game_state
from tests.conftest import NINE_WORDS
from tests.daily.support import made_up_words
from tests.factories import DictionaryFactory, UserFactory
from tests.games.play_support import guess, start
from tests.games.test_hints import hint, hinted_before_the_rule

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def nine() -> Dictionary:
    return DictionaryFactory(words=list(NINE_WORDS), name="Nine", slug="nine")


@pytest.fixture
def made_up() -> Dictionary:
    """Words of rare letters only: any of them found in a page is a leak."""
    return DictionaryFactory(words=made_up_words(), name="Made up", slug="made-up")


def client_of(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


def post_hint(client: Client, game: Game, *, htmx: bool, confirm: bool = False, **data: Any) -> Any:
    fields = {"expected_guesses": len(game.letters), **data}
    if confirm:
        fields["confirm"] = "yes"
    headers = HTMX if htmx else {}
    return client.post(reverse("game_hint", args=[game.pk]), fields, **headers)


class TestView:
    def test_a_ranked_board_offers_practice_instead_of_a_hint(self, nine: Dictionary) -> None:
        game = start(UserFactory(), nine)
        html = client_of(game.player).get(reverse("game_detail", args=[game.pk])).content.decode()
        assert "No hints in a ranked game: it counts, so you play it on your own." in html
        assert 'id="practice-instead"' in html
        assert 'id="hint-button"' not in html
        assert "last-hint" not in html

    def test_the_practice_offer_starts_an_unranked_game_with_the_same_settings(
        self, nine: Dictionary
    ) -> None:
        game = start(UserFactory(), nine, difficulty="medium", max_misses=5)
        client = client_of(game.player)
        html = client.get(reverse("game_detail", args=[game.pk])).content.decode()
        form = html[html.index('action="/games/new/"') : html.index('id="practice-instead"')]
        fields = dict(re.findall(r'name="(\w+)" value="([^"]*)"', form))
        assert fields["show_word_count"] == "on"
        response = client.post(reverse("game_new"), fields)
        practice = Game.objects.exclude(pk=game.pk).get()
        assert response["Location"] == reverse("game_detail", args=[practice.pk])
        assert (practice.length, practice.max_misses, practice.difficulty) == (4, 5, "medium")
        assert not practice.is_ranked
        game.refresh_from_db()
        assert game.is_ranked
        assert not game.is_over
        practice_html = client.get(response["Location"]).content.decode()
        assert 'id="hint-button"' in practice_html

    @pytest.mark.parametrize("htmx", [True, False])
    def test_a_hint_in_a_practice_game_shows_the_letter_and_its_reason(
        self, nine: Dictionary, htmx: bool
    ) -> None:
        game = start(UserFactory(), nine, show_word_count=True)
        client = client_of(game.player)
        response = post_hint(client, game, htmx=htmx)
        if htmx:
            assert response.status_code == 200
            assert 'id="board"' in response.content.decode()
            assert "<html" not in response.content.decode()
        else:
            assert response.status_code == 302
            response = client.get(response["Location"])
        html = response.content.decode()
        stored = Hint.objects.get(game=game)
        assert f"Hint: {stored.letter.upper()}." in html
        assert 'id="last-hint"' in html
        assert stored.reason in html

    def test_someone_elses_game_is_a_404(self, nine: Dictionary) -> None:
        game = start(UserFactory(), nine)
        response = post_hint(client_of(UserFactory()), game, htmx=True)
        assert response.status_code == 404
        game.refresh_from_db()
        assert game.is_ranked
        assert not Hint.objects.exists()

    @pytest.mark.parametrize("htmx", [True, False])
    def test_a_finished_game_is_refused_with_a_message(self, nine: Dictionary, htmx: bool) -> None:
        game = start(UserFactory(), nine, max_misses=1, show_word_count=True)
        guess(game, "e")
        game.refresh_from_db()
        client = client_of(game.player)
        response = post_hint(client, game, htmx=htmx)
        if not htmx:
            response = client.get(response["Location"])
        assert "This game is over, so there is nothing to hint" in response.content.decode()
        assert not Hint.objects.exists()

    @pytest.mark.parametrize("htmx", [True, False])
    def test_past_the_rate_the_player_is_told_in_place(
        self, nine: Dictionary, settings: Settings, htmx: bool
    ) -> None:
        settings.RATE_LIMITS = {**settings.RATE_LIMITS, "hint": "1/h"}
        game = start(UserFactory(), nine, show_word_count=True)
        client = client_of(game.player)
        assert post_hint(client, game, htmx=htmx).status_code in (200, 302)
        guess(game, "e")
        game.refresh_from_db()
        response = post_hint(client, game, htmx=htmx)
        assert response.status_code == 429
        html = response.content.decode()
        assert "Too many hints" in html
        if htmx:
            assert 'id="board"' in html
        assert Hint.objects.count() == 1

    def test_a_bad_board_form_changes_nothing(self, nine: Dictionary) -> None:
        game = start(UserFactory(), nine)
        response = post_hint(
            client_of(game.player), game, htmx=True, confirm=True, expected_guesses="x"
        )
        assert "could not be read" in response.content.decode()
        assert not Hint.objects.exists()

    def test_a_visitor_is_sent_to_log_in(self, nine: Dictionary) -> None:
        game = start(UserFactory(), nine)
        response = Client().post(reverse("game_hint", args=[game.pk]), {"confirm": "yes"})
        assert response.status_code == 302
        assert "login" in response["Location"]
        assert not Hint.objects.exists()

    def test_the_board_never_shows_a_candidate_word(self, made_up: Dictionary) -> None:
        game = start(UserFactory(), made_up, length=7, max_misses=26, show_word_count=True)
        client = client_of(game.player)
        guess(game, "q")
        game.refresh_from_db()
        html = post_hint(client, game, htmx=True).content.decode().lower()
        for word in game_state(game).candidate_words():
            assert not re.search(rf"\b{word}\b", html)

    def test_lists_and_the_review_say_how_many_hints_were_used(self, nine: Dictionary) -> None:
        game = start(UserFactory(), nine, show_word_count=True, max_misses=1)
        hint(game)
        guess(game, "e")
        client = client_of(game.player)
        assert "1 hint used" in client.get(reverse("my_games")).content.decode()
        assert "1 hint used" in client.get(reverse("game_review", args=[game.pk])).content.decode()
        assert "1 hint used" in client.get(reverse("game_detail", args=[game.pk])).content.decode()

    def test_play_again_after_a_hinted_game_is_ranked_again(self, nine: Dictionary) -> None:
        game = hinted_before_the_rule(start(UserFactory(), nine, max_misses=1))
        guess(game, "e")
        game.refresh_from_db()
        assert game.is_over
        html = client_of(game.player).get(reverse("game_detail", args=[game.pk])).content.decode()
        assert "A hint was used, so the game is unranked" in html
        assert "Play again with the same settings" in html
        assert 'name="show_word_count"' not in html

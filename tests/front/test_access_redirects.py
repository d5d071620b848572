"""A logged-out visitor sent to log in comes back to a page, never to a POST-only URL
(which would answer the browser's GET after login with a bare 405)."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from games.models import Game
from tests.conftest import NINE_WORDS
from tests.factories import DEFAULT_PASSWORD, DictionaryFactory
from tests.records.support import play

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}


@pytest.fixture
def game(player: User) -> Game:
    dictionary = DictionaryFactory(words=list(NINE_WORDS), slug="nine", is_default=True)
    return play(player=player, dictionary=dictionary, letters="", ranked=False)


def next_of(login_url: str) -> str:
    parts = urlsplit(login_url)
    assert parts.path == reverse("login")
    return parse_qs(parts.query)["next"][0]


def board(game: Game) -> str:
    return reverse("game_detail", args=[game.pk])


@pytest.mark.parametrize("action", ["game_guess", "game_forfeit"])
def test_a_games_action_comes_back_to_its_board(game: Game, action: str) -> None:
    response = Client().post(reverse(action, args=[game.pk]), {"letter": "e"})
    assert response.status_code == 302
    assert next_of(response["Location"]) == board(game)


@pytest.mark.parametrize("action", ["game_guess", "game_forfeit"])
def test_with_htmx_a_games_action_comes_back_to_the_page_shown(game: Game, action: str) -> None:
    shown = f"http://testserver{board(game)}"
    response = Client().post(
        reverse(action, args=[game.pk]), {"letter": "e"}, headers=HTMX | {"HX-Current-URL": shown}
    )
    assert response.status_code == 200
    assert next_of(response["HX-Redirect"]) == board(game)


@pytest.mark.parametrize("action", ["game_guess", "game_forfeit"])
def test_with_htmx_and_no_current_url_a_games_action_comes_back_to_its_board(
    game: Game, action: str
) -> None:
    response = Client().post(reverse(action, args=[game.pk]), {"letter": "e"}, headers=HTMX)
    assert response.status_code == 200
    assert next_of(response["HX-Redirect"]) == board(game)


def test_a_form_that_is_also_a_page_comes_back_to_itself() -> None:
    """The new-game form answers GET too: a player logged out while filling it in
    comes back to the form."""
    response = Client().post(reverse("game_new"), {"length": "4"})
    assert next_of(response["Location"]) == reverse("game_new")


def test_with_htmx_and_no_current_url_a_page_falls_back_home() -> None:
    response = Client().get(reverse("game_lengths"), {"dictionary": "1"}, headers=HTMX)
    assert next_of(response["HX-Redirect"]) == reverse("home")


def test_a_page_still_comes_back_to_itself(game: Game) -> None:
    response = Client().get(reverse("game_review", args=[game.pk]) + "?x=1")
    assert next_of(response["Location"]) == reverse("game_review", args=[game.pk]) + "?x=1"


def test_after_logging_in_the_player_sees_the_board(player: User, game: Game) -> None:
    client = Client()
    response = client.post(reverse("game_guess", args=[game.pk]), {"letter": "e"})
    login_page = client.get(response["Location"])
    assert f'name="next" value="{board(game)}"' in login_page.content.decode()
    logged_in = client.post(
        reverse("login"),
        {"username": "ada", "password": DEFAULT_PASSWORD, "next": board(game)},
    )
    assert logged_in["Location"] == board(game)
    assert client.get(logged_in["Location"]).status_code == 200

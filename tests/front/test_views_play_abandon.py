"""The play pages and a ranked game left past ``RANKED_ABANDON_AFTER``, with and without HTMX.

Apart from test_views_play.py (over 500 lines already): the board, a guess and the
new-game page each finish such a game first and say so; nothing a player sends to it
afterwards changes it.
"""

from __future__ import annotations

import html
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from dictionaries.models import Dictionary
from games.models import Game, Move, Status
from ratings.models import RatingChange
from tests.conftest import NINE_WORDS
from tests.factories import DictionaryFactory, UserFactory
from tests.games.play_support import Clock, guess, new_game_data, start

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true", "HTTP_HX_CURRENT_URL": "http://testserver/games/1/"}
SAYS = "This ranked game was left with no move for over an hour, so it counts as a loss."


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    clock = Clock()
    monkeypatch.setattr(timezone, "now", clock)
    return clock


@pytest.fixture
def nine() -> Dictionary:
    return DictionaryFactory(words=list(NINE_WORDS), name="Nine", slug="nine", is_default=True)


@pytest.fixture
def idle(clock: Clock, player: Any, nine: Dictionary) -> Game:
    """The player's ranked game, one guess in, then left for an hour."""
    game = start(player, nine)
    guess(game, "z")
    clock.advance(minutes=60)
    return game


def text(response: Any) -> str:
    return html.unescape(response.content.decode())


def guess_post(client: Client, game: Game, **extra: Any) -> Any:
    return client.post(
        reverse("game_guess", args=[game.pk]), {"letter": "e", "expected_guesses": 1}, **extra
    )


def assert_abandoned_once(game: Game) -> None:
    game.refresh_from_db()
    assert (game.status, game.abandoned, game.letters) == (Status.LOST, True, "z")
    assert Move.objects.filter(game=game).count() == 1
    assert RatingChange.objects.filter(game=game).count() == 1


@pytest.mark.parametrize("headers", [{}, HTMX], ids=["plain", "htmx"])
def test_opening_the_board_finishes_it_and_says_so(
    player_client: Client, idle: Game, headers: dict[str, str]
) -> None:
    response = player_client.get(reverse("game_detail", args=[idle.pk]), **headers)
    page = text(response)
    assert response.status_code == 200
    assert SAYS in page
    assert "Abandoned: left with no move too long, it counts as a loss." in page
    assert_abandoned_once(idle)
    # Opened again: the game shows as abandoned, the notice is not repeated.
    page = text(player_client.get(reverse("game_detail", args=[idle.pk])))
    assert SAYS not in page
    assert "Abandoned:" in page
    assert_abandoned_once(idle)


def test_a_guess_with_htmx_gets_the_board_with_the_reason(
    player_client: Client, idle: Game
) -> None:
    response = guess_post(player_client, idle, **HTMX)
    assert response.status_code == 200
    assert SAYS in text(response)
    assert_abandoned_once(idle)


def test_a_guess_without_javascript_redirects_to_the_board_with_the_reason(
    player_client: Client, idle: Game
) -> None:
    response = guess_post(player_client, idle)
    assert response.status_code == 302
    assert response["Location"] == reverse("game_detail", args=[idle.pk])
    assert SAYS in text(player_client.get(response["Location"]))
    assert_abandoned_once(idle)


@pytest.mark.parametrize("headers", [{}, HTMX], ids=["plain", "htmx"])
def test_another_tab_guessing_after_the_expiry_changes_nothing(
    player_client: Client, idle: Game, headers: dict[str, str]
) -> None:
    """One tab opened the board (which finished the game); a tab still showing the game in
    play keeps sending guesses, one of them crafted by hand: each is refused, with why."""
    player_client.get(reverse("game_detail", args=[idle.pk]))
    for data in ({"letter": "e", "expected_guesses": 1}, {"letter": "a"}, {"letter": "zz"}):
        response = player_client.post(reverse("game_guess", args=[idle.pk]), data, **headers)
        page = text(player_client.get(response["Location"])) if response.status_code == 302 else ""
        assert SAYS in (page or text(response))
    assert_abandoned_once(idle)


def test_another_players_requests_neither_see_nor_finish_it(client: Client, idle: Game) -> None:
    client.force_login(UserFactory(username="eve"))
    assert client.get(reverse("game_detail", args=[idle.pk])).status_code == 404
    assert guess_post(client, idle).status_code == 404
    idle.refresh_from_db()
    assert idle.status == Status.PLAYING
    assert not idle.abandoned


def test_the_new_game_page_finishes_it_instead_of_offering_to_forfeit_it(
    player_client: Client, idle: Game, nine: Dictionary
) -> None:
    page = text(player_client.get(reverse("game_new")))
    assert SAYS in page
    assert f'href="{reverse("game_detail", args=[idle.pk])}"' not in page
    assert_abandoned_once(idle)
    response = player_client.post(reverse("game_new"), new_game_data(nine))
    assert response.status_code == 302  # no confirmation asked: nothing in progress
    new = Game.objects.get(status=Status.PLAYING)
    assert new.is_ranked
    assert response["Location"] == reverse("game_detail", args=[new.pk])


def test_starting_a_ranked_game_with_it_still_in_progress_finishes_it_first(
    player_client: Client, idle: Game, nine: Dictionary
) -> None:
    """The new game's form was shown before the hour was up; sent after, without a
    confirmation: the old game is abandoned (not forfeited by choice), the new one starts."""
    response = player_client.post(reverse("game_new"), new_game_data(nine, length=4))
    assert response.status_code == 302
    assert SAYS in text(player_client.get(response["Location"]))
    assert_abandoned_once(idle)


def test_the_review_and_my_games_say_abandoned(player_client: Client, idle: Game) -> None:
    player_client.get(reverse("game_detail", args=[idle.pk]))
    assert "Abandoned (a loss)" in text(player_client.get(reverse("game_review", args=[idle.pk])))
    assert '<span class="tag miss">Abandoned</span>' in text(player_client.get(reverse("my_games")))


def test_the_home_page_finishes_it_and_no_longer_lists_it_in_progress(
    player_client: Client, idle: Game
) -> None:
    page = text(player_client.get(reverse("home")))
    assert SAYS in page
    assert f'href="{reverse("game_detail", args=[idle.pk])}"' not in page
    assert_abandoned_once(idle)
    assert SAYS not in text(player_client.get(reverse("home")))  # said once

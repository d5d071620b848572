"""A visitor tries the game without an account: practice games only (never ranked, never
the daily, no class), kept in the browser's session, and kept by signing up."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from classes.models import Membership
from core.guests import GUEST_USERNAME_PREFIX, is_guest
from daily.selectors import utc_today
from daily.services import daily_puzzle_ensure
from dictionaries.models import Dictionary
from games.models import Game
from tests.conftest import NINE_WORDS
from tests.factories import ClassroomFactory, DictionaryFactory, UserFactory

pytestmark = pytest.mark.django_db

PASSWORD = "a-long-visitor-password-71"


@pytest.fixture
def nine() -> Dictionary:
    return DictionaryFactory(words=list(NINE_WORDS), name="Nine", slug="nine", is_default=True)


def try_a_game(client: Client) -> Game:
    response = client.post(reverse("game_try"))
    game = Game.objects.latest("pk")
    assert response["Location"] == reverse("game_detail", args=[game.pk])
    return game


def test_a_visitor_plays_a_practice_game_at_once(client: Client, nine: Dictionary) -> None:
    game = try_a_game(client)
    assert is_guest(game.player)
    assert game.player.get_username().startswith(GUEST_USERNAME_PREFIX)
    assert not game.is_ranked
    assert client.session.get_expire_at_browser_close()
    board = client.get(reverse("game_detail", args=[game.pk])).content.decode()
    assert "Sign up to keep your games" in board
    assert "Log out (visitor-" not in board
    client.post(reverse("game_guess", args=[game.pk]), {"letter": "e", "expected_guesses": 0})
    game.refresh_from_db()
    assert game.letters == "e"


def test_the_visitors_practice_game_survives_sign_up(client: Client, nine: Dictionary) -> None:
    game = try_a_game(client)
    client.post(reverse("game_guess", args=[game.pk]), {"letter": "e", "expected_guesses": 0})
    accounts = User.objects.count()
    response = client.post(
        reverse("signup"),
        {"username": "newcomer", "password1": PASSWORD, "password2": PASSWORD},
    )
    assert response.status_code == 302
    assert "played as a visitor are in your account" in client.get("/").content.decode()
    assert not client.session.get_expire_at_browser_close()
    game.refresh_from_db()
    assert game.player.get_username() == "newcomer"
    assert not is_guest(game.player)
    assert User.objects.count() == accounts  # the guest became the account
    assert User.objects.get(username="newcomer").check_password(PASSWORD)
    page = client.get(reverse("my_games")).content.decode()
    assert f"/games/{game.pk}/" in page
    client.post(reverse("game_guess", args=[game.pk]), {"letter": "o", "expected_guesses": 1})
    game.refresh_from_db()
    assert game.letters == "eo"


def test_a_visitor_cannot_play_ranked(client: Client, nine: Dictionary) -> None:
    guest = try_a_game(client).player
    client.post(
        reverse("game_new"),
        {"dictionary": nine.pk, "length": 4, "max_misses": 8, "difficulty": "hard"},
    )
    games = Game.objects.filter(player=guest)
    assert games.count() == 2
    assert not games.filter(is_ranked=True).exists()


def test_a_visitors_daily_is_their_one_attempt_never_ranked_nor_practice_of_past_days(
    client: Client, nine: Dictionary
) -> None:
    guest = try_a_game(client).player
    today = daily_puzzle_ensure(day=utc_today())
    yesterday = daily_puzzle_ensure(day=today.date - dt.timedelta(days=1))
    response = client.post(reverse("daily_start"), {"number": today.number})
    attempt = Game.objects.get(player=guest, daily_link__puzzle=today)  # the same guest account
    assert response["Location"] == reverse("game_detail", args=[attempt.pk])
    assert attempt.daily_link.played_as_guest
    assert not attempt.is_ranked
    response = client.post(reverse("daily_practice", args=[yesterday.number]))
    assert not Game.objects.filter(player=guest, daily_link__puzzle=yesterday).exists()
    page = client.get(response["Location"]).content.decode()
    assert "Sign up (it is free, and keeps your games)" in page


def test_a_visitor_cannot_join_a_class(client: Client, nine: Dictionary) -> None:
    try_a_game(client)
    classroom = ClassroomFactory()
    response = client.post(reverse("class_join"), {"code": classroom.join_code})
    assert "Sign up (it is free" in response.content.decode()
    assert not Membership.objects.exists()


def test_another_visitor_cannot_open_the_game(client: Client, nine: Dictionary) -> None:
    game = try_a_game(client)
    other = Client()
    try_a_game(other)
    assert other.get(reverse("game_detail", args=[game.pk])).status_code in (403, 404)
    other.post(reverse("game_guess", args=[game.pk]), {"letter": "e", "expected_guesses": 0})
    game.refresh_from_db()
    assert game.letters == ""


def test_someone_signed_in_gets_the_form_and_no_guest(client: Client, nine: Dictionary) -> None:
    client.force_login(UserFactory())
    accounts = User.objects.count()
    response = client.post(reverse("game_try"))
    assert response["Location"] == reverse("game_new")
    assert User.objects.count() == accounts


def test_nobody_signs_up_as_a_visitor(client: Client) -> None:
    response = client.post(
        reverse("signup"),
        {"username": "visitor-1234", "password1": PASSWORD, "password2": PASSWORD},
    )
    assert "kept for visitors" in response.content.decode()
    assert not User.objects.filter(username="visitor-1234").exists()


def test_an_account_with_a_password_is_never_a_guest() -> None:
    """An old account that happens to have the name still has its password: not a guest."""
    assert not is_guest(UserFactory(username="visitor-old", password=PASSWORD))


def test_the_home_page_offers_visitors_a_try(client: Client, nine: Dictionary) -> None:
    page = client.get(reverse("home")).content.decode()
    assert f'action="{reverse("game_try")}"' in page
    assert client.get(reverse("game_try")).status_code == 405


def test_a_guests_sign_up_starts_with_an_empty_username(client: Client, nine: Dictionary) -> None:
    guest = try_a_game(client).player
    page = client.get(reverse("signup")).content.decode()
    assert guest.get_username() not in page  # never offered their visitor-… name
    assert re.search(r'<input type="text" name="username"(?![^>]*value=)[^>]*>', page)


def test_the_password_rules_are_one_line(client: Client) -> None:
    page = client.get(reverse("signup")).content.decode()
    rules = (
        "At least 8 characters, not like your username or e-mail, not a common password, "
        "not only digits."
    )
    assert rules in page
    assert "<ul" not in page.split('name="password1"')[1].split('name="password2"')[0]

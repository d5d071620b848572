"""Guest accounts are bounded: made at a limited rate per client address, and deleted when
left idle (issue 21 item 9, follow-up). The cheater: a script that posts "try a game" in a
loop, with a fresh cookie jar and forged X-Forwarded-For headers, to fill the user table."""

from __future__ import annotations

import datetime as dt
import io
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from accounts.guests import guests_delete_stale
from core.guests import guest_accounts, is_guest
from dictionaries.models import Dictionary
from games.models import Game, Move
from tests.conftest import NINE_WORDS
from tests.factories import DictionaryFactory, UserFactory

pytestmark = pytest.mark.django_db

PASSWORD = "a-long-visitor-password-71"


@pytest.fixture
def nine() -> Dictionary:
    return DictionaryFactory(words=list(NINE_WORDS), name="Nine", slug="nine", is_default=True)


@pytest.fixture
def three_an_hour(settings: Any) -> None:
    settings.RATE_LIMITS_PER_ADDRESS = {**settings.RATE_LIMITS_PER_ADDRESS, "guest": "3/h"}


def try_from(address: str, **headers: str) -> Any:
    """A fresh client each time: no cookie ties the tries together, only the address."""
    return Client(REMOTE_ADDR=address).post(reverse("game_try"), **headers)


def test_a_loop_from_one_address_stops_at_the_limit_and_makes_nothing_more(
    nine: Dictionary, three_an_hour: None
) -> None:
    for _ in range(3):
        assert try_from("203.0.113.5").status_code == 302
    accounts, games = User.objects.count(), Game.objects.count()
    for forged in ["198.51.100.1", "198.51.100.2"]:
        response = try_from("203.0.113.5", HTTP_X_FORWARDED_FOR=forged)  # no trusted proxy
        assert response.status_code == 429
        assert int(response["Retry-After"]) > 0
        page = response.content.decode()
        assert "Too many practice games started without an account" in page
        assert "the limit is 3 per hour" in page
    assert (User.objects.count(), Game.objects.count()) == (accounts, games)
    # Another address is counted apart (a classroom behind one address shares its count).
    assert try_from("203.0.113.6").status_code == 302
    assert guest_accounts().count() == 4


def test_behind_a_proxy_the_forwarded_client_is_counted_not_what_it_forges(
    nine: Dictionary, three_an_hour: None, settings: Any
) -> None:
    settings.TRUSTED_PROXY_COUNT = 1
    settings.TRUSTED_PROXIES = ["10.0.0.0/8"]  # read where the setting exists
    for forged in ["1.1.1.1", "2.2.2.2", "3.3.3.3"]:
        headers = {"HTTP_X_FORWARDED_FOR": f"{forged}, 203.0.113.5"}
        assert try_from("10.0.0.1", **headers).status_code == 302
    headers = {"HTTP_X_FORWARDED_FOR": "4.4.4.4, 203.0.113.5"}
    assert try_from("10.0.0.1", **headers).status_code == 429
    headers = {"HTTP_X_FORWARDED_FOR": "203.0.113.9"}
    assert try_from("10.0.0.1", **headers).status_code == 302


def test_with_htmx_the_refusal_is_a_notice_in_place(nine: Dictionary, settings: Any) -> None:
    settings.RATE_LIMITS_PER_ADDRESS = {**settings.RATE_LIMITS_PER_ADDRESS, "guest": "1/h"}
    try_from("203.0.113.5")
    response = try_from("203.0.113.5", HTTP_HX_REQUEST="true")
    assert response.status_code == 429
    assert "<html" not in response.content.decode()
    assert guest_accounts().count() == 1


def make_guest(*, days_ago: int, played_days_ago: int | None = None) -> User:
    """A guest with one game and one guess, made ``days_ago`` days ago."""
    client = Client(REMOTE_ADDR=f"192.0.2.{User.objects.count() + 1}")
    client.post(reverse("game_try"))
    game = Game.objects.latest("pk")
    client.post(reverse("game_guess", args=[game.pk]), {"letter": "e", "expected_guesses": 0})
    guest = game.player
    User.objects.filter(pk=guest.pk).update(
        date_joined=timezone.now() - dt.timedelta(days=days_ago)
    )
    last_played = days_ago if played_days_ago is None else played_days_ago
    Game.objects.filter(pk=game.pk).update(
        updated_at=timezone.now() - dt.timedelta(days=last_played)
    )
    return guest


def test_idle_guests_go_with_their_games_and_everyone_else_stays(nine: Dictionary) -> None:
    stale = make_guest(days_ago=40)
    stale_game = Game.objects.get(player=stale)
    assert Move.objects.filter(game=stale_game).exists()
    new = make_guest(days_ago=2)
    still_playing = make_guest(days_ago=40, played_days_ago=1)
    signed_up = make_guest(days_ago=40)
    signed_up.username = "newcomer"
    signed_up.set_password(PASSWORD)
    signed_up.save()
    old_player = UserFactory(username="visitor-looking-name")  # a password: not a guest
    User.objects.filter(pk=old_player.pk).update(date_joined=timezone.now() - dt.timedelta(400))

    assert guests_delete_stale(days=30) == 1
    remaining = set(User.objects.values_list("pk", flat=True))
    assert stale.pk not in remaining
    assert {new.pk, still_playing.pk, signed_up.pk, old_player.pk} <= remaining
    assert not Game.objects.filter(pk=stale_game.pk).exists()
    assert not Move.objects.filter(game_id=stale_game.pk).exists()
    assert not is_guest(User.objects.get(pk=signed_up.pk))
    assert guests_delete_stale(days=30) == 0  # nothing more the second time


def test_the_command_uses_the_setting_or_days(nine: Dictionary, settings: Any) -> None:
    make_guest(days_ago=10)
    settings.GUEST_RETENTION_DAYS = 30
    out = io.StringIO()
    call_command("delete_stale_guests", stdout=out)
    assert out.getvalue().strip() == "Deleted 0 guest accounts idle for 30 days or more."
    out = io.StringIO()
    call_command("delete_stale_guests", "--days", "7", stdout=out)
    assert out.getvalue().strip() == "Deleted 1 guest account idle for 7 days or more."
    assert not guest_accounts().exists()


def test_the_command_refuses_zero_days(nine: Dictionary) -> None:
    make_guest(days_ago=0)
    with pytest.raises(CommandError, match="--days must be 1 or more"):
        call_command("delete_stale_guests", "--days", "0", stdout=io.StringIO())
    assert guest_accounts().count() == 1

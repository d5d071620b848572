"""A guest's daily attempt, then a log-in, is still the browser's one attempt (review item 3).

A visitor plays today's puzzle as a guest, learns its families, then logs in to an
account and would play it again, ranked. The guest's attempt moves to the account when
the account has none: still a guest's (unranked, off the board), but the day's attempt.
"""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from core.guests import guest_create
from daily.models import DAILY_ATTEMPTS, DailyPuzzle
from daily.selectors import leaderboard_games, utc_today
from daily.services import daily_attempt_start, guest_attempt_carry
from games.models import Game
from tests.daily.support import daily_dictionary, todays_puzzle
from tests.factories import UserFactory
from tests.games.play_support import postgresql_only, run_at_once

pytestmark = pytest.mark.django_db

PASSWORD = "a-long-password-123"


@pytest.fixture
def puzzle() -> DailyPuzzle:
    daily_dictionary()
    return todays_puzzle()


def account(username: str) -> User:
    user = UserFactory(username=username)
    user.set_password(PASSWORD)
    user.save()
    return user


def guest_plays_then_logs_in(puzzle: DailyPuzzle, username: str) -> tuple[Client, Game]:
    client = Client(REMOTE_ADDR="203.0.113.20")
    client.post(reverse("daily_start"), {"number": puzzle.number})
    guest_game = Game.objects.get(daily_link__puzzle=puzzle, daily_link__played_as_guest=True)
    response = client.post(reverse("login"), {"username": username, "password": PASSWORD})
    assert response.status_code == 302
    return client, guest_game


def test_the_guest_attempt_becomes_the_accounts_and_no_ranked_one_starts(
    puzzle: DailyPuzzle,
) -> None:
    user = account("cheater")
    client, guest_game = guest_plays_then_logs_in(puzzle, "cheater")
    client.post(reverse("daily_start"), {"number": puzzle.number})
    assert list(Game.objects.filter(daily_link__puzzle=puzzle, player=user)) == [guest_game]
    guest_game.refresh_from_db()
    assert guest_game.daily_link.played_as_guest
    assert not guest_game.is_ranked
    assert list(leaderboard_games(puzzle)) == []


def test_an_account_with_its_own_attempt_keeps_it_and_nothing_moves(
    puzzle: DailyPuzzle,
) -> None:
    user = account("regular")
    own = daily_attempt_start(player=user, puzzle=puzzle)
    _client, guest_game = guest_plays_then_logs_in(puzzle, "regular")
    assert list(Game.objects.filter(daily_link__puzzle=puzzle, player=user)) == [own]
    guest_game.refresh_from_db()
    assert guest_game.player_id != user.pk


@postgresql_only
@pytest.mark.django_db(transaction=True)
def test_a_log_in_racing_the_accounts_own_start_leaves_one_attempt() -> None:
    """The account starts its attempt in another tab while the guest logs in to it."""
    daily_dictionary()
    for round_number in range(3):
        user = account(f"racer{round_number}")
        guest = guest_create()
        guest_game = daily_attempt_start(player=guest, puzzle=todays_puzzle())
        carried, _started = run_at_once(
            lambda user=user, guest=guest: guest_attempt_carry(
                guest=guest, account=user, day=utc_today()
            ),
            lambda user=user: daily_attempt_start(player=user, puzzle=todays_puzzle()),
        )
        assert carried is None or isinstance(carried, Game), carried  # the log-in never fails
        attempts = Game.objects.filter(DAILY_ATTEMPTS, player=user, daily_link__puzzle=utc_today())
        assert attempts.count() == 1
        guest_game.refresh_from_db()
        assert (guest_game.player_id == user.pk) == (attempts.get().pk == guest_game.pk)

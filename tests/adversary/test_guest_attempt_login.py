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

from daily.models import DailyPuzzle
from daily.selectors import board_games
from daily.services import daily_attempt_start
from games.models import Game
from tests.daily.support import daily_dictionary, todays_puzzle
from tests.factories import UserFactory

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
    guest_game = Game.objects.get(daily_puzzle=puzzle, played_as_guest=True)
    response = client.post(reverse("login"), {"username": username, "password": PASSWORD})
    assert response.status_code == 302
    return client, guest_game


def test_the_guest_attempt_becomes_the_accounts_and_no_ranked_one_starts(
    puzzle: DailyPuzzle,
) -> None:
    user = account("cheater")
    client, guest_game = guest_plays_then_logs_in(puzzle, "cheater")
    client.post(reverse("daily_start"), {"number": puzzle.number})
    assert list(Game.objects.filter(daily_puzzle=puzzle, player=user)) == [guest_game]
    guest_game.refresh_from_db()
    assert guest_game.played_as_guest
    assert not guest_game.is_ranked
    assert list(board_games(puzzle)) == []


def test_an_account_with_its_own_attempt_keeps_it_and_nothing_moves(
    puzzle: DailyPuzzle,
) -> None:
    user = account("regular")
    own = daily_attempt_start(player=user, puzzle=puzzle)
    _client, guest_game = guest_plays_then_logs_in(puzzle, "regular")
    assert list(Game.objects.filter(daily_puzzle=puzzle, player=user)) == [own]
    guest_game.refresh_from_db()
    assert guest_game.player_id != user.pk

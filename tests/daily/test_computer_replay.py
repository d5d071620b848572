"""The computer's replay of a daily puzzle: only once its UTC day is over, for everyone (issue
26: a spare account's replay solved the day's puzzle for another), and never on its board."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from daily.models import DailyGame, DailyPuzzle
from daily.selectors import leaderboard_page
from daily.services import daily_attempt_start
from games import services
from games.models import Game
from tests.daily.support import play_out

pytestmark = pytest.mark.django_db


def test_no_replay_of_todays_puzzle_before_the_attempt_is_finished(
    player: Any, puzzle: DailyPuzzle, player_client: Client
) -> None:
    attempt = daily_attempt_start(player=player, puzzle=puzzle)
    with pytest.raises(services.GameRuleError, match="until the day is over"):
        services.computer_replay_start(player=player, game_id=attempt.pk)
    response = player_client.post(reverse("computer_replay", args=[attempt.pk]))
    assert response.status_code == 302
    assert not Game.objects.filter(played_by_computer=True).exists()


def test_the_replay_waits_for_the_day_to_end_and_is_never_on_its_leaderboard(
    player: Any, puzzle: DailyPuzzle, monkeypatch: pytest.MonkeyPatch
) -> None:
    attempt = play_out(daily_attempt_start(player=player, puzzle=puzzle))
    with pytest.raises(services.GameRuleError, match="until the day is over"):
        services.computer_replay_start(player=player, game_id=attempt.pk)
    tomorrow = timezone.now() + dt.timedelta(days=1)
    monkeypatch.setattr(timezone, "now", lambda: tomorrow)
    replay = services.computer_replay_start(player=player, game_id=attempt.pk)
    assert replay.computer_replay_of_id == attempt.pk  # the game's, not linked to the day
    assert not DailyGame.objects.filter(game=replay).exists()
    assert replay.seed == attempt.seed
    # Played to the end, it is still never on the day's leaderboard.
    while not replay.is_over:
        services.computer_move(game_id=replay.pk, player=player)
        replay.refresh_from_db()
    assert [row.player_id for row in leaderboard_page(puzzle).object_list] == [player.pk]

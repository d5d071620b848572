"""An attempt left open over midnight (UTC) does not rank (review item 1).

At midnight yesterday's puzzle opens for practice (with undo), for the computer's replay
and for everyone's reviews. A player who kept their ranked attempt at it open (one guess
an hour keeps it alive) could learn its families that way, or from a spare identity, and
finish it on the day's leaderboard. The leaderboard counts only attempts finished before their day
ended, and the player's own practice and replay of that puzzle wait for the attempt.
"""

from __future__ import annotations

import datetime as dt

import pytest
from django.urls import reverse

from daily.selectors import (
    leaderboard_games,
    leaderboard_page,
    leaderboard_place,
    puzzle_summaries,
    utc_today,
)
from daily.services import daily_attempt_start, daily_puzzle_ensure
from friends.models import SentGamePlay
from friends.services import sent_game_from_game
from games import services
from games.models import Game
from games.services import GameRuleError
from tests.daily.support import PLAY_ORDER, attempt_row, daily_dictionary, finished_attempt
from tests.factories import UserFactory
from tests.records.support import client_for

pytestmark = pytest.mark.django_db


@pytest.fixture
def yesterday_open_attempt() -> Game:
    """An attempt at yesterday's puzzle, started on its day, one guess made, still open."""
    daily_dictionary()
    puzzle = daily_puzzle_ensure(day=utc_today() - dt.timedelta(days=1))
    player = UserFactory(username="nightowl")
    attempt = daily_attempt_start(player=player, puzzle=puzzle)
    services.game_guess(game_id=attempt.pk, player=player, letter=PLAY_ORDER[0])
    return attempt


def test_practice_waits_for_the_players_open_attempt(yesterday_open_attempt: Game) -> None:
    attempt = yesterday_open_attempt
    puzzle = attempt.daily_link.puzzle
    response = client_for(attempt.player).post(
        reverse("daily_practice", args=[puzzle.number]), {}, follow=True
    )
    assert "Finish your attempt at daily" in response.content.decode()
    assert list(Game.objects.filter(daily_link__puzzle=puzzle)) == [attempt]


def test_replay_waits_for_the_players_open_attempt(yesterday_open_attempt: Game) -> None:
    attempt = yesterday_open_attempt
    # A finished game of the same puzzle (practice of it, say) is not replayed meanwhile.
    other = attempt_row(attempt.player, attempt.daily_link.puzzle, is_ranked=False)
    with pytest.raises(GameRuleError, match="Finish your attempt"):
        services.computer_replay_start(player=attempt.player, game_id=other.pk)
    assert not Game.objects.filter(computer_replay_of=other).exists()


def test_a_friends_link_to_the_puzzle_waits_for_the_players_open_attempt(
    yesterday_open_attempt: Game,
) -> None:
    attempt = yesterday_open_attempt
    puzzle = attempt.daily_link.puzzle
    friend = UserFactory(username="friend")
    sent = sent_game_from_game(
        player=friend, game_id=finished_attempt(friend, puzzle).pk
    ).sent  # yesterday's: a practice copy of the puzzle's board
    response = client_for(attempt.player).post(
        reverse("sent_game_play", args=[sent.code]), follow=True
    )
    assert "Finish your game of this board first" in response.content.decode()
    assert not SentGamePlay.objects.filter(player=attempt.player).exists()
    assert Game.objects.filter(player=attempt.player).count() == 1
    # Once the attempt is over, the link plays.
    services.game_forfeit(game_id=attempt.pk, player=attempt.player)
    response = client_for(attempt.player).post(reverse("sent_game_play", args=[sent.code]))
    assert response.status_code == 302
    assert SentGamePlay.objects.filter(player=attempt.player, sent=sent).exists()


def test_an_attempt_finished_after_its_day_is_not_on_the_leaderboard(
    yesterday_open_attempt: Game,
) -> None:
    attempt = yesterday_open_attempt
    puzzle = attempt.daily_link.puzzle
    on_time = attempt_row(
        UserFactory(username="early_bird"),
        puzzle,
        finished_at=dt.datetime.combine(puzzle.date, dt.time(12), tzinfo=dt.UTC),
    )
    board = reverse("daily_leaderboard", args=[puzzle.number])
    still_open = client_for(attempt.player).get(board).content.decode()
    assert "is still open after its day ended (UTC), so it is not on this board" in still_open
    assert "to take your place" not in still_open
    services.game_forfeit(game_id=attempt.pk, player=attempt.player)
    attempt.refresh_from_db()
    assert attempt.is_over
    assert attempt.is_ranked
    assert list(leaderboard_games(puzzle)) == [on_time]
    assert leaderboard_place(puzzle, game=attempt) is None
    assert leaderboard_page(puzzle).paginator.count == 1
    assert puzzle_summaries([puzzle.date])[puzzle.date].players == 1
    text = client_for(attempt.player).get(board).content.decode()
    assert "finished after its day ended (UTC), so it is not on this board" in text
    assert 'href="/players/nightowl/" title' not in text
    assert 'href="/players/early_bird/" title' in text

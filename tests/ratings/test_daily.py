"""A daily attempt moves no rating, through the real finish path (issue 26).

The attempt is started by ``daily_attempt_start`` and played letter by letter through
``game_guess``, so the finish hook sees it as it sees any ranked game, and leaves it
alone: the day's one shared line can be learnt by a spare identity and passed on
before the day is over, so a rating would pay whoever did. It still ranks its player
on the day's leaderboard. An attempt a hint made unranked (before hints were refused in
attempts) is not rated either, and a hint asked for now is refused.
"""

from __future__ import annotations

import datetime as dt

import pytest

from daily.models import DailyPuzzle
from daily.services import daily_attempt_start, daily_practice_start, past_puzzle_ensure
from games import services as game_services
from games.models import Game
from games.services import HintRefusedError
from ratings.models import ChallengeRating, PlayerRating, RatingChange
from ratings.services import ratings_rebuild
from tests.daily.support import daily_dictionary, play_out, todays_puzzle
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def puzzle() -> DailyPuzzle:
    daily_dictionary()
    return todays_puzzle()


def challenge_of(puzzle: DailyPuzzle) -> tuple[int, int, int, str]:
    return (puzzle.dictionary_id, puzzle.length, puzzle.max_misses, puzzle.difficulty)


def test_a_ranked_attempt_moves_no_rating(puzzle: DailyPuzzle) -> None:
    player = UserFactory()
    attempt = play_out(daily_attempt_start(player=player, puzzle=puzzle))
    assert attempt.is_ranked
    assert attempt.daily_link.puzzle_id == puzzle.pk
    second = play_out(daily_attempt_start(player=UserFactory(), puzzle=puzzle))
    assert second.is_ranked
    assert not RatingChange.objects.exists()
    assert not PlayerRating.objects.exists()
    assert not ChallengeRating.objects.exists()
    assert ratings_rebuild() == (2, 0)  # ranked (on the day's leaderboard), never rated
    assert not RatingChange.objects.exists()


def test_an_attempt_made_unranked_by_a_hint_is_not_rated(puzzle: DailyPuzzle) -> None:
    """Before hints were refused in attempts, the first hint made the attempt unranked;
    such an attempt, played to its end, moves neither rating, now or in a rebuild."""
    player = UserFactory()
    attempt = daily_attempt_start(player=player, puzzle=puzzle)
    Game.objects.filter(pk=attempt.pk).update(is_ranked=False, unranked_by_hint=True, hints_used=1)
    attempt = play_out(attempt)
    assert attempt.daily_link.is_unranked_attempt
    assert not attempt.is_ranked
    assert not RatingChange.objects.exists()
    assert not PlayerRating.objects.exists()
    assert not ChallengeRating.objects.exists()
    assert ratings_rebuild() == (0, 0)
    assert not RatingChange.objects.exists()


def test_a_hint_asked_for_in_an_attempt_is_refused_and_the_attempt_stays_ranked(
    puzzle: DailyPuzzle,
) -> None:
    """The cheat: about to lose the attempt, ask for a hint to make it unranked."""
    player = UserFactory()
    attempt = daily_attempt_start(player=player, puzzle=puzzle)
    game_services.game_guess(game_id=attempt.pk, player=player, letter="e")
    with pytest.raises(HintRefusedError):
        game_services.game_hint(game_id=attempt.pk, player=player)
    attempt.refresh_from_db()
    assert (attempt.is_ranked, attempt.unranked_by_hint, attempt.hints_used) == (True, False, 0)
    attempt = play_out(attempt)
    assert attempt.is_ranked
    assert not RatingChange.objects.exists()


def test_practice_of_a_past_puzzle_is_not_rated(puzzle: DailyPuzzle) -> None:
    player = UserFactory()
    yesterday = puzzle.date - dt.timedelta(days=1)
    past = past_puzzle_ensure(number=puzzle.number - 1, today=puzzle.date)
    assert past is not None
    assert past.date == yesterday
    practice = play_out(daily_practice_start(player=player, puzzle=past, today=puzzle.date))
    assert not practice.is_ranked
    assert not RatingChange.objects.exists()
    assert not PlayerRating.objects.filter(player=player).exists()


def test_an_established_players_attempt_moves_neither_them_nor_the_challenge(
    puzzle: DailyPuzzle,
) -> None:
    player = UserFactory()
    PlayerRating.objects.create(player=player, rating=1500, deviation=80)
    play_out(daily_attempt_start(player=player, puzzle=puzzle))
    rating = PlayerRating.objects.get(player=player)
    assert (rating.rating, rating.deviation, rating.games) == (1500, 80, 0)
    assert not ChallengeRating.objects.exists()

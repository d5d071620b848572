"""The daily attempt is rated against the daily's board, through the real finish path.

The board is the puzzle's (dictionary, length, wrong guesses allowed, difficulty); the
attempt is started by ``daily_attempt_start`` and played letter by letter through
``game_guess``, so the finish hook rates it as it rates any ranked game. An attempt a
hint made unranked (before hints were refused in attempts) is not rated, and a hint
asked for now is refused and leaves the attempt rated.
"""

from __future__ import annotations

import datetime as dt

import pytest

from daily.models import DailyPuzzle
from daily.services import daily_attempt_start, daily_practice_start, past_puzzle_ensure
from games import services as game_services
from games.models import Game, Status
from games.services import HintRefusedError
from ratings.models import BoardRating, PlayerRating, RatingChange
from ratings.services import ratings_rebuild
from tests.daily.support import daily_dictionary, play_out, todays_puzzle
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def puzzle() -> DailyPuzzle:
    daily_dictionary()
    return todays_puzzle()


def board_of(puzzle: DailyPuzzle) -> tuple[int, int, int, str]:
    return (puzzle.dictionary_id, puzzle.length, puzzle.max_misses, puzzle.difficulty)


def test_a_ranked_attempt_is_rated_against_the_puzzles_board(puzzle: DailyPuzzle) -> None:
    player = UserFactory()
    attempt = play_out(daily_attempt_start(player=player, puzzle=puzzle))
    assert attempt.is_ranked
    assert attempt.daily_puzzle_id == puzzle.pk

    change = RatingChange.objects.select_related("board").get(game=attempt)
    board = change.board
    assert (board.dictionary_id, board.length, board.max_misses, board.difficulty) == board_of(
        puzzle
    )
    assert change.player_id == player.pk
    assert change.score == (1.0 if attempt.status == Status.WON else 0.0)
    assert change.finished_at == attempt.finished_at
    rating = PlayerRating.objects.get(player=player)
    assert (rating.games, rating.rating) == (1, change.player_after)
    assert board.games == 1
    assert BoardRating.objects.get(pk=board.pk).rating == change.board_after

    # A second player's attempt meets the same board, as it stood after the first.
    second = play_out(daily_attempt_start(player=UserFactory(), puzzle=puzzle))
    later = RatingChange.objects.get(game=second)
    assert later.board_id == board.pk
    assert later.board_before == change.board_after
    assert BoardRating.objects.count() == 1


def test_an_attempt_made_unranked_by_a_hint_is_not_rated(puzzle: DailyPuzzle) -> None:
    """Before hints were refused in attempts, the first hint made the attempt unranked;
    such an attempt, played to its end, moves neither rating, now or in a rebuild."""
    player = UserFactory()
    attempt = daily_attempt_start(player=player, puzzle=puzzle)
    Game.objects.filter(pk=attempt.pk).update(is_ranked=False, unranked_by_hint=True, hints_used=1)
    attempt = play_out(attempt)
    assert attempt.was_daily_attempt
    assert not attempt.is_ranked
    assert not RatingChange.objects.exists()
    assert not PlayerRating.objects.exists()
    assert not BoardRating.objects.exists()
    assert ratings_rebuild() == (0, 0)
    assert not RatingChange.objects.exists()


def test_a_hint_asked_for_in_an_attempt_is_refused_and_the_attempt_still_rated(
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
    assert RatingChange.objects.filter(game=attempt, player=player).exists()


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


def test_an_established_players_attempt_rates_them_but_moves_no_board(
    puzzle: DailyPuzzle,
) -> None:
    """The daily's one line can be learnt by a spare account and passed on, so its results
    rate the players against the board but never move the board others are rated on."""
    player = UserFactory()
    PlayerRating.objects.create(player=player, rating=1500, deviation=80)
    attempt = play_out(daily_attempt_start(player=player, puzzle=puzzle))
    change = RatingChange.objects.get(game=attempt)
    assert not change.moved_board
    assert change.board_after == change.board_before
    assert change.player_after != change.player_before

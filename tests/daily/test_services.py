"""Daily puzzle services: the day's row, one ranked attempt per player, practice of past days.

The race of two starts needs real concurrent transactions, so it runs on
PostgreSQL only (CI runs the suite on both databases).
"""

from __future__ import annotations

import datetime as dt

import pytest
from django.db import IntegrityError, transaction
from pytest_django.fixtures import Settings

from daily import draw
from daily.models import DailyGame, DailyPuzzle
from daily.selectors import utc_today
from daily.services import (
    DailyAttemptExistsError,
    NoPuzzleError,
    daily_attempt_start,
    daily_practice_start,
    daily_puzzle_ensure,
)
from dictionaries.models import Dictionary
from games import services
from games.leaderboard_totals import leaderboard_totals_rebuild
from games.models import CategoryTotal, Difficulty, Game, Move, Status
from records.selectors.leaderboard import LeaderboardFilters, Period, counted_games
from tests.daily.support import daily_dictionary, finished_attempt, play_out
from tests.factories import DictionaryFactory, UserFactory
from tests.games.play_support import postgresql_only, run_at_once, start

pytestmark = pytest.mark.django_db

ONE_DAY = dt.timedelta(days=1)


class TestPuzzle:
    def test_drawn_once_from_the_date_and_kept(self, made_up: Dictionary) -> None:
        today = utc_today()
        puzzle = daily_puzzle_ensure(day=today)
        board = draw.draw_settings(today, [(7, 60)], min_words=1)
        assert (puzzle.length, puzzle.max_misses) == (board.length, board.max_misses)
        assert puzzle.difficulty == Difficulty.FIENDISH
        assert puzzle.seed == draw.draw_seed(today)
        assert puzzle.number == 101  # the tests' first day is 100 days ago
        assert puzzle.dictionary == made_up
        # A new default dictionary later in the day changes nothing.
        Dictionary.objects.filter(pk=made_up.pk).update(is_default=False)
        DictionaryFactory(words=["abcdefgh"], is_default=True)
        assert daily_puzzle_ensure(day=today) == puzzle
        assert DailyPuzzle.objects.count() == 1

    def test_no_dictionary_no_puzzle(self) -> None:
        with pytest.raises(NoPuzzleError, match="no dictionary"):
            daily_puzzle_ensure(day=utc_today())
        assert not DailyPuzzle.objects.exists()

    def test_no_puzzle_before_the_first_day(self, made_up: Dictionary, settings: Settings) -> None:
        settings.DAILY_FIRST_DAY = utc_today() + ONE_DAY
        with pytest.raises(NoPuzzleError, match="Daily puzzles start on"):
            daily_puzzle_ensure(day=utc_today())


class TestRankedAttempt:
    def test_two_players_get_the_same_game_and_the_same_families(self, puzzle: DailyPuzzle) -> None:
        first = daily_attempt_start(player=UserFactory(), puzzle=puzzle)
        second = daily_attempt_start(player=UserFactory(), puzzle=puzzle)
        settings_of = ("dictionary_id", "length", "max_misses", "difficulty", "seed")
        assert [getattr(first, name) for name in settings_of] == [
            getattr(second, name) for name in settings_of
        ]
        assert first.is_ranked
        assert first.seeded_ties
        assert first.daily_link.puzzle_id == puzzle.date
        play_out(first)
        play_out(second)
        assert (first.letters, first.pattern, first.word) == (
            second.letters,
            second.pattern,
            second.word,
        )
        moves = [
            list(Move.objects.filter(game=game).values_list("letter", "families", "kept_rank"))
            for game in (first, second)
        ]
        assert moves[0] == moves[1]
        assert len(moves[0]) == len(first.letters)

    def test_a_second_attempt_is_refused_and_names_the_first(self, puzzle: DailyPuzzle) -> None:
        player = UserFactory()
        game = daily_attempt_start(player=player, puzzle=puzzle)
        with pytest.raises(DailyAttemptExistsError, match="already started") as refused:
            daily_attempt_start(player=player, puzzle=puzzle)
        assert refused.value.game == game
        play_out(game)
        with pytest.raises(DailyAttemptExistsError, match="already played"):
            daily_attempt_start(player=player, puzzle=puzzle)
        assert Game.objects.filter(player=player).count() == 1

    def test_the_database_refuses_a_second_ranked_attempt(self, puzzle: DailyPuzzle) -> None:
        player = UserFactory()
        game = daily_attempt_start(player=player, puzzle=puzzle)
        game.pk = None
        game.status = Status.PLAYING
        clash = r"dailygame_one_attempt|attempt_by"  # PostgreSQL names it; SQLite columns
        game.save(force_insert=True)  # a copy of the game row is a game: the link refuses it
        with pytest.raises(IntegrityError, match=clash), transaction.atomic():
            DailyGame.objects.create(game=game, puzzle=puzzle, attempt_by=player)

    def test_it_never_forfeits_the_ranked_game_in_progress(
        self, puzzle: DailyPuzzle, made_up: Dictionary
    ) -> None:
        player = UserFactory()
        ranked = start(player, made_up, length=7)
        daily = daily_attempt_start(player=player, puzzle=puzzle)
        ranked.refresh_from_db()
        assert (ranked.status, daily.status) == (Status.PLAYING, Status.PLAYING)
        # Nor does a new ranked game offer to forfeit the daily attempt: it forfeits the
        # other ranked game only, when confirmed.
        with pytest.raises(services.GameInProgressError) as asked:
            start(player, made_up, length=7)
        assert asked.value.game == ranked
        start(player, made_up, length=7, forfeit_game_id=ranked.pk)
        daily.refresh_from_db()
        assert daily.status == Status.PLAYING

    def test_a_daily_game_scores_on_its_own_leaderboard_only(self, puzzle: DailyPuzzle) -> None:
        game = finished_attempt(UserFactory(), puzzle)
        assert game.score == 0
        assert not CategoryTotal.objects.exists()
        assert not counted_games(LeaderboardFilters(period=Period.TODAY)).exists()
        assert leaderboard_totals_rebuild() == 0
        ordinary = play_out(start(UserFactory(), puzzle.dictionary, length=7))
        assert list(counted_games(LeaderboardFilters(period=Period.TODAY))) == [ordinary]


class TestPractice:
    def test_a_past_day_plays_the_same_families_unranked(self, made_up: Dictionary) -> None:
        yesterday = utc_today() - ONE_DAY
        puzzle = daily_puzzle_ensure(day=yesterday)
        ranked = finished_attempt(UserFactory(), puzzle)
        player = UserFactory()
        practice = daily_practice_start(player=player, puzzle=puzzle, today=utc_today())
        again = daily_practice_start(player=player, puzzle=puzzle, today=utc_today())
        assert not practice.is_ranked
        assert practice.seeded_ties
        assert practice.pk != again.pk  # practice as often as you like
        play_out(practice)
        assert (practice.letters, practice.pattern) == (ranked.letters, ranked.pattern)
        assert list(Move.objects.filter(game=practice).values_list("families", "kept_rank")) == (
            list(Move.objects.filter(game=ranked).values_list("families", "kept_rank"))
        )

    def test_todays_puzzle_is_not_practised(self, puzzle: DailyPuzzle) -> None:
        with pytest.raises(services.GameRuleError, match="opens for practice tomorrow"):
            daily_practice_start(player=UserFactory(), puzzle=puzzle, today=puzzle.date)
        assert not Game.objects.exists()

    def test_the_same_form_sent_twice_starts_one_game(self, made_up: Dictionary) -> None:
        import uuid

        puzzle = daily_puzzle_ensure(day=utc_today() - ONE_DAY)
        player, token = UserFactory(), uuid.uuid4()
        game = daily_practice_start(
            player=player, puzzle=puzzle, today=utc_today(), start_token=token
        )
        with pytest.raises(services.GameAlreadyStartedError) as again:
            daily_practice_start(player=player, puzzle=puzzle, today=utc_today(), start_token=token)
        assert again.value.game == game


@postgresql_only
@pytest.mark.django_db(transaction=True)
class TestAtTheSameMoment:
    def test_two_starts_at_once_make_one_game(self) -> None:
        daily_dictionary()
        for _ in range(5):
            player = UserFactory()
            results = run_at_once(
                lambda player=player: daily_attempt_start(
                    player=player, puzzle=daily_puzzle_ensure(day=utc_today())
                ),
                lambda player=player: daily_attempt_start(
                    player=player, puzzle=daily_puzzle_ensure(day=utc_today())
                ),
            )
            games = [result for result in results if isinstance(result, Game)]
            refusals = [result for result in results if isinstance(result, DailyAttemptExistsError)]
            assert len(games) == 1, results
            assert len(refusals) == 1, results
            assert refusals[0].game.pk == games[0].pk
            assert Game.objects.filter(player=player).count() == 1
        assert DailyPuzzle.objects.count() == 1

    def test_the_first_two_visitors_of_the_day_store_one_puzzle(self) -> None:
        daily_dictionary()
        results = run_at_once(
            lambda: daily_puzzle_ensure(day=utc_today()),
            lambda: daily_puzzle_ensure(day=utc_today()),
        )
        assert all(isinstance(result, DailyPuzzle) for result in results), results
        assert results[0] == results[1]
        assert DailyPuzzle.objects.count() == 1

"""Reads of the daily puzzle: its leaderboard's order, a player's place, streaks, the archive."""

from __future__ import annotations

import datetime as dt

import pytest
from django.contrib.auth.models import AnonymousUser
from django.test import Client
from django.utils import timezone
from pytest_django.fixtures import Settings

from daily.models import DailyPuzzle
from daily.selectors import (
    archive_page,
    daily_streaks,
    day_end,
    hours_and_minutes,
    leaderboard_page,
    leaderboard_place,
    puzzle_summaries,
    until_next_puzzle,
    utc_today,
)
from daily.services import daily_attempt_start, daily_puzzle_ensure
from dictionaries.models import Dictionary
from games.models import Status
from games.secrecy import is_secret_for
from tests.daily.support import attempt_row, play_out
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

ONE_DAY = dt.timedelta(days=1)


def puzzle_days_ago(days: int) -> DailyPuzzle:
    return daily_puzzle_ensure(day=utc_today() - dt.timedelta(days=days))


class TestBoard:
    def test_solved_first_then_fewest_misses_then_guesses_then_earliest(
        self, made_up: Dictionary
    ) -> None:
        puzzle = puzzle_days_ago(0)
        start = timezone.now() - dt.timedelta(hours=3)
        later = start + dt.timedelta(minutes=30)

        def row(name: str, **fields: object) -> None:
            attempt_row(UserFactory(username=name), puzzle, **fields)

        row("lost_early", status=Status.LOST, misses=puzzle.max_misses, finished_at=start)
        row("two_misses", misses=2, letters="qzxvj", finished_at=start)
        row("one_miss_many_guesses", misses=1, letters="qzxvjkw", finished_at=start)
        row("one_miss_few_guesses_late", misses=1, letters="qzxv", finished_at=later)
        row("one_miss_few_guesses_early", misses=1, letters="qzxv", finished_at=start)
        row("gave_up", status=Status.LOST, forfeited=True, misses=0, finished_at=start)
        attempt_row(UserFactory(username="practice"), puzzle, is_ranked=False, misses=0)
        daily_attempt_start(player=UserFactory(username="still_playing"), puzzle=puzzle)

        page = leaderboard_page(puzzle)
        assert [entry.username for entry in page.object_list] == [
            "one_miss_few_guesses_early",
            "one_miss_few_guesses_late",
            "one_miss_many_guesses",
            "two_misses",
            "gave_up",
            "lost_early",
        ]
        assert [entry.rank for entry in page.object_list] == [1, 2, 3, 4, 5, 6]
        assert page.object_list[0].guesses == 4

    def test_a_whole_word_guess_counts_as_a_guess(self, made_up: Dictionary) -> None:
        """A winner who typed the word after two letters took three guesses, not two: one who
        won with three letters finished first, so ranks first (a word guess is no free move)."""
        puzzle = puzzle_days_ago(0)
        start = timezone.now() - dt.timedelta(hours=3)
        by_word = attempt_row(
            UserFactory(username="by_word"),
            puzzle,
            misses=0,
            letters="qz",
            moves=["q", "z", "quiz"],
            finished_at=start + dt.timedelta(minutes=5),
        )
        by_letters = attempt_row(
            UserFactory(username="by_letters"), puzzle, misses=0, letters="qzx", finished_at=start
        )
        page = leaderboard_page(puzzle)
        assert [(row.username, row.guesses) for row in page.object_list] == [
            ("by_letters", 3),
            ("by_word", 3),
        ]
        assert leaderboard_place(puzzle, game=by_letters) == 1
        assert leaderboard_place(puzzle, game=by_word) == 2

    def test_a_players_place_is_their_row_on_the_leaderboard(self, made_up: Dictionary) -> None:
        puzzle = puzzle_days_ago(0)
        games = [
            attempt_row(UserFactory(), puzzle, misses=misses, letters="qzxvjk"[: 3 + misses])
            for misses in (3, 0, 2, 2, 1)
        ]
        games.append(attempt_row(UserFactory(), puzzle, status=Status.LOST))
        ranks = {row.player_id: row.rank for row in leaderboard_page(puzzle).object_list}
        for game in games:
            assert leaderboard_place(puzzle, game=game) == ranks[game.player_id]
        playing = daily_attempt_start(player=UserFactory(), puzzle=puzzle)
        assert leaderboard_place(puzzle, game=playing) is None

    def test_equal_results_finished_at_the_same_instant_rank_by_id(
        self, made_up: Dictionary
    ) -> None:
        puzzle = puzzle_days_ago(0)
        moment = timezone.now().replace(microsecond=0)
        games = [attempt_row(UserFactory(), puzzle, misses=1, finished_at=moment) for _ in range(3)]
        earlier = attempt_row(UserFactory(), puzzle, misses=1, finished_at=moment - ONE_DAY / 24)
        assert [leaderboard_place(puzzle, game=game) for game in games] == [2, 3, 4]
        assert leaderboard_place(puzzle, game=earlier) == 1
        assert [row.player_id for row in leaderboard_page(puzzle).object_list] == [
            earlier.player_id,
            *(game.player_id for game in games),
        ]

    def test_an_attempt_finished_after_its_day_is_not_on_its_leaderboard(
        self, client: Client, made_up: Dictionary
    ) -> None:
        yesterday = puzzle_days_ago(1)
        night_owl = attempt_row(
            UserFactory(username="night_owl"), yesterday, finished_at=day_end(yesterday.date)
        )
        attempt_row(UserFactory(username="early_bird"), yesterday, misses=3, letters="qzxvjk")
        assert [row.username for row in leaderboard_page(yesterday).object_list] == ["early_bird"]
        assert leaderboard_place(yesterday, game=night_owl) is None
        assert puzzle_summaries([yesterday.date])[yesterday.date].players == 1

    def test_a_page_past_the_end_shows_the_last(self, made_up: Dictionary) -> None:
        puzzle = puzzle_days_ago(0)
        attempt_row(UserFactory(), puzzle)
        assert leaderboard_page(puzzle, page_number=9).number == 1
        assert leaderboard_page(puzzle, page_number="x").number == 1


class TestStreaks:
    def solve(self, player: object, days_ago: int, *, won: bool = True) -> None:
        status = Status.WON if won else Status.LOST
        attempt_row(player, puzzle_days_ago(days_ago), status=status)

    def test_days_solved_in_a_row(self, made_up: Dictionary) -> None:
        player = UserFactory()
        for days_ago in (9, 8, 7, 6, 4, 3, 1):  # 5 missed, 2 missed, today not played yet
            self.solve(player, days_ago)
        streaks = daily_streaks(player=player)
        assert (streaks.played, streaks.solved, streaks.current, streaks.best) == (7, 7, 1, 4)
        self.solve(player, 0)
        assert daily_streaks(player=player).current == 2

    def test_a_lost_day_ends_the_streak(self, made_up: Dictionary) -> None:
        player = UserFactory()
        self.solve(player, 2)
        self.solve(player, 1)
        self.solve(player, 0, won=False)
        streaks = daily_streaks(player=player)
        assert (streaks.played, streaks.solved, streaks.current, streaks.best) == (3, 2, 0, 2)
        assert streaks.solved_percent == 67

    def test_a_missed_day_ends_the_streak(self, made_up: Dictionary) -> None:
        player = UserFactory()
        self.solve(player, 3)
        self.solve(player, 2)
        assert daily_streaks(player=player).current == 0
        assert daily_streaks(player=player, today=utc_today() - ONE_DAY).current == 2

    def test_practice_and_unfinished_attempts_do_not_count(self, made_up: Dictionary) -> None:
        player = UserFactory()
        attempt_row(player, puzzle_days_ago(1), is_ranked=False)
        daily_attempt_start(player=player, puzzle=puzzle_days_ago(0))
        streaks = daily_streaks(player=player)
        assert (streaks.played, streaks.solved, streaks.current, streaks.best) == (0, 0, 0, 0)


class TestArchive:
    def test_past_days_only_newest_first_with_results(self, made_up: Dictionary) -> None:
        viewer = UserFactory()
        today, yesterday, older = (puzzle_days_ago(days) for days in (0, 1, 5))
        attempt_row(viewer, yesterday, status=Status.LOST)
        attempt_row(UserFactory(), yesterday)
        attempt_row(UserFactory(), today)
        page = archive_page(today=utc_today(), viewer=viewer)
        entries = page.object_list
        assert [entry.puzzle.date for entry in entries[:5]] == [
            utc_today() - days * ONE_DAY for days in (1, 2, 3, 4, 5)
        ]
        assert (entries[0].puzzle, entries[4].puzzle) == (yesterday, older)
        assert [entry.drawn for entry in entries[:5]] == [True, False, False, False, True]
        first = entries[0]
        assert (first.summary.players, first.summary.solved, first.summary.solved_percent) == (
            2,
            1,
            50,
        )
        assert first.attempt is not None
        assert first.attempt.status == Status.LOST
        assert entries[1].attempt is None
        anonymous = archive_page(today=utc_today(), viewer=AnonymousUser())
        assert {entry.attempt for entry in anonymous.object_list} == {None}

    def test_every_day_since_the_first_is_listed(
        self, made_up: Dictionary, settings: Settings
    ) -> None:
        """Nobody visited these days: each is listed with the board its date draws."""
        settings.DAILY_FIRST_DAY = utc_today() - 45 * ONE_DAY
        viewer = AnonymousUser()
        first_page = archive_page(today=utc_today(), viewer=viewer)
        last_page = archive_page(today=utc_today(), viewer=viewer, page_number=2)
        assert first_page.paginator.count == 45
        numbers = [e.puzzle.number for e in [*first_page.object_list, *last_page.object_list]]
        assert numbers == list(range(45, 0, -1))
        listed = last_page.object_list[-1].puzzle
        assert not DailyPuzzle.objects.exists()  # listing draws nothing into the database
        stored = daily_puzzle_ensure(day=listed.date)
        assert (stored.number, stored.length, stored.max_misses) == (
            1,
            listed.length,
            listed.max_misses,
        )

    def test_before_the_first_day_the_archive_is_empty(
        self, made_up: Dictionary, settings: Settings
    ) -> None:
        settings.DAILY_FIRST_DAY = utc_today()
        assert archive_page(today=utc_today(), viewer=AnonymousUser()).object_list == []
        settings.DAILY_FIRST_DAY = utc_today() + 3 * ONE_DAY
        assert archive_page(today=utc_today(), viewer=AnonymousUser()).object_list == []


class TestSecrets:
    def test_todays_games_are_secret_to_all_but_their_player_until_the_day_is_over(
        self, made_up: Dictionary
    ) -> None:
        puzzle = puzzle_days_ago(0)
        owner, viewer = UserFactory(), UserFactory()
        game = attempt_row(owner, puzzle)
        assert is_secret_for(game, AnonymousUser())
        assert is_secret_for(game, viewer)
        assert not is_secret_for(game, owner)
        attempt = daily_attempt_start(player=viewer, puzzle=puzzle)
        assert is_secret_for(game, viewer)
        play_out(attempt)
        assert is_secret_for(game, viewer)  # finishing one's own opens no one else's

    def test_the_players_own_attempt_in_progress_is_secret_to_them_too(
        self, made_up: Dictionary
    ) -> None:
        puzzle = puzzle_days_ago(0)
        playing = UserFactory()
        game = attempt_row(playing, puzzle, status="playing", finished_at=None)
        assert is_secret_for(game, playing)

    def test_yesterdays_games_and_ordinary_games_are_not(self, made_up: Dictionary) -> None:
        game = attempt_row(UserFactory(), puzzle_days_ago(1))
        assert not is_secret_for(game, AnonymousUser())
        ordinary = attempt_row(UserFactory(), puzzle_days_ago(0), linked=False)
        assert not is_secret_for(ordinary, AnonymousUser())


def test_the_wait_for_the_next_puzzle_in_words() -> None:
    noon = dt.datetime(2026, 5, 1, 12, 30, 15, tzinfo=dt.UTC)
    assert until_next_puzzle(noon) == dt.timedelta(hours=11, minutes=29, seconds=45)
    assert hours_and_minutes(until_next_puzzle(noon)) == "11 h 29 min"
    assert hours_and_minutes(dt.timedelta(minutes=5, seconds=59)) == "5 min"
    assert hours_and_minutes(dt.timedelta(seconds=59)) == "less than a minute"

"""Ranked games left past ``RANKED_ABANDON_AFTER`` are losses (games/services/abandon.py).

The clock is ``timezone.now`` stood in for (``Clock``): the game's start, its moves'
``updated_at`` and the idle test all read it, as they would read the real time.
"""

from __future__ import annotations

import datetime as dt
import threading
import time
from typing import Any

import pytest
from django.db import IntegrityError, connection, transaction
from django.utils import timezone
from pytest_django.fixtures import Settings

from daily.services import daily_attempt_start
from dictionaries.models import Dictionary
from games import hooks, services
from games.models import CategoryTotal, Game, Move, Status
from games.selectors.abandoned import abandon_limit_words, abandoned_message, is_abandoned
from ratings.models import PlayerRating, RatingChange
from tests.conftest import NINE_WORDS
from tests.daily.support import daily_dictionary, todays_puzzle
from tests.factories import DictionaryFactory, GameFactory, UserFactory
from tests.games.play_support import Clock, guess, postgresql_only, run_at_once, start

pytestmark = pytest.mark.django_db

HOUR = 60


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    clock = Clock()
    monkeypatch.setattr(timezone, "now", clock)
    return clock


@pytest.fixture
def nine() -> Dictionary:
    return DictionaryFactory(words=list(NINE_WORDS), name="Nine", slug="nine")


def assert_rated_loss_once(game: Game) -> None:
    """Finished by the site as a loss, through the give-up's finish: rated once, counted once."""
    game.refresh_from_db()
    assert (game.status, game.forfeited, game.abandoned) == (Status.LOST, True, True)
    assert game.word in NINE_WORDS
    assert game.finished_at is not None
    assert game.score == 0
    change = RatingChange.objects.get(game=game)
    assert change.score == 0
    assert change.player_after < change.player_before
    assert PlayerRating.objects.get(player=game.player).games == 1
    total = CategoryTotal.objects.get(player=game.player)
    assert (total.games, total.wins, total.points) == (1, 0, 0)


def assert_untouched(game: Game, *, letters: str = "") -> None:
    game.refresh_from_db()
    assert (game.status, game.abandoned, game.forfeited) == (Status.PLAYING, False, False)
    assert game.letters == letters
    assert game.finished_at is None
    assert not RatingChange.objects.filter(game=game).exists()


class TestExpire:
    def test_an_idle_ranked_game_becomes_a_rated_loss(self, clock: Clock, nine: Dictionary) -> None:
        game = start(UserFactory(), nine)
        clock.advance(minutes=HOUR)
        assert is_abandoned(game)
        assert services.abandoned_games_expire() == [game]
        assert_rated_loss_once(game)

    def test_the_clock_runs_from_the_last_move_not_the_start(
        self, clock: Clock, nine: Dictionary
    ) -> None:
        game = start(UserFactory(), nine)
        clock.advance(minutes=50)
        guess(game, "z")
        clock.advance(minutes=HOUR - 1)  # 109 minutes after the start, 59 after the move
        assert services.abandoned_games_expire() == []
        assert_untouched(game, letters="z")
        clock.advance(minutes=1)
        assert services.abandoned_games_expire() == [game]
        assert_rated_loss_once(game)

    def test_a_fresh_game_is_untouched(self, clock: Clock, nine: Dictionary) -> None:
        game = start(UserFactory(), nine)
        clock.advance(minutes=HOUR - 1)
        assert services.abandoned_games_expire() == []
        assert_untouched(game)

    def test_practice_and_computer_games_are_never_touched(
        self, clock: Clock, nine: Dictionary
    ) -> None:
        player = UserFactory()
        practice = start(player, nine, show_word_count=True)
        watched = services.computer_game_start(
            player=player, dictionary=nine, length=4, max_misses=8, difficulty="hard"
        )
        fair = start(player, nine, difficulty="fair")
        assert not any(game.is_ranked for game in (practice, watched, fair))
        clock.advance(minutes=HOUR * 24 * 30)
        assert services.abandoned_games_expire() == []
        for game in (practice, watched, fair):
            assert_untouched(game)
        assert not PlayerRating.objects.exists()

    def test_a_daily_attempt_left_open_is_a_loss_too(self, clock: Clock) -> None:
        daily_dictionary()
        player = UserFactory()
        attempt = daily_attempt_start(player=player, puzzle=todays_puzzle())
        clock.advance(minutes=HOUR)
        assert services.abandoned_games_expire(player=player) == [attempt]
        attempt.refresh_from_db()
        assert attempt.abandoned
        assert attempt.status == Status.LOST
        assert not RatingChange.objects.filter(game=attempt).exists()  # the daily moves no rating
        assert abandoned_message(attempt).startswith("This daily attempt was left")

    def test_one_player_or_one_game_only_when_asked(self, clock: Clock, nine: Dictionary) -> None:
        mine, theirs = start(UserFactory(), nine), start(UserFactory(), nine)
        clock.advance(minutes=HOUR)
        assert services.abandoned_games_expire(player=theirs.player, game_id=mine.pk) == []
        assert services.abandoned_games_expire(player=mine.player, game_id=mine.pk) == [mine]
        assert_untouched(theirs)
        assert services.abandoned_games_expire() == [theirs]

    def test_the_limit_is_the_setting(
        self, clock: Clock, nine: Dictionary, settings: Settings
    ) -> None:
        settings.RANKED_ABANDON_AFTER = dt.timedelta(minutes=15)
        assert abandon_limit_words() == "15 minutes"
        game = start(UserFactory(), nine)
        clock.advance(minutes=15)
        assert services.abandoned_games_expire() == [game]
        settings.RANKED_ABANDON_AFTER = dt.timedelta(hours=2)
        assert abandon_limit_words() == "2 hours"

    def test_a_crash_half_way_leaves_each_game_finished_or_untouched(
        self, clock: Clock, nine: Dictionary, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """The worker dies in the second game's finish (after the rating, in its hooks):
        the first game stays finished, the second is left as it was, and a second run
        finishes it once."""
        first, second = start(UserFactory(), nine), start(UserFactory(), nine)
        clock.advance(minutes=HOUR)

        def dies_on_the_second(game: Game) -> None:
            if game.pk == second.pk:
                raise SystemExit("worker killed")

        monkeypatch.setattr(hooks, "_finish_hooks", [*hooks._finish_hooks, dies_on_the_second])
        with pytest.raises(SystemExit):
            services.abandoned_games_expire()
        assert_rated_loss_once(first)
        assert_untouched(second)
        assert not CategoryTotal.objects.filter(player=second.player).exists()
        assert not PlayerRating.objects.filter(player=second.player).exists()

        monkeypatch.setattr(hooks, "_finish_hooks", hooks._finish_hooks[:-1])
        assert services.abandoned_games_expire() == [second]
        assert_rated_loss_once(second)
        assert RatingChange.objects.count() == 2


@pytest.mark.parametrize(
    "row",
    [
        {"is_ranked": False, "status": Status.LOST, "forfeited": True},  # practice
        {"is_ranked": True, "status": Status.PLAYING, "forfeited": False},  # not finished
        {"is_ranked": True, "status": Status.LOST, "forfeited": False},  # not by forfeit
    ],
)
def test_the_database_keeps_abandoned_to_ranked_forfeits(row: dict[str, Any]) -> None:
    with pytest.raises(IntegrityError), transaction.atomic():
        GameFactory(abandoned=True, **row)


class TestGuess:
    """The player (or a cheater's other tab) guesses in a game left past the limit."""

    def test_a_guess_finds_it_lost_and_is_refused(self, clock: Clock, nine: Dictionary) -> None:
        game = start(UserFactory(), nine)
        guess(game, "z")
        clock.advance(minutes=HOUR)
        with pytest.raises(services.GameAbandonedError) as refused:
            guess(game, "e", expected_guesses=1)
        assert "left with no move for over an hour, so it counts as a loss" in str(
            refused.value.message
        )
        assert_rated_loss_once(game)
        assert game.letters == "z"
        assert Move.objects.filter(game=game).count() == 1

    @pytest.mark.parametrize(
        "crafted",
        [
            {"letter": "e"},  # no board count: a hand-made request
            {"letter": "e", "expected_guesses": 0},  # the board before the first guess
            {"letter": "z", "expected_guesses": 1},  # a letter already guessed
            {"letter": "7"},  # not a letter
        ],
    )
    def test_another_tab_after_the_expiry_changes_nothing(
        self, clock: Clock, nine: Dictionary, crafted: dict[str, Any]
    ) -> None:
        """The command (or the board) finished it; every guess sent afterwards, from any tab
        and in any shape, is refused with the reason and leaves the loss as it is."""
        game = start(UserFactory(), nine)
        guess(game, "z")
        clock.advance(minutes=HOUR + 5)
        services.abandoned_games_expire()
        game.refresh_from_db()
        before = (game.status, game.letters, game.word, game.finished_at, game.updated_at)
        with pytest.raises(services.GameAbandonedError) as refused:
            guess(game, **crafted)
        assert refused.value.message == abandoned_message(game)
        game.refresh_from_db()
        assert (game.status, game.letters, game.word, game.finished_at, game.updated_at) == before
        assert_rated_loss_once(game)

    def test_giving_up_after_the_expiry_says_it_was_abandoned(
        self, clock: Clock, nine: Dictionary
    ) -> None:
        game = start(UserFactory(), nine)
        clock.advance(minutes=HOUR)
        services.abandoned_games_expire()
        with pytest.raises(services.GameRuleError) as refused:
            services.game_forfeit(game_id=game.pk, player=game.player)
        assert "counts as a loss" in refused.value.message
        assert_rated_loss_once(game)

    def test_a_guess_in_time_plays_as_ever(self, clock: Clock, nine: Dictionary) -> None:
        game = start(UserFactory(), nine)
        clock.advance(minutes=HOUR - 1)
        guess(game, "z")
        assert_untouched(game, letters="z")


class TestStart:
    def test_a_new_ranked_start_finishes_the_abandoned_one_without_asking(
        self, clock: Clock, nine: Dictionary
    ) -> None:
        player = UserFactory()
        old = start(player, nine)
        clock.advance(minutes=HOUR)
        new = start(player, nine)  # no forfeit_game_id: nothing to confirm, it is lost
        assert new.status == Status.PLAYING
        assert new.is_ranked
        assert_rated_loss_once(old)

    def test_a_game_still_in_time_still_needs_the_confirmation(
        self, clock: Clock, nine: Dictionary
    ) -> None:
        player = UserFactory()
        old = start(player, nine)
        clock.advance(minutes=HOUR - 1)
        with pytest.raises(services.GameInProgressError):
            start(player, nine)
        assert_untouched(old)


@postgresql_only
@pytest.mark.django_db(transaction=True)
class TestAtTheSameMoment:
    """Real concurrent transactions: the row lock decides, and the game ends once."""

    def test_a_guess_and_the_expiry_at_once_finish_it_once(
        self, clock: Clock, nine: Dictionary
    ) -> None:
        game = start(UserFactory(), nine)
        guess(game, "z")
        clock.advance(minutes=HOUR)
        guessed, expired = run_at_once(
            lambda: guess(game, "e", expected_guesses=1), services.abandoned_games_expire
        )
        # Whichever took the row first finished it; the guess is refused either way.
        assert isinstance(guessed, services.GameAbandonedError), guessed
        assert expired in ([], [game]), expired
        assert_rated_loss_once(game)
        assert game.letters == "z"
        assert Move.objects.filter(game=game).count() == 1

    def test_two_expiry_runs_at_once_finish_each_game_once(
        self, clock: Clock, nine: Dictionary
    ) -> None:
        games = [start(UserFactory(), nine) for _ in range(4)]
        clock.advance(minutes=HOUR)
        first, second = run_at_once(
            services.abandoned_games_expire, services.abandoned_games_expire
        )
        assert sorted(game.pk for game in [*first, *second]) == sorted(game.pk for game in games)
        for game in games:
            assert_rated_loss_once(game)

    def test_a_guess_holding_the_row_lands_and_the_expiry_leaves_it(
        self, clock: Clock, nine: Dictionary, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """The guess has the row (its word-maker is thinking) when the hour runs out: the
        expiry skips the row without waiting, the guess lands, and the game is fresh again."""
        game = start(UserFactory(), nine)
        thinking, answer = threading.Event(), threading.Event()

        def slow_word_maker(*_: object) -> None:
            thinking.set()
            answer.wait(timeout=10)
            return None  # then the engine answers as ever

        monkeypatch.setattr(hooks, "_answer_sources", [slow_word_maker])
        results: list[object] = []

        def guessing() -> None:
            try:
                results.append(guess(game, "z", expected_guesses=0))
            except Exception as error:  # reported by the main thread
                results.append(error)
            finally:
                connection.close()

        thread = threading.Thread(target=guessing)
        thread.start()
        assert thinking.wait(timeout=10)
        clock.advance(minutes=HOUR + 1)
        began = time.monotonic()
        assert services.abandoned_games_expire() == []
        assert time.monotonic() - began < 5  # skipped, not waited for
        answer.set()
        thread.join(timeout=30)
        assert isinstance(results[0], services.GuessOutcome), results
        assert_untouched(game, letters="z")
        assert services.abandoned_games_expire() == []  # its last move is a minute old
        clock.advance(minutes=HOUR)
        assert services.abandoned_games_expire() == [game]
        assert_rated_loss_once(game)

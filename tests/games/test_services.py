"""Game services: start, guess, forfeit, and guesses arriving at the same moment.

The concurrency tests need real concurrent transactions and row locks, so they
run on PostgreSQL only (CI runs the suite on both databases).
"""

from __future__ import annotations

from typing import Any

import pytest
from pytest_django.fixtures import Settings

from dictionaries.models import Dictionary
from dictionaries.wordbank import get_lexicon
from games import engine, services
from games.models import Game, Move, Status
from games.scoring import win_points
from tests.conftest import NINE_WORDS
from tests.factories import DictionaryFactory, UserFactory
from tests.games.play_support import guess, postgresql_only, run_at_once, start

pytestmark = pytest.mark.django_db


@pytest.fixture
def nine() -> Dictionary:
    return DictionaryFactory(words=list(NINE_WORDS), name="Nine", slug="nine")


class TestStart:
    def test_ranked_start(self, nine: Dictionary) -> None:
        game = start(UserFactory(), nine)
        assert game.is_ranked
        assert game.status == Status.PLAYING
        assert game.pattern == "----"
        assert game.words_left == 9
        assert game.letters == ""
        assert game.finished_at is None

    def test_show_word_count_makes_it_unranked(self, nine: Dictionary) -> None:
        assert not start(UserFactory(), nine, show_word_count=True).is_ranked

    def test_seed_is_random_when_not_given(self, nine: Dictionary) -> None:
        player = UserFactory()
        seeds = {start(player, nine, seed=None, show_word_count=True).seed for _ in range(5)}
        assert len(seeds) > 1

    @pytest.mark.parametrize(
        ("overrides", "message"),
        [
            ({"max_misses": 0}, "between 1 and 26"),
            ({"max_misses": 27}, "between 1 and 26"),
            ({"difficulty": "brutal"}, "Choose a difficulty"),
            ({"length": 5}, "Nine has no words of length 5"),
        ],
    )
    def test_bad_settings_are_refused(
        self, nine: Dictionary, overrides: dict[str, Any], message: str
    ) -> None:
        with pytest.raises(services.GameRuleError, match=message):
            start(UserFactory(), nine, **overrides)
        assert not Game.objects.exists()

    def test_hidden_dictionary_is_refused(self) -> None:
        hidden = DictionaryFactory(words=list(NINE_WORDS), is_hidden=True)
        with pytest.raises(services.GameRuleError, match="not offered"):
            start(UserFactory(), hidden)

    def test_second_ranked_start_needs_confirmation(self, nine: Dictionary) -> None:
        player = UserFactory()
        first = start(player, nine)
        with pytest.raises(services.GameInProgressError) as raised:
            start(player, nine)
        assert raised.value.game == first
        assert Game.objects.count() == 1

    def test_confirmed_start_forfeits_the_game_in_progress(self, nine: Dictionary) -> None:
        player = UserFactory()
        first = start(player, nine)
        guess(first, "e")
        second = start(player, nine, forfeit_game_id=first.pk)
        first.refresh_from_db()
        assert first.status == Status.LOST
        assert first.forfeited
        assert first.word in {"ally", "cool", "good"}
        assert first.score == 0
        assert second.status == Status.PLAYING
        assert Game.objects.filter(player=player, status=Status.PLAYING).get() == second

    def test_confirmation_for_another_game_forfeits_nothing(self, nine: Dictionary) -> None:
        """A stale tab confirmed forfeiting a game that has ended since; a newer one is current."""
        player = UserFactory()
        old = start(player, nine)
        services.game_forfeit(game_id=old.pk, player=player)
        current = start(player, nine)
        with pytest.raises(services.GameInProgressError, match="Nothing was forfeited") as raised:
            start(player, nine, forfeit_game_id=old.pk)
        assert raised.value.changed
        current.refresh_from_db()
        assert current.status == Status.PLAYING
        assert Game.objects.filter(player=player).count() == 2

    def test_confirmation_for_a_game_that_ended_just_starts(self, nine: Dictionary) -> None:
        player = UserFactory()
        old = start(player, nine)
        services.game_forfeit(game_id=old.pk, player=player)
        new = start(player, nine, forfeit_game_id=old.pk)
        assert new.status == Status.PLAYING

    def test_small_buckets_are_played_unranked(self, nine: Dictionary, settings: Settings) -> None:
        settings.RANKED_MIN_WORDS = 10  # the nine-word dictionary is below it
        game = start(UserFactory(), nine)
        assert not game.is_ranked
        settings.RANKED_MIN_WORDS = 9
        assert start(UserFactory(), nine).is_ranked

    def test_unranked_game_does_not_disturb_the_ranked_one(self, nine: Dictionary) -> None:
        player = UserFactory()
        ranked = start(player, nine)
        start(player, nine, show_word_count=True)
        ranked.refresh_from_db()
        assert ranked.status == Status.PLAYING

    def test_other_players_games_are_not_in_the_way(self, nine: Dictionary) -> None:
        start(UserFactory(), nine)
        assert start(UserFactory(), nine).status == Status.PLAYING


class TestGuess:
    def test_a_miss(self, nine: Dictionary) -> None:
        game = start(UserFactory(), nine)
        outcome = guess(game, "e")
        assert outcome.report.miss
        game.refresh_from_db()
        assert (game.letters, game.pattern, game.misses, game.words_left) == ("e", "----", 1, 3)
        move = Move.objects.get(game=game)
        assert (move.number, move.letter, move.miss, move.kept_size) == (1, "e", True, 3)
        assert move.families[0] == ["----", 3]

    def test_a_hit_and_upper_case_input(self, nine: Dictionary) -> None:
        game = start(UserFactory(), nine)
        guess(game, "e")
        outcome = guess(game, " O ")
        assert not outcome.report.miss
        game.refresh_from_db()
        assert (game.letters, game.pattern, game.misses, game.words_left) == ("eo", "-oo-", 1, 2)

    @pytest.mark.parametrize(
        ("letter", "message"),
        [
            ("", "single letter"),
            ("ab", "single letter"),
            ("7", "single letter"),
            ("ß", "single letter from A to Z"),
            # An English list folds accents: é is the e already guessed.
            ("é", "already guessed “E”"),
            ("E", "already guessed “E”"),
        ],
    )
    def test_bad_guesses_change_nothing(self, nine: Dictionary, letter: str, message: str) -> None:
        game = start(UserFactory(), nine)
        guess(game, "e")
        with pytest.raises(services.GuessRejectedError, match=message):
            guess(game, letter)
        game.refresh_from_db()
        assert (game.letters, game.misses) == ("e", 1)
        assert Move.objects.filter(game=game).count() == 1

    def test_stale_board_changes_nothing(self, nine: Dictionary) -> None:
        game = start(UserFactory(), nine)
        guess(game, "e", expected_guesses=0)
        with pytest.raises(services.StaleBoardError):
            guess(game, "o", expected_guesses=0)
        game.refresh_from_db()
        assert game.letters == "e"
        guess(game, "o", expected_guesses=1)

    def test_another_players_game_does_not_exist(self, nine: Dictionary) -> None:
        game = start(UserFactory(), nine)
        with pytest.raises(Game.DoesNotExist):
            services.game_guess(game_id=game.pk, player=UserFactory(), letter="e")
        assert not Move.objects.exists()

    def test_loss_names_the_seeded_word(self, nine: Dictionary) -> None:
        game = start(UserFactory(), nine, max_misses=2, seed=12345)
        guess(game, "e")
        outcome = guess(game, "t")
        game.refresh_from_db()
        assert game.status == Status.LOST
        assert game.finished_at is not None
        assert game.score == 0
        lexicon = get_lexicon(dictionary_id=nine.pk, length=4)
        state, _ = engine.replay(lexicon, max_misses=2, difficulty="hard", seed=12345, moves="et")
        assert game.word == state.word == outcome.report.word
        assert game.word in {"ally", "cool", "good"}
        assert game.words_left == 3

    def test_guess_after_the_end_is_refused(self, nine: Dictionary) -> None:
        game = start(UserFactory(), nine, max_misses=1)
        guess(game, "e")
        with pytest.raises(services.GuessRejectedError, match="over"):
            guess(game, "o")
        assert Move.objects.filter(game=game).count() == 1

    def test_ranked_win_scores(self, nine: Dictionary) -> None:
        game = start(UserFactory(), nine, max_misses=8)
        for letter in "eocgd":
            guess(game, letter)
        game.refresh_from_db()
        assert game.status == Status.WON
        assert game.word == "good"
        assert game.words_left == 1
        assert game.misses == 2
        assert game.score == win_points(difficulty="hard", max_misses=8) > 0

    def test_unranked_win_scores_nothing(self, nine: Dictionary) -> None:
        game = start(UserFactory(), nine, show_word_count=True)
        for letter in "eocgd":
            guess(game, letter)
        game.refresh_from_db()
        assert game.status == Status.WON
        assert game.score == 0


class TestForfeit:
    def test_forfeit_is_a_loss_that_names_a_word(self, nine: Dictionary) -> None:
        game = start(UserFactory(), nine)
        guess(game, "e")
        guess(game, "o")
        services.game_forfeit(game_id=game.pk, player=game.player)
        game.refresh_from_db()
        assert game.status == Status.LOST
        assert game.forfeited
        assert game.word in {"cool", "good"}
        assert game.finished_at is not None

    def test_forfeit_twice_is_refused(self, nine: Dictionary) -> None:
        game = start(UserFactory(), nine)
        services.game_forfeit(game_id=game.pk, player=game.player)
        with pytest.raises(services.GameRuleError, match="already gave up"):
            services.game_forfeit(game_id=game.pk, player=game.player)

    def test_another_players_game_does_not_exist(self, nine: Dictionary) -> None:
        game = start(UserFactory(), nine)
        with pytest.raises(Game.DoesNotExist):
            services.game_forfeit(game_id=game.pk, player=UserFactory())
        game.refresh_from_db()
        assert game.status == Status.PLAYING


@postgresql_only
@pytest.mark.django_db(transaction=True)
class TestAtTheSameMoment:
    def test_two_different_letters_are_both_applied_once(self) -> None:
        nine = DictionaryFactory(words=list(NINE_WORDS))
        for attempt in range(5):
            game = start(UserFactory(), nine)
            results = run_at_once(
                lambda game=game: guess(game, "e"), lambda game=game: guess(game, "o")
            )
            assert all(isinstance(result, services.GuessOutcome) for result in results), results
            moves = list(Move.objects.filter(game=game).order_by("number"))
            assert [move.number for move in moves] == [1, 2], attempt
            assert sorted(move.letter for move in moves) == ["e", "o"]
            game.refresh_from_db()
            assert sorted(game.letters) == ["e", "o"]
            assert game.letters == "".join(move.letter for move in moves)

    def test_the_same_letter_twice_is_applied_once(self) -> None:
        nine = DictionaryFactory(words=list(NINE_WORDS))
        for _ in range(5):
            game = start(UserFactory(), nine)
            results = run_at_once(
                lambda game=game: guess(game, "e"), lambda game=game: guess(game, "e")
            )
            outcomes = [result for result in results if isinstance(result, services.GuessOutcome)]
            refusals = [
                result for result in results if isinstance(result, services.GuessRejectedError)
            ]
            assert len(outcomes) == 1, results
            assert len(refusals) == 1, results
            assert Move.objects.filter(game=game).count() == 1
            game.refresh_from_db()
            assert (game.letters, game.misses) == ("e", 1)

    def test_a_double_submit_from_one_board_is_applied_once(self) -> None:
        nine = DictionaryFactory(words=list(NINE_WORDS))
        game = start(UserFactory(), nine)
        results = run_at_once(
            lambda: guess(game, "e", expected_guesses=0),
            lambda: guess(game, "o", expected_guesses=0),
        )
        assert sum(isinstance(result, services.GuessOutcome) for result in results) == 1
        assert sum(isinstance(result, services.StaleBoardError) for result in results) == 1
        assert Move.objects.filter(game=game).count() == 1

    def test_two_ranked_starts_leave_one_game_in_progress(self) -> None:
        nine = DictionaryFactory(words=list(NINE_WORDS))
        player = UserFactory()
        results = run_at_once(lambda: start(player, nine), lambda: start(player, nine))
        games = [result for result in results if isinstance(result, Game)]
        refusals = [result for result in results if isinstance(result, services.GameRuleError)]
        assert len(games) == 1, results
        assert len(refusals) == 1, results
        assert Game.objects.filter(player=player, status=Status.PLAYING).count() == 1

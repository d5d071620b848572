"""Hints: the AI guesser's letter for the position, in practice games only.

A game that counts (ranked, a daily attempt, an assignment's) is refused; the tricks a
cheater tries against that are in ``tests/adversary/test_counting_games.py``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.db import IntegrityError, transaction
from pytest_django.fixtures import Settings

from core.ratelimit import RateLimitExceeded
from daily.models import DAILY_LEADERBOARD_GAMES, DailyGame
from daily.services import DailyAttemptExistsError, daily_attempt_start
from dictionaries.models import Dictionary
from games import services
from games.engine import GameState, guesser
from games.models import CountsAs, Game, Hint
from games.selectors.replay import game_state
from tests.conftest import NINE_WORDS
from tests.daily.support import PLAY_ORDER, daily_dictionary, made_up_words, todays_puzzle
from tests.factories import DictionaryFactory, UserFactory
from tests.games.play_support import guess, postgresql_only, run_at_once, start

pytestmark = pytest.mark.django_db


@pytest.fixture
def nine() -> Dictionary:
    return DictionaryFactory(words=list(NINE_WORDS), name="Nine", slug="nine")


@pytest.fixture
def made_up() -> Dictionary:
    """Words of rare letters only: any of them found in a page is a leak."""
    return DictionaryFactory(words=made_up_words(), name="Made up", slug="made-up")


def hint(game: Game, **kwargs: Any) -> services.HintOutcome:
    return services.game_hint(game_id=game.pk, player=game.player, **kwargs)


class TestService:
    @pytest.mark.parametrize("difficulty", ["easy", "medium", "hard", "fiendish", "fair"])
    def test_a_hint_never_proposes_a_letter_already_guessed(
        self, made_up: Dictionary, difficulty: str
    ) -> None:
        game = start(
            UserFactory(),
            made_up,
            length=7,
            difficulty=difficulty,
            max_misses=26,
            seed=3,
            show_word_count=True,
        )
        for letter in PLAY_ORDER:
            game.refresh_from_db()
            if game.is_over:
                break
            outcome = hint(game)
            assert outcome.hint.letter not in game.letters
            assert outcome.hint.letter.isalpha()
            assert len(outcome.hint.letter) == 1
            assert outcome.hint.reason
            guess(game, letter)

    def test_a_ranked_game_gets_no_hint_and_nothing_changes(self, nine: Dictionary) -> None:
        game = start(UserFactory(), nine)
        guess(game, "e")
        assert game.is_ranked
        with pytest.raises(services.HintRefusedError, match="No hints in a ranked game"):
            hint(game)
        game.refresh_from_db()
        assert (game.is_ranked, game.hints_used, game.unranked_by_hint) == (True, 0, False)
        assert not Hint.objects.exists()

    def test_a_practice_game_gets_its_hint(self, nine: Dictionary) -> None:
        game = start(UserFactory(), nine, show_word_count=True)
        outcome = hint(game)
        game.refresh_from_db()
        assert (game.hints_used, game.unranked_by_hint, outcome.hint.made_unranked) == (
            1,
            False,
            False,
        )

    def test_asking_again_at_the_same_position_gives_the_same_hint(
        self, nine: Dictionary, settings: Settings
    ) -> None:
        settings.RATE_LIMITS = {**settings.RATE_LIMITS, "hint": "1/h"}
        game = start(UserFactory(), nine, show_word_count=True)
        first = hint(game)
        again = hint(game)  # not counted
        assert again.repeated
        assert again.hint.pk == first.hint.pk
        game.refresh_from_db()
        assert game.hints_used == 1

    def test_after_an_undo_the_position_decides_the_hint(self, nine: Dictionary) -> None:
        game = start(UserFactory(), nine, show_word_count=True)
        guess(game, "e")
        first = hint(game)
        services.game_undo(game_id=game.pk, player=game.player)
        guess(game, "o")
        game.refresh_from_db()
        second = hint(game)
        assert not second.repeated
        assert second.hint.pk != first.hint.pk
        assert second.hint.letter not in "o"
        assert second.hint.letters_before == "o"

    def test_a_finished_game_gets_no_hint_and_nothing_changes(self, nine: Dictionary) -> None:
        game = start(UserFactory(), nine, max_misses=1, show_word_count=True)
        guess(game, "e")  # a miss: lost
        game.refresh_from_db()
        assert game.is_over
        with pytest.raises(services.HintRefusedError, match="over"):
            hint(game)
        game.refresh_from_db()
        assert game.hints_used == 0
        assert not Hint.objects.exists()

    def test_a_game_the_computer_plays_gets_no_hint(self, nine: Dictionary) -> None:
        game = services.computer_game_start(
            player=UserFactory(), dictionary=nine, length=4, max_misses=8, difficulty="hard"
        )
        with pytest.raises(services.HintRefusedError, match="computer"):
            hint(game)
        game.refresh_from_db()
        assert game.hints_used == 0
        assert not Hint.objects.exists()

    def test_someone_elses_game_does_not_exist(self, nine: Dictionary) -> None:
        game = start(UserFactory(), nine)
        with pytest.raises(Game.DoesNotExist):
            services.game_hint(game_id=game.pk, player=UserFactory())

    def test_a_stale_board_gets_no_hint(self, nine: Dictionary) -> None:
        game = start(UserFactory(), nine, show_word_count=True)
        guess(game, "e")
        with pytest.raises(services.StaleBoardError):
            hint(game, expected_guesses=0)
        assert not Hint.objects.exists()

    def test_a_hint_worked_out_while_a_guess_lands_is_refused(
        self, nine: Dictionary, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        game = start(UserFactory(), nine, show_word_count=True)
        guess(game, "e")
        meanwhile(monkeypatch, lambda: guess(game, "o"))
        with pytest.raises(services.StaleBoardError):
            hint(game, expected_guesses=1)
        game.refresh_from_db()
        assert (game.letters, game.hints_used) == ("eo", 0)
        assert not Hint.objects.exists()

    def test_a_hint_worked_out_while_an_undo_and_another_guess_land_is_refused(
        self, nine: Dictionary, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """As many guesses as the hint was worked out on, but not the same letters: the
        hint of E would be shown on the board of O (and could name O)."""
        game = start(UserFactory(), nine, show_word_count=True)
        guess(game, "e")

        def undo_and_guess_another() -> None:
            services.game_undo(game_id=game.pk, player=game.player)
            guess(game, "o")

        meanwhile(monkeypatch, undo_and_guess_another)
        with pytest.raises(services.StaleBoardError):
            hint(game, expected_guesses=1)
        game.refresh_from_db()
        assert (game.letters, game.hints_used) == ("o", 0)
        assert not Hint.objects.exists()
        monkeypatch.undo()
        assert hint(game, expected_guesses=1).hint.letters_before == "o"

    def test_hints_are_rate_limited(self, nine: Dictionary, settings: Settings) -> None:
        settings.RATE_LIMITS = {**settings.RATE_LIMITS, "hint": "1/h"}
        player = UserFactory()
        game = start(player, nine, show_word_count=True)
        hint(game)
        guess(game, "e")
        with pytest.raises(RateLimitExceeded):
            hint(game)
        game.refresh_from_db()
        assert game.hints_used == 1

    def test_a_hint_never_names_a_word(self, made_up: Dictionary) -> None:
        game = start(
            UserFactory(), made_up, length=7, difficulty="hard", max_misses=26, show_word_count=True
        )
        guess(game, "q")
        outcome = hint(game)
        for word in game_state(game).candidate_words():
            assert word not in outcome.hint.reason.lower()


def meanwhile(monkeypatch: pytest.MonkeyPatch, moves: Callable[[], object]) -> None:
    """Other requests change the game while a hint is worked out: after the hint service's
    first read and before its row lock, as another tab's could (the search holds no lock)."""
    propose = guesser.propose

    def propose_then_move(state: GameState, **kwargs: Any) -> guesser.Proposal:
        proposal = propose(state, **kwargs)
        moves()
        return proposal

    monkeypatch.setattr(guesser, "propose", propose_then_move)


def hinted_before_the_rule(game: Game) -> Game:
    """A game as a hint left it before hints were refused in games that count."""
    Game.objects.filter(pk=game.pk).update(is_ranked=False, unranked_by_hint=True, hints_used=1)
    game.refresh_from_db()
    return game


class TestDailyAttempt:
    def test_a_daily_attempt_gets_no_hint_and_stays_on_the_leaderboard(self) -> None:
        daily_dictionary()
        puzzle = todays_puzzle()
        player = UserFactory()
        attempt = daily_attempt_start(player=player, puzzle=puzzle)
        with pytest.raises(services.HintRefusedError, match="one attempt at the daily puzzle"):
            hint(attempt)
        attempt.refresh_from_db()
        assert (attempt.is_ranked, attempt.hints_used) == (True, 0)
        for letter in PLAY_ORDER:
            attempt.refresh_from_db()
            if attempt.is_over:
                break
            guess(attempt, letter)
        assert Game.objects.filter(DAILY_LEADERBOARD_GAMES).get() == attempt

    def test_the_database_keeps_one_attempt_a_day_hinted_or_not(self) -> None:
        daily_dictionary()
        puzzle = todays_puzzle()
        player = UserFactory()
        attempt = hinted_before_the_rule(daily_attempt_start(player=player, puzzle=puzzle))
        with pytest.raises(DailyAttemptExistsError) as raised:
            daily_attempt_start(player=player, puzzle=puzzle)
        assert raised.value.game.pk == attempt.pk

        def second_attempt() -> None:
            second = Game.objects.create(
                player=player,
                dictionary_id=puzzle.dictionary_id,
                length=puzzle.length,
                max_misses=puzzle.max_misses,
                difficulty=puzzle.difficulty,
                seed=puzzle.seed,
                seeded_ties=True,
                pattern="-" * puzzle.length,
                words_left=5,
                counts_as=CountsAs.ONE_ATTEMPT,
            )
            DailyGame.objects.create(game=second, puzzle=puzzle, attempt_by=player)

        with pytest.raises(IntegrityError), transaction.atomic():
            second_attempt()


@postgresql_only
@pytest.mark.django_db(transaction=True)
class TestAtTheSameMoment:
    def test_two_presses_at_once_store_one_hint(self) -> None:
        nine = DictionaryFactory(words=list(NINE_WORDS))
        for _ in range(3):
            game = start(UserFactory(), nine, show_word_count=True)
            results = run_at_once(lambda game=game: hint(game), lambda game=game: hint(game))
            assert all(isinstance(result, services.HintOutcome) for result in results), results
            assert sorted(result.repeated for result in results) == [False, True]
            assert len({result.hint.pk for result in results}) == 1
            game.refresh_from_db()
            assert (game.hints_used, game.is_ranked) == (1, False)

    @pytest.mark.parametrize(
        "board_guesses", [0, None], ids=["sent from the board", "sent without a board"]
    )
    def test_a_hint_and_a_guess_at_once_give_a_hint_of_the_position_or_a_refusal(
        self, board_guesses: int | None
    ) -> None:
        """Whichever comes first, the guess is played and the hint is refused or stored for
        the letters it was worked out on, which the game still held when it was stored.

        The board sends its count of guesses (0 here), so its hint can only be of the empty
        position. A call without a count may also start after the guess has landed: its
        hint is then rightly of the position after E."""
        nine = DictionaryFactory(words=list(NINE_WORDS))
        positions = [""] if board_guesses == 0 else ["", "e"]
        for round_ in range(4):
            game = start(UserFactory(), nine, show_word_count=True)
            calls = [
                lambda game=game: hint(game, expected_guesses=board_guesses),
                lambda game=game: guess(game, "e"),
            ]
            # The thread started last tends to go first: each order half the time.
            order = 1 if round_ % 2 else -1
            given, guessed = run_at_once(*calls[::order])[::order]
            assert isinstance(guessed, services.GuessOutcome), guessed
            assert isinstance(given, services.HintOutcome | services.StaleBoardError), given
            stored = list(Hint.objects.filter(game=game))
            game.refresh_from_db()
            assert game.letters == "e"
            if isinstance(given, services.StaleBoardError):
                assert (stored, game.hints_used) == ([], 0)
                continue
            assert (stored, game.hints_used) == ([given.hint], 1)
            letters = given.hint.letters_before
            assert letters in positions
            assert given.game.letters == letters  # the row, locked, when the hint was stored
            assert given.hint.after_guesses == len(letters)
            position = game_state(game, after_move=len(letters))
            assert given.hint.letter == guesser.propose(position).letter

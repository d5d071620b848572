"""Taking back the last guess: practice games only; the server refuses it for any other."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest

from daily.selectors import utc_today
from daily.services import daily_attempt_start, daily_practice_start, daily_puzzle_ensure
from dictionaries.models import Dictionary
from games import engine, services
from games.models import Game, Move, Status
from games.selectors.replay import game_state
from tests.conftest import NINE_WORDS
from tests.daily.support import daily_dictionary, play_out
from tests.factories import DictionaryFactory, UserFactory
from tests.games.play_support import guess, start

pytestmark = pytest.mark.django_db


@pytest.fixture
def nine() -> Dictionary:
    return DictionaryFactory(words=list(NINE_WORDS), name="Nine", slug="nine")


def practice(nine: Dictionary, **overrides: Any) -> Game:
    return start(UserFactory(), nine, show_word_count=True, **overrides)


def snapshot(game: Game) -> tuple[Any, ...]:
    game.refresh_from_db()
    return (
        game.letters,
        game.pattern,
        game.misses,
        game.words_left,
        game.status,
        game.word,
        game.finished_at,
        Move.objects.filter(game=game).count(),
    )


def undo(game: Game, **kwargs: Any) -> services.UndoOutcome:
    return services.game_undo(game_id=game.pk, player=game.player, **kwargs)


class TestService:
    def test_the_game_is_as_it_was_before_the_last_guess(self, nine: Dictionary) -> None:
        game = practice(nine)
        guess(game, "e")
        before = snapshot(game)
        guess(game, "o")
        outcome = undo(game, expected_guesses=2)
        assert (outcome.letter, outcome.was_miss) == ("o", False)
        assert snapshot(game) == before
        assert game_state(game).candidate_words() == ["ally", "cool", "good"]
        # The next guess runs the word-maker again on the restored state.
        assert guess(game, "o").report.pattern == "-oo-"

    def test_back_to_the_start(self, nine: Dictionary) -> None:
        game = practice(nine)
        before = snapshot(game)
        guess(game, "e")
        undo(game)
        assert snapshot(game) == before
        assert game.words_left == 9

    def test_a_finished_game_keeps_its_last_guess(self, nine: Dictionary) -> None:
        game = practice(nine, max_misses=1)
        guess(game, "e")
        game.refresh_from_db()
        assert game.status == Status.LOST
        before = snapshot(game)
        with pytest.raises(services.UndoRefusedError, match="This game is over"):
            undo(game)
        assert snapshot(game) == before

    @pytest.mark.parametrize(
        ("make", "message"),
        [
            (lambda nine: start(UserFactory(), nine), "a ranked game: a guess cannot"),
            (lambda nine: start(UserFactory(), nine, difficulty="fiendish"), "ranked game"),
        ],
        ids=["ranked", "ranked-fiendish"],
    )
    def test_a_ranked_game_refuses(self, nine: Dictionary, make: Any, message: str) -> None:
        game = make(nine)
        guess(game, "e")
        before = snapshot(game)
        with pytest.raises(services.UndoRefusedError, match=message):
            undo(game)
        assert snapshot(game) == before

    def test_a_daily_attempt_refuses_and_past_days_practice_allows(self) -> None:
        daily_dictionary()
        puzzle = daily_puzzle_ensure(day=utc_today())
        game = daily_attempt_start(player=UserFactory(), puzzle=puzzle)
        guess(game, "q")
        before = snapshot(game)
        with pytest.raises(services.UndoRefusedError, match="daily puzzle: a guess"):
            undo(game)
        assert snapshot(game) == before
        finished = play_out(game)
        with pytest.raises(services.UndoRefusedError):
            undo(finished)
        yesterday = daily_puzzle_ensure(day=utc_today() - dt.timedelta(days=1))
        practice_game = daily_practice_start(
            player=UserFactory(), puzzle=yesterday, today=utc_today()
        )
        guess(practice_game, "q")
        assert undo(practice_game).letter == "q"

    def test_nothing_to_take_back(self, nine: Dictionary) -> None:
        game = practice(nine)
        with pytest.raises(services.UndoRefusedError, match="no guess to take back yet"):
            undo(game)
        guess(game, "e")
        services.game_forfeit(game_id=game.pk, player=game.player)
        before = snapshot(game)
        with pytest.raises(services.UndoRefusedError, match="You gave up"):
            undo(game)
        assert snapshot(game) == before

    def test_a_double_click_takes_back_one_guess(self, nine: Dictionary) -> None:
        game = practice(nine)
        guess(game, "e")
        guess(game, "o")
        undo(game, expected_guesses=2)
        before = snapshot(game)
        with pytest.raises(services.StaleBoardError, match="Nothing was taken back"):
            undo(game, expected_guesses=2)
        assert snapshot(game) == before

    def test_another_players_game_does_not_exist(self, nine: Dictionary) -> None:
        game = practice(nine)
        guess(game, "e")
        with pytest.raises(Game.DoesNotExist):
            services.game_undo(game_id=game.pk, player=UserFactory())


def test_the_engine_agrees_after_an_undo(nine: Dictionary) -> None:
    """Guesses after an undo are what a game that never made the guess would play."""
    undone = practice(nine, seed=3)
    straight = practice(nine, seed=3)
    for letter in "eo":
        guess(undone, letter)
    undo(undone)
    for game in (undone, straight):
        game.refresh_from_db()
        if not game.letters:
            guess(game, "e")
        for letter in "lat":
            game.refresh_from_db()
            if not game.is_over:
                guess(game, letter)
    assert snapshot(undone)[:6] == snapshot(straight)[:6]
    state, _ = engine.replay(
        game_state(undone).lexicon, max_misses=8, difficulty="hard", seed=3, moves=undone.letters
    )
    assert state.pattern == undone.pattern

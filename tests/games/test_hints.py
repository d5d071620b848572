"""Hints: the AI guesser's letter for the position, in practice games only.

A game that counts (ranked, a daily attempt, an assignment's) is refused; the tricks a
cheater tries against that are in ``tests/adversary/test_counting_games.py``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.test import Client
from django.urls import reverse
from pytest_django.fixtures import Settings

from core.ratelimit import RateLimitExceeded
from daily.services import DailyAttemptExistsError, daily_attempt_start
from dictionaries.models import Dictionary
from games import services
from games.engine import GameState, guesser
from games.models import DAILY_BOARD_GAMES, Game, Hint
from games.selectors.replay import game_state
from tests.conftest import NINE_WORDS
from tests.daily.support import PLAY_ORDER, daily_dictionary, made_up_words, todays_puzzle
from tests.factories import DictionaryFactory, UserFactory
from tests.games.play_support import guess, postgresql_only, run_at_once, start

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def nine() -> Dictionary:
    return DictionaryFactory(words=list(NINE_WORDS), name="Nine", slug="nine")


@pytest.fixture
def made_up() -> Dictionary:
    """Words of rare letters only: any of them found in a page is a leak."""
    return DictionaryFactory(words=made_up_words(), name="Made up", slug="made-up")


def hint(game: Game, **kwargs: Any) -> services.HintOutcome:
    return services.game_hint(game_id=game.pk, player=game.player, **kwargs)


def client_of(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


def post_hint(client: Client, game: Game, *, htmx: bool, confirm: bool = False, **data: Any) -> Any:
    fields = {"expected_guesses": len(game.letters), **data}
    if confirm:
        fields["confirm"] = "yes"
    headers = HTMX if htmx else {}
    return client.post(reverse("game_hint", args=[game.pk]), fields, **headers)


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
    def test_a_daily_attempt_gets_no_hint_and_stays_on_the_board(self) -> None:
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
        assert Game.objects.filter(DAILY_BOARD_GAMES).get() == attempt

    def test_the_database_keeps_one_attempt_a_day_hinted_or_not(self) -> None:
        daily_dictionary()
        puzzle = todays_puzzle()
        player = UserFactory()
        attempt = hinted_before_the_rule(daily_attempt_start(player=player, puzzle=puzzle))
        with pytest.raises(DailyAttemptExistsError) as raised:
            daily_attempt_start(player=player, puzzle=puzzle)
        assert raised.value.game.pk == attempt.pk
        with pytest.raises(IntegrityError), transaction.atomic():
            Game.objects.create(
                player=player,
                dictionary_id=puzzle.dictionary_id,
                length=puzzle.length,
                max_misses=puzzle.max_misses,
                difficulty=puzzle.difficulty,
                seed=puzzle.seed,
                seeded_ties=True,
                pattern="-" * puzzle.length,
                words_left=5,
                daily_puzzle=puzzle,
            )


class TestView:
    def test_a_ranked_board_offers_practice_instead_of_a_hint(self, nine: Dictionary) -> None:
        game = start(UserFactory(), nine)
        html = client_of(game.player).get(reverse("game_detail", args=[game.pk])).content.decode()
        assert "No hints in a ranked game: it counts, so you play it on your own." in html
        assert 'id="practice-instead"' in html
        assert 'id="hint-button"' not in html
        assert "last-hint" not in html

    def test_the_practice_offer_starts_an_unranked_game_with_the_same_settings(
        self, nine: Dictionary
    ) -> None:
        game = start(UserFactory(), nine, difficulty="medium", max_misses=5)
        client = client_of(game.player)
        html = client.get(reverse("game_detail", args=[game.pk])).content.decode()
        form = html[html.index('action="/games/new/"') : html.index('id="practice-instead"')]
        fields = dict(re.findall(r'name="(\w+)" value="([^"]*)"', form))
        assert fields["show_word_count"] == "on"
        response = client.post(reverse("game_new"), fields)
        practice = Game.objects.exclude(pk=game.pk).get()
        assert response["Location"] == reverse("game_detail", args=[practice.pk])
        assert (practice.length, practice.max_misses, practice.difficulty) == (4, 5, "medium")
        assert not practice.is_ranked
        game.refresh_from_db()
        assert game.is_ranked
        assert not game.is_over
        practice_html = client.get(response["Location"]).content.decode()
        assert 'id="hint-button"' in practice_html

    @pytest.mark.parametrize("htmx", [True, False])
    def test_a_hint_in_a_practice_game_shows_the_letter_and_its_reason(
        self, nine: Dictionary, htmx: bool
    ) -> None:
        game = start(UserFactory(), nine, show_word_count=True)
        client = client_of(game.player)
        response = post_hint(client, game, htmx=htmx)
        if htmx:
            assert response.status_code == 200
            assert 'id="board"' in response.content.decode()
            assert "<html" not in response.content.decode()
        else:
            assert response.status_code == 302
            response = client.get(response["Location"])
        html = response.content.decode()
        stored = Hint.objects.get(game=game)
        assert f"Hint: {stored.letter.upper()}." in html
        assert 'id="last-hint"' in html
        assert stored.reason in html

    def test_someone_elses_game_is_a_404(self, nine: Dictionary) -> None:
        game = start(UserFactory(), nine)
        response = post_hint(client_of(UserFactory()), game, htmx=True)
        assert response.status_code == 404
        game.refresh_from_db()
        assert game.is_ranked
        assert not Hint.objects.exists()

    @pytest.mark.parametrize("htmx", [True, False])
    def test_a_finished_game_is_refused_with_a_message(self, nine: Dictionary, htmx: bool) -> None:
        game = start(UserFactory(), nine, max_misses=1, show_word_count=True)
        guess(game, "e")
        game.refresh_from_db()
        client = client_of(game.player)
        response = post_hint(client, game, htmx=htmx)
        if not htmx:
            response = client.get(response["Location"])
        assert "This game is over, so there is nothing to hint" in response.content.decode()
        assert not Hint.objects.exists()

    @pytest.mark.parametrize("htmx", [True, False])
    def test_past_the_rate_the_player_is_told_in_place(
        self, nine: Dictionary, settings: Settings, htmx: bool
    ) -> None:
        settings.RATE_LIMITS = {**settings.RATE_LIMITS, "hint": "1/h"}
        game = start(UserFactory(), nine, show_word_count=True)
        client = client_of(game.player)
        assert post_hint(client, game, htmx=htmx).status_code in (200, 302)
        guess(game, "e")
        game.refresh_from_db()
        response = post_hint(client, game, htmx=htmx)
        assert response.status_code == 429
        html = response.content.decode()
        assert "Too many hints" in html
        if htmx:
            assert 'id="board"' in html
        assert Hint.objects.count() == 1

    def test_a_bad_board_form_changes_nothing(self, nine: Dictionary) -> None:
        game = start(UserFactory(), nine)
        response = post_hint(
            client_of(game.player), game, htmx=True, confirm=True, expected_guesses="x"
        )
        assert "could not be read" in response.content.decode()
        assert not Hint.objects.exists()

    def test_a_visitor_is_sent_to_log_in(self, nine: Dictionary) -> None:
        game = start(UserFactory(), nine)
        response = Client().post(reverse("game_hint", args=[game.pk]), {"confirm": "yes"})
        assert response.status_code == 302
        assert "login" in response["Location"]
        assert not Hint.objects.exists()

    def test_the_board_never_shows_a_candidate_word(self, made_up: Dictionary) -> None:
        game = start(UserFactory(), made_up, length=7, max_misses=26, show_word_count=True)
        client = client_of(game.player)
        guess(game, "q")
        game.refresh_from_db()
        html = post_hint(client, game, htmx=True).content.decode().lower()
        for word in game_state(game).candidate_words():
            assert not re.search(rf"\b{word}\b", html)

    def test_lists_and_the_review_say_how_many_hints_were_used(self, nine: Dictionary) -> None:
        game = start(UserFactory(), nine, show_word_count=True, max_misses=1)
        hint(game)
        guess(game, "e")
        client = client_of(game.player)
        assert "1 hint used" in client.get(reverse("my_games")).content.decode()
        assert "1 hint used" in client.get(reverse("game_review", args=[game.pk])).content.decode()
        assert "1 hint used" in client.get(reverse("game_detail", args=[game.pk])).content.decode()

    def test_play_again_after_a_hinted_game_is_ranked_again(self, nine: Dictionary) -> None:
        game = hinted_before_the_rule(start(UserFactory(), nine, max_misses=1))
        guess(game, "e")
        game.refresh_from_db()
        assert game.is_over
        html = client_of(game.player).get(reverse("game_detail", args=[game.pk])).content.decode()
        assert "A hint was used, so the game is unranked" in html
        assert "Play again with the same settings" in html
        assert 'name="show_word_count"' not in html


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

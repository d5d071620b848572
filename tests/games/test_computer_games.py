"""Watching the computer play: its games, their moves, who sees them, and what never counts.

Made-up words (``qzxv``...) make "no candidate word in the page" a meaningful
check: they cannot occur in the HTML by accident.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.db import IntegrityError, transaction
from django.test import Client
from django.urls import reverse
from pytest_django.fixtures import Settings

from classes.selectors import class_games, class_statistics
from core.ratelimit import RateLimitExceeded
from dictionaries.models import Dictionary
from games import engine, services
from games.models import CategoryTotal, Game, Move, PlayerTotal, Status
from games.selectors.replay import game_state
from records.selectors.leaderboard import LeaderboardFilters, counted_games
from records.selectors.stats import player_statistics
from tests.factories import (
    DictionaryFactory,
    GameFactory,
    MembershipFactory,
    UserFactory,
)
from tests.games.play_support import game_settings, guess, postgresql_only, run_at_once, start

pytestmark = pytest.mark.django_db

SECRET_FOUR = ("qzxv", "qzjk", "vxqz", "jkqz", "zqvj", "xvjq", "kzqx", "jzvk", "vqkx", "xkzj")


@pytest.fixture
def secret() -> Dictionary:
    return DictionaryFactory(words=list(SECRET_FOUR), name="Secret", slug="secret", is_default=True)


def computer_game(player: Any, dictionary: Dictionary, **overrides: Any) -> Game:
    return services.computer_game_start(**game_settings(player, dictionary, **overrides))


def play_to_the_end(game: Game) -> Game:
    for _ in range(26):
        game.refresh_from_db()
        if game.is_over:
            break
        services.computer_move(game_id=game.pk, player=game.player, expected_guesses=None)
    game.refresh_from_db()
    assert game.is_over
    return game


def finished_player_game(player: Any, dictionary: Dictionary, **overrides: Any) -> Game:
    game = start(player, dictionary, **overrides)
    for letter in "qzxvjk":
        game.refresh_from_db()
        if game.is_over:
            break
        guess(game, letter)
    game.refresh_from_db()
    if not game.is_over:
        services.game_forfeit(game_id=game.pk, player=player)
        game.refresh_from_db()
    return game


# --- the services -------------------------------------------------------------------------


def test_a_computer_game_is_unranked_and_marked(player: Any, secret: Dictionary) -> None:
    game = computer_game(player, secret)
    assert game.played_by_computer
    assert not game.is_ranked
    assert not game.seeded_ties
    assert game.player == player
    assert game.status == Status.PLAYING


def test_a_computer_game_can_never_be_ranked(player: Any, secret: Dictionary) -> None:
    with pytest.raises(IntegrityError), transaction.atomic():
        GameFactory(player=player, dictionary=secret, played_by_computer=True, is_ranked=True)


def test_the_computer_plays_legal_moves_to_the_end(player: Any, secret: Dictionary) -> None:
    game = play_to_the_end(computer_game(player, secret, difficulty="medium", max_misses=3))
    moves = list(Move.objects.filter(game=game).order_by("number"))
    assert [move.letter for move in moves] == list(game.letters)
    assert len(set(game.letters)) == len(game.letters)
    assert game.misses == sum(move.miss for move in moves) <= game.max_misses
    # The stored game is exactly what its word-maker plays with these letters.
    state, _ = engine.replay(
        engine.Lexicon(SECRET_FOUR),
        max_misses=game.max_misses,
        difficulty=game.difficulty,
        seed=game.seed,
        moves=game.letters,
    )
    assert (state.pattern, state.misses, state.status.value) == (
        game.pattern,
        game.misses,
        game.status,
    )


@pytest.mark.parametrize("difficulty", ["easy", "hard", "fiendish", "fair"])
def test_the_computer_plays_the_same_game_from_the_same_seed(
    player: Any, secret: Dictionary, difficulty: str
) -> None:
    first = play_to_the_end(computer_game(player, secret, difficulty=difficulty, seed=99))
    second = play_to_the_end(computer_game(player, secret, difficulty=difficulty, seed=99))
    assert (first.letters, first.misses, first.word) == (second.letters, second.misses, second.word)


def test_a_move_from_an_old_board_changes_nothing(player: Any, secret: Dictionary) -> None:
    game = computer_game(player, secret)
    services.computer_move(game_id=game.pk, player=player, expected_guesses=0)
    with pytest.raises(services.StaleBoardError):
        services.computer_move(game_id=game.pk, player=player, expected_guesses=0)
    assert Move.objects.filter(game=game).count() == 1


def test_the_player_cannot_guess_undo_or_forfeit_a_computer_game(
    player: Any, secret: Dictionary
) -> None:
    game = computer_game(player, secret)
    services.computer_move(game_id=game.pk, player=player)
    with pytest.raises(services.GuessRejectedError, match="only watch"):
        guess(game, "q")
    with pytest.raises(services.UndoRefusedError):
        services.game_undo(game_id=game.pk, player=player)
    with pytest.raises(services.GameRuleError, match="never gives up"):
        services.game_forfeit(game_id=game.pk, player=player)
    assert Move.objects.filter(game=game).count() == 1


def test_the_computer_does_not_play_the_players_own_game(player: Any, secret: Dictionary) -> None:
    game = start(player, secret)
    with pytest.raises(services.GuessRejectedError):
        services.computer_move(game_id=game.pk, player=player)
    assert not Move.objects.filter(game=game).exists()


def test_someone_elses_computer_game_does_not_exist(player: Any, secret: Dictionary) -> None:
    game = computer_game(player, secret)
    with pytest.raises(Game.DoesNotExist):
        services.computer_move(game_id=game.pk, player=UserFactory())


def test_starting_computer_games_is_rate_limited(
    player: Any, secret: Dictionary, settings: Settings
) -> None:
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "computer_game": "2/m"}
    computer_game(player, secret)
    computer_game(player, secret)
    with pytest.raises(RateLimitExceeded):
        computer_game(player, secret)
    assert Game.objects.filter(played_by_computer=True).count() == 2


def test_a_replay_plays_the_players_settings_and_seed(player: Any, secret: Dictionary) -> None:
    own = finished_player_game(player, secret, difficulty="medium", max_misses=5, seed=1234)
    replay = services.computer_replay_start(player=player, game_id=own.pk)
    assert replay.computer_replay_of == own
    assert (replay.dictionary, replay.length, replay.max_misses, replay.difficulty) == (
        own.dictionary,
        own.length,
        own.max_misses,
        own.difficulty,
    )
    assert (replay.seed, replay.seeded_ties) == (own.seed, own.seeded_ties) == (1234, True)
    assert not replay.is_ranked
    # Asked again: the same replay, not another.
    assert services.computer_replay_start(player=player, game_id=own.pk) == replay


def test_a_replay_is_refused_before_the_game_is_over(player: Any, secret: Dictionary) -> None:
    own = start(player, secret)
    with pytest.raises(services.GameRuleError, match="Finish this game first"):
        services.computer_replay_start(player=player, game_id=own.pk)
    with pytest.raises(Game.DoesNotExist):
        services.computer_replay_start(player=UserFactory(), game_id=own.pk)
    assert not Game.objects.filter(played_by_computer=True).exists()


# --- never counted ------------------------------------------------------------------------


def test_computer_games_count_nowhere(player: Any, secret: Dictionary) -> None:
    own = finished_player_game(player, secret, seed=3)
    totals_before = list(CategoryTotal.objects.values_list("games", "wins", "points"))
    stats_before = player_statistics(player=player)
    replay = play_to_the_end(services.computer_replay_start(player=player, game_id=own.pk))
    play_to_the_end(computer_game(player, secret, difficulty="easy"))
    assert replay.score == 0
    assert not counted_games(LeaderboardFilters()).filter(played_by_computer=True).exists()
    assert list(CategoryTotal.objects.values_list("games", "wins", "points")) == totals_before
    assert PlayerTotal.objects.get(player=player).games == 1
    assert player_statistics(player=player) == stats_before
    membership = MembershipFactory(student=player)
    assert list(class_games(membership.classroom)) == [own]
    assert class_statistics(membership.classroom)[0].played == 1


# --- concurrency --------------------------------------------------------------------------


@postgresql_only
@pytest.mark.django_db(transaction=True)
def test_two_tabs_asking_at_once_get_one_move() -> None:
    player = UserFactory()
    dictionary = DictionaryFactory(words=list(SECRET_FOUR))
    game = computer_game(player, dictionary)

    def ask() -> Any:
        return services.computer_move(game_id=game.pk, player=player, expected_guesses=0)

    for _ in range(3):  # every round: one of the two moves, the other finds the board moved
        results = run_at_once(ask, ask)
        moved = [result for result in results if isinstance(result, services.ComputerMove)]
        stale = [result for result in results if isinstance(result, services.StaleBoardError)]
        assert (len(moved), len(stale)) == (1, 1), results
        game.refresh_from_db()
        if game.is_over:
            break
        Move.objects.filter(game=game).delete()  # back to the start for the next round
        Game.objects.filter(pk=game.pk).update(
            letters="", moves=[], pattern="----", misses=0, words_left=len(SECRET_FOUR)
        )
    assert Move.objects.filter(game=game).count() <= 1


@postgresql_only
@pytest.mark.django_db(transaction=True)
def test_racing_moves_without_a_board_count_never_repeat_a_letter() -> None:
    player = UserFactory()
    dictionary = DictionaryFactory(words=list(SECRET_FOUR))
    game = computer_game(player, dictionary, max_misses=20)

    def ask() -> Any:
        return services.computer_move(game_id=game.pk, player=player)

    results = run_at_once(ask, ask, ask)
    assert all(isinstance(result, services.ComputerMove) for result in results), results
    moves = list(Move.objects.filter(game=game).order_by("number"))
    assert [move.number for move in moves] == [1, 2, 3]
    assert len({move.letter for move in moves}) == 3


# --- the pages ----------------------------------------------------------------------------


def page(client: Client, url: str, **extra: Any) -> str:
    response = client.get(url, **extra)
    assert response.status_code == 200, response.status_code
    return response.content.decode()


def test_the_review_offers_the_replay_and_then_compares(
    player_client: Client, player: Any, secret: Dictionary
) -> None:
    own = finished_player_game(player, secret, seed=5)
    review_url = reverse("game_review", args=[own.pk])
    html = page(player_client, review_url)
    assert "Watch the computer play these settings" in html
    response = player_client.post(reverse("computer_replay", args=[own.pk]))
    replay = Game.objects.get(computer_replay_of=own)
    assert response["Location"] == reverse("game_detail", args=[replay.pk])
    assert "watch it" in page(player_client, review_url)
    replay = play_to_the_end(replay)
    html = page(player_client, review_url)
    assert "Watch the computer play these settings" not in html
    needed = re.search(r"The computer (needed|lost, after) (\d+) wrong guess", html)
    assert needed is not None
    assert int(needed[2]) == replay.misses
    assert reverse("game_review", args=[replay.pk]) in html
    assert f"you {'needed' if own.status == 'won' else 'gave up after'} {own.misses}" in html
    replay_review = page(player_client, reverse("game_review", args=[replay.pk]))
    assert "Played by the computer" in replay_review


def test_other_players_see_no_replay_offer(player: Any, secret: Dictionary) -> None:
    own = finished_player_game(player, secret)
    client = Client()
    client.force_login(UserFactory())
    html = page(client, reverse("game_review", args=[own.pk]))
    assert "Watch the computer play" not in html
    assert client.post(reverse("computer_replay", args=[own.pk])).status_code == 404


def test_my_games_marks_the_computers_games(
    player_client: Client, player: Any, secret: Dictionary
) -> None:
    computer_game(player, secret)
    html = page(player_client, reverse("my_games"))
    assert "Played by the computer" in html


def test_the_review_of_a_computer_game_in_progress_opens_its_board(
    player_client: Client, player: Any, secret: Dictionary
) -> None:
    game = computer_game(player, secret)
    response = player_client.get(reverse("game_review", args=[game.pk]))
    assert response.status_code == 302
    assert response["Location"] == reverse("game_detail", args=[game.pk])
    assert game_state(game).words_left == len(SECRET_FOUR)

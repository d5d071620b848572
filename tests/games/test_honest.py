"""The fair game shown as such everywhere, its word after the end, and what cheating cost."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from dictionaries.models import Dictionary
from dictionaries.wordbank import get_lexicon
from games import engine, services
from games.models import Game
from games.selectors.honest import (
    CheatingCost,
    HonestNotReadyError,
    cheating_cost,
    fair_word,
)
from games.selectors.reveal import game_reveal
from games.selectors.share import share_code
from tests.factories import DictionaryFactory, UserFactory
from tests.games.play_support import guess, start

pytestmark = pytest.mark.django_db

SECRET_FOUR = ("qzxv", "qzjk", "vxqz", "jkqz", "zqvj", "xvjq", "kzqx", "jzvk", "vqkx", "xkzj")
BADGE = "Fair game: one honest word"


@pytest.fixture
def secret() -> Dictionary:
    return DictionaryFactory(words=list(SECRET_FOUR), name="Secret", slug="secret", is_default=True)


def play(game: Game, letters: str) -> Game:
    for letter in letters:
        game.refresh_from_db()
        if game.is_over:
            break
        guess(game, letter)
    game.refresh_from_db()
    return game


def test_a_fair_game_is_marked_and_keeps_its_word_secret_while_played(
    player_client: Client, player: Any, secret: Dictionary
) -> None:
    game = start(player, secret, difficulty="fair", seed=41)
    play(game, "w")
    word = engine.fair_word(get_lexicon(dictionary_id=secret.pk, length=4), 41)
    html = player_client.get(reverse("game_detail", args=[game.pk])).content.decode()
    assert BADGE in html
    assert word not in html.lower()
    with pytest.raises(HonestNotReadyError):
        fair_word(game)
    with pytest.raises(HonestNotReadyError):
        cheating_cost(game)
    assert BADGE in player_client.get(reverse("my_games")).content.decode()


def test_a_finished_fair_game_shows_its_word_from_the_start(
    player_client: Client, player: Any, secret: Dictionary
) -> None:
    game = play(start(player, secret, difficulty="fair", seed=41, max_misses=3), "qzxvjk")
    word = engine.fair_word(get_lexicon(dictionary_id=secret.pk, length=4), 41)
    assert game.is_over
    assert fair_word(game) == game.word == word
    assert cheating_cost(game) is None  # nothing was cheated
    board = player_client.get(reverse("game_detail", args=[game.pk])).content.decode()
    assert f"it picked <strong>{word.upper()}</strong> at the start" in board
    review = player_client.get(reverse("game_review", args=[game.pk])).content.decode()
    assert BADGE in review
    assert f'was <strong class="word-pattern">{word}</strong>' in review
    result = Client().get(reverse("game_result", args=[game.pk, share_code(game.pk)]))
    assert BADGE in result.content.decode()


def test_the_instructors_list_marks_fair_games(player: Any, secret: Dictionary) -> None:
    start(player, secret, difficulty="fair")
    instructor = Client()
    instructor.force_login(UserFactory(is_superuser=True))
    assert BADGE in instructor.get(reverse("instructor_games")).content.decode()


def test_the_end_of_game_screen_says_what_the_cheating_cost(
    player_client: Client, player: Any, secret: Dictionary
) -> None:
    game = play(start(player, secret, difficulty="hard", seed=8, max_misses=4), "wfqzxvjk")
    assert game.is_over
    honest = engine.honest_game(
        get_lexicon(dictionary_id=secret.pk, length=4),
        seed=8,
        max_misses=4,
        moves=game.letters,
    )
    cost = cheating_cost(game)
    assert cost is not None
    assert (cost.misses, cost.honest_misses) == (game.misses, honest.misses)
    html = player_client.get(reverse("game_detail", args=[game.pk])).content.decode()
    said = "Against an honest word the same letters would have"
    if cost.honest_end is None:
        assert said not in html  # the same end: nothing to say
    else:
        assert f"{said} {cost.honest_end}" in html
        assert f"{honest.misses} wrong guess" in html


@pytest.mark.parametrize(
    ("won", "forfeited", "honest_won", "honest_lost", "end"),
    [
        (True, False, True, False, None),  # both won: the same end, nothing said
        (True, False, False, True, "lost"),  # won, but the honest word would have held out
        (True, False, False, False, None),  # the letters end no honest game: no claim
        (False, False, True, False, "won"),  # lost, the honest word would have been found
        (False, False, False, True, None),  # both lost
        (False, True, True, False, None),  # given up: nothing true to compare
    ],
)
def test_the_honest_line_says_one_true_thing_or_nothing(
    won: bool, forfeited: bool, honest_won: bool, honest_lost: bool, end: str | None
) -> None:
    cost = CheatingCost(
        misses=8,
        honest_misses=8,
        honest_won=honest_won,
        honest_word="word",
        honest_lost=honest_lost,
        won=won,
        forfeited=forfeited,
    )
    assert cost.honest_end == end


def test_the_cheating_cost_in_numbers(player: Any, secret: Dictionary) -> None:
    """W and F are in no word: both miss in any game. Then Q: the honest word decides."""
    game = play(start(player, secret, difficulty="hard", seed=8, max_misses=3), "wfq")
    if not game.is_over:
        game = services.game_forfeit(game_id=game.pk, player=player)
    word = engine.fair_word(get_lexicon(dictionary_id=secret.pk, length=4), 8)
    cost = cheating_cost(game)
    assert cost is not None
    assert cost.honest_misses == 2 + ("q" not in word)
    assert cost.extra == game.misses - cost.honest_misses


def test_the_new_game_form_says_fair_is_unranked(player_client: Client, secret: Dictionary) -> None:
    html = player_client.get(reverse("game_new")).content.decode()
    assert "Fair is for learning the rules and is never ranked" in html
    assert "Let the computer play" in html


def test_a_fair_games_end_speaks_of_an_honest_game_never_of_cheating(
    player_client: Client, player: Any, secret: Dictionary
) -> None:
    game = play(start(player, secret, difficulty="fair", seed=41, max_misses=5), "aeqzxvjk")
    assert game.status == "won"
    assert game.misses == 2  # A and E: misses to speak of
    board = player_client.get(reverse("game_detail", args=[game.pk])).content.decode()
    end = board.split('id="game-over"')[1]
    assert "How the honest game went" in end
    assert f'It picked <strong class="final-word">{game.word.upper()}</strong>' in end
    known = game_reveal(game).chart.known_at
    assert known is not None
    assert known.step > 0
    assert f"You could have known it after guess {known.step} ({known.letter})" in end
    assert f"{game.word.upper()} has no A" in end
    words = re.sub(r"<[^>]+>", " ", end).lower()  # what the player reads
    for word in ("cheat", "dodged", "how the computer"):
        assert word not in words


def test_a_fair_game_lost_early_says_its_word_could_not_be_known_yet(
    player_client: Client, player: Any, secret: Dictionary
) -> None:
    game = play(start(player, secret, difficulty="fair", seed=41, max_misses=1), "a")
    assert game.status == "lost"
    end = player_client.get(reverse("game_detail", args=[game.pk])).content.decode()
    assert "10 words still fitted what it had shown, so its word could not be known yet" in end
    assert "cheat" not in re.sub(r"<[^>]+>", " ", end.split('id="game-over"')[1]).lower()

"""The instructors' review: the AI guesser's letter and misses before each move."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.cache import cache
from django.urls import reverse

from dictionaries.models import Dictionary
from games.engine import guesser, maker_for
from games.models import Game
from games.selectors.replay import game_state
from records.selectors import records
from records.selectors.records import AIMove, game_review, review_ai_moves, review_ai_nodes
from tests.conftest import NINE_WORDS
from tests.factories import DictionaryFactory, UserFactory
from tests.records.support import client_for, make_instructor, play

pytestmark = pytest.mark.django_db

AI_COLUMN = "The AI would guess"


@pytest.fixture
def nine() -> Dictionary:
    return DictionaryFactory(words=list(NINE_WORDS), slug="nine", name="Nine words")


@pytest.fixture
def game(nine: Dictionary) -> Game:
    return play(player=UserFactory(username="ada"), dictionary=nine, letters="eot", ranked=False)


def test_each_move_gets_the_letter_the_ai_plays_from_the_position_before_it(game: Game) -> None:
    ai = review_ai_moves(game)
    assert sorted(ai) == [1, 2, 3]
    for number, move in ai.items():
        before = game_state(game, after_move=number - 1)
        nodes = review_ai_nodes(len(game.letters))
        expected = guesser.propose(before, nodes=nodes, knows_the_words=True)
        assert (move.letter, move.misses, move.proven) == (
            expected.letter,
            expected.misses,
            expected.proven,
        )
        assert move.letter not in game.letters[: number - 1]


def test_the_answers_are_cached_per_game_and_letters(
    game: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    cache.clear()
    first = review_ai_moves(game)
    calls: list[Any] = []
    monkeypatch.setattr(guesser, "propose", lambda *a, **k: calls.append(a))
    assert review_ai_moves(game) == first
    assert calls == []


def test_the_search_is_shared_out_among_the_moves() -> None:
    assert review_ai_nodes(1) == 1_000
    assert review_ai_nodes(20) == 300
    assert review_ai_nodes(26) == 230
    assert review_ai_nodes(100) == 200


def test_the_misses_say_whether_they_are_proven() -> None:
    assert AIMove(1, "e", 2, True, "").misses_label == "it needs 2 more wrong guesses"
    assert AIMove(1, "e", 0, True, "").misses_label == "it needs no more wrong guesses"
    assert AIMove(1, "e", 1, False, "").misses_label == "it needs at most 1 more wrong guess"
    assert "too many words left" in AIMove(1, "e", None, False, "").misses_label


def test_instructors_see_the_ai_column(game: Game) -> None:
    html = client_for(make_instructor()).get(reverse("game_review", args=[game.pk]))
    text = html.content.decode()
    assert text.count(AI_COLUMN) == 3
    review = game_review(game, with_ai=True)
    for move in review.moves:
        assert move.ai is not None
        assert f'<span class="word-pattern">{move.ai.letter}</span>' in text


@pytest.mark.parametrize("viewer", ["owner", "other"])
def test_players_do_not_see_it_and_nothing_is_searched(
    nine: Dictionary, viewer: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = play(player=UserFactory(), dictionary=nine, letters="e", max_misses=1)
    assert game.is_over

    def refuse(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("no AI search for a player's review")

    monkeypatch.setattr(records, "review_ai_moves", refuse)
    user: User = game.player if viewer == "owner" else UserFactory(username="bob")
    response = client_for(user).get(reverse("game_review", args=[game.pk]))
    assert response.status_code == 200
    assert AI_COLUMN not in response.content.decode()


def test_a_review_without_guesses_searches_nothing(nine: Dictionary) -> None:
    game = play(player=UserFactory(), dictionary=nine, letters="", ranked=False)
    assert review_ai_moves(game) == {}


_RANDOM = random.Random(25)
RANKED_WORDS = sorted(
    {"".join(_RANDOM.choice("abcdeilmnorstu") for _ in range(5)) for _ in range(2500)}
)


@pytest.mark.parametrize("difficulty", ["hard", "medium"])
def test_on_a_ranked_games_own_words_the_ai_numbers_are_the_rows(difficulty: str) -> None:
    """A ranked game plays on a secret part of the list: the AI's reason counts the words
    the game really had at each move, the row's "words before", never the whole list's."""
    dictionary = DictionaryFactory(words=RANKED_WORDS)
    game = play(
        player=UserFactory(),
        dictionary=dictionary,
        letters="eaiostrn",
        length=5,
        difficulty=difficulty,
        seed=11,
    )
    assert game.on_secret_vocabulary
    review = game_review(game, with_ai=True, to_player=False)
    public = len(game_state(game, after_move=0).lexicon)
    assert review.moves[0].words_before < public  # the secret part, not the whole list
    for move in review.moves:
        assert move.ai is not None
        counts = [int(n.replace(",", "")) for n in re.findall(r"([\d,]+) words", move.ai.reason)]
        assert counts, move.ai.reason
        assert set(counts) == {move.words_before}, (move.number, move.ai.reason)


def test_a_suggestion_the_schedule_makes_right_says_why(nine: Dictionary) -> None:
    """On medium's scheduled guess the AI says the schedule is why its letter is right."""
    game = play(
        player=UserFactory(), dictionary=nine, letters="eotl", difficulty="medium", ranked=False
    )
    ai = review_ai_moves(game)
    maker = maker_for("medium")
    due = [number for number in ai if maker.second_hardest_due(number)]
    assert due == [4]
    assert ai[4].reason.startswith(
        f"On guess 4 medium keeps the second-hardest family, so {ai[4].letter.upper()} finishes "
    )
    for number, move in ai.items():
        said = move.reason.startswith(
            f"On guess {number} medium keeps the second-hardest family, so "
        )
        if number not in due:
            assert not said, move.reason
        elif "finishes the" in move.reason or "when each letter was tried" in move.reason:
            assert said, move.reason


@pytest.mark.parametrize(
    ("viewer", "subject"), [("owner", "you"), ("instructor", "ada"), ("other", "ada")]
)
def test_the_review_speaks_to_the_player_alone_as_you(
    nine: Dictionary, viewer: str, subject: str
) -> None:
    ada = UserFactory(username="ada")
    game = play(player=ada, dictionary=nine, letters="eaoylbtdcg", ranked=False)
    assert game.status == "won"
    user = {"owner": ada, "instructor": make_instructor(), "other": UserFactory()}[viewer]
    page = client_for(user).get(reverse("game_review", args=[game.pk])).content.decode()
    if subject == "you":
        assert "You cornered it" in page
    else:
        assert "You cornered it" not in page
        assert "ada cornered it" in page
        assert "You would have hit" not in page
    assert game_review(game, to_player=viewer == "owner").moves[0].player == subject

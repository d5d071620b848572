"""Whole-word guesses through the service: the rule, the refusals, and every reader of moves
(undo, check_games, the exports, the review, the reveal, the share squares)."""

from __future__ import annotations

import csv
import io
import json
from typing import Any

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from dictionaries.models import Dictionary
from games import services
from games.models import Game, Move, Status
from games.selectors.replay import game_state
from games.selectors.replay_check import replay_mismatches
from games.selectors.reveal import game_reveal
from games.selectors.share import guess_squares
from records.selectors.records import game_review
from tests.conftest import NINE_WORDS
from tests.factories import DictionaryFactory, UserFactory
from tests.games.play_support import guess, start
from tests.records.support import client_for, make_instructor

pytestmark = pytest.mark.django_db


@pytest.fixture
def nine() -> Dictionary:
    return DictionaryFactory(words=list(NINE_WORDS), name="Nine", slug="nine")


def word(game: Game, typed: str, **kwargs: Any) -> services.GuessOutcome:
    return services.game_guess(game_id=game.pk, player=game.player, word=typed, **kwargs)


def row(game: Game) -> tuple[Any, ...]:
    game.refresh_from_db()
    return (game.moves, game.letters, game.pattern, game.misses, game.words_left, game.status)


def practice(nine: Dictionary, moves: str = "eo", **overrides: Any) -> Game:
    """Hard, seed 7: e leaves ally cool good; o leaves cool good (-oo-)."""
    game = start(UserFactory(), nine, show_word_count=True, **overrides)
    for letter in moves:
        guess(game, letter)
    game.refresh_from_db()
    return game


def test_a_word_that_is_not_the_last_is_a_miss_and_that_word_is_gone(nine: Dictionary) -> None:
    game = practice(nine)
    outcome = word(game, "Cool", expected_guesses=2)
    assert outcome.report.miss
    assert row(game) == (["e", "o", "cool"], "eo", "-oo-", 2, 1, Status.PLAYING)
    assert game_state(game).candidate_words() == ["good"]
    move = Move.objects.get(game=game, number=3)
    assert (move.letter, move.word, move.guess, move.miss) == ("", "cool", "cool", True)
    assert guess_squares(game) == "🟥🟩🟥"
    assert replay_mismatches(game) == []


def test_the_last_word_wins(nine: Dictionary) -> None:
    game = practice(nine)
    word(game, "cool")
    outcome = word(game, "GOOD")
    assert not outcome.report.miss
    assert row(game) == (["e", "o", "cool", "good"], "eo", "good", 2, 1, Status.WON)
    assert (game.word, game.finished_at is not None) == ("good", True)
    assert guess_squares(game) == "🟥🟩🟥🟩"
    assert replay_mismatches(game) == []
    reveal = game_reveal(game)
    assert [miss.letter for miss in reveal.misses] == ["e"]  # the word missed dodged nothing
    assert [point.letter for point in reveal.chart.points][1:] == ["E", "O", "COOL", "GOOD"]


@pytest.mark.parametrize(
    ("typed", "says"),
    [
        ("zzzz", "“ZZZZ” is not a 4-letter word of this list"),
        ("cools", "“COOLS” is not a 4-letter word of this list"),
        ("c00l", "“C00L” is not a 4-letter word of this list"),
        ("  ", "“” is not a 4-letter word of this list"),
        # Control characters named as U+FFFD: no forged log line, nothing reversed.
        ("co\n2026 ERROR forged ol", "“CO\ufffd2026 ERROR FORGED OL” is not a 4-letter word"),
        ("co\u202eol\u200b", "“CO\ufffdOL\ufffd” is not a 4-letter word of this list"),
    ],
)
def test_a_word_not_in_the_list_changes_nothing(nine: Dictionary, typed: str, says: str) -> None:
    game = practice(nine)
    before = row(game)
    with pytest.raises(services.GuessRejectedError) as refused:
        word(game, typed)
    assert says in refused.value.message
    assert row(game) == before
    assert Move.objects.filter(game=game).count() == 2


def test_a_word_guessed_twice_is_refused_and_changes_nothing(nine: Dictionary) -> None:
    game = practice(nine)
    word(game, "cool")
    before = row(game)
    with pytest.raises(services.GuessRejectedError, match="already guessed “COOL”"):
        word(game, "cool")
    assert row(game) == before


def test_undo_takes_back_a_word(nine: Dictionary) -> None:
    game = practice(nine)
    before = row(game)
    word(game, "cool")
    outcome = services.game_undo(game_id=game.pk, player=game.player, expected_guesses=3)
    assert (outcome.letter, outcome.was_miss) == ("cool", True)
    assert row(game) == before
    assert game_state(game).candidate_words() == ["cool", "good"]
    word(game, "good")  # played again: dropped, then cool is the last
    word(game, "cool")
    assert row(game)[2:] == ("cool", 2, 1, Status.WON)
    assert replay_mismatches(game) == []


def test_check_games_replays_word_moves_and_finds_a_tampered_one(nine: Dictionary) -> None:
    game = practice(nine)
    word(game, "cool")
    out = io.StringIO()
    call_command("check_games", str(game.pk), stdout=out)
    assert "1 game checked, 0 differ" in out.getvalue()
    Game.objects.filter(pk=game.pk).update(moves=["e", "o", "good"])
    out = io.StringIO()
    with pytest.raises(SystemExit):
        call_command("check_games", str(game.pk), stdout=out)
    assert "1 game checked, 1 differ" in out.getvalue()


def test_the_exports_and_the_review_show_word_moves(nine: Dictionary) -> None:
    game = practice(nine)
    word(game, "cool")
    word(game, "good")
    instructor = client_for(make_instructor())
    response = instructor.get(reverse("instructor_games_csv"))
    (line,) = csv.DictReader(io.StringIO(b"".join(response.streaming_content).decode()))
    assert (line["letters"], line["words_guessed"], line["guesses"]) == ("eo", "cool good", "4")
    response = instructor.get(reverse("instructor_games_jsonl"))
    lines = [json.loads(text) for text in b"".join(response.streaming_content).splitlines()]
    assert [(each["guess"], each["miss"], each["status"]) for each in lines] == [
        ("e", True, "playing"),
        ("o", False, "playing"),
        ("cool", True, "playing"),
        ("good", False, "won"),
    ]
    review = game_review(game)
    assert [(move.letter, move.miss, move.words_left) for move in review.moves] == [
        ("e", True, 3),
        ("o", False, 2),
        ("cool", True, 1),
        ("good", False, 1),
    ]
    page = instructor.get(reverse("game_review", args=[game.pk]))
    assert page.status_code == 200
    assert "COOL" in page.content.decode()


def test_a_ranked_game_says_the_same_of_a_dropped_word_and_of_one_no_longer_possible(
    nine: Dictionary,
) -> None:
    """Secrecy: whether a word was still possible shows nowhere but in winning with it."""
    dropped = start(UserFactory(), nine)
    gone = start(UserFactory(), nine)
    seen = []
    for game, typed in ((dropped, "cool"), (gone, "beta")):  # after e: ally cool good
        guess(game, "e")
        client = Client()
        client.force_login(game.player)
        response = client.post(
            reverse("game_guess", args=[game.pk]),
            {"word": typed, "expected_guesses": 1},
            headers={"HX-Request": "true"},
        )
        game.refresh_from_db()
        text = response.content.decode().replace(typed.upper(), "WORD")
        seen.append((game.misses, game.pattern, game.is_ranked, guess_squares(game), text))
    assert seen[0][2]
    assert seen[0][:4] == seen[1][:4]
    assert "Not WORD." in seen[0][4]
    assert "Not WORD." in seen[1][4]
    assert "still possible" not in seen[0][4]

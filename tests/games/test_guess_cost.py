"""What a guess asks of the database: a mid-game guess and a game-ending one through the
board's HTMX form (bench/profile_guess.py measures their time; these hold their queries).

A mid-game guess: the session, the user, the game locked with its dictionary, the move, the
game's update, and for a game that may be a daily's by its row (seeded ties, the daily's or
the whole list: the test's nine words) the daily's link, for its shared answers; a practice
game's asks nothing of the daily. A ranked game's last guess adds the leaderboard totals
(three upserts: the player's row, locked by its own, the board's, the player's points summed
from the boards), the rating (one read of the ratings at the start with the account's age,
the two rows locked, one read of the history under the locks, the three writes) and the end
of the board (par, the moves for the reveal, the list's blocked words for the word a loss
names); each read once, and nothing of an assignment
for a game that is none's. A ranked game its finish leaves unrated asks the ratings only
the start.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from dictionaries.models import Dictionary
from games.models import ChallengePrior, Game, Status
from ratings.models import RatingChange
from tests.conftest import NINE_WORDS
from tests.factories import DictionaryFactory, UserFactory
from tests.games.play_support import guess, start

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
# Statements a guess may send besides BEGIN, COMMIT and savepoints, which only
# PostgreSQL's connection logs (SQLite's does not): counted apart below.
MID_GAME_QUERIES = 6
# 6 before the end panel's daily read waited for the end, then 5; 6 again since a game of a
# friend's link keeps its guesses (friends' undo rule: one read by the game's unique key).
PRACTICE_QUERIES = 6
# 19 before the totals' upserts and the ratings' plain reads, 25 before the rating's reads
# were merged (32 before each was read once); 18 before a loss read the blocked words.
ENDING_QUERIES = 19
# 17 before the start was kept on the game; 12 before a loss read the blocked words.
UNRATED_ENDING_QUERIES = 13


@pytest.fixture
def nine() -> Dictionary:
    return DictionaryFactory(words=list(NINE_WORDS), name="Nine", slug="nine")


def signed_in(game: Game) -> Client:
    client = Client()
    client.force_login(game.player)
    return client


def post_guess(client: Client, game: Game, letter: str, *, guesses: int) -> Any:
    return client.post(
        reverse("game_guess", args=[game.pk]),
        {"letter": letter, "expected_guesses": guesses},
        **HTMX,
    )


def data_statements(queries: Any) -> list[str]:
    return [
        query["sql"]
        for query in queries.captured_queries
        if not query["sql"].startswith(("BEGIN", "COMMIT", "SAVEPOINT", "RELEASE SAVEPOINT"))
    ]


def test_a_mid_game_guess_asks_only_what_it_needs(
    nine: Dictionary, django_assert_max_num_queries: Any
) -> None:
    game = start(UserFactory(), nine)
    client = signed_in(game)
    post_guess(client, game, "e", guesses=0)  # the session and the user as they are mid-game
    with django_assert_max_num_queries(MID_GAME_QUERIES + 4) as queries:  # + BEGIN, COMMIT
        response = post_guess(client, game, "a", guesses=1)
    assert response.status_code == 200
    assert 'id="game-over"' not in response.content.decode()
    statements = data_statements(queries)
    assert len(statements) <= MID_GAME_QUERIES, "\n".join(statements)
    assert sum("dictionaries_dictionary" in sql for sql in statements) == 1  # with the game


def test_a_ranked_game_s_last_guess_reads_each_thing_once(
    nine: Dictionary, django_assert_max_num_queries: Any
) -> None:
    player = UserFactory()
    earlier = start(player, nine, max_misses=1)  # the rows a player has after a first game
    guess(earlier, "e")
    game = start(player, nine, max_misses=1)
    client = signed_in(game)
    with django_assert_max_num_queries(ENDING_QUERIES + 4) as queries:
        response = post_guess(client, game, "e", guesses=0)
    assert response.status_code == 200
    assert 'id="game-over"' in response.content.decode()
    game.refresh_from_db()
    assert game.status == Status.LOST
    assert RatingChange.objects.filter(game=game).exists()
    statements = data_statements(queries)
    assert len(statements) <= ENDING_QUERIES, "\n".join(statements)
    reads_of = {
        "the board's prior": 'FROM "games_boardprior"',
        "the challenge's prior": 'FROM "games_challengeprior"',
        "the dictionary": 'FROM "dictionaries_dictionary"',
        "an assignment": 'FROM "classes_assignmentgame"',
    }
    for what, fragment in reads_of.items():
        assert sum(fragment in sql for sql in statements) <= 1, what
    assert not any('FROM "classes_assignmentgame"' in sql for sql in statements)
    rating_reads = [
        sql for sql in statements if sql.startswith("SELECT") and '"ratings_ratingchange"' in sql
    ]
    assert len(rating_reads) == 2, "\n".join(rating_reads)  # at the start, under the locks


def test_a_ranked_game_that_does_not_count_reads_its_rating_once(
    nine: Dictionary, django_assert_max_num_queries: Any
) -> None:
    """A game its player was all but sure to win (the reference player always wins the board:
    a first rating far below theirs) is left unrated by its finish, and its board's rating
    panel says why from what the finish read, asking the ratings nothing more."""
    ChallengePrior.objects.create(
        dictionary=nine, length=4, difficulty="hard", misses_needed=[100], games=100
    )
    game = start(UserFactory(), nine, max_misses=1)
    client = signed_in(game)
    with django_assert_max_num_queries(UNRATED_ENDING_QUERIES + 4) as queries:
        response = post_guess(client, game, "e", guesses=0)
    assert response.status_code == 200
    assert 'id="game-over"' in response.content.decode()
    assert not RatingChange.objects.filter(game=game).exists()
    statements = data_statements(queries)
    assert len(statements) <= UNRATED_ENDING_QUERIES, "\n".join(statements)
    assert sum('"ratings_' in sql for sql in statements) == 1, "\n".join(statements)
    assert sum('FROM "games_par"' in sql for sql in statements) == 1  # the board's, once


def test_a_practice_guess_asks_nothing_of_the_daily(
    nine: Dictionary, django_assert_max_num_queries: Any
) -> None:
    game = start(UserFactory(), nine, show_word_count=True)
    client = signed_in(game)
    post_guess(client, game, "e", guesses=0)
    with django_assert_max_num_queries(PRACTICE_QUERIES + 4) as queries:
        response = post_guess(client, game, "a", guesses=1)
    assert response.status_code == 200
    statements = data_statements(queries)
    assert len(statements) <= PRACTICE_QUERIES, "\n".join(statements)
    assert not any('"daily_dailygame"' in sql for sql in statements)

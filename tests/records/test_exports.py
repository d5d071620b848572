"""Exports: CSV (one row per game) and JSON lines (the console's --json objects), parsed back."""

from __future__ import annotations

import csv
import io
import json
from typing import Any

import pytest
from django.http import StreamingHttpResponse
from django.http.response import HttpResponseBase
from django.test import Client
from django.urls import reverse
from pytest_django import DjangoAssertNumQueries

from dictionaries.models import Dictionary
from dictionaries.wordbank import get_lexicon
from games import engine, services
from games.models import Game
from records.exports import CSV_HEADER, spreadsheet_safe
from tests.conftest import NINE_WORDS
from tests.factories import DictionaryFactory, GameFactory, UserFactory
from tests.records.support import client_for, make_instructor, play

pytestmark = pytest.mark.django_db


# The keys a JSON line adds to the console's object: which game and move, and its hints.
WHERE_KEYS = {"game", "player", "number", "hints_used"}


@pytest.fixture
def nine_words() -> Dictionary:
    return DictionaryFactory(words=list(NINE_WORDS), slug="nine")


@pytest.fixture
def instructor_client() -> Client:
    return client_for(make_instructor())


def body(response: HttpResponseBase) -> str:
    assert isinstance(response, StreamingHttpResponse)
    return b"".join(response.streaming_content).decode("utf-8")


def csv_rows(response: HttpResponseBase) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(body(response))))


def jsonl(response: HttpResponseBase) -> list[dict[str, Any]]:
    return [json.loads(line) for line in body(response).splitlines()]


def console_lines(game: Game) -> list[dict[str, Any]]:
    """What the engine reports for the game's moves: the console's --json objects."""
    lexicon = get_lexicon(dictionary_id=game.dictionary_id, length=game.length)
    _, reports = engine.replay(
        lexicon,
        max_misses=game.max_misses,
        difficulty=game.difficulty,
        seed=game.seed,
        moves=game.moves,
        seeded_ties=game.seeded_ties,
    )
    return [report.as_json() for report in reports]


def test_csv_has_one_row_per_game_with_settings_and_result(
    nine_words: Dictionary, instructor_client: Client
) -> None:
    ada = UserFactory(username="ada")
    won = play(player=ada, dictionary=nine_words, letters="eotgcl", max_misses=8)
    lost = play(
        player=UserFactory(username="bob"), dictionary=nine_words, letters="eot", max_misses=2
    )
    response = instructor_client.get(reverse("instructor_games_csv"))
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert response["Content-Disposition"].startswith('attachment; filename="evil-hangman-games-')
    rows = csv_rows(response)
    assert list(rows[0]) == list(CSV_HEADER)
    by_game = {int(row["game"]): row for row in rows}
    assert set(by_game) == {won.pk, lost.pk}
    row = by_game[won.pk]
    assert row["player"] == "ada"
    assert row["dictionary"] == "nine"
    assert (row["length"], row["difficulty"], row["wrong_guesses_allowed"]) == ("4", "hard", "8")
    assert (row["status"], row["word"], row["letters"]) == ("won", won.word, won.letters)
    assert int(row["score"]) == won.score > 0
    assert row["finished_at"] == won.finished_at.isoformat()
    lost_row = by_game[lost.pk]
    assert (lost_row["status"], lost_row["wrong_guesses"], lost_row["score"]) == ("lost", "2", "0")


def test_csv_follows_the_filters_and_hides_the_word_of_games_in_progress(
    nine_words: Dictionary, instructor_client: Client
) -> None:
    player = UserFactory(username="ada")
    play(player=player, dictionary=nine_words, letters="eot", max_misses=2)
    playing = play(player=player, dictionary=nine_words, letters="e", ranked=False)
    rows = csv_rows(instructor_client.get(reverse("instructor_games_csv"), {"result": "playing"}))
    assert [(int(row["game"]), row["word"], row["finished_at"]) for row in rows] == [
        (playing.pk, "", "")
    ]


def test_csv_neutralises_formulas_in_names(instructor_client: Client) -> None:
    GameFactory(player=UserFactory(username="=cmd"), is_ranked=False)
    GameFactory(player=UserFactory(username="+sum"), is_ranked=False)
    rows = csv_rows(instructor_client.get(reverse("instructor_games_csv")))
    assert sorted(row["player"] for row in rows) == ["'+sum", "'=cmd"]
    assert rows[0]["pattern"] == "----"  # patterns are data, left alone
    assert spreadsheet_safe("ada") == "ada"


def test_jsonl_is_the_console_json_of_every_move_plus_where_it_comes_from(
    nine_words: Dictionary, instructor_client: Client
) -> None:
    # A practice game keeps the rules' exact order of equal families (ranked ones: the seed's).
    won = play(
        player=UserFactory(username="ada"), dictionary=nine_words, letters="eotgcl", ranked=False
    )
    lost = play(
        player=UserFactory(username="bob"), dictionary=nine_words, letters="eot", max_misses=2
    )
    lines = jsonl(instructor_client.get(reverse("instructor_games_jsonl")))
    assert len(lines) == len(won.letters) + len(lost.letters)
    for game in (won, lost):
        mine = [line for line in lines if line["game"] == game.pk]
        assert [line["number"] for line in mine] == list(range(1, len(game.letters) + 1))
        assert {line["player"] for line in mine} == {game.player.username}
        stripped = [
            {key: value for key, value in line.items() if key not in WHERE_KEYS} for line in mine
        ]
        assert stripped == console_lines(game)
        assert mine[-1]["status"] == game.status
        assert mine[-1]["word"] == game.word
        assert all("word" not in line for line in mine[:-1])
    # Families keep the hardest-first order of the engine.
    first = next(line for line in lines if line["game"] == won.pk and line["number"] == 1)
    assert list(first["families"].items()) == [
        ("----", 3),
        ("--e-", 2),
        ("-e--", 2),
        ("---e", 1),
        ("e--e", 1),
    ]


def test_jsonl_of_a_forfeit_matches_the_engine_which_never_saw_the_end(
    nine_words: Dictionary, instructor_client: Client
) -> None:
    player = UserFactory()
    game = play(player=player, dictionary=nine_words, letters="eo")
    services.game_forfeit(game_id=game.pk, player=player)
    lines = jsonl(instructor_client.get(reverse("instructor_games_jsonl"), {"result": "forfeited"}))
    assert [line["status"] for line in lines] == ["playing", "playing"]
    assert [
        {key: value for key, value in line.items() if key not in WHERE_KEYS} for line in lines
    ] == console_lines(game)


def test_jsonl_follows_the_filters(nine_words: Dictionary, instructor_client: Client) -> None:
    play(player=UserFactory(username="ada"), dictionary=nine_words, letters="eot", max_misses=2)
    # Practice: a game that counts has no line until it is over (games.secrecy).
    bob = play(player=UserFactory(username="bob"), dictionary=nine_words, letters="e", ranked=False)
    lines = jsonl(instructor_client.get(reverse("instructor_games_jsonl"), {"player": "bob"}))
    assert [(line["game"], line["guess"]) for line in lines] == [(bob.pk, "e")]
    assert lines[0]["status"] == "playing"


@pytest.mark.parametrize("name", ["instructor_games_csv", "instructor_games_jsonl"])
def test_bad_filters_export_nothing_and_say_why(name: str, instructor_client: Client) -> None:
    response = instructor_client.get(
        reverse(name), {"length": "long", "started_from": "2026-02-02", "started_to": "2026-01-01"}
    )
    assert response.status_code == 400
    text = response.content.decode()
    assert text.startswith("Nothing exported; fix the filters:")
    assert "Word length: The word length is a whole number of letters." in text
    assert "Started on or before: The end date must be on or after the start date." in text


def test_exports_stream_with_a_bounded_number_of_queries(
    nine_words: Dictionary,
    instructor_client: Client,
    django_assert_max_num_queries: DjangoAssertNumQueries,
) -> None:
    for index in range(6):
        play(
            player=UserFactory(),
            dictionary=nine_words,
            letters="eot"[: index % 3 + 1],
            ranked=False,  # in progress and shown: every move is a line
        )
    with django_assert_max_num_queries(8):
        assert len(csv_rows(instructor_client.get(reverse("instructor_games_csv")))) == 6
    with django_assert_max_num_queries(8):
        assert len(jsonl(instructor_client.get(reverse("instructor_games_jsonl")))) == 12

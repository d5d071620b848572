"""Download my data: the player's games as JSON lines (as the exports) and as CSV."""

from __future__ import annotations

import csv
import io
import json

import pytest
from django.contrib.auth.models import User
from django.http import StreamingHttpResponse
from django.test import Client
from django.urls import reverse

from records.exports import CSV_HEADER
from tests.conftest import NINE_WORDS
from tests.factories import DictionaryFactory, UserFactory
from tests.records.support import client_for, play

pytestmark = pytest.mark.django_db

MOVE_KEYS = {
    "game",
    "player",
    "number",
    "hints_used",
    "guess",
    "accepted",
    "miss",
    "pattern",
    "families",
    "words_left",
    "misses_left",
    "status",
}


@pytest.fixture
def ada() -> User:
    return UserFactory(username="ada")


@pytest.fixture
def games(ada: User) -> dict[str, object]:
    words = DictionaryFactory(words=list(NINE_WORDS), slug="nine")
    return {
        "won": play(player=ada, dictionary=words, letters="eotgcl"),
        "playing": play(player=ada, dictionary=words, letters="ea", ranked=False),
        "someone_else": play(player=UserFactory(username="bob"), dictionary=words, letters="eo"),
    }


def body(response: StreamingHttpResponse) -> str:
    return b"".join(response.streaming_content).decode()


def test_json_lines_hold_the_moves_of_my_finished_games(ada: User, games: dict) -> None:
    response = client_for(ada).get(reverse("my_data_jsonl"))
    assert response["Content-Type"] == "application/jsonl; charset=utf-8"
    assert 'filename="evil-hangman-my-games-' in response["Content-Disposition"]
    records = [json.loads(line) for line in body(response).splitlines()]
    assert [record["number"] for record in records] == [1, 2, 3, 4, 5, 6]
    assert {record["game"] for record in records} == {games["won"].pk}
    assert all(set(record) - {"word"} == MOVE_KEYS for record in records)
    assert records[-1]["status"] == "won"
    assert records[-1]["word"] == "cool"
    assert {record["player"] for record in records} == {"ada"}


def test_csv_holds_every_game_of_mine_one_row_each(ada: User, games: dict) -> None:
    response = client_for(ada).get(reverse("my_data_csv"))
    rows = list(csv.reader(io.StringIO(body(response))))
    assert tuple(rows[0]) == CSV_HEADER
    assert sorted(int(row[0]) for row in rows[1:]) == sorted([games["won"].pk, games["playing"].pk])
    playing = next(row for row in rows[1:] if int(row[0]) == games["playing"].pk)
    assert playing[CSV_HEADER.index("word")] == ""  # nothing the board does not show


def test_the_profile_links_the_downloads(ada: User) -> None:
    html = client_for(ada).get(reverse("profile")).content.decode()
    assert reverse("my_data_jsonl") in html
    assert reverse("my_data_csv") in html


@pytest.mark.parametrize("name", ["my_data_jsonl", "my_data_csv"])
def test_downloads_need_a_login(name: str) -> None:
    response = Client().get(reverse(name))
    assert response["Location"].startswith(reverse("login"))

"""Who may ask for a game's candidate words: a game the viewer may not see at all is
"not found" (404), as on every other page; 403 is kept for a game they may see."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from dictionaries.models import Dictionary
from games.models import Game
from tests.conftest import NINE_WORDS
from tests.factories import DictionaryFactory, UserFactory
from tests.records.support import client_for, make_instructor, play

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}


@pytest.fixture
def nine_words() -> Dictionary:
    return DictionaryFactory(words=list(NINE_WORDS), slug="nine", name="Nine words")


@pytest.fixture
def owner() -> User:
    return UserFactory(username="ada")


@pytest.fixture
def playing(owner: User, nine_words: Dictionary) -> Game:
    return play(player=owner, dictionary=nine_words, letters="e", ranked=False)


@pytest.fixture
def finished(owner: User, nine_words: Dictionary) -> Game:
    return play(player=owner, dictionary=nine_words, letters="eot", max_misses=2)


def candidates_url(game: Game) -> str:
    return reverse("game_review_candidates", args=[game.pk]) + "?move=1"


@pytest.mark.parametrize("headers", [{}, HTMX])
@pytest.mark.parametrize("who", ["player", "staff"])
def test_another_players_game_in_progress_is_not_found(
    playing: Game, who: str, headers: dict[str, str]
) -> None:
    viewer = UserFactory(username="nosy", is_staff=who == "staff")
    client = client_for(viewer)
    assert client.get(reverse("game_review", args=[playing.pk])).status_code == 404
    assert client.get(candidates_url(playing), headers=headers).status_code == 404


def test_a_missing_game_is_not_found(owner: User) -> None:
    response = client_for(owner).get(reverse("game_review_candidates", args=[999_999]))
    assert response.status_code == 404


@pytest.mark.parametrize("headers", [{}, HTMX])
def test_a_finished_game_players_may_review_is_forbidden_not_hidden(
    finished: Game, headers: dict[str, str]
) -> None:
    viewer = UserFactory(username="nosy")
    client = client_for(viewer)
    assert client.get(reverse("game_review", args=[finished.pk])).status_code == 200
    assert client.get(candidates_url(finished), headers=headers).status_code == 403


def test_owners_may_see_their_games_but_not_the_candidates(
    owner: User, playing: Game, finished: Game
) -> None:
    client = client_for(owner)
    assert client.get(candidates_url(playing)).status_code == 403
    assert client.get(candidates_url(finished)).status_code == 403


def test_an_instructors_own_game_in_progress_is_forbidden(nine_words: Dictionary) -> None:
    teacher = make_instructor()
    game = play(player=teacher, dictionary=nine_words, letters="e")
    assert client_for(teacher).get(candidates_url(game)).status_code == 403


def test_instructors_see_the_candidates_of_others_games(playing: Game) -> None:
    assert client_for(make_instructor()).get(candidates_url(playing)).status_code == 200

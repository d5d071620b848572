"""The reference games of the word-makers' leaderboard: played once by the worker, never by a
request (a one-letter challenge searched until gunicorn killed the worker, issue 37)."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.utils import timezone
from django_tasks_db.models import DBTaskResult
from pytest_django.fixtures import Settings

from api.makers import reference_games_play
from api.models import ReferenceGame
from api.tasks import play_reference_games
from tests.api.conftest import ApiClient

pytestmark = pytest.mark.django_db


@pytest.fixture
def queue(settings: Settings) -> None:
    """Tasks wait in the database for a worker, as in production."""
    settings.TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}


def board(api: ApiClient, **query: Any) -> Any:
    params = "&".join(f"{key}={value}" for key, value in {"length": 4, **query}.items())
    response = api.get(f"/maker-leaderboard?{params}")
    assert response.status_code == 200, response.content
    return response.json()


def test_the_first_request_queues_the_games_and_plays_none(
    api: ApiClient, nine: Any, queue: None
) -> None:
    first = board(api, max_misses=3)
    assert first["reference"] == {}
    assert not first["reference_complete"]
    assert DBTaskResult.objects.count() == 1
    assert set(ReferenceGame.objects.values_list("difficulty", "misses")) == {
        ("hard", None),
        ("fiendish", None),
    }
    board(api, max_misses=3)
    assert DBTaskResult.objects.count() == 1  # queued once, whoever asks again
    task = DBTaskResult.objects.get()
    assert task.task_path == "api.tasks.play_reference_games"
    assert task.args_kwargs["args"] == [nine.pk, 4, 3]


def test_the_worker_plays_them_once_and_requests_read_them(
    api: ApiClient, nine: Any, queue: None
) -> None:
    board(api, max_misses=3)
    assert reference_games_play(dictionary_id=nine.pk, length=4, max_misses=3) == 2
    assert reference_games_play(dictionary_id=nine.pk, length=4, max_misses=3) == 0
    served = board(api, max_misses=3)
    assert served["reference_complete"]
    assert set(served["reference"]) == {"hard", "fiendish"}
    assert all(0 <= misses <= 3 for misses in served["reference"].values())
    assert DBTaskResult.objects.count() == 1
    other = board(api, max_misses=4)  # another challenge: its own games
    assert other["reference"] == {}
    assert DBTaskResult.objects.count() == 2


def test_games_whose_worker_died_are_queued_again(api: ApiClient, nine: Any, queue: None) -> None:
    board(api, max_misses=3)
    ReferenceGame.objects.update(queued_at=timezone.now() - dt.timedelta(minutes=11))
    assert board(api, max_misses=3)["reference"] == {}
    assert DBTaskResult.objects.count() == 2
    assert all(
        timezone.now() - game.queued_at < dt.timedelta(minutes=1)
        for game in ReferenceGame.objects.all()
    )
    board(api, max_misses=3)
    assert DBTaskResult.objects.count() == 2  # freshly queued: not again


def test_the_task_plays_what_was_queued(api: ApiClient, nine: Any, queue: None) -> None:
    board(api, max_misses=2)
    play_reference_games.call(nine.pk, 4, 2)
    assert ReferenceGame.objects.filter(misses__isnull=True).count() == 0
    assert board(api, max_misses=2)["reference_complete"]


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("length=5", "Nine has no words of length 5; its lengths are 4."),
        ("length=1&max_misses=8", "Nine has no words of length 1; its lengths are 4."),
    ],
)
def test_a_length_the_list_lacks_is_a_422_and_queues_nothing(
    api: ApiClient, nine: Any, queue: None, query: str, message: str
) -> None:
    for path in ("/maker-leaderboard", "/leaderboard"):
        extra = "&difficulty=hard" if path == "/leaderboard" else ""
        response = api.get(f"{path}?{query}{extra}")
        assert response.status_code == 422, response.content
        assert response.json()["error"] == {"code": "refused", "message": message}
    assert not ReferenceGame.objects.exists()
    assert not DBTaskResult.objects.exists()

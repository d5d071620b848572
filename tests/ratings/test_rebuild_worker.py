"""The admin's rebuild run by a real ``manage.py db_worker`` process (PostgreSQL only).

A worker killed (SIGKILL) in the middle of the rebuild leaves the ratings as they were:
the rebuild is one transaction, so nothing half-written is ever seen; the next rebuild
queued runs whole. Two rebuilds at once run one after the other.
"""

from __future__ import annotations

import datetime as dt
import os
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.db import connection
from django.db.models import F
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from django_tasks_db.models import DBTaskResult
from pytest_django.fixtures import Settings

from games.models import Difficulty, Game, Status
from ratings.models import ChallengeRating, PlayerRating, RatingChange
from ratings.services import game_rate, ratings_rebuild

# The worker processes of the dictionaries' worker tests: the same command, environment, stop.
from tests.dictionaries.test_worker import Workers, kill, wait_for
from tests.factories import DictionaryFactory, FinishedGameFactory, UserFactory

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        not os.environ.get("DATABASE_URL", "").startswith("postgres"),
        reason="a real worker process needs PostgreSQL (SQLite's test database is in memory)",
    ),
]

START = timezone.now() - dt.timedelta(days=30)
LOADED = 600  # enough games that a rebuild takes a few seconds, to be killed halfway


@pytest.fixture
def workers(settings: Settings) -> Iterator[Workers]:
    settings.TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}
    pool = Workers(Path(settings.DICTIONARY_UPLOAD_DIR))
    yield pool
    pool.stop_all()


def snapshot() -> list[tuple[Any, ...]]:
    return [
        *PlayerRating.objects.order_by("player_id").values_list(
            "player_id", "rating", "deviation", "volatility", "games"
        ),
        *ChallengeRating.objects.order_by("dictionary_id", "length", "max_misses").values_list(
            "dictionary_id", "length", "max_misses", "rating", "deviation", "volatility", "games"
        ),
        *RatingChange.objects.order_by("game_id").values_list(
            "game_id", "player_before", "player_after", "challenge_before", "challenge_after"
        ),
    ]


def rated_then_bulk_loaded(loaded: int = LOADED) -> None:
    """A few games rated as they finished, then many written by a bulk load, unrated."""
    players = [UserFactory() for _ in range(8)]
    dictionary = DictionaryFactory()

    def game(number: int) -> Game:
        return FinishedGameFactory.build(
            player=players[number % len(players)],
            dictionary=dictionary,
            length=4 + number % 5,
            max_misses=3 + number % 6,
            difficulty=Difficulty.HARD if number % 2 else Difficulty.FIENDISH,
            status=Status.WON if number % 3 else Status.LOST,
            finished_at=START + dt.timedelta(seconds=number),
        )

    rated = Game.objects.bulk_create(game(number) for number in range(20))
    Game.objects.bulk_create(game(number) for number in range(20, 20 + loaded))
    Game.objects.update(started_at=F("finished_at") - dt.timedelta(seconds=30))
    for row in Game.objects.filter(pk__in=[game.pk for game in rated]).order_by("finished_at"):
        game_rate(row)
    assert RatingChange.objects.count() == 20


def queue_rebuild() -> DBTaskResult:
    client = Client()
    client.force_login(UserFactory(is_staff=True, is_superuser=True))
    response = client.post(reverse("admin:ratings_playerrating_rebuild"))
    assert response.status_code == 302
    return DBTaskResult.objects.filter(status="READY").get()


def rebuild_writing() -> bool:
    """Whether another session's open transaction is writing rating changes now."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
            "AND pid <> pg_backend_pid() AND xact_start IS NOT NULL "
            "AND query ILIKE 'INSERT INTO \"ratings_ratingchange\"%%'"
        )
        return bool(cursor.fetchone()[0])


def test_a_worker_killed_mid_rebuild_leaves_the_ratings_whole(workers: Workers) -> None:
    rated_then_bulk_loaded()
    before = snapshot()
    task = queue_rebuild()
    worker = workers.start()
    wait_for(rebuild_writing, seconds=60, what="the worker to be rewriting the ratings")
    time.sleep(0.5)  # well into the replay: hundreds of games rated in its transaction
    task.refresh_from_db()
    assert task.status == "RUNNING"
    kill(worker)

    assert snapshot() == before  # nothing deleted, nothing half-rebuilt
    assert not RatingChange.objects.filter(game__finished_at__gte=START + dt.timedelta(seconds=20))
    task.refresh_from_db()
    assert task.status == "RUNNING"  # it never finished: the kill came mid-rebuild

    again = queue_rebuild()
    workers.start()
    wait_for(
        lambda: DBTaskResult.objects.filter(pk=again.pk, status="SUCCESSFUL").exists(),
        seconds=180,
        what="a new worker to run the next rebuild",
    )
    rebuilt = snapshot()
    assert RatingChange.objects.count() > 20
    assert RatingChange.objects.filter(game__finished_at__gte=START + dt.timedelta(seconds=20))
    ratings_rebuild()  # the same replay here gives the worker's result
    assert snapshot() == rebuilt


def test_two_rebuilds_at_once_run_one_after_the_other() -> None:
    """As when the admin's button and the command meet: the second waits for the first."""
    rated_then_bulk_loaded(loaded=100)
    results: list[tuple[int, int]] = []
    errors: list[BaseException] = []

    def rebuild() -> None:
        try:
            results.append(ratings_rebuild())
        except BaseException as error:  # reported by the main thread
            errors.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=rebuild) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=300)
    assert not errors
    assert len(results) == 2
    assert results[0] == results[1]
    assert results[0][0] == 20 + 100
    concurrent = snapshot()
    assert RatingChange.objects.count() == results[0][1]
    ratings_rebuild()
    assert snapshot() == concurrent

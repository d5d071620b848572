"""Probes: ``/ping/`` says the process answers, ``/ready/`` whether the node can serve;
every read-only page answers ``HEAD`` (uptime monitors and ``curl -I`` use it)."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from django.db import DEFAULT_DB_ALIAS, OperationalError, connections
from django.db.migrations.recorder import MigrationRecorder
from django.test import Client
from django.urls import reverse
from pytest_django.fixtures import Settings

from core import health
from games.models import Game
from tests.classes.support import enroll, make_assignment, make_class, play_assignment
from tests.factories import UserFactory
from tests.records.support import client_for, make_instructor

OLDEST_TASK_AGE = [None]


def oldest_task_age() -> float | None:
    """The queue the tests point ``TASK_QUEUE_AGE`` at."""
    return OLDEST_TASK_AGE[0]


@pytest.fixture(autouse=True)
def _fresh_checks() -> Iterator[None]:
    health.forget_migrations_check()
    yield
    health.forget_migrations_check()
    OLDEST_TASK_AGE[0] = None


PROBE_TOKEN = "probe-token-for-the-tests-0123456789"


@pytest.fixture(autouse=True)
def _probe_token(settings: Settings) -> None:
    settings.PROBE_TOKEN = PROBE_TOKEN


def ready(**headers: str) -> tuple[int, dict]:
    """The detailed report, as a monitor with the probe token reads it."""
    headers.setdefault("Authorization", f"Bearer {PROBE_TOKEN}")
    response = Client().get(reverse("ready"), headers=headers)
    assert response["Content-Type"] == "application/json"
    assert "no-cache" in response["Cache-Control"]
    return response.status_code, json.loads(response.content)


@pytest.mark.django_db
def test_ready_when_the_primary_answers_and_every_migration_is_applied() -> None:
    status, body = ready()
    assert status == 200
    assert body["status"] == "ready"
    assert set(body["checks"]) == {"primary", "replica", "migrations", "task_queue"}
    assert body["checks"]["primary"]["ok"] is True
    assert body["checks"]["migrations"]["detail"] == "all applied"
    assert body["checks"]["replica"] == {
        "ok": True,
        "fatal": False,
        "detail": "no replica configured",
    }
    # The site's own queue (core/taskqueue.py), empty here.
    assert body["checks"]["task_queue"]["detail"] == "no task waiting"


@pytest.mark.django_db
def test_not_ready_when_the_primary_does_not_answer(monkeypatch: pytest.MonkeyPatch) -> None:
    def refused(*args: object, **kwargs: object) -> None:
        raise OperationalError("connection refused")

    monkeypatch.setattr(connections[DEFAULT_DB_ALIAS], "cursor", refused)
    status, body = ready()
    assert status == 503
    assert body["status"] == "not ready"
    assert body["checks"]["primary"] == {
        "ok": False,
        "fatal": True,
        "detail": "connection refused",
    }


@pytest.mark.django_db
def test_not_ready_while_a_migration_is_pending() -> None:
    recorder = MigrationRecorder(connections[DEFAULT_DB_ALIAS])
    last = max(name for app, name in recorder.applied_migrations() if app == "games")
    recorder.record_unapplied("games", last)
    status, body = ready()
    assert status == 503
    assert body["checks"]["migrations"]["detail"] == f"1 pending: games.{last}"
    recorder.record_applied("games", last)
    assert ready()[0] == 200


@pytest.mark.django_db
def test_a_lagging_task_queue_is_reported_never_fatal(settings: Settings) -> None:
    """One queue serves every node: a worker busy with an import's par (or stopped) must
    not take every node out of the load balancer at once (issue 27, item 1)."""
    settings.TASK_QUEUE_AGE = f"{__name__}.oldest_task_age"
    settings.TASK_QUEUE_ALERT_SECONDS = 300
    assert ready()[1]["checks"]["task_queue"]["detail"] == "no task waiting"
    OLDEST_TASK_AGE[0] = 12.0
    status, body = ready()
    assert status == 200
    assert body["checks"]["task_queue"]["oldest_seconds"] == 12.0
    OLDEST_TASK_AGE[0] = 3600.0
    status, body = ready()
    assert status == 200
    assert body["status"] == "ready"
    assert body["checks"]["task_queue"]["ok"] is False
    assert body["checks"]["task_queue"]["fatal"] is False
    assert "3600 s (> 300 s)" in body["checks"]["task_queue"]["detail"]


def test_ping_stays_liveness_and_touches_no_database() -> None:
    """No ``django_db`` mark: a query here would fail the test."""
    assert Client().get(reverse("ping")).content == b"ok anonymous\n"
    head = Client().head(reverse("ping"))
    assert head.status_code == 200
    assert head.content == b""


@pytest.mark.django_db
def test_ready_answers_head_and_refuses_a_post() -> None:
    assert Client().head(reverse("ready")).status_code == 200
    assert Client().post(reverse("ready")).status_code == 405


@pytest.mark.django_db
def test_every_read_only_page_answers_head_as_it_answers_get() -> None:
    classroom = make_class(students=("ada",))
    assignment = make_assignment(classroom)
    student = classroom.memberships.get().student
    game = play_assignment(student, assignment)
    instructor = make_instructor("reviewer")
    enroll(classroom, UserFactory(username="bob"))
    pages = {
        None: [
            reverse("home"),
            reverse("ping"),
            reverse("leaderboard"),
            reverse("leaderboard_points"),
            reverse("daily_today"),
            reverse("daily_archive"),
            reverse("daily_leaderboard_today"),
            reverse("player_profile", args=["ada"]),
            reverse("login"),
            reverse("signup"),
        ],
        student: [
            reverse("my_games"),
            reverse("player_profile", args=[student.get_username()]),
            reverse("game_detail", args=[game.pk]),
            reverse("game_review", args=[game.pk]),
            reverse("profile"),
            reverse("delete_account"),
            reverse("game_new"),
            reverse("class_join"),
            reverse("my_data_csv"),
            reverse("my_data_jsonl"),
            reverse("class_list"),
        ],
        instructor: [
            reverse("instructor_games"),
            reverse("instructor_games_csv"),
            reverse("instructor_games_jsonl"),
        ],
        classroom.instructor: [
            reverse("class_detail", args=[classroom.pk]),
            reverse("class_games", args=[classroom.pk]),
            reverse("class_games_csv", args=[classroom.pk]),
            reverse("class_stats", args=[classroom.pk]),
            reverse("assignment_detail", args=[classroom.pk, assignment.pk]),
            reverse("assignment_table_csv", args=[classroom.pk, assignment.pk]),
            reverse("assignment_leaderboard", args=[classroom.pk, assignment.pk]),
            reverse("class_new"),
            reverse("class_delete", args=[classroom.pk]),
            reverse("assignment_new", args=[classroom.pk]),
            reverse("assignment_edit", args=[classroom.pk, assignment.pk]),
        ],
    }
    assert Game.objects.count() == 1
    for user, urls in pages.items():
        client = client_for(user)
        for url in urls:
            get = client.get(url)
            head = client.head(url)
            assert get.status_code == 200, url
            assert head.status_code == 200, url
            assert head.get("Content-Type") == get.get("Content-Type"), url
            body = b"".join(head.streaming_content) if head.streaming else head.content
            assert body == b"", url


@pytest.mark.django_db
def test_head_on_a_form_that_acts_on_post_changes_nothing() -> None:
    """HEAD is safe: on the start button's address it only redirects, as GET does."""
    classroom = make_class(students=("ada",))
    assignment = make_assignment(classroom)
    client = client_for(classroom.memberships.get().student)
    url = reverse("assignment_start", args=[classroom.pk, assignment.pk])
    response = client.head(url)
    assert response.status_code == 302
    assert response["Location"] == reverse("class_detail", args=[classroom.pk])
    assert not Game.objects.exists()
    assert client.head(reverse("class_delete", args=[classroom.pk])).status_code == 403
    assert classroom.__class__.objects.filter(pk=classroom.pk).exists()

"""The replica is optional at run time: reads fall back to the primary when it is down or late.

The replica here is an alias that cannot be reached (tests/core/replica_support.py),
so these run everywhere, SQLite included; tests/core/test_db_router.py covers a real
streaming replica. Reads are routed only outside a transaction on the primary, so the
tests that go through the router are transactional.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator

import pytest
from django.db import DEFAULT_DB_ALIAS, OperationalError, connections, router
from django.http import HttpResponse
from django.test import Client, RequestFactory
from django.urls import reverse
from pytest_django.fixtures import Settings

from classes.models import Membership
from core import db_router
from core.db_router import REPLICA_DB_ALIAS, lagging_reads
from dictionaries.models import Dictionary
from games.models import Game
from records import exports
from records.selectors.records import GameFilters, filtered_games
from tests.classes.support import make_class
from tests.conftest import NINE_WORDS
from tests.core.replica_support import (
    answering_replica_settings,
    replica_alias_in_module,  # noqa: F401 - a module fixture: the replica alias exists
    replica_at,
    unreachable_replica_settings,
    uses_the_replica_alias,
)
from tests.factories import DictionaryFactory, UserFactory
from tests.records.support import client_for, make_instructor, play

pytestmark = uses_the_replica_alias


PROBE_TOKEN = "replica-tests-probe-token"


@pytest.fixture
def replica_down(settings: Settings) -> Iterator[None]:
    settings.DATABASE_REPLICA_READS = True
    settings.PROBE_TOKEN = PROBE_TOKEN
    with replica_at(unreachable_replica_settings()):
        yield


@pytest.fixture
def replica_up(settings: Settings) -> Iterator[None]:
    settings.DATABASE_REPLICA_READS = True
    settings.PROBE_TOKEN = PROBE_TOKEN
    with replica_at(answering_replica_settings()):
        yield


@pytest.mark.usefixtures("replica_up")
def test_an_answering_replica_takes_the_reads_that_may_lag() -> None:
    with lagging_reads():
        assert router.db_for_read(Game) == REPLICA_DB_ALIAS
    assert router.db_for_read(Game) == DEFAULT_DB_ALIAS
    assert db_router.replica_health().failures == 0


@pytest.mark.usefixtures("replica_down")
def test_an_unreachable_replica_sends_its_reads_to_the_primary() -> None:
    with lagging_reads():
        assert router.db_for_read(Game) == DEFAULT_DB_ALIAS
        assert filtered_games(GameFilters()).db == DEFAULT_DB_ALIAS
    health = db_router.replica_health()
    assert health.failures == 1
    assert health.last_error


@pytest.mark.usefixtures("replica_down")
def test_a_failure_is_remembered_instead_of_paid_on_every_read(
    settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings.DATABASE_REPLICA_RETRY_SECONDS = 5
    clock = [1000.0]
    monkeypatch.setattr(db_router.time, "monotonic", lambda: clock[0])
    with lagging_reads():
        for _ in range(20):
            assert router.db_for_read(Game) == DEFAULT_DB_ALIAS
        assert db_router.replica_health().failures == 1  # one connection tried, not 20
        clock[0] += 4.9
        assert router.db_for_read(Game) == DEFAULT_DB_ALIAS
        assert db_router.replica_health().failures == 1
        clock[0] += 0.2  # the circuit closes again: the replica is tried once more
        assert router.db_for_read(Game) == DEFAULT_DB_ALIAS
        assert db_router.replica_health().failures == 2


@pytest.mark.usefixtures("replica_up")
def test_a_replica_back_up_takes_the_reads_again(
    settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    clock = [1000.0]
    monkeypatch.setattr(db_router.time, "monotonic", lambda: clock[0])
    with replica_at(unreachable_replica_settings()), lagging_reads():
        assert router.db_for_read(Game) == DEFAULT_DB_ALIAS
    clock[0] += settings.DATABASE_REPLICA_RETRY_SECONDS + 1
    with lagging_reads():
        assert router.db_for_read(Game) == REPLICA_DB_ALIAS


@pytest.mark.usefixtures("replica_up")
def test_a_replica_lagging_past_the_bound_is_skipped_until_it_catches_up(
    settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings.DATABASE_REPLICA_MAX_LAG_SECONDS = 30
    settings.DATABASE_REPLICA_CHECK_SECONDS = 2
    clock = [1000.0]
    lag = [45.0]
    asked: list[float] = []

    def measured_lag() -> float:
        asked.append(clock[0])
        return lag[0]

    monkeypatch.setattr(db_router.time, "monotonic", lambda: clock[0])
    monkeypatch.setattr(db_router, "replica_lag_seconds", measured_lag)
    with lagging_reads():
        assert router.db_for_read(Game) == DEFAULT_DB_ALIAS
        assert router.db_for_read(Game) == DEFAULT_DB_ALIAS
        assert len(asked) == 1  # asked once per check interval, not per read
        lag[0] = 0.5
        clock[0] += 2
        assert router.db_for_read(Game) == REPLICA_DB_ALIAS
        assert len(asked) == 2
    assert db_router.replica_health().lag_seconds == 0.5


def test_the_lag_is_read_from_a_postgresql_replica() -> None:
    """The SQL that measures the lag runs (0 on a server that is not in recovery)."""
    if connections[DEFAULT_DB_ALIAS].vendor != "postgresql":
        pytest.skip("the lag query is PostgreSQL's")
    with replica_at(answering_replica_settings()), connections[REPLICA_DB_ALIAS].cursor() as cursor:
        cursor.execute(db_router.LAG_SQL)
        assert cursor.fetchone()[0] in (0, None)


@pytest.fixture
def records() -> Dictionary:
    dictionary = DictionaryFactory(words=list(NINE_WORDS))
    for name, letters in (("ada", "eaoylbtdcg"), ("bob", "eoalbtdcyf"), ("cy", "zqxjkvwm")):
        assert play(player=UserFactory(username=name), dictionary=dictionary, letters=letters)
    return dictionary


@pytest.mark.usefixtures("replica_down")
def test_every_page_that_may_lag_answers_with_the_replica_down(records: Dictionary) -> None:
    instructor = make_instructor()
    classroom = make_class()
    Membership.objects.create(classroom=classroom, student=Game.objects.first().player)
    pages = {
        instructor: [
            reverse("player_stats"),
            reverse("player_profile", args=["ada"]),
            reverse("leaderboard"),
            reverse("leaderboard") + "?period=week&difficulty=hard",
            reverse("leaderboard_points"),
            reverse("leaderboard_points") + "?rank=daily",
            reverse("instructor_games"),
            reverse("daily_leaderboard_today"),
        ],
        classroom.instructor: [
            reverse("class_games", args=[classroom.pk]),
            reverse("class_stats", args=[classroom.pk]),
        ],
    }
    for user, urls in pages.items():
        client = client_for(user)
        for url in urls:
            assert client.get(url).status_code == 200, url
    assert db_router.replica_health().failures == 1  # the first page opened the circuit


@pytest.mark.usefixtures("replica_down")
@pytest.mark.parametrize(
    ("export", "lines"), [("instructor_games_csv", 1 + 3), ("instructor_games_jsonl", 28)]
)
def test_an_export_streams_whole_with_the_replica_down(
    records: Dictionary, export: str, lines: int
) -> None:
    response = client_for(make_instructor()).get(reverse(export))
    body = b"".join(response.streaming_content).decode()
    assert response.status_code == 200
    if export.endswith("csv"):
        assert len(list(csv.reader(io.StringIO(body)))) == lines  # not cut after its header
    else:
        assert body.count("\n") == lines


def cut_the_replica_connection() -> None:
    """The replica's connection dies under a stream, as when the replica is stopped."""
    backend = connections[REPLICA_DB_ALIAS].connection.info.backend_pid
    with connections[DEFAULT_DB_ALIAS].cursor() as cursor:
        cursor.execute("SELECT pg_terminate_backend(%s)", [backend])


@pytest.mark.usefixtures("replica_up")
@pytest.mark.parametrize("export", ["instructor_games_csv", "instructor_games_jsonl"])
def test_an_export_that_loses_the_replica_midway_finishes_from_the_primary(
    records: Dictionary, export: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    if connections[DEFAULT_DB_ALIAS].vendor != "postgresql":
        pytest.skip("cuts a server-side cursor's connection: PostgreSQL's (CI runs it)")
    monkeypatch.setattr(exports, "CHUNK_SIZE", 1)  # a fetch from the cursor per row
    client = client_for(make_instructor())
    whole = b"".join(client.get(reverse(export)).streaming_content).decode()
    response = client.get(reverse(export))
    stream = iter(response.streaming_content)
    sent = [next(stream), next(stream)]  # the status and the first lines are on their way
    assert connections[REPLICA_DB_ALIAS].connection is not None  # read from the replica
    cut_the_replica_connection()
    body = b"".join([*sent, *stream]).decode()
    assert response.status_code == 200
    assert body == whole  # every line once, in order: none lost, none doubled
    assert db_router.replica_health().failures == 1  # the circuit is open for the next reads


@pytest.mark.usefixtures("replica_up")
@pytest.mark.parametrize(
    "page", ["instructor_games", "leaderboard", "leaderboard_points", "player_stats"]
)
def test_a_page_that_loses_the_replica_under_a_query_is_answered_from_the_primary(
    records: Dictionary, page: str
) -> None:
    if connections[DEFAULT_DB_ALIAS].vendor != "postgresql":
        pytest.skip("cuts a live connection: PostgreSQL's (CI runs it)")
    client = client_for(make_instructor())
    assert client.get(reverse(page), follow=True).status_code == 200  # /stats/: a redirect
    assert connections[REPLICA_DB_ALIAS].connection is not None  # it read from the replica
    cut_the_replica_connection()  # after the router's check: the next query finds it gone
    response = client.get(reverse(page), follow=True)
    assert response.status_code == 200
    if page == "instructor_games":
        assert all(name in response.content.decode() for name in ("ada", "bob", "cy"))
    assert db_router.replica_health().failures == 1  # the next reads skip it at once


@pytest.mark.usefixtures("replica_up")
def test_a_post_that_loses_the_replica_is_not_sent_again(records: Dictionary) -> None:
    """Only safe requests are answered again: a write is never run twice."""
    if connections[DEFAULT_DB_ALIAS].vendor != "postgresql":
        pytest.skip("cuts a live connection: PostgreSQL's (CI runs it)")
    assert client_for(make_instructor()).get(reverse("leaderboard")).status_code == 200
    cut_the_replica_connection()
    assert db_router.replica_connection_broken()
    middleware = db_router.ReplicaFallbackMiddleware(lambda request: HttpResponse())
    request = RequestFactory().post("/games/1/guess/")
    assert middleware.process_exception(request, OperationalError("gone")) is None
    assert db_router.replica_health().failures == 0  # not even looked at


@pytest.mark.usefixtures("replica_down")
def test_a_class_export_streams_whole_with_the_replica_down(records: Dictionary) -> None:
    classroom = make_class()
    Membership.objects.create(
        classroom=classroom, student=Game.objects.get(player__username="ada").player
    )
    response = client_for(classroom.instructor).get(reverse("class_games_csv", args=[classroom.pk]))
    rows = list(csv.reader(io.StringIO(b"".join(response.streaming_content).decode())))
    assert response.status_code == 200
    assert len(rows) == 2


def probe_details() -> dict[str, str]:
    """What a monitor with the probe token sends (the details are not public)."""
    return {"Authorization": f"Bearer {PROBE_TOKEN}"}


@pytest.mark.usefixtures("replica_down")
def test_ready_reports_a_replica_down_and_stays_ready() -> None:
    response = Client().get(reverse("ready"), headers=probe_details())
    assert response.status_code == 200
    replica = response.json()["checks"]["replica"]
    assert replica["ok"] is False
    assert replica["fatal"] is False
    assert replica["detail"].startswith("unreachable, reads go to the primary")


@pytest.mark.usefixtures("replica_up")
def test_ready_reports_a_replica_that_answers() -> None:
    replica = Client().get(reverse("ready"), headers=probe_details()).json()["checks"]["replica"]
    assert replica["ok"] is True
    assert replica["detail"] == "reads that may lag go to it"


@pytest.mark.usefixtures("replica_down")
def test_an_unreachable_replica_reports_its_lag_as_unknown_not_zero() -> None:
    """Issue 36, item 8: a replica nobody could ask reported lag 0.0, as if it were current."""
    replica = Client().get(reverse("ready"), headers=probe_details()).json()["checks"]["replica"]
    assert replica["lag_seconds"] is None
    assert replica["detail"].startswith("unreachable, reads go to the primary")
    metrics = Client().get(reverse("metrics"), headers=probe_details()).content.decode()
    assert "evilhangman_replica_ok 0" in metrics
    assert "evilhangman_replica_lag_seconds NaN" in metrics


@pytest.mark.usefixtures("replica_up")
def test_a_lag_measured_before_the_replica_went_away_is_forgotten(
    settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    clock = [1000.0]
    monkeypatch.setattr(db_router.time, "monotonic", lambda: clock[0])
    monkeypatch.setattr(db_router, "replica_lag_seconds", lambda: 0.5)
    with lagging_reads():
        assert router.db_for_read(Game) == REPLICA_DB_ALIAS
    assert db_router.replica_health().lag_seconds == 0.5
    with replica_at(unreachable_replica_settings()), lagging_reads():
        clock[0] += settings.DATABASE_REPLICA_CHECK_SECONDS  # the next check finds it gone
        db_router.replica_lost(OperationalError("connection refused"))
        assert router.db_for_read(Game) == DEFAULT_DB_ALIAS
    assert db_router.replica_health().lag_seconds is None
    clock[0] += settings.DATABASE_REPLICA_RETRY_SECONDS + 1
    with lagging_reads():  # back: asked again at once, whatever the check interval
        assert router.db_for_read(Game) == REPLICA_DB_ALIAS
    assert db_router.replica_health().lag_seconds == 0.5

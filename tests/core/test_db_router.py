"""The primary/replica router: which database each selector reads from, and writes.

The first tests check the router's choices with a replica assumed (no query
is sent to it). Those marked ``replica`` run against a real streaming replica
(``DATABASE_REPLICA_URL``; CI makes one with ``.ci/replica``): they write on
the primary, wait until the replica has replayed it, and count the queries
each database received. Without a replica they skip, except when
``REQUIRE_REPLICA`` is set (CI), where that is a failure.
"""

from __future__ import annotations

import csv
import io
import os
import time
from collections.abc import Callable, Iterator

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.contrib.sessions.models import Session
from django.db import DEFAULT_DB_ALIAS, DatabaseError, connections, router, transaction
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from core import db_router
from core.db_router import LAG_SQL, REPLICA_DB_ALIAS, lagging_reads, reads_can_lag
from dictionaries.models import Dictionary
from games.models import Game, Move
from records.selectors.leaderboard import LeaderboardFilters, leaderboard_page
from records.selectors.records import GameFilters, filtered_games
from records.selectors.stats import player_statistics
from tests.conftest import NINE_WORDS
from tests.factories import DictionaryFactory, UserFactory
from tests.records.support import client_for, make_instructor, play

REPLICA_CATCH_UP_S = 15.0


@pytest.fixture
def assume_a_replica(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(db_router, "replica_in_use", lambda: True)
    # Reachable and up to date (tests/core/test_replica_fallback.py: when it is not).
    monkeypatch.setattr(db_router, "replica_usable", lambda: True)


@pytest.mark.usefixtures("assume_a_replica")
def test_only_marked_reads_go_to_the_replica() -> None:
    assert router.db_for_read(Game) == DEFAULT_DB_ALIAS
    with lagging_reads():
        assert router.db_for_read(Game) == REPLICA_DB_ALIAS
        assert router.db_for_read(Move) == REPLICA_DB_ALIAS
        # State, not records: sessions, users and counters never lag.
        assert router.db_for_read(Session) == DEFAULT_DB_ALIAS
        assert router.db_for_read(UserFactory._meta.model) == DEFAULT_DB_ALIAS
    assert router.db_for_read(Game) == DEFAULT_DB_ALIAS


@pytest.mark.usefixtures("assume_a_replica")
def test_writes_and_migrations_stay_on_the_primary() -> None:
    with lagging_reads():
        assert router.db_for_write(Game) == DEFAULT_DB_ALIAS
    assert router.allow_migrate(DEFAULT_DB_ALIAS, "games")
    assert not router.allow_migrate(REPLICA_DB_ALIAS, "games")


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("assume_a_replica")
def test_a_read_inside_a_transaction_stays_on_the_primary() -> None:
    with lagging_reads():
        with transaction.atomic():
            assert router.db_for_read(Game) == DEFAULT_DB_ALIAS
        assert router.db_for_read(Game) == REPLICA_DB_ALIAS


def test_without_a_replica_every_read_is_on_the_primary() -> None:
    assert REPLICA_DB_ALIAS not in settings.DATABASES or not db_router.replica_in_use()
    with lagging_reads():
        assert router.db_for_read(Game) == DEFAULT_DB_ALIAS


@pytest.mark.usefixtures("assume_a_replica")
def test_a_selector_pins_the_queryset_it_returns_to_the_replica() -> None:
    """The list is evaluated later (paginator, template): it keeps the choice made now."""
    assert filtered_games(GameFilters()).db == REPLICA_DB_ALIAS
    assert filtered_games(GameFilters()).filter(length=4).db == REPLICA_DB_ALIAS


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("assume_a_replica")
def test_a_selector_called_inside_a_transaction_pins_the_primary() -> None:
    with transaction.atomic():
        assert filtered_games(GameFilters()).db == DEFAULT_DB_ALIAS


def test_a_stream_keeps_the_choice_while_it_is_produced() -> None:
    seen: list[bool] = []

    def stream() -> Iterator[str]:
        for line in ("a", "b"):
            seen.append(db_router._lagging_reads.get())
            yield line

    from django.http import StreamingHttpResponse

    @reads_can_lag
    def view() -> StreamingHttpResponse:
        return StreamingHttpResponse(stream())

    response = view()
    assert b"".join(response.streaming_content) == b"ab"  # consumed after the view returned
    assert seen == [True, True]
    assert db_router._lagging_reads.get() is False


# Against a real streaming replica ---------------------------------------------------------


def on_the_real_replica(test: Callable[..., None]) -> Callable[..., None]:
    """Marks for a test against the replica; skipped without one, unless REQUIRE_REPLICA."""
    for mark in (
        pytest.mark.skipif(
            REPLICA_DB_ALIAS not in settings.DATABASES and not os.environ.get("REQUIRE_REPLICA"),
            reason="no replica: set DATABASE_REPLICA_URL (see .ci/replica)",
        ),
        pytest.mark.replica,
        pytest.mark.django_db(transaction=True, databases=[DEFAULT_DB_ALIAS, REPLICA_DB_ALIAS]),
    ):
        test = mark(test)
    return test


def wait_for_the_replica() -> None:
    """Until the replica has replayed everything the primary has written so far."""
    with connections[DEFAULT_DB_ALIAS].cursor() as cursor:
        cursor.execute("SELECT pg_current_wal_lsn()")
        (written,) = cursor.fetchone()
    deadline = time.monotonic() + REPLICA_CATCH_UP_S
    with connections[REPLICA_DB_ALIAS].cursor() as cursor:
        while True:
            cursor.execute("SELECT pg_last_wal_replay_lsn() >= %s::pg_lsn", [written])
            if cursor.fetchone()[0]:
                return
            if time.monotonic() > deadline:
                pytest.fail(f"the replica did not replay {written} in {REPLICA_CATCH_UP_S:g} s")
            time.sleep(0.05)


class Queries:
    """The queries each database received inside the block."""

    def __enter__(self) -> Queries:
        self.primary = CaptureQueriesContext(connections[DEFAULT_DB_ALIAS])
        self.replica = CaptureQueriesContext(connections[REPLICA_DB_ALIAS])
        self.primary.__enter__()
        self.replica.__enter__()
        return self

    def __exit__(self, *exc: object) -> None:
        self.replica.__exit__(*exc)
        self.primary.__exit__(*exc)

    def sql(self, alias: str) -> list[str]:
        """The reads of the code under test: the router's own lag check, which it sends
        whenever its last check is older than DATABASE_REPLICA_CHECK_SECONDS (a slow
        machine's fixture can take that long), is not one of them."""
        context = self.replica if alias == REPLICA_DB_ALIAS else self.primary
        return [query["sql"] for query in context.captured_queries if query["sql"] != LAG_SQL]


@pytest.fixture
def finished_games() -> Dictionary:
    dictionary = DictionaryFactory(words=list(NINE_WORDS))
    for name, letters in (("ada", "eaoylbtdcg"), ("bob", "eoalbtdcyf"), ("cy", "zqxjkvwm")):
        game = play(player=UserFactory(username=name), dictionary=dictionary, letters=letters)
        assert game.is_over, name
    wait_for_the_replica()
    return dictionary


@on_the_real_replica
def test_the_replica_is_a_read_only_copy_that_follows_the_primary(
    finished_games: Dictionary,
) -> None:
    assert (
        connections[REPLICA_DB_ALIAS].settings_dict["PORT"]
        != (connections[DEFAULT_DB_ALIAS].settings_dict["PORT"])
    )
    with connections[REPLICA_DB_ALIAS].cursor() as cursor:
        cursor.execute("SELECT pg_is_in_recovery()")
        assert cursor.fetchone()[0] is True
    assert Game.objects.using(REPLICA_DB_ALIAS).count() == 3
    with pytest.raises(DatabaseError, match="read-only"), transaction.atomic(REPLICA_DB_ALIAS):
        Game.objects.using(REPLICA_DB_ALIAS).update(score=0)


@on_the_real_replica
def test_leaderboard_reads_its_ranking_from_the_replica(finished_games: Dictionary) -> None:
    with Queries() as queries:
        page = leaderboard_page(LeaderboardFilters())
    assert page[0].username == "ada"  # the only win
    assert any("games_playertotal" in sql for sql in queries.sql(REPLICA_DB_ALIAS))
    # Only the page's usernames come from the primary: users are never read late.
    assert all("auth_user" in sql for sql in queries.sql(DEFAULT_DB_ALIAS))


@on_the_real_replica
def test_statistics_read_from_the_replica(finished_games: Dictionary) -> None:
    player = Game.objects.get(player__username="ada").player
    with Queries() as queries:
        overall = player_statistics(player=player, ranked_only=True)[0]
    assert overall.played == 1
    assert len(queries.sql(REPLICA_DB_ALIAS)) == 1
    assert queries.sql(DEFAULT_DB_ALIAS) == []


@on_the_real_replica
def test_the_instructors_list_reads_from_the_replica(finished_games: Dictionary) -> None:
    with Queries() as queries:
        games = list(filtered_games(GameFilters(player="bob")))
    assert [game.player.username for game in games] == ["bob"]
    assert len(queries.sql(REPLICA_DB_ALIAS)) == 1
    assert queries.sql(DEFAULT_DB_ALIAS) == []


@on_the_real_replica
@pytest.mark.parametrize("export", ["instructor_games_csv", "instructor_games_jsonl"])
def test_exports_stream_from_the_replica(finished_games: Dictionary, export: str) -> None:
    client = client_for(make_instructor())
    wait_for_the_replica()
    with Queries() as queries:
        response = client.get(reverse(export))
        body = b"".join(response.streaming_content).decode()
    assert response.status_code == 200
    if export.endswith("csv"):
        assert len(list(csv.reader(io.StringIO(body)))) == 1 + 3
    else:
        assert body.count("\n") == 10 + 10 + 8  # one line per move
    replica_sql = queries.sql(REPLICA_DB_ALIAS)
    assert any("games_game" in sql or "games_move" in sql for sql in replica_sql)
    assert not any("games_game" in sql or "games_move" in sql for sql in queries.sql("default"))


@on_the_real_replica
def test_pages_that_may_lag_use_the_replica_and_the_profile_too(finished_games: Dictionary) -> None:
    client = client_for(UserFactory(username="reader"))
    wait_for_the_replica()
    for url in (
        reverse("leaderboard"),
        reverse("leaderboard_points"),
        reverse("player_profile", args=["ada"]),
    ):
        with Queries() as queries:
            assert client.get(url).status_code == 200
        assert queries.sql(REPLICA_DB_ALIAS), url
        assert not any("games_game" in sql for sql in queries.sql(DEFAULT_DB_ALIAS)), url


@on_the_real_replica
def test_a_selector_inside_a_write_reads_the_primary(finished_games: Dictionary) -> None:
    player = Game.objects.get(player__username="ada").player
    with Queries() as queries, transaction.atomic():
        player_statistics(player=player)
        list(filtered_games(GameFilters()))
    assert queries.sql(REPLICA_DB_ALIAS) == []


@on_the_real_replica
def test_playing_never_touches_the_replica(finished_games: Dictionary) -> None:
    """Start, guess, forfeit, the board, my games: every query on the primary."""
    player = UserFactory(username="dee")
    client = client_for(player)
    with Queries() as queries:
        response = client.post(
            reverse("game_new"),
            {"dictionary": finished_games.pk, "length": 4, "max_misses": 8, "difficulty": "hard"},
        )
        game = Game.objects.get(player=player)
        assert response.status_code == 302
        for expected, letter in enumerate("ea"):
            client.post(
                reverse("game_guess", args=[game.pk]),
                {"letter": letter, "expected_guesses": expected},
                headers={"HX-Request": "true"},
            )
        client.get(reverse("game_detail", args=[game.pk]))
        client.get(reverse("my_games"))
        client.post(reverse("game_forfeit", args=[game.pk]))
    game.refresh_from_db()
    assert game.letters == "ea"
    assert game.forfeited
    assert queries.sql(REPLICA_DB_ALIAS) == []
    assert any(sql.startswith("INSERT") for sql in queries.sql(DEFAULT_DB_ALIAS))


@on_the_real_replica
def test_a_class_export_streams_from_the_replica(finished_games: Dictionary) -> None:
    """The class's games, selected on the replica, and their moves read there too."""
    from classes.models import Membership
    from tests.classes.support import make_class

    classroom = make_class()
    Membership.objects.create(classroom=classroom, student=User.objects.get(username="ada"))
    client = client_for(classroom.instructor)
    wait_for_the_replica()
    with Queries() as queries:
        response = client.get(reverse("class_games_jsonl", args=[classroom.pk]))
        body = b"".join(response.streaming_content).decode()
    assert response.status_code == 200
    assert body.count("\n") == 10  # ada's ten guesses
    assert any("games_move" in sql for sql in queries.sql(REPLICA_DB_ALIAS))
    assert not any("games_move" in sql for sql in queries.sql(DEFAULT_DB_ALIAS))
    # Who may see the class is checked on the primary: a class made a moment ago counts.
    assert any('FROM "classes_classroom"' in sql for sql in queries.sql(DEFAULT_DB_ALIAS))


@on_the_real_replica
def test_the_real_replica_reports_a_small_lag_and_takes_the_reads(
    finished_games: Dictionary,
) -> None:
    assert 0 <= db_router.replica_lag_seconds() < settings.DATABASE_REPLICA_MAX_LAG_SECONDS
    db_router.reset_replica_health()
    with lagging_reads():
        assert router.db_for_read(Game) == REPLICA_DB_ALIAS
    assert db_router.replica_health().failures == 0

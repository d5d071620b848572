"""Two finishing games of the leaderboard totals at once (real transactions, PostgreSQL):
both are counted, and a player's total is summed after each other, never from a stale read."""

from __future__ import annotations

import threading
import time

import pytest
from django.db import connection, transaction

from games.leaderboard_totals import leaderboard_totals_add
from games.models import CategoryTotal, PlayerTotal, Status
from tests.factories import DictionaryFactory, GameFactory, UserFactory
from tests.games.test_leaderboard_totals import END, totals_of

pytestmark = pytest.mark.django_db


@pytest.mark.skipif(
    connection.vendor != "postgresql", reason="needs two real concurrent transactions"
)
@pytest.mark.django_db(transaction=True)
def test_two_first_games_finishing_at_once_are_both_counted() -> None:
    """The second INSERT of a new total fails on the unique key and updates the first one's row."""
    player, dictionary = UserFactory(), DictionaryFactory()
    first_inserted, errors = threading.Event(), []

    def finish(*, wait_for: threading.Event | None) -> None:
        try:
            if wait_for is not None:
                wait_for.wait(timeout=10)
            with transaction.atomic():
                game = GameFactory(
                    player=player,
                    dictionary=dictionary,
                    status=Status.WON,
                    score=4,
                    finished_at=END,
                )
                leaderboard_totals_add(game=game)
                if wait_for is None:
                    first_inserted.set()
                    blocked_on_our_insert(timeout=10)
        except Exception as error:  # reported by the main thread
            errors.append(error)
        finally:
            connection.close()

    threads = [
        threading.Thread(target=finish, kwargs={"wait_for": None}),
        threading.Thread(target=finish, kwargs={"wait_for": first_inserted}),
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert not errors
    assert totals_of(player) == (4, 2, 2, END, END)  # the best of two equal wins
    assert CategoryTotal.objects.get().games == 2


@pytest.mark.skipif(
    connection.vendor != "postgresql", reason="needs two real concurrent transactions"
)
@pytest.mark.django_db(transaction=True)
def test_two_boards_of_one_player_finishing_at_once_are_summed_after_each_other() -> None:
    """The player's row is locked first: the second finish, on another board,
    waits for it, then adds its board to the first one's committed total (a total read before
    the wait would leave the first board's game out of the player's total)."""
    player, dictionary = UserFactory(), DictionaryFactory()
    first_locked, errors = threading.Event(), []

    def finish(*, length: int, score: int, wait_for: threading.Event | None) -> None:
        try:
            if wait_for is not None:
                wait_for.wait(timeout=10)
            with transaction.atomic():
                game = GameFactory(
                    player=player,
                    dictionary=dictionary,
                    length=length,
                    status=Status.WON,
                    score=score,
                    finished_at=END,
                )
                leaderboard_totals_add(game=game)
                if wait_for is None:
                    first_locked.set()
                    blocked_on_our_insert(timeout=10)
        except Exception as error:  # reported by the main thread
            errors.append(error)
        finally:
            connection.close()

    threads = [
        threading.Thread(target=finish, kwargs={"length": 4, "score": 3, "wait_for": None}),
        threading.Thread(target=finish, kwargs={"length": 5, "score": 5, "wait_for": first_locked}),
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert not errors
    assert totals_of(player) == (8, 2, 2, END, END)
    assert CategoryTotal.objects.filter(player=player).count() == 2


def blocked_on_our_insert(*, timeout: float) -> None:
    """Wait until another session waits for ours: its INSERT of the same player's total.

    Asked of PostgreSQL for this session (``pg_blocking_pids``): any lock not granted on the
    server (another database's tests, another statement) is not the wait this test is about.
    ``pg_stat_activity`` is read once per transaction, and this runs inside one: its snapshot
    is cleared before each look, or the second session, started since, never shows.
    """
    deadline = time.monotonic() + timeout
    insert = f'INSERT INTO "{PlayerTotal._meta.db_table}"'
    with connection.cursor() as cursor:
        while time.monotonic() < deadline:
            cursor.execute("SELECT pg_stat_clear_snapshot()")
            cursor.execute(
                "SELECT query FROM pg_stat_activity "
                "WHERE pg_backend_pid() = ANY(pg_blocking_pids(pid))"
            )
            waiting = [query for (query,) in cursor.fetchall()]
            if waiting:
                assert all(query.lstrip().startswith(insert) for query in waiting), waiting
                return
            time.sleep(0.01)
    raise AssertionError("the second transaction never waited for the first one's row")

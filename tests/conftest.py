"""Shared fixtures: the courses' real data and small dictionaries."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings as hypothesis_settings
from pytest_django.fixtures import Settings

SHARED_DATA = Path(__file__).resolve().parent.parent.parent / "shared" / "data"

# A CI gate must give the same answer on every run, so there the generated examples are
# fixed; on a developer's machine they stay random and keep looking for new cases.
hypothesis_settings.register_profile("ci", derandomize=True)
if os.environ.get("CI"):
    hypothesis_settings.load_profile("ci")

NINE_WORDS = ("ally", "beta", "cool", "deal", "else", "flew", "good", "hope", "ibex")


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--db-only",
        action="store_true",
        help="Run only the tests that use a database: CI's pass on PostgreSQL, after a pass "
        "on SQLite has run the rest once (they give the same answer on any database).",
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if not config.getoption("--db-only"):
        return
    kept = [item for item in items if uses_database(item)]
    dropped = [item for item in items if not uses_database(item)]
    if dropped:
        config.hook.pytest_deselected(items=dropped)
    items[:] = kept


def uses_database(item: pytest.Item) -> bool:
    """Marked ``django_db``, or asking for the database through a fixture (``db``,
    ``transactional_db``, ``live_server`` … all go through pytest-django's helper)."""
    return item.get_closest_marker("django_db") is not None or "_django_db_helper" in getattr(
        item, "fixturenames", ()
    )


def shared_data_path(*parts: str) -> Path:
    """A file of ../shared/data; skips when absent, but never under CI."""
    path = SHARED_DATA.joinpath(*parts)
    if not path.exists():
        if os.environ.get("CI"):
            pytest.fail(f"{path} is missing and CI is set: the peer suites must run")
        pytest.skip(f"{path} is absent")
    return path


def read_word_file(path: Path) -> list[str]:
    return [line.strip() for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


@pytest.fixture(autouse=True)
def _fast_password_hashing(settings: Settings) -> None:
    """Factories hash a password per user; the default hasher costs ~0.2 s each."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def _rank_small_test_dictionaries(settings: Settings) -> None:
    """Tests play ranked games on dictionaries of a few words; the rule that small buckets
    are unranked has its own tests, which set RANKED_MIN_WORDS back."""
    settings.RANKED_MIN_WORDS = 1


@pytest.fixture(autouse=True)
def _tasks_run_at_once(settings: Settings, tmp_path: Path) -> None:
    """Background tasks run inside the request that queues them (django-tasks' immediate
    backend), and uploads wait in a folder of the test's own; the tests that need a real
    worker process (tests/dictionaries/test_worker.py) set the database backend back."""
    settings.TASKS = {"default": {"BACKEND": "django_tasks.backends.immediate.ImmediateBackend"}}
    settings.DICTIONARY_UPLOAD_DIR = tmp_path / "uploads"


@pytest.fixture(autouse=True)
def _empty_process_caches() -> None:
    """Each test starts with an empty word bank, cache and known refusals (rate limits), as
    a fresh process would."""
    from django.core.cache import cache

    from core.ratelimit import forget_known_refusals
    from dictionaries.wordbank import clear_word_bank

    cache.clear()
    clear_word_bank()
    forget_known_refusals()


@pytest.fixture(autouse=True)
def _english_between_tests() -> Iterator[None]:
    """Each test starts and ends in the default language. A request's ``LocaleMiddleware``
    leaves its language active in the thread after the response (as Django does), so one
    test's German page would otherwise make the next test's messages German."""
    from django.utils import translation

    translation.deactivate()
    yield
    translation.deactivate()


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup: None, django_db_blocker: Any) -> None:
    """With ``DATABASE_REPLICA_URL``, the replica follows the primary's test database.

    The replica is a test mirror (settings), so Django creates nothing on it and
    points it at the primary; here it is pointed back at the replica's own
    server, under the test database's name, which streaming replication brings.
    """
    from django.conf import settings
    from django.db import connections

    if "replica" in settings.DATABASES:
        replica = connections["replica"]
        replica.close()
        replica.settings_dict = {
            **settings.DATABASES["replica"],
            "NAME": connections["default"].settings_dict["NAME"],
        }


@pytest.fixture(autouse=True)
def _replica_reads_only_when_asked(request: pytest.FixtureRequest, settings: Settings) -> None:
    """Reads go to a configured replica only in tests marked ``replica``: elsewhere a test
    reads what it has just written, which a replica may not have yet."""
    settings.DATABASE_REPLICA_READS = request.node.get_closest_marker("replica") is not None


@pytest.fixture(autouse=True)
def _daily_puzzles_began_100_days_ago(settings: Settings) -> None:
    """Daily puzzle #1 was 100 days before today, whatever day the tests run on."""
    import datetime as dt

    from daily.selectors import utc_today

    settings.DAILY_FIRST_DAY = utc_today() - dt.timedelta(days=100)

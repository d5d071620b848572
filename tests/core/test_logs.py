"""Logs an operator can use: the request id on every line (and on the 500 page), the user
and game where known, one line per import, lock-out, 429, refused guess and finished game,
no traceback for an expected 4xx, each line printed once; mail and Sentry from the
environment, harmless when unset."""

from __future__ import annotations

import io
import json
import logging
import re
import sys
from collections.abc import Iterator

import pytest
from django.test import Client
from django.urls import reverse
from pytest_django.fixtures import Settings

from core.logs import (
    REQUEST_ID_HEADER,
    AccessLineFilter,
    LoggedFailure,
    LoggedFailureFilter,
    RequestContextFilter,
    logging_config,
)
from dictionaries.services import dictionary_import
from games.models import Game
from tests.conftest import NINE_WORDS
from tests.evilsite.test_settings import PRODUCTION_ENV, run_python
from tests.factories import DictionaryFactory, UserFactory
from tests.records.support import client_for, make_instructor

pytestmark = pytest.mark.django_db


class Console:
    """What the site's console handler printed while the test ran (the real handler, its
    filters and formatter, with its stream swapped)."""

    def __init__(self) -> None:
        self.stream = io.StringIO()

    @property
    def lines(self) -> list[str]:
        return self.stream.getvalue().splitlines()

    def events(self, text: str) -> list[str]:
        return [line for line in self.lines if text in line]


@pytest.fixture
def console() -> Iterator[Console]:
    handlers = [
        handler
        for handler in logging.getLogger().handlers
        if any(isinstance(f, RequestContextFilter) for f in handler.filters)
    ]
    assert len(handlers) == 1, "one console handler, with the request context"
    handler = handlers[0]
    captured = Console()
    previous = handler.setStream(captured.stream)
    try:
        yield captured
    finally:
        handler.setStream(previous)


def request_id_of(line: str) -> str:
    match = re.search(r"\[req=(\S+) user=(\S+) game=(\S+)\]", line)
    assert match, line
    return match.group(1)


def test_every_answer_carries_a_request_id_and_keeps_a_proxys() -> None:
    first = Client().get(reverse("ping"))[REQUEST_ID_HEADER]
    second = Client().get(reverse("ping"))[REQUEST_ID_HEADER]
    assert re.fullmatch(r"[0-9a-f]{32}", first)
    assert first != second
    sent = "proxy-7f3a9c21e0"
    assert (
        Client().get(reverse("ping"), headers={REQUEST_ID_HEADER: sent})[REQUEST_ID_HEADER] == sent
    )
    forged = "x\n2026 ERROR fake line"
    assert (
        Client().get(reverse("ping"), headers={REQUEST_ID_HEADER: forged})[REQUEST_ID_HEADER]
        != forged
    )


@pytest.mark.django_db(transaction=True)  # the finished line is written on commit
def test_a_refused_guess_and_a_finished_game_are_logged_with_request_user_and_game(
    console: Console,
) -> None:
    player = UserFactory(username="ada")
    dictionary = DictionaryFactory(words=list(NINE_WORDS))
    client = client_for(player)
    client.post(
        reverse("game_new"),
        {"dictionary": dictionary.pk, "length": 4, "max_misses": 1, "difficulty": "hard"},
    )
    game = Game.objects.get(player=player)
    url = reverse("game_guess", args=[game.pk])
    client.post(url, {"letter": "7", "expected_guesses": 0})  # refused: not a letter
    response = client.post(url, {"letter": "z", "expected_guesses": 0})  # the only miss allowed
    game.refresh_from_db()
    assert game.is_over

    refused = console.events("board action refused")
    assert len(refused) == 1
    assert f"user={player.pk} game={game.pk}]" in refused[0]
    finished = console.events("game finished")
    assert len(finished) == 1
    assert f"game={game.pk}]" in finished[0]
    assert "status=lost" in finished[0]
    assert request_id_of(finished[0]) == response[REQUEST_ID_HEADER]


def test_an_import_is_logged(console: Console) -> None:
    dictionary_import(name="Tiny", source=b"alpha\nbeta\n")
    (line,) = console.events("dictionary imported")
    assert "dictionary=tiny" in line
    assert "words=2" in line
    assert "[req=- " in line  # outside a request: no id to give


def test_a_lock_out_is_logged(console: Console) -> None:
    UserFactory(username="ada")
    client = Client()
    for _ in range(5):
        client.post(reverse("login"), {"username": "ada", "password": "wrong"})
    (line,) = console.events("login locked out")
    assert "'ada'" in line
    assert "WARNING" in line


def test_a_429_is_logged_once_whichever_limit_refused_it(
    console: Console, settings: Settings
) -> None:
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "export": "1/h"}
    client = client_for(make_instructor())
    client.get(reverse("instructor_games_csv"))
    response = client.get(reverse("instructor_games_csv"))
    assert response.status_code == 429
    (line,) = console.events("rate limited")
    assert "/instructor/games.csv" in line
    assert request_id_of(line) == response[REQUEST_ID_HEADER]


def test_an_expected_4xx_is_one_line_without_a_traceback(console: Console) -> None:
    response = client_for(UserFactory()).get(reverse("instructor_games"))  # PermissionDenied
    assert response.status_code == 403
    assert len(console.events("Forbidden")) == 1
    assert "Traceback" not in console.stream.getvalue()


@pytest.mark.urls("tests.core.error_urls")
def test_a_500_is_logged_with_its_traceback_and_its_id_is_on_the_page(console: Console) -> None:
    client = client_for(UserFactory())
    client.raise_request_exception = False
    response = client.get("/test-errors/broken/")
    request_id = response[REQUEST_ID_HEADER]
    assert response.status_code == 500
    assert request_id in response.content.decode()
    errors = console.events("Internal Server Error")
    assert len(errors) == 1  # printed once, not once per handler
    assert request_id_of(errors[0]) == request_id
    assert "RuntimeError: a bug nobody should see" in console.stream.getvalue()


@pytest.mark.parametrize("path", ["/", "/leaderboard/", "/ready/"])
def test_a_request_for_a_host_the_site_does_not_serve_is_a_warning(
    console: Console, path: str
) -> None:
    """Issue 36, item 5: a scanner asking by address (with a cookie: not a bare probe) wrote
    an ERROR, which the docs say to alert on; nobody can act on it."""
    client = Client(HTTP_HOST="203.0.113.9")
    client.cookies["sessionid"] = "scanned"
    response = client.get(path)
    assert response.status_code == 400
    assert "ERROR" not in console.stream.getvalue()
    (line,) = console.events("Invalid HTTP_HOST header")
    assert "WARNING django.security.DisallowedHost" in line
    assert "Traceback" not in console.stream.getvalue()


def task_failure(error: BaseException) -> logging.LogRecord:
    """The queue's line of a failed task, as django-tasks writes it (``logger.exception``)."""
    try:
        raise error
    except BaseException:
        return logging.getLogger("django_tasks").makeRecord(
            "django_tasks",
            logging.ERROR,
            __file__,
            1,
            "Task id=%s state=FAILED",
            ("1",),
            sys.exc_info(),
        )


def test_a_task_that_logged_its_own_failure_is_a_warning_in_the_queues_line() -> None:
    logger = logging.getLogger("django_tasks")
    # The settings' filter (a test that sets Django up again in this process adds it again).
    queue_filter = next(f for f in logger.filters if isinstance(f, LoggedFailureFilter))
    told = task_failure(LoggedFailure("retrying in 60 s"))
    queue_filter.filter(told)
    assert (told.levelname, told.exc_info) == ("WARNING", None)
    # Any other failure is a bug or an outage nobody has reported: an error, traceback kept.
    bug = task_failure(KeyError("nobody said"))
    queue_filter.filter(bug)
    assert bug.levelname == "ERROR"
    assert bug.exc_info is not None


@pytest.mark.slow
def test_production_logs_are_json_with_the_ids() -> None:
    result = run_python(
        "import os, logging\n"
        "os.environ.setdefault('DJANGO_SETTINGS_MODULE', 'evilsite.settings')\n"
        "import django; django.setup()\n"
        "logging.getLogger('games').info('game finished', extra={'game_id': 7})\n",
        PRODUCTION_ENV,
    )
    assert result.returncode == 0, result.stderr
    (line,) = result.stderr.splitlines()
    event = json.loads(line)
    assert event["message"] == "game finished"
    assert event["level"] == "INFO"
    assert event["game_id"] == 7
    assert event["request_id"] == "-"


@pytest.mark.slow
def test_admins_are_read_from_the_environment_and_mailed_500s() -> None:
    result = run_python(
        "import os\n"
        "os.environ.setdefault('DJANGO_SETTINGS_MODULE', 'evilsite.settings')\n"
        "from django.conf import settings\n"
        "print(settings.ADMINS, settings.LOGGING['handlers']['mail_admins']['class'],"
        " settings.LOGGING['loggers']['django.request']['handlers'])\n",
        {"DJANGO_ADMINS": "Ann Ops <ann@example.org>, bob@example.org"},
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == (
        "[('Ann Ops', 'ann@example.org'), ('', 'bob@example.org')] "
        "django.utils.log.AdminEmailHandler ['mail_admins']"
    )
    assert (
        logging_config(json=True, level="INFO", mail_admins=False)["loggers"]["django.request"][
            "handlers"
        ]
        == []
    )


@pytest.mark.slow
def test_sentry_is_off_without_a_dsn_and_on_with_one() -> None:
    check = (
        "import os\n"
        "os.environ.setdefault('DJANGO_SETTINGS_MODULE', 'evilsite.settings')\n"
        "import django; django.setup()\n"
        "import sentry_sdk\n"
        "print(sentry_sdk.get_client().is_active())\n"
    )
    assert run_python(check, {}).stdout.strip() == "False"
    with_dsn = run_python(check, {"SENTRY_DSN": "http://public@127.0.0.1:9/1"})
    assert with_dsn.returncode == 0, with_dsn.stderr
    assert with_dsn.stdout.strip() == "True"


def test_the_development_servers_access_line_of_a_logged_error_is_dropped() -> None:
    """Django logs a 4xx or 5xx with its reason; runserver's access line would repeat it."""
    keep = AccessLineFilter()

    def record(name: str, status: int) -> logging.LogRecord:
        made = logging.LogRecord(name, logging.INFO, __file__, 1, '"GET /x" %s', (status,), None)
        made.status_code = status
        return made

    assert keep.filter(record("django.server", 200))
    assert keep.filter(record("django.server", 302))
    assert not keep.filter(record("django.server", 404))
    assert not keep.filter(record("django.server", 500))
    assert keep.filter(record("django.request", 404))


def test_a_failed_probe_is_a_warning_not_an_error_mailed_to_admins(
    console: Console, monkeypatch: pytest.MonkeyPatch
) -> None:
    from core import health

    monkeypatch.setattr(
        health, "check_migrations", lambda: health.Check(ok=False, detail="1 pending")
    )
    response = Client().get(reverse("ready"))
    assert response.status_code == 503
    (line,) = console.lines
    assert "WARNING core.views" in line
    assert "not ready: migrations" in line
    assert request_id_of(line) == response[REQUEST_ID_HEADER]

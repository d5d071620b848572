"""Every API endpoint with its extreme valid parameters stays within a CPU budget per request
(``tests/request_cpu.py``): searches are bounded by positions, and the word-makers'
leaderboard reads games the worker played."""

from __future__ import annotations

from typing import Any

import pytest
from pytest_django.fixtures import Settings

from games.models import MAX_WRONG_GUESSES, Difficulty
from tests.api.conftest import ApiClient
from tests.factories import DictionaryFactory
from tests.request_cpu import EXTREME_LENGTHS, MAX_MISSES, CpuLog, extreme_words

pytestmark = pytest.mark.django_db

LETTERS = "eaioszqxj"  # common letters first, then rare ones (misses)


@pytest.fixture
def web2(db: None, settings: Settings) -> Any:
    settings.RATE_LIMITS_ENABLED = False  # every request reaches its search
    settings.TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}  # a worker's
    return DictionaryFactory(words=extreme_words(), name="Web2", slug="web2", is_default=True)


def test_every_api_request_stays_within_its_cpu_budget(api: ApiClient, web2: Any) -> None:
    assert MAX_MISSES == (1, MAX_WRONG_GUESSES)
    api.get("/me")  # the process's first request (imports, URL patterns): not measured
    log = CpuLog()
    log.measure("GET /me", lambda: api.get("/me"))
    log.measure("GET /dictionaries", lambda: api.get("/dictionaries"))
    for length in EXTREME_LENGTHS:
        for max_misses in (*MAX_MISSES, 8):
            query = f"length={length}&max_misses={max_misses}"
            log.measure(
                f"GET /maker-leaderboard?{query}",
                lambda q=query: api.get(f"/maker-leaderboard?{q}"),
            )
            for difficulty in Difficulty.values:
                log.measure(
                    f"GET /leaderboard?{query}&difficulty={difficulty}",
                    lambda q=query, d=difficulty: api.get(f"/leaderboard?{q}&difficulty={d}"),
                )
        for max_misses in MAX_MISSES:
            for difficulty in Difficulty.values:
                play_guesser(api, log, length=length, max_misses=max_misses, difficulty=difficulty)
            play_maker(api, log, length=length, max_misses=max_misses)
    log.measure("GET /games?limit=100", lambda: api.get("/games?limit=100"))
    log.check()


def play_guesser(api: ApiClient, log: CpuLog, **settings: Any) -> None:
    label = "length={length} max_misses={max_misses} {difficulty}".format(**settings)
    started = log.measure(f"POST /games {label}", lambda: api.post("/games", settings))
    assert started.status_code == 201, started.content
    game = started.json()
    for letter in LETTERS:
        if game["status"] != "playing":
            return
        body = {"letter": letter, "expected_guesses": game["guesses"]}
        path = f"/games/{game['id']}/guesses"
        response = log.measure(
            f"POST guess {letter} {label}", lambda p=path, b=body: api.post(p, b)
        )
        assert response.status_code == 200, response.content
        game = response.json()["game"]
    log.measure(f"GET game {label}", lambda: api.get(f"/games/{game['id']}"))
    if game["status"] == "playing":
        log.measure(f"POST forfeit {label}", lambda: api.post(f"/games/{game['id']}/forfeit"))


def play_maker(api: ApiClient, log: CpuLog, **settings: Any) -> None:
    """The bot says every letter misses while it can, then answers as the first word fits."""
    label = "length={length} max_misses={max_misses}".format(**settings)
    started = log.measure(f"POST /maker-games {label}", lambda: api.post("/maker-games", settings))
    assert started.status_code == 201, started.content
    game = started.json()
    for _ in range(len(LETTERS)):
        if game["status"] != "playing":
            return
        body = {"positions": [], "expected_guesses": game["guesses"]}
        path = f"/maker-games/{game['id']}/answers"
        response = log.measure(f"POST answer {label}", lambda p=path, b=body: api.post(p, b))
        if response.status_code == 422:  # no word misses it: the bot loses in a few answers
            continue
        assert response.status_code == 200, response.content
        game = response.json()
    log.measure(f"GET maker game {label}", lambda: api.get(f"/maker-games/{game['id']}"))

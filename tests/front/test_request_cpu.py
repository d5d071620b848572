"""Every board endpoint with its extreme valid settings stays within a CPU budget per request
(``tests/request_cpu.py``): a new game, guesses, hints, undo, the computer's moves, par.
The API's sweep is ``tests/api/test_request_cpu.py``."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from pytest_django.fixtures import Settings

from games.models import Difficulty, Game
from tests.factories import DictionaryFactory, UserFactory
from tests.request_cpu import EXTREME_LENGTHS, MAX_MISSES, CpuLog, extreme_words

pytestmark = pytest.mark.django_db

LETTERS = "eaisz"
HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def web2(db: None, settings: Settings) -> Any:
    settings.RATE_LIMITS_ENABLED = False  # every request reaches its search
    settings.TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}  # a worker's
    return DictionaryFactory(words=extreme_words(), name="Web2", slug="web2", is_default=True)


def test_every_board_request_stays_within_its_cpu_budget(web2: Any) -> None:
    client = Client()
    client.force_login(UserFactory())
    client.get("/")  # the process's first page (imports, templates): not measured
    log = CpuLog()
    log.measure("GET /", lambda: client.get("/"))
    log.measure("GET new game", lambda: client.get(reverse("game_new")))
    for length in EXTREME_LENGTHS:
        for difficulty in Difficulty.values:
            query = f"?dictionary={web2.pk}&length={length}&difficulty={difficulty}"
            log.measure(f"GET par {query}", lambda q=query: client.get(reverse("game_par") + q))
            log.measure(
                f"GET lengths {query}", lambda q=query: client.get(reverse("game_lengths") + q)
            )
            for max_misses in MAX_MISSES:
                settings = {
                    "dictionary": web2.pk,
                    "length": length,
                    "max_misses": max_misses,
                    "difficulty": difficulty,
                }
                play(client, log, settings, practice=True)
                if max_misses == MAX_MISSES[-1]:
                    play(client, log, settings, practice=False)
                    watch(client, log, settings)
    log.check()


def new_game(client: Client, log: CpuLog, label: str, fields: dict[str, Any]) -> Game:
    fields = {**fields, "start_token": str(uuid.uuid4())}
    response = log.measure(f"POST new {label}", lambda: client.post(reverse("game_new"), fields))
    assert response.status_code == 302, response.content.decode()[:2000]
    return Game.objects.get(pk=int(response["Location"].strip("/").split("/")[-1]))


def play(client: Client, log: CpuLog, settings: dict[str, Any], *, practice: bool) -> None:
    """Guesses, and in practice a hint before each and an undo: until the game ends."""
    label = "{length}/{max_misses}/{difficulty}".format(**settings) + " practice" * practice
    game = new_game(client, log, label, {**settings, "show_word_count": "on" * practice})
    board = reverse("game_detail", args=[game.pk])
    log.measure(f"GET board {label}", lambda: client.get(board))
    for letter in LETTERS:
        game.refresh_from_db()
        if game.is_over:
            break
        fields = {"expected_guesses": len(game.letters)}
        if practice:
            log.measure(
                f"POST hint {label}",
                lambda f=fields: client.post(reverse("game_hint", args=[game.pk]), f, **HTMX),
            )
        guess = {**fields, "letter": letter}
        log.measure(
            f"POST guess {letter} {label}",
            lambda g=guess: client.post(reverse("game_guess", args=[game.pk]), g, **HTMX),
        )
    game.refresh_from_db()
    if practice and game.letters and not game.is_over:
        fields = {"expected_guesses": len(game.letters)}
        log.measure(
            f"POST undo {label}",
            lambda: client.post(reverse("game_undo", args=[game.pk]), fields, **HTMX),
        )
    game.refresh_from_db()
    if not game.is_over:
        log.measure(
            f"POST forfeit {label}",
            lambda: client.post(reverse("game_forfeit", args=[game.pk]), **HTMX),
        )


def watch(client: Client, log: CpuLog, settings: dict[str, Any]) -> None:
    """The computer's game, a move at a time, as the watching board asks for them."""
    label = "{length}/{max_misses}/{difficulty} computer".format(**settings)
    game = new_game(client, log, label, {**settings, "computer_plays": "on"})
    for _ in range(len(LETTERS)):
        game.refresh_from_db()
        if game.is_over:
            return
        fields = {"expected_guesses": len(game.letters)}
        log.measure(
            f"POST computer move {label}",
            lambda f=fields: client.post(reverse("computer_next", args=[game.pk]), f, **HTMX),
        )

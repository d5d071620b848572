"""Dates as each language writes them, the board's word as a screen reader says it, and a
visitor's daily attempt never titled practice (issue 38)."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from daily.models import DailyPuzzle
from games.models import Game
from tests.daily.support import daily_dictionary, todays_puzzle
from tests.factories import UserFactory

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("compiled_catalogs")]

JOINED = dt.datetime(2026, 11, 28, 23, 42, tzinfo=dt.UTC)


@pytest.fixture
def player(settings: object) -> object:
    settings.TIME_ZONE = "UTC"  # type: ignore[attr-defined]
    return UserFactory(username="eva", date_joined=JOINED)


@pytest.mark.parametrize(
    ("language", "long_date", "short_date"),
    [
        ("en", "28 Nov 2026", "2026-11-28"),  # as the site always wrote it
        ("es", "28 de noviembre de 2026", "28/11/2026"),
        ("fr", "28 novembre 2026", "28/11/2026"),
        ("de", "28. November 2026", "28.11.2026"),
    ],
)
def test_dates_are_written_as_the_pages_language_writes_them(
    client: Client, player: object, language: str, long_date: str, short_date: str
) -> None:
    client.force_login(player)  # type: ignore[arg-type]
    stats = client.get(
        reverse("player_profile", args=["eva"]), HTTP_ACCEPT_LANGUAGE=language
    ).content.decode()
    assert long_date in stats
    account = client.get(reverse("profile"), HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert short_date in account
    assert "Nov 2026" not in stats or language == "en"


@pytest.fixture
def puzzle() -> DailyPuzzle:
    daily_dictionary()
    return todays_puzzle()


def guests_attempt(client: Client, puzzle: DailyPuzzle, language: str) -> Game:
    response = client.post(
        reverse("daily_start"), {"number": puzzle.number}, HTTP_ACCEPT_LANGUAGE=language
    )
    assert response.status_code == 302
    return Game.objects.latest("pk")


@pytest.mark.parametrize(
    ("language", "weekday_date", "practice"),
    [("de", r"\w+, \d+\. \w+ \d{4}", "Übung"), ("fr", r"\w+ \d+ \w+ \d{4}", "entraînement")],
)
def test_a_visitors_daily_attempt_is_not_titled_practice(
    client: Client, puzzle: DailyPuzzle, language: str, weekday_date: str, practice: str
) -> None:
    game = guests_attempt(client, puzzle, language)
    assert game.daily_link.played_as_guest
    board = client.get(
        reverse("game_detail", args=[game.pk]), HTTP_ACCEPT_LANGUAGE=language
    ).content.decode()
    heading = board.split("<h1>", 1)[1].split("</h1>", 1)[0]
    title = board.split("<title>", 1)[1].split("</title>", 1)[0]
    assert practice.lower() not in heading.lower()
    assert practice.lower() not in title.lower()
    shown = timezone.localdate()
    assert re.search(rf"<time datetime=\"{shown:%Y-%m-%d}\">{weekday_date}</time>", board)


def test_the_word_is_spoken_in_the_pages_language(client: Client, puzzle: DailyPuzzle) -> None:
    game = guests_attempt(client, puzzle, "es")
    board = client.get(
        reverse("game_detail", args=[game.pk]), HTTP_ACCEPT_LANGUAGE="es"
    ).content.decode()
    blanks = ", ".join(["vacía"] * game.length)
    assert f'aria-label="La palabra: {blanks}"' in board
    assert "blank" not in board


def test_the_spanish_sign_up_and_log_in_say_tu(client: Client, player: object) -> None:
    """Django's own Spanish says "introduzca" (usted); the site's pages say tú throughout."""
    signup = client.get(reverse("signup"), HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert "Escribe otra vez la misma contraseña" in signup
    failed = client.post(
        reverse("login"), {"username": "eva", "password": "not-hers"}, HTTP_ACCEPT_LANGUAGE="es"
    ).content.decode()
    assert "Escribe un nombre de usuario y una contraseña correctos" in failed
    for page in (signup, failed):
        assert "introduzca" not in page.lower()
        assert "por favor" not in page.lower()

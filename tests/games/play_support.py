"""Helpers for the play tests (services, views, double submits): start a game, guess,
fill in the new-game form, the play pages' addresses and text, and run calls at the same
moment on PostgreSQL."""

from __future__ import annotations

import datetime as dt
import html
import threading
from collections.abc import Callable
from typing import Any

import pytest
from django.db import connection
from django.urls import reverse
from django.utils import timezone

from dictionaries.languages import alphabet_for, language
from dictionaries.models import Dictionary, Word
from games import services
from games.models import Game

postgresql_only = pytest.mark.skipif(
    connection.vendor != "postgresql",
    reason="real concurrent transactions and row locks need PostgreSQL",
)


def game_settings(player: Any, dictionary: Dictionary, **overrides: Any) -> dict[str, Any]:
    """A 4-letter hard game with 8 wrong guesses and seed 7, as a start service takes it."""
    settings: dict[str, Any] = {
        "player": player,
        "dictionary": dictionary,
        "length": 4,
        "max_misses": 8,
        "difficulty": "hard",
        "seed": 7,
    }
    settings.update(overrides)
    return settings


def start(player: Any, dictionary: Dictionary, **overrides: Any) -> Game:
    """A 4-letter hard game with 8 wrong guesses, started by the service."""
    return services.game_start(**game_settings(player, dictionary, **overrides))


def guess(game: Game, letter: str, **kwargs: Any) -> services.GuessOutcome:
    return services.game_guess(game_id=game.pk, player=game.player, letter=letter, **kwargs)


def new_game_data(dictionary: Dictionary, **overrides: Any) -> dict[str, Any]:
    """The new-game form's fields for the same game as ``start``."""
    data: dict[str, Any] = {
        "dictionary": dictionary.pk,
        "length": 4,
        "max_misses": 8,
        "difficulty": "hard",
    }
    data.update(overrides)
    return data


def run_at_once(*calls: Callable[[], Any]) -> list[Any]:
    """Run the calls in threads released together; each result is a value or the exception."""
    barrier = threading.Barrier(len(calls))
    results: list[Any] = [None] * len(calls)

    def worker(index: int, call: Callable[[], Any]) -> None:
        try:
            barrier.wait(timeout=10)
            results[index] = call()
        except Exception as error:  # the caller inspects what each thread met
            results[index] = error
        finally:
            connection.close()

    threads = [
        threading.Thread(target=worker, args=(index, call)) for index, call in enumerate(calls)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert not any(thread.is_alive() for thread in threads)
    return results


class Clock:
    """Stands in for ``timezone.now`` (``monkeypatch.setattr(timezone, "now", clock)``): the
    services, ``auto_now`` fields and the idle test all read it, in every thread."""

    def __init__(self, start: dt.datetime | None = None) -> None:
        self.now = start or timezone.now()

    def __call__(self) -> dt.datetime:
        return self.now

    def advance(self, *, minutes: float) -> None:
        self.now += dt.timedelta(minutes=minutes)


# The play pages' made-up words (``qzxv``...): "no candidate word in the page" means something.
SECRET_FOUR = ("qzxv", "qzjk", "vxqz", "jkqz", "zqvj", "xvjq", "kzqx", "jzvk", "vqkx", "xkzj")
SECRET_SIX = ("qzxvjk", "zkqvxj", "jqzxkv")
HTMX = {"HTTP_HX_REQUEST": "true", "HTTP_HX_CURRENT_URL": "http://testserver/games/1/"}


def guess_url(game: Game) -> str:
    return reverse("game_guess", args=[game.pk])


def board_url(game: Game) -> str:
    return reverse("game_detail", args=[game.pk])


def text(response: Any) -> str:
    """The page with entities decoded, so messages read as the player reads them."""
    return html.unescape(response.content.decode())


def language_dictionary(code: str, accents: str, words: dict[str, str], slug: str) -> Dictionary:
    """A dictionary in ``code``: ``words`` maps each play form to its written form."""
    lang = language(code)
    dictionary = Dictionary.objects.create(
        name=slug.title(),
        slug=slug,
        language=code,
        accents=accents,
        alphabet=alphabet_for(words, lang),
        word_count=len(words),
        has_written_forms=any(written != play for play, written in words.items()),
    )
    Word.objects.bulk_create(
        Word(
            dictionary=dictionary,
            text=play,
            length=len(play),
            display=written if written != play else "",
        )
        for play, written in words.items()
    )
    return dictionary

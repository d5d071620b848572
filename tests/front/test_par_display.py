"""Par shown to players: on the new-game form (and as its settings change) and at the end."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from dictionaries.models import Dictionary
from games.engine import par as engine_par
from games.models import Par
from tests.conftest import NINE_WORDS
from tests.factories import DictionaryFactory, UserFactory
from tests.games.play_support import guess, start

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def nine() -> Dictionary:
    return DictionaryFactory(words=list(NINE_WORDS), name="Nine", slug="nine", is_default=True)


@pytest.fixture
def client() -> Client:
    client = Client()
    client.force_login(UserFactory())
    return client


@pytest.fixture(autouse=True)
def _par_is_never_computed_in_a_request(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("par is read from the table, never computed in a request")

    monkeypatch.setattr(engine_par, "par", refuse)


def store_par(dictionary: Dictionary, *, difficulty: str, misses: int, at_least: int) -> Par:
    return Par.objects.create(
        dictionary=dictionary,
        length=4,
        difficulty=difficulty,
        misses=misses,
        at_least=at_least,
        nodes=100,
    )


def par_fragment(client: Client, dictionary: Dictionary, **settings: Any) -> str:
    query = {"dictionary": dictionary.pk, "length": 4, "max_misses": 8, "difficulty": "hard"}
    query.update(settings)
    response = client.get(reverse("game_par"), query, **HTMX)
    assert response.status_code == 200
    return response.content.decode()


def test_the_form_shows_par_of_its_settings(nine: Dictionary, client: Client) -> None:
    store_par(nine, difficulty="hard", misses=3, at_least=3)
    html = client.get(reverse("game_new") + "?length=4").content.decode()
    assert "Par 3" in html
    assert "perfect play needs 3 wrong guesses." in html
    assert 'hx-get="/games/new/par/"' in html


def test_the_fragment_follows_the_difficulty(nine: Dictionary, client: Client) -> None:
    store_par(nine, difficulty="hard", misses=3, at_least=3)
    store_par(nine, difficulty="easy", misses=4, at_least=2)
    assert "Par 3" in par_fragment(client, nine, difficulty="hard")
    easy = par_fragment(client, nine, difficulty="easy")
    assert "Par ≤ 4" in easy
    assert "perfect play needs between 2 and 4 wrong guesses" in easy
    assert "Par not worked out yet." in par_fragment(client, nine, difficulty="medium")
    assert "Fiendish has no par" in par_fragment(client, nine, difficulty="fiendish")
    assert "fair game has no par" in par_fragment(client, nine, difficulty="fair")
    assert "<html" not in easy


def test_too_few_wrong_guesses_are_warned_about(nine: Dictionary, client: Client) -> None:
    store_par(nine, difficulty="hard", misses=3, at_least=3)
    assert "no play can win this" in par_fragment(client, nine, max_misses=3)
    assert "no play can win this" in par_fragment(client, nine, max_misses=2)
    assert "par-warning" not in par_fragment(client, nine, max_misses=4)


def test_an_unproven_par_warns_that_even_its_line_loses(nine: Dictionary, client: Client) -> None:
    store_par(nine, difficulty="hard", misses=5, at_least=2)
    assert "You may not be able to win this" in par_fragment(client, nine, max_misses=4)
    assert "no play can win this" in par_fragment(client, nine, max_misses=2)


def test_without_htmx_the_fragment_url_opens_the_form(nine: Dictionary, client: Client) -> None:
    response = client.get(reverse("game_par"), {"dictionary": nine.pk, "difficulty": "easy"})
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("game_new"))


def test_without_javascript_the_refresh_button_shows_par(nine: Dictionary, client: Client) -> None:
    store_par(nine, difficulty="easy", misses=2, at_least=2)
    html = client.post(
        reverse("game_new"),
        {
            "dictionary": nine.pk,
            "length": 4,
            "max_misses": 2,
            "difficulty": "easy",
            "refresh_lengths": "1",
        },
    ).content.decode()
    assert "Par 2" in html
    assert "no play can win this" in html


def test_the_end_of_a_game_shows_the_misses_against_par(nine: Dictionary) -> None:
    store_par(nine, difficulty="hard", misses=3, at_least=3)
    player: User = UserFactory()
    game = start(player, nine, max_misses=1)
    client = Client()
    client.force_login(player)
    before = client.get(reverse("game_detail", args=[game.pk])).content.decode()
    assert "par-result" not in before  # not while playing
    guess(game, "e")
    html = client.get(reverse("game_detail", args=[game.pk])).content.decode()
    assert "1 wrong guess; par 3." in html


def test_the_end_of_a_fiendish_game_names_no_par(nine: Dictionary) -> None:
    player: User = UserFactory()
    game = start(player, nine, max_misses=1, difficulty="fiendish")
    for letter in "eotgcaly":
        game.refresh_from_db()
        if game.is_over:
            break
        guess(game, letter)
    game.refresh_from_db()
    assert game.is_over
    client = Client()
    client.force_login(player)
    html = client.get(reverse("game_detail", args=[game.pk])).content.decode()
    assert f"{game.misses} wrong guess{'es' * (game.misses != 1)}." in html
    assert "par" not in html.split('class="par-result"')[1].split("</p>")[0]

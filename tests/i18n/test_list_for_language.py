"""The player's language chooses the list: a page in Spanish opens a new game on the
Spanish list when one is offered (practice, the new-game form, a visitor's first game),
names the built-in lists in Spanish, and leaves the daily puzzle one per site."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from dictionaries.list_names import BUILT_IN_NAMES, list_name
from dictionaries.models import Dictionary
from dictionaries.selectors import default_dictionary_for
from games.forms import NewGameForm
from games.models import Game
from games.selectors.board import default_dictionary
from tests.factories import DictionaryFactory, UserFactory

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("compiled_catalogs")]

SPANISH_WORDS = ["casa", "mesa", "pato", "gato", "lobo", "rio", "niño", "sol", "luna", "mano"]
FRENCH_WORDS = ["chat", "lune", "main", "pere", "rose", "vent", "loup", "ciel", "pain", "bois"]
ENGLISH_WORDS = ["ally", "beta", "cool", "deal", "else", "flew", "good", "hope", "ibex"]


@pytest.fixture
def lists() -> dict[str, Dictionary]:
    """The site's default list in English, with the Spanish and French built-in lists."""
    return {
        "en": DictionaryFactory(
            words=ENGLISH_WORDS, name="English (familiar)", slug="english-familiar", is_default=True
        ),
        "es": DictionaryFactory(
            words=SPANISH_WORDS,
            name="Spanish (familiar)",
            slug="spanish-familiar",
            language="es",
            alphabet="abcdefghijklmnñopqrstuvwxyz",
        ),
        "fr": DictionaryFactory(
            words=FRENCH_WORDS, name="French (familiar)", slug="french-familiar", language="fr"
        ),
    }


def visitors_game(client: Client, language: str, **headers: Any) -> Game:
    before = Game.objects.count()
    response = client.post(reverse("game_try"), HTTP_ACCEPT_LANGUAGE=language, **headers)
    assert response.status_code == 302, response.content.decode()[:500]
    assert Game.objects.count() == before + 1
    return Game.objects.latest("pk")


@pytest.mark.parametrize("headers", [{}, {"HTTP_HX_REQUEST": "true"}], ids=["plain", "htmx"])
def test_a_spanish_browsers_practice_game_is_on_the_spanish_list(
    client: Client, lists: dict[str, Dictionary], headers: dict[str, str]
) -> None:
    home = client.get(reverse("home"), HTTP_ACCEPT_LANGUAGE="es-ES,es;q=0.9,en;q=0.5")
    assert f'action="{reverse("game_try")}"' in home.content.decode()
    game = visitors_game(client, "es-ES,es;q=0.9,en;q=0.5", **headers)
    assert game.dictionary == lists["es"]
    board = client.get(reverse("game_detail", args=[game.pk]), HTTP_ACCEPT_LANGUAGE="es")
    assert "Español (habitual)" in board.content.decode()


def test_each_language_plays_its_own_list_and_others_the_sites(
    lists: dict[str, Dictionary],
) -> None:
    assert visitors_game(Client(), "fr").dictionary == lists["fr"]
    assert visitors_game(Client(), "en").dictionary == lists["en"]
    # No German list offered: the site's default, as before.
    assert visitors_game(Client(), "de").dictionary == lists["en"]


@pytest.mark.parametrize("headers", [{}, {"HTTP_HX_REQUEST": "true"}], ids=["plain", "htmx"])
def test_the_new_game_form_preselects_the_pages_list(
    client: Client, lists: dict[str, Dictionary], headers: dict[str, str]
) -> None:
    client.force_login(UserFactory())
    page = client.get(reverse("game_new"), HTTP_ACCEPT_LANGUAGE="es", **headers).content.decode()
    assert f'<option value="{lists["es"].pk}" selected>Español (habitual)</option>' in page
    assert f'<option value="{lists["en"].pk}">Inglés (habitual)</option>' in page
    # The lengths refreshed by HTMX follow the same list when none is sent.
    lengths = client.get(
        reverse("game_lengths"), HTTP_ACCEPT_LANGUAGE="es", HTTP_HX_REQUEST="true"
    ).content.decode()
    assert "3 letras" in lengths  # sol: the Spanish list has a 3-letter word, English none
    # A list chosen by the player wins over the page's language.
    chosen = client.get(
        reverse("game_new"), {"dictionary": lists["en"].pk}, HTTP_ACCEPT_LANGUAGE="es"
    ).content.decode()
    assert f'<option value="{lists["en"].pk}" selected>' in chosen


def test_an_admins_name_is_kept_and_a_hidden_list_is_never_chosen(
    lists: dict[str, Dictionary],
) -> None:
    lists["es"].is_hidden = True
    lists["es"].save(update_fields=["is_hidden"])
    mine = DictionaryFactory(name="Palabras de 3.º B", language="es-MX")
    assert default_dictionary_for("es") == mine
    assert default_dictionary_for("es-ES") == mine
    assert default_dictionary_for("et") == lists["en"]  # Estonian is not "es"
    with translation.override("es"):
        assert mine.display_name == "Palabras de 3.º B"
        assert str(lists["fr"]) == "Francés (habitual)"
        assert NewGameForm().chosen_dictionary == mine


def test_the_daily_stays_one_per_site(lists: dict[str, Dictionary]) -> None:
    for language in ("es", "fr", "de"):
        with translation.override(language):
            assert default_dictionary() == lists["en"]


def test_every_built_in_list_name_is_translated() -> None:
    """A built-in list renamed in code needs its entry in list_names, or it shows in English."""
    from dictionaries.builtin_lists import BUILT_IN_LISTS
    from dictionaries.services import DEFAULT_DICTIONARY_NAME, FAMILIAR_DICTIONARY_NAME

    built_in = {DEFAULT_DICTIONARY_NAME, FAMILIAR_DICTIONARY_NAME}
    built_in |= {item.name for item in BUILT_IN_LISTS.values()}
    assert built_in == set(BUILT_IN_NAMES)
    for language in ("es", "fr", "de"):
        with translation.override(language):
            shown = {list_name(name) for name in built_in}
        assert not shown & built_in, f"{language}: {sorted(shown & built_in)} untranslated"
        assert len(shown) == len(built_in)

"""Which language a page is in: the browser's (Accept-Language), else the menu's choice
(a cookie), and for an account its saved choice, which follows it to a new browser."""

from __future__ import annotations

from typing import Any

import pytest
from django.conf import settings
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from accounts.languages import SESSION_KEY
from accounts.models import Preferences
from accounts.services import account_delete
from dictionaries.models import Dictionary
from tests.conftest import NINE_WORDS
from tests.factories import DEFAULT_PASSWORD, DictionaryFactory, UserFactory
from tests.games.play_support import postgresql_only, run_at_once, start

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("compiled_catalogs")]

HTMX = {"HTTP_HX_REQUEST": "true"}
# What each language's pages say in the menu ("Leaderboard"), and their <html lang>.
SPANISH = (">Ranking</a>", '<html lang="es">')
FRENCH = (">Classement</a>", '<html lang="fr">')
ENGLISH = (">Leaderboard</a>", '<html lang="en">')


def home(client: Client, **headers: Any) -> str:
    response = client.get(reverse("home"), **headers)
    assert response.status_code == 200
    return response.content.decode()


def is_in(page: str, language: tuple[str, str]) -> bool:
    word, html_lang = language
    return word in page and html_lang in page


def choose(client: Client, language: str, **headers: Any) -> Any:
    return client.post(
        reverse("language_set"), {"language": language, "next": "/daily/"}, **headers
    )


def log_in(client: Client, username: str) -> None:
    """Through the log-in page, as a player does (django-axes wants the request)."""
    response = client.post(reverse("login"), {"username": username, "password": DEFAULT_PASSWORD})
    assert response.status_code == 302, response.content.decode()[:500]


@pytest.fixture
def nine() -> Dictionary:
    return DictionaryFactory(words=list(NINE_WORDS), name="Nine", slug="nine", is_default=True)


def test_the_browsers_language_is_used(client: Client) -> None:
    assert is_in(home(client, HTTP_ACCEPT_LANGUAGE="es-ES,es;q=0.9,en;q=0.5"), SPANISH)
    response = client.get(reverse("home"), HTTP_ACCEPT_LANGUAGE="es")
    assert response["Content-Language"] == "es"
    assert "Accept-Language" in response["Vary"]
    assert is_in(home(client), ENGLISH)
    # A language the site has not: English.
    assert is_in(home(client, HTTP_ACCEPT_LANGUAGE="ja"), ENGLISH)


def test_every_page_offers_every_language_in_its_own_name(client: Client) -> None:
    page = home(client, HTTP_ACCEPT_LANGUAGE="de")
    assert f'action="{reverse("language_set")}"' in page
    for code, name in settings.LANGUAGES:
        assert f'value="{code}" lang="{code}"' in page
        assert f">{name}</button>" in page
    assert 'value="de" lang="de" class="link-button" aria-current="true"' in page


def test_a_visitors_choice_beats_the_browser_and_needs_no_account(client: Client) -> None:
    response = choose(client, "fr")
    assert response.status_code == 302
    assert response["Location"] == "/daily/"
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME].value == "fr"
    assert (
        response.cookies[settings.LANGUAGE_COOKIE_NAME]["max-age"] == settings.LANGUAGE_COOKIE_AGE
    )
    assert is_in(home(client, HTTP_ACCEPT_LANGUAGE="es"), FRENCH)
    assert not Preferences.objects.exists()


def test_an_accounts_choice_is_saved_and_follows_it_to_a_new_browser(client: Client) -> None:
    player = UserFactory(username="ada")
    log_in(client, "ada")
    choose(client, "fr")
    assert Preferences.objects.get(user=player).language == "fr"
    assert is_in(home(client, HTTP_ACCEPT_LANGUAGE="es"), FRENCH)

    elsewhere = Client()  # no cookie: another browser, which prefers Spanish
    assert is_in(home(elsewhere, HTTP_ACCEPT_LANGUAGE="es"), SPANISH)
    log_in(elsewhere, "ada")
    assert is_in(home(elsewhere, HTTP_ACCEPT_LANGUAGE="es"), FRENCH)
    # Logged out, the browser's language again.
    elsewhere.post(reverse("logout"))
    assert is_in(home(elsewhere, HTTP_ACCEPT_LANGUAGE="es"), SPANISH)


def test_an_account_without_a_choice_keeps_the_browsers(client: Client) -> None:
    UserFactory(username="ada")
    log_in(client, "ada")
    assert SESSION_KEY not in client.session
    assert is_in(home(client, HTTP_ACCEPT_LANGUAGE="es"), SPANISH)


def test_a_guests_choice_stays_in_the_browser(client: Client, nine: Dictionary) -> None:
    client.post(reverse("game_try"))  # a guest account, playing
    response = choose(client, "fr")
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME].value == "fr"
    assert not Preferences.objects.exists()
    assert "Invité" in home(client, HTTP_ACCEPT_LANGUAGE="es")


def test_a_board_and_its_htmx_fragments_follow_the_choice(client: Client, nine: Dictionary) -> None:
    player = UserFactory(username="ada")
    client.force_login(player)
    game = start(player, nine)
    choose(client, "de")
    board = reverse("game_detail", args=[game.pk])
    page = client.get(board).content.decode()
    assert '<html lang="de">' in page
    assert "Nicht im Wort" in page
    fragment = client.post(
        reverse("game_guess", args=[game.pk]), {"letter": "z", "expected_guesses": 0}, **HTMX
    )
    assert fragment.status_code == 200
    text = fragment.content.decode()
    assert "<html" not in text
    assert "Nicht im Wort" in text
    assert "Fehlversuche" in text


def test_choosing_by_htmx_reloads_the_page_instead_of_swapping(client: Client) -> None:
    response = choose(client, "es", **HTMX)
    assert response.status_code == 204
    assert response["HX-Redirect"] == "/daily/"
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME].value == "es"


@pytest.mark.parametrize(
    ("data", "status"),
    [
        ({"language": "xx"}, 400),
        ({}, 400),
        ({"language": "es", "next": "https://evil.example/"}, 302),
    ],
)
def test_a_bad_choice_changes_nothing(client: Client, data: dict[str, str], status: int) -> None:
    UserFactory(username="ada")
    log_in(client, "ada")
    response = client.post(reverse("language_set"), data)
    assert response.status_code == status
    if status == 302:
        assert response["Location"] == reverse("home")  # never off the site
    else:
        assert settings.LANGUAGE_COOKIE_NAME not in response.cookies
        assert not Preferences.objects.exists()


def test_a_deleted_account_keeps_no_choice(client: Client) -> None:
    player = UserFactory(username="ada")
    log_in(client, "ada")
    choose(client, "de")
    account_delete(user=player)
    assert not Preferences.objects.filter(user=player).exists()


def test_the_choice_is_post_only(client: Client) -> None:
    assert client.get(reverse("language_set"), {"language": "es"}).status_code == 405


def test_the_accounts_language_costs_no_query_per_page(client: Client) -> None:
    """Read from the session the authentication loads anyway: with a saved choice, a page
    asks exactly what it asks without one."""
    UserFactory(username="ada")
    UserFactory(username="bob")
    log_in(client, "ada")
    other = Client()
    log_in(other, "bob")
    choose(client, "fr")
    url = reverse("leaderboard")
    client.get(url), other.get(url)  # both warmed up alike
    with CaptureQueriesContext(connection) as without_choice:
        other.get(url)
    with CaptureQueriesContext(connection) as with_choice:
        page = client.get(url).content.decode()
    assert '<html lang="fr">' in page
    assert len(with_choice) == len(without_choice)


@postgresql_only
@pytest.mark.django_db(transaction=True)
def test_two_tabs_choosing_a_language_at_once_leave_one_choice() -> None:
    """Two tabs of a new account choose a language at the same moment (no preference row
    yet, so both would create it): each request succeeds and one row holds one of the two."""
    from accounts.languages import account_language_set

    for attempt in range(5):
        player = UserFactory()
        results = run_at_once(
            lambda player=player: account_language_set(user=player, language="es"),
            lambda player=player: account_language_set(user=player, language="fr"),
        )
        assert results == [None, None], (attempt, results)
        assert list(Preferences.objects.filter(user=player).values_list("language", flat=True)) in (
            ["es"],
            ["fr"],
        )


@pytest.mark.parametrize("htmx", [False, True], ids=["page", "htmx"])
@pytest.mark.parametrize(
    ("wanted", "landing"),
    [
        ("/foo\r\nSet-Cookie: x=1", "/"),  # issue 37, finding 5: BadHeaderError, a 500
        ("/foo\nbar", "/"),
        ("/foo\x00", "/"),
        ("/\u202eevil", "/"),
        ("\x7f/daily/", "/"),
        ("/café/?q=ü", "/caf%C3%A9/?q=%C3%BC"),  # a broken HX-Redirect before
        ("/daily/?a=1&b=%20", "/daily/?a=1&b=%20"),
        ("//evil.example/", "/"),
        ("https://evil.example/", "/"),
    ],
)
def test_any_next_is_followed_only_within_the_site_and_never_breaks_a_header(
    client: Client, wanted: str, landing: str, htmx: bool
) -> None:
    response = client.post(
        reverse("language_set"), {"language": "fr", "next": wanted}, **(HTMX if htmx else {})
    )
    assert response.status_code == (204 if htmx else 302)
    header = response["HX-Redirect"] if htmx else response["Location"]
    assert header == landing
    assert header.isascii()
    assert header.isprintable()
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME].value == "fr"
    assert "x" not in response.cookies

"""The site's own 400, 403, 404 and 500 pages (DEBUG is off under pytest-django)."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.template.loader import render_to_string
from django.test import Client
from pytest_django import DjangoAssertNumQueries

from games.models import Status
from tests.factories import GameFactory, UserFactory
from tests.records.support import client_for

pytestmark = pytest.mark.django_db


@pytest.fixture
def player() -> User:
    return UserFactory(username="ada")


def template_names(response: object) -> list[str]:
    return [template.name for template in response.templates]  # type: ignore[attr-defined]


def test_a_player_opening_the_instructor_list_sees_the_403_page_with_the_reason(
    player: User,
) -> None:
    response = client_for(player).get("/instructor/games/")
    assert response.status_code == 403
    assert "403.html" in template_names(response)
    html = response.content.decode()
    assert "You can't open this page" in html
    assert "Only instructors can see every player&#x27;s games." in html
    assert "You are logged in as ada" in html
    assert 'href="/"' in html
    assert "Log out (ada)" in html  # the site's own layout, with the player's menu


def test_an_unknown_address_renders_the_404_page(player: User) -> None:
    response = client_for(player).get("/no/such/page/")
    assert response.status_code == 404
    assert "404.html" in template_names(response)
    html = response.content.decode()
    assert "Page not found" in html
    assert "There is no page at this address." in html
    assert "Resolver404" not in html  # the exception's class name is no message
    assert 'href="/"' in html


def test_a_404_with_a_message_shows_it(player: User) -> None:
    # Someone else's game still in progress: the review pretends it does not exist.
    game = GameFactory(player=UserFactory(username="grace"), status=Status.PLAYING)
    response = client_for(player).get(f"/games/{game.pk}/review/")
    assert response.status_code == 404
    html = response.content.decode()
    assert '<p class="notice">No such game.</p>' in html
    assert "There is no page at this address." not in html


def test_a_visitor_gets_the_404_page_with_the_visitor_menu() -> None:
    response = Client().get("/no/such/page/")
    assert response.status_code == 404
    assert "Log in" in response.content.decode()


@pytest.mark.urls("tests.core.error_urls")
def test_an_unexpected_error_renders_the_500_page_without_its_details(player: User) -> None:
    client = client_for(player)
    client.raise_request_exception = False
    response = client.get("/test-errors/broken/")
    assert response.status_code == 500
    html = response.content.decode()
    assert "Something went wrong on our side" in html
    assert "a bug nobody should see" not in html
    assert 'href="/"' in html
    # No request reached the template, so no account menu that would claim "Log in".
    assert "Log in" not in html
    assert "Log out" not in html


def test_the_500_page_renders_with_no_context_and_no_query(
    django_assert_num_queries: DjangoAssertNumQueries,
) -> None:
    """As server_error renders it: no request, no context processors, maybe no database."""
    with django_assert_num_queries(0):
        html = render_to_string("500.html")
    assert "Error 500" in html
    assert "<title>Server error · Evil Hangman</title>" in html


@pytest.mark.urls("tests.core.error_urls")
def test_a_suspicious_request_renders_the_400_page_without_its_details(player: User) -> None:
    response = client_for(player).get("/test-errors/suspicious/")
    assert response.status_code == 400
    html = response.content.decode()
    assert "The site could not understand that request" in html
    assert "details only the logs" not in html
    assert "Log out (ada)" in html


@pytest.mark.urls("tests.core.error_urls")
def test_the_500_page_offers_to_try_the_same_page_again(player: User) -> None:
    client = client_for(player)
    client.raise_request_exception = False
    html = client.get("/test-errors/broken/?page=2").content.decode()
    assert '<a class="button primary" href="/test-errors/broken/?page=2">Try again</a>' in html


@pytest.mark.urls("tests.core.error_urls")
@pytest.mark.parametrize(
    ("referer", "retry"),
    [
        ("http://testserver/games/7/", "http://testserver/games/7/"),
        ("https://elsewhere.example.org/phish/", None),
        ("", None),
    ],
)
def test_after_a_failed_form_it_offers_the_page_the_form_came_from(
    player: User, referer: str, retry: str | None
) -> None:
    client = client_for(player)
    client.raise_request_exception = False
    response = client.post("/test-errors/broken-form/", headers={"Referer": referer})
    assert response.status_code == 500
    html = response.content.decode()
    if retry is None:
        assert ">Try again</a>" not in html
        assert '<a class="button primary" href="/">Go to the home page</a>' in html
    else:
        assert f'<a class="button primary" href="{retry}">Try again</a>' in html

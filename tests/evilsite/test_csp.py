"""The Content Security Policy on every kind of page, and nothing inline for it to block."""

from __future__ import annotations

import re
from dataclasses import dataclass

import pytest
from django.test import Client
from django.urls import reverse

from dictionaries.models import Dictionary
from games.models import Game
from tests.conftest import NINE_WORDS
from tests.factories import DictionaryFactory, UserFactory
from tests.records.support import client_for, make_instructor, play

pytestmark = pytest.mark.django_db

POLICY = {
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
}
INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)[^>]*>", re.I)
STYLE_ELEMENT = re.compile(r"<style\b", re.I)
STYLE_ATTRIBUTE = re.compile(r"<[^>]+\sstyle\s*=", re.I)
EVENT_ATTRIBUTE = re.compile(r"<[^>]+\son[a-z]+\s*=", re.I)
JAVASCRIPT_URL = re.compile(r"""(href|src|action)\s*=\s*["']\s*javascript:""", re.I)


@dataclass
class Site:
    dictionary: Dictionary
    visitor: Client
    player: Client
    instructor: Client
    admin: Client
    playing: Game
    finished: Game


@pytest.fixture
def site() -> Site:
    dictionary = DictionaryFactory(words=list(NINE_WORDS))
    ada = UserFactory(username="ada")
    finished = play(player=ada, dictionary=dictionary, letters="eaoylbtdcg")
    playing = play(player=ada, dictionary=dictionary, letters="e")
    admin = UserFactory(username="root", is_staff=True, is_superuser=True)
    return Site(
        dictionary=dictionary,
        visitor=Client(),
        player=client_for(ada),
        instructor=client_for(make_instructor()),
        admin=client_for(admin),
        playing=playing,
        finished=finished,
    )


def assert_policed(response: object, *, page: str) -> None:
    header = response["Content-Security-Policy"]  # type: ignore[index]
    assert {directive.strip() for directive in header.split(";")} == POLICY, page
    if "text/html" not in response["Content-Type"]:  # type: ignore[index]
        return
    html = response.content.decode()  # type: ignore[attr-defined]
    for pattern in (INLINE_SCRIPT, STYLE_ELEMENT, STYLE_ATTRIBUTE, EVENT_ATTRIBUTE, JAVASCRIPT_URL):
        found = pattern.search(html)
        assert found is None, f"{page}: inline code the policy blocks: {found and found.group(0)}"


PAGES = {
    # name: (who, how to build the URL from the site, expected status)
    "home (visitor)": ("visitor", lambda s: reverse("home"), 200),
    "home (player)": ("player", lambda s: reverse("home"), 200),
    "log in": ("visitor", lambda s: reverse("login"), 200),
    "sign up": ("visitor", lambda s: reverse("signup"), 200),
    "password change": ("player", lambda s: reverse("password_change"), 200),
    "new game": ("player", lambda s: reverse("game_new"), 200),
    "board in progress": ("player", lambda s: reverse("game_detail", args=[s.playing.pk]), 200),
    "board of a finished game": (
        "player",
        lambda s: reverse("game_detail", args=[s.finished.pk]),
        200,
    ),
    "review": ("player", lambda s: reverse("game_review", args=[s.finished.pk]), 200),
    "my games": ("player", lambda s: reverse("my_games"), 200),
    "own page": ("player", lambda s: reverse("player_profile", args=["ada"]), 200),
    "profile": ("visitor", lambda s: reverse("player_profile", args=["ada"]), 200),
    "leaderboard": ("visitor", lambda s: reverse("leaderboard"), 200),
    "games won": ("visitor", lambda s: reverse("leaderboard_points"), 200),
    "instructors' list": ("instructor", lambda s: reverse("instructor_games"), 200),
    "CSV export": ("instructor", lambda s: reverse("instructor_games_csv"), 200),
    "minimal page": ("player", lambda s: reverse("ping"), 200),
    "403 page": ("player", lambda s: reverse("instructor_games"), 403),
    "404 page": ("visitor", lambda s: "/no/such/page/", 404),
    "admin login": ("visitor", lambda s: reverse("admin:login"), 200),
    "admin index": ("admin", lambda s: reverse("admin:index"), 200),
    "admin list": ("admin", lambda s: reverse("admin:dictionaries_dictionary_changelist"), 200),
    "admin upload form": ("admin", lambda s: reverse("admin:dictionaries_dictionary_add"), 200),
    "admin change form": (
        "admin",
        lambda s: reverse("admin:dictionaries_dictionary_change", args=[s.dictionary.pk]),
        200,
    ),
    "admin games": ("admin", lambda s: reverse("admin:games_game_changelist"), 200),
    "admin game": (
        "admin",
        lambda s: reverse("admin:games_game_change", args=[s.finished.pk]),
        200,
    ),
    "admin users": ("admin", lambda s: reverse("admin:auth_user_changelist"), 200),
    "admin user": (
        "admin",
        lambda s: reverse("admin:auth_user_change", args=[s.finished.player_id]),
        200,
    ),
}


@pytest.mark.parametrize("page", PAGES)
def test_every_page_type_carries_the_policy_and_nothing_inline(site: Site, page: str) -> None:
    who, url, status = PAGES[page]
    response = getattr(site, who).get(url(site))
    assert response.status_code == status, page
    assert_policed(response, page=page)


def test_htmx_fragments_carry_it_too(site: Site) -> None:
    guess = site.player.post(
        reverse("game_guess", args=[site.playing.pk]),
        {"letter": "a", "expected_guesses": 1},
        headers={"HX-Request": "true"},
    )
    assert guess.status_code == 200
    assert_policed(guess, page="guess fragment")
    table = site.visitor.get(reverse("leaderboard"), headers={"HX-Request": "true"})
    assert_policed(table, page="leaderboard fragment")
    points = site.visitor.get(reverse("leaderboard_points"), headers={"HX-Request": "true"})
    assert_policed(points, page="games won fragment")


@pytest.mark.urls("tests.core.error_urls")
def test_the_error_pages_carry_it(site: Site) -> None:
    site.player.raise_request_exception = False
    assert_policed(site.player.get("/test-errors/broken/"), page="500 page")
    assert_policed(site.player.get("/test-errors/suspicious/"), page="400 page")

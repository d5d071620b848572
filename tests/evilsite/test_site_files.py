"""What browsers, phones, crawlers and link previews ask of every site: the favicon at its
fixed address, an icon for the home screen, a manifest, robots.txt, a description, and
complete preview tags (never indexed) on result pages."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from django.contrib.staticfiles import finders
from django.test import Client
from django.urls import reverse

from games.selectors.share import result_path
from tests.conftest import NINE_WORDS
from tests.factories import DictionaryFactory, UserFactory
from tests.games.play_support import guess, start

pytestmark = pytest.mark.django_db


def meta(page: str, key: str) -> str | None:
    """The content of the <meta> named (name= or property=) ``key``; None when absent."""
    found = re.search(rf'<meta (?:name|property)="{re.escape(key)}" content="([^"]*)"', page)
    return found[1] if found else None


def test_the_favicon_answers_at_its_fixed_address(client: Client) -> None:
    response = client.get("/favicon.ico")
    assert response.status_code == 200
    assert response["Content-Type"] == "image/x-icon"
    assert response.content[:4] == b"\x00\x00\x01\x00"  # an ICO file
    assert "max-age" in response["Cache-Control"]
    assert client.post("/favicon.ico").status_code == 405


def test_robots_txt_keeps_crawlers_out_of_private_pages(client: Client) -> None:
    response = client.get("/robots.txt")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/plain")
    text = response.content.decode()
    assert "User-agent: *" in text
    for private in ("/admin/", "/accounts/", "/instructor/"):
        assert f"Disallow: {private}" in text
    assert "Disallow: /results/" not in text  # crawlers must read the noindex there


def test_the_manifest_names_the_site_and_icons_that_exist(client: Client) -> None:
    response = client.get("/site.webmanifest")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/manifest+json"
    manifest = json.loads(response.content)
    assert manifest["name"] == "Evil Hangman"
    assert manifest["start_url"] == "/"
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes
    for icon in manifest["icons"]:
        assert finders.find(icon["src"].removeprefix("/static/")), icon["src"]


def test_every_page_links_its_icons_and_describes_the_site(client: Client) -> None:
    for url in ("/", "/leaderboard/", "/daily/", "/accounts/login/"):
        page = client.get(url).content.decode()
        assert meta(page, "description"), url
        assert 'rel="apple-touch-icon"' in page
        assert f'rel="manifest" href="{reverse("web_manifest")}"' in page
        assert 'href="/favicon.ico"' in page
        assert meta(page, "robots") is None, url  # public pages may be indexed
    assert finders.find("icons/apple-touch-icon.png")


@pytest.fixture
def finished_game() -> Any:
    nine = DictionaryFactory(words=list(NINE_WORDS), is_default=True)
    game = start(UserFactory(username="ada"), nine, max_misses=2)
    for letter in "et":
        guess(game, letter)
    game.refresh_from_db()
    assert game.is_over
    return game


def test_a_result_page_has_complete_preview_tags_and_is_not_indexed(
    client: Client, finished_game: Any
) -> None:
    path = result_path(finished_game)
    page = client.get(path).content.decode()
    assert meta(page, "robots") == "noindex"
    assert meta(page, "og:type") == "website"
    assert meta(page, "og:url") == f"http://testserver{path}"
    assert meta(page, "og:title")
    description = meta(page, "og:description")
    assert description is not None
    assert description.startswith("ada: ")
    assert meta(page, "description") == description == meta(page, "twitter:description")
    image = meta(page, "og:image")
    assert image is not None
    assert image.startswith("http://testserver/")
    assert meta(page, "twitter:image") == image
    assert meta(page, "twitter:card") in {"summary", "summary_large_image"}
    assert meta(page, "og:image:alt")
    assert finished_game.word not in description.lower()


def test_share_buttons_are_static_script_only(client: Client, finished_game: Any) -> None:
    client.force_login(finished_game.player)
    page = client.get(reverse("game_detail", args=[finished_game.pk])).content.decode()
    assert 'class="button primary share-native"' in page
    assert "share-copy" in page
    assert "navigator.share" not in page  # behaviour lives in static/js/share.js
    script = finders.find("js/share.js")
    assert isinstance(script, str)
    assert "navigator.share" in Path(script).read_text(encoding="utf-8")

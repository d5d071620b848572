"""The result picture link previews show: drawn by the server, one square per guess in
order, the same for every viewer, behind the share link's code, drawn once per state."""

from __future__ import annotations

import io
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from PIL import Image

from games import share_image
from games.models import Game
from games.selectors.share import result_image_path, share_code
from tests.conftest import NINE_WORDS
from tests.factories import DictionaryFactory, UserFactory
from tests.games.play_support import guess, start

pytestmark = pytest.mark.django_db


@pytest.fixture
def game() -> Game:
    nine = DictionaryFactory(words=list(NINE_WORDS), is_default=True)
    game = start(UserFactory(), nine, max_misses=3)
    for letter in "eot":  # a miss, a hit, a miss (RULES.md's worked example)
        guess(game, letter)
    game.refresh_from_db()
    return game


def picture(client: Client, game: Game) -> Image.Image:
    response = client.get(result_image_path(game))
    assert response.status_code == 200
    assert response["Content-Type"] == "image/png"
    assert "public" in response["Cache-Control"]
    return Image.open(io.BytesIO(response.content))


def square_colours(image: Image.Image, count: int) -> list[tuple[int, ...]]:
    step = share_image.SQUARE + share_image.GAP
    return [
        image.getpixel(
            (
                share_image.MARGIN + (n % share_image.PER_ROW) * step + share_image.SQUARE // 2,
                350 + (n // share_image.PER_ROW) * step + share_image.SQUARE // 2,
            )
        )
        for n in range(count + 1)
    ]


def test_one_square_per_guess_in_order(client: Client, game: Game) -> None:
    image = picture(client, game)
    assert image.size == (1200, 630)
    hit, miss = share_image.HIT, share_image.MISS
    assert square_colours(image, 3) == [miss, hit, miss, share_image.PAPER]


def test_every_viewer_gets_the_same_picture(client: Client, game: Game) -> None:
    anonymous = client.get(result_image_path(game)).content
    client.force_login(game.player)
    assert client.get(result_image_path(game)).content == anonymous


def test_a_wrong_code_gets_nothing(client: Client, game: Game) -> None:
    other = share_code(game.pk + 1)
    url = reverse("game_result_image", kwargs={"pk": game.pk, "code": other})
    assert client.get(url).status_code == 404


def test_it_is_drawn_once_per_state(
    client: Client, game: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = client.get(result_image_path(game)).content

    def refuse(game: Any) -> bytes:
        raise AssertionError("drawn again")

    monkeypatch.setattr(share_image, "_draw", refuse)
    assert client.get(result_image_path(game)).content == first


def test_the_result_page_previews_it(client: Client, game: Game) -> None:
    page = client.get(reverse("game_result", args=[game.pk, share_code(game.pk)]))
    html = page.content.decode()
    url = f"http://testserver{result_image_path(game)}".replace("&", "&amp;")
    assert f'<meta property="og:image" content="{url}">' in html
    assert '<meta name="twitter:card" content="summary_large_image">' in html

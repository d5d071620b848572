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
    squares = share_image.squares_for(count)
    centres = [squares.box(n) for n in range(count + 1)]
    return [
        image.getpixel(((left + right) // 2, (top + bottom) // 2))
        for left, top, right, bottom in centres
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

    def refuse(game: Any, label: str) -> bytes:
        raise AssertionError("drawn again")

    monkeypatch.setattr(share_image, "_draw", refuse)
    assert client.get(result_image_path(game)).content == first


def test_the_result_page_previews_it(client: Client, game: Game) -> None:
    page = client.get(reverse("game_result", args=[game.pk, share_code(game.pk)]))
    html = page.content.decode()
    url = f"http://testserver{result_image_path(game)}".replace("&", "&amp;")
    assert f'<meta property="og:image" content="{url}">' in html
    assert '<meta name="twitter:card" content="summary_large_image">' in html


def test_the_picture_uses_its_whole_height(client: Client, game: Game) -> None:
    """No empty bottom third: the squares grow into the space under the text."""
    image = picture(client, game)
    inked_rows = [
        y
        for y in range(image.height)
        if any(image.getpixel((x, y)) != share_image.PAPER for x in range(0, image.width, 8))
    ]
    assert max(inked_rows) > image.height * 5 // 6
    assert share_image.squares_for(3).size == share_image.LARGEST_SQUARE
    many = share_image.squares_for(26)  # every letter: rows that still fit
    assert many.box(25)[3] <= share_image.SQUARES_BOTTOM
    assert many.box(many.per_row - 1)[2] <= share_image.WIDTH - share_image.MARGIN


def test_it_says_what_the_game_counts_for(game: Game) -> None:
    """Rated by the change it is given, else ranked or unranked; a ranked game's points."""
    game.is_ranked = False
    assert share_image.standing(game, rated_by=None) == "Unranked"
    game.is_ranked, game.score = True, 1200  # a ranked game off the daily: on the boards
    assert share_image.standing(game, rated_by=None) == "Ranked · 1,200 points"
    assert share_image.standing(game, rated_by=-11.6) == "Rated -12 · 1,200 points"
    game.score = 1
    assert share_image.standing(game, rated_by=7.2) == "Rated +7 · 1 point"

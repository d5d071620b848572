"""Letters typed on a keyboard find the one key they are (issue 38), in Chromium: Greek final
sigma (ς, the W key of a Greek layout) plays sigma; a Vietnamese letter typed with its tone (ờ)
plays its letter without the tone (ơ), never its base (o). The key events are sent as the
browser sends them from those layouts (Playwright presses only a US layout's keys). The
boards are saved to /tmp/shots/{greek,vietnamese}-board-<screen>.png (or E2E_SCREENSHOTS).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from dictionaries.services import dictionary_import
from games import services
from games.models import Game
from tests.e2e.conftest import PASSWORD, log_in
from tests.e2e.test_screens import DESKTOP, PHONE, assert_on_screen
from tests.factories import UserFactory

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

SHOTS = Path(os.environ.get("E2E_SCREENSHOTS") or "/tmp/shots")


def board(page: Any, base: str, words: tuple[str, ...], tag: str, length: int) -> Game:
    dictionary = dictionary_import(
        name=f"Words {tag}", source="\n".join(words).encode(), language_tag=tag, offered=True
    ).dictionary
    player = UserFactory(username=f"typist-{tag}", password=PASSWORD)
    game = services.game_start(
        player=player, dictionary=dictionary, length=length, max_misses=8, difficulty="hard"
    )
    log_in(page, base, player.username)
    page.goto(f"{base}/games/{game.pk}/")
    return game


def type_key(page: Any, key: str) -> None:
    page.evaluate(
        "key => document.body.dispatchEvent("
        "new KeyboardEvent('keydown', {key, bubbles: true, cancelable: true}))",
        key,
    )


def test_final_sigma_typed_plays_sigma(page: Any, live_server: Any) -> None:
    game = board(page, live_server.url, ("λόγος", "κόσμος", "πόλη", "ζωτικησ"), "el", 5)
    assert page.locator("#key-ς").count() == 0  # one key, sigma
    type_key(page, "ς")
    page.wait_for_selector("#key-σ[disabled]")
    game.refresh_from_db()
    assert game.letters == "σ"
    shoot(page, "greek")


def shoot(page: Any, name: str) -> None:
    """Budget: the keyboard's last row on the first screen; a look at both sizes."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    for size, viewport in (("phone", PHONE), ("desktop", DESKTOP)):
        page.set_viewport_size(viewport)
        assert_on_screen(page, "form.keyboard .key-row:last-of-type", f"the last row ({size})")
        page.screenshot(path=str(SHOTS / f"{name}-board-{size}.png"))


def test_a_vietnamese_toned_letter_typed_plays_its_letter(page: Any, live_server: Any) -> None:
    game = board(page, live_server.url, ("người", "cơm", "đường", "mặt"), "vi", 3)
    assert page.locator("form.keyboard button.key").count() == 29
    type_key(page, "ờ")
    page.wait_for_selector("#key-ơ[disabled]")
    game.refresh_from_db()
    assert game.letters == "ơ"
    assert page.locator("#key-o[disabled]").count() == 0
    shoot(page, "vietnamese")  # its fourth row, ă â đ ê ô ơ ư, on the first screen too

"""A Russian word list, imported through the admin and played in the browser (issue 30).

The keyboard is Cyrillic (ЙЦУКЕН, with Ё), typed and clicked keys play, a win and a loss
end with the word named in Cyrillic capitals. Screenshots of the board at a phone's and a
laptop's size go to /tmp/shots/ for a person to look at.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from dictionaries.models import Dictionary
from games.models import Game, Status
from tests.e2e.axe import assert_accessible
from tests.e2e.conftest import PASSWORD, log_in, press_key
from tests.factories import DictionaryFactory, UserFactory

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

WORDS = ("кот", "кит", "дом", "сон", "лес", "мир", "сыр", "нос", "Ёж", "уж")
# Every letter of the 3-letter words: guessing only these, at most 12 can miss.
LETTERS_OF_THE_WORDS = "отиксдмнлеры"
SHOTS = Path("/tmp/shots")
SIZES = {"phone": {"width": 390, "height": 844}, "laptop": {"width": 1280, "height": 800}}


def upload_russian_list(page: Any, base: str) -> Dictionary:
    page.goto(f"{base}/admin/dictionaries/dictionary/add/")
    page.locator("#id_name").fill("Russian words")
    page.locator("#id_language").select_option("ru")
    page.locator("#id_word_file").set_input_files(
        files=[
            {
                "name": "slova.txt",
                "mimeType": "text/plain",
                "buffer": ("\n".join(WORDS) + "\n").encode(),
            }
        ]
    )
    page.get_by_role("button", name="Upload and import").click()
    page.wait_for_selector(".import-state.import-done")
    dictionary = Dictionary.objects.get(name="Russian words")
    assert dictionary.language == "ru"
    assert len(dictionary.alphabet) == 33
    return dictionary


def start_game(page: Any, base: str, dictionary: Dictionary, *, max_misses: int) -> Game:
    page.goto(f"{base}/games/new/?dictionary={dictionary.pk}&length=3")
    page.get_by_label("Wrong guesses allowed").fill(str(max_misses))
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url(re.compile(r"/games/\d+/$"))
    return Game.objects.filter(player__username="boss").latest("started_at")


def shoot(page: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        page.screenshot(path=str(SHOTS / f"russian-{name}-{size}.png"), full_page=False)
    page.set_viewport_size(SIZES["laptop"])


def test_a_russian_list_imported_in_the_admin_plays_to_a_win_and_a_loss(
    page: Any, live_server: Any
) -> None:
    base = live_server.url
    boss = UserFactory(username="boss", is_staff=True, is_superuser=True)
    boss.set_password(PASSWORD)
    boss.save()
    log_in(page, base, "boss")
    dictionary = upload_russian_list(page, base)

    game = start_game(page, base, dictionary, max_misses=26)
    keys = page.locator("form.keyboard button.key")
    assert keys.count() == 33
    rows = page.locator("form.keyboard .key-row").all_inner_texts()
    assert re.sub(r"\s", "", rows[0]) == "ЙЦУКЕНГШЩЗХЪ"
    assert "Ё" in rows[2]
    assert page.locator("form.keyboard").get_attribute("lang") == "ru"
    shoot(page, "board")

    # The first letter typed, a capital, as a Russian keyboard layout sends it (Playwright
    # presses only a US layout's keys, so the key event is sent as the browser would).
    page.evaluate(
        "key => document.body.dispatchEvent("
        "new KeyboardEvent('keydown', {key, bubbles: true, cancelable: true}))",
        "О",
    )
    page.wait_for_selector("#key-о[disabled]")
    # A Latin letter typed does nothing on this board.
    page.keyboard.press("q")
    for letter in LETTERS_OF_THE_WORDS[1:]:
        if page.locator("#game-over").count():
            break
        press_key(page, letter)
    page.wait_for_selector("#game-over")
    game.refresh_from_db()
    assert game.status == Status.WON
    assert game.letters[0] == "о"
    assert "q" not in game.letters
    final = page.locator("#game-over .final-word").first.inner_text()
    assert final == game.word.upper()
    assert re.fullmatch(r"[А-ЯЁ]{3}", final)
    shoot(page, "won")

    lost = start_game(page, base, dictionary, max_misses=1)
    press_key(page, "ф")  # in none of the words
    page.wait_for_selector("#game-over")
    lost.refresh_from_db()
    assert lost.status == Status.LOST
    panel = page.locator("#game-over").inner_text()
    assert "You lost." in panel
    assert lost.word.upper() in panel
    page.evaluate(
        "document.querySelector('#game-over .reveal').scrollIntoView()"
    )  # drawn once in view
    page.wait_for_selector("#game-over .reveal .final-word")
    assert page.locator(".reveal .final-word").first.inner_text() == lost.word.upper()
    shoot(page, "lost")

    # Obscure needs word frequencies: with the list's taken away (as for a language without
    # them), switching the new-game form to it redraws the difficulties without obscure,
    # hard chosen, saying why.
    Dictionary.objects.filter(pk=dictionary.pk).update(has_frequencies=False)
    english = DictionaryFactory(words=["cat", "dog", "cow"], name="Three", slug="three")
    Dictionary.objects.filter(pk=english.pk).update(has_frequencies=True)
    page.goto(f"{base}/games/new/?dictionary={english.pk}&difficulty=obscure")
    assert page.locator("#difficulty-field input[value=obscure]").is_checked()
    page.locator("details.more-options summary").click()
    page.locator("#id_dictionary").select_option(str(dictionary.pk))
    page.wait_for_selector("#obscure-withdrawn")
    assert page.locator("#difficulty-field input[value=obscure]").count() == 0
    assert page.locator("#difficulty-field input[value=hard]").is_checked()
    assert "Russian words" in page.locator("#obscure-withdrawn").inner_text()
    assert_accessible(page, "the difficulties redrawn for a list without frequencies")
    page.locator("#difficulty-field").scroll_into_view_if_needed()
    shoot(page, "obscure-withdrawn")

"""A player's language, on the board and the forms (issue 38).

- AltGr letters reach the board: Polish ą typed with AltGr (Ctrl and Alt reported held,
  AltGraph on, as Windows and Linux send it) is a guess; Ctrl+Alt+E without AltGraph is a
  shortcut and plays nothing.
- A Spanish browser's home page and new-game form: the Spanish list preselected, named in
  Spanish, Chromium at 390x844 and 1280x800, axe-core on each; screens saved to
  /tmp/shots/i18n-list-<page>-<screen>.png (or E2E_SCREENSHOTS) for a person to look at.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import pytest

from dictionaries.models import Dictionary
from games.models import Game
from tests.e2e.axe import assert_accessible
from tests.e2e.conftest import PASSWORD, _new_page, log_in, wait_for
from tests.e2e.test_screens import DESKTOP, PHONE, assert_on_screen
from tests.factories import DictionaryFactory, UserFactory
from tests.i18n.catalogs import compile_catalogs

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

SHOTS = Path(os.environ.get("E2E_SCREENSHOTS") or "/tmp/shots")
POLISH = "aąbcćdeęfghijklłmnńoóprsśtuwyzźż"
ALTGR_KEYDOWN = """([key, altGraph]) => {
  const event = new KeyboardEvent("keydown", {
    key, ctrlKey: true, altKey: true, modifierAltGraph: altGraph, bubbles: true,
    cancelable: true,
  });
  document.body.dispatchEvent(event);
  return event.getModifierState("AltGraph");
}"""


def guesses_shown(page: Any) -> str:
    return page.locator('form.keyboard input[name="expected_guesses"]').get_attribute("value")


def test_a_letter_typed_with_altgr_is_a_guess(page: Any, live_server: Any) -> None:
    base = live_server.url
    polish = DictionaryFactory(
        words=["mąka", "łąka", "ręka", "koza", "lato", "pies", "dąby", "żaba"],
        name="Polskie słowa",
        language="pl",
        alphabet=POLISH,
        accents="keep",
    )
    player = UserFactory(username="ola")
    player.set_password(PASSWORD)
    player.save()
    log_in(page, base, "ola")
    page.goto(f"{base}/games/new/?dictionary={polish.pk}&length=4")
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url(re.compile(r"/games/\d+/$"))
    game = Game.objects.get(player=player)

    # Ctrl+Alt+E without AltGraph: a shortcut, never a guess.
    assert page.evaluate(ALTGR_KEYDOWN, ["e", False]) is False
    page.wait_for_timeout(300)
    assert guesses_shown(page) == "0"
    game.refresh_from_db()
    assert game.letters == ""

    # AltGr+A on a Polish keyboard: ą, with AltGraph on.
    assert page.evaluate(ALTGR_KEYDOWN, ["ą", True]) is True
    wait_for(page, "() => document.querySelector('input[name=expected_guesses]').value === '1'")
    game.refresh_from_db()
    assert game.letters == "ą"
    assert page.locator("#key-ą").is_disabled()


@pytest.fixture
def spanish_list(db: None) -> Dictionary:
    DictionaryFactory(
        words=["ally", "beta", "cool", "deal", "else", "flew", "good", "hope", "ibex"],
        name="English (familiar)",
        slug="english-familiar",
        is_default=True,
    )
    return DictionaryFactory(
        words=["casa", "mesa", "pato", "gato", "lobo", "niño", "sol", "luna", "mano", "raton"],
        name="Spanish (familiar)",
        slug="spanish-familiar",
        language="es",
        alphabet="abcdefghijklmnñopqrstuvwxyz",
    )


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_a_spanish_browser_meets_the_spanish_list(
    browser: Any, live_server: Any, spanish_list: Dictionary, viewport: dict[str, int]
) -> None:
    compile_catalogs()
    screen = "phone" if viewport == PHONE else "desktop"
    SHOTS.mkdir(parents=True, exist_ok=True)
    for page in _new_page(browser, viewport=viewport, locale="es"):
        base = live_server.url
        page.goto(f"{base}/")
        play = page.get_by_role("button", name="Jugar una partida de práctica")
        assert_on_screen(page, ".try-form button", "the practice game's button")
        assert_accessible(page, f"Spanish home page, {screen}")
        page.screenshot(path=str(SHOTS / f"i18n-list-home-{screen}.png"))
        play.click()
        page.wait_for_url(re.compile(r"/games/\d+/$"))
        assert "Español (habitual)" in page.locator(".game-settings").inner_text()
        assert Game.objects.latest("pk").dictionary == spanish_list

        player = UserFactory(username="ana")
        player.set_password(PASSWORD)
        player.save()
        page.context.clear_cookies()
        page.goto(f"{base}/accounts/login/")
        page.locator("#id_username").fill("ana")
        page.locator("#id_password").fill(PASSWORD)
        page.get_by_role("button", name="Entrar").click()
        page.wait_for_url(f"{base}/")
        page.goto(f"{base}/games/new/")
        page.locator("details.more-options summary").click()
        chosen = page.locator("#id_dictionary option:checked")
        assert chosen.inner_text() == "Español (habitual)"
        assert_accessible(page, f"Spanish new-game form, {screen}")
        page.screenshot(path=str(SHOTS / f"i18n-list-new-game-{screen}.png"), full_page=True)

"""A Hebrew list played in Chromium (issue 38): the word and the keyboard laid out right to
left, final forms one key with their letter, revealed in their final form where the word
ends, and the words named at the end as written.

Mem typed as final mem (ם, as a Hebrew keyboard's O key sends it) plays the one mem key
and shows ם in the last tile; the first tile stands at the right; the keyboard keeps its
keys where the Hebrew keyboard has them (ק at the left). Budget: the word, the whole
keyboard and the wrong guesses left on the first screen, at 390x844 and 1280x800; axe-core
on each state; the board without JavaScript says the same. Screenshots go to
/tmp/shots/hebrew-<state>-<screen>.png (or E2E_SCREENSHOTS) for a person to look at.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from dictionaries.models import Dictionary
from dictionaries.services import dictionary_import
from games import services
from games.models import Game, Status
from tests.e2e.axe import assert_accessible
from tests.e2e.conftest import PASSWORD, _new_page, log_in, press_key, wait_for
from tests.e2e.test_screens import DESKTOP, PHONE, assert_on_screen, assert_one_row_nav
from tests.factories import UserFactory

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

SHOTS = Path(os.environ.get("E2E_SCREENSHOTS") or "/tmp/shots")
# Four-letter words that all end in mem, written with final mem; no other mem in them.
WORDS = ("שלום", "חלום", "יתום", "סתום", "רשום", "גשום", "אדום", "עצום", "חתום", "קדום")
# Letters in none of the words: each a miss.
MISSES = "בזכ"
ISOLATES = "\u2068\u2069"


@pytest.fixture
def hebrew() -> Dictionary:
    report = dictionary_import(
        name="Hebrew words", source="\n".join(WORDS).encode(), language_tag="he", offered=True
    )
    return report.dictionary


@pytest.fixture(params=[PHONE, DESKTOP], ids=["phone", "desktop"])
def screen(browser: Any, live_server: Any, request: pytest.FixtureRequest) -> Iterator[Any]:
    yield from _new_page(browser, viewport=request.param)


def shoot(page: Any, name: str) -> None:
    size = "phone" if page.viewport_size == PHONE else "desktop"
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"hebrew-{name}-{size}.png"))


def start(hebrew: Dictionary, *, max_misses: int) -> Game:
    player = UserFactory(username="noa", password=PASSWORD)
    return services.game_start(
        player=player,
        dictionary=hebrew,
        length=4,
        max_misses=max_misses,
        difficulty="hard",
        show_word_count=True,
    )


def centres(page: Any, selector: str) -> list[float]:
    return page.evaluate(
        """selector => [...document.querySelectorAll(selector)].map(each => {
          const rect = each.getBoundingClientRect();
          return rect.left + rect.width / 2;
        })""",
        selector,
    )


def test_mem_reveals_final_mem_on_a_right_to_left_board(
    screen: Any, live_server: Any, hebrew: Dictionary
) -> None:
    base = live_server.url
    game = start(hebrew, max_misses=len(MISSES))
    log_in(screen, base, "noa")
    screen.goto(f"{base}/games/{game.pk}/")
    assert screen.locator("p.pattern").get_attribute("dir") == "rtl"
    assert screen.locator("form.keyboard").get_attribute("dir") == "rtl"
    assert screen.locator("form.keyboard button.key").count() == 22  # no final-form keys
    assert screen.locator("#key-ם").count() == 0
    # The keys stand where the Hebrew keyboard has them: ק left of פ on the top row.
    [q_key], [p_key] = centres(screen, "#key-ק"), centres(screen, "#key-פ")
    assert q_key < p_key
    assert_on_screen(screen, "p.pattern", "the word")
    assert_on_screen(screen, "form.keyboard .key-row:last-of-type", "the keyboard's last row")
    assert_on_screen(screen, ".misses-left", "the wrong guesses left")
    assert_one_row_nav(screen, "a Hebrew board")
    assert_accessible(screen, "a Hebrew board")
    shoot(screen, "board")

    # Final mem typed, as a Hebrew keyboard layout sends it (Playwright presses only a US
    # layout's keys, so the key event is sent as the browser would).
    screen.evaluate(
        "key => document.body.dispatchEvent("
        "new KeyboardEvent('keydown', {key, bubbles: true, cancelable: true}))",
        "ם",
    )
    screen.wait_for_selector("#key-מ[disabled]")
    game.refresh_from_db()
    assert game.letters == "מ"
    assert game.pattern == "---מ"
    tiles = screen.locator("p.pattern .tile").all_inner_texts()
    assert tiles == ["", "", "", "ם"]  # in reading order: the last is the word's end
    # Right to left: the first tile at the right, the revealed end at the left.
    xs = centres(screen, "p.pattern .tile")
    assert xs == sorted(xs, reverse=True)
    assert_on_screen(screen, "p.pattern .tile-shown", "the revealed final mem")
    assert_on_screen(screen, "form.keyboard .key-row:last-of-type", "the keyboard's last row")
    assert_accessible(screen, "a Hebrew board after mem")
    shoot(screen, "mem")

    for letter in MISSES:
        press_key(screen, letter)
    screen.wait_for_selector("#game-over")
    game.refresh_from_db()
    assert game.status == Status.LOST
    # As written (final mem), set apart from the sentence around it (first strong isolate).
    named = screen.locator("#game-over .final-word").first.inner_text()
    assert named.strip(ISOLATES) in WORDS
    assert named == f"\u2068{named.strip(ISOLATES)}\u2069"
    said = screen.locator("#game-over").inner_text()
    assert "You lost." in said
    wait_for(screen, "() => document.querySelectorAll('.reveal em.example').length > 0")
    examples = screen.locator(".reveal em.example").all_inner_texts()
    assert examples
    assert all(word in WORDS for word in examples)
    # The tiles once over: the word named as written, its end (final mem) at the left.
    tiles = screen.locator("p.pattern .tile").all_inner_texts()
    assert "".join(tiles) == named.strip(ISOLATES)
    assert tiles[-1] == "ם"
    assert_accessible(screen, "a Hebrew board's end")
    shoot(screen, "end")
    screen.evaluate("window.scrollTo(0, 0)")
    shoot(screen, "end-word")
    screen.locator(".reveal").scroll_into_view_if_needed()
    shoot(screen, "reveal")


def test_the_board_without_javascript_is_right_to_left_too(
    browser: Any, live_server: Any, hebrew: Dictionary
) -> None:
    base = live_server.url
    game = start(hebrew, max_misses=8)
    for page in _new_page(browser, java_script_enabled=False, viewport=PHONE):
        log_in(page, base, "noa")
        page.goto(f"{base}/games/{game.pk}/")
        page.locator("#key-מ").click()
        page.wait_for_selector("#key-מ[disabled]")
        assert page.locator("p.pattern").get_attribute("dir") == "rtl"
        assert page.locator("form.keyboard").get_attribute("dir") == "rtl"
        assert page.locator("p.pattern .tile").all_inner_texts() == ["", "", "", "ם"]
        xs = centres(page, "p.pattern .tile")
        assert xs == sorted(xs, reverse=True)
        page.screenshot(path=str(SHOTS / "hebrew-mem-no-js-phone.png"))

"""A class in real browsers: the instructor creates a class and an assignment, a student
joins with the code and plays the assignment from the home page, and the instructor sees
the result appear in the assignment's table (HTMX swaps it in place)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from classes.services import classroom_create
from dictionaries.models import Dictionary
from games.models import Game
from tests.classes.support import make_class_instructor
from tests.conftest import NINE_WORDS
from tests.e2e.conftest import PASSWORD, TIMEOUT_MS, follow_link, log_in, press_key, sign_up
from tests.factories import AssignmentFactory, DictionaryFactory

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def nine_words() -> Dictionary:
    return DictionaryFactory(
        words=list(NINE_WORDS), name="Nine words", slug="nine", is_default=True
    )


def test_a_class_from_creation_to_a_result_in_the_table(
    browser: Any, live_server: Any, nine_words: Dictionary
) -> None:
    base = live_server.url
    make_class_instructor("teacher", password=PASSWORD)
    teacher_context = browser.new_context(viewport={"width": 1024, "height": 800})
    student_context = browser.new_context(viewport={"width": 1024, "height": 800})
    errors: list[str] = []
    try:
        teacher = teacher_context.new_page()
        student = student_context.new_page()
        for page in (teacher, student):
            page.set_default_timeout(TIMEOUT_MS)
            page.on("pageerror", lambda error: errors.append(str(error)))

        # The instructor creates the class and an assignment.
        log_in(teacher, base, "teacher")
        follow_link(teacher, "Classes")
        teacher.get_by_role("link", name="Create a class").click()
        teacher.get_by_label("Name").fill("CS 101")
        teacher.get_by_label("Term").fill("Spring 2026")
        teacher.get_by_role("button", name="Create the class").click()
        teacher.wait_for_url(re.compile(r"/classes/\d+/$"))
        code = teacher.locator("#join-code").inner_text()
        assert re.fullmatch(r"[A-Z2-9]{4}-[A-Z2-9]{4}", code)
        class_url = teacher.url

        teacher.get_by_role("link", name="New assignment").click()
        teacher.get_by_label("Title").fill("Week 1")
        teacher.get_by_label("Word length").select_option("4")
        teacher.get_by_label("Wrong guesses allowed").fill("8")
        teacher.get_by_label("Hard").check()
        teacher.get_by_role("button", name="Set the assignment").click()
        teacher.wait_for_url(re.compile(r"/classes/\d+/assignments/\d+/$"))
        assert "The class has no student yet" in teacher.locator("#students-results").inner_text()

        # A student signs up, joins with the code and starts the assignment in one click.
        sign_up(student, base, "ada")
        follow_link(student, "Classes")
        student.get_by_label("Join code").fill(code.lower())
        student.get_by_role("button", name="Join the class").click()
        student.wait_for_url(class_url)
        assert "Welcome to CS 101" in student.content()
        student.get_by_role("link", name="Evil Hangman").first.click()
        student.wait_for_url(f"{base}/")
        student.get_by_role("button", name="Start “Week 1”").click()
        student.wait_for_url(re.compile(r"/games/\d+/$"))
        assert "For the assignment Week 1" in student.locator(".game-assignment").inner_text()
        for letter in "eotgcl":
            press_key(student, letter)
        student.wait_for_selector("#game-over")
        assert "You won!" in student.locator("#game-over").inner_text()
        game = Game.objects.get(player__username="ada")
        assert (game.status, game.misses) == ("won", 3)

        # The instructor's table (already open) shows it after a Show: swapped in place.
        teacher.evaluate("() => { window.sameDocument = true; }")
        teacher.get_by_role("button", name="Show").click()
        row = teacher.locator("#students-results tbody tr").filter(has_text="ada")
        row.wait_for()
        cells = row.locator("td").all_inner_texts()
        assert cells[:4] == ["1", "1", "0", "3"]  # played, won, in progress, fewest misses
        assert teacher.evaluate("() => window.sameDocument === true")

        # And the review of the student's game is one click away.
        row.get_by_role("link", name="ada").click()
        teacher.get_by_role("link", name=f"Review game {game.pk}").click()
        teacher.wait_for_url(f"{base}/games/{game.pk}/review/")
        assert teacher.locator("article.move-review").count() == 6
    finally:
        teacher_context.close()
        student_context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


def test_without_javascript_a_student_joins_by_link_and_plays(
    page_without_js: Any, live_server: Any, nine_words: Dictionary
) -> None:
    page = page_without_js
    base = live_server.url
    classroom = classroom_create(
        instructor=make_class_instructor("teacher"), name="CS 101", term="Spring 2026"
    )
    AssignmentFactory(classroom=classroom, title="Week 1", dictionary=nine_words)
    sign_up(page, base, "ada")
    page.goto(f"{base}/classes/join/{classroom.join_code}/")
    assert "Join CS 101?" in page.content()
    page.get_by_role("button", name="Join CS 101").click()
    page.wait_for_url(f"{base}/classes/{classroom.pk}/")
    page.get_by_role("button", name="Start “Week 1”").click()
    page.wait_for_url(re.compile(r"/games/\d+/$"))
    for letter in "eotgcl":
        page.locator(f"#key-{letter}").click()
        page.wait_for_load_state()
    assert "You won!" in page.locator("#game-over").inner_text()
    page.get_by_role("button", name="Play “Week 1” again").click()
    page.wait_for_url(re.compile(r"/games/\d+/$"))
    assert Game.objects.filter(player__username="ada").count() == 2

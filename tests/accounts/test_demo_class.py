"""ensure_demo_accounts also makes the demo instructor's class, with the demo player in it
and one open assignment, without ever duplicating them."""

from __future__ import annotations

import datetime as dt
from io import StringIO

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.urls import reverse
from django.utils import timezone

from classes.models import Assignment, Classroom, Membership
from classes.selectors import can_run_classes
from games.permissions import can_review_all
from tests.conftest import NINE_WORDS
from tests.factories import DictionaryFactory
from tests.records.support import client_for

pytestmark = pytest.mark.django_db


def run() -> str:
    out = StringIO()
    # Tests run with DEBUG off, as production does: the flag says the passwords may be public.
    call_command("ensure_demo_accounts", "--allow-published-passwords", stdout=out)
    return out.getvalue()


@pytest.fixture
def default_dictionary() -> None:
    DictionaryFactory(words=list(NINE_WORDS), name="Nine", slug="nine", is_default=True)


def test_the_demo_instructor_runs_a_class_the_demo_player_is_in(default_dictionary: None) -> None:
    output = run()
    teacher = User.objects.get(username="teacher")
    assert teacher.check_password("evil-hangman-teacher")
    assert can_run_classes(teacher)
    assert not can_review_all(teacher)  # sees only the games of their own students
    assert not teacher.is_staff
    classroom = Classroom.objects.get(instructor=teacher)
    assert list(classroom.memberships.values_list("student__username", flat=True)) == ["demo"]
    assignment = Assignment.objects.get(classroom=classroom)
    assert assignment.due_at > timezone.now() + dt.timedelta(days=29)
    assert assignment.length == 4
    assert "Created instructor 'teacher'" in output
    assert f"join code {classroom.display_code}" in output
    assert "Created assignment 'Warm-up'" in output
    home = client_for(User.objects.get(username="demo")).get(reverse("home")).content.decode()
    assert "Start “Warm-up”" in home


def test_running_again_duplicates_nothing(default_dictionary: None) -> None:
    run()
    output = run()
    assert Classroom.objects.count() == 1
    assert Membership.objects.count() == 1
    assert Assignment.objects.count() == 1
    assert "has an open assignment; left as is" in output


def test_without_a_dictionary_the_assignment_waits_for_the_next_run() -> None:
    output = run()
    assert Classroom.objects.count() == 1
    assert not Assignment.objects.exists()
    assert "No dictionary yet" in output
    DictionaryFactory(words=list(NINE_WORDS), slug="nine", is_default=True)
    run()
    assert Assignment.objects.count() == 1


def test_a_past_demo_assignment_is_reopened(default_dictionary: None) -> None:
    run()
    Assignment.objects.update(due_at=timezone.now() - dt.timedelta(days=1))
    output = run()
    assignment = Assignment.objects.get()
    assert assignment.due_at > timezone.now()
    assert "Reopened 'Warm-up'" in output

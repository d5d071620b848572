"""The classes app's migration, constraints, permission and authorization backend."""

from __future__ import annotations

from io import StringIO

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.db import DataError, IntegrityError, transaction
from django.urls import reverse

from classes.backends import ClassInstructorBackend
from classes.models import Assignment, Membership
from classes.selectors import can_run_classes
from games.models import Difficulty
from tests.classes.support import make_class, make_class_instructor, run_classes_permission
from tests.factories import AssignmentFactory, ClassroomFactory, GameFactory, UserFactory
from tests.records.support import client_for, instructors_group, make_instructor

pytestmark = pytest.mark.django_db


def test_the_models_and_the_migration_agree() -> None:
    out = StringIO()
    call_command("makemigrations", "classes", "--check", "--dry-run", stdout=out)
    assert "No changes detected" in out.getvalue()


def test_the_instructors_group_may_run_classes() -> None:
    run_classes_permission()
    assert run_classes_permission() in instructors_group().permissions.all()
    assert can_run_classes(make_instructor())
    assert can_run_classes(make_class_instructor("direct"))
    assert can_run_classes(UserFactory(is_superuser=True))
    assert not can_run_classes(UserFactory(is_staff=True))


@pytest.mark.parametrize("code", ["abcdefgh", "ABCDEFG", "ABCDEFGHJ", "ABCDEFG0", "ABCD-EFG"])
def test_a_join_code_is_eight_unambiguous_capitals_or_digits(code: str) -> None:
    # PostgreSQL refuses a 9th character by the column's length (DataError) before the check.
    with pytest.raises((IntegrityError, DataError)), transaction.atomic():
        ClassroomFactory(join_code=code)


def test_one_membership_per_student_and_class() -> None:
    classroom = make_class(students=("ada",))
    with pytest.raises(IntegrityError), transaction.atomic():
        Membership.objects.create(classroom=classroom, student=User.objects.get(username="ada"))


def test_assignment_checks() -> None:
    with pytest.raises(IntegrityError), transaction.atomic():
        AssignmentFactory(max_misses=27)
    with pytest.raises(IntegrityError), transaction.atomic():
        AssignmentFactory(length=0)


def test_difficulties_are_the_games_own() -> None:
    field = Assignment._meta.get_field("difficulty")
    assert list(field.choices) == list(Difficulty.choices)


class TestBackend:
    backend = ClassInstructorBackend()

    def test_the_instructor_of_a_student_may_review_their_games_only(self) -> None:
        classroom = make_class(students=("ada",))
        ada_game = GameFactory(player=User.objects.get(username="ada"))
        stranger_game = GameFactory()
        teacher = classroom.instructor
        assert self.backend.has_perm(teacher, "games.review_game", ada_game)
        assert not self.backend.has_perm(teacher, "games.review_game", stranger_game)
        assert not self.backend.has_perm(teacher, "games.review_all_games")
        assert not self.backend.has_perm(teacher, "games.review_game", classroom)

    def test_an_inactive_instructor_may_not(self) -> None:
        classroom = make_class(students=("ada",))
        game = GameFactory(player=User.objects.get(username="ada"))
        classroom.instructor.is_active = False
        assert not self.backend.has_perm(classroom.instructor, "games.review_game", game)

    def test_it_authenticates_no_one(self) -> None:
        assert self.backend.authenticate(None, username="ada", password="x") is None


@pytest.mark.parametrize("name", ["classroom", "assignment"])
def test_the_admin_lists_and_opens_classes(name: str) -> None:
    assignment = AssignmentFactory(classroom=make_class(students=("ada",)))
    obj = assignment.classroom if name == "classroom" else assignment
    client = client_for(UserFactory(username="root", is_staff=True, is_superuser=True))
    assert client.get(reverse(f"admin:classes_{name}_changelist")).status_code == 200
    assert client.get(reverse(f"admin:classes_{name}_change", args=[obj.pk])).status_code == 200

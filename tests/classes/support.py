"""Helpers for the class tests: instructors, reviewers, a class with students, playing
an assignment through the services."""

from __future__ import annotations

import importlib
from types import SimpleNamespace
from typing import Any

from django.apps import apps as django_apps
from django.contrib.auth.models import Permission, User
from django.db import connection

from classes import services
from classes.models import Assignment, Classroom, Membership
from dictionaries.models import Dictionary
from games import services as game_services
from games.models import Game
from tests.conftest import NINE_WORDS
from tests.factories import (
    AssignmentFactory,
    ClassroomFactory,
    DictionaryFactory,
    MembershipFactory,
    UserFactory,
)
from tests.records.support import review_permission

_classes_migration = importlib.import_module("classes.migrations.0001_initial")
# The worked example of the rules, then c, l: won with "cool" after 3 wrong guesses (e, t, g).
WINNING_LETTERS = "eotgcl"
# Four wrong guesses in a row (z, y, x, w): lost when 4 are allowed.
LOSING_LETTERS = "zyxw"


def run_classes_permission() -> Permission:
    """The permission the migration makes (made again after a transactional test's flush)."""
    _classes_migration.grant_run_classes(django_apps, SimpleNamespace(connection=connection))
    return Permission.objects.get(codename="run_classes", content_type__app_label="classes")


def make_class_instructor(username: str = "teacher", **fields: Any) -> User:
    """An instructor who may run classes, without the site-wide review permission."""
    user = UserFactory(username=username, **fields)
    user.user_permissions.add(run_classes_permission())
    return User.objects.get(pk=user.pk)  # no stale permission cache


def make_reviewer(username: str = "staffer") -> User:
    """Staff with the site-wide ``games.review_all_games``."""
    user = UserFactory(username=username, is_staff=True)
    user.user_permissions.add(review_permission())
    return User.objects.get(pk=user.pk)


def nine_words() -> Dictionary:
    return DictionaryFactory(words=list(NINE_WORDS), name="Nine words", slug="nine")


def make_class(instructor: User | None = None, *, students: tuple[str, ...] = ()) -> Classroom:
    classroom = ClassroomFactory(instructor=instructor or make_class_instructor())
    for username in students:
        MembershipFactory(classroom=classroom, student=UserFactory(username=username))
    return classroom


def make_assignment(classroom: Classroom, **fields: Any) -> Assignment:
    fields.setdefault("dictionary", Dictionary.objects.filter(slug="nine").first() or nine_words())
    return AssignmentFactory(classroom=classroom, **fields)


def enroll(classroom: Classroom, student: User) -> Membership:
    return MembershipFactory(classroom=classroom, student=student)


def play_assignment(
    student: User, assignment: Assignment, letters: str = WINNING_LETTERS, *, seed: int = 7
) -> Game:
    """Start the assignment's game through the services and guess each letter. The seed
    is fixed: ranked games break ties between families by it."""
    game = services.assignment_game_start(student=student, assignment=assignment, seed=seed)
    for letter in letters:
        game = game_services.game_guess(game_id=game.pk, player=student, letter=letter).game
    return game

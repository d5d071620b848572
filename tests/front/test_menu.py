"""The menu of every page: its roles in one query, answered as Django's checks would."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.contrib.auth.models import AnonymousUser, User
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from pytest_django import DjangoAssertNumQueries

from classes.models import RUN_CLASSES_PERMISSION, Membership
from classes.selectors import MenuRoles, can_run_classes, menu_roles
from games.permissions import REVIEW_PERMISSION
from tests.classes.support import enroll, make_class, make_class_instructor, make_reviewer
from tests.factories import UserFactory
from tests.records.support import client_for, make_instructor

pytestmark = pytest.mark.django_db


def student() -> User:
    user = UserFactory(username="pupil")
    enroll(make_class(make_class_instructor("their-teacher")), user)
    return user


def inactive_instructor() -> User:
    user = make_instructor("gone")
    user.is_active = False
    user.save()
    return user


def inactive_superuser() -> User:
    return UserFactory(username="old-root", is_superuser=True, is_active=False)


ROLES: list[Callable[[], User]] = [
    lambda: UserFactory(username="ada"),
    lambda: UserFactory(username="staffer", is_staff=True),
    lambda: UserFactory(username="root", is_superuser=True),
    make_instructor,  # through the instructors' group: runs classes and reviews every game
    make_class_instructor,  # the permission given directly: runs classes only
    make_reviewer,  # reviews every game only
    student,
    inactive_instructor,
    inactive_superuser,
]


@pytest.mark.parametrize("make", ROLES)
def test_the_roles_agree_with_has_perm_and_membership_in_one_query(
    make: Callable[[], User], django_assert_num_queries: DjangoAssertNumQueries
) -> None:
    user = User.objects.get(pk=make().pk)  # no permission cache
    with django_assert_num_queries(1):
        roles = menu_roles(user)
    assert roles == MenuRoles(
        runs_classes=user.has_perm(RUN_CLASSES_PERMISSION),
        in_a_class=Membership.objects.filter(student=user).exists(),
        reviews_all_games=user.has_perm(REVIEW_PERMISSION),
    )
    assert can_run_classes(user) == user.has_perm(RUN_CLASSES_PERMISSION)


def test_a_visitor_has_no_roles_and_costs_no_query(
    django_assert_num_queries: DjangoAssertNumQueries,
) -> None:
    with django_assert_num_queries(0):
        assert menu_roles(AnonymousUser()) == MenuRoles()


@pytest.mark.parametrize(
    ("make", "in_the_bar"),
    [(make_class_instructor, True), (student, True), (lambda: UserFactory(username="ada"), False)],
)
def test_the_bar_names_classes_for_instructors_and_students(
    make: Callable[[], User], in_the_bar: bool
) -> None:
    page = client_for(make()).get(reverse("leaderboard_points")).content.decode()
    bar, user_menu = page.split('class="user-menu"', 1)
    link = f'<a href="{reverse("class_list")}">Classes</a>'
    assert (link in bar, link in user_menu) == (in_the_bar, not in_the_bar)


def test_the_menu_asks_once_per_page() -> None:
    """The menu's roles cost one query on a page (there were four: two to load every
    permission, one for the membership, one for the review permission)."""
    client = client_for(make_instructor())
    client.get(reverse("leaderboard_points"))
    with CaptureQueriesContext(connection) as queries:
        page = client.get(reverse("leaderboard_points")).content.decode()
    roles = [
        query["sql"]
        for query in queries.captured_queries
        if "auth_permission" in query["sql"] or "classes_membership" in query["sql"]
    ]
    assert len(roles) == 1
    assert f'<a href="{reverse("instructor_games")}">' in page

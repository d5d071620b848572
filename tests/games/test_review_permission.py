"""``can_review_all`` answers as Django's ``has_perm`` would, in one query, and the menu
links to every player's games for exactly those users."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.urls import reverse
from pytest_django import DjangoAssertNumQueries

from games.permissions import REVIEW_PERMISSION, can_review_all
from tests.factories import UserFactory
from tests.records.support import client_for, instructors_group, review_permission

pytestmark = pytest.mark.django_db


def through_the_group(user: User) -> None:
    user.groups.add(instructors_group())


def directly(user: User) -> None:
    user.user_permissions.add(review_permission())


def superuser(user: User) -> None:
    user.is_superuser = True
    user.save()


def inactive_instructor(user: User) -> None:
    through_the_group(user)
    user.is_active = False
    user.save()


def staff_only(user: User) -> None:
    user.is_staff = True
    user.save()


@pytest.mark.parametrize(
    "grant", [through_the_group, directly, superuser, inactive_instructor, staff_only, None]
)
def test_it_agrees_with_has_perm(
    grant: Callable[[User], None] | None, django_assert_max_num_queries: DjangoAssertNumQueries
) -> None:
    user = UserFactory(username="someone")
    if grant is not None:
        grant(user)
    user = User.objects.get(pk=user.pk)  # no permission cache
    with django_assert_max_num_queries(1):
        answer = can_review_all(user)
    assert answer == user.has_perm(REVIEW_PERMISSION)


def test_the_menu_links_to_every_game_for_instructors_only() -> None:
    instructor = UserFactory(username="teacher")
    through_the_group(instructor)
    link = f'<a href="{reverse("instructor_games")}">All games</a>'
    assert link in client_for(instructor).get(reverse("home")).content.decode()
    player = UserFactory(username="ada")
    assert link not in client_for(player).get(reverse("home")).content.decode()
    assert link not in client_for(None).get(reverse("home")).content.decode()

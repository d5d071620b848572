"""A class's leaderboard: its students by rating, provisional ones apart, for the class only.

Its students, its instructor and site-wide reviewers see it; to anyone else the class
does not exist (404), whatever they send (``tests/classes/test_permissions.py`` has
the whole matrix).
"""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from classes.models import Classroom
from ratings.models import PlayerRating
from ratings.services import game_rate
from tests.classes.support import enroll, make_class, make_class_instructor, make_reviewer
from tests.factories import FinishedGameFactory, UserFactory
from tests.records.support import client_for

pytestmark = pytest.mark.django_db
STEADY = 60.0


def rate(player: User, rating: float, deviation: float = STEADY, **game_fields) -> None:
    """A rated game (as its finish rates it), then the rating pinned as many games would."""
    game_rate(FinishedGameFactory(player=player, **game_fields))
    PlayerRating.objects.filter(player=player).update(rating=rating, deviation=deviation)


@pytest.fixture
def classroom() -> Classroom:
    classroom = make_class(make_class_instructor("teacher"), students=("ada", "bob", "cy"))
    students = {
        user.username: user for user in User.objects.filter(class_memberships__classroom=classroom)
    }
    rate(students["ada"], 1600)
    rate(students["bob"], 1750, difficulty="easy")
    rate(students["cy"], 2400, 300)  # provisional: apart, however high
    rate(UserFactory(username="outsider"), 2000)  # rated, but not in the class
    rate(classroom.instructor, 1900)  # the instructor is no student of their class
    return classroom


def url(classroom: Classroom) -> str:
    return reverse("class_leaderboard", args=[classroom.pk])


@pytest.mark.parametrize("viewer", ["ada", "teacher", "reviewer"])
@pytest.mark.parametrize("htmx", [False, True])
def test_everyone_in_the_class_sees_its_students_by_rating(
    classroom: Classroom, viewer: str, htmx: bool
) -> None:
    user = make_reviewer() if viewer == "reviewer" else User.objects.get(username=viewer)
    headers = {"HX-Request": "true"} if htmx else {}
    response = client_for(user).get(url(classroom), headers=headers)
    assert response.status_code == 200
    tables = response.context["tables"]
    assert [row.username for row in tables.established] == ["bob", "ada"]
    assert [row.username for row in tables.provisional] == ["cy"]
    page = response.content.decode()
    assert "outsider" not in page
    assert ">teacher</a>" not in page
    assert ("<html" in page) is not htmx
    if htmx:
        assert page.lstrip().startswith('<div id="leaderboard-results"')
    else:
        assert f'hx-get="{url(classroom)}"' in page
        assert 'aria-current="page">Rating leaderboard</a>' in page
    established, provisional = page.split('id="provisional-title"')
    assert ">cy<" not in established  # the name as a link's text, not "cy" in "policy"
    assert ">cy<" in provisional
    assert "2400?" in provisional


@pytest.mark.parametrize("htmx", [False, True])
def test_a_non_member_cannot_read_the_class_table(classroom: Classroom, htmx: bool) -> None:
    other_class = make_class(make_class_instructor("other-teacher"), students=("eve",))
    headers = {"HX-Request": "true"} if htmx else {}
    for user in [
        User.objects.get(username="outsider"),  # rated, on the main leaderboard, not in the class
        User.objects.get(username="eve"),  # a student of another class
        other_class.instructor,  # another instructor
    ]:
        for query in ({}, {"difficulty": "easy"}, {"period": "week"}):
            response = client_for(user).get(url(classroom), query, headers=headers)
            assert response.status_code == 404, user
            page = response.content.decode()
            assert "ada" not in page
            assert "1750" not in page
    visitor = client_for(None).get(url(classroom), headers=headers)
    # A visitor is sent to log in (HTMX is told where by HX-Redirect).
    assert (visitor.get("Location") or visitor["HX-Redirect"]).startswith(reverse("login"))
    assert "ada" not in visitor.content.decode()


def test_a_student_who_leaves_leaves_the_table(classroom: Classroom) -> None:
    ada = User.objects.get(username="ada")
    classroom.memberships.filter(student=ada).delete()
    teacher = client_for(classroom.instructor)
    tables = teacher.get(url(classroom)).context["tables"]
    assert [row.username for row in tables.established] == ["bob"]
    assert client_for(ada).get(url(classroom)).status_code == 404


def test_the_filters_apply_to_the_class_table(classroom: Classroom) -> None:
    teacher = client_for(classroom.instructor)
    tables = teacher.get(url(classroom), {"difficulty": "easy"}).context["tables"]
    assert [row.username for row in tables.established] == ["bob"]
    assert tables.provisional == []
    page = teacher.get(url(classroom), {"difficulty": "fair"}).content.decode()
    assert "fair games are for learning and never ranked" in page
    assert "bob" not in page


def test_the_class_board_reads_the_same_queries_for_3_or_30_students(
    classroom: Classroom,
) -> None:
    teacher = client_for(classroom.instructor)

    def page_queries() -> int:
        cache.clear()
        with CaptureQueriesContext(connection) as queries:
            assert teacher.get(url(classroom), {"difficulty": "hard"}).status_code == 200
        return len(queries.captured_queries)

    few = page_queries()
    for index in range(27):
        student = UserFactory(username=f"s{index:02}")
        enroll(classroom, student)
        rate(student, 1500 + index, STEADY if index % 2 else 300)
    assert page_queries() == few


def test_every_role_finds_the_board_from_the_class_page(classroom: Classroom) -> None:
    for user in (User.objects.get(username="ada"), classroom.instructor):
        page = client_for(user).get(reverse("class_detail", args=[classroom.pk])).content.decode()
        assert f'href="{url(classroom)}"' in page

"""The permission matrix of the class pages and of the games they lead to.

Rows: a visitor, a student of the class, a student of another class, the class's
instructor, another instructor (who may run classes, not review everyone's games)
and staff with the site-wide ``games.review_all_games``. A class one has no part
in does not exist (404); a part too small for the page is told why (403).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from classes import services
from classes.models import Assignment, Classroom
from games.models import Game
from tests.classes.support import (
    make_assignment,
    make_class,
    make_class_instructor,
    make_reviewer,
    nine_words,
    play_assignment,
)
from tests.factories import UserFactory
from tests.records.support import client_for

pytestmark = pytest.mark.django_db

ROLES = ("visitor", "student", "other_student", "instructor", "other_instructor", "staff")
LOGIN = "login"


@dataclass
class World:
    classroom: Classroom
    assignment: Assignment
    users: dict[str, User | None]
    classmate: User
    classmate_playing: Game
    classmate_finished: Game


@pytest.fixture
def world() -> World:
    nine_words()
    teacher = make_class_instructor("teacher")
    classroom = make_class(teacher, students=("ada", "bob"))
    assignment = make_assignment(classroom, title="Week 1")
    bob = User.objects.get(username="bob")
    finished = play_assignment(bob, assignment)
    playing = services.assignment_game_start(student=bob, assignment=assignment)
    other_teacher = make_class_instructor("other-teacher")
    other_class = make_class(other_teacher, students=("eve",))
    make_assignment(other_class, title="Elsewhere")
    return World(
        classroom=classroom,
        assignment=assignment,
        users={
            "visitor": None,
            "student": User.objects.get(username="ada"),
            "other_student": User.objects.get(username="eve"),
            "instructor": teacher,
            "other_instructor": other_teacher,
            "staff": make_reviewer(),
        },
        classmate=bob,
        classmate_playing=playing,
        classmate_finished=finished,
    )


def class_url(name: str) -> Any:
    return lambda w: reverse(name, args=[w.classroom.pk])


def assignment_url(name: str) -> Any:
    return lambda w: reverse(name, args=[w.classroom.pk, w.assignment.pk])


# (page, method, url, expected status per role in ROLES order)
MATRIX: list[tuple[str, str, Any, tuple[Any, ...]]] = [
    ("class page", "get", class_url("class_detail"), (LOGIN, 200, 404, 200, 404, 200)),
    (
        "assignment table",
        "get",
        assignment_url("assignment_detail"),
        (LOGIN, 403, 404, 200, 404, 200),
    ),
    (
        "assignment CSV",
        "get",
        assignment_url("assignment_table_csv"),
        (LOGIN, 403, 404, 200, 404, 200),
    ),
    (
        "class leaderboard",
        "get",
        assignment_url("assignment_leaderboard"),
        (LOGIN, 200, 404, 200, 404, 200),
    ),
    (
        "class rating leaderboard",
        "get",
        class_url("class_leaderboard"),
        (LOGIN, 200, 404, 200, 404, 200),
    ),
    ("students' games", "get", class_url("class_games"), (LOGIN, 403, 404, 200, 404, 200)),
    ("games CSV", "get", class_url("class_games_csv"), (LOGIN, 403, 404, 200, 404, 200)),
    ("games JSON lines", "get", class_url("class_games_jsonl"), (LOGIN, 403, 404, 200, 404, 200)),
    ("class statistics", "get", class_url("class_stats"), (LOGIN, 403, 404, 200, 404, 200)),
    ("new assignment", "get", class_url("assignment_new"), (LOGIN, 403, 404, 200, 404, 403)),
    ("edit assignment", "get", assignment_url("assignment_edit"), (LOGIN, 403, 404, 200, 404, 403)),
    ("delete class", "get", class_url("class_delete"), (LOGIN, 403, 404, 200, 404, 403)),
    ("rotate the code", "post", class_url("class_rotate_code"), (LOGIN, 403, 404, 302, 404, 403)),
    (
        "remove a student",
        "post",
        lambda w: reverse("class_remove_student", args=[w.classroom.pk, w.classmate.pk]),
        (LOGIN, 403, 404, 302, 404, 403),
    ),
    (
        "start the assignment",
        "post",
        assignment_url("assignment_start"),
        (LOGIN, 302, 404, 403, 404, 403),
    ),
    ("leave the class", "post", class_url("class_leave"), (LOGIN, 302, 404, 403, 404, 403)),
    (
        "review a classmate's game in progress",
        "get",
        lambda w: reverse("game_review", args=[w.classmate_playing.pk]),
        (LOGIN, 404, 404, 403, 404, 403),
    ),
    (
        "candidates of a classmate's game in progress",
        "get",
        lambda w: reverse("game_review_candidates", args=[w.classmate_playing.pk]) + "?move=0",
        (LOGIN, 404, 404, 403, 404, 403),
    ),
    (
        "candidates of a classmate's finished game",
        "get",
        lambda w: reverse("game_review_candidates", args=[w.classmate_finished.pk]) + "?move=1",
        (LOGIN, 403, 403, 200, 403, 200),
    ),
    (
        "review a classmate's finished game",
        "get",
        lambda w: reverse("game_review", args=[w.classmate_finished.pk]),
        (LOGIN, 200, 200, 200, 200, 200),
    ),
    (
        "every player's games",
        "get",
        lambda w: reverse("instructor_games"),
        (LOGIN, 403, 403, 403, 403, 200),
    ),
]

CASES = [
    pytest.param(method, url, role, expected[index], id=f"{page}-{role}")
    for page, method, url, expected in MATRIX
    for index, role in enumerate(ROLES)
]


@pytest.mark.parametrize(("method", "url", "role", "expected"), CASES)
def test_matrix(world: World, method: str, url: Any, role: str, expected: Any) -> None:
    response = getattr(client_for(world.users[role]), method)(url(world))
    if expected == LOGIN:
        assert response.status_code == 302
        assert response["Location"].startswith(reverse("login"))
    else:
        assert response.status_code == expected
        if expected == 302:
            assert not response["Location"].startswith(reverse("login"))


class TestWhatEachRoleSees:
    def test_a_student_sees_classmates_names_and_finished_results_only(self, world: World) -> None:
        page = client_for(world.users["student"]).get(
            reverse("assignment_leaderboard", args=[world.classroom.pk, world.assignment.pk])
        )
        html = page.content.decode()
        assert [row.username for row in page.context["rows"]] == ["bob"]
        row = page.context["rows"][0]
        assert (row.record.played, row.record.won, row.record.fewest_misses) == (1, 1, 3)
        assert reverse("game_review", args=[world.classmate_finished.pk]) not in html
        assert reverse("game_detail", args=[world.classmate_playing.pk]) not in html
        assert "In progress" not in html

    def test_a_student_class_page_lists_no_classmate(self, world: World) -> None:
        html = (
            client_for(world.users["student"])
            .get(reverse("class_detail", args=[world.classroom.pk]))
            .content.decode()
        )
        assert "bob" not in html
        assert world.classroom.join_code not in html
        assert "Start “Week 1”" in html

    def test_the_instructor_reviews_an_assignment_game_only_once_it_is_over(
        self, world: World
    ) -> None:
        """It counts for the class: its candidates would coach the student (issue 26)."""
        client = client_for(world.users["instructor"])
        response = client.get(reverse("game_review", args=[world.classmate_playing.pk]))
        assert response.status_code == 403
        assert "until it is over" in response.content.decode()
        response = client.get(reverse("game_review", args=[world.classmate_finished.pk]))
        assert response.context["show_candidates"] is True

    def test_the_instructor_no_longer_sees_a_removed_student(self, world: World) -> None:
        services.membership_remove(classroom=world.classroom, student_id=world.classmate.pk)
        client = client_for(world.users["instructor"])
        review = reverse("game_review", args=[world.classmate_playing.pk])
        assert client.get(review).status_code == 404
        games = client.get(reverse("class_games", args=[world.classroom.pk]))
        assert games.context["page"].paginator.count == 0

    def test_staff_see_the_class_read_only(self, world: World) -> None:
        html = (
            client_for(world.users["staff"])
            .get(reverse("class_detail", args=[world.classroom.pk]))
            .content.decode()
        )
        assert "bob" in html
        assert "read only" in html
        assert reverse("class_rotate_code", args=[world.classroom.pk]) not in html
        assert (
            reverse("class_remove_student", args=[world.classroom.pk, world.classmate.pk])
            not in html
        )
        assert reverse("assignment_new", args=[world.classroom.pk]) not in html

    def test_another_instructor_sees_none_of_the_class_in_their_lists(self, world: World) -> None:
        html = (
            client_for(world.users["other_instructor"]).get(reverse("class_list")).content.decode()
        )
        assert world.classroom.name not in html
        assert "Every class on the site" not in html

    def test_staff_list_every_class(self, world: World) -> None:
        html = client_for(world.users["staff"]).get(reverse("class_list")).content.decode()
        assert "Every class on the site" in html
        assert world.classroom.name in html

    def test_a_plain_player_is_offered_no_class_creation(self) -> None:
        html = client_for(UserFactory()).get(reverse("class_list")).content.decode()
        assert reverse("class_new") not in html
        assert "Join the class" in html

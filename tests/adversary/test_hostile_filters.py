"""No query string makes a 500: every filter form, fuzzed.

The instructors' list and its CSV and JSONL exports, a class's games (and their exports),
its statistics, an assignment's table and leaderboard, the leaderboards, the daily
leaderboard, my games and my statistics: each gets the form's own fields (and a few it
does not have) filled with what a hostile or careless visitor sends: dates at the ends
of the calendar and past them, numbers too big for any column, choices not offered,
NUL bytes, very long text. Whatever the answer says, it is not a server error, and an
export streams to its end.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from classes.models import Assignment
from tests.classes.support import make_assignment, make_class, play_assignment
from tests.records.support import client_for, make_instructor

pytestmark = [pytest.mark.django_db, pytest.mark.fuzz]

HOSTILE_VALUES = [
    "",
    " ",
    "0",
    "-1",
    "1",
    "2026-02-30",
    "0001-01-01",
    "9999-12-31",
    "10000-01-01",
    "0000-00-00",
    "1970-01-01T00:00",
    "99999999999999999999999999",
    "-99999999999999999999999999",
    "9223372036854775808",
    "1e309",
    "NaN",
    "inf",
    "nine",
    "yes",
    "on",
    "\x00",
    "%00",
    "' OR 1=1 --",
    "é" * 5000,
    "a" * 100_000,
]
FIELDS = [
    "player",
    "dictionary",
    "length",
    "difficulty",
    "result",
    "ranked",
    "started_from",
    "started_to",
    "page",
    "period",
    "rank",
    "board",  # what "rank" was called: an old link is sent on
    "student",
    "progress",
    "order",
    "assignment",
    "number",
]

queries = st.dictionaries(
    st.sampled_from(FIELDS),
    st.one_of(
        st.sampled_from(HOSTILE_VALUES),
        st.integers(min_value=-(10**30), max_value=10**30).map(str),
        st.dates().map(str),
        st.text(max_size=30),
    ),
    max_size=6,
)


@pytest.fixture
def site() -> dict[str, Any]:
    classroom = make_class(students=("ada",))
    assignment = make_assignment(classroom)
    play_assignment(classroom.memberships.get().student, assignment)
    return {"classroom": classroom, "assignment": assignment, "instructor": make_instructor()}


def pages(site: dict[str, Any]) -> list[tuple[Client, str]]:
    classroom = site["classroom"]
    assignment: Assignment = site["assignment"]
    teacher = client_for(classroom.instructor)
    instructor = client_for(site["instructor"])
    student = client_for(classroom.memberships.get().student)
    ids = [classroom.pk, assignment.pk]
    return [
        (instructor, reverse("instructor_games")),
        (instructor, reverse("instructor_games_csv")),
        (instructor, reverse("instructor_games_jsonl")),
        (teacher, reverse("class_games", args=[classroom.pk])),
        (teacher, reverse("class_games_csv", args=[classroom.pk])),
        (teacher, reverse("class_games_jsonl", args=[classroom.pk])),
        (teacher, reverse("class_stats", args=[classroom.pk])),
        (teacher, reverse("assignment_detail", args=ids)),
        (teacher, reverse("assignment_table_csv", args=ids)),
        (student, reverse("assignment_leaderboard", args=ids)),
        (student, reverse("leaderboard")),
        (student, reverse("leaderboard_points")),
        (student, reverse("class_leaderboard", args=[classroom.pk])),
        (student, reverse("daily_leaderboard_today")),
        (student, reverse("daily_archive")),
        (student, reverse("my_games")),
        (student, reverse("player_stats")),
        (student, reverse("player_profile", args=["ada"])),
    ]


def answer(client: Client, url: str, query: dict[str, str]) -> int:
    response = client.get(url, query)
    if response.streaming:
        b"".join(response.streaming_content)  # an export that fails midway fails here
    return response.status_code


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(query=queries)
@example(query={"started_to": "9999-12-31"})
@example(query={"started_from": "0001-01-01"})
@example(query={"started_from": "9999-12-31", "started_to": "9999-12-31"})
@example(query={"length": "99999999999999999999999999", "page": "9223372036854775808"})
@example(query={"difficulty": "godlike", "result": "maybe", "rank": "x", "period": "eon"})
def test_no_filter_makes_a_server_error(site: dict[str, Any], query: dict[str, str]) -> None:
    for client, url in pages(site):
        status = answer(client, url, query)
        assert status < 500, (url, query)


@pytest.mark.parametrize("day", ["9999-12-31", "0001-01-01"])
def test_a_date_at_the_end_of_the_calendar_is_refused_with_a_message(
    site: dict[str, Any], day: str
) -> None:
    client = client_for(site["instructor"])
    response = client.get(reverse("instructor_games"), {"started_to": day})
    assert response.status_code == 200
    assert "Enter a date between" in response.content.decode()

"""The assignment's table (filters, HTMX, CSV), the class's games and exports, its
statistics and the assignment leaderboard's order."""

from __future__ import annotations

import csv
import datetime as dt
import io
import json

import pytest
from django.contrib.auth.models import User
from django.http import HttpResponse
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from classes import services
from classes.models import Assignment, Classroom
from classes.selectors import assignment_leaderboard, class_statistics, student_records
from games.models import Game, Status
from tests.classes.support import (
    LOSING_LETTERS,
    make_assignment,
    make_class,
    nine_words,
    play_assignment,
)
from tests.factories import FinishedGameFactory, UserFactory
from tests.records.support import client_for

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def classroom() -> Classroom:
    nine_words()
    return make_class(students=("ada", "bob", "cy"))


@pytest.fixture
def assignment(classroom: Classroom) -> Assignment:
    return make_assignment(classroom, title="Week 1", max_misses=4)


@pytest.fixture
def played(classroom: Classroom, assignment: Assignment) -> dict[str, Game]:
    """ada: won twice (3 wrong guesses each), then one in progress; bob: lost once; cy: nothing.
    Plus games that must not count: ada's outside the assignment, an outsider's."""
    ada, bob = User.objects.get(username="ada"), User.objects.get(username="bob")
    games = {
        "ada-won": play_assignment(ada, assignment),
        "ada-won-again": play_assignment(ada, assignment),
        "bob-lost": play_assignment(bob, assignment, letters=LOSING_LETTERS),
        "ada-playing": play_assignment(ada, assignment, letters="z"),
        "ada-elsewhere": FinishedGameFactory(player=ada, misses=0),
        "outsider": FinishedGameFactory(player=UserFactory(username="zed")),
    }
    assert games["bob-lost"].status == Status.LOST
    return games


def table(
    client: Client, assignment: Assignment, headers: dict[str, str] | None = None, **query: str
) -> HttpResponse:
    return client.get(
        reverse("assignment_detail", args=[assignment.classroom_id, assignment.pk]),
        query,
        **(headers or {}),
    )


def rows(response: HttpResponse) -> dict[str, tuple[int, int, int, int | None]]:
    return {
        student.username: (
            student.played,
            student.won,
            student.in_progress,
            student.fewest_misses,
        )
        for student in response.context["page"].object_list
    }


class TestAssignmentTable:
    def test_each_student_with_their_games_of_the_assignment(
        self, classroom: Classroom, assignment: Assignment, played: dict[str, Game]
    ) -> None:
        response = table(client_for(classroom.instructor), assignment)
        assert rows(response) == {
            "ada": (2, 2, 1, 3),
            "bob": (1, 0, 0, None),
            "cy": (0, 0, 0, None),
        }
        by_name = {s.username: s for s in response.context["page"].object_list}
        played["ada-playing"].refresh_from_db()
        assert by_name["ada"].last_played == played["ada-playing"].updated_at
        assert by_name["cy"].last_played is None
        html = response.content.decode()
        assert "not yet" in html
        assert "zed" not in html

    @pytest.mark.parametrize(
        ("query", "expected"),
        [
            ({"student": "A"}, ["ada"]),
            ({"progress": "not_started"}, ["cy"]),
            ({"progress": "started"}, ["ada", "bob"]),
            ({"progress": "won"}, ["ada"]),
            ({"progress": "not_won"}, ["bob", "cy"]),
            ({"order": "wins"}, ["ada", "cy", "bob"]),
            ({"order": "fewest_misses"}, ["ada", "bob", "cy"]),
            ({"order": "last_played"}, ["ada", "bob", "cy"]),
        ],
    )
    def test_filters_and_orders(
        self,
        classroom: Classroom,
        assignment: Assignment,
        played: dict[str, Game],
        query: dict[str, str],
        expected: list[str],
    ) -> None:
        response = table(client_for(classroom.instructor), assignment, **query)
        assert list(rows(response)) == expected

    def test_htmx_gets_the_table_only_and_a_plain_request_the_page(
        self, classroom: Classroom, assignment: Assignment, played: dict[str, Game]
    ) -> None:
        client = client_for(classroom.instructor)
        fragment = table(client, assignment, headers=HTMX, progress="won")
        html = fragment.content.decode()
        assert html.lstrip().startswith('<div id="students-results">')
        assert "<html" not in html
        assert "1 student; page 1 of 1." in html  # the live region, out of band
        assert "HX-Request" in fragment["Vary"]
        page = table(client, assignment, progress="won").content.decode()
        assert "<html" in page
        assert 'id="students-results"' in page

    def test_a_bad_filter_is_named_and_nothing_is_shown(
        self, classroom: Classroom, assignment: Assignment, played: dict[str, Game]
    ) -> None:
        response = table(client_for(classroom.instructor), assignment, progress="soon")
        assert response.context["page"] is None
        assert "Pick a progress from the list." in response.content.decode()
        csv_response = client_for(classroom.instructor).get(
            reverse("assignment_table_csv", args=[classroom.pk, assignment.pk]),
            {"order": "luck"},
        )
        assert csv_response.status_code == 400
        assert "Order by: Pick an order from the list." in csv_response.content.decode()

    def test_the_csv_has_the_rows_the_filters_show(
        self, classroom: Classroom, assignment: Assignment, played: dict[str, Game]
    ) -> None:
        response = client_for(classroom.instructor).get(
            reverse("assignment_table_csv", args=[classroom.pk, assignment.pk]),
            {"progress": "started", "order": "wins"},
        )
        assert response["Content-Type"] == "text/csv; charset=utf-8"
        assert response["Content-Disposition"].startswith(
            f'attachment; filename="evil-hangman-assignment-{assignment.pk}-'
        )
        lines = list(csv.reader(io.StringIO(response.content.decode())))
        assert lines[0] == [
            "student",
            "games_played",
            "games_won",
            "games_in_progress",
            "fewest_wrong_guesses",
            "last_played",
            "games_with_hints",
        ]
        assert [line[6] for line in lines[1:]] == ["0", "0"]
        assert [line[:5] for line in lines[1:]] == [
            ["ada", "2", "2", "1", "3"],
            ["bob", "1", "0", "0", ""],
        ]
        assert dt.datetime.fromisoformat(lines[1][5])

    def test_a_formula_in_a_name_is_neutralised_in_the_csv(
        self, classroom: Classroom, assignment: Assignment
    ) -> None:
        services.classroom_join(student=UserFactory(username="=cmd"), code=classroom.join_code)
        response = client_for(classroom.instructor).get(
            reverse("assignment_table_csv", args=[classroom.pk, assignment.pk])
        )
        assert "'=cmd" in response.content.decode()

    def test_a_removed_student_leaves_the_table(
        self, classroom: Classroom, assignment: Assignment, played: dict[str, Game]
    ) -> None:
        bob = User.objects.get(username="bob")
        services.membership_remove(classroom=classroom, student_id=bob.pk)
        assert list(rows(table(client_for(classroom.instructor), assignment))) == ["ada", "cy"]


class TestLeaderboard:
    def test_order_fewest_misses_then_wins_then_fewer_games(
        self, classroom: Classroom, assignment: Assignment
    ) -> None:
        ada, bob, cy = (User.objects.get(username=name) for name in ("ada", "bob", "cy"))
        play_assignment(bob, assignment, letters=LOSING_LETTERS)
        play_assignment(cy, assignment)
        play_assignment(ada, assignment)
        play_assignment(ada, assignment)
        board = assignment_leaderboard(assignment)
        assert [(row.rank, row.username, row.record.played, row.record.won) for row in board] == [
            (1, "ada", 2, 2),
            (2, "cy", 1, 1),
            (3, "bob", 1, 0),
        ]

    def test_games_in_progress_do_not_appear(
        self, classroom: Classroom, assignment: Assignment
    ) -> None:
        play_assignment(User.objects.get(username="ada"), assignment, letters="z")
        assert assignment_leaderboard(assignment) == []
        page = client_for(User.objects.get(username="bob")).get(
            reverse("assignment_leaderboard", args=[classroom.pk, assignment.pk])
        )
        assert "No game of this assignment has finished yet." in page.content.decode()


class TestClassGames:
    def url(self, classroom: Classroom, name: str = "class_games") -> str:
        return reverse(name, args=[classroom.pk])

    def test_only_the_students_games_with_an_assignment_filter(
        self, classroom: Classroom, assignment: Assignment, played: dict[str, Game]
    ) -> None:
        client = client_for(classroom.instructor)
        every = client.get(self.url(classroom)).context["page"].object_list
        assert {game.pk for game in every} == {
            played[key].pk
            for key in ("ada-won", "ada-won-again", "bob-lost", "ada-playing", "ada-elsewhere")
        }
        for_assignment = client.get(self.url(classroom), {"assignment": assignment.pk})
        assert played["ada-elsewhere"] not in for_assignment.context["page"].object_list
        assert for_assignment.context["page"].paginator.count == 4
        one = client.get(
            self.url(classroom), {"assignment": assignment.pk, "player": "bob", **{}}
        ).context["page"]
        assert [game.pk for game in one.object_list] == [played["bob-lost"].pk]

    def test_an_assignment_of_another_class_is_refused(
        self, classroom: Classroom, played: dict[str, Game]
    ) -> None:
        other = make_assignment(make_class(), title="Elsewhere")
        response = client_for(classroom.instructor).get(
            self.url(classroom), {"assignment": other.pk}
        )
        assert response.context["page"] is None
        assert "That is not an assignment of this class." in response.content.decode()

    def test_htmx_swaps_the_results(
        self, classroom: Classroom, assignment: Assignment, played: dict[str, Game]
    ) -> None:
        html = (
            client_for(classroom.instructor)
            .get(self.url(classroom), {"result": "won"}, **HTMX)
            .content.decode()
        )
        assert html.lstrip().startswith('<div id="games-results">')
        assert "3 games match; page 1 of 1." in html

    def test_exports_hold_the_class_games_only(
        self, classroom: Classroom, assignment: Assignment, played: dict[str, Game]
    ) -> None:
        client = client_for(classroom.instructor)
        query = {"assignment": assignment.pk}
        csv_lines = b"".join(
            client.get(self.url(classroom, "class_games_csv"), query).streaming_content
        ).decode()
        ids = {int(line[0]) for line in list(csv.reader(io.StringIO(csv_lines)))[1:]}
        assert ids == {
            played[key].pk for key in ("ada-won", "ada-won-again", "bob-lost", "ada-playing")
        }
        jsonl = b"".join(
            client.get(self.url(classroom, "class_games_jsonl"), query).streaming_content
        ).decode()
        records = [json.loads(line) for line in jsonl.splitlines()]
        # The game in progress counts for the class: no line (its families) until it is over.
        assert {record["game"] for record in records} == ids - {played["ada-playing"].pk}
        assert {record["player"] for record in records} == {"ada", "bob"}
        bad = client.get(self.url(classroom, "class_games_csv"), {"length": "x"})
        assert bad.status_code == 400


class TestStatistics:
    def test_the_class_figures_per_difficulty(
        self, classroom: Classroom, assignment: Assignment, played: dict[str, Game]
    ) -> None:
        sections = {stats.key: stats for stats in class_statistics(classroom)}
        assert (sections["all"].played, sections["all"].won) == (4, 3)
        assert (sections["hard"].played, sections["hard"].won) == (4, 3)
        assert sections["easy"].played == 0
        bars = {bar.misses: bar.count for bar in sections["all"].distribution}
        assert bars == {0: 1, 1: 0, 2: 0, 3: 2}
        only = {stats.key: stats for stats in class_statistics(classroom, assignment=assignment)}
        assert (only["all"].played, only["all"].won, only["all"].win_percent) == (3, 2, 67)

    def test_the_page_with_its_assignment_filter(
        self, classroom: Classroom, assignment: Assignment, played: dict[str, Game]
    ) -> None:
        client = client_for(classroom.instructor)
        response = client.get(
            reverse("class_stats", args=[classroom.pk]), {"assignment": assignment.pk}
        )
        html = response.content.decode()
        assert "for “Week 1”" in html
        assert [student.username for student in response.context["students"]] == [
            "ada",
            "bob",
            "cy",
        ]
        fragment = client.get(reverse("class_stats", args=[classroom.pk]), **HTMX).content.decode()
        assert fragment.lstrip().startswith('<div id="stats-results">')

    def test_per_student_records_count_every_game_without_an_assignment(
        self, classroom: Classroom, played: dict[str, Game]
    ) -> None:
        ada = next(row for row in student_records(classroom) if row.username == "ada")
        assert (ada.played, ada.won, ada.in_progress, ada.fewest_misses) == (3, 3, 1, 0)

    def test_closed_assignments_still_show_their_results(
        self, classroom: Classroom, assignment: Assignment, played: dict[str, Game]
    ) -> None:
        assignment.due_at = timezone.now() - dt.timedelta(days=1)
        assignment.save()
        response = table(client_for(classroom.instructor), assignment)
        assert rows(response)["ada"] == (2, 2, 1, 3)
        assert "closed" in response.content.decode()

"""Bot assignments: set by the instructor, played by the students' programs with a token
of the assignment, graded in its table; and the cheaters who try to get around them."""

from __future__ import annotations

import csv
import datetime as dt
import io
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import timezone

from api.models import ApiToken, MakerGame
from api.services import api_token_create
from classes.bots import assignment_token_create
from classes.models import Assignment, Classroom, Players
from classes.selectors import class_assignments
from games.models import Game
from tests.api.conftest import ApiClient
from tests.classes.support import enroll, make_assignment, make_class, make_class_instructor
from tests.factories import DictionaryFactory, UserFactory

pytestmark = pytest.mark.django_db

GUESSER = {"dictionary": "nine", "length": 4, "max_misses": 8, "difficulty": "hard"}
MAKER = {"dictionary": "nine", "length": 4, "max_misses": 8}


@pytest.fixture
def classroom(nine: Any) -> Classroom:
    return make_class(students=("ada", "bob"))


def student(name: str) -> User:
    return User.objects.get(username=name)


def bot_assignment(classroom: Classroom, players: str = Players.GUESSER_BOTS, **fields: Any) -> Any:
    fields.setdefault("games_allowed", 3)
    return make_assignment(classroom, players=players, **fields)


def signed_in(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


def token_for(name: str, assignment: Assignment) -> ApiClient:
    _, secret = assignment_token_create(user=student(name), assignment=assignment)
    return ApiClient(secret)


def play_out(api: ApiClient, letters: str = "eotgclzyxwabdfhijk") -> dict[str, Any]:
    game = api.post("/games", GUESSER).json()
    for letter in letters:
        if game["status"] != "playing":
            break
        body = {"letter": letter, "expected_guesses": game["guesses"]}
        game = api.post(f"/games/{game['id']}/guesses", body).json()["game"]
    return game


def assert_refused(response: Any, status: int, code: str) -> None:
    assert response.status_code == status, response.content
    error = response.json()["error"]
    assert error["code"] == code
    assert "No game was started" in error["message"]


# The instructor sets it.


def test_the_instructor_sets_a_bot_assignment(classroom: Classroom) -> None:
    form = {
        "title": "Guessers",
        "players": "guesser_bots",
        "dictionary": classroom.pk and "nine",
        "length": "4",
        "max_misses": "8",
        "difficulty": "hard",
        "games_allowed": "5",
        "due_at": (timezone.localtime() + dt.timedelta(days=3)).strftime("%Y-%m-%dT%H:%M"),
    }
    from dictionaries.models import Dictionary

    form["dictionary"] = str(Dictionary.objects.get(slug="nine").pk)
    teacher = signed_in(classroom.instructor)
    url = f"/classes/{classroom.pk}/assignments/new/"
    page = teacher.post(url, {**form, "games_allowed": ""})
    assert "how many games each student" in page.content.decode()
    assert not Assignment.objects.exists()
    response = teacher.post(url, form)
    assert response.status_code == 302, response.content.decode()[:2000]
    assignment = Assignment.objects.get()
    assert (assignment.players, assignment.games_allowed) == ("guesser_bots", 5)
    assert "guesser bots, 5 games each" in assignment.settings_summary


# Students play it with a token of the assignment, and the table grades them.


def test_a_student_makes_a_token_on_the_assignment_page(classroom: Classroom) -> None:
    assignment = bot_assignment(classroom)
    ada = signed_in(student("ada"))
    page = ada.get(f"/classes/{classroom.pk}/assignments/{assignment.pk}/leaderboard/")
    assert "Make a token for" in page.content.decode()
    made = ada.post(f"/classes/{classroom.pk}/assignments/{assignment.pk}/token/")
    assert made.status_code == 200
    secret = made.content.decode().split('<code id="api-token-secret">')[1].split("<")[0]
    token = ApiToken.objects.get(user=student("ada"))
    assert token.assignment == assignment
    assert ApiClient(secret).post("/games", GUESSER).status_code == 201
    account = ada.get("/accounts/profile/").content.decode()
    assert f"for the assignment “{assignment.title}”" in account
    assert secret not in account


def test_the_table_grades_each_students_bot_beside_the_references(
    classroom: Classroom,
) -> None:
    assignment = bot_assignment(classroom)
    ada = token_for("ada", assignment)
    first, second = play_out(ada), play_out(ada)
    assert first["status"] != "playing"
    assert second["status"] != "playing"
    ada.post("/games", GUESSER)  # in progress: not averaged
    assert class_assignments(classroom).get(pk=assignment.pk).student_games == 3
    ApiClient(api_token_create(user=student("ada"), name="free")[1]).post("/games", GUESSER)
    teacher = signed_in(classroom.instructor)
    base = f"/classes/{classroom.pk}/assignments/{assignment.pk}/"
    page = teacher.get(base).content.decode()
    misses = sorted([first["misses"], second["misses"]])
    assert f'<td class="num">{round(sum(misses) / 2, 2)}</td>' in page
    assert "AI guesser (misses needed)" in page
    rows = list(csv.reader(io.StringIO(teacher.get(base + "table.csv").content.decode())))
    assert rows[0][:4] == ["student", "games_finished", "games_in_progress", "average_misses"]
    by_name = {row[0]: row for row in rows[1:]}
    assert by_name["ada"][1:5] == ["2", "1", str(round(sum(misses) / 2, 2)), str(misses[1])]
    assert by_name["ada"][5]  # last run
    assert by_name["bob"][1:5] == ["0", "0", "", ""]
    # The instructor opens the student's games, and each one in the review.
    games = teacher.get(f"{base}bots/{student('ada').pk}/").content.decode()
    for game in (first, second):
        assert f"/games/{game['id']}/review/" in games
        assert teacher.get(f"/games/{game['id']}/review/").status_code == 200


def test_a_word_maker_assignment_shows_each_answer_and_the_reference_makers(
    classroom: Classroom,
) -> None:
    assignment = bot_assignment(classroom, Players.MAKER_BOTS)
    bob = token_for("bob", assignment)
    game = bob.post("/maker-games", MAKER).json()
    asked = game["asked"]
    bob.post(f"/maker-games/{game['id']}/answers", {"positions": [], "expected_guesses": 0})
    assert_refused(bob.post("/games", GUESSER), 403, "wrong_role")
    teacher = signed_in(classroom.instructor)
    base = f"/classes/{classroom.pk}/assignments/{assignment.pk}/"
    assert "fiendish word-maker (misses forced)" in teacher.get(base).content.decode()
    games = teacher.get(f"{base}bots/{student('bob').pk}/").content.decode()
    assert f"Word-maker game {game['id']}" in games
    assert class_assignments(classroom).get(pk=assignment.pk).student_games == 1
    assert f'<th scope="row">{asked.upper()}</th><td>not in the word</td>' in games


# Cheaters.


def test_a_crafted_start_with_other_settings_is_refused(classroom: Classroom) -> None:
    assignment = bot_assignment(classroom)
    DictionaryFactory(words=["abcd", "efgh", "ijkl"], name="Other", slug="other")
    ada = token_for("ada", assignment)
    for other in (
        {"difficulty": "easy"},
        {"difficulty": "fair"},
        {"max_misses": 26},
        {"length": 3},
        {"dictionary": "other"},
    ):
        response = ada.post("/games", {**GUESSER, **other})
        assert_refused(response, 422, "assignment_settings")
        assert "difficulty hard" in response.json()["error"]["message"]
    assert not Game.objects.exists()


def test_more_games_than_allowed_are_refused_across_tokens(classroom: Classroom) -> None:
    assignment = bot_assignment(classroom, games_allowed=2)
    first, second = token_for("ada", assignment), token_for("ada", assignment)
    first.post("/games", GUESSER)
    second.post("/games", GUESSER)
    assert_refused(first.post("/games", GUESSER), 409, "assignment_games_used")
    assert_refused(second.post("/games", GUESSER), 409, "assignment_games_used")
    assert Game.objects.count() == 2
    # Bob's games are his own count.
    assert token_for("bob", assignment).post("/games", GUESSER).status_code == 201


def test_a_start_after_the_due_date_is_refused(classroom: Classroom) -> None:
    assignment = bot_assignment(classroom)
    ada = token_for("ada", assignment)
    Assignment.objects.filter(pk=assignment.pk).update(due_at=timezone.now())
    assert_refused(ada.post("/games", GUESSER), 403, "assignment_closed")
    with pytest.raises(Exception, match="closed"):
        token_for("ada", Assignment.objects.get(pk=assignment.pk))
    assert not Game.objects.exists()


def test_another_students_token_finds_nothing_of_theirs(classroom: Classroom) -> None:
    assignment = bot_assignment(classroom)
    ada, bob = token_for("ada", assignment), token_for("bob", assignment)
    game = ada.post("/games", GUESSER).json()
    body = {"letter": "e", "expected_guesses": 0}
    assert bob.get(f"/games/{game['id']}").status_code == 404
    assert bob.post(f"/games/{game['id']}/guesses", body).status_code == 404
    assert Game.objects.get(pk=game["id"]).letters == ""
    # An outsider cannot make a token of the class's assignment at all.
    outsider = signed_in(UserFactory(username="mallory"))
    url = f"/classes/{classroom.pk}/assignments/{assignment.pk}/token/"
    assert outsider.post(url).status_code == 404
    assert not ApiToken.objects.filter(user__username="mallory").exists()


def test_a_token_of_a_different_class_never_counts_here(classroom: Classroom) -> None:
    here = bot_assignment(classroom)
    other_class = make_class(make_class_instructor("other-teacher"))
    enroll(other_class, student("ada"))
    there = bot_assignment(other_class, games_allowed=1)
    ada_there = token_for("ada", there)
    assert ada_there.post("/games", GUESSER).status_code == 201
    assert_refused(ada_there.post("/games", GUESSER), 409, "assignment_games_used")
    teacher = signed_in(classroom.instructor)
    rows = teacher.get(f"/classes/{classroom.pk}/assignments/{here.pk}/table.csv")
    ada_row = next(row for row in csv.reader(io.StringIO(rows.content.decode())) if row[0] == "ada")
    assert ada_row[1:3] == ["0", "0"]
    # Nor the class's assignment through another class's URL.
    other = signed_in(other_class.instructor)
    assert other.get(f"/classes/{other_class.pk}/assignments/{here.pk}/").status_code == 404


def test_a_student_out_of_the_class_cannot_start(classroom: Classroom) -> None:
    assignment = bot_assignment(classroom)
    ada = token_for("ada", assignment)
    classroom.memberships.filter(student__username="ada").delete()
    assert_refused(ada.post("/games", GUESSER), 403, "not_in_class")


def test_a_person_cannot_play_the_bot_assignment_from_the_board(classroom: Classroom) -> None:
    assignment = bot_assignment(classroom)
    ada = signed_in(student("ada"))
    ada.post(f"/classes/{classroom.pk}/assignments/{assignment.pk}/start/", {})
    assert not Game.objects.exists()
    game = token_for("ada", assignment).post("/games", GUESSER).json()
    for action, data in (
        ("guess", {"letter": "e", "expected_guesses": "0"}),
        ("hint", {"expected_guesses": "0"}),
    ):
        page = ada.post(f"/games/{game['id']}/{action}/", data, follow=True)
        assert "on the board you can only watch" in page.content.decode(), action
    stored = Game.objects.get(pk=game["id"])
    assert (stored.letters, stored.hints_used) == ("", 0)


def test_a_maker_assignment_refuses_crafted_settings_and_counts_games(
    classroom: Classroom,
) -> None:
    assignment = bot_assignment(classroom, Players.MAKER_BOTS, games_allowed=1)
    bob = token_for("bob", assignment)
    assert_refused(bob.post("/maker-games", {**MAKER, "max_misses": 3}), 422, "assignment_settings")
    assert bob.post("/maker-games", MAKER).status_code == 201
    assert_refused(bob.post("/maker-games", MAKER), 409, "assignment_games_used")
    assert MakerGame.objects.count() == 1

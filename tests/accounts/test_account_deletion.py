"""Delete my account: the password asked, personal data gone, games kept anonymous
(still counted on leaderboards and in class statistics), no way back in."""

from __future__ import annotations

import pytest
from axes.models import AccessAttempt
from django.contrib.auth.models import User
from django.core import mail
from django.http import HttpResponse
from django.test import Client
from django.urls import reverse
from pytest_django.fixtures import Settings

from classes.models import Classroom, Membership
from classes.selectors import assignment_leaderboard, class_statistics
from games.models import Game, PlayerTotal
from records.selectors.leaderboard import LeaderboardFilters, leaderboard_page
from tests.classes.support import (
    LOSING_LETTERS,
    make_assignment,
    make_class,
    nine_words,
    play_assignment,
)
from tests.factories import DEFAULT_PASSWORD, UserFactory
from tests.records.support import client_for

pytestmark = pytest.mark.django_db


@pytest.fixture
def ada() -> User:
    return UserFactory(username="ada", email="ada@example.org", first_name="Ada")


def delete(client: Client, password: str = DEFAULT_PASSWORD) -> HttpResponse:
    return client.post(reverse("delete_account"), {"password": password}, follow=True)


def test_the_page_says_what_goes_and_what_stays(ada: User) -> None:
    html = client_for(ada).get(reverse("delete_account")).content.decode()
    assert "What goes" in html
    assert "What stays, without your name" in html
    assert "still count on the leaderboards and in the statistics of the classes" in html
    assert reverse("profile") in html  # download first


def test_a_wrong_password_deletes_nothing(ada: User) -> None:
    response = delete(client_for(ada), "not-my-password")
    assert "That is not your password; nothing was deleted." in response.content.decode()
    ada.refresh_from_db()
    assert (ada.username, ada.is_active, ada.email) == ("ada", True, "ada@example.org")


def test_deleting_anonymises_and_logs_out(ada: User, settings: Settings) -> None:
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    client, other_device = client_for(ada), client_for(ada)
    AccessAttempt.objects.create(
        username="ada", ip_address="192.0.2.1", user_agent="x", failures_since_start=1
    )
    response = delete(client)
    assert response.redirect_chain[-1][0] == reverse("home")
    assert "Your account is deleted." in response.content.decode()
    account = User.objects.get(pk=ada.pk)
    assert account.username.startswith("deleted-")
    assert (account.email, account.first_name, account.is_active) == ("", "", False)
    assert not account.has_usable_password()
    assert not AccessAttempt.objects.filter(username="ada").exists()
    # Logged out here and on every other device; no way back in.
    for device in (client, other_device):
        assert not device.get(reverse("home")).context["user"].is_authenticated
    login = Client().post(reverse("login"), {"username": "ada", "password": DEFAULT_PASSWORD})
    assert "Please enter a correct username and password" in login.content.decode()
    Client().post(reverse("password_reset"), {"email": "ada@example.org"})
    assert mail.outbox == []
    # The name is free again, for someone else.
    assert UserFactory(username="ada").pk != ada.pk


def test_games_stay_counted_under_the_anonymous_name(ada: User) -> None:
    nine_words()
    classroom = make_class(students=("bob",))
    Membership.objects.create(classroom=classroom, student=ada)
    assignment = make_assignment(classroom, title="Week 1", max_misses=4)
    game = play_assignment(ada, assignment)
    play_assignment(User.objects.get(username="bob"), assignment, letters=LOSING_LETTERS)
    totals_before = PlayerTotal.objects.get(player=ada)
    stats_before = class_statistics(classroom)

    delete(client_for(ada))

    anonymous = User.objects.get(pk=ada.pk).username
    assert Game.objects.get(pk=game.pk).player_id == ada.pk
    totals_after = PlayerTotal.objects.get(player=ada)
    assert (totals_after.points, totals_after.games, totals_after.wins) == (
        totals_before.points,
        totals_before.games,
        totals_before.wins,
    )
    board = leaderboard_page(LeaderboardFilters())
    assert [row.username for row in board.object_list] == [anonymous, "bob"]
    assert class_statistics(classroom) == stats_before
    assert [row.username for row in assignment_leaderboard(assignment)] == [anonymous, "bob"]
    table = client_for(classroom.instructor).get(
        reverse("assignment_detail", args=[classroom.pk, assignment.pk])
    )
    assert anonymous in table.content.decode()
    assert ">ada<" not in table.content.decode()


def test_an_instructor_s_classes_go_and_students_keep_their_games(ada: User) -> None:
    nine_words()
    classroom = make_class(ada, students=("bob",))
    bob = User.objects.get(username="bob")
    game = play_assignment(bob, make_assignment(classroom))
    page = client_for(ada).get(reverse("delete_account")).content.decode()
    assert f"{classroom.name} ({classroom.term})" in page
    delete(client_for(ada))
    assert not Classroom.objects.exists()
    assert Game.objects.get(pk=game.pk).player == bob

"""Creating a class and joining it: good, bad and rotated codes, twice, the join link,
removing a student and leaving."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.http import HttpResponse
from django.test import Client
from django.urls import reverse

from classes import services
from classes.models import JOIN_CODE_ALPHABET, Classroom, Membership
from games.models import Game
from tests.classes.support import make_class, make_class_instructor, make_reviewer
from tests.factories import DEFAULT_PASSWORD, ClassroomFactory, FinishedGameFactory, UserFactory
from tests.games.play_support import postgresql_only, run_at_once
from tests.records.support import client_for

pytestmark = pytest.mark.django_db

PASSWORD = "a-long-student-password-58"


def messages_of(response: HttpResponse) -> list[str]:
    return [str(message) for message in response.context["messages"]]


class TestCreate:
    def test_an_instructor_creates_a_class_with_a_fresh_code(self) -> None:
        teacher = make_class_instructor()
        client = client_for(teacher)
        response = client.post(reverse("class_new"), {"name": "CS 101", "term": "Spring 2026"})
        classroom = Classroom.objects.get()
        assert response["Location"] == reverse("class_detail", args=[classroom.pk])
        assert (classroom.instructor, classroom.name, classroom.term) == (
            teacher,
            "CS 101",
            "Spring 2026",
        )
        assert re.fullmatch(f"[{JOIN_CODE_ALPHABET}]{{8}}", classroom.join_code)
        page = client.get(response["Location"]).content.decode()
        assert classroom.display_code in page
        assert reverse("class_join_link", args=[classroom.join_code]) in page

    def test_a_player_may_not_create_a_class(self) -> None:
        client = client_for(UserFactory())
        assert client.get(reverse("class_new")).status_code == 403
        response = client.post(reverse("class_new"), {"name": "CS 101", "term": "Spring 2026"})
        assert response.status_code == 403
        assert not Classroom.objects.exists()

    def test_the_same_form_sent_twice_creates_one_class(self) -> None:
        client = client_for(make_class_instructor())
        data = {"name": "CS 101", "term": "Spring 2026"}
        first = client.post(reverse("class_new"), data)
        second = client.post(reverse("class_new"), data, follow=True)
        assert Classroom.objects.count() == 1
        assert second.redirect_chain[0][0] == first["Location"]
        assert "You already have a class named “CS 101” for Spring 2026" in " ".join(
            messages_of(second)
        )

    def test_a_name_and_a_term_are_needed(self) -> None:
        response = client_for(make_class_instructor()).post(
            reverse("class_new"), {"name": " ", "term": ""}
        )
        assert response.status_code == 200
        page = response.content.decode()
        assert "Give the class a name" in page
        assert "Say when the class runs" in page
        assert not Classroom.objects.exists()

    def test_an_instructor_may_run_several_classes(self) -> None:
        teacher = make_class_instructor()
        for term in ("Spring 2026", "Fall 2026"):
            services.classroom_create(instructor=teacher, name="CS 101", term=term)
        codes = set(Classroom.objects.values_list("join_code", flat=True))
        assert len(codes) == 2
        page = client_for(teacher).get(reverse("class_list")).content.decode()
        assert page.count("CS 101") == 2

    def test_a_code_already_taken_is_drawn_again(self, monkeypatch: pytest.MonkeyPatch) -> None:
        taken = ClassroomFactory(join_code="ABCDEFGH")
        draws = iter(["ABCDEFGH", "ABCDEFGH", "HGFEDCBA"])
        monkeypatch.setattr(services, "join_code_draw", lambda: next(draws))
        classroom = services.classroom_create(
            instructor=make_class_instructor(), name="CS 101", term="Spring 2026"
        )
        assert classroom.join_code == "HGFEDCBA"
        taken.refresh_from_db()
        assert taken.join_code == "ABCDEFGH"


class TestJoin:
    @pytest.fixture
    def classroom(self) -> Classroom:
        return make_class()

    @pytest.fixture
    def student(self) -> User:
        return UserFactory(username="ada")

    def join(self, student: User, code: str, **extra: Any) -> HttpResponse:
        return client_for(student).post(reverse("class_join"), {"code": code}, **extra)

    def test_joining_with_the_code(self, classroom: Classroom, student: User) -> None:
        response = self.join(student, classroom.join_code)
        assert response["Location"] == reverse("class_detail", args=[classroom.pk])
        assert Membership.objects.filter(classroom=classroom, student=student).exists()

    def test_the_code_is_read_as_people_type_it(self, classroom: Classroom, student: User) -> None:
        typed = f" {classroom.join_code[:4].lower()} - {classroom.join_code[4:].lower()} "
        self.join(student, typed)
        assert Membership.objects.filter(classroom=classroom, student=student).exists()

    @pytest.mark.parametrize(
        ("code", "message"),
        [
            ("ZZZZ-ZZZZ", "No class has that join code."),
            ("ABC", "A join code has 8 letters and digits"),
            ("", "Type the join code your instructor gave you."),
        ],
    )
    def test_a_bad_code_is_refused_with_a_message(
        self, classroom: Classroom, student: User, code: str, message: str
    ) -> None:
        response = self.join(student, code)
        assert response.status_code == 200
        assert message in response.content.decode()
        assert not Membership.objects.exists()

    def test_a_rotated_code_stops_working_and_the_new_one_works(
        self, classroom: Classroom, student: User
    ) -> None:
        already_in = UserFactory(username="bob")
        services.classroom_join(student=already_in, code=classroom.join_code)
        old = classroom.join_code
        response = client_for(classroom.instructor).post(
            reverse("class_rotate_code", args=[classroom.pk]), follow=True
        )
        classroom.refresh_from_db()
        assert classroom.join_code != old
        assert f"The join code is now {classroom.display_code}" in " ".join(messages_of(response))
        refused = self.join(student, old)
        assert "No class has that join code." in refused.content.decode()
        assert not Membership.objects.filter(student=student).exists()
        # The old link says so too.
        page = client_for(student).get(reverse("class_join_link", args=[old])).content.decode()
        assert "This join link does not work (anymore)" in page
        self.join(student, classroom.join_code)
        assert set(classroom.memberships.values_list("student__username", flat=True)) == {
            "ada",
            "bob",
        }

    def test_joining_twice_keeps_one_membership_and_says_so(
        self, classroom: Classroom, student: User
    ) -> None:
        self.join(student, classroom.join_code)
        response = self.join(student, classroom.join_code, follow=True)
        assert Membership.objects.filter(student=student).count() == 1
        assert response.redirect_chain[-1][0] == reverse("class_detail", args=[classroom.pk])
        assert f"You are already in {classroom.name}" in " ".join(messages_of(response))

    def test_the_instructor_cannot_join_their_own_class(self, classroom: Classroom) -> None:
        response = self.join(classroom.instructor, classroom.join_code)
        assert "You teach this class" in response.content.decode()
        assert not Membership.objects.exists()

    def test_a_student_may_be_in_several_classes(self, student: User) -> None:
        first, second = make_class(), make_class(make_class_instructor("other-teacher"))
        self.join(student, first.join_code)
        self.join(student, second.join_code)
        page = client_for(student).get(reverse("class_list")).content.decode()
        assert first.name in page
        assert second.name in page

    def test_the_join_link_names_the_class_and_joins_by_post(
        self, classroom: Classroom, student: User
    ) -> None:
        client = client_for(student)
        link = reverse("class_join_link", args=[classroom.join_code])
        page = client.get(link).content.decode()
        assert f"Join {classroom.name}?" in page
        assert not Membership.objects.exists()  # a GET joins nobody
        client.post(reverse("class_join"), {"code": classroom.join_code})
        assert Membership.objects.filter(student=student).exists()

    def test_a_visitors_join_link_names_the_class_and_offers_sign_up_or_log_in(
        self, classroom: Classroom
    ) -> None:
        link = reverse("class_join_link", args=[classroom.join_code])
        response = Client().get(link)
        page = response.content.decode()
        assert response.status_code == 200
        assert f"Join {classroom.name}?" in page
        assert f'href="{reverse("signup")}?join={classroom.join_code}">Sign up and join' in page
        assert f'href="{reverse("login")}?join={classroom.join_code}">Log in and join' in page
        main = page.split('id="join-title"')[1].split("<footer")[0]
        assert "<form" not in main  # no join button before a login
        signup = Client().get(reverse("signup"), {"join": classroom.join_code}).content.decode()
        assert f"Sign up to join {classroom.name}" in signup
        assert f'name="join" value="{classroom.join_code}"' in signup
        assert not Membership.objects.exists()  # a GET joins nobody

    def test_signing_up_from_the_link_joins_the_class(self, classroom: Classroom) -> None:
        client = Client()
        response = client.post(
            reverse("signup"),
            {
                "username": "newstudent",
                "password1": PASSWORD,
                "password2": PASSWORD,
                "join": classroom.join_code,
            },
            follow=True,
        )
        assert response.redirect_chain[-1][0] == reverse("class_detail", args=[classroom.pk])
        assert f"Welcome to {classroom.name}" in " ".join(messages_of(response))
        assert Membership.objects.filter(
            classroom=classroom, student__username="newstudent"
        ).exists()

    def test_logging_in_from_the_link_joins_the_class(self, classroom: Classroom) -> None:
        UserFactory(username="returning", password=PASSWORD)
        client = Client()
        page = client.get(reverse("login"), {"join": classroom.join_code}).content.decode()
        assert f"Log in to join {classroom.name}" in page
        response = client.post(
            reverse("login"),
            {"username": "returning", "password": PASSWORD, "join": classroom.join_code},
            follow=True,
        )
        assert response.redirect_chain[-1][0] == reverse("class_detail", args=[classroom.pk])
        assert Membership.objects.filter(
            classroom=classroom, student__username="returning"
        ).exists()

    @pytest.mark.parametrize("path", ["signup", "login"])
    def test_a_bad_or_changed_code_joins_nothing_and_says_so(
        self, classroom: Classroom, path: str
    ) -> None:
        old = classroom.join_code
        services.classroom_rotate_code(classroom=classroom)
        UserFactory(username="returning", password=PASSWORD)
        client = Client()
        visitor_page = client.get(reverse("class_join_link", args=[old])).content.decode()
        assert "This join link does not work (anymore)" in visitor_page
        assert "Sign up and join" not in visitor_page
        fields = {"username": "returning", "password": PASSWORD}
        if path == "signup":
            fields = {"username": "newstudent", "password1": PASSWORD, "password2": PASSWORD}
        response = client.post(reverse(path), {**fields, "join": old}, follow=True)
        assert response.redirect_chain[-1][0] == reverse("class_join")
        assert "No class has that join code." in " ".join(messages_of(response))
        assert not Membership.objects.exists()
        # A wrong password with a good code: no one is logged in, no one joins.
        if path == "login":
            refused = Client().post(
                reverse("login"),
                {"username": "returning", "password": "wrong", "join": classroom.join_code},
            )
            assert refused.status_code == 200
            assert not Membership.objects.exists()

    @postgresql_only
    def test_guessing_codes_through_the_log_in_page_is_counted_like_the_join_link(
        self, classroom: Classroom, settings: Any
    ) -> None:
        """The log-in and sign-up pages name the class of a ``?join=`` code: a script that
        guesses codes there is counted per address as at the join link, and past the rate
        the pages name no class, even for the right code; a real link's visit is not
        counted, and a guess posted with a log-in joins nothing."""
        settings.RATE_LIMITS_PER_ADDRESS = {
            **settings.RATE_LIMITS_PER_ADDRESS,
            "class_join": "3/h",
        }
        right = Client().get(reverse("login"), {"join": classroom.join_code}).content.decode()
        assert f"Log in to join {classroom.name}" in right
        for guess in ("AAAA2222", "BBBB3333", "CCCC4444"):
            page = Client().get(reverse("signup"), {"join": guess}).content.decode()
            assert classroom.name not in page
        for view in ("login", "signup"):
            page = Client().get(reverse(view), {"join": classroom.join_code}).content.decode()
            assert classroom.name not in page
        UserFactory(username="grace")
        response = Client().post(
            reverse("login"),
            {"username": "grace", "password": DEFAULT_PASSWORD, "join": classroom.join_code},
        )
        assert response.status_code == 302
        assert not Membership.objects.exists()

    @postgresql_only
    @pytest.mark.django_db(transaction=True)
    def test_two_joins_at_the_same_moment_make_one_membership(self) -> None:
        classroom = make_class()
        student = UserFactory(username="ada")
        results = run_at_once(
            lambda: services.classroom_join(student=student, code=classroom.join_code),
            lambda: services.classroom_join(student=student, code=classroom.join_code),
        )
        assert Membership.objects.filter(student=student).count() == 1
        assert sum(isinstance(result, Membership) for result in results) == 1
        assert sum(isinstance(result, services.AlreadyJoinedError) for result in results) == 1


class TestRemoveAndLeave:
    def test_the_instructor_removes_a_student_whose_games_stay(self) -> None:
        classroom = make_class(students=("ada", "bob"))
        ada = User.objects.get(username="ada")
        game = FinishedGameFactory(player=ada)
        client = client_for(classroom.instructor)
        url = reverse("class_remove_student", args=[classroom.pk, ada.pk])
        response = client.post(url, follow=True)
        assert "ada is no longer in" in " ".join(messages_of(response))
        assert list(classroom.memberships.values_list("student__username", flat=True)) == ["bob"]
        assert Game.objects.filter(pk=game.pk).exists()
        # Removed: the class no longer exists for them, until they join again.
        assert client_for(ada).get(reverse("class_detail", args=[classroom.pk])).status_code == 404
        again = client.post(url, follow=True)  # a double click
        assert "not in this class (anymore)" in " ".join(messages_of(again))

    def test_only_the_instructor_removes(self) -> None:
        classroom = make_class(students=("ada", "bob"))
        bob = User.objects.get(username="bob")
        url = reverse("class_remove_student", args=[classroom.pk, bob.pk])
        assert client_for(User.objects.get(username="ada")).post(url).status_code == 403
        assert client_for(make_reviewer()).post(url).status_code == 403
        assert client_for(make_class_instructor("other")).post(url).status_code == 404
        assert classroom.memberships.count() == 2

    def test_a_student_leaves(self) -> None:
        classroom = make_class(students=("ada",))
        ada = User.objects.get(username="ada")
        response = client_for(ada).post(reverse("class_leave", args=[classroom.pk]), follow=True)
        assert f"You left {classroom.name}" in " ".join(messages_of(response))
        assert not classroom.memberships.exists()

    def test_deleting_a_class_keeps_every_game(self) -> None:
        classroom = make_class(students=("ada",))
        game = FinishedGameFactory(player=User.objects.get(username="ada"))
        client = client_for(classroom.instructor)
        confirm = client.get(reverse("class_delete", args=[classroom.pk])).content.decode()
        assert "Every game stays its player's" in confirm
        client.post(reverse("class_delete", args=[classroom.pk]))
        assert not Classroom.objects.exists()
        assert not Membership.objects.exists()
        assert Game.objects.filter(pk=game.pk).exists()

"""Assignments: setting one, who may start it (only the class's students, only until it
is due), one click from the home page, double clicks and a ranked game in progress."""

from __future__ import annotations

import datetime as dt
import re
import uuid

import pytest
from django.contrib.auth.models import User
from django.http import HttpResponse
from django.urls import reverse
from django.utils import timezone
from pytest_django.fixtures import Settings

from classes import services
from classes.models import Assignment, AssignmentGame, Classroom
from dictionaries.models import Dictionary
from games.models import Difficulty, Game, Par, Status
from tests.classes.support import (
    enroll,
    make_assignment,
    make_class,
    make_class_instructor,
    make_reviewer,
    nine_words,
    play_assignment,
)
from tests.factories import DictionaryFactory, UserFactory
from tests.games.play_support import language_dictionary, postgresql_only, run_at_once, start
from tests.records.support import client_for

pytestmark = pytest.mark.django_db


def messages_of(response: HttpResponse) -> str:
    return " ".join(str(message) for message in response.context["messages"])


@pytest.fixture
def words() -> Dictionary:
    return nine_words()


@pytest.fixture
def classroom(words: Dictionary) -> Classroom:
    return make_class(students=("ada", "bob"))


@pytest.fixture
def ada(classroom: Classroom) -> User:
    return User.objects.get(username="ada")


@pytest.fixture
def assignment(classroom: Classroom, words: Dictionary) -> Assignment:
    return make_assignment(classroom, title="Week 1", dictionary=words, max_misses=6)


def local_input(moment: dt.datetime) -> str:
    return timezone.localtime(moment).strftime("%Y-%m-%dT%H:%M")


class TestSetting:
    def form(self, words: Dictionary, **overrides: str) -> dict[str, str]:
        data = {
            "title": "Week 1",
            "dictionary": str(words.pk),
            "length": "4",
            "max_misses": "6",
            "difficulty": "medium",
            "due_at": local_input(timezone.now() + dt.timedelta(days=3)),
        }
        data.update(overrides)
        return data

    def test_the_instructor_sets_an_assignment(
        self, classroom: Classroom, words: Dictionary
    ) -> None:
        client = client_for(classroom.instructor)
        page = client.get(reverse("assignment_new", args=[classroom.pk])).content.decode()
        assert 'value="Assignment 1"' in page
        response = client.post(reverse("assignment_new", args=[classroom.pk]), self.form(words))
        assignment = Assignment.objects.get()
        assert response["Location"] == reverse(
            "assignment_detail", args=[classroom.pk, assignment.pk]
        )
        assert (assignment.length, assignment.max_misses, assignment.difficulty) == (
            4,
            6,
            "medium",
        )
        assert assignment.settings_summary == (
            "Nine words · 4 letters · Medium · 6 wrong guesses allowed"
        )

    @pytest.mark.parametrize(
        ("overrides", "message"),
        [
            ({"due_at": "2001-01-01T10:00"}, "The due date is in the past"),
            ({"due_at": "soon"}, "Enter the due date and time as YYYY-MM-DD HH:MM."),
            ({"length": "7"}, "Nine words has no words of that length"),
            ({"max_misses": "27"}, "Wrong guesses allowed is a whole number from 1 to 26."),
            ({"difficulty": "brutal"}, "Choose a difficulty"),
            ({"title": ""}, "Give the assignment a title."),
        ],
    )
    def test_bad_settings_are_refused_with_a_message(
        self, classroom: Classroom, words: Dictionary, overrides: dict[str, str], message: str
    ) -> None:
        response = client_for(classroom.instructor).post(
            reverse("assignment_new", args=[classroom.pk]), self.form(words, **overrides)
        )
        assert response.status_code == 200
        assert message in response.content.decode()
        assert not Assignment.objects.exists()

    @pytest.mark.parametrize("difficulty", Difficulty.values)
    def test_every_difficulty_of_the_games_is_offered(
        self, classroom: Classroom, words: Dictionary, difficulty: str
    ) -> None:
        client = client_for(classroom.instructor)
        page = client.get(reverse("assignment_new", args=[classroom.pk])).content.decode()
        assert f'value="{difficulty}"' in page
        client.post(
            reverse("assignment_new", args=[classroom.pk]),
            self.form(words, difficulty=difficulty),
        )
        assignment = Assignment.objects.get()
        assert assignment.difficulty == difficulty
        student = classroom.memberships.first().student
        game = services.assignment_game_start(student=student, assignment=assignment)
        assert game.difficulty == difficulty
        # The games app's rule, not the class's: a fair (honest) game is never ranked.
        assert game.is_ranked == (difficulty != Difficulty.FAIR)

    def test_the_same_form_sent_twice_sets_one_assignment(
        self, classroom: Classroom, words: Dictionary
    ) -> None:
        client = client_for(classroom.instructor)
        data = self.form(words)
        first = client.post(reverse("assignment_new", args=[classroom.pk]), data)
        second = client.post(reverse("assignment_new", args=[classroom.pk]), data, follow=True)
        assert Assignment.objects.count() == 1
        assert second.redirect_chain[0][0] == first["Location"]
        assert "“Week 1” is created; here it is." in messages_of(second)

    def test_a_title_taken_by_other_settings_is_refused(
        self, classroom: Classroom, words: Dictionary
    ) -> None:
        client = client_for(classroom.instructor)
        client.post(reverse("assignment_new", args=[classroom.pk]), self.form(words))
        response = client.post(
            reverse("assignment_new", args=[classroom.pk]), self.form(words, max_misses="3")
        )
        assert "This class already has an assignment named “Week 1”." in (response.content.decode())
        assert Assignment.objects.count() == 1

    def test_without_javascript_the_lengths_follow_the_dictionary(
        self, classroom: Classroom, words: Dictionary
    ) -> None:
        other = DictionaryFactory(words=["cat", "dog", "apple"], name="Other", slug="other")
        response = client_for(classroom.instructor).post(
            reverse("assignment_new", args=[classroom.pk]),
            {**self.form(words, dictionary=str(other.pk)), "refresh_lengths": "1"},
        )
        page = response.content.decode()
        assert "3 letters (2 words" in page
        assert "5 letters (1 word" in page
        assert 'value="Week 1"' in page  # the rest is kept
        assert not Assignment.objects.exists()

    def test_editing_changes_the_title_and_the_due_date_only(
        self, classroom: Classroom, assignment: Assignment
    ) -> None:
        new_due = timezone.now() + dt.timedelta(days=10)
        client_for(classroom.instructor).post(
            reverse("assignment_edit", args=[classroom.pk, assignment.pk]),
            {"title": "Week one", "due_at": local_input(new_due), "max_misses": "1"},
        )
        assignment.refresh_from_db()
        assert assignment.title == "Week one"
        assert local_input(assignment.due_at) == local_input(new_due)
        assert assignment.max_misses == 6

    def test_a_date_in_the_past_closes_it(
        self, classroom: Classroom, assignment: Assignment
    ) -> None:
        response = client_for(classroom.instructor).post(
            reverse("assignment_edit", args=[classroom.pk, assignment.pk]),
            {"title": "Week 1", "due_at": "2001-01-01T10:00"},
            follow=True,
        )
        assert "(closed: no new games)" in messages_of(response)


class TestStart:
    def start_url(self, assignment: Assignment) -> str:
        return reverse("assignment_start", args=[assignment.classroom_id, assignment.pk])

    def test_a_student_starts_the_assignment_in_one_click(
        self, ada: User, assignment: Assignment
    ) -> None:
        response = client_for(ada).post(
            self.start_url(assignment), {"start_token": str(uuid.uuid4())}, follow=True
        )
        game = Game.objects.get(player=ada)
        assert response.redirect_chain[-1][0] == reverse("game_detail", args=[game.pk])
        assert (game.dictionary, game.length, game.max_misses, game.difficulty) == (
            assignment.dictionary,
            4,
            6,
            "hard",
        )
        assert AssignmentGame.objects.get(game=game).assignment == assignment
        assert "“Week 1”: a new ranked game" in messages_of(response)

    def test_only_the_class_students_start_it(self, assignment: Assignment) -> None:
        outsider = UserFactory(username="mallory")
        other_class = make_class(make_class_instructor("other-teacher"))
        other_student = UserFactory(username="eve")
        services.classroom_join(student=other_student, code=other_class.join_code)
        assert client_for(outsider).post(self.start_url(assignment)).status_code == 404
        assert client_for(other_student).post(self.start_url(assignment)).status_code == 404
        assert (
            client_for(assignment.classroom.instructor).post(self.start_url(assignment)).status_code
            == 403
        )
        assert client_for(make_reviewer()).post(self.start_url(assignment)).status_code == 403
        with pytest.raises(services.ClassRuleError, match="Only the students of this class"):
            services.assignment_game_start(student=outsider, assignment=assignment)
        assert not Game.objects.exists()

    def test_a_removed_student_no_longer_starts_it(self, ada: User, assignment: Assignment) -> None:
        services.membership_remove(classroom=assignment.classroom, student_id=ada.pk)
        assert client_for(ada).post(self.start_url(assignment)).status_code == 404
        assert not Game.objects.exists()

    def test_past_its_due_date_it_takes_no_new_game(
        self, ada: User, assignment: Assignment
    ) -> None:
        playing = services.assignment_game_start(student=ada, assignment=assignment, seed=7)
        assignment.due_at = timezone.now() - dt.timedelta(minutes=1)
        assignment.save()
        response = client_for(ada).post(
            self.start_url(assignment), {"start_token": str(uuid.uuid4())}, follow=True
        )
        assert "“Week 1” was due on" in messages_of(response)
        assert "it no longer takes new games" in messages_of(response)
        assert Game.objects.filter(player=ada).count() == 1
        # The game started in time can still be finished.
        for letter in "eotgcl":
            playing = services.game_services.game_guess(
                game_id=playing.pk, player=ada, letter=letter
            ).game
        assert playing.status == Status.WON

    def test_a_double_click_starts_one_game(self, ada: User, assignment: Assignment) -> None:
        client = client_for(ada)
        token = str(uuid.uuid4())
        first = client.post(self.start_url(assignment), {"start_token": token})
        second = client.post(self.start_url(assignment), {"start_token": token})
        assert Game.objects.filter(player=ada).count() == 1
        assert first["Location"] == second["Location"]

    def test_one_game_of_an_assignment_at_a_time(self, ada: User, assignment: Assignment) -> None:
        playing = services.assignment_game_start(student=ada, assignment=assignment)
        response = client_for(ada).post(
            self.start_url(assignment), {"start_token": str(uuid.uuid4())}, follow=True
        )
        assert response.redirect_chain[-1][0] == reverse("game_detail", args=[playing.pk])
        assert f"You are already playing game {playing.pk} of this assignment" in (
            messages_of(response)
        )
        assert Game.objects.filter(player=ada).count() == 1

    def test_once_finished_it_can_be_played_again(self, ada: User, assignment: Assignment) -> None:
        play_assignment(ada, assignment)
        play_assignment(ada, assignment)
        assert AssignmentGame.objects.filter(assignment=assignment).count() == 2

    def test_a_ranked_game_in_progress_is_forfeited_only_when_confirmed(
        self, ada: User, assignment: Assignment, words: Dictionary
    ) -> None:
        elsewhere = start(ada, words)
        client = client_for(ada)
        token = str(uuid.uuid4())
        asked = client.post(self.start_url(assignment), {"start_token": token})
        assert asked.status_code == 200
        page = asked.content.decode()
        assert "Forfeit your game in progress?" in page
        assert f'name="forfeit_game_id" value="{elsewhere.pk}"' in page
        assert Game.objects.filter(player=ada).count() == 1
        confirmed = client.post(
            self.start_url(assignment), {"start_token": token, "forfeit_game_id": elsewhere.pk}
        )
        elsewhere.refresh_from_db()
        assert (elsewhere.status, elsewhere.forfeited) == (Status.LOST, True)
        game = AssignmentGame.objects.get(assignment=assignment).game
        assert confirmed["Location"] == reverse("game_detail", args=[game.pk])

    def test_an_unreadable_form_starts_nothing(self, ada: User, assignment: Assignment) -> None:
        response = client_for(ada).post(
            self.start_url(assignment), {"start_token": "not-a-uuid"}, follow=True
        )
        assert "That start button could not be read; nothing was started." in (
            messages_of(response)
        )
        assert not Game.objects.exists()

    def test_errors_go_back_to_where_the_button_was_never_elsewhere(
        self, ada: User, assignment: Assignment
    ) -> None:
        assignment.due_at = timezone.now() - dt.timedelta(minutes=1)
        assignment.save()
        client = client_for(ada)
        home = client.post(self.start_url(assignment), {"next": "/"})
        assert home["Location"] == "/"
        away = client.post(self.start_url(assignment), {"next": "https://evil.example/"})
        assert away["Location"] == reverse("class_detail", args=[assignment.classroom_id])

    def test_a_get_goes_to_the_class_page(self, ada: User, assignment: Assignment) -> None:
        response = client_for(ada).get(self.start_url(assignment))
        assert response["Location"] == reverse("class_detail", args=[assignment.classroom_id])
        assert not Game.objects.exists()

    @postgresql_only
    @pytest.mark.django_db(transaction=True)
    def test_two_starts_at_the_same_moment_make_one_game(self, settings: Settings) -> None:
        # An unranked bucket: nothing in the games app limits these to one at a time.
        settings.RANKED_MIN_WORDS = 1000
        classroom = make_class(students=("ada",))
        ada = User.objects.get(username="ada")
        assignment = make_assignment(classroom, length=4)
        results = run_at_once(
            lambda: services.assignment_game_start(student=ada, assignment=assignment),
            lambda: services.assignment_game_start(student=ada, assignment=assignment),
        )
        assert Game.objects.filter(player=ada).count() == 1
        assert sum(isinstance(result, Game) for result in results) == 1
        assert (
            sum(isinstance(result, services.AssignmentInProgressError) for result in results) == 1
        )


class TestHomePage:
    def test_a_student_sees_their_open_assignments_and_starts_one(
        self, ada: User, assignment: Assignment, classroom: Classroom
    ) -> None:
        make_assignment(classroom, title="Closed one", due_at=timezone.now() - dt.timedelta(days=1))
        elsewhere = make_class(make_class_instructor("other-teacher"))
        make_assignment(elsewhere, title="Not yours")
        client = client_for(ada)
        page = client.get(reverse("home")).content.decode()
        assert "Your assignments" in page
        assert "Start “Week 1”" in page
        assert "Closed one" not in page
        assert "Not yours" not in page
        token = re.search(r'name="start_token" value="([0-9a-f-]{36})"', page).group(1)
        client.post(self.start_url(assignment), {"start_token": token, "next": "/"})
        game = Game.objects.get(player=ada)
        page = client.get(reverse("home")).content.decode()
        assert f"Continue game {game.pk}" in page
        assert "Start “Week 1”" not in page

    def test_the_record_shows_after_playing(self, ada: User, assignment: Assignment) -> None:
        play_assignment(ada, assignment)
        page = client_for(ada).get(reverse("home")).content.decode()
        assert "you: 1 played, 1 won, best win with 3 wrong guesses" in page

    def test_no_panel_without_assignments(self) -> None:
        page = client_for(UserFactory()).get(reverse("home")).content.decode()
        assert "Your assignments" not in page

    def start_url(self, assignment: Assignment) -> str:
        return reverse("assignment_start", args=[assignment.classroom_id, assignment.pk])


class TestBoard:
    def test_an_assignment_game_names_its_assignment_and_offers_it_again(
        self, ada: User, assignment: Assignment
    ) -> None:
        game = play_assignment(ada, assignment)
        client = client_for(ada)
        html = client.get(reverse("game_detail", args=[game.pk])).content.decode()
        assert "For the assignment <strong>Week 1</strong>" in html
        assert "Play “Week 1” again" in html
        token = re.search(
            r'assignments/\d+/start/".*?name="start_token" value="([0-9a-f-]{36})"', html, re.S
        ).group(1)
        again = client.post(
            reverse("assignment_start", args=[assignment.classroom_id, assignment.pk]),
            {"start_token": token},
        )
        second = Game.objects.filter(player=ada).latest("started_at")
        assert again["Location"] == reverse("game_detail", args=[second.pk])
        assert AssignmentGame.objects.filter(assignment=assignment).count() == 2

    def test_once_due_the_board_no_longer_offers_it(
        self, ada: User, assignment: Assignment
    ) -> None:
        game = play_assignment(ada, assignment)
        assignment.due_at = timezone.now() - dt.timedelta(minutes=1)
        assignment.save()
        html = client_for(ada).get(reverse("game_detail", args=[game.pk])).content.decode()
        assert "For the assignment <strong>Week 1</strong>" in html
        assert "Play “Week 1” again" not in html

    def test_the_winning_guess_answers_with_the_offer_over_htmx(
        self, ada: User, assignment: Assignment
    ) -> None:
        game = play_assignment(ada, assignment, letters="eotgc")
        response = client_for(ada).post(
            reverse("game_guess", args=[game.pk]),
            {"letter": "l", "expected_guesses": "5"},
            HTTP_HX_REQUEST="true",
        )
        assert "You won!" in response.content.decode()
        assert "Play “Week 1” again" in response.content.decode()

    def test_another_game_says_nothing_of_assignments(self, ada: User, words: Dictionary) -> None:
        game = start(ada, words)
        html = client_for(ada).get(reverse("game_detail", args=[game.pk])).content.decode()
        assert "For the assignment" not in html


class TestAssignmentPar:
    """The assignment form shows par for its settings and the new-game form's warning when
    no play can win them: the same template, the same rule (``ParInfo.cannot_win``)."""

    @pytest.fixture
    def classroom(self) -> Classroom:
        dictionary = DictionaryFactory(
            words=["ally", "beta", "cool", "deal"], name="Four", slug="four", is_default=True
        )
        Par.objects.create(
            dictionary=dictionary, length=4, difficulty="hard", misses=3, at_least=3, nodes=100
        )
        return make_class()

    def par_of(self, classroom: Classroom, **settings: object) -> str:
        dictionary = Dictionary.objects.get(slug="four")
        query = {"dictionary": dictionary.slug, "length": 4, "difficulty": "hard", **settings}
        response = client_for(classroom.instructor).get(
            reverse("assignment_par", args=[classroom.pk]), query, headers={"HX-Request": "true"}
        )
        assert response.status_code == 200
        return response.content.decode()

    def test_the_form_shows_par_and_refreshes_it(self, classroom: Classroom) -> None:
        page = client_for(classroom.instructor).get(reverse("assignment_new", args=[classroom.pk]))
        html = page.content.decode()
        assert "<strong>Par 3</strong>" in html
        assert f'hx-get="{reverse("assignment_par", args=[classroom.pk])}"' in html
        assert "no play can win" not in html  # 8 wrong guesses allowed by default
        assert "<strong>Par 3</strong>" in self.par_of(classroom, max_misses=8)

    def test_too_few_wrong_guesses_warn_as_the_new_game_form_does(
        self, classroom: Classroom
    ) -> None:
        warned = self.par_of(classroom, max_misses=3)
        assert "With 3 wrong guesses allowed no play can win this" in warned
        assert "Allow at least 4 to have a chance." in warned
        assert "no play can win" not in self.par_of(classroom, max_misses=4)
        assert "rating" not in warned.lower()  # an assignment's par, not the instructor's odds

    def test_only_the_classs_instructor_asks(self, classroom: Classroom) -> None:
        url = reverse("assignment_par", args=[classroom.pk])
        student = UserFactory(username="student")
        enroll(classroom, student)
        for user in (student, UserFactory(username="stranger")):
            response = client_for(user).get(url, headers={"HX-Request": "true"})
            assert response.status_code in (403, 404)
            assert "Par" not in response.content.decode()


class TestOtherLanguages:
    """Classes and assignments work on a list in any alphabet (issue 30)."""

    def test_a_russian_assignment_is_set_started_and_played_in_cyrillic(
        self, classroom: Classroom, ada: User
    ) -> None:
        russian = language_dictionary(
            "ru", "keep", {w: w for w in ("кот", "кит", "дом", "сон", "лес", "мир")}, "ru-words"
        )
        response = client_for(classroom.instructor).post(
            reverse("assignment_new", args=[classroom.pk]),
            {
                "title": "Неделя 1",
                "dictionary": str(russian.pk),
                "length": "3",
                "max_misses": "6",
                "difficulty": "hard",
                "due_at": local_input(timezone.now() + dt.timedelta(days=3)),
            },
        )
        assert response.status_code == 302, response.content.decode()[:2000]
        assignment = Assignment.objects.get(classroom=classroom, title="Неделя 1")
        assert assignment.dictionary == russian
        client_for(ada).post(
            reverse("assignment_start", args=[classroom.pk, assignment.pk]),
            {"start_token": str(uuid.uuid4())},
        )
        game = AssignmentGame.objects.get(assignment=assignment).game
        board = client_for(ada).get(reverse("game_detail", args=[game.pk])).content.decode()
        assert 'value="й"' in board  # the board's keys are the list's: Cyrillic
        client_for(ada).post(reverse("game_guess", args=[game.pk]), {"letter": "О"})
        game.refresh_from_db()
        assert game.letters == "о"
        client_for(ada).post(reverse("game_guess", args=[game.pk]), {"letter": "q"})
        game.refresh_from_db()
        assert game.letters == "о"  # a Latin letter is refused and changes nothing

"""Every write to classes: create, join, remove, rotate the code, assignments, their games.

Each runs in one transaction and raises ``ClassRuleError`` (a message safe to
show) for anything the rules refuse, having changed nothing. Who may call
which is checked by the views (``classes.views.access``) and again here where
a rule depends on it (only an instructor creates a class; only a student of
the class plays its assignments).
"""

from __future__ import annotations

import datetime as dt
import secrets
import uuid

from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.functional import Promise
from django.utils.translation import gettext

from classes.models import (
    JOIN_CODE_ALPHABET,
    JOIN_CODE_LENGTH,
    Assignment,
    AssignmentGame,
    Classroom,
    Membership,
    Players,
    normalize_join_code,
)
from classes.selectors import assignment_game_in_progress, can_run_classes
from core.guests import GUEST_NOT_ALLOWED, is_guest
from dictionaries.models import Dictionary
from games import services as game_services
from games.models import CountsAs, Game

CODE_ATTEMPTS = 5


class ClassRuleError(Exception):
    """A request the rules refuse; the message is safe to show."""

    def __init__(self, message: str | Promise) -> None:
        message = str(message)  # worded now, in the language of the request that raised it
        super().__init__(message)
        self.message = message


class ClassExistsError(ClassRuleError):
    """The instructor already has a class of that name and term (often: the form sent twice)."""

    def __init__(self, classroom: Classroom) -> None:
        super().__init__(
            gettext("You already have a class named “%(name)s” for %(term)s; here it is.")
            % {"name": classroom.name, "term": classroom.term}
        )
        self.classroom = classroom


class AlreadyJoinedError(ClassRuleError):
    def __init__(self, classroom: Classroom) -> None:
        super().__init__(
            gettext("You are already in %(name)s (%(term)s).")
            % {"name": classroom.name, "term": classroom.term}
        )
        self.classroom = classroom


class AssignmentExistsError(ClassRuleError):
    def __init__(self, assignment: Assignment) -> None:
        super().__init__(
            gettext("This class already has an assignment named “%(title)s”.")
            % {"title": assignment.title}
        )
        self.assignment = assignment


class AssignmentInProgressError(game_services.GameShownError):
    """The student already plays a game of this assignment: one at a time (its board is
    shown, as for any start whose game exists already)."""

    def __init__(self, game: Game) -> None:
        super().__init__(
            gettext(
                "You are already playing game %(game)s of this assignment; here it is. "
                "Finish it (or give it up) to start another."
            )
            % {"game": game.pk},
            game,
        )


def join_code_draw() -> str:
    return "".join(secrets.choice(JOIN_CODE_ALPHABET) for _ in range(JOIN_CODE_LENGTH))


def _save_with_fresh_code(classroom: Classroom) -> None:
    """Save with a new random code; a clash with another class's code draws again."""
    for _ in range(CODE_ATTEMPTS):
        classroom.join_code = join_code_draw()
        try:
            with transaction.atomic():
                classroom.save()
        except IntegrityError:
            if not Classroom.objects.filter(join_code=classroom.join_code).exists():
                raise  # another constraint: the caller says which
            continue
        return
    raise ClassRuleError(gettext("Could not draw a new join code; please try again."))


def classroom_create(*, instructor: AbstractBaseUser, name: str, term: str) -> Classroom:
    if not can_run_classes(instructor):
        raise ClassRuleError(gettext("Only instructors can create classes."))
    name, term = name.strip(), term.strip()
    if not name or not term:
        raise ClassRuleError(gettext("A class needs a name and a term."))
    existing = Classroom.objects.filter(instructor=instructor, name=name, term=term).first()
    if existing is not None:
        raise ClassExistsError(existing)
    classroom = Classroom(instructor=instructor, name=name, term=term)
    try:
        with transaction.atomic():
            _save_with_fresh_code(classroom)
    except IntegrityError:
        # The same form sent twice at once: the other request created it.
        raise ClassExistsError(
            Classroom.objects.get(instructor=instructor, name=name, term=term)
        ) from None
    return classroom


def classroom_rotate_code(*, classroom: Classroom) -> Classroom:
    """A new code; the old one stops working at once (students already in stay in)."""
    with transaction.atomic():
        classroom.code_rotated_at = timezone.now()
        _save_with_fresh_code(classroom)
    return classroom


def classroom_delete(*, classroom: Classroom) -> None:
    """The class, its students list and its assignments go; every game stays its player's."""
    with transaction.atomic():
        classroom.delete()


def classroom_join(*, student: AbstractBaseUser, code: str) -> Membership:
    if is_guest(student):
        raise ClassRuleError(GUEST_NOT_ALLOWED)
    code = normalize_join_code(code)
    if len(code) != JOIN_CODE_LENGTH:
        raise ClassRuleError(
            gettext("A join code has %(count)s letters and digits, like ABCD-2345.")
            % {"count": JOIN_CODE_LENGTH}
        )
    classroom = Classroom.objects.filter(join_code=code).first()
    if classroom is None:
        raise ClassRuleError(
            gettext(
                "No class has that join code. Check it with your instructor: an "
                "instructor can change the code, and then the old one stops working."
            )
        )
    if classroom.instructor_id == student.pk:
        raise ClassRuleError(gettext("You teach this class; your students join it with this code."))
    try:
        with transaction.atomic():
            return Membership.objects.create(classroom=classroom, student=student)
    except IntegrityError:
        raise AlreadyJoinedError(classroom) from None


def membership_remove(*, classroom: Classroom, student_id: int) -> AbstractBaseUser:
    """Take a student out of the class; their games stay theirs. Returns the student."""
    with transaction.atomic():
        membership = (
            Membership.objects.select_for_update()
            .select_related("student")
            .filter(classroom=classroom, student_id=student_id)
            .first()
        )
        if membership is None:
            raise ClassRuleError(gettext("That player is not in this class (anymore)."))
        membership.delete()
        return membership.student


def membership_leave(*, classroom: Classroom, student: AbstractBaseUser) -> None:
    with transaction.atomic():
        deleted, _ = Membership.objects.filter(classroom=classroom, student=student).delete()
    if not deleted:
        raise ClassRuleError(
            gettext("You are not in %(name)s (anymore).") % {"name": classroom.name}
        )


def assignment_create(
    *,
    classroom: Classroom,
    title: str,
    dictionary: Dictionary,
    length: int,
    max_misses: int,
    difficulty: str,
    due_at: dt.datetime,
    players: str = Players.PEOPLE,
    games_allowed: int | None = None,
) -> Assignment:
    """A new assignment; a bot assignment (``players``) needs ``games_allowed``."""
    title = title.strip()
    if players != Players.PEOPLE and not games_allowed:
        raise ClassRuleError(gettext("Say how many games each student's bot plays."))
    if dictionary.is_hidden:  # students could not play it
        raise ClassRuleError(game_services.NOT_OFFERED_MESSAGE)
    if due_at <= timezone.now():
        raise ClassRuleError(gettext("The due date is in the past; choose a later one."))
    existing = Assignment.objects.filter(classroom=classroom, title=title).first()
    if existing is not None:
        raise AssignmentExistsError(existing)
    try:
        with transaction.atomic():
            return Assignment.objects.create(
                classroom=classroom,
                title=title,
                dictionary=dictionary,
                length=length,
                max_misses=max_misses,
                difficulty=difficulty,
                due_at=due_at,
                players=players,
                games_allowed=None if players == Players.PEOPLE else games_allowed,
            )
    except IntegrityError:
        existing = Assignment.objects.filter(classroom=classroom, title=title).first()
        if existing is None:
            raise
        raise AssignmentExistsError(existing) from None


def assignment_update(*, assignment: Assignment, title: str, due_at: dt.datetime) -> Assignment:
    """Only the title and the due date change: games already played keep their meaning."""
    title = title.strip()
    clash = (
        Assignment.objects.filter(classroom_id=assignment.classroom_id, title=title)
        .exclude(pk=assignment.pk)
        .first()
    )
    if clash is not None:
        raise AssignmentExistsError(clash)
    assignment.title, assignment.due_at = title, due_at
    try:
        with transaction.atomic():
            assignment.save(update_fields=["title", "due_at"])
    except IntegrityError:
        raise ClassRuleError(
            gettext("This class already has an assignment named “%(title)s”.") % {"title": title}
        ) from None
    return assignment


def assignment_game_start(
    *,
    student: AbstractBaseUser,
    assignment: Assignment,
    start_token: uuid.UUID | None = None,
    forfeit_game_id: int | None = None,
    seed: int | None = None,
) -> Game:
    """Start a game with the assignment's settings, through ``games.services.game_start``
    (``seed`` as there: random unless given, e.g. by tests that need a known game).

    Its rules all apply (one ranked game at a time, a confirmed forfeit, the
    start token that makes a double click start one game: its errors pass
    through). The student's membership row is locked first, so two starts of
    the same student queue up: one game of an assignment in progress at a time.
    """
    with transaction.atomic():
        membership = (
            Membership.objects.select_for_update()
            .filter(classroom_id=assignment.classroom_id, student=student)
            .first()
        )
        if membership is None:
            raise ClassRuleError(
                gettext("Only the students of this class can play its assignments.")
            )
        if assignment.is_for_bots:
            raise ClassRuleError(
                gettext(
                    "“%(title)s” is played by your program through the API, not on the "
                    "board: make a token for it on the assignment's page and run your bot "
                    "with it."
                )
                % {"title": assignment.title}
            )
        if assignment.due_at <= timezone.now():
            due = timezone.localtime(assignment.due_at)
            raise ClassRuleError(
                gettext("“%(title)s” was due on %(due)s; it no longer takes new games.")
                % {"title": assignment.title, "due": date_format(due, "SHORT_DATETIME_FORMAT")}
            )
        game_services.start_token_check(player=student, start_token=start_token)
        playing = assignment_game_in_progress(student=student, assignment=assignment)
        if playing is not None:
            raise AssignmentInProgressError(playing)
        game = game_services.game_start(
            player=student,
            dictionary=assignment.dictionary,
            length=assignment.length,
            max_misses=assignment.max_misses,
            difficulty=assignment.difficulty,
            forfeit_game_id=forfeit_game_id,
            start_token=start_token,
            seed=seed,
            counts_as=CountsAs.ASSIGNMENT,  # no hint, no undo, secret while it is played
        )
        AssignmentGame.objects.create(game=game, assignment=assignment)
        return game


def classrooms_delete_taught(*, instructor: AbstractBaseUser) -> int:
    """Every class of an instructor whose account is being deleted; the games stay."""
    with transaction.atomic():
        deleted = Classroom.objects.filter(instructor=instructor).count()
        Classroom.objects.filter(instructor=instructor).delete()
    return deleted

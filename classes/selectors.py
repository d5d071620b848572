"""Reads for the class pages: who may see a class, its students' records, its statistics.

Who sees what (the permission matrix ``tests/classes/test_permissions.py`` pins):

- the class's instructor sees and manages everything of the class, and reviews
  every game of its students (``classes.backends``), in progress included;
- a site-wide reviewer (``games.review_all_games``) sees every class, read only;
- a student of the class sees its assignments and, per assignment, a
  leaderboard of classmates' names and finished results, never a game in progress;
- anyone else is told nothing: the class does not exist for them (404).
"""

from __future__ import annotations

import datetime as dt
import enum
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db import connections, router
from django.db.models import (
    Count,
    IntegerField,
    Max,
    Min,
    OuterRef,
    Q,
    QuerySet,
    Subquery,
)
from django.db.models.functions import Coalesce
from django.utils import timezone
from django.utils.translation import gettext

from api.models import MakerGame
from classes.models import (
    RUN_CLASSES_PERMISSION,
    Assignment,
    Classroom,
    Membership,
    normalize_join_code,
)
from games.models import PLAYED_BY_PLAYER, Difficulty, Game, Status
from games.permissions import REVIEW_PERMISSION, can_review_all, granting_sql, holds_permission
from records.selectors.stats import Totals, distribution


class ClassRole(enum.Enum):
    NONE = "none"  # 404: the class does not exist for them
    STUDENT = "student"  # assignments and the leaderboards of classmates' names
    OBSERVER = "observer"  # a site-wide reviewer: sees everything, changes nothing
    INSTRUCTOR = "instructor"  # the class's own instructor: sees and manages everything

    @property
    def sees_records(self) -> bool:
        """The assignment tables, the games of the students, the statistics."""
        return self in {ClassRole.INSTRUCTOR, ClassRole.OBSERVER}


def can_run_classes(user: AbstractBaseUser | AnonymousUser) -> bool:
    return holds_permission(user, RUN_CLASSES_PERMISSION)


@dataclass(frozen=True)
class MenuRoles:
    """What the menu of every page links to beyond what everyone sees."""

    runs_classes: bool = False
    in_a_class: bool = False
    reviews_all_games: bool = False

    @property
    def shows_classes(self) -> bool:
        """Classes in the bar: for an instructor or a student in a class; anyone else
        finds it in the user menu (to join with a code)."""
        return self.runs_classes or self.in_a_class


def menu_roles(user: AbstractBaseUser | AnonymousUser) -> MenuRoles:
    """The menu's roles of ``user`` in one query (each page draws the menu: asked one by
    one, with ``has_perm`` loading every permission, they were four), answered as
    ``can_run_classes``, ``Membership`` and ``can_review_all`` would; none for a visitor."""
    if not user.is_authenticated:
        return MenuRoles()
    runs_sql, runs_params = granting_sql(user, RUN_CLASSES_PERMISSION)
    reviews_sql, reviews_params = granting_sql(user, REVIEW_PERMISSION)
    # In SQL: the ORM's query took longer to compile than to answer (bench/leaderboard.py).
    sql = (
        f"SELECT {runs_sql}, EXISTS (SELECT 1 FROM {Membership._meta.db_table}"
        f" WHERE student_id = %s), {reviews_sql}"
    )
    with connections[router.db_for_read(Membership)].cursor() as cursor:
        cursor.execute(sql, [*runs_params, user.pk, *reviews_params])
        runs, student, reviews = cursor.fetchone()
    permitted = user.is_active
    return MenuRoles(
        runs_classes=permitted and (user.is_superuser or runs),
        in_a_class=student,
        reviews_all_games=permitted and (user.is_superuser or reviews),
    )


def class_role(user: AbstractBaseUser | AnonymousUser, classroom: Classroom) -> ClassRole:
    if not user.is_authenticated:
        return ClassRole.NONE
    if classroom.instructor_id == user.pk:
        return ClassRole.INSTRUCTOR
    if Membership.objects.filter(classroom=classroom, student=user).exists():
        return ClassRole.STUDENT
    if can_review_all(user):
        return ClassRole.OBSERVER
    return ClassRole.NONE


def teaches_player(user: AbstractBaseUser, player_id: int) -> bool:
    """Whether ``player_id`` is a student in one of ``user``'s classes."""
    return Membership.objects.filter(student_id=player_id, classroom__instructor=user).exists()


def _with_counts(classes: QuerySet[Classroom]) -> QuerySet[Classroom]:
    return classes.annotate(
        student_count=Count("memberships", distinct=True),
        assignment_count=Count("assignments", distinct=True),
    )


def classes_taught(user: AbstractBaseUser) -> QuerySet[Classroom]:
    return _with_counts(Classroom.objects.filter(instructor=user))


def classroom_by_join_code(code: str) -> Classroom | None:
    """The class a join code (as typed, or from a join link) names, with its instructor."""
    if not code:
        return None
    return (
        Classroom.objects.select_related("instructor")
        .filter(join_code=normalize_join_code(code))
        .first()
    )


def classes_joined(user: AbstractBaseUser) -> QuerySet[Classroom]:
    return (
        Classroom.objects.filter(memberships__student=user)
        .select_related("instructor")
        .order_by("-memberships__joined_at", "-id")
    )


def every_class() -> QuerySet[Classroom]:
    """For site-wide reviewers: every class, with its instructor."""
    return _with_counts(Classroom.objects.select_related("instructor"))


def class_students(classroom: Classroom) -> QuerySet[Membership]:
    return classroom.memberships.select_related("student").order_by("student__username")


def student_ids(classroom: Classroom) -> QuerySet[Membership]:
    """A subquery of the class's students, for ``player_id__in``."""
    return Membership.objects.filter(classroom=classroom).values("student_id")


def class_games(classroom: Classroom, games: QuerySet[Game] | None = None) -> QuerySet[Game]:
    """``games`` (every game by default) narrowed to the class's current students, and to the
    games they played themselves: a game the computer played for them is not their work."""
    games = Game.objects.all() if games is None else games
    return games.filter(PLAYED_BY_PLAYER, player_id__in=student_ids(classroom))


def _count_of(games: QuerySet, per: str) -> Coalesce:
    """A subquery: how many of ``games`` (filtered on ``per`` = ``OuterRef("pk")``)."""
    counted = games.filter(**{per: OuterRef("pk")}).order_by().values(per).annotate(n=Count("pk"))
    return Coalesce(Subquery(counted.values("n")[:1], output_field=IntegerField()), 0)


def class_assignments(classroom: Classroom) -> QuerySet[Assignment]:
    """The class's assignments with the games played for each: on the board (``links``),
    or by the students' bots with the assignment's tokens (``api``)."""
    return classroom.assignments.select_related("dictionary").annotate(
        student_games=Count("links", distinct=True)
        + _count_of(Game.objects.all(), "api_game__token__assignment")
        + _count_of(MakerGame.objects.all(), "token__assignment")
    )


def is_open(assignment: Assignment, *, now: dt.datetime | None = None) -> bool:
    return assignment.due_at > (now or timezone.now())


@dataclass(frozen=True)
class StudentAssignment:
    """An open assignment as its student sees it on the home page."""

    assignment: Assignment
    game_in_progress: Game | None
    played: int
    won: int
    fewest_misses: int | None


def open_assignments_for(
    student: AbstractBaseUser,
    *,
    classroom: Classroom | None = None,
    now: dt.datetime | None = None,
) -> list[StudentAssignment]:
    """The student's open assignments (of one class when given), due soonest first, with
    their own record in each."""
    assignments = Assignment.objects.filter(
        classroom__memberships__student=student, due_at__gt=now or timezone.now()
    )
    if classroom is not None:
        assignments = assignments.filter(classroom=classroom)
    assignments = list(
        assignments.select_related("classroom", "dictionary").order_by("due_at", "id")
    )
    if not assignments:
        return []
    own = Game.objects.filter(player=student, assignment_link__assignment__in=assignments)
    records = {
        row["assignment_link__assignment"]: row
        for row in own.order_by()
        .values("assignment_link__assignment")
        .annotate(
            played=Count("pk", filter=Q(finished_at__isnull=False)),
            won=Count("pk", filter=Q(status=Status.WON)),
            fewest_misses=Min("misses", filter=Q(status=Status.WON)),
        )
    }
    playing: dict[int, Game] = {}
    for game in own.filter(status=Status.PLAYING).order_by("started_at"):
        playing[game.assignment_link.assignment_id] = game
    empty = {"played": 0, "won": 0, "fewest_misses": None}
    return [
        StudentAssignment(
            assignment=assignment,
            game_in_progress=playing.get(assignment.pk),
            played=records.get(assignment.pk, empty)["played"],
            won=records.get(assignment.pk, empty)["won"],
            fewest_misses=records.get(assignment.pk, empty)["fewest_misses"],
        )
        for assignment in assignments
    ]


def assignment_game_in_progress(
    *, student: AbstractBaseUser, assignment: Assignment
) -> Game | None:
    return (
        Game.objects.filter(
            player=student, status=Status.PLAYING, assignment_link__assignment=assignment
        )
        .order_by("started_at")
        .first()
    )


class Progress(enum.StrEnum):
    """The assignment table's progress filter."""

    NOT_STARTED = "not_started"
    STARTED = "started"
    WON = "won"
    NOT_WON = "not_won"


class RecordOrder(enum.StrEnum):
    NAME = "name"
    WINS = "wins"
    FEWEST_MISSES = "fewest_misses"
    LAST_PLAYED = "last_played"


@dataclass(frozen=True)
class RecordFilters:
    student: str = ""
    progress: str | None = None
    order: str = RecordOrder.NAME


@dataclass(frozen=True)
class StudentRecord:
    """A student's games in a scope (an assignment, or every game): ``played`` counts
    finished games; ``fewest_misses`` is over wins; ``last_played`` is the last move."""

    student_id: int
    username: str
    played: int = 0
    won: int = 0
    in_progress: int = 0
    fewest_misses: int | None = None
    last_played: dt.datetime | None = None
    # Finished games in which a hint was used (before hints were refused in games that count):
    # every table that ranks students shows it next to their results.
    hinted: int = 0


_NEVER = dt.datetime.min.replace(tzinfo=dt.UTC)
_ORDER_KEYS: dict[RecordOrder, Callable[[StudentRecord], tuple]] = {
    RecordOrder.NAME: lambda row: (row.username.casefold(), row.student_id),
    RecordOrder.WINS: lambda row: (-row.won, row.played, row.username.casefold(), row.student_id),
    RecordOrder.FEWEST_MISSES: lambda row: (
        row.fewest_misses is None,
        row.fewest_misses or 0,
        -row.won,
        row.username.casefold(),
        row.student_id,
    ),
    RecordOrder.LAST_PLAYED: lambda row: (
        row.last_played is None,
        -(row.last_played or _NEVER).timestamp(),
        row.username.casefold(),
        row.student_id,
    ),
}
_PROGRESS_TESTS: dict[Progress, Callable[[StudentRecord], bool]] = {
    Progress.NOT_STARTED: lambda row: row.played == 0 and row.in_progress == 0,
    Progress.STARTED: lambda row: row.played > 0 or row.in_progress > 0,
    Progress.WON: lambda row: row.won > 0,
    Progress.NOT_WON: lambda row: row.won == 0,
}


def student_records(
    classroom: Classroom,
    *,
    assignment: Assignment | None = None,
    filters: RecordFilters | None = None,
) -> list[StudentRecord]:
    """One row per current student, with their games of the assignment (when given) or
    every game they played, filtered and ordered.

    Two queries: the students, and their games grouped by player (rooted at the
    assignment's games when there is one, so a student's other games are never
    read). A class is small enough to filter and order its rows here.
    """
    filters = filters or RecordFilters()
    games = class_games(classroom)
    if assignment is not None:
        games = games.filter(assignment_link__assignment=assignment)
    totals = {
        row.pop("player_id"): row
        for row in games.order_by()
        .values("player_id")
        .annotate(
            played=Count("pk", filter=Q(finished_at__isnull=False)),
            won=Count("pk", filter=Q(status=Status.WON)),
            in_progress=Count("pk", filter=Q(status=Status.PLAYING)),
            fewest_misses=Min("misses", filter=Q(status=Status.WON)),
            last_played=Max("updated_at"),
            hinted=Count("pk", filter=Q(hints_used__gt=0, finished_at__isnull=False)),
        )
    }
    rows = [
        StudentRecord(student_id=pk, username=username, **totals.get(pk, {}))
        for pk, username in classroom.memberships.values_list("student_id", "student__username")
    ]
    if filters.student:
        wanted = filters.student.casefold()
        rows = [row for row in rows if wanted in row.username.casefold()]
    if filters.progress:
        rows = [row for row in rows if _PROGRESS_TESTS[Progress(filters.progress)](row)]
    return sorted(rows, key=_ORDER_KEYS[RecordOrder(filters.order)])


@dataclass(frozen=True)
class LeaderboardRow:
    rank: int
    record: StudentRecord

    @property
    def player_id(self) -> int:
        return self.record.student_id

    @property
    def username(self) -> str:
        return self.record.username


def assignment_leaderboard(assignment: Assignment) -> list[LeaderboardRow]:
    """Classmates with a finished game of the assignment: fewest wrong guesses in a win
    first, then more wins, then fewer games. Only finished games are shown (played,
    won, fewest wrong guesses): nothing here tells anyone about a game in progress."""
    finished = [
        row
        for row in student_records(assignment.classroom, assignment=assignment)
        if row.played > 0
    ]
    finished.sort(
        key=lambda row: (
            row.fewest_misses is None,
            row.fewest_misses or 0,
            -row.won,
            row.played,
            row.username.casefold(),
            row.student_id,
        )
    )
    return [LeaderboardRow(rank=index + 1, record=row) for index, row in enumerate(finished)]


def class_statistics(
    classroom: Classroom, *, assignment: Assignment | None = None
) -> tuple[Totals, ...]:
    """Overall, then per difficulty: the finished games of the class's current students
    (of one assignment when given). Two grouped queries, whatever the number of games.
    No streaks: they belong to one player's games in order."""
    games = class_games(classroom).filter(finished_at__isnull=False)
    if assignment is not None:
        games = games.filter(assignment_link__assignment=assignment)
    played: Counter[str] = Counter()
    won: Counter[str] = Counter()
    for row in (
        games.order_by()
        .values("difficulty")
        .annotate(played=Count("pk"), won=Count("pk", filter=Q(status=Status.WON)))
    ):
        played[row["difficulty"]] = row["played"]
        won[row["difficulty"]] = row["won"]
    misses: dict[str, Counter[int]] = {}
    for difficulty, game_misses, count in (
        games.filter(status=Status.WON)
        .order_by()
        .values("difficulty", "misses")
        .annotate(count=Count("pk"))
        .values_list("difficulty", "misses", "count")
    ):
        misses.setdefault(difficulty, Counter())[game_misses] += count
    overall: Counter[int] = Counter()
    for counter in misses.values():
        overall.update(counter)
    sections = [
        Totals(
            key="all",
            label=gettext("All difficulties"),
            played=played.total(),
            won=won.total(),
            distribution=distribution(overall),
        )
    ]
    for value, label in Difficulty.choices:
        sections.append(
            Totals(
                key=value,
                label=label,
                played=played[value],
                won=won[value],
                distribution=distribution(misses.get(value, Counter())),
            )
        )
    return tuple(sections)

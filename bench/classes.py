"""Time the class pages of an instructor whose students play a lot.

Creates a throwaway PostgreSQL database ``evil_cls_<pid>`` on the server named
by DATABASE_URL (default: the local PostgreSQL), migrates it and seeds one
class of students who have played many finished games each, a few of them for
each of the class's assignments (bulk inserts; the leaderboard records are not
needed here). Then it requests each class page through Django's test client
(whole response: middleware, queries, template), as the instructor, and the
home page as a student, and prints the median of each. The database is
dropped afterwards.

    .venv/bin/python bench/classes.py [--students 60] [--games-per-student 1500] [--runs 21]

It also times the assignment table's rows two ways side by side: the
selector (the assignment's games grouped by player) and one query joining
every game of every student to them, with the filter inside the aggregates.

The last line is ``class pages p50 <ms> ms (slowest), home p50 <ms> ms``.

Times only, never a verdict: ``--quick`` (what CI runs) or not, it fails only when a
page does not answer 200 or the seeding breaks.
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.leaderboard import setup_django_for_pages, time_call, time_request
from bench.support import throwaway_database

DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/postgres"
ASSIGNMENTS = 10
GAMES_PER_ASSIGNMENT = 5
BATCH = 5000


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--students", type=int, default=60, help="students in the class")
    parser.add_argument(
        "--games-per-student", type=int, default=1500, help="finished games of each student"
    )
    parser.add_argument("--runs", type=int, default=21, help="timed requests per page (median)")
    parser.add_argument(
        "--quick", action="store_true", help="8 students, 60 games each, 3 runs (for CI)"
    )
    args = parser.parse_args()
    if args.quick:
        args.students, args.games_per_student, args.runs = 8, 60, 3
    if min(args.students, args.runs) < 1 or args.games_per_student < ASSIGNMENTS * 5:
        parser.error(f"--students and --runs at least 1, --games-per-student {ASSIGNMENTS * 5}")
    return args


def seed(*, students: int, games_per_student: int) -> tuple[object, object, object]:
    """The class (its instructor, its first assignment, a student), every game finished."""
    from django.contrib.auth import get_user_model
    from django.utils import timezone

    from classes.models import Assignment, AssignmentGame, Classroom, Membership
    from classes.services import join_code_draw
    from dictionaries.models import Dictionary
    from games.models import CountsAs, Game

    rng = random.Random(12)
    now = timezone.now()
    user_model = get_user_model()
    teacher = user_model.objects.create(username="teacher")
    players = user_model.objects.bulk_create(
        user_model(username=f"student{index:03d}") for index in range(students)
    )
    dictionary = Dictionary.objects.create(name="Bench", slug="bench", word_count=1000)
    classroom = Classroom.objects.create(
        instructor=teacher, name="Bench class", term="Now", join_code=join_code_draw()
    )
    Membership.objects.bulk_create(
        Membership(classroom=classroom, student=player) for player in players
    )
    assignments = Assignment.objects.bulk_create(
        Assignment(
            classroom=classroom,
            title=f"Week {index + 1}",
            dictionary=dictionary,
            length=6,
            max_misses=8,
            difficulty="hard",
            due_at=now + dt.timedelta(days=7),
        )
        for index in range(ASSIGNMENTS)
    )
    rows: list[Game] = []
    links: list[tuple[int, int]] = []  # (row index, assignment)
    for player in players:
        for number in range(games_per_student):
            won = rng.random() < 0.4
            misses = rng.randint(0, 7) if won else 8
            finished = now - dt.timedelta(seconds=rng.uniform(0, 60 * 86_400))
            rows.append(
                Game(
                    player=player,
                    dictionary=dictionary,
                    length=6,
                    max_misses=8,
                    difficulty=rng.choice(("easy", "medium", "hard")),
                    is_ranked=True,
                    counts_as=(
                        CountsAs.ASSIGNMENT
                        if number < ASSIGNMENTS * GAMES_PER_ASSIGNMENT
                        else CountsAs.RANKED
                    ),
                    seed=number,
                    letters="abcdefgh"[: misses + 1],
                    moves=list("abcdefgh"[: misses + 1]),
                    pattern="zzzzzz" if won else "------",
                    misses=misses,
                    status="won" if won else "lost",
                    words_left=1,
                    word="zzzzzz",
                    score=10 if won else 0,
                    finished_at=finished,
                )
            )
            if number < ASSIGNMENTS * GAMES_PER_ASSIGNMENT:
                links.append((len(rows) - 1, assignments[number % ASSIGNMENTS].pk))
    created = Game.objects.bulk_create(rows, batch_size=BATCH)
    AssignmentGame.objects.bulk_create(
        (AssignmentGame(game_id=created[index].pk, assignment_id=pk) for index, pk in links),
        batch_size=BATCH,
    )
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("VACUUM ANALYZE")
    return teacher, assignments[0], players[0]


def joined_records(classroom: object, assignment: object) -> list[object]:
    """The table's rows from one query over every game of every student (the naive way)."""
    from django.contrib.auth import get_user_model
    from django.db.models import Count, Max, Min, Q

    in_scope = Q(games__assignment_link__assignment=assignment)
    return list(
        get_user_model()
        .objects.filter(class_memberships__classroom=classroom)
        .annotate(
            played=Count("games", filter=in_scope & Q(games__finished_at__isnull=False)),
            won=Count("games", filter=in_scope & Q(games__status="won")),
            in_progress=Count("games", filter=in_scope & Q(games__status="playing")),
            fewest_misses=Min("games__misses", filter=in_scope & Q(games__status="won")),
            last_played=Max("games__updated_at", filter=in_scope),
        )
        .order_by("username")
    )


def main() -> None:
    args = parse_args()
    url = os.environ.get("DATABASE_URL") or DEFAULT_DATABASE_URL
    with throwaway_database(
        url,
        prefix="evil_cls",
        refusal="bench/classes.py measures PostgreSQL: set DATABASE_URL=postgres://…",
    ) as bench_url:
        setup_django_for_pages(bench_url)
        from django.db import connection
        from django.test import Client
        from django.urls import reverse

        from games.models import Game

        started = time.perf_counter()
        teacher, assignment, student = seed(
            students=args.students, games_per_student=args.games_per_student
        )
        seeded = time.perf_counter() - started
        with connection.cursor() as cursor:
            cursor.execute("SHOW server_version")
            version = cursor.fetchone()[0]
        print(
            f"database: PostgreSQL {version}; one class of {args.students} students, "
            f"{Game.objects.count():,} finished games ({ASSIGNMENTS} assignments with "
            f"{GAMES_PER_ASSIGNMENT} games per student each), seeded in {seeded:.1f} s "
            f"({os.cpu_count()} CPUs)"
        )
        instructor = Client()
        instructor.force_login(teacher)
        pk, apk = assignment.classroom_id, assignment.pk
        pages = [
            ("assignment table", reverse("assignment_detail", args=[pk, apk])),
            (
                "assignment table, most wins",
                reverse("assignment_detail", args=[pk, apk]) + "?order=wins",
            ),
            ("assignment CSV", reverse("assignment_table_csv", args=[pk, apk])),
            ("assignment leaderboard", reverse("assignment_leaderboard", args=[pk, apk])),
            ("class statistics, every game", reverse("class_stats", args=[pk])),
            (
                "class statistics, one assignment",
                reverse("class_stats", args=[pk]) + f"?assignment={apk}",
            ),
            ("students' games, page 1", reverse("class_games", args=[pk])),
            (
                "students' games, one assignment",
                reverse("class_games", args=[pk]) + f"?assignment={apk}",
            ),
            ("class page", reverse("class_detail", args=[pk])),
        ]
        print(f"{'page':<36} {'p50 ms':>8} {'p90 ms':>8}")
        slowest = 0.0
        for label, page_url in pages:
            timings = sorted(time_request(instructor, page_url, args.runs)[0])
            median = statistics.median(timings)
            slowest = max(slowest, median)
            print(f"{label:<36} {median:8.1f} {timings[int(0.9 * (len(timings) - 1))]:8.1f}")
        from classes.selectors import student_records

        classroom = assignment.classroom
        grouped = time_call(lambda: student_records(classroom, assignment=assignment), args.runs)
        joined = time_call(lambda: joined_records(classroom, assignment), args.runs)
        print(
            f"assignment table rows: grouped from its games {grouped:.1f} ms, joined over "
            f"every game {joined:.1f} ms (x{joined / grouped:.1f})"
        )
        pupil = Client()
        pupil.force_login(student)
        home = statistics.median(time_request(pupil, reverse("home"), args.runs)[0])
        print(f"{'home page of a student':<36} {home:8.1f}")
        print(f"class pages p50 {slowest:.1f} ms (slowest), home p50 {home:.1f} ms")


if __name__ == "__main__":
    from support import run_bench  # bench/ is on the path of a script run from it

    run_bench(main, __file__)

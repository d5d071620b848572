"""Create the demo accounts and the demo class a fresh install needs to be tried at once.

``make run`` calls this after migrating and loading the default dictionary.
It is idempotent and never resets a password: once someone changes the demo
passwords, they stay changed.

- ``demo`` / ``evil-hangman-demo``: a player, enrolled in the demo class;
- ``teacher`` / ``evil-hangman-teacher``: an instructor (may run classes, sees
  only the games of their own students) with one class and one open assignment;
- ``admin`` / ``evil-hangman-admin``: a superuser, for the admin site.

Change or delete them on any server that others can reach. With DEBUG off it refuses
unless given ``--allow-published-passwords``, and ``check --deploy`` errors while an
active account still has one of these passwords (core/checks.py).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser, Permission
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import transaction
from django.utils import timezone

from classes import services as class_services
from classes.models import Assignment, Classroom, Membership
from classes.selectors import is_open
from dictionaries.selectors import word_lengths
from games.forms import DEFAULT_WRONG_GUESSES
from games.models import Difficulty
from games.selectors.board import default_dictionary, preferred_length

DEMO_CLASS_NAME = "Evil Hangman 101"
DEMO_CLASS_TERM = "Demo term"
DEMO_ASSIGNMENT = "Warm-up"
DEMO_ASSIGNMENT_DAYS = 30


@dataclass(frozen=True)
class DemoAccount:
    username: str
    password: str
    role: str  # "player", "instructor" or "superuser"

    @property
    def is_superuser(self) -> bool:
        return self.role == "superuser"


DEMO_ACCOUNTS = (
    DemoAccount(username="demo", password="evil-hangman-demo", role="player"),
    DemoAccount(username="teacher", password="evil-hangman-teacher", role="instructor"),
    DemoAccount(username="admin", password="evil-hangman-admin", role="superuser"),
)


class Command(BaseCommand):
    help = (
        "Create the demo player, the demo instructor with a class and an assignment, and the "
        "admin superuser, where they do not exist yet."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--allow-published-passwords",
            action="store_true",
            help="Create them even with DEBUG off (their passwords are in the README).",
        )

    def handle(self, *args: object, **options: object) -> None:
        if not settings.DEBUG and not options["allow_published_passwords"]:
            raise CommandError(
                "DEBUG is off: this looks like a production server, and the demo accounts' "
                "passwords (a superuser's too) are published in the README. Nothing was "
                "created. Pass --allow-published-passwords to create them anyway."
            )
        users = {account.role: self._ensure_account(account) for account in DEMO_ACCOUNTS}
        self._ensure_demo_class(teacher=users["instructor"], student=users["player"])

    def _ensure_account(self, account: DemoAccount) -> AbstractBaseUser:
        user_model = get_user_model()
        with transaction.atomic():
            user, created = user_model.objects.get_or_create(
                **{user_model.USERNAME_FIELD: account.username},
                defaults={
                    "is_staff": account.is_superuser,
                    "is_superuser": account.is_superuser,
                },
            )
            if created:
                user.set_password(account.password)
                user.save(update_fields=["password"])
                if account.role == "instructor":
                    user.user_permissions.add(
                        Permission.objects.get(
                            content_type__app_label="classes", codename="run_classes"
                        )
                    )
        if created:
            self.stdout.write(
                self.style.SUCCESS(
                    f"Created {account.role} {account.username!r} "
                    f"(password {account.password!r}; change it on a public server)."
                )
            )
        else:
            self.stdout.write(
                f"{account.role.capitalize()} {account.username!r} exists; left as is."
            )
        return user_model.objects.get(pk=user.pk)  # fresh: no permission cache

    def _ensure_demo_class(self, *, teacher: AbstractBaseUser, student: AbstractBaseUser) -> None:
        classroom = Classroom.objects.filter(
            instructor=teacher, name=DEMO_CLASS_NAME, term=DEMO_CLASS_TERM
        ).first()
        if classroom is None:
            if not teacher.is_active or not teacher.has_perm("classes.run_classes"):
                self.stdout.write(f"{teacher.get_username()!r} may not run classes; no demo class.")
                return
            classroom = class_services.classroom_create(
                instructor=teacher, name=DEMO_CLASS_NAME, term=DEMO_CLASS_TERM
            )
            self.stdout.write(
                self.style.SUCCESS(
                    f"Created class {DEMO_CLASS_NAME!r} of {teacher.get_username()!r} "
                    f"(join code {classroom.display_code})."
                )
            )
        if (
            student.is_active
            and not Membership.objects.filter(classroom=classroom, student=student).exists()
        ):
            class_services.classroom_join(student=student, code=classroom.join_code)
            self.stdout.write(
                self.style.SUCCESS(f"Enrolled {student.get_username()!r} in {DEMO_CLASS_NAME!r}.")
            )
        self._ensure_open_assignment(classroom)

    def _ensure_open_assignment(self, classroom: Classroom) -> None:
        """One open assignment: a newcomer sees it on the demo player's home page."""
        assignments = list(classroom.assignments.all())
        if any(is_open(assignment) for assignment in assignments):
            self.stdout.write(f"{DEMO_CLASS_NAME!r} has an open assignment; left as is.")
            return
        due_at = timezone.now() + dt.timedelta(days=DEMO_ASSIGNMENT_DAYS)
        warm_up = next((item for item in assignments if item.title == DEMO_ASSIGNMENT), None)
        if warm_up is not None:
            class_services.assignment_update(assignment=warm_up, title=warm_up.title, due_at=due_at)
            self.stdout.write(
                self.style.SUCCESS(f"Reopened {DEMO_ASSIGNMENT!r} until {due_at:%Y-%m-%d}.")
            )
            return
        assignment = self._create_assignment(classroom, due_at=due_at)
        if assignment is None:
            self.stdout.write(
                "No dictionary yet, so no demo assignment: run "
                "`manage.py import_dictionary --default`, then this command again."
            )
            return
        self.stdout.write(
            self.style.SUCCESS(
                f"Created assignment {assignment.title!r}: {assignment.settings_summary}."
            )
        )

    def _create_assignment(self, classroom: Classroom, *, due_at: dt.datetime) -> Assignment | None:
        dictionary = default_dictionary()
        if dictionary is None:
            return None
        length = preferred_length(word_lengths(dictionary_id=dictionary.pk))
        if length is None:
            return None
        return class_services.assignment_create(
            classroom=classroom,
            title=DEMO_ASSIGNMENT,
            dictionary=dictionary,
            length=length,
            max_misses=DEFAULT_WRONG_GUESSES,
            difficulty=Difficulty.MEDIUM,
            due_at=due_at,
        )

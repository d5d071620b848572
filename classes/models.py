"""Classes: an instructor's class, its students, its assignments and the games played for them.

The games app knows nothing of classes: a game played for an assignment is
linked from here (``AssignmentGame``, one row per game), so a class never
changes how a game is stored, scored or ranked.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from core.names import no_bidi_controls
from dictionaries.models import Dictionary
from games.models import Difficulty, Game, GameSettingsFields

JOIN_CODE_LENGTH = 8
# No 0/O, 1/I/L: a code read aloud or copied from a projector is typed right.
JOIN_CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"


def normalize_join_code(raw: str) -> str:
    """What a student typed, as stored: capitals, without spaces or the dash."""
    return "".join(char for char in raw.upper() if char.isalnum())


RUN_CLASSES_PERMISSION = "classes.run_classes"


def difficulty_choices() -> list[tuple[str, str]]:
    """The games app's difficulties, read when asked. Only classes/migrations/0001 names it;
    the field is now ``games.models.GameSettingsFields``' (its check constraint names the
    difficulties, so a new one needs a migration here anyway)."""
    return list(Difficulty.choices)


class Classroom(models.Model):
    """A class an instructor runs; students join it with its code."""

    instructor = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="classes_taught"
    )
    name = models.CharField(max_length=100, validators=[no_bidi_controls])
    term = models.CharField(
        max_length=60,
        help_text="When it runs, e.g. “Spring 2026”.",
        validators=[no_bidi_controls],
    )
    join_code = models.CharField(
        max_length=JOIN_CODE_LENGTH,
        unique=True,
        help_text="Students join with it; rotating it stops the old one from working.",
    )
    code_rotated_at = models.DateTimeField(auto_now_add=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = "class"
        verbose_name_plural = "classes"
        ordering = ["-created_at", "-id"]
        permissions = [("run_classes", "Can create and run classes")]
        constraints = [
            # The same form sent twice creates one class.
            models.UniqueConstraint(
                fields=["instructor", "name", "term"], name="classroom_unique_name_term"
            ),
            models.CheckConstraint(
                condition=models.Q(
                    join_code__regex=rf"^[{JOIN_CODE_ALPHABET}]{{{JOIN_CODE_LENGTH}}}$"
                ),
                name="classroom_join_code_format",
            ),
            models.CheckConstraint(condition=~models.Q(name=""), name="classroom_name_not_empty"),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.term})"

    @property
    def display_code(self) -> str:
        """The code in two groups of four, as it is shown and read aloud."""
        half = JOIN_CODE_LENGTH // 2
        return f"{self.join_code[:half]}-{self.join_code[half:]}"


class Membership(models.Model):
    """A student in a class. Removing a student deletes the row; their games stay theirs."""

    classroom = models.ForeignKey(Classroom, on_delete=models.CASCADE, related_name="memberships")
    student = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="class_memberships"
    )
    joined_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["classroom", "student__username"]
        constraints = [
            models.UniqueConstraint(fields=["classroom", "student"], name="membership_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.student_id} in {self.classroom_id}"


class Players(models.TextChoices):
    """Who plays an assignment: the students themselves on the board, or their programs
    through the API (``api``), as guessers or as word-makers."""

    PEOPLE = "people", _("Students, on the board")
    GUESSER_BOTS = "guesser_bots", _("Students' guesser bots, through the API")
    MAKER_BOTS = "maker_bots", _("Students' word-maker bots, through the API")


class Assignment(GameSettingsFields):
    """Game settings every student of the class plays with, until the due date.

    A bot assignment (``players`` not ``PEOPLE``) has the same settings (a word-maker
    bot's game ignores the difficulty: the site's AI guesser plays it) and a number of
    games each student's program may play for it.
    """

    classroom = models.ForeignKey(Classroom, on_delete=models.CASCADE, related_name="assignments")
    title = models.CharField(max_length=100, validators=[no_bidi_controls])
    dictionary = models.ForeignKey(Dictionary, on_delete=models.PROTECT, related_name="+")
    due_at = models.DateTimeField("due")
    players = models.CharField(max_length=12, choices=Players.choices, default=Players.PEOPLE)
    games_allowed = models.PositiveSmallIntegerField(
        "games per student",
        null=True,
        blank=True,
        help_text="Bot assignments: how many games each student's program may play for it.",
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta(GameSettingsFields.Meta):
        ordering = ["due_at", "id"]
        constraints = [
            *GameSettingsFields.Meta.constraints,
            models.UniqueConstraint(fields=["classroom", "title"], name="assignment_unique_title"),
            models.CheckConstraint(
                condition=~models.Q(title=""), name="assignment_title_not_empty"
            ),
            models.CheckConstraint(
                condition=models.Q(players__in=Players.values), name="assignment_players_valid"
            ),
            models.CheckConstraint(
                condition=models.Q(players=Players.PEOPLE, games_allowed__isnull=True)
                | (~models.Q(players=Players.PEOPLE) & models.Q(games_allowed__gte=1)),
                name="assignment_bots_have_games_allowed",
            ),
        ]
        indexes = [models.Index(fields=["classroom", "due_at"], name="assignment_class_due")]

    def __str__(self) -> str:
        return f"{self.title} ({self.classroom})"

    @property
    def is_for_bots(self) -> bool:
        return self.players != Players.PEOPLE

    @property
    def settings_summary(self) -> str:
        misses = ngettext(
            "%(count)s wrong guess allowed", "%(count)s wrong guesses allowed", self.max_misses
        ) % {"count": self.max_misses}
        letters = ngettext("%(count)s letter", "%(count)s letters", self.length) % {
            "count": self.length
        }
        parts = [self.dictionary.display_name, letters]
        if self.players == Players.MAKER_BOTS:
            bots = ngettext(
                "word-maker bots, %(count)s game each",
                "word-maker bots, %(count)s games each",
                self.games_allowed or 0,
            )
            return " · ".join([*parts, misses, bots % {"count": self.games_allowed}])
        parts += [str(self.get_difficulty_display()), misses]
        if self.players == Players.GUESSER_BOTS:
            bots = ngettext(
                "guesser bots, %(count)s game each",
                "guesser bots, %(count)s games each",
                self.games_allowed or 0,
            )
            parts.append(bots % {"count": self.games_allowed})
        return " · ".join(parts)


class AssignmentGame(models.Model):
    """A game started from an assignment: the link lives here, the game stays a game."""

    game = models.OneToOneField(
        Game, on_delete=models.CASCADE, primary_key=True, related_name="assignment_link"
    )
    assignment = models.ForeignKey(Assignment, on_delete=models.CASCADE, related_name="links")

    class Meta:
        indexes = [models.Index(fields=["assignment", "game"], name="assignmentgame_assignment")]

    def __str__(self) -> str:
        return f"game {self.game_id} for assignment {self.assignment_id}"

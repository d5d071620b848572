"""Forms of the class pages: a class, joining, an assignment, and the GET filters."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django import forms
from django.utils import timezone

from classes.models import JOIN_CODE_LENGTH, Assignment, Classroom, Players
from classes.selectors import Progress, RecordFilters, RecordOrder
from games.forms import NewGameForm
from records.filters import GameFilterForm, PageForm

DEFAULT_DAYS_TO_DUE = 7
MAX_BOT_GAMES = 1000
DATETIME_LOCAL = "%Y-%m-%dT%H:%M"


class ClassroomForm(forms.Form):
    name = forms.CharField(
        max_length=100,
        error_messages={"required": "Give the class a name, e.g. “CS 101, section 2”."},
    )
    term = forms.CharField(
        max_length=60,
        help_text="When it runs, e.g. “Spring 2026”. Your classes can share a name, not a term.",
        error_messages={"required": "Say when the class runs, e.g. “Spring 2026”."},
    )


class JoinForm(forms.Form):
    code = forms.CharField(
        label="Join code",
        max_length=32,
        help_text=f"{JOIN_CODE_LENGTH} letters and digits from your instructor, like ABCD-2345.",
        error_messages={"required": "Type the join code your instructor gave you."},
        widget=forms.TextInput(
            attrs={"autocomplete": "off", "autocapitalize": "characters", "spellcheck": "false"}
        ),
    )


def default_due_at() -> dt.datetime:
    """A week from today, at 23:59 site time."""
    day = timezone.localdate() + dt.timedelta(days=DEFAULT_DAYS_TO_DUE)
    return timezone.make_aware(dt.datetime.combine(day, dt.time(23, 59)))


class _DueField(forms.DateTimeField):
    widget = forms.DateTimeInput(attrs={"type": "datetime-local"}, format=DATETIME_LOCAL)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(
            label="Due",
            input_formats=[DATETIME_LOCAL, "%Y-%m-%d %H:%M", "%Y-%m-%d %H:%M:%S"],
            help_text=f"Site time ({timezone.get_current_timezone_name()}). "
            "After it, students can finish the games they started but not start new ones.",
            error_messages={
                "required": "Choose when the assignment is due.",
                "invalid": "Enter the due date and time as YYYY-MM-DD HH:MM.",
            },
            **kwargs,
        )


class AssignmentForm(NewGameForm):
    """The new-game settings (the same lengths per dictionary, the same checks), a title
    and a due date. A game of an assignment is ranked by the usual rule."""

    title = forms.CharField(
        max_length=100, error_messages={"required": "Give the assignment a title."}
    )
    due_at = _DueField()
    players = forms.ChoiceField(
        label="Who plays",
        choices=Players.choices,
        initial=Players.PEOPLE,
        required=False,
        help_text="Bots: each student runs a program with a token made for this assignment "
        "(a word-maker bot's games ignore the difficulty: the site's AI guesser plays them).",
        error_messages={"invalid_choice": "Pick who plays from the list."},
    )
    games_allowed = forms.IntegerField(
        label="Games per student (bots)",
        required=False,
        min_value=1,
        max_value=MAX_BOT_GAMES,
        help_text="How many games each student's program may play for the assignment.",
        error_messages={
            "min_value": "A bot plays at least 1 game.",
            "max_value": f"A bot plays at most {MAX_BOT_GAMES} games.",
            "invalid": "Give the games as a whole number.",
        },
    )
    show_word_count = None
    forfeit_game_id = None
    start_token = None
    field_order = [
        "title",
        "players",
        "dictionary",
        "length",
        "max_misses",
        "difficulty",
        "games_allowed",
        "due_at",
    ]

    def clean_due_at(self) -> dt.datetime:
        due_at: dt.datetime = self.cleaned_data["due_at"]
        if due_at <= timezone.now():
            raise forms.ValidationError("The due date is in the past; choose a later one.")
        return due_at

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        players = cleaned.get("players") or Players.PEOPLE
        if "players" not in self.errors:
            cleaned["players"] = players
        if players == Players.PEOPLE:
            cleaned["games_allowed"] = None
        elif players and not cleaned.get("games_allowed") and "games_allowed" not in self.errors:
            self.add_error("games_allowed", "Say how many games each student's bot plays.")
        return cleaned


class AssignmentEditForm(forms.Form):
    """Title and due date only: changing the settings would mix games of two kinds."""

    title = forms.CharField(
        max_length=100, error_messages={"required": "Give the assignment a title."}
    )
    due_at = _DueField()


class RecordFilterForm(PageForm):
    """The assignment table's filters, read from the query string."""

    student = forms.CharField(label="Student name contains", required=False, max_length=150)
    progress = forms.ChoiceField(
        choices=[
            ("", "Any progress"),
            (Progress.NOT_STARTED, "Not started"),
            (Progress.STARTED, "Started"),
            (Progress.WON, "Won at least once"),
            (Progress.NOT_WON, "Not won yet"),
        ],
        required=False,
        error_messages={"invalid_choice": "Pick a progress from the list."},
    )
    order = forms.ChoiceField(
        label="Order by",
        choices=[
            (RecordOrder.NAME, "Name"),
            (RecordOrder.WINS, "Most wins"),
            (RecordOrder.FEWEST_MISSES, "Fewest wrong guesses"),
            (RecordOrder.LAST_PLAYED, "Last played"),
        ],
        required=False,
        error_messages={"invalid_choice": "Pick an order from the list."},
    )

    def filters(self) -> RecordFilters:
        data = self.cleaned_data
        return RecordFilters(
            student=data["student"].strip(),
            progress=data["progress"] or None,
            order=data["order"] or RecordOrder.NAME,
        )


def _assignment_field(empty_label: str) -> forms.ModelChoiceField:
    return forms.ModelChoiceField(
        queryset=Assignment.objects.none(),
        required=False,
        empty_label=empty_label,
        error_messages={"invalid_choice": "That is not an assignment of this class."},
    )


def _offer_assignments(form: forms.Form, classroom: Classroom) -> None:
    field: forms.ModelChoiceField = form.fields["assignment"]  # type: ignore[assignment]
    field.queryset = classroom.assignments.order_by("due_at", "id")


class ClassGameFilterForm(GameFilterForm):
    """The instructors' filters, plus the class's assignments."""

    assignment = _assignment_field("Any game, for an assignment or not")
    field_order = ["assignment", *GameFilterForm.field_order]

    def __init__(self, *args: Any, classroom: Classroom, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        _offer_assignments(self, classroom)


class ClassStatisticsForm(forms.Form):
    assignment = _assignment_field("Every game of the students")

    def __init__(self, *args: Any, classroom: Classroom, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        _offer_assignments(self, classroom)


class StartForm(forms.Form):
    """An assignment's start button: a fresh token per page shown, and after a
    confirmation the ranked game the student agreed to forfeit."""

    start_token = forms.UUIDField(required=False)
    forfeit_game_id = forms.IntegerField(required=False, min_value=1)
    next = forms.CharField(required=False, max_length=2000)

    BAD_FORM_MESSAGE = "That start button could not be read; nothing was started. Try again."

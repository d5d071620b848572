"""Forms of the class pages: a class, joining, an assignment, and the GET filters."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django import forms
from django.utils import timezone
from django.utils.functional import Promise
from django.utils.text import format_lazy
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from classes.models import JOIN_CODE_LENGTH, Assignment, Classroom, Players
from classes.selectors import Progress, RecordFilters, RecordOrder
from core.names import no_bidi_controls
from games.forms import NewGameForm
from records.filters import GameFilterForm, PageForm

DEFAULT_DAYS_TO_DUE = 7
MAX_BOT_GAMES = 1000
DATETIME_LOCAL = "%Y-%m-%dT%H:%M"


class ClassroomForm(forms.Form):
    name = forms.CharField(
        label=_("Name"),
        max_length=100,
        validators=[no_bidi_controls],
        error_messages={"required": _("Give the class a name, e.g. “CS 101, section 2”.")},
    )
    term = forms.CharField(
        label=_("Term"),
        max_length=60,
        validators=[no_bidi_controls],
        help_text=_("When it runs, e.g. “Spring 2026”. Your classes can share a name, not a term."),
        error_messages={"required": _("Say when the class runs, e.g. “Spring 2026”.")},
    )


class JoinForm(forms.Form):
    code = forms.CharField(
        label=_("Join code"),
        max_length=32,
        help_text=format_lazy(
            _("{count} letters and digits from your instructor, like ABCD-2345."),
            count=JOIN_CODE_LENGTH,
        ),
        error_messages={"required": _("Type the join code your instructor gave you.")},
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
            label=_("Due"),
            input_formats=[DATETIME_LOCAL, "%Y-%m-%d %H:%M", "%Y-%m-%d %H:%M:%S"],
            help_text=format_lazy(
                _(
                    "Site time ({zone}). After it, students can finish the games they started "
                    "but not start new ones."
                ),
                zone=timezone.get_current_timezone_name(),
            ),
            error_messages={
                "required": _("Choose when the assignment is due."),
                "invalid": _("Enter the due date and time as YYYY-MM-DD HH:MM."),
            },
            **kwargs,
        )


class AssignmentForm(NewGameForm):
    """The new-game settings (the same lengths per dictionary, the same checks), a title
    and a due date. A game of an assignment is ranked by the usual rule."""

    title = forms.CharField(
        label=_("Title"),
        max_length=100,
        validators=[no_bidi_controls],
        error_messages={"required": _("Give the assignment a title.")},
    )
    due_at = _DueField()
    players = forms.ChoiceField(
        label=_("Who plays"),
        choices=Players.choices,
        initial=Players.PEOPLE,
        required=False,
        help_text=_(
            "Bots: each student runs a program with a token made for this assignment "
            "(a word-maker bot's games ignore the difficulty: the site's AI guesser plays them)."
        ),
        error_messages={"invalid_choice": _("Pick who plays from the list.")},
    )
    games_allowed = forms.IntegerField(
        label=_("Games per student (bots)"),
        required=False,
        min_value=1,
        max_value=MAX_BOT_GAMES,
        help_text=_("How many games each student's program may play for the assignment."),
        error_messages={
            "min_value": _("A bot plays at least 1 game."),
            "max_value": format_lazy(_("A bot plays at most {count} games."), count=MAX_BOT_GAMES),
            "invalid": _("Give the games as a whole number."),
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
            raise forms.ValidationError(gettext("The due date is in the past; choose a later one."))
        return due_at

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        players = cleaned.get("players") or Players.PEOPLE
        if "players" not in self.errors:
            cleaned["players"] = players
        if players == Players.PEOPLE:
            cleaned["games_allowed"] = None
        elif players and not cleaned.get("games_allowed") and "games_allowed" not in self.errors:
            self.add_error("games_allowed", gettext("Say how many games each student's bot plays."))
        return cleaned


class AssignmentEditForm(forms.Form):
    """Title and due date only: changing the settings would mix games of two kinds."""

    title = forms.CharField(
        label=_("Title"),
        max_length=100,
        validators=[no_bidi_controls],
        error_messages={"required": _("Give the assignment a title.")},
    )
    due_at = _DueField()


class RecordFilterForm(PageForm):
    """The assignment table's filters, read from the query string."""

    student = forms.CharField(label=_("Student name contains"), required=False, max_length=150)
    progress = forms.ChoiceField(
        label=_("Progress"),
        choices=[
            ("", _("Any progress")),
            (Progress.NOT_STARTED, _("Not started")),
            (Progress.STARTED, _("Started")),
            (Progress.WON, _("Won at least once")),
            (Progress.NOT_WON, _("Not won yet")),
        ],
        required=False,
        error_messages={"invalid_choice": _("Pick a progress from the list.")},
    )
    order = forms.ChoiceField(
        label=_("Order by"),
        choices=[
            (RecordOrder.NAME, _("Name")),
            (RecordOrder.WINS, _("Most wins")),
            (RecordOrder.FEWEST_MISSES, _("Fewest wrong guesses")),
            (RecordOrder.LAST_PLAYED, _("Last played")),
        ],
        required=False,
        error_messages={"invalid_choice": _("Pick an order from the list.")},
    )

    def filters(self) -> RecordFilters:
        data = self.cleaned_data
        return RecordFilters(
            student=data["student"].strip(),
            progress=data["progress"] or None,
            order=data["order"] or RecordOrder.NAME,
        )


def _assignment_field(empty_label: str | Promise) -> forms.ModelChoiceField:
    return forms.ModelChoiceField(
        queryset=Assignment.objects.none(),
        required=False,
        label=_("Assignment"),
        empty_label=empty_label,
        error_messages={"invalid_choice": _("That is not an assignment of this class.")},
    )


def _offer_assignments(form: forms.Form, classroom: Classroom) -> None:
    field: forms.ModelChoiceField = form.fields["assignment"]  # type: ignore[assignment]
    field.queryset = classroom.assignments.order_by("due_at", "id")


class ClassGameFilterForm(GameFilterForm):
    """The instructors' filters, plus the class's assignments."""

    assignment = _assignment_field(_("Any game, for an assignment or not"))
    field_order = ["assignment", *GameFilterForm.field_order]

    def __init__(self, *args: Any, classroom: Classroom, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        _offer_assignments(self, classroom)


class ClassStatisticsForm(forms.Form):
    assignment = _assignment_field(_("Every game of the students"))

    def __init__(self, *args: Any, classroom: Classroom, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        _offer_assignments(self, classroom)


class StartForm(forms.Form):
    """An assignment's start button: a fresh token per page shown, and after a
    confirmation the ranked game the student agreed to forfeit."""

    start_token = forms.UUIDField(required=False)
    forfeit_game_id = forms.IntegerField(required=False, min_value=1)
    next = forms.CharField(required=False, max_length=2000)

    BAD_FORM_MESSAGE = _("That start button could not be read; nothing was started. Try again.")

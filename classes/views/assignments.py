"""Assignments: create and edit (the instructor), the table of students with its CSV,
the class leaderboard, and a student's one-click start."""

from __future__ import annotations

import csv
from typing import Any

from django.contrib import messages
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse, HttpResponseBase
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_safe

from classes import services
from classes.forms import (
    AssignmentEditForm,
    AssignmentForm,
    RecordFilterForm,
    StartForm,
    default_due_at,
)
from classes.models import Assignment, Classroom
from classes.selectors import assignment_leaderboard, is_open, student_records
from classes.views import bots
from classes.views.access import Need, assignment_for, classroom_for
from core.ratelimit import is_post, rate_limited
from core.web import (
    bad_filters_response,
    export_filename,
    login_required_htmx,
    query_without_page,
    render_filtered,
    same_site_url,
)
from games import services as game_services
from games.models import Game
from games.web import refused_to, start_and_show
from records.exports import spreadsheet_safe

STUDENTS_PER_PAGE = 50
NEW_ASSIGNMENT_FIELDS = (
    "title",
    "players",
    "dictionary",
    "length",
    "max_misses",
    "difficulty",
    "games_allowed",
    "due_at",
)
TABLE_CSV_HEADER = (
    "student",
    "games_played",
    "games_won",
    "games_in_progress",
    "fewest_wrong_guesses",
    "last_played",
    "games_with_hints",
)


@require_http_methods(["GET", "HEAD", "POST"])
@never_cache
@login_required_htmx
def assignment_new(request: HttpRequest, pk: int) -> HttpResponse:
    classroom, _ = classroom_for(request, pk, Need.MANAGE)
    if request.method == "POST" and "refresh_lengths" in request.POST:
        # Without JavaScript: the lengths of the dictionary just chosen, the rest kept.
        form = AssignmentForm(initial=_settings_from(request.POST))
    elif request.method == "POST":
        form = AssignmentForm(request.POST)
        if form.is_valid():
            chosen = form.cleaned_data
            try:
                assignment = services.assignment_create(
                    classroom=classroom,
                    title=chosen["title"],
                    dictionary=chosen["dictionary"],
                    length=chosen["length"],
                    max_misses=chosen["max_misses"],
                    difficulty=chosen["difficulty"],
                    due_at=chosen["due_at"],
                    players=chosen["players"],
                    games_allowed=chosen["games_allowed"],
                )
            except services.AssignmentExistsError as error:
                if _same_assignment(error.assignment, chosen):
                    # The same form sent twice: say what the first did.
                    messages.info(
                        request,
                        gettext("“%(title)s” is created; here it is.")
                        % {"title": error.assignment.title},
                    )
                    return redirect(_assignment_url(error.assignment))
                form.add_error("title", error.message)
            except services.ClassRuleError as error:
                form.add_error(None, error.message)
            else:
                messages.success(
                    request,
                    gettext(
                        "“%(title)s” is set. Its students see it on their home page until it is "
                        "due."
                    )
                    % {"title": assignment.title},
                )
                return redirect(_assignment_url(assignment))
    else:
        taken = classroom.assignments.count()
        form = AssignmentForm(
            initial={
                "title": gettext("Assignment %(number)s") % {"number": taken + 1},
                "due_at": default_due_at(),
            }
        )
    return render(
        request,
        "classes/assignment_form.html",
        {"classroom": classroom, "form": form, "par": form.par_info()},
    )


@require_safe
@login_required_htmx
def assignment_par(request: HttpRequest, pk: int) -> HttpResponse:
    """Par of the settings chosen in the assignment form, with the new-game form's warning
    when no play can win them; swapped in by HTMX as they change (no rating: an
    assignment's board is the students', not the instructor's)."""
    classroom, _ = classroom_for(request, pk, Need.MANAGE)
    if not request.htmx:  # the par line is a part of the form's page
        return redirect("assignment_new", pk=classroom.pk)
    form = AssignmentForm(initial=_settings_from(request.GET))
    return render(request, "games/_par.html", {"par": form.par_info()})


def _settings_from(data: Any) -> dict[str, Any]:
    """Initial values of the assignment form from what it sent (the lengths refresh, par)."""
    return {name: data[name] for name in NEW_ASSIGNMENT_FIELDS if data.get(name)}


def _same_assignment(assignment: Assignment, chosen: dict[str, Any]) -> bool:
    return (
        assignment.dictionary_id == chosen["dictionary"].pk
        and assignment.length == chosen["length"]
        and assignment.max_misses == chosen["max_misses"]
        and assignment.difficulty == chosen["difficulty"]
        and assignment.due_at == chosen["due_at"]
        and assignment.players == chosen["players"]
        and assignment.games_allowed == chosen["games_allowed"]
    )


def _assignment_url(assignment: Assignment) -> str:
    return reverse(
        "assignment_detail", kwargs={"pk": assignment.classroom_id, "assignment_pk": assignment.pk}
    )


@require_http_methods(["GET", "HEAD", "POST"])
@login_required_htmx
def assignment_edit(request: HttpRequest, pk: int, assignment_pk: int) -> HttpResponse:
    classroom, _ = classroom_for(request, pk, Need.MANAGE)
    assignment = assignment_for(classroom, assignment_pk)
    if request.method == "POST":
        form = AssignmentEditForm(request.POST)
        if form.is_valid():
            try:
                services.assignment_update(
                    assignment=assignment,
                    title=form.cleaned_data["title"],
                    due_at=form.cleaned_data["due_at"],
                )
            except services.ClassRuleError as error:
                form.add_error("title", error.message)
            else:
                state = gettext("open") if is_open(assignment) else gettext("closed: no new games")
                messages.success(
                    request,
                    gettext("“%(title)s” is saved (%(state)s).")
                    % {"title": assignment.title, "state": state},
                )
                return redirect(_assignment_url(assignment))
    else:
        form = AssignmentEditForm(initial={"title": assignment.title, "due_at": assignment.due_at})
    return render(
        request,
        "classes/assignment_edit.html",
        {"classroom": classroom, "assignment": assignment, "form": form},
    )


@require_safe
@login_required_htmx
def assignment_detail(request: HttpRequest, pk: int, assignment_pk: int) -> HttpResponse:
    """The assignment's table, one row per student; HTMX swaps the filtered table."""
    classroom, role = classroom_for(request, pk, Need.RECORDS)
    assignment = assignment_for(classroom, assignment_pk)
    if assignment.is_for_bots:
        return bots.bot_table(request, classroom, assignment, role)
    form = RecordFilterForm(request.GET)
    page = None
    if form.is_valid():
        records = student_records(classroom, assignment=assignment, filters=form.filters())
        page = Paginator(records, STUDENTS_PER_PAGE).get_page(form.page_number())
    return render_filtered(
        request,
        "classes/assignment_detail.html",
        "results",
        {
            "classroom": classroom,
            "assignment": assignment,
            "role": role.value,
            "is_open": is_open(assignment),
            "form": form,
            "page": page,
            "export_query": query_without_page(request.GET),
        },
    )


@require_safe
@login_required_htmx
@rate_limited("export")
def assignment_table_csv(request: HttpRequest, pk: int, assignment_pk: int) -> HttpResponseBase:
    classroom, _ = classroom_for(request, pk, Need.RECORDS)
    assignment = assignment_for(classroom, assignment_pk)
    if assignment.is_for_bots:
        return bots.bot_table_csv(assignment)
    form = RecordFilterForm(request.GET)
    if not form.is_valid():
        return bad_filters_response(form)
    records = student_records(classroom, assignment=assignment, filters=form.filters())
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    filename = export_filename("csv", stem=f"evil-hangman-assignment-{assignment.pk}")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    writer = csv.writer(response)
    writer.writerow(TABLE_CSV_HEADER)
    for student in records:
        writer.writerow(
            [
                spreadsheet_safe(student.username),
                student.played,
                student.won,
                student.in_progress,
                "" if student.fewest_misses is None else student.fewest_misses,
                student.last_played.isoformat() if student.last_played else "",
                student.hinted,
            ]
        )
    return response


@require_safe
@login_required_htmx
def assignment_leaderboard_page(request: HttpRequest, pk: int, assignment_pk: int) -> HttpResponse:
    classroom, role = classroom_for(request, pk, Need.VIEW)
    assignment = assignment_for(classroom, assignment_pk)
    bot_rows = bots.bot_leaderboard_rows(assignment) if assignment.is_for_bots else None
    return render(
        request,
        "classes/assignment_leaderboard.html",
        {
            "classroom": classroom,
            "assignment": assignment,
            "role": role.value,
            "rows": [] if assignment.is_for_bots else assignment_leaderboard(assignment),
            "bot_rows": bot_rows,
            "is_open": is_open(assignment),
        },
    )


@require_http_methods(["GET", "HEAD", "POST"])
@login_required_htmx
@rate_limited("game_start", only=is_post)
def assignment_start(request: HttpRequest, pk: int, assignment_pk: int) -> HttpResponse:
    """One click starts the assignment's game; a ranked game in progress asks first.

    A GET (someone sent here by the login page) goes to the class page, where the
    start button is.
    """
    if request.method != "POST":  # GET or HEAD
        return redirect("class_detail", pk=pk)  # type: ignore[return-value]
    classroom, _ = classroom_for(request, pk, Need.PLAY)
    assignment = assignment_for(classroom, assignment_pk)
    form = StartForm(request.POST)
    back = _back_to(request, form, classroom)
    if not form.is_valid():
        messages.error(request, StartForm.BAD_FORM_MESSAGE)
        return redirect(back)
    refused_back = refused_to(request, back)

    def refused(error: game_services.GameRuleError) -> HttpResponse:
        if isinstance(error, game_services.GameInProgressError):
            return render(
                request,
                "classes/assignment_confirm.html",
                {
                    "classroom": classroom,
                    "assignment": assignment,
                    "current_game": error.game,
                    "changed_message": error.message if error.changed else "",
                    "start_token": form.cleaned_data["start_token"],
                    "next": back,
                },
            )
        return refused_back(error)

    def started(game: Game) -> str:
        if game.is_ranked:
            message = gettext("“%(title)s”: a new ranked game, %(settings)s. Good luck!")
        else:
            message = gettext("“%(title)s”: a new unranked game, %(settings)s. Good luck!")
        return message % {"title": assignment.title, "settings": assignment.settings_summary}

    try:
        return start_and_show(
            request,
            lambda: services.assignment_game_start(
                student=request.user,
                assignment=assignment,
                start_token=form.cleaned_data["start_token"],
                forfeit_game_id=form.cleaned_data["forfeit_game_id"],
            ),
            started=started,
            refused=refused,
        )
    except services.ClassRuleError as error:  # the class's own rules (members, due date)
        messages.error(request, error.message)
        return redirect(back)


def _back_to(request: HttpRequest, form: StartForm, classroom: Classroom) -> str:
    """Where the start button was (the home page or the class page), if it is this site."""
    return same_site_url(
        request,
        form.data.get("next", ""),
        default=reverse("class_detail", kwargs={"pk": classroom.pk}),
    )

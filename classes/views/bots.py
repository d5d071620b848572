"""Bot assignments: the instructor's table of the students' bots (with its CSV and each
student's games), and the student's token for the assignment.

The games are played through the API (``api``); a token made here is scoped to the
assignment, and every start with it is checked against the assignment there
(``classes.bots.assignment_start_check``, registered with the API).
"""

from __future__ import annotations

import csv

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBase
from django.shortcuts import redirect, render
from django.utils.translation import gettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST, require_safe

from api import selectors as api_selectors
from api import services as api_services
from classes import bots
from classes.models import Assignment, Classroom, Players
from classes.selectors import ClassRole, is_open
from classes.views.access import Need, assignment_for, classroom_for
from core.client_ip import client_ip_address
from core.ratelimit import RateLimitExceeded
from core.web import export_filename, login_required_htmx
from records.exports import spreadsheet_safe

BOT_CSV_HEADER = (
    "student",
    "games_finished",
    "games_in_progress",
    "average_misses",
    "worst_misses",
    "last_run",
)


def _references(request: HttpRequest, assignment: Assignment) -> list[bots.ReferenceRow] | None:
    """The reference rows, or None while the computer's games are rate-limited."""
    try:
        return bots.assignment_reference_rows(
            assignment, player=request.user, address=client_ip_address(request)
        )
    except RateLimitExceeded:
        return None


def bot_table(
    request: HttpRequest, classroom: Classroom, assignment: Assignment, role: ClassRole
) -> HttpResponse:
    """The table of a bot assignment (``assignment_detail`` hands it over)."""
    return render(
        request,
        "classes/assignment_bots.html",
        {
            "classroom": classroom,
            "assignment": assignment,
            "role": role.value,
            "is_open": is_open(assignment),
            "makers": assignment.players == Players.MAKER_BOTS,
            "rows": bots.assignment_bot_records(assignment),
            "references": _references(request, assignment),
        },
    )


def bot_leaderboard_rows(assignment: Assignment) -> list[bots.BotStudentRow]:
    """What classmates see of each other's bots: finished games only, best average first."""
    rows = [row for row in bots.assignment_bot_records(assignment) if row.games]
    makers_first = assignment.players == Players.MAKER_BOTS
    return sorted(
        rows,
        key=lambda row: (
            -(row.average_misses or 0) if makers_first else (row.average_misses or 0),
            -row.games,
            row.username.casefold(),
        ),
    )


def bot_table_csv(assignment: Assignment) -> HttpResponseBase:
    """The gradebook's CSV of a bot assignment: one row per student."""
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    filename = export_filename("csv", stem=f"evil-hangman-assignment-{assignment.pk}-bots")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    writer = csv.writer(response)
    writer.writerow(BOT_CSV_HEADER)
    for row in bots.assignment_bot_records(assignment):
        writer.writerow(
            [
                spreadsheet_safe(row.username),
                row.games,
                row.in_progress,
                "" if row.average_misses is None else row.average_misses,
                "" if row.worst_misses is None else row.worst_misses,
                row.last_run.isoformat() if row.last_run else "",
            ]
        )
    return response


@require_safe
@login_required_htmx
def assignment_bot_games(
    request: HttpRequest, pk: int, assignment_pk: int, student_pk: int
) -> HttpResponse:
    """One student's bot games of the assignment: a guesser's open in the review, a
    word-maker's show each answer here."""
    classroom, _ = classroom_for(request, pk, Need.RECORDS)
    assignment = assignment_for(classroom, assignment_pk)
    if not assignment.is_for_bots:
        raise Http404(gettext("This assignment is played on the board."))
    student = (
        get_user_model()
        .objects.filter(pk=student_pk, class_memberships__classroom=classroom)
        .first()
    )
    if student is None:
        raise Http404(gettext("No such student in this class."))
    games = list(
        bots.assignment_bot_games(assignment, student_id=student.pk).select_related("dictionary")
    )
    makers_ = assignment.players == Players.MAKER_BOTS
    return render(
        request,
        "classes/assignment_bot_games.html",
        {
            "classroom": classroom,
            "assignment": assignment,
            "student": student,
            "makers": makers_,
            "games": [
                (game, api_selectors.maker_answers(game) if makers_ else None) for game in games
            ],
        },
    )


@require_POST
@never_cache
@login_required_htmx
def assignment_token_new(request: HttpRequest, pk: int, assignment_pk: int) -> HttpResponse:
    """A student's token for a bot assignment, shown once (as on the Account page)."""
    classroom, _ = classroom_for(request, pk, Need.PLAY)
    assignment = assignment_for(classroom, assignment_pk)
    try:
        token, secret = bots.assignment_token_create(user=request.user, assignment=assignment)
    except api_services.ApiRuleError as error:
        messages.error(request, error.message)
        return redirect("assignment_leaderboard", pk=classroom.pk, assignment_pk=assignment.pk)
    return render(request, "api/token_created.html", {"token": token, "secret": secret})

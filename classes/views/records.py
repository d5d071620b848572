"""The instructors' list of games, its exports and the statistics, scoped to one class.

The same filters, table, exports and HTMX behaviour as the site-wide list
(``records.views.records``), over the games of the class's current students,
optionally of one assignment.
"""

from __future__ import annotations

from django.core.paginator import Paginator
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse, HttpResponseBase
from django.views.decorators.http import require_safe

from classes.forms import ClassGameFilterForm, ClassStatisticsForm
from classes.models import Classroom
from classes.selectors import class_games, class_statistics, student_records
from classes.views.access import Need, classroom_for
from core.db_router import reads_can_lag
from core.ratelimit import rate_limited
from core.web import (
    bad_filters_response,
    login_required_htmx,
    query_without_page,
    render_filtered,
    streamed_download,
)
from games.models import Game
from games.secrecy import secrecy_for
from games.selectors.letters import words_as_written
from records import exports
from records.selectors.records import filtered_games
from records.views.records import GAMES_PER_PAGE


def _games(classroom: Classroom, form: ClassGameFilterForm) -> QuerySet[Game]:
    games = class_games(classroom, filtered_games(form.filters()))
    assignment = form.cleaned_data.get("assignment")
    if assignment is not None:
        games = games.filter(assignment_link__assignment=assignment)
    return games


@require_safe
@login_required_htmx
def class_games_page(request: HttpRequest, pk: int) -> HttpResponse:
    classroom, role = classroom_for(request, pk, Need.RECORDS)
    form = ClassGameFilterForm(request.GET, classroom=classroom)
    page = None
    hidden_ids: frozenset[int] = frozenset()
    if form.is_valid():
        page = Paginator(_games(classroom, form), GAMES_PER_PAGE).get_page(form.page_number())
        hidden_ids = secrecy_for(request.user).hidden_ids(page.object_list)
    return render_filtered(
        request,
        "classes/class_games.html",
        "results",
        {
            "classroom": classroom,
            "role": role.value,
            "form": form,
            "page": page,
            "hidden_ids": hidden_ids,
            "written_words": words_as_written(page.object_list) if page else {},
            "export_query": query_without_page(request.GET),
        },
    )


def _export(request: HttpRequest, pk: int, extension: str) -> HttpResponseBase:
    classroom, _ = classroom_for(request, pk, Need.RECORDS)
    form = ClassGameFilterForm(request.GET, classroom=classroom)
    if not form.is_valid():
        return bad_filters_response(form)
    lines = exports.csv_lines if extension == "csv" else exports.jsonl_lines
    return streamed_download(
        lines(_games(classroom, form), secret=secrecy_for(request.user)),
        extension=extension,
        stem=f"evil-hangman-class-{classroom.pk}-games",
    )


@require_safe
@login_required_htmx
@rate_limited("export")
@reads_can_lag  # the stream reads after the view returns: it keeps the replica
def class_games_csv(request: HttpRequest, pk: int) -> HttpResponseBase:
    return _export(request, pk, "csv")


@require_safe
@login_required_htmx
@rate_limited("export")
@reads_can_lag  # the stream reads after the view returns: it keeps the replica
def class_games_jsonl(request: HttpRequest, pk: int) -> HttpResponseBase:
    return _export(request, pk, "jsonl")


@require_safe
@login_required_htmx
def class_stats(request: HttpRequest, pk: int) -> HttpResponse:
    classroom, role = classroom_for(request, pk, Need.RECORDS)
    form = ClassStatisticsForm(request.GET, classroom=classroom)
    statistics = students = None
    assignment = None
    if form.is_valid():
        assignment = form.cleaned_data["assignment"]
        statistics = class_statistics(classroom, assignment=assignment)
        students = list(student_records(classroom, assignment=assignment))
    return render_filtered(
        request,
        "classes/class_stats.html",
        "results",
        {
            "classroom": classroom,
            "role": role.value,
            "form": form,
            "assignment": assignment,
            "statistics": statistics,
            "students": students,
        },
    )

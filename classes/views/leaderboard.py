"""A class's leaderboard: its students ranked by rating, with the main leaderboard's filters.

Everyone in the class sees it (its students, its instructor, site-wide reviewers);
to anyone else the class does not exist (``classes.views.access``).
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_safe

from classes.selectors import student_ids
from classes.views.access import Need, classroom_for
from core.web import login_required_htmx, render_filtered
from ratings.models import PROVISIONAL_DEVIATION
from records.filters import RatingLeaderboardFilterForm
from records.selectors.leaderboard import rating_leaderboard


@require_safe
@login_required_htmx
def class_leaderboard(request: HttpRequest, pk: int) -> HttpResponse:
    classroom, role = classroom_for(request, pk, Need.VIEW)
    form = RatingLeaderboardFilterForm(request.GET)
    tables = filters = None
    if form.is_valid():
        filters = form.filters()
        tables = rating_leaderboard(filters, players=student_ids(classroom))
    return render_filtered(
        request,
        "classes/class_leaderboard.html",
        "results",
        {
            "classroom": classroom,
            "role": role.value,
            "form": form,
            "filters": filters,
            "tables": tables,
            "provisional_deviation": int(PROVISIONAL_DEVIATION),
        },
    )

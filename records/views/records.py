"""Records: my games, statistics, and the instructors' list of games with exports.

Filtered lists answer an HTMX request with the results fragment only and any
other request with the whole page, so the filter form works without
JavaScript and every filtered URL can be shared or bookmarked.
"""

from __future__ import annotations

from functools import wraps
from typing import Any

from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse, HttpResponseBase
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_safe

from core.db_router import reads_can_lag
from core.ratelimit import rate_limited
from core.web import (
    View,
    bad_filters_response,
    login_required_htmx,
    query_without_page,
    render_filtered,
    streamed_download,
)
from daily.selectors import daily_streaks
from games.permissions import can_review_all
from games.secrecy import secrecy_for
from games.selectors.letters import words_as_written
from ratings.selectors import player_rating, rating_chart
from records import exports
from records.filters import GameFilterForm, StatisticsForm
from records.selectors.records import filtered_games, player_games
from records.selectors.stats import played_sections, player_statistics

GAMES_PER_PAGE = 20


def instructor_required(view: View) -> View:
    """Visitors log in first; players without the review permission get 403."""

    @wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
        if not can_review_all(request.user):
            raise PermissionDenied(gettext("Only instructors can see every player's games."))
        return view(request, *args, **kwargs)

    return login_required_htmx(wrapper)


@require_safe
@login_required_htmx
def my_games(request: HttpRequest) -> HttpResponse:
    paginator = Paginator(player_games(request.user), GAMES_PER_PAGE)
    page = paginator.get_page(request.GET.get("page"))
    return render(
        request,
        "records/games/my_games.html",
        {"page": page, "written_words": words_as_written(page.object_list)},
    )


@require_safe
@login_required_htmx
def player_stats(request: HttpRequest) -> HttpResponse:
    """The old address of one's own statistics: the player page has them now."""
    url = reverse("player_profile", args=[request.user.get_username()])
    query = request.GET.urlencode()
    return redirect(f"{url}?{query}" if query else url)


@require_safe
def player_profile(request: HttpRequest, username: str) -> HttpResponse:
    """A player's one page: rating, daily puzzle and games, only what they have played.

    Anyone sees the finished ranked games, as on the leaderboards; the player sees all
    their finished games unless they tick "ranked games only".
    """
    user_model = get_user_model()
    if request.user.is_authenticated and request.user.get_username() == username:
        profile_user = request.user  # one's own page: the account is loaded already
    else:
        profile_user = get_object_or_404(user_model, **{user_model.USERNAME_FIELD: username})
    is_own = profile_user.pk == request.user.pk
    form = StatisticsForm(request.GET) if is_own else None
    ranked_only = not is_own or (
        form is not None and form.is_valid() and form.cleaned_data["ranked"]
    )
    statistics = player_statistics(player=profile_user, ranked_only=ranked_only)
    return render(
        request,
        "records/stats/player_stats.html",
        {
            "form": form,
            "profile_user": profile_user,
            "overall": statistics[0],
            "sections": played_sections(statistics),
            # Someone else's streaks may be a second old, as their statistics are.
            "daily": (daily_streaks if is_own else reads_can_lag(daily_streaks))(
                player=profile_user
            ),
            "ranked_only": ranked_only,
            "is_own": is_own,
            "rating": player_rating(profile_user),
            "rating_chart": rating_chart(profile_user),
        },
    )


@require_safe
@instructor_required
def instructor_games(request: HttpRequest) -> HttpResponse:
    form = GameFilterForm(request.GET)
    page = None
    hidden_ids: frozenset[int] = frozenset()
    if form.is_valid():
        paginator = Paginator(filtered_games(form.filters()), GAMES_PER_PAGE)
        page = paginator.get_page(form.page_number())
        hidden_ids = secrecy_for(request.user).hidden_ids(page.object_list)
    export_query = query_without_page(request.GET)
    return render_filtered(
        request,
        "records/games/instructor_games.html",
        "results",
        {
            "form": form,
            "page": page,
            "export_query": export_query,
            "hidden_ids": hidden_ids,
            "written_words": words_as_written(page.object_list) if page else {},
        },
    )


@require_safe
@instructor_required
@rate_limited("export")
@reads_can_lag  # the stream reads after the view returns: it keeps the replica
def instructor_games_csv(request: HttpRequest) -> HttpResponseBase:
    form = GameFilterForm(request.GET)
    if not form.is_valid():
        return bad_filters_response(form)
    lines = exports.csv_lines(filtered_games(form.filters()), secret=secrecy_for(request.user))
    return streamed_download(lines, extension="csv")


@require_safe
@instructor_required
@rate_limited("export")
@reads_can_lag
def instructor_games_jsonl(request: HttpRequest) -> HttpResponseBase:
    form = GameFilterForm(request.GET)
    if not form.is_valid():
        return bad_filters_response(form)
    lines = exports.jsonl_lines(filtered_games(form.filters()), secret=secrecy_for(request.user))
    return streamed_download(lines, extension="jsonl")

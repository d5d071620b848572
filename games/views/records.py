"""Records: my games, statistics, and the instructors' list of games with exports.

Filtered lists answer an HTMX request with the results fragment only and any
other request with the whole page, so the filter form works without
JavaScript and every filtered URL can be shared or bookmarked.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import wraps
from typing import Any

from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.forms import Form
from django.http import (
    HttpRequest,
    HttpResponse,
    HttpResponseBase,
    QueryDict,
    StreamingHttpResponse,
)
from django.shortcuts import get_object_or_404, render
from django.utils import timezone
from django.utils.cache import patch_vary_headers
from django.views.decorators.http import require_safe

from daily.selectors import daily_secret, daily_streaks
from evilsite.db_router import reads_can_lag
from evilsite.ratelimit import rate_limited
from games import exports
from games.filters import GameFilterForm, StatisticsForm
from games.selectors.records import can_review_all, filtered_games, player_games
from games.selectors.stats import player_statistics
from games.views.access import View, login_required_htmx

GAMES_PER_PAGE = 20


def instructor_required(view: View) -> View:
    """Visitors log in first; players without the review permission get 403."""

    @wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
        if not can_review_all(request.user):
            raise PermissionDenied("Only instructors can see every player's games.")
        return view(request, *args, **kwargs)

    return login_required_htmx(wrapper)


def wants_fragment(request: HttpRequest) -> bool:
    """HTMX swaps a fragment, except when restoring history, which needs the whole page."""
    return bool(request.htmx) and not request.htmx.history_restore_request


def render_filtered(
    request: HttpRequest, template: str, fragment: str, context: dict[str, Any]
) -> HttpResponse:
    is_fragment = wants_fragment(request)
    name = f"{template}#{fragment}" if is_fragment else template
    response = render(request, name, {**context, "is_fragment": is_fragment})
    patch_vary_headers(response, ["HX-Request"])
    return response


@require_safe
@login_required_htmx
def my_games(request: HttpRequest) -> HttpResponse:
    paginator = Paginator(player_games(request.user), GAMES_PER_PAGE)
    page = paginator.get_page(request.GET.get("page"))
    return render(request, "games/records/my_games.html", {"page": page})


@require_safe
@login_required_htmx
def player_stats(request: HttpRequest) -> HttpResponse:
    form = StatisticsForm(request.GET)
    ranked_only = form.is_valid() and form.cleaned_data["ranked"]
    statistics = player_statistics(player=request.user, ranked_only=ranked_only)
    return render(
        request,
        "games/stats/player_stats.html",
        {
            "form": form,
            "profile_user": request.user,
            "statistics": statistics,
            "daily": daily_streaks(player=request.user),
            "ranked_only": ranked_only,
            "is_own": True,
        },
    )


@require_safe
def player_profile(request: HttpRequest, username: str) -> HttpResponse:
    """Anyone's public statistics: finished ranked games only, as on the leaderboards."""
    user_model = get_user_model()
    profile_user = get_object_or_404(user_model, **{user_model.USERNAME_FIELD: username})
    statistics = player_statistics(player=profile_user, ranked_only=True)
    return render(
        request,
        "games/stats/player_stats.html",
        {
            "profile_user": profile_user,
            "statistics": statistics,
            # Someone else's streaks may be a second old, as their statistics are.
            "daily": reads_can_lag(daily_streaks)(player=profile_user),
            "ranked_only": True,
            "is_own": profile_user.pk == request.user.pk,
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
        hidden_ids = daily_secret(request.user).hidden_ids(page.object_list)
    export_query = query_without_page(request.GET)
    return render_filtered(
        request,
        "games/records/instructor_games.html",
        "results",
        {"form": form, "page": page, "export_query": export_query, "hidden_ids": hidden_ids},
    )


@require_safe
@instructor_required
@rate_limited("export")
@reads_can_lag  # the stream reads after the view returns: it keeps the replica
def instructor_games_csv(request: HttpRequest) -> HttpResponseBase:
    form = GameFilterForm(request.GET)
    if not form.is_valid():
        return bad_filters_response(form)
    lines = exports.csv_lines(filtered_games(form.filters()), secret=daily_secret(request.user))
    return streamed_download(lines, extension="csv")


@require_safe
@instructor_required
@rate_limited("export")
@reads_can_lag
def instructor_games_jsonl(request: HttpRequest) -> HttpResponseBase:
    form = GameFilterForm(request.GET)
    if not form.is_valid():
        return bad_filters_response(form)
    lines = exports.jsonl_lines(filtered_games(form.filters()), secret=daily_secret(request.user))
    return streamed_download(lines, extension="jsonl")


CONTENT_TYPES = {"csv": "text/csv; charset=utf-8", "jsonl": "application/jsonl; charset=utf-8"}


def streamed_download(
    lines: Iterator[str], *, extension: str, stem: str = "evil-hangman-games"
) -> StreamingHttpResponse:
    """An export streamed as a file to save, named after its kind and the time."""
    response = StreamingHttpResponse(lines, content_type=CONTENT_TYPES[extension])
    filename = export_filename(extension, stem=stem)
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def export_filename(extension: str, *, stem: str = "evil-hangman-games") -> str:
    return f"{stem}-{timezone.localtime():%Y%m%d-%H%M%S}.{extension}"


def bad_filters_response(form: Form) -> HttpResponse:
    """A download refused for its filters: 400, with what to fix, as plain text."""
    lines = [
        f"{form[name].label}: {message}" if name != "__all__" else message
        for name, messages in form.errors.items()
        for message in messages
    ]
    return HttpResponse(
        "Nothing exported; fix the filters:\n" + "\n".join(lines) + "\n",
        status=400,
        content_type="text/plain; charset=utf-8",
    )


def query_without_page(query: QueryDict) -> str:
    """The filters of a list, for its export links (an export has no pages)."""
    copy = query.copy()
    copy.pop("page", None)
    return copy.urlencode()

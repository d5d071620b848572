"""Web helpers every app's views share: login for HTMX, filtered lists, downloads.

The platform's (``core``), so play, records, the daily puzzle, classes, accounts
and the API use the same ones without importing each other.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterator
from functools import wraps
from typing import Any

from django.contrib.auth.views import redirect_to_login
from django.forms import Form
from django.http import (
    HttpRequest,
    HttpResponse,
    HttpResponseBase,
    QueryDict,
    StreamingHttpResponse,
)
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone
from django.utils.cache import patch_vary_headers
from django.utils.encoding import iri_to_uri
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext
from django_htmx.http import HttpResponseClientRedirect

View = Callable[..., HttpResponseBase]


def login_required_htmx(
    view: View | None = None, *, back_to_board: bool = False, back_to_page: str | None = None
) -> View | Callable[[View], View]:
    """``login_required`` that sends the whole window to the login page on an HTMX request,
    instead of swapping the login form into the fragment being updated.

    ``back_to_board`` is for a game's POST-only actions (a guess, a forfeit): after
    logging in the player comes back to the game's board (the view's ``pk``), since a
    GET of the action's own URL would only get a bare 405. ``back_to_page`` names the page
    (a URL name without arguments) other POST-only actions send the player back to.
    """

    def decorate(view: View) -> View:
        @wraps(view)
        def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
            if request.user.is_authenticated:
                return view(request, *args, **kwargs)
            board = (
                reverse("game_detail", kwargs={"pk": kwargs["pk"]})
                if back_to_board
                else (reverse(back_to_page) if back_to_page is not None else None)
            )
            if request.htmx:
                # The page the browser shows; a fragment's own URL is no page to return to.
                back_to = request.htmx.current_url_abs_path or board or reverse("home")
                login_url = (
                    reverse("login") + "?" + QueryDict.fromkeys(["next"], back_to).urlencode()
                )
                return HttpResponseClientRedirect(login_url)
            back_to = board or request.get_full_path()
            return redirect_to_login(back_to)

        return wrapper

    return decorate(view) if view is not None else decorate


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
        gettext("Nothing exported; fix the filters:") + "\n" + "\n".join(lines) + "\n",
        status=400,
        content_type="text/plain; charset=utf-8",
    )


def query_without_page(query: QueryDict) -> str:
    """The filters of a list, for its export links (an export has no pages)."""
    copy = query.copy()
    copy.pop("page", None)
    return copy.urlencode()


def same_site_url(request: HttpRequest, wanted: str, *, default: str) -> str:
    """Where a form's ``next`` may send the browser: a path or address of this site, with
    no control character (a line break would split a header, a NUL or a bidirectional
    control hide where it goes), percent-encoded so it fits any header (``HX-Redirect``,
    ``Location``); else ``default``. Crafted values change where nobody goes, never 500."""
    if (
        not wanted
        or any(unicodedata.category(char).startswith("C") for char in wanted)
        or not url_has_allowed_host_and_scheme(
            wanted, allowed_hosts={request.get_host()}, require_https=request.is_secure()
        )
    ):
        return default
    return iri_to_uri(wanted)

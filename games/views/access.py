"""Access decorators shared by the game views."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib.auth.views import redirect_to_login
from django.http import HttpRequest, HttpResponseBase, QueryDict
from django.urls import reverse
from django_htmx.http import HttpResponseClientRedirect

View = Callable[..., HttpResponseBase]

SAFE_METHODS = frozenset({"GET", "HEAD"})


def page_to_return_to(game_pk: object) -> str:
    """The game's board for a game's action (a guess, a forfeit), else the home page.

    A POST-only URL is no place to come back to: the browser's GET after login would
    get a bare 405.
    """
    if game_pk is not None:
        return reverse("game_detail", kwargs={"pk": game_pk})
    return reverse("home")


def login_required_htmx(view: View) -> View:
    """``login_required`` that sends the whole window to the login page on an HTMX request,
    instead of swapping the login form into the fragment being updated. After logging in
    the visitor comes back to a page, never to a POST-only URL.

    Every view using it takes a game's id, if any, as ``pk``.
    """

    @wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
        if request.user.is_authenticated:
            return view(request, *args, **kwargs)
        is_page = request.method in SAFE_METHODS
        if request.htmx:
            # The page the browser shows. Without that header an HTMX GET (a fragment)
            # falls back home as before, and a POST to its game's board.
            fallback = reverse("home") if is_page else page_to_return_to(kwargs.get("pk"))
            back_to = request.htmx.current_url_abs_path or fallback
            login_url = reverse("login") + "?" + QueryDict.fromkeys(["next"], back_to).urlencode()
            return HttpResponseClientRedirect(login_url)
        if is_page:
            return redirect_to_login(request.get_full_path())
        return redirect_to_login(page_to_return_to(kwargs.get("pk")))

    return wrapper

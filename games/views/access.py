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

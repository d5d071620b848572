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


def login_required_htmx(view: View) -> View:
    """``login_required`` that sends the whole window to the login page on an HTMX request,
    instead of swapping the login form into the fragment being updated."""

    @wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
        if request.user.is_authenticated:
            return view(request, *args, **kwargs)
        if request.htmx:
            back_to = request.htmx.current_url_abs_path or reverse("home")
            login_url = reverse("login") + "?" + QueryDict.fromkeys(["next"], back_to).urlencode()
            return HttpResponseClientRedirect(login_url)
        return redirect_to_login(request.get_full_path())

    return wrapper

"""Account pages on top of django.contrib.auth's views.

Ours: sign-up (it logs the new player in so they can start a game at once),
the profile (e-mail address), deleting an account and downloading one's data.
Log in, log out, password change and password reset are Django's views with
our templates (wired in ``urls.py``).
"""

from __future__ import annotations

import contextlib
from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login, logout
from django.contrib.auth import views as auth_views
from django.contrib.auth.views import LogoutView, RedirectURLMixin
from django.http import (
    HttpRequest,
    HttpResponse,
    HttpResponseBadRequest,
    HttpResponseBase,
    HttpResponseRedirect,
)
from django.shortcuts import redirect, render, resolve_url
from django.utils.decorators import method_decorator
from django.utils.translation import gettext
from django.views.decorators.cache import never_cache
from django.views.decorators.csrf import csrf_protect
from django.views.decorators.debug import sensitive_post_parameters
from django.views.decorators.http import require_http_methods, require_POST, require_safe
from django.views.generic import FormView

from accounts import services
from accounts.devices import device_cookie_set
from accounts.forms import INVALID_LOGIN, DeleteAccountForm, ProfileForm, SignUpForm
from accounts.languages import is_language, language_choose
from api.selectors import api_tokens_for
from classes.models import Classroom
from classes.selectors import classes_joined, classes_taught, classroom_by_join_code
from classes.services import ClassRuleError
from classes.views.classrooms import join_and_go
from core.client_ip import client_ip_address
from core.guests import is_guest
from core.ratelimit import (
    RateLimitExceeded,
    is_post,
    rate_limit_hit,
    rate_limit_reached,
    rate_limited,
    too_many_requests,
)
from core.web import login_required_htmx, same_site_url, streamed_download
from daily.selectors import utc_today
from daily.services import guest_attempt_carry
from games.secrecy import secrecy_for
from records import exports
from records.selectors.records import player_games

# Sign-up does not authenticate with a password, so name the backend that
# vouches for the new account (django-axes' backend only guards logins).
SIGNUP_BACKEND = "django.contrib.auth.backends.ModelBackend"


@method_decorator(
    [sensitive_post_parameters(), csrf_protect, never_cache, rate_limited("signup", only=is_post)],
    name="dispatch",
)
class SignUpView(RedirectURLMixin, FormView):
    template_name = "registration/signup.html"
    form_class = SignUpForm
    next_page = "home"
    converting_guest = False

    def dispatch(self, request: HttpRequest, *args: object, **kwargs: object) -> HttpResponseBase:
        if request.user.is_authenticated and not is_guest(request.user):
            return HttpResponseRedirect(self.get_success_url())
        return super().dispatch(request, *args, **kwargs)

    def get_form_kwargs(self) -> dict[str, Any]:
        """A visitor signing up turns their guest account into this one: the same row, so
        the games they played as a visitor are theirs."""
        kwargs = super().get_form_kwargs()
        # Asked before the form is bound: a bound form renames its instance as it cleans.
        self.converting_guest = is_guest(self.request.user)
        if self.converting_guest:
            kwargs["instance"] = self.request.user
        return kwargs

    def get_initial(self) -> dict[str, Any]:
        """A guest's name (``visitor-…``) is never offered: the username starts empty."""
        return {**super().get_initial(), "username": ""}

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        """``next`` for the form's hidden field and the log-in link, as LoginView does:
        ``get_redirect_url`` checks it with ``url_has_allowed_host_and_scheme`` and gives
        "" for another site's address, so that one is dropped here and never followed."""
        context = super().get_context_data(**kwargs)
        context[self.redirect_field_name] = self.get_redirect_url()
        context["invited_to"] = _invited_to(self.request)
        return context

    def form_valid(self, form: SignUpForm) -> HttpResponse:
        was_guest = self.converting_guest
        user = form.save()
        login(self.request, user, backend=SIGNUP_BACKEND)
        if was_guest:
            self.request.session.set_expiry(None)  # a visitor's session ended with the browser
        if was_guest:
            welcome = gettext(
                "Welcome, %(username)s! Your account is ready. "
                "The games you played as a visitor are in your account."
            )
        else:
            welcome = gettext("Welcome, %(username)s! Your account is ready.")
        messages.success(self.request, welcome % {"username": user.get_username()})
        return _join_invited_class(self.request) or HttpResponseRedirect(self.get_success_url())


class LogInView(auth_views.LoginView):
    """Django's log-in. A browser that signs in becomes a known device of the account
    (``accounts.devices``): strangers' failures never pause it. A player who came by a
    class's join link joins it as they log in. A guest may log in to their real account:
    their visitor games stay the guest's, except today's daily attempt, which becomes the
    account's when it has none (``daily.services.guest_attempt_carry``)."""

    redirect_authenticated_user = True

    def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
        self.redirect_authenticated_user = not is_guest(request.user)
        return super().dispatch(request, *args, **kwargs)

    def get_form(self, form_class: Any = None) -> Any:
        form = super().get_form(form_class)
        form.error_messages = {**form.error_messages, "invalid_login": INVALID_LOGIN}
        return form

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        return {**super().get_context_data(**kwargs), "invited_to": _invited_to(self.request)}

    def form_valid(self, form: Any) -> HttpResponse:
        guest_attempt_carry(guest=self.request.user, account=form.get_user(), day=utc_today())
        response = super().form_valid(form)
        response = _join_invited_class(self.request) or response
        device_cookie_set(response, self.request, form.get_user())
        return response


# The hidden field a join link's visitor carries through sign-up or log-in.
JOIN_FIELD = "join"


def _invited_to(request: HttpRequest) -> Classroom | None:
    """The class whose join link brought the visitor to sign up or log in, if any.

    The page names the class, so it answers a guessed code as the join link does: a code
    that finds no class counts in the address's ``class_join`` rate, and past that rate
    the page names no class at all (a real link's visit costs nothing here)."""
    code = (request.POST.get(JOIN_FIELD) or request.GET.get(JOIN_FIELD, ""))[:32]
    if not code:
        return None
    address = client_ip_address(request)
    try:
        rate_limit_reached(scope="class_join", address=address)
    except RateLimitExceeded:
        return None
    classroom = classroom_by_join_code(code)
    if classroom is None:
        with contextlib.suppress(RateLimitExceeded):
            rate_limit_hit(scope="class_join", address=address)
    return classroom


def _join_invited_class(request: HttpRequest) -> HttpResponse | None:
    """Once signed in, join the class the form carried; None when it carried none.

    A code that joins nothing (changed since the link was shared, crafted) joins
    nothing: the player is signed in and told so, on the join form."""
    code = request.POST.get(JOIN_FIELD, "")[:32]
    if not code:
        return None
    address = client_ip_address(request)
    try:
        rate_limit_reached(scope="class_join", address=address)
    except RateLimitExceeded:
        messages.error(
            request,
            gettext(
                "Too many join codes were tried from here. You are signed in; no class was "
                "joined: open the class's join link again later."
            ),
        )
        return redirect("class_join")
    try:
        return join_and_go(request, code)
    except ClassRuleError as error:
        with contextlib.suppress(RateLimitExceeded):  # a code that joins nothing: a guess
            rate_limit_hit(scope="class_join", address=address)
        messages.error(
            request,
            gettext("%(problem)s You are signed in; no class was joined.")
            % {"problem": error.message},
        )
        return redirect("class_join")


class PasswordResetView(auth_views.PasswordResetView):
    """Django's, counted per client address and per e-mail address before any mail is sent."""

    def post(self, request: HttpRequest, *args: object, **kwargs: object) -> HttpResponseBase:
        try:
            rate_limit_hit(
                scope="password_reset",
                key=request.POST.get("email", "")[:254],
                address=client_ip_address(request),
            )
        except RateLimitExceeded as error:
            return too_many_requests(request, error)
        return super().post(request, *args, **kwargs)


class PasswordResetConfirmView(auth_views.PasswordResetConfirmView):
    """Django's; a new password set through the e-mailed link also lifts the account's lock."""

    def form_valid(self, form: Any) -> HttpResponse:
        response = super().form_valid(form)
        services.account_unlock(username=form.user.get_username())
        return response


class LogOutView(LogoutView):
    """Django's POST-only logout, plus a word to say it worked."""

    def post(self, request: HttpRequest, *args: object, **kwargs: object) -> HttpResponse:
        was_logged_in = request.user.is_authenticated
        response = super().post(request, *args, **kwargs)
        if was_logged_in:
            messages.info(request, gettext("You are logged out. Your games wait for you."))
        return response


@require_POST
def language_set(request: HttpRequest) -> HttpResponseBase:
    """The footer's language menu, for everyone: a cookie (what LocaleMiddleware reads),
    and for a signed-in account its saved choice (accounts/languages.py). Back to the page
    it was chosen on; an htmx request is told to load that page (no swap of a redirect)."""
    language = request.POST.get("language", "")
    if not is_language(language):
        return HttpResponseBadRequest("Choose one of the languages offered.")
    language_choose(request, language)
    next_url = same_site_url(request, request.POST.get("next", ""), default=resolve_url("home"))
    if request.headers.get("HX-Request") == "true":
        response: HttpResponseBase = HttpResponse(status=204, headers={"HX-Redirect": next_url})
    else:
        response = HttpResponseRedirect(next_url)
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME,
        language,
        max_age=settings.LANGUAGE_COOKIE_AGE,
        path=settings.LANGUAGE_COOKIE_PATH,
        domain=settings.LANGUAGE_COOKIE_DOMAIN,
        secure=settings.LANGUAGE_COOKIE_SECURE,
        httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
        samesite=settings.LANGUAGE_COOKIE_SAMESITE,
    )
    return response


@require_http_methods(["GET", "HEAD", "POST"])
@login_required_htmx
def profile(request: HttpRequest) -> HttpResponse:
    """The e-mail address, the downloads of the player's data, and the way out."""
    form = ProfileForm(request.POST or None, instance=request.user)
    if request.method == "POST" and form.is_valid():
        services.account_set_email(user=request.user, email=form.cleaned_data["email"])
        if request.user.email:
            messages.success(
                request,
                gettext("Saved. A forgotten password can now be reset through %(email)s.")
                % {"email": request.user.email},
            )
        else:
            messages.success(request, gettext("Saved: no e-mail address is kept for your account."))
        return redirect("profile")
    return render(
        request,
        "registration/profile.html",
        {
            "form": form,
            "games_total": player_games(request.user).count(),
            "classes_taught": classes_taught(request.user).count(),
            "classes_joined": classes_joined(request.user).count(),
            "api_tokens": list(api_tokens_for(user=request.user)),
            "is_guest": is_guest(request.user),
        },
    )


@require_http_methods(["GET", "HEAD", "POST"])
@sensitive_post_parameters("password")
@never_cache
@login_required_htmx
@rate_limited("password_check", only=is_post)
def delete_account(request: HttpRequest) -> HttpResponse:
    form = DeleteAccountForm(request.POST or None, user=request.user)
    if request.method == "POST" and form.is_valid():
        services.account_delete(user=request.user)
        logout(request)
        messages.success(
            request,
            gettext(
                "Your account is deleted. Your games stay on the site without your name. Goodbye!"
            ),
        )
        return redirect("home")
    return render(
        request,
        "registration/delete_account.html",
        {"form": form, "classes_taught": list(classes_taught(request.user))},
    )


@require_safe
@login_required_htmx
def my_data_jsonl(request: HttpRequest) -> HttpResponseBase:
    """The player's finished games, one JSON object per move, as the instructors' export.

    Games in progress are left out until they finish: their moves list the
    size of every family, more than the board tells during play.
    """
    games = player_games(request.user).filter(finished_at__isnull=False)
    return streamed_download(
        exports.jsonl_lines(games, secret=secrecy_for(request.user)),
        extension="jsonl",
        stem="evil-hangman-my-games",
    )


@require_safe
@login_required_htmx
def my_data_csv(request: HttpRequest) -> HttpResponseBase:
    """Every game of the player, one row each (a game that counts shows its letters once over)."""
    return streamed_download(
        exports.csv_lines(player_games(request.user), secret=secrecy_for(request.user)),
        extension="csv",
        stem="evil-hangman-my-games",
    )

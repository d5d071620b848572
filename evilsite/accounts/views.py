"""Account pages on top of django.contrib.auth's views.

Only sign-up is ours: it logs the new player in so they can start a game at
once. Log in, log out and password change are Django's views with our
templates (wired in ``urls.py``).
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.views import LogoutView, RedirectURLMixin
from django.http import HttpRequest, HttpResponse, HttpResponseBase, HttpResponseRedirect
from django.utils.decorators import method_decorator
from django.views.decorators.cache import never_cache
from django.views.decorators.csrf import csrf_protect
from django.views.decorators.debug import sensitive_post_parameters
from django.views.generic import FormView

from evilsite.accounts.forms import SignUpForm

# Sign-up does not authenticate with a password, so name the backend that
# vouches for the new account (django-axes' backend only guards logins).
SIGNUP_BACKEND = "django.contrib.auth.backends.ModelBackend"


@method_decorator([sensitive_post_parameters(), csrf_protect, never_cache], name="dispatch")
class SignUpView(RedirectURLMixin, FormView):
    template_name = "registration/signup.html"
    form_class = SignUpForm
    next_page = "home"

    def dispatch(self, request: HttpRequest, *args: object, **kwargs: object) -> HttpResponseBase:
        if request.user.is_authenticated:
            return HttpResponseRedirect(self.get_success_url())
        return super().dispatch(request, *args, **kwargs)

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        """``next`` for the form's hidden field and the log-in link, as LoginView does:
        ``get_redirect_url`` checks it with ``url_has_allowed_host_and_scheme`` and gives
        "" for another site's address, so that one is dropped here and never followed."""
        context = super().get_context_data(**kwargs)
        context[self.redirect_field_name] = self.get_redirect_url()
        return context

    def form_valid(self, form: SignUpForm) -> HttpResponse:
        user = form.save()
        login(self.request, user, backend=SIGNUP_BACKEND)
        messages.success(self.request, f"Welcome, {user.get_username()}! Your account is ready.")
        return HttpResponseRedirect(self.get_success_url())


class LogOutView(LogoutView):
    """Django's POST-only logout, plus a word to say it worked."""

    def post(self, request: HttpRequest, *args: object, **kwargs: object) -> HttpResponse:
        was_logged_in = request.user.is_authenticated
        response = super().post(request, *args, **kwargs)
        if was_logged_in:
            messages.info(request, "You are logged out. Your games wait for you.")
        return response

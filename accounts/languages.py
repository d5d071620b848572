"""The pages' language for an account: chosen in the footer's menu, kept with the account
(``Preferences.language``), and applied on every request of its sessions.

Django's LocaleMiddleware picks the language from the menu's cookie, else the browser's
Accept-Language. An account's choice must follow it to a new browser, yet reading it from
the database on every page would cost a query each: it is copied into the session when
the account logs in (``language_remember_at_login``) or chooses (``language_choose``), and
``AccountLanguageMiddleware`` reads it from the session the authentication already loads.
Guests and visitors keep their choice in the cookie alone.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.contrib.auth.base_user import AbstractBaseUser
from django.db import transaction
from django.http import HttpRequest, HttpResponseBase
from django.utils import translation

from accounts.models import Preferences
from core.guests import is_guest

# The session's copy of the account's language (absent: none chosen).
SESSION_KEY = "account_language"


def is_language(code: str) -> bool:
    return code in dict(settings.LANGUAGES)


def account_language_set(*, user: AbstractBaseUser, language: str) -> None:
    """Save an account's language (one of settings.LANGUAGES)."""
    if not is_language(language):
        raise ValueError(f"not a language of this site: {language!r}")
    with transaction.atomic():
        Preferences.objects.update_or_create(user=user, defaults={"language": language})


def language_choose(request: HttpRequest, language: str) -> None:
    """The menu's choice: the account's (saved, and in its session) when signed in with a
    real account; the caller sets the cookie for everyone."""
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated and not is_guest(user):
        account_language_set(user=user, language=language)
        request.session[SESSION_KEY] = language


def language_remember_at_login(sender: Any, request: HttpRequest, user: Any, **kwargs: Any) -> None:
    """``user_logged_in``: the account's saved language into its new session (one query, at
    login only); without one, whatever the browser had stays."""
    if request is None or not hasattr(request, "session"):
        return
    language = (
        Preferences.objects.filter(user=user).values_list("language", flat=True).first() or ""
    )
    if is_language(language):
        request.session[SESSION_KEY] = language
        translation.activate(language)
        request.LANGUAGE_CODE = language
    else:
        request.session.pop(SESSION_KEY, None)


class AccountLanguageMiddleware:
    """After LocaleMiddleware and the authentication: the account's language, from its
    session, overrides the cookie and the browser's. A request without a session cookie
    (a first visit, a probe, the API) reads nothing; one with a session reads the session
    the authentication reads anyway, so no page asks the database anything more."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        session = getattr(request, "session", None)
        if session is not None and settings.SESSION_COOKIE_NAME in request.COOKIES:
            language = session.get(SESSION_KEY)
            if language and is_language(language):
                translation.activate(language)
                request.LANGUAGE_CODE = language
        return self.get_response(request)

"""Account URLs: the names base.html, LOGIN_URL and Django's auth views use."""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth import views as auth_views
from django.urls import path

from accounts import views
from accounts.forms import QueuedPasswordResetForm
from core.ratelimit import is_post, rate_limited

# How long a reset link works, said on the page and in the e-mail.
RESET_LINK_DAYS = {"timeout_days": max(1, settings.PASSWORD_RESET_TIMEOUT // (24 * 60 * 60))}

urlpatterns = [
    path("signup/", views.SignUpView.as_view(), name="signup"),
    path(
        "login/",
        # Per address, whatever the username: failures (counted by accounts.lockout;
        # checked first, a flood's refusal is one read) and every attempt; django-axes
        # locks usernames (settings).
        rate_limited("login_failure", only=is_post, counted=False, refuse_early=True)(
            rate_limited("login", only=is_post, refuse_early=True)(views.LogInView.as_view())
        ),
        name="login",
    ),
    path("logout/", views.LogOutView.as_view(), name="logout"),
    path(
        "password/",
        rate_limited("password_check", only=is_post)(auth_views.PasswordChangeView.as_view()),
        name="password_change",
    ),
    path(
        "password/done/",
        auth_views.PasswordChangeDoneView.as_view(),
        name="password_change_done",
    ),
    # A forgotten password: Django's views, a link by e-mail (docs/deploying.md: e-mail).
    path(
        "password/reset/",
        views.PasswordResetView.as_view(
            form_class=QueuedPasswordResetForm, extra_email_context=RESET_LINK_DAYS
        ),
        name="password_reset",
    ),
    path(
        "password/reset/sent/",
        auth_views.PasswordResetDoneView.as_view(extra_context=RESET_LINK_DAYS),
        name="password_reset_done",
    ),
    path(
        "password/reset/<uidb64>/<token>/",
        views.PasswordResetConfirmView.as_view(),
        name="password_reset_confirm",
    ),
    path(
        "password/reset/done/",
        auth_views.PasswordResetCompleteView.as_view(),
        name="password_reset_complete",
    ),
    path("language/", views.language_set, name="language_set"),
    path("profile/", views.profile, name="profile"),
    path("delete/", views.delete_account, name="delete_account"),
    path("data/games.jsonl", views.my_data_jsonl, name="my_data_jsonl"),
    path("data/games.csv", views.my_data_csv, name="my_data_csv"),
]

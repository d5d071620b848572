"""The admin's login: the same per-address limits as the site's (users: ``accounts/admin.py``)."""

from __future__ import annotations

from django.contrib import admin

from core.ratelimit import is_post, rate_limited

# The admin's own login form checks passwords too: the same per-address limits as the site's.
admin.site.login = rate_limited(  # type: ignore[method-assign]
    "login_failure", only=is_post, counted=False, refuse_early=True
)(rate_limited("login", only=is_post, refuse_early=True)(admin.site.login))

"""The admin: Django's, with the sign-up rules for a new username and the login's limits."""

from __future__ import annotations

from django.contrib import admin
from django.contrib.auth import get_user_model
from django.contrib.auth.admin import UserAdmin
from django.contrib.auth.forms import AdminUserCreationForm

from evilsite.accounts.usernames import validate_new_username
from evilsite.ratelimit import is_post, rate_limited


class NewUserForm(AdminUserCreationForm):
    """An account made in the admin follows the sign-up form's rule on names."""

    def clean_username(self) -> str | None:
        username: str | None = super().clean_username()
        if username:
            validate_new_username(username)
        return username


class SiteUserAdmin(UserAdmin):
    add_form = NewUserForm


admin.site.unregister(get_user_model())
admin.site.register(get_user_model(), SiteUserAdmin)

# The admin's own login form checks passwords too: the same per-address limits as the site's.
admin.site.login = rate_limited(  # type: ignore[method-assign]
    "login_failure", only=is_post, counted=False, refuse_early=True
)(rate_limited("login", only=is_post, refuse_early=True)(admin.site.login))

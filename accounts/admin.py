"""The users' admin: an account made there follows the sign-up form's rule on names."""

from __future__ import annotations

from django.contrib import admin
from django.contrib.auth import get_user_model
from django.contrib.auth.admin import UserAdmin
from django.contrib.auth.forms import AdminUserCreationForm

from accounts.usernames import validate_new_username


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

"""Sign-up form: Django's own, so its password validators apply unchanged."""

from __future__ import annotations

from django.contrib.auth.forms import UserCreationForm


class SignUpForm(UserCreationForm):
    """A username and a password twice; nothing else is needed to play."""

    class Meta(UserCreationForm.Meta):
        fields = ("username",)

"""Account forms: sign-up (Django's, plus an optional e-mail), the profile, deleting."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth import get_user_model, password_validation
from django.contrib.auth.forms import PasswordResetForm, UserCreationForm
from django.contrib.auth.models import AbstractBaseUser
from django.contrib.sites.shortcuts import get_current_site
from django.http import HttpRequest
from django.utils import translation
from django.utils.text import format_lazy
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from accounts.tasks import send_password_reset
from accounts.usernames import USERNAME_MAX_LENGTH, validate_new_username
from core.guests import GUEST_USERNAME_PREFIX, is_guest
from core.taskqueue import enqueue

# Deleted accounts are renamed ``deleted-…``: nobody signs up under such a name.
RESERVED_USERNAME_PREFIX = "deleted-"
EMAIL_HELP = _(
    "Optional. Only used to send you a link to reset a forgotten password; never shown to anyone."
)


def password_rules() -> str:
    """The site's password validators as one line, not Django's list of sentences."""
    rules = []
    for validator in password_validation.get_default_password_validators():
        if isinstance(validator, password_validation.MinimumLengthValidator):
            rules.insert(
                0,
                ngettext(
                    "At least %(count)s character",
                    "At least %(count)s characters",
                    validator.min_length,
                )
                % {"count": validator.min_length},
            )
        elif isinstance(validator, password_validation.UserAttributeSimilarityValidator):
            rules.append(gettext("not like your username or e-mail"))
        elif isinstance(validator, password_validation.CommonPasswordValidator):
            rules.append(gettext("not a common password"))
        elif isinstance(validator, password_validation.NumericPasswordValidator):
            rules.append(gettext("not only digits"))
        else:
            rules.append(validator.get_help_text().rstrip("."))
    line = ", ".join(rules)
    return f"{line[:1].upper()}{line[1:]}." if line else ""


# Django's log-in failure, in the site's catalogs: Django's own Spanish speaks as usted
# ("introduzca"), the site's pages as tú. Set on the log-in form by ``LogInView``.
INVALID_LOGIN = _(
    "Please enter a correct %(username)s and password. Note that both fields may be case-sensitive."
)


class SignUpForm(UserCreationForm):
    """A username and a password twice; an e-mail address only if they want a way back in."""

    class Meta(UserCreationForm.Meta):
        fields = ("username", "email")
        help_texts = {
            "username": format_lazy(
                _(
                    "Required. At most {count} characters: letters of one alphabet, "
                    "digits and _ . - @ +. A name that looks like one already taken is refused."
                ),
                count=USERNAME_MAX_LENGTH,
            ),
            "email": EMAIL_HELP,
        }

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["username"].widget.attrs["maxlength"] = str(USERNAME_MAX_LENGTH)
        self.fields["password1"].help_text = password_rules()
        # Django's words, in the site's catalogs: Django's Spanish says "introduzca" (usted)
        # where the site says tú.
        self.fields["password2"].help_text = _(
            "Enter the same password as before, for verification."
        )

    def clean_username(self) -> str | None:
        username: str | None = super().clean_username()  # NFKC; None once taken (error added)
        if username and username.lower().startswith(RESERVED_USERNAME_PREFIX):
            raise forms.ValidationError(
                gettext(
                    "Usernames starting with “%(prefix)s” are kept for deleted accounts; "
                    "choose another."
                )
                % {"prefix": RESERVED_USERNAME_PREFIX}
            )
        if username and username.lower().startswith(GUEST_USERNAME_PREFIX):
            raise forms.ValidationError(
                gettext(
                    "Usernames starting with “%(prefix)s” are kept for visitors trying the "
                    "game; choose another."
                )
                % {"prefix": GUEST_USERNAME_PREFIX}
            )
        if username:
            validate_new_username(username)
        return username


# A visitor's account keeps no e-mail address: the address only serves to reset a forgotten
# password, a visitor has none, and nothing checks that the address is the visitor's (issue
# 37, finding 7). Signing up (which may give one) makes the visitor an account.
GUEST_EMAIL_MESSAGE = _(
    "A visitor's account keeps no e-mail address: sign up first, then add it. Nothing was saved."
)


class ProfileForm(forms.ModelForm):
    class Meta:
        model = get_user_model()
        fields = ("email",)
        help_texts = {"email": format_lazy("{} {}", EMAIL_HELP, _("Leave it empty to remove it."))}

    def clean_email(self) -> str:
        email: str = self.cleaned_data["email"]
        if email and is_guest(self.instance):
            raise forms.ValidationError(GUEST_EMAIL_MESSAGE, code="guest_email")
        return email


class DeleteAccountForm(forms.Form):
    """The password again: a session left open is not enough to delete an account."""

    password = forms.CharField(
        label=_("Your password"),
        strip=False,
        max_length=4096,  # no megabyte to hash
        widget=forms.PasswordInput(attrs={"autocomplete": "current-password"}),
        error_messages={"required": _("Type your password to confirm.")},
    )

    def __init__(self, *args: Any, user: AbstractBaseUser, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.user = user

    def clean_password(self) -> str:
        password: str = self.cleaned_data["password"]
        if not self.user.check_password(password):
            raise forms.ValidationError(
                gettext("That is not your password; nothing was deleted."),
                code="password_incorrect",
            )
        return password


class QueuedPasswordResetForm(PasswordResetForm):
    """The request only queues the look-up and the e-mail (``send_password_reset``): it does
    the same work whatever the address, so its time tells nobody whether an account uses it,
    and a slow mail server holds a worker, never a web process."""

    def save(  # type: ignore[override]
        self,
        *,
        request: HttpRequest | None = None,
        domain_override: str | None = None,
        use_https: bool = False,
        extra_email_context: dict[str, Any] | None = None,
        **unused: Any,
    ) -> None:
        domain = domain_override or get_current_site(request).domain
        enqueue(
            send_password_reset,
            email=self.cleaned_data["email"],
            domain=domain,
            use_https=use_https,
            extra_email_context=dict(extra_email_context or {}),
            language=translation.get_language(),  # the worker writes the mail in it
        )

"""Background tasks of accounts, run by ``manage.py db_worker`` (django-tasks)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.forms import PasswordResetForm
from django_tasks import task


@task()
def send_password_reset(
    *, email: str, domain: str, use_https: bool, extra_email_context: dict[str, Any]
) -> None:
    """Look up the accounts of ``email`` and mail each a reset link, as Django's form does;
    nothing is sent for an address no active account uses."""
    form = PasswordResetForm({"email": email})
    if form.is_valid():
        form.save(
            domain_override=domain, use_https=use_https, extra_email_context=extra_email_context
        )

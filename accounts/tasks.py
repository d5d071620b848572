"""Background tasks of accounts, run by ``manage.py db_worker`` (django-tasks)."""

from __future__ import annotations

import datetime as dt
import logging
from collections.abc import Iterator
from typing import Any

from django.contrib.auth.forms import PasswordResetForm
from django.core.mail import EmailMultiAlternatives
from django.template import loader
from django.utils import timezone, translation
from django_tasks import task

from core.logs import LoggedFailure, error_summary
from core.taskqueue import carries_request_id, enqueue

logger = logging.getLogger(__name__)

# Seconds before the 2nd, 3rd and 4th tries of a reset e-mail that could not be sent (the
# mail server down or refusing); after the last, an error is logged for the operator.
RESET_MAIL_RETRY_SECONDS = (60, 300, 1800)


class PasswordResetNotSent(LoggedFailure):
    """Raised so the queue records the task as failed (it says who, never the link); the
    task logged it already: a warning while a retry is due, an error after the last."""


class _ResetMailForm(PasswordResetForm):
    """Django's reset form, but a mail that cannot be sent is remembered, not swallowed
    (Django logs it and carries on, so its task would count as a success); ``user_ids``
    narrows a retry to the accounts whose mail failed."""

    def __init__(self, *args: Any, user_ids: list[int] | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.user_ids = user_ids
        self.failures: dict[int, Exception] = {}

    def get_users(self, email: str) -> Iterator[Any]:
        for user in super().get_users(email):
            if self.user_ids is None or user.pk in self.user_ids:
                yield user

    def send_mail(
        self,
        subject_template_name: str,
        email_template_name: str,
        context: dict[str, Any],
        from_email: str | None,
        to_email: str,
        html_email_template_name: str | None = None,
    ) -> None:
        subject = "".join(loader.render_to_string(subject_template_name, context).splitlines())
        body = loader.render_to_string(email_template_name, context)
        message = EmailMultiAlternatives(subject, body, from_email, [to_email])
        if html_email_template_name is not None:
            html = loader.render_to_string(html_email_template_name, context)
            message.attach_alternative(html, "text/html")
        try:
            message.send()
        except Exception as error:  # the backend's: SMTP refused, timed out, not configured
            self.failures[context["user"].pk] = error


@task()
@carries_request_id
def send_password_reset(
    *,
    email: str,
    domain: str,
    use_https: bool,
    extra_email_context: dict[str, Any],
    user_ids: list[int] | None = None,
    attempt: int = 1,
    language: str | None = None,
) -> str:
    """Look up the accounts of ``email`` and mail each a reset link, as Django's form does;
    nothing is sent for an address no active account uses. A mail that cannot be sent
    fails the task and is tried again later for those accounts only (``attempt`` counts
    the tries), then logged as an error with the request id of the reset's request.
    ``language``: the request's, which a worker has no other way to know; the mail is
    written in it."""
    form = _ResetMailForm({"email": email}, user_ids=user_ids)
    if not form.is_valid():
        return "not an e-mail address"
    with translation.override(language):
        form.save(
            domain_override=domain, use_https=use_https, extra_email_context=extra_email_context
        )
    if not form.failures:
        return "sent"
    failed = sorted(form.failures)
    reason = error_summary(next(iter(form.failures.values())))
    # Tasks run inside their request (TASK_BACKEND=immediate) cannot wait: no retry there.
    can_wait = send_password_reset.get_backend().supports_defer
    if can_wait and attempt <= len(RESET_MAIL_RETRY_SECONDS):
        delay = RESET_MAIL_RETRY_SECONDS[attempt - 1]
        retry = send_password_reset.using(run_after=timezone.now() + dt.timedelta(seconds=delay))
        enqueue(
            retry,
            email=email,
            domain=domain,
            use_https=use_https,
            extra_email_context=extra_email_context,
            user_ids=failed,
            attempt=attempt + 1,
            language=language,
        )
        logger.warning(
            "password reset e-mail not sent (try %d), trying again in %d s: %s",
            attempt,
            delay,
            reason,
            extra={"account_ids": failed},
        )
    else:
        logger.error(
            "password reset e-mail not sent after %d tries; the player was told it was: %s",
            attempt,
            reason,
            extra={"account_ids": failed},
        )
    raise PasswordResetNotSent(f"accounts {failed}: {reason}")

"""Mail that cannot fail silently: SMTP with the site's own Message-IDs, and, with debug
off and no mail server, a backend that refuses to send instead of printing the mail (a
password-reset link is a login: it must never reach a log)."""

from __future__ import annotations

from collections.abc import Sequence
from email.utils import getaddresses, make_msgid

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.core.mail import EmailMessage
from django.core.mail.backends.base import BaseEmailBackend
from django.core.mail.backends.smtp import EmailBackend as DjangoSMTPBackend

SMTP_BACKEND = "core.mail.SMTPBackend"
UNCONFIGURED_BACKEND = "core.mail.UnconfiguredBackend"
# Backends that deliver nothing to anyone: with debug off, check --deploy refuses them.
UNDELIVERED_BACKENDS = frozenset(
    {
        UNCONFIGURED_BACKEND,
        "django.core.mail.backends.console.EmailBackend",
        "django.core.mail.backends.filebased.EmailBackend",
        "django.core.mail.backends.locmem.EmailBackend",
        "django.core.mail.backends.dummy.EmailBackend",
    }
)
NO_MAIL_SERVER = (
    "No mail server: set EMAIL_HOST (and EMAIL_HOST_USER, EMAIL_HOST_PASSWORD) to send "
    "the site's e-mails; nothing was sent."
)


def site_domain() -> str:
    """The site's own name: the first of ``ALLOWED_HOSTS`` that names one host, else the
    domain of ``DEFAULT_FROM_EMAIL``."""
    for host in settings.ALLOWED_HOSTS:
        name = host.lstrip(".")
        if name and "*" not in name and not name.startswith("["):
            return name
    addresses = getaddresses([settings.DEFAULT_FROM_EMAIL])
    return addresses[0][1].rpartition("@")[2] if addresses else "localhost"


class SMTPBackend(DjangoSMTPBackend):
    """Django's SMTP backend; each message's Message-ID ends in the site's domain (Django
    would use the machine's name, often ``localhost``, which spam filters hold against it)."""

    def send_messages(self, email_messages: Sequence[EmailMessage]) -> int:
        domain = site_domain()
        for message in email_messages:
            if not any(name.lower() == "message-id" for name in message.extra_headers):
                message.extra_headers["Message-ID"] = make_msgid(domain=domain)
        return super().send_messages(email_messages)


class UnconfiguredBackend(BaseEmailBackend):
    """Debug off and no ``EMAIL_HOST``: every send fails (the task that sends is marked
    failed and retried), and ``check --deploy`` says so before anyone asks for a mail."""

    def send_messages(self, email_messages: Sequence[EmailMessage]) -> int:
        if not email_messages:
            return 0
        if self.fail_silently:
            return 0
        raise ImproperlyConfigured(NO_MAIL_SERVER)

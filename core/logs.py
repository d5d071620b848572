"""Logs an operator can use: every line carries the request's id, and the user's and the
game's where known; JSON in production, one readable line per event in development.

The standard library's ``logging`` does the work (every line, Django's and the site's,
goes through one handler); python-json-logger only formats a record as JSON. The ids
live in context variables set by :class:`RequestContextMiddleware` and are copied onto
each record by :class:`RequestContextFilter`, so ``logger.info("...")`` anywhere in a
request needs nothing more.
"""

from __future__ import annotations

import logging
import re
import uuid
from collections.abc import Callable
from contextvars import ContextVar
from typing import TYPE_CHECKING, Any

from pythonjsonlogger.core import RESERVED_ATTRS

if TYPE_CHECKING:  # settings.py imports this module: nothing of Django's at import time
    from django.http import HttpRequest
    from django.http.response import HttpResponseBase

REQUEST_ID_HEADER = "X-Request-ID"
# An id sent by the proxy in front is kept (one id from the proxy's log to ours) when it
# looks like one; anything else is replaced, so no header can forge a log line.
_ACCEPTED_REQUEST_ID = re.compile(r"^[A-Za-z0-9._-]{8,64}$")
NO_VALUE = "-"

request_id_var: ContextVar[str] = ContextVar("request_id", default=NO_VALUE)
user_id_var: ContextVar[str] = ContextVar("user_id", default=NO_VALUE)
game_id_var: ContextVar[str] = ContextVar("game_id", default=NO_VALUE)

logger = logging.getLogger("core.requests")

TEXT_FORMAT = (
    "%(asctime)s %(levelname)-7s %(name)s [req=%(request_id)s user=%(user_id)s "
    "game=%(game_id)s] %(message)s"
)
JSON_FIELDS = (
    "%(asctime)s %(levelname)s %(name)s %(message)s %(request_id)s %(user_id)s %(game_id)s"
)


def error_summary(error: BaseException) -> str:
    """An error in one line, for a log line or a probe's report (a driver's message may
    run over several, with hints)."""
    return (str(error).strip().splitlines() or [type(error).__name__])[0]


def current_request_id() -> str:
    return request_id_var.get()


class RequestContextMiddleware:
    """First in the stack: gives the request an id (``request.id``, the ``X-Request-ID``
    answer header, every log line), then the user's and game's ids once they are known;
    logs each 429 the site answers (whichever limit refused it)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        sent = request.headers.get(REQUEST_ID_HEADER, "")
        request_id = sent if _ACCEPTED_REQUEST_ID.match(sent) else uuid.uuid4().hex
        request.id = request_id  # type: ignore[attr-defined]
        # Set, not reset on the way out: Django logs a 4xx or 5xx (and the development
        # server its access line) after the middleware returned. ``request_finished``
        # clears them once the answer is sent (a stream, after its last line).
        request_id_var.set(request_id)
        user_id_var.set(NO_VALUE)
        game_id_var.set(NO_VALUE)
        response = self.get_response(request)
        if response.status_code == 429:
            logger.warning("rate limited: %s %s", request.method, request.path)
        response[REQUEST_ID_HEADER] = request_id
        return response

    def process_view(
        self,
        request: HttpRequest,
        view: Callable[..., Any],
        args: tuple[Any, ...],
        kwargs: dict[str, Any],
    ) -> None:
        """The session's user is loaded by now (lazily: no query is added for a visitor)."""
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated:
            user_id_var.set(str(user.pk))
        match = request.resolver_match
        if match is not None and (match.url_name or "").startswith("game_") and "pk" in kwargs:
            game_id_var.set(str(kwargs["pk"]))


def clear_request_context(**kwargs: Any) -> None:
    """``request_finished``: lines logged between requests carry no request's ids."""
    request_id_var.set(NO_VALUE)
    user_id_var.set(NO_VALUE)
    game_id_var.set(NO_VALUE)


class RequestContextFilter(logging.Filter):
    """Copies the request's ids onto every record (``-`` outside a request)."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.request_id = request_id_var.get()
        if not hasattr(record, "user_id"):
            record.user_id = user_id_var.get()
        if not hasattr(record, "game_id"):
            record.game_id = game_id_var.get()
        return True


class AccessLineFilter(logging.Filter):
    """The development server's access line of an answer Django has already logged (a 4xx
    or 5xx, with its reason) is dropped: each event is printed once."""

    def filter(self, record: logging.LogRecord) -> bool:
        return not (record.name == "django.server" and getattr(record, "status_code", 0) >= 400)


class ExpectedClientErrorFilter(logging.Filter):
    """A 4xx is the client's mistake, not the site's: its line stays, its traceback goes
    (Django attaches one to a 403 or a 400 from a refused request)."""

    def filter(self, record: logging.LogRecord) -> bool:
        status = getattr(record, "status_code", None)
        if status is not None and 400 <= status < 500:
            record.exc_info = None
            record.exc_text = None
        return True


class LoggedFailure(RuntimeError):
    """Raised by a task whose own code has already logged why it failed, at the level it
    deserves (a retry is scheduled: a warning; the last try failed: an error). The queue
    then records the task as failed, and :class:`LoggedFailureFilter` keeps its own line
    about it from saying the same again as an error with a traceback."""


class LoggedFailureFilter(logging.Filter):
    """On the task queue's logger (``django_tasks``): the line of a task that failed with a
    :class:`LoggedFailure` is a warning, without the traceback. ERROR is for a person to
    act on, and the task said already whether one must."""

    def filter(self, record: logging.LogRecord) -> bool:
        error = record.exc_info[1] if record.exc_info else None
        if isinstance(error, LoggedFailure) and record.levelno > logging.WARNING:
            lower(record, logging.WARNING)
        return True


class NoActionFilter(logging.Filter):
    """Every line of its logger at ``level`` at most, without a traceback: for events no
    person can act on, such as a scanner's request for a host the site does not serve
    (``django.security.DisallowedHost``, which Django logs as an error)."""

    def __init__(self, level: str = "WARNING") -> None:
        super().__init__()
        self.level = logging.getLevelName(level)

    def filter(self, record: logging.LogRecord) -> bool:
        if record.levelno > self.level:
            lower(record, self.level)
        return True


def lower(record: logging.LogRecord, level: int) -> None:
    """A record at ``level``, its traceback dropped (the line says what happened)."""
    record.levelno = level
    record.levelname = logging.getLevelName(level)
    record.exc_info = None
    record.exc_text = None


# Not printed as JSON fields: a request object (Django's request records) has no JSON form.
RESERVED_JSON_ATTRIBUTES = (*RESERVED_ATTRS, "request", "server_time", "taskName")
_RECORD_ATTRIBUTES = frozenset(vars(logging.LogRecord("", 0, "", 0, "", None, None))) | {
    "message",
    "asctime",
    "request_id",
    "user_id",
    "game_id",
    "request",  # Django's request records carry the request object: not a field to print
    "server_time",
}


class TextFormatter(logging.Formatter):
    """One readable line per event: the fields a call passed in ``extra`` follow as
    ``key=value`` (JSON shows them as fields of its own)."""

    def format(self, record: logging.LogRecord) -> str:
        line = super().format(record)
        fields = {k: v for k, v in vars(record).items() if k not in _RECORD_ATTRIBUTES}
        if not fields:
            return line
        head, newline, rest = line.partition("\n")  # a traceback stays below its line
        pairs = " ".join(f"{key}={value}" for key, value in fields.items())
        return f"{head} {pairs}{newline}{rest}"


def log_lockout(sender: object, request: HttpRequest | None = None, **kwargs: Any) -> None:
    """django-axes's ``user_locked_out`` signal: a (username, address) pair is locked."""
    logger.warning("login locked out: %r from %s", kwargs.get("username"), kwargs.get("ip_address"))


def logging_config(
    *, json: bool, level: str, mail_admins: bool, site_level: str = "INFO"
) -> dict[str, Any]:
    """The ``LOGGING`` setting: one console handler for every logger, Django's included
    (so the development server prints each line once), and mail to ``ADMINS`` on a 500."""
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "filters": {
            "request_context": {"()": RequestContextFilter},
            "expected_client_errors": {"()": ExpectedClientErrorFilter},
            "access_lines": {"()": AccessLineFilter},
            "require_debug_false": {"()": "django.utils.log.RequireDebugFalse"},
            "logged_failures": {"()": LoggedFailureFilter},
            "no_action": {"()": NoActionFilter, "level": "WARNING"},
        },
        "formatters": {
            "json": {
                "()": "pythonjsonlogger.json.JsonFormatter",
                "fmt": JSON_FIELDS,
                "reserved_attrs": [*RESERVED_JSON_ATTRIBUTES],
                "rename_fields": {"asctime": "time", "levelname": "level", "name": "logger"},
            },
            "text": {"()": TextFormatter, "format": TEXT_FORMAT},
        },
        "handlers": {
            "console": {
                "class": "logging.StreamHandler",
                "formatter": "json" if json else "text",
                "filters": ["request_context", "expected_client_errors", "access_lines"],
            },
            "mail_admins": {
                "class": "django.utils.log.AdminEmailHandler",
                "level": "ERROR",
                "filters": ["require_debug_false", "request_context"],
            },
        },
        "root": {"handlers": ["console"], "level": level},
        "loggers": {
            # Django's own loggers print through the root's handler, once: their default
            # handlers (a second console in development) are removed, not added to.
            "django": {"handlers": [], "level": level, "propagate": True},
            "django.request": {
                "handlers": ["mail_admins"] if mail_admins else [],
                "propagate": True,
            },
            "django.server": {"handlers": [], "level": "INFO", "propagate": True},
            # ERROR means a person must act (docs/operations.md): a request for a host the
            # site does not serve (a scanner, a probe by address) is a warning; a task that
            # logged its own failure is not said again as an error.
            "django.security.DisallowedHost": {"filters": ["no_action"], "propagate": True},
            "django_tasks": {"filters": ["logged_failures"], "propagate": True},
            # The site's own events (imports, refusals, finished games) at their own level.
            **{
                app: {"level": site_level}
                for app in (
                    "core",
                    "accounts",
                    "games",
                    "dictionaries",
                    "classes",
                    "daily",
                    "ratings",
                    "front",
                )
            },
        },
    }

"""One settings module, driven by environment variables.

With nothing set it runs in debug mode on an SQLite file, for a newcomer;
production sets ``DJANGO_DEBUG=0``, ``DJANGO_SECRET_KEY``,
``DJANGO_ALLOWED_HOSTS`` and ``DATABASE_URL=postgres://...`` (see docs/deploying.md).

About 500 lines, on purpose one module: every environment variable the site reads is
read here, so docs/configuration.md's table and ``.env.example`` are checked against
this one file (tests/evilsite/test_configuration_table.py).
"""

from __future__ import annotations

import datetime as dt
import ipaddress
import os
from email.utils import getaddresses
from pathlib import Path

import dj_database_url
from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_noop

from core.logs import logging_config
from games.engine.makers import SEARCHING_DIFFICULTIES

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    lowered = value.strip().lower()
    if lowered in {"1", "true", "yes", "on"}:
        return True
    if lowered in {"0", "false", "no", "off"}:
        return False
    raise ImproperlyConfigured(f"{name} must be a boolean (1/0, true/false), not {value!r}")


def env_list(name: str, default: list[str]) -> list[str]:
    value = os.environ.get(name)
    if not value:
        return default
    return [item.strip() for item in value.split(",") if item.strip()]


def env_int(name: str, default: int) -> int:
    value = os.environ.get(name)
    if not value:
        return default
    try:
        return int(value)
    except ValueError as error:
        raise ImproperlyConfigured(f"{name} must be an integer, not {value!r}") from error


DEBUG = env_bool("DJANGO_DEBUG", True)

_DEV_SECRET_KEY = "dev-only-insecure-key-do-not-use-in-production"
# Empty counts as unset (a copied .env with DJANGO_SECRET_KEY= uncommented, in development).
SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY") or (_DEV_SECRET_KEY if DEBUG else "")
if not SECRET_KEY:
    raise ImproperlyConfigured("DJANGO_SECRET_KEY must be set when DJANGO_DEBUG is off")
# Former keys, newest first, comma-separated: what they signed (sessions, reset links, share
# links) still verifies while the new key signs. The daily puzzles' seeds follow the
# current key only (docs/operations.md: rotating the key).
SECRET_KEY_FALLBACKS = env_list("DJANGO_SECRET_KEY_FALLBACKS", [])

ALLOWED_HOSTS = env_list(
    "DJANGO_ALLOWED_HOSTS", ["localhost", "127.0.0.1", "[::1]"] if DEBUG else []
)
CSRF_TRUSTED_ORIGINS = env_list("DJANGO_CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "django_htmx",
    "csp",
    "template_partials",
    "axes",
    # The site's apps in their layers' order, lowest first (pyproject.toml's import-linter
    # "apps" contract; tests/architecture/test_installed_apps.py holds them to it): an app's
    # ``ready`` runs after those of the apps it stands on. evilsite, the configuration, is
    # no app: core is the platform at the bottom.
    "core",
    "dictionaries",
    "games",
    "daily",
    "ratings",
    "friends",
    "api",
    "records",
    "classes",
    "accounts",
    "front",
    # After the site's apps: dictionaries' db_worker (orphan uploads cleared first) wins.
    "django_tasks",
    "django_tasks_db",
]

MIDDLEWARE = [
    # First: the request id (and the user's and game's) on every log line it causes.
    "core.logs.RequestContextMiddleware",
    # Second: load balancers' and monitors' probes, before the HTTPS redirect and host check.
    "core.middleware.ProbeMiddleware",
    "django.middleware.security.SecurityMiddleware",
    # The language, from the cookie the menu sets, else Accept-Language (no session read:
    # so early that the refusals below answer in it too; accounts/languages.py).
    "django.middleware.locale.LocaleMiddleware",
    # NUL and control characters (400), oversize bodies (413): refused before any view.
    "core.bad_input.BadInputMiddleware",
    # django-csp's, with the policy's header built once (core/middleware.py).
    "core.middleware.CSPHeaderMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # An address already refused on this path (a login flood) is answered here, with no query.
    "core.middleware.KnownRefusalsMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # An account's saved language, copied into its session at login: no query of its own.
    "accounts.languages.AccountLanguageMiddleware",
    # Cache-Control: private, no-store for signed-in users and downloads.
    "core.middleware.PrivateResponsesMiddleware",
    "django_permissions_policy.PermissionsPolicyMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # A page whose replica went away under a query is answered from the primary.
    "core.db_router.ReplicaFallbackMiddleware",
    # Last, as django-axes asks, so it sees the outcome of authentication.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "evilsite.urls"
WSGI_APPLICATION = "evilsite.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "front.context_processors.navigation",
            ],
        },
    },
]

DATABASES = {
    "default": dj_database_url.parse(
        os.environ.get("DATABASE_URL") or f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=env_int("DATABASE_CONN_MAX_AGE", 60),
        # No SELECT 1 before every request: a kept connection is checked only after it sat
        # idle this many seconds (core/idle_connections.py, which says how a connection
        # dropped while in use is replaced).
        conn_health_checks=False,
    )
}
DATABASE_HEALTH_CHECK_IDLE_SECONDS = env_int("DATABASE_HEALTH_CHECK_IDLE_SECONDS", 5)
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Waits instead of failing when two requests write at once.
    DATABASES["default"]["OPTIONS"] = {"timeout": 20, "transaction_mode": "IMMEDIATE"}
# Reads that may lag a second (leaderboards, statistics, profiles, the instructors' lists
# and exports) go to a streaming replica when there is one: core/db_router.py.
DATABASE_REPLICA_URL = os.environ.get("DATABASE_REPLICA_URL", "")
if DATABASE_REPLICA_URL:
    DATABASES["replica"] = dj_database_url.parse(
        DATABASE_REPLICA_URL,
        conn_max_age=env_int("DATABASE_CONN_MAX_AGE", 60),
        conn_health_checks=True,
    )
    if DATABASES["replica"]["ENGINE"] == "django.db.backends.postgresql":
        # A replica that does not answer costs a request at most this long, once per
        # DATABASE_REPLICA_RETRY_SECONDS (the router then reads from the primary).
        DATABASES["replica"].setdefault("OPTIONS", {})["connect_timeout"] = env_int(
            "DATABASE_REPLICA_CONNECT_TIMEOUT", 2
        )
    # Tests create no database on a read-only replica: it follows the primary's test
    # database (tests/conftest.py points it there once that database exists).
    DATABASES["replica"]["TEST"] = {"MIRROR": "default"}
DATABASE_ROUTERS = ["core.db_router.PrimaryReplicaRouter"]
# Off: the replica is configured but nothing reads from it (tests switch it per test).
DATABASE_REPLICA_READS = env_bool("DATABASE_REPLICA_READS", True)
# The replica may fail or fall behind at run time (core/db_router.py): one it cannot
# reach is left alone this long (per process), one lagging more than this many seconds
# is skipped, and its lag is asked at most once per DATABASE_REPLICA_CHECK_SECONDS.
DATABASE_REPLICA_RETRY_SECONDS = env_int("DATABASE_REPLICA_RETRY_SECONDS", 5)
DATABASE_REPLICA_MAX_LAG_SECONDS = env_int("DATABASE_REPLICA_MAX_LAG_SECONDS", 30)
DATABASE_REPLICA_CHECK_SECONDS = env_int("DATABASE_REPLICA_CHECK_SECONDS", 2)

# The task queue (core/health.py): a dotted path to a function answering the age in
# seconds of the oldest task waiting (None: none); empty: no queue. Never part of /ready/
# (one lagging queue would take every node out at once); /metrics/ reports it beside the
# age past which to alert (the workers are gone or swamped).
TASK_QUEUE_AGE = os.environ.get("TASK_QUEUE_AGE", "core.taskqueue.oldest_waiting_task_age")
TASK_QUEUE_ALERT_SECONDS = env_int("TASK_QUEUE_ALERT_SECONDS", 900)
# The probes' details (/ready/'s checks, /metrics/) for a monitor that sends
# "Authorization: Bearer <token>"; staff see them signed in. Empty: staff only.
PROBE_TOKEN = os.environ.get("PROBE_TOKEN", "")

# Background work (django-tasks, the API Django 6 ships as django.tasks): dictionary
# imports and password-reset e-mails. Tasks are rows in the database, run by
# `manage.py db_worker` processes (docs/deploying.md); "immediate" runs each task inside
# the request that queues it (tests, or a site without workers).
TASK_BACKEND = os.environ.get("TASK_BACKEND", "database")
if TASK_BACKEND not in {"database", "immediate"}:
    raise ImproperlyConfigured(f"TASK_BACKEND must be database or immediate, not {TASK_BACKEND!r}")
TASKS = {
    "default": {
        "BACKEND": (
            "django_tasks_db.DatabaseBackend"
            if TASK_BACKEND == "database"
            else "django_tasks.backends.immediate.ImmediateBackend"
        ),
        "QUEUES": ["default"],
    }
}

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
# Leaderboard indexes carry INCLUDE columns for PostgreSQL index-only scans;
# SQLite (dev, tests) simply builds them without those columns.
SILENCED_SYSTEM_CHECKS = ["models.W040"]

AUTHENTICATION_BACKENDS = [
    # django-axes' check (marking the tries it refuses, which count no more), then Django's:
    # a username nobody has is hashed against a dummy and counted as a real one's.
    "accounts.backends.LoginThrottleBackend",
    "django.contrib.auth.backends.ModelBackend",
    # Answers no login: lets a class's instructor review the games of its students.
    "classes.backends.ClassInstructorBackend",
]

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# E-mail (password reset links): SMTP once EMAIL_HOST is set (core/mail.py stamps the
# site's domain on Message-IDs); without it, printed on the console in debug, and refused
# with debug off (a reset link is a login: never into a log; check --deploy says so).
EMAIL_HOST = os.environ.get("EMAIL_HOST", "")
if EMAIL_HOST:
    EMAIL_BACKEND = "core.mail.SMTPBackend"
    EMAIL_PORT = env_int("EMAIL_PORT", 587)
    EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
    EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
    EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", True)
    EMAIL_USE_SSL = env_bool("EMAIL_USE_SSL", False)
    if EMAIL_USE_TLS and EMAIL_USE_SSL:
        raise ImproperlyConfigured(
            "EMAIL_USE_TLS (STARTTLS, port 587) and EMAIL_USE_SSL (port 465): set one, not both"
        )
elif DEBUG:
    EMAIL_BACKEND = "django.core.mail.backends.console.EmailBackend"
else:
    EMAIL_BACKEND = "core.mail.UnconfiguredBackend"
EMAIL_TIMEOUT = env_int("EMAIL_TIMEOUT", 10)
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL") or "Evil Hangman <noreply@localhost>"
# A reset link works for this long (and once).
PASSWORD_RESET_TIMEOUT = env_int("PASSWORD_RESET_TIMEOUT_DAYS", 3) * 24 * 60 * 60

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

# Failed logins: lock (username, IP) for a while, never for good.
AXES_FAILURE_LIMIT = env_int("AXES_FAILURE_LIMIT", 5)
AXES_COOLOFF_TIME = env_int("AXES_COOLOFF_MINUTES", 15) / 60  # hours
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
# A try refused while paused is no guess: it is not recorded and does not lengthen the pause.
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"
# Over this many hours, for browsers that never signed in to the account: from this many
# failures from one address on, each pauses that address for 1, 2, 4 ... minutes (at most
# the max); from this many addresses failing on the account on, each new one pauses every
# unknown device. One address never pauses the account for others; someone changing
# address for each try cannot guess its password; an owner on a new device waits minutes,
# never a day. A browser that has signed in to it before is never paused by others
# (accounts/devices.py, accounts/lockout.py; docs/security.md).
AXES_USERNAME_FAILURE_LIMIT = env_int("AXES_USERNAME_FAILURE_LIMIT", 20)
AXES_USERNAME_COOLOFF_HOURS = env_int("AXES_USERNAME_COOLOFF_HOURS", 24)
AXES_USERNAME_PAUSE_MINUTES = 1
AXES_USERNAME_PAUSE_MAX_MINUTES = 60
AXES_ENABLE_ACCESS_FAILURE_LOG = True  # one row per failure: what the account's lock counts
AXES_HANDLER = "accounts.lockout.AccountLockoutHandler"
AXES_LOCKOUT_CALLABLE = "accounts.lockout.lockout_response"
AXES_ENABLED = env_bool("AXES_ENABLED", True)
# Behind reverse proxies (docs/deploying.md): their addresses or networks. X-Forwarded-For
# is read only from a request whose socket peer is one of them (core/client_ip.py), so the
# locks and rate limits key on the real client and nobody else can choose their address.
TRUSTED_PROXIES = env_list("DJANGO_TRUSTED_PROXIES", [])
for _proxy in TRUSTED_PROXIES:
    try:
        ipaddress.ip_network(_proxy, strict=False)
    except ValueError:
        raise ImproperlyConfigured(
            "DJANGO_TRUSTED_PROXIES holds addresses or networks such as "
            f"127.0.0.1,10.0.0.0/8, not {_proxy!r}"
        ) from None
# At most this many X-Forwarded-For entries are read (0: as many as trusted proxies wrote).
TRUSTED_PROXY_COUNT = env_int("DJANGO_TRUSTED_PROXY_COUNT", 0)
if TRUSTED_PROXY_COUNT and not TRUSTED_PROXIES:
    raise ImproperlyConfigured(
        "DJANGO_TRUSTED_PROXY_COUNT alone would believe X-Forwarded-For from anyone: set "
        "DJANGO_TRUSTED_PROXIES to the proxies' addresses (e.g. 127.0.0.1) as well"
    )
AXES_CLIENT_IP_CALLABLE = "core.client_ip.client_block"  # IPv6 by its /64

# The pages' languages (issue 30): the browser's Accept-Language picks one, the footer's menu
# overrides it (a cookie; for an account, its saved choice: accounts/languages.py). Each
# name is the language's own, as the menu shows it. Catalogs: locale/, `make messages`.
LANGUAGE_CODE = "en"
LANGUAGES = [
    ("en", "English"),
    ("es", "Español"),
    ("fr", "Français"),
    ("de", "Deutsch"),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
# Pages name date formats (|date:"SHORT_DATETIME_FORMAT"): Django's per language, with
# English kept as the site wrote it ("28 Nov 2026", "2026-11-28 23:42").
FORMAT_MODULE_PATH = ["evilsite.formats"]
# A visitor's choice lasts a year, not the browser's session (Django's default).
LANGUAGE_COOKIE_AGE = 365 * 24 * 60 * 60
LANGUAGE_COOKIE_HTTPONLY = True
LANGUAGE_COOKIE_SAMESITE = "Lax"
TIME_ZONE = os.environ.get("DJANGO_TIME_ZONE", "UTC")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = Path(os.environ.get("DJANGO_STATIC_ROOT") or BASE_DIR / "staticfiles")
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}

# Per process, on purpose: it holds only what never changes once computed (the word
# lengths of a dictionary), so a node with an empty cache answers the same, just slower.
# Nothing another node must see goes here: sessions and login locks are in the database,
# and so are the rate-limit counters (core/ratelimit.py).
CACHES = {
    "default": {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
        "LOCATION": "evilsite",
    }
}

# Rate limits (core/ratelimit.py): a scope's rate is "<requests>/<period>" with a period
# in s, m, h or d ("20/10m"); empty: no limit. Generous for a person, tight for a script.
# Per signed-in account (for "password_reset": per e-mail address a link is asked for):
RATE_LIMITS = {
    "export": os.environ.get("RATE_LIMIT_EXPORT", "20/10m"),
    # Each guess on a fiendish game, and each move of a game the computer plays, runs a search.
    "fiendish_guess": os.environ.get("RATE_LIMIT_FIENDISH_GUESS", "60/m"),
    "hint": os.environ.get("RATE_LIMIT_HINT", "10/m"),
    # Each game the computer plays runs the guesser's search on every move.
    "computer_game": os.environ.get("RATE_LIMIT_COMPUTER_GAME", "10/m"),
    "game_start": os.environ.get("RATE_LIMIT_GAME_START", "30/10m"),
    "class_join": os.environ.get("RATE_LIMIT_CLASS_JOIN", "10/h"),
    "password_check": os.environ.get("RATE_LIMIT_PASSWORD_CHECK", "10/h"),
    "password_reset": os.environ.get("RATE_LIMIT_PASSWORD_RESET", "3/h"),
    # Per API token (api app): every request, and the games a token starts.
    "api_request": os.environ.get("RATE_LIMIT_API_REQUEST", "300/m"),
    "api_game_start": os.environ.get("RATE_LIMIT_API_GAME_START", "300/10m"),
    # Per known device (its cookie, accounts/devices.py): failed logins before it is
    # treated as an unknown device again.
    "login_device": "5/15m",
}
# Per client address (core/client_ip.py), signed in or not: a school or a household shares
# one, so these allow a class at once; sign-up, login and password reset count only here.
RATE_LIMITS_PER_ADDRESS = {
    "signup": os.environ.get("RATE_LIMIT_SIGNUP_PER_ADDRESS", "20/h"),
    "login": os.environ.get("RATE_LIMIT_LOGIN_PER_ADDRESS", "60/10m"),
    # Failed logins, whatever the usernames: past it, logins from there wait for the window.
    "login_failure": os.environ.get("RATE_LIMIT_LOGIN_FAILURE_PER_ADDRESS", "20/10m"),
    "password_reset": os.environ.get("RATE_LIMIT_PASSWORD_RESET_PER_ADDRESS", "10/h"),
    "password_check": os.environ.get("RATE_LIMIT_PASSWORD_CHECK_PER_ADDRESS", "30/h"),
    "class_join": os.environ.get("RATE_LIMIT_CLASS_JOIN_PER_ADDRESS", "60/h"),
    "game_start": os.environ.get("RATE_LIMIT_GAME_START_PER_ADDRESS", "300/10m"),
    "fiendish_guess": os.environ.get("RATE_LIMIT_FIENDISH_GUESS_PER_ADDRESS", "600/m"),
    "hint": os.environ.get("RATE_LIMIT_HINT_PER_ADDRESS", "100/m"),
    "computer_game": os.environ.get("RATE_LIMIT_COMPUTER_GAME_PER_ADDRESS", "100/m"),
    # Per client address only: each try-it game of a visitor makes an account.
    "guest": os.environ.get("RATE_LIMIT_GUEST", "30/h"),
    # Today's puzzle played by new guests: each is a fresh identity that learns how the
    # puzzle answers, so many of them from one address would be probing it for a player's
    # own attempt. A household's few visitors pass; past it, they sign up or log in.
    "guest_daily": os.environ.get("RATE_LIMIT_GUEST_DAILY", "5/d"),
    "api_request": os.environ.get("RATE_LIMIT_API_REQUEST_PER_ADDRESS", "1200/m"),
}
# What the 429 message calls each scope's requests ("Too many exports: ...").
# Marked for the catalogs (gettext_noop); the rate-limit page translates them when shown.
RATE_LIMIT_LABELS = {
    "export": gettext_noop("exports"),
    "fiendish_guess": gettext_noop("guesses on fiendish games and computer moves"),
    "hint": gettext_noop("hints"),
    "computer_game": gettext_noop("games played by the computer"),
    "game_start": gettext_noop("new games"),
    "class_join": gettext_noop("attempts to join a class"),
    "password_check": gettext_noop("password checks"),
    "password_reset": gettext_noop("password reset requests"),
    "signup": gettext_noop("sign-ups"),
    "login": gettext_noop("login attempts"),
    "login_failure": gettext_noop("failed logins"),
    "login_device": gettext_noop("failed logins from this browser"),
    "guest": gettext_noop("practice games started without an account"),
    "guest_daily": gettext_noop("daily puzzles played without an account"),
    "api_request": gettext_noop("API requests"),
    "api_game_start": gettext_noop("games started through the API"),
}
RATE_LIMITS_ENABLED = env_bool("RATE_LIMITS_ENABLED", True)
# Guest accounts (a visitor's practice games) with no game played for this many days are
# deleted by `manage.py delete_stale_guests`; signing up makes a guest a real account.
GUEST_RETENTION_DAYS = env_int("GUEST_RETENTION_DAYS", 30)

# The API for programs (api app): tokens an account may hold (revoked ones do not count),
# and games a token may have in progress at once.
API_TOKENS_PER_ACCOUNT = env_int("API_TOKENS_PER_ACCOUNT", 5)
API_GAMES_IN_PROGRESS_PER_TOKEN = env_int("API_GAMES_IN_PROGRESS_PER_TOKEN", 10)
# Guesses on games of these difficulties run a search: they count in "fiendish_guess". By
# default the word-makers that say they search (the engine's registry: games/engine/makers/).
RATE_LIMITED_DIFFICULTIES = env_list(
    "RATE_LIMITED_DIFFICULTIES", [str(difficulty) for difficulty in SEARCHING_DIFFICULTIES]
)

# Dictionary uploads (admin and import_dictionary).
DICTIONARY_UPLOAD_MAX_BYTES = env_int("DICTIONARY_UPLOAD_MAX_BYTES", 20 * 1024 * 1024)
# Word files the admin uploaded wait here for a worker to import them; Django's own temporary
# files of uploads go in its "incoming" folder. A worker that starts deletes what no waiting
# or running import owns (dictionaries/import_jobs.py), so a killed process leaves nothing.
DICTIONARY_UPLOAD_DIR = Path(
    os.environ.get("DICTIONARY_UPLOAD_DIR") or BASE_DIR / "var" / "uploads"
).resolve()
FILE_UPLOAD_TEMP_DIR = str(DICTIONARY_UPLOAD_DIR / "incoming")
DATA_UPLOAD_MAX_MEMORY_SIZE = 2_621_440
FILE_UPLOAD_MAX_MEMORY_SIZE = 2_621_440
# A word file is the only upload: one request can't spool many files of up to the limit each.
DATA_UPLOAD_MAX_NUMBER_FILES = 1
# The size limit first, so no more than DICTIONARY_UPLOAD_MAX_BYTES of a file is ever stored.
FILE_UPLOAD_HANDLERS = [
    "dictionaries.uploads.SizeLimitedUploadHandler",
    "django.core.files.uploadhandler.MemoryFileUploadHandler",
    "django.core.files.uploadhandler.TemporaryFileUploadHandler",
]
# A word length with fewer words is played unranked: a tiny bucket is a sure win.
RANKED_MIN_WORDS = env_int("RANKED_MIN_WORDS", 100)
# A ranked game (a daily attempt too) with no move for this long is finished as a loss,
# "abandoned" (games.services.abandoned_games_expire): otherwise a player about to lose
# could leave the tab open and never be rated. A whole game is at most 26 guesses and
# takes minutes (the slowest word-maker answers in seconds), so an hour is far beyond any
# honest pause at one position, yet the dodge gains nothing: the loss lands the same hour.
RANKED_ABANDON_MINUTES = env_int("RANKED_ABANDON_MINUTES", 60)
if RANKED_ABANDON_MINUTES < 1:
    raise ImproperlyConfigured("RANKED_ABANDON_MINUTES must be at least 1")
RANKED_ABANDON_AFTER = dt.timedelta(minutes=RANKED_ABANDON_MINUTES)
# Megabytes of (dictionary, length) lexicons each process keeps (dictionaries/wordbank.py).
LEXICON_CACHE_MB = env_int("LEXICON_CACHE_MB", 256)
# Finished ranked games a player needs before the win-rate leaderboard ranks them.
LEADERBOARD_MIN_GAMES = env_int("LEADERBOARD_MIN_GAMES", 5)
# The word-maker's answers on a daily puzzle are stored and shared by every player and node.
DAILY_SHARED_ANSWERS = env_bool("DAILY_SHARED_ANSWERS", True)
# The UTC day of daily puzzle #1; no puzzle is played before it. Production sets it to
# its launch day (check --deploy fails while it is unset: core/checks.py).
DAILY_FIRST_DAY_SET = bool(os.environ.get("DAILY_FIRST_DAY"))
try:
    DAILY_FIRST_DAY = dt.date.fromisoformat(os.environ.get("DAILY_FIRST_DAY") or "2026-01-01")
except ValueError as error:
    raise ImproperlyConfigured(
        f"DAILY_FIRST_DAY must be a date such as 2026-01-01, not {os.environ['DAILY_FIRST_DAY']!r}"
    ) from error

if not DEBUG:
    SECURE_SSL_REDIRECT = env_bool("DJANGO_SECURE_SSL_REDIRECT", True)
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    LANGUAGE_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = env_int("DJANGO_SECURE_HSTS_SECONDS", 60 * 60 * 24 * 365)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SECURE_CONTENT_TYPE_NOSNIFF = True

# Content Security Policy (django-csp; Django 5.2 has none of its own): scripts, styles,
# images and fonts from this site only, nothing inline, no eval, no frames, no plugins.
# The admin fits it too (its scripts are files, its data in data- attributes).
_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "font-src": [SELF],
        "connect-src": [SELF],
        "object-src": [NONE],
        "base-uri": [NONE],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    }
}
# Django's own debug pages (DEBUG on) are styled inline: a developer reading one may set
# DJANGO_CSP_REPORT_ONLY=1, and the browser then reports violations without blocking them.
if env_bool("DJANGO_CSP_REPORT_ONLY", False):
    CONTENT_SECURITY_POLICY_REPORT_ONLY = _POLICY
else:
    CONTENT_SECURITY_POLICY = _POLICY

# Permissions-Policy (django-permissions-policy): a word game needs none of the browser's
# powerful features, so none is granted to this site or to anything it could embed.
PERMISSIONS_POLICY: dict[str, list[str]] = {
    feature: []
    for feature in (
        "accelerometer",
        "autoplay",
        "browsing-topics",
        "camera",
        "display-capture",
        "encrypted-media",
        "fullscreen",
        "geolocation",
        "gyroscope",
        "magnetometer",
        "microphone",
        "midi",
        "payment",
        "picture-in-picture",
        "publickey-credentials-get",
        "screen-wake-lock",
        "sync-xhr",
        "usb",
        "xr-spatial-tracking",
    )
}

# Logs (core/logs.py): one line per event on standard error, JSON in production (for a
# log collector), readable text in development; each with the request id, user and game.
LOG_FORMAT = os.environ.get("DJANGO_LOG_FORMAT") or ("text" if DEBUG else "json")
if LOG_FORMAT not in {"json", "text"}:
    raise ImproperlyConfigured(f"DJANGO_LOG_FORMAT must be json or text, not {LOG_FORMAT!r}")
# Who is mailed a 500's traceback (with DEBUG off): "Ann <ann@example.org>, bob@example.org".
ADMINS = [
    (name, address)
    for name, address in getaddresses([os.environ.get("DJANGO_ADMINS", "")])
    if address
]
SERVER_EMAIL = os.environ.get("SERVER_EMAIL") or DEFAULT_FROM_EMAIL
LOGGING = logging_config(
    json=LOG_FORMAT == "json",
    level=os.environ.get("DJANGO_LOG_LEVEL", "WARNING"),
    mail_admins=bool(ADMINS),
    # The site's own events: INFO logs each import, refusal and finished game.
    site_level=os.environ.get("SITE_LOG_LEVEL", "INFO"),
)

# An error tracker, only when a DSN is given: without one nothing is initialised or sent.
SENTRY_DSN = os.environ.get("SENTRY_DSN", "")
if SENTRY_DSN:
    import sentry_sdk

    sentry_sdk.init(
        dsn=SENTRY_DSN,
        environment=os.environ.get("SENTRY_ENVIRONMENT")
        or ("development" if DEBUG else "production"),
        send_default_pii=False,  # no user names, addresses or cookies leave the site
        traces_sample_rate=0.0,
    )

"""What the database benchmarks share: a database of their own, and Django set up on it.

A benchmark must never touch development data, and parallel runs must not
collide, so each run works in a database created for it (named after the
process id) and dropped afterwards, even when the run fails.
"""

from __future__ import annotations

import io
import os
import statistics
import sys
import tempfile
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parent.parent
POSTGRES_SCHEMES = frozenset({"postgres", "postgresql", "pgsql"})
DEFAULT_HOST = "127.0.0.1"


@contextmanager
def throwaway_database(
    url: str, *, prefix: str, refusal: str, allow_sqlite: bool = False
) -> Iterator[str]:
    """The URL of a fresh, empty database ``<prefix>_<pid>`` on the server of ``url``.

    With ``allow_sqlite``, a SQLite ``url`` gets a file in a temporary folder
    instead. Any other scheme ends the run with ``refusal`` (``{scheme}`` in it
    stands for the URL's scheme), before anything is created.
    """
    parts = urlsplit(url)
    if parts.scheme in POSTGRES_SCHEMES:
        import psycopg
        from psycopg import sql

        name = f"{prefix}_{os.getpid()}"
        server = {
            "host": parts.hostname or DEFAULT_HOST,
            "port": parts.port or 5432,
            "user": parts.username or "postgres",
            "password": parts.password,
            "dbname": "postgres",
            "autocommit": True,
        }
        with psycopg.connect(**server) as admin:
            admin.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
        try:
            yield urlunsplit(parts._replace(path=f"/{name}"))
        finally:
            close_django_connections()
            with psycopg.connect(**server) as admin:
                admin.execute(
                    sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name))
                )
    elif allow_sqlite and parts.scheme.startswith("sqlite"):
        with tempfile.TemporaryDirectory(prefix="evil_bench_") as folder:
            yield f"sqlite:///{folder}/bench.sqlite3"
    else:
        raise SystemExit(refusal.format(scheme=parts.scheme))


def close_django_connections() -> None:
    """Django's open connections would keep the database busy while it is dropped.

    A no-op when this process never set Django up (a benchmark that only
    drives a server in other processes).
    """
    from django.conf import settings
    from django.db import connections

    if settings.configured:
        connections.close_all()


def setup_django(database_url: str) -> None:
    """Django on ``database_url``, migrated, with DEBUG off.

    DEBUG off because its query log would grow with every query and slow the
    measured code down.
    """
    os.environ["DATABASE_URL"] = database_url
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "evilsite.settings")
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    import django
    from django.conf import settings
    from django.core.management import call_command

    django.setup()
    settings.DEBUG = False
    call_command("migrate", verbosity=0, interactive=False)


def copy_rows(model: type, columns: list[str], rows: Iterable[Sequence[object]]) -> None:
    """Bulk-load ``rows`` into ``model``'s table with PostgreSQL's COPY.

    COPY bypasses Django, so a column the benchmark does not name would get no
    value; every other NOT NULL column with a model default is filled with that
    default. A field added later with a default therefore cannot break the
    benchmark (``bench/leaderboard.py`` broke that way when hints arrived).
    """
    from django.db import connection

    named = set(columns)
    filled: list[tuple[str, object]] = []
    for field in model._meta.concrete_fields:  # type: ignore[attr-defined]
        if field.column in named or field.null or field.primary_key:
            continue
        if not field.has_default():
            raise ValueError(f"{model.__name__}.{field.name} has no default: name it in columns")
        filled.append((field.column, field.get_default()))
    all_columns = [*columns, *(column for column, _ in filled)]
    defaults = [copy_text(value) for _, value in filled]
    buffer = io.StringIO()
    for row in rows:
        buffer.write("\t".join([*(copy_text(value) for value in row), *defaults]) + "\n")
    table = model._meta.db_table  # type: ignore[attr-defined]
    statement = f"COPY {table} ({', '.join(all_columns)}) FROM STDIN"
    with connection.cursor() as cursor, cursor.copy(statement) as copy:
        copy.write(buffer.getvalue())


def copy_text(value: object) -> str:
    """One value in COPY's text format (booleans as t/f, None as \\N)."""
    if value is None:
        return "\\N"
    if isinstance(value, bool):
        return "t" if value else "f"
    return str(value)


def child_pids(pid: int) -> list[int]:
    """The processes ``pid`` started (gunicorn's workers), from Linux's /proc."""
    children: list[int] = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        text = (task / "children").read_text()
        children += [int(child) for child in text.split()]
    return children


def cpu_seconds(pid: int) -> float:
    """User plus system CPU time a live process has used so far (Linux)."""
    # The command name (field 2) may hold spaces; the fields after its ")" are fixed.
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_bytes(pid: int) -> int:
    """A live process's resident memory (VmRSS), in bytes (Linux)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    raise LookupError(f"no VmRSS for process {pid}")


def signed_in_cookies(usernames: list[str]) -> list[dict[str, str]]:
    """A session per new player, written as Django's login would (no password hashing)."""
    from importlib import import_module

    from django.conf import settings
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.auth.models import User

    engine = import_module(settings.SESSION_ENGINE)
    cookies = []
    for username in usernames:
        user = User.objects.create_user(username=username, password=None)
        session = engine.SessionStore()
        session[SESSION_KEY] = str(user.pk)
        session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
        session[HASH_SESSION_KEY] = user.get_session_auth_hash()
        session.create()
        cookies.append({settings.SESSION_COOKIE_NAME: session.session_key})
    return cookies


def percentile(values: list[float], fraction: float) -> float:
    """The sample at ``fraction`` of the sorted values (nearest rank): the benches' p50 and p99."""
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))
    return ordered[index]


def summary(name: str, values: list[float]) -> str:
    """One line of a latency sample: count, p50, p90, p99, max and mean in milliseconds."""
    if not values:
        return f"{name:<12} no samples"
    return (
        f"{name:<12} n={len(values):<6} p50 {percentile(values, 0.50):6.1f} ms  "
        f"p90 {percentile(values, 0.90):6.1f} ms  p99 {percentile(values, 0.99):6.1f} ms  "
        f"max {max(values):6.1f} ms  mean {statistics.fmean(values):6.1f} ms"
    )

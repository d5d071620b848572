"""What the database benchmarks share: a database of their own, and Django set up on it.

A benchmark must never touch development data, and parallel runs must not
collide, so each run works in a database created for it (named after the
process id) and dropped afterwards, even when the run fails.
"""

from __future__ import annotations

import argparse
import dataclasses
import io
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
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


# --- Goals and figures every bench prints, and the side-by-side run -------------------------
#
# ``goal: <what>: met`` (or ``NOT met``) is the one form of a goal's line; bench/goals.py
# collects them into ``make bench-quick``'s closing table. ``figure: <name>: <value> <unit>
# (<lower|higher> is better)`` is a figure ``--against`` compares between two commits.

GOAL_LINE = re.compile(r"^goal: (?P<goal>.+): (?P<verdict>met|NOT met)$")
FIGURE_LINE = re.compile(
    r"^figure: (?P<name>.+): (?P<value>[-+0-9.eE]+) (?P<unit>\S+)"
    r" \((?P<better>lower|higher) is better\)$"
)
WORSE_ALLOWED = 1.10  # side by side, a figure may be this much worse than before (noise)


def goal(what: str, met: bool) -> bool:
    """Print a goal's line (never fails the run: goals are times); returns ``met``."""
    print(f"goal: {what}: {'met' if met else 'NOT met'}", flush=True)
    return met


def figure(name: str, value: float, unit: str, *, better: str = "lower") -> None:
    """Print a figure ``--against`` compares with the same figure at another commit."""
    print(f"figure: {name}: {value:.6g} {unit} ({better} is better)", flush=True)


def git(*args: str, cwd: Path | None = None) -> str:
    return subprocess.run(
        ["git", *args], cwd=cwd or ROOT, capture_output=True, text=True, check=True
    ).stdout.strip()


def previous_release() -> str:
    """The last release's commit (``core.releases``: its tag, or without tags the commit
    that added its CHANGELOG.md heading), for ``--against release``."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from core.releases import ReleaseNotFound
    from core.releases import previous_release as release

    try:
        return release(ROOT).commit
    except ReleaseNotFound as error:
        raise SystemExit(f"{error}: give --against a commit") from None


def run_bench(main: Callable[[], None], script: str) -> None:
    """Run a bench's ``main``, or with ``--against REV [--rounds N]`` the same bench at REV
    (``release``: the last release) beside the working tree, side by side (see
    :func:`side_by_side`). The bench's other options pass through to both."""
    argv = sys.argv[1:]
    if "--against" not in argv and not any(a.startswith("--against=") for a in argv):
        main()
        return
    parser = argparse.ArgumentParser(add_help=False)
    parser.add_argument("--against", required=True)
    parser.add_argument("--rounds", type=int, default=3)
    known, rest = parser.parse_known_args(argv)
    if known.rounds < 1:
        raise SystemExit("--rounds must be at least 1")
    side_by_side(Path(script).resolve(), known.against, rest, rounds=known.rounds)


@dataclass
class Side:
    label: str
    tree: Path
    runs: list[dict[str, tuple[float, str, str]]] = dataclasses.field(default_factory=list)
    walls: list[float] = dataclasses.field(default_factory=list)
    goals: list[str] = dataclasses.field(default_factory=list)


def side_by_side(script: Path, against: str, args: list[str], *, rounds: int) -> None:
    """The bench at ``against`` and in the working tree, in one run: ``against`` checked
    out into a temporary git worktree, and the working tree's bench/ copied into it so the
    same measuring code runs on the old code (its own bench/ when that one fails there);
    ``rounds`` runs each, interleaved (ABBA…) so that both sides share the machine's load.
    Prints each figure's median and spread on each side and the ratio now/then."""
    rev = previous_release() if against == "release" else against
    try:
        sha = git("rev-parse", "--verify", f"{rev}^{{commit}}")
    except subprocess.CalledProcessError:
        raise SystemExit(f"--against {against}: no such commit") from None
    name = script.relative_to(ROOT).as_posix()
    print(
        f"side by side: {name} {' '.join(args)} at {against} ({sha[:9]}) and the working tree "
        f"({git('rev-parse', '--short', 'HEAD')}+), {rounds} round(s) each, interleaved; "
        f"load {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs",
        flush=True,
    )
    with tempfile.TemporaryDirectory(prefix="evil_against_") as folder:
        tree = Path(folder) / "tree"
        git("worktree", "add", "--detach", str(tree), sha)
        try:
            if not (tree / name).exists():
                print(f"{name} is not in {against}: nothing to compare it with")
                return
            shutil.copytree(ROOT / "bench", tree / "bench", dirs_exist_ok=True)
            then, now = Side(against, tree), Side("now", ROOT)
            for index in range(rounds):
                order = (then, now) if index % 2 == 0 else (now, then)
                for side in order:
                    _run_once(side, name, args, index, rev=sha)
            _report(name, then, now)
        finally:
            git("worktree", "remove", "--force", str(tree))


def _run_once(side: Side, name: str, args: list[str], index: int, *, rev: str) -> None:
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, name, *args], cwd=side.tree, capture_output=True, text=True
    )
    if done.returncode != 0 and side.label != "now" and not side.runs and index == 0:
        # The working tree's bench needs what the old code lacks: the old bench, as it was.
        git("checkout", rev, "--", "bench", cwd=side.tree)
        print(f"  (today's {name} fails at {side.label}: its own bench/ runs there instead)")
        started = time.perf_counter()
        done = subprocess.run(
            [sys.executable, name, *args], cwd=side.tree, capture_output=True, text=True
        )
    wall = time.perf_counter() - started
    if done.returncode != 0:
        sys.stdout.write(done.stdout[-3000:] + done.stderr[-3000:])
        raise SystemExit(f"{name} failed at {side.label} (exit {done.returncode})")
    figures = {}
    for line in done.stdout.splitlines():
        if match := FIGURE_LINE.match(line):
            figures[match["name"]] = (float(match["value"]), match["unit"], match["better"])
    figures["whole run"] = (wall, "s", "lower")
    side.runs.append(figures)
    side.goals = [line for line in done.stdout.splitlines() if GOAL_LINE.match(line)]
    print(
        f"  round {index + 1}, {side.label}: {wall:.1f} s, {len(figures) - 1} figures", flush=True
    )


def _report(name: str, then: Side, now: Side) -> None:
    names = [key for key in now.runs[0] if key in then.runs[0]]
    missing = [key for key in now.runs[0] if key not in then.runs[0]]
    width = max(len(key) for key in names) + 2
    print(
        f"\n{'figure':<{width}}{'unit':>8}{then.label + ' p50':>14}{'spread':>16}"
        f"{'now p50':>12}{'spread':>16}{'now/then':>10}"
    )
    worse: list[str] = []
    for key in names:
        unit, better = now.runs[0][key][1], now.runs[0][key][2]
        old = [run[key][0] for run in then.runs]
        new = [run[key][0] for run in now.runs]
        ratio = statistics.median(new) / statistics.median(old) if statistics.median(old) else 1.0
        slower = ratio if better == "lower" else (1 / ratio if ratio else float("inf"))
        # Worse: by more than the allowance, and beyond the noise (every run now worse
        # than every run then; with one round each, the allowance alone).
        apart = min(new) > max(old) if better == "lower" else max(new) < min(old)
        if key != "whole run" and slower > WORSE_ALLOWED and apart:
            worse.append(f"{key} {ratio:.2f}x")
        print(
            f"{key:<{width}}{unit:>8}{statistics.median(old):>14.4g}{_spread(old):>16}"
            f"{statistics.median(new):>12.4g}{_spread(new):>16}{ratio:>9.2f}x"
        )
    if missing:
        print(f"(not at {then.label}: {', '.join(missing)})")
    if len(names) == 1:
        print(f"{name} prints no figure at {then.label}: only the whole run's time compares")
    print(f"\ngoals now ({name}):")
    for line in now.goals:
        print(f"  {line}")
    verdict = ", ".join(worse) if worse else "none"
    goal(
        f"{name} no figure more than {WORSE_ALLOWED:.2f}x worse than at {then.label}, "
        f"beyond the runs' spread (worse: {verdict})",
        not worse,
    )


def _spread(values: list[float]) -> str:
    return f"{min(values):.4g}–{max(values):.4g}" if len(values) > 1 else "one run"

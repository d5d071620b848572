"""What a login flood costs the server: a refused login and a failed one, step by step.

Creates a throwaway PostgreSQL database ``evil_proflogin_<pid>`` (server from
DATABASE_URL, default the local PostgreSQL) and sends, through Django's test
client (CSRF checked, as a browser's post is), the requests of
``bench/load.py --login-flood``: logins with random usernames and passwords,
each flooding address its own. The first ``RATE_LIMIT_LOGIN_FAILURE_PER_ADDRESS``
of an address fail (the form again, 200); every later one is refused (429).
A signed-in minimal page (``/ping/``) is timed beside them, for the floor of a
request through the same middleware.

It prints the median time of each kind of request (no profiler; wall and this
process's CPU, which leaves out PostgreSQL's) with its queries,
then the steps of each (a cProfile, each step the cumulative time of its entry
points), and the functions with the most cumulative time.

    .venv/bin/python bench/profile_login.py [--requests 400] [--top 25]

The last line is ``refused login <ms> ms (<q> queries), failed login <ms> ms
(<q> queries), minimal page <ms> ms``. Times only, never a verdict.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import os
import pstats
import secrets
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.support import setup_django, throwaway_database

DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/postgres"
# The steps of a login request, each the cumulative time of the functions named
# (file suffix, function name).
STEPS: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = (
    ("whole request (handler)", (("core/handlers/base.py", "get_response"),)),
    ("known refusal (lookup, no query)", (("core/ratelimit.py", "known_refusal"),)),
    ("rate-limit check (read)", (("core/ratelimit.py", "rate_limit_reached"),)),
    ("rate-limit count (upsert)", (("core/ratelimit.py", "rate_limit_hit"),)),
    ("the 429 answer (render)", (("core/ratelimit.py", "too_many_requests"),)),
    ("CSRF check", (("middleware/csrf.py", "process_view"),)),
    ("session middleware", (("sessions/middleware.py", "process_response"),)),
    ("authenticate (backends)", (("contrib/auth/__init__.py", "authenticate"),)),
    ("  axes' check (paused?)", (("accounts/backends.py", "authenticate"),)),
    ("  password hash (a dummy's: unknown name)", (("contrib/auth/hashers.py", "make_password"),)),
    ("  failed-login signal (count, axes)", (("dispatch/dispatcher.py", "send"),)),
    ("login view (form page render)", (("response.py", "render"),)),
    ("axes middleware", (("axes/middleware.py", "__call__"),)),
)


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--requests", type=int, default=400, help="refused logins timed (and as many profiled)"
    )
    parser.add_argument("--top", type=int, default=25, help="functions listed by cumulative time")
    parser.add_argument("--quick", action="store_true", help="40 requests (CI: it still works)")
    args = parser.parse_args()
    if args.quick:
        args.requests = 40
    return args


def main() -> None:
    args = parse_args()
    database_url = os.environ.get("DATABASE_URL") or DEFAULT_DATABASE_URL
    with throwaway_database(
        database_url,
        prefix="evil_proflogin",
        refusal="bench/profile_login.py profiles on PostgreSQL: set DATABASE_URL=postgres://...",
    ) as url:
        setup_django(url)
        run(args)


def run(args: argparse.Namespace) -> None:
    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from core.ratelimit import rate_for

    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "testserver"]
    failures_per_address = rate_for("login_failure", per_address=True)
    assert failures_per_address is not None, "RATE_LIMIT_LOGIN_FAILURE_PER_ADDRESS is off"
    allowed = failures_per_address.requests
    addresses = iter(f"10.9.{n >> 8 & 255}.{n & 255}" for n in range(1, 65000))

    class Flooder:
        """One flooding address: its browser (cookies, CSRF token) and its logins so far."""

        def __init__(self) -> None:
            self.address = next(addresses)
            self.client = Client(enforce_csrf_checks=True, REMOTE_ADDR=self.address)
            assert self.client.get("/accounts/login/").status_code == 200
            self.sent = 0

        def login(self) -> int:
            self.sent += 1
            response = self.client.post(
                "/accounts/login/",
                {"username": secrets.token_hex(6), "password": secrets.token_hex(8)},
                headers={"X-CSRFToken": self.client.cookies["csrftoken"].value},
            )
            return response.status_code

    user = get_user_model().objects.create_user("profiler", password=None)
    signed_in = Client()
    signed_in.force_login(user)

    def timed(
        send: Callable[[], int], expected: int, profile: cProfile.Profile | None
    ) -> tuple[float, float, int]:
        with CaptureQueriesContext(connection) as queries:
            started, started_cpu = time.perf_counter(), time.process_time()
            if profile is not None:
                profile.enable()
            status = send()
            if profile is not None:
                profile.disable()
            elapsed = (time.perf_counter() - started) * 1000
            cpu = (time.process_time() - started_cpu) * 1000
        assert status == expected, f"HTTP {status}, expected {expected}"
        return elapsed, cpu, len(queries)

    kinds = ("refused", "failed", "minimal page")
    ms: dict[str, list[float]] = {kind: [] for kind in kinds}
    cpu_ms: dict[str, list[float]] = {kind: [] for kind in kinds}
    queries: dict[str, list[int]] = {kind: [] for kind in kinds}
    profiles = {kind: cProfile.Profile() for kind in kinds}
    refusing = Flooder()
    for _ in range(allowed):
        assert refusing.login() == 200
    failing = Flooder()
    for n in range(2 * args.requests):
        profiled = n % 2 == 1  # every other request: the timings stay free of the profiler
        if failing.sent == allowed:
            failing = Flooder()
        for kind, send, expected in (
            ("refused", refusing.login, 429),
            ("failed", failing.login, 200),
            ("minimal page", lambda: signed_in.get("/ping/").status_code, 200),
        ):
            elapsed, cpu, count = timed(send, expected, profiles[kind] if profiled else None)
            queries[kind].append(count)
            if not profiled:
                ms[kind].append(elapsed)
                cpu_ms[kind].append(cpu)

    for kind in ("refused", "failed"):
        stats = pstats.Stats(profiles[kind])
        total = max(stats.total_tt, 1e-9)  # type: ignore[attr-defined]
        count = len(queries[kind]) // 2
        print(f"\n{kind} login, {count} profiled ({total * 1000 / count:.2f} ms each profiled):")
        for label, entries in STEPS:
            cumulative = 0.0
            for (filename, _line, function), row in stats.stats.items():  # type: ignore[attr-defined]
                if any(filename.endswith(suffix) and function == name for suffix, name in entries):
                    cumulative += row[3]
            if cumulative:
                print(
                    f"  {label:<38} {100 * cumulative / total:5.1f} %  "
                    f"{cumulative * 1000 / count:6.3f} ms"
                )
        buffer = io.StringIO()
        pstats.Stats(profiles[kind], stream=buffer).sort_stats("cumulative").print_stats(args.top)
        print("\n".join(line for line in buffer.getvalue().splitlines() if line.strip())[:5000])
    for kind in kinds:
        print(
            f"{kind:<13} p50 {statistics.median(ms[kind]):6.2f} ms  "
            f"p90 {sorted(ms[kind])[int(0.9 * (len(ms[kind]) - 1))]:6.2f} ms  "
            f"CPU p50 {statistics.median(cpu_ms[kind]):6.2f} ms  "
            f"queries {statistics.median(queries[kind]):g}"
        )
    print(
        f"refused login {statistics.median(ms['refused']):.2f} ms "
        f"({statistics.median(queries['refused']):g} queries), "
        f"failed login {statistics.median(ms['failed']):.2f} ms "
        f"({statistics.median(queries['failed']):g} queries), "
        f"minimal page {statistics.median(ms['minimal page']):.2f} ms"
    )


if __name__ == "__main__":
    from support import run_bench  # bench/ is on the path of a script run from it

    run_bench(main, __file__)

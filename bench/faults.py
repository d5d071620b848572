"""Faults survived: PostgreSQL restarts, a worker dies, the replica stops, while players guess.

Everything runs on this machine and talks to 127.0.0.1 only. The database is a
throwaway PostgreSQL cluster made for the run with Debian's tools
(``pg_createcluster`` on a free port, trust on loopback; dropped at the end),
so restarting it disturbs nobody else's work; it needs root or the postgres
user. A streaming replica of it is made the same way (``pg_basebackup``, as
``.ci/replica`` does) and named by ``DATABASE_REPLICA_URL``. The site runs in
gunicorn (2 workers, DEBUG off) on them, prepared as ``bench/load.py`` does.
``--players`` players (``bench/fleet.py``) play ranked games; a request that
fails is sent again after 0.2 s, as a player pressing the key again would, with
the same ``expected_guesses``. Beside them two readers (signed in before the
schedule starts, so no fault cuts their sign-in) ask, one request after
another and never retrying, for the pages whose reads go to the replica: a
player's statistics, profile and the leaderboards; an instructor's list of
games and its CSV export (read to its end).

The schedule, bounded in time: ``--settle`` seconds of play; PostgreSQL
restarted (``pg_ctlcluster restart``: fast shutdown, every connection cut,
transactions in flight rolled back); ``--observe`` seconds; one gunicorn
worker killed with SIGKILL in the middle of its work (the master starts
another); ``--observe`` seconds; the replica stopped (``pg_ctlcluster stop``);
``--observe`` seconds; the replica started again; ``--observe`` seconds; stop.
Then, with the players gone, an admin uploads a word list through the node's admin
(``bench/uploads.py``); the ``manage.py db_worker`` importing it is killed with SIGKILL
while it stores the words; a new worker starts. Goal: no dictionary half-written, no
orphan file left in ``DICTIONARY_UPLOAD_DIR``, the import marked failed. Last, PostgreSQL
is restarted while a worker stores another list: the same goal, and that worker, still
running, marks the import failed itself.
For each fault it prints the requests that failed and the seconds from the
fault until requests succeed again; for the replica's, the readers' failed
reads too (goal 0: its reads go to the primary, core/db_router.py).

Failed requests must be answered with the site's own error page, or not at
all (a killed worker answers nothing), never with a stack trace. Then every
game in the database is checked against its replay and against what the
players were told (``bench/fleet.py``): moves lost (acknowledged, not
stored), doubled (stored more often than meant), half-written (a game whose
row, moves and replay disagree).

    .venv/bin/python bench/faults.py [--players 20] [--settle 5] [--observe 10]
    .venv/bin/python bench/faults.py --quick   # 4 players, 2 s and 4 s phases

The last lines are ``faults: <F> failed requests, recovered in <S> s, moves lost
<L>, doubled <D>, half-written <H>`` (goal L = D = H = 0 and S < 10) and
``replica down: <N> failed reads`` (goal N = 0, and no player's request failed
while the replica was down); before them ``upload worker killed: <H> half-written, <O>
orphan files`` and ``PostgreSQL restarted during an import: <H> half-written, <O> orphan
files`` (goal H = O = 0).

It exits 1 when a goal is missed, with one exception: ``--quick`` (what CI runs, on a
shared 2-core machine, where ``pg_ctlcluster restart`` alone may take seconds) reports a
recovery slower than 10 s but does not fail on it; it still fails when requests never
succeeded again after a fault, and on everything lost, doubled, half-written, left
behind or read wrong.
"""

from __future__ import annotations

import argparse
import http.client
import os
import random
import signal
import subprocess
import sys
import tempfile
import threading
import time
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.clusters import Cluster, throwaway_cluster, throwaway_replica, wait_for_postgres
from bench.fleet import CheckReport, Fleet, check_games, run_fleet
from bench.site_under_test import (
    HOST,
    PASSWORD,
    PYTHON,
    Browser,
    gunicorn_process,
    prepare,
    server_environment,
)
from bench.support import ROOT, goal, setup_django
from bench.uploads import (
    admin_upload,
    db_worker,
    half_written_dictionaries,
    make_admin,
    orphan_files,
    signed_in_admin,
    wait_for_import,
    word_list,
)

GOAL_RECOVERY_S = 10.0
KILLED_UPLOAD = "Killed upload"


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=20)
    parser.add_argument("--settle", type=float, default=5.0, help="seconds before the 1st fault")
    parser.add_argument("--observe", type=float, default=10.0, help="seconds after each fault")
    parser.add_argument("--think-ms", type=float, default=50.0, help="pause between guesses")
    parser.add_argument(
        "--quick", action="store_true", help="4 players, 2 s to settle, 4 s after each fault"
    )
    args = parser.parse_args()
    if args.quick:
        args.players, args.settle, args.observe = 4, 2.0, 4.0
    if args.players < 1 or args.settle <= 0 or args.observe <= 0 or args.think_ms < 0:
        parser.error("--players, --settle and --observe must be positive")
    return args


def worker_pids(master: int) -> list[int]:
    children = Path(f"/proc/{master}/task/{master}/children").read_text().split()
    return [int(pid) for pid in children]


@dataclass
class Fault:
    name: str
    started: float
    ended: float = 0.0  # the schedule moved on to the next fault (or the end)


REPLICA_STOPPED = "replica stopped"
INSTRUCTOR = "faultsteacher"
# Pages whose reads go to the replica (``reads_can_lag``): a player's, an instructor's.
READER = f"reader{os.getpid()}"
PLAYER_READS = (
    f"/players/{READER}/",  # the reader's own page (its statistics)
    "/leaderboard/",
    "/leaderboard/points/",
    "/leaderboard/points/?rank=win_rate",
    "/daily/leaderboard/",
)
INSTRUCTOR_READS = ("/instructor/games/", "/instructor/games.csv")


@dataclass
class Reads:
    """What the readers asked and what failed (no retry: each failure is a reader's)."""

    lock: threading.Lock = field(default_factory=threading.Lock)
    done: list[float] = field(default_factory=list)
    failed: list[tuple[float, str, str]] = field(default_factory=list)  # at, path, why

    def record(self, path: str, why: str | None) -> None:
        with self.lock:
            if why is None:
                self.done.append(time.monotonic())
            else:
                self.failed.append((time.monotonic(), path, why))


def make_instructor(env: dict[str, str]) -> None:
    code = (
        "from django.contrib.auth.models import Group, User\n"
        f"user = User.objects.create_user({INSTRUCTOR!r}, password={PASSWORD!r})\n"
        "user.groups.add(Group.objects.get(name='Instructors'))\n"
    )
    subprocess.run(
        [PYTHON, "manage.py", "shell", "-c", code],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
    )


def signed_in_reader(port: int, *, instructor: bool) -> Browser:
    """A reader signed in before any fault: a sign-in cut by the schedule's PostgreSQL
    restart would leave the replica's pages unread and say nothing of the replica."""
    browser = Browser(port)
    if instructor:
        browser.request("GET", "/accounts/login/")
        signed_in = browser.request(
            "POST", "/accounts/login/", {"username": INSTRUCTOR, "password": PASSWORD}
        )
    else:
        browser.request("GET", "/accounts/signup/")
        signed_in = browser.request(
            "POST",
            "/accounts/signup/",
            {"username": READER, "password1": PASSWORD, "password2": PASSWORD},
        )
    if signed_in.status != 302:  # the site is up and nothing is failing yet: a real error
        raise SystemExit(f"a reader could not sign in: HTTP {signed_in.status}")
    return browser


def read_pages(browser: Browser, reads: Reads, stop_at: float, *, instructor: bool) -> None:
    """Read the replica's pages one after another until ``stop_at``."""
    paths = INSTRUCTOR_READS if instructor else PLAYER_READS
    turn = 0
    while time.monotonic() < stop_at:
        path = paths[turn % len(paths)]
        turn += 1
        try:
            response = browser.request("GET", path)
        except (OSError, http.client.HTTPException) as error:  # a stream cut midway too
            reads.record(path, f"no whole answer: {error!r}")
            continue
        if response.status != 200:
            reads.record(path, f"HTTP {response.status}")
        elif path.endswith(".csv") and not response.body.endswith("\n"):
            reads.record(path, "the export ended mid-line")
        else:
            reads.record(path, None)
        time.sleep(0.05)


def main() -> None:
    args = parse_args()
    faults: list[Fault] = []
    reads = Reads()
    with ExitStack() as stack:
        cluster = stack.enter_context(throwaway_cluster())
        replica = stack.enter_context(throwaway_replica(cluster))
        static_root = stack.enter_context(tempfile.TemporaryDirectory(prefix="evil_faults_"))
        upload_dir = Path(static_root) / "uploads"
        env = {
            **server_environment(cluster.url, static_root=Path(static_root)),
            "DATABASE_REPLICA_URL": replica.url,
            "RATE_LIMITS_ENABLED": "0",  # the readers export as often as they can
            "DICTIONARY_UPLOAD_DIR": str(upload_dir),
        }
        print(
            f"throwaway cluster {cluster.version}/{cluster.name} on port {cluster.port}, "
            f"its replica on port {replica.port}; migrate, import web2...",
            flush=True,
        )
        prepare(env)
        make_instructor(env)
        make_admin(env)
        server_log = stack.enter_context(
            tempfile.NamedTemporaryFile(prefix="evil_faults_gunicorn_", suffix=".log")
        )
        port, master = stack.enter_context(
            gunicorn_process(env, workers=2, threads=1, log=server_log)
        )
        fleet = Fleet(ports=[port], think_s=args.think_ms / 1000)
        readers = {
            instructor: signed_in_reader(port, instructor=instructor)
            for instructor in (False, True)
        }
        print(f"gunicorn (2 workers) on {HOST}:{port}; {args.players} players", flush=True)

        def schedule() -> None:
            end = time.monotonic() + args.settle + 4 * args.observe
            fleet.stop_at = end
            fleet.give_up_at = end + 30
            reading = [
                threading.Thread(
                    target=read_pages,
                    args=(browser, reads, end),
                    kwargs={"instructor": instructor},
                    daemon=True,
                )
                for instructor, browser in readers.items()
            ]
            for reader in reading:
                reader.start()
            time.sleep(args.settle)
            faults.append(Fault("PostgreSQL restarted", time.monotonic()))
            cluster.ctl("restart")
            print(
                f"PostgreSQL restarted in {time.monotonic() - faults[-1].started:.1f} s", flush=True
            )
            time.sleep(max(0.0, faults[-1].started + args.observe - time.monotonic()))
            victim = random.choice(worker_pids(master.pid))
            faults[-1].ended = time.monotonic()
            faults.append(Fault(f"gunicorn worker {victim} killed (SIGKILL)", time.monotonic()))
            os.kill(victim, signal.SIGKILL)
            time.sleep(max(0.0, faults[-1].started + args.observe - time.monotonic()))
            faults[-1].ended = time.monotonic()
            faults.append(Fault(REPLICA_STOPPED, time.monotonic()))
            replica.ctl("stop")
            time.sleep(max(0.0, faults[-1].started + args.observe - time.monotonic()))
            replica.ctl("start")
            faults[-1].ended = time.monotonic()
            faults.append(Fault("replica started again", time.monotonic()))
            time.sleep(max(0.0, end - time.monotonic()))
            faults[-1].ended = time.monotonic()
            for reader in reading:
                reader.join(timeout=60)

        run_fleet(fleet, args.players, during=schedule)
        wait_for_postgres(cluster.port)
        setup_django(cluster.url)
        report = check_games(fleet.ledgers)
        killed_upload = kill_upload_worker(port, env, upload_dir, quick=args.quick)
        restarted_upload = restart_during_import(port, env, upload_dir, cluster, quick=args.quick)
        from django.db import connections

        connections.close_all()
        logged = Path(server_log.name).read_text(errors="replace")
    print(
        f"server log: {logged.count('Internal Server Error:')} errors logged with their "
        f"traceback (for the operators, not the players), "
        f"{logged.count('Error handling request')} answers cut midway, "
        f"{logged.count('was sent SIGKILL')} worker killed"
    )
    if not report_run(
        fleet, faults, report, reads, [killed_upload, restarted_upload], quick=args.quick
    ):
        kept = Path(tempfile.gettempdir()) / f"evil_faults_gunicorn_{os.getpid()}.log"
        kept.write_text(logged)
        print(f"the server's log, for the causes: {kept}")
        sys.exit(1)


@dataclass(frozen=True)
class KilledUpload:
    fault: str
    half_written: int
    orphan_files: list[str]
    status: str
    stored_when_killed: int
    words: int

    @property
    def ok(self) -> bool:
        return self.half_written == 0 and not self.orphan_files and self.status == "failed"


def kill_upload_worker(
    port: int, env: dict[str, str], upload_dir: Path, *, quick: bool
) -> KilledUpload:
    """An admin's upload; its worker SIGKILLed while storing words; a new worker starts."""
    from dictionaries.models import Dictionary

    content, words = word_list((3 if quick else 12) * 1024 * 1024)
    browser = signed_in_admin(port)
    with db_worker(env) as worker:
        upload = admin_upload(browser, KILLED_UPLOAD, content)
        row = wait_for_import(upload.import_id, phases={"storing"}, timeout=120)
        os.kill(worker.pid, signal.SIGKILL)
        worker.wait()
    print(
        f"upload worker {worker.pid} killed (SIGKILL) after {row['progress_done']:,} of "
        f"{row['progress_total']:,} words stored",
        flush=True,
    )
    with db_worker(env):
        final = wait_for_import(upload.import_id, phases={"failed", "done"}, timeout=60)
        half = half_written_dictionaries() + Dictionary.objects.filter(name=KILLED_UPLOAD).count()
        orphans = orphan_files(upload_dir)
    return KilledUpload(
        "upload worker killed", half, orphans, final["status"], row["progress_done"], words
    )


def restart_during_import(
    port: int, env: dict[str, str], upload_dir: Path, cluster: Cluster, *, quick: bool
) -> KilledUpload:
    """An admin's upload; PostgreSQL restarted while its worker stores the words; the
    same worker carries on (no new one starts) and must fail the import itself."""
    from django.db import connections

    from dictionaries.models import Dictionary

    name = "Upload cut by a restart"
    content, words = word_list((3 if quick else 12) * 1024 * 1024)
    browser = signed_in_admin(port)
    with db_worker(env):
        upload = admin_upload(browser, name, content)
        row = wait_for_import(upload.import_id, phases={"storing"}, timeout=120)
        cluster.ctl("restart")
        connections.close_all()
        wait_for_postgres(cluster.port)
        print(
            f"PostgreSQL restarted during an import, after {row['progress_done']:,} of "
            f"{row['progress_total']:,} words stored",
            flush=True,
        )
        final = wait_for_import(upload.import_id, phases={"failed", "done"}, timeout=60)
        half = half_written_dictionaries() + Dictionary.objects.filter(name=name).count()
        orphans = orphan_files(upload_dir)
    return KilledUpload(
        "PostgreSQL restarted during an import",
        half,
        orphans,
        final["status"],
        row["progress_done"],
        words,
    )


def recovery(fleet: Fleet, fault: Fault) -> tuple[int, float]:
    """Failed requests during the fault, and seconds from it until requests succeed again."""
    failed = [f.at for f in fleet.failures if fault.started <= f.at < fault.ended]
    if not failed:
        return 0, 0.0
    last_failure = max(failed)
    after = [at for at in fleet.successes if last_failure < at < fault.ended]
    recovered_at = min(after) if after else fault.ended
    return len(failed), recovered_at - fault.started


def report_run(
    fleet: Fleet,
    faults: list[Fault],
    report: CheckReport,
    reads: Reads,
    uploads: list[KilledUpload],
    *,
    quick: bool,
) -> bool:
    """Print what happened to whom; whether the goal was met (in ``quick`` mode, a slow
    recovery is reported, not counted: see the module's docstring)."""
    worst = 0.0
    total_failed = 0
    for fault in faults:
        failed, seconds = recovery(fleet, fault)
        total_failed += failed
        worst = max(worst, seconds)
        print(f"{fault.name}: {failed} failed requests, recovered in {seconds:.1f} s")
        for failure in fleet.failures:
            if fault.started <= failure.at < fault.ended:
                print(
                    f"    +{failure.at - fault.started:5.2f} s  {failure.who:<10} "
                    f"{failure.what}: {failure.detail}"
                )
    outside = len(fleet.failures) - total_failed
    if outside:
        print(f"failed outside the faults: {outside}")
    total_failed += outside
    print(f"games checked against their replay: {report.games} ({report.moves} moves)")
    for line in report.differing[:10]:
        print(f"  differs: {line}")
    for error in fleet.errors[:10]:
        print(f"  error: {error}")
    (replica_fault,) = [fault for fault in faults if fault.name == REPLICA_STOPPED]
    replica_failed_reads = [
        failure
        for failure in reads.failed
        if replica_fault.started <= failure[0] < replica_fault.ended
    ]
    replica_failed_requests = recovery(fleet, replica_fault)[0]
    during_replica = sum(
        1 for at in reads.done if replica_fault.started <= at < replica_fault.ended
    )
    print(
        f"readers: {len(reads.done)} pages read whole, {len(reads.failed)} failed "
        f"(while the replica was stopped: {during_replica} read, {len(replica_failed_reads)} "
        "failed)"
    )
    for _at, path, why in replica_failed_reads:  # the ones the goal counts, all of them
        print(f"    failed read while the replica was stopped {path}: {why}")
    for _at, path, why in [read for read in reads.failed if read not in replica_failed_reads][:10]:
        print(f"    failed read {path}: {why}")
    # Recovered at all: the run's last failed request was followed by a success.
    last_failure = max((failure.at for failure in fleet.failures), default=None)
    recovered = last_failure is None or any(at > last_failure for at in fleet.successes)
    if not recovered:
        print("no request succeeded after the last one that failed: the site did not recover")
    fast = worst < GOAL_RECOVERY_S
    if not fast and quick:
        print(
            f"recovered in {worst:.1f} s, not under {GOAL_RECOVERY_S:g} s: a time, "
            "reported but not failed in --quick mode"
        )
    ok = (
        report.lost == report.doubled == report.half_written == 0
        and not report.differing
        and not fleet.errors
        and recovered
        and (fast or quick)
        and not replica_failed_reads
        and replica_failed_requests == 0
        and during_replica > 0
        and all(upload.ok for upload in uploads)
    )
    goal(
        "nothing lost, doubled or half-written, only the site's own error pages, "
        f"recovered in under {GOAL_RECOVERY_S:g} s, no request failed while the replica "
        "was down, an interrupted import leaves nothing",
        ok,
    )
    for upload in uploads:
        for name in upload.orphan_files[:10]:
            print(f"    orphan file: {name}")
        print(
            f"{upload.fault}: {upload.half_written} half-written, "
            f"{len(upload.orphan_files)} orphan files (import {upload.status}; cut with "
            f"{upload.stored_when_killed:,} of {upload.words:,} words stored in its transaction)"
        )
    print(
        f"faults: {total_failed} failed requests, recovered in {worst:.1f} s, "
        f"moves lost {report.lost}, doubled {report.doubled}, half-written {report.half_written}"
    )
    print(f"replica down: {len(replica_failed_reads)} failed reads")
    return ok


if __name__ == "__main__":
    from support import run_bench  # bench/ is on the path of a script run from it

    run_bench(main, __file__)

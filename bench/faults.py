"""Faults survived: PostgreSQL restarts, then a gunicorn worker is killed, while 20 players guess.

Everything runs on this machine and talks to 127.0.0.1 only. The database is a
throwaway PostgreSQL cluster made for the run with Debian's tools
(``pg_createcluster`` on a free port, trust on loopback; dropped at the end),
so restarting it disturbs nobody else's work; it needs root or the postgres
user. The site runs in gunicorn (2 workers, DEBUG off) on it, prepared as
``bench/load.py`` does. ``--players`` players (``bench/fleet.py``) play ranked
games; a request that fails is sent again after 0.2 s, as a player pressing
the key again would, with the same ``expected_guesses``.

The schedule, bounded in time: ``--settle`` seconds of play; PostgreSQL
restarted (``pg_ctlcluster restart``: fast shutdown, every connection cut,
transactions in flight rolled back); ``--observe`` seconds; one gunicorn
worker killed with SIGKILL in the middle of its work (the master starts
another); ``--observe`` seconds; stop. For each fault it prints the requests
that failed and the seconds from the fault until requests succeed again.

Failed requests must be answered with the site's own error page, or not at
all (a killed worker answers nothing), never with a stack trace. Then every
game in the database is checked against its replay and against what the
players were told (``bench/fleet.py``): moves lost (acknowledged, not
stored), doubled (stored more often than meant), half-written (a game whose
row, moves and replay disagree).

    .venv/bin/python bench/faults.py [--players 20] [--settle 5] [--observe 10]

The last line is ``faults: <F> failed requests, recovered in <S> s, moves lost
<L>, doubled <D>, half-written <H>`` (goal L = D = H = 0 and S < 10).
"""

from __future__ import annotations

import argparse
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.fleet import CheckReport, Fleet, check_games, run_fleet
from bench.load import HOST, gunicorn_process, prepare, server_environment
from bench.support import setup_django

GOAL_RECOVERY_S = 10.0
CLUSTER_START_TIMEOUT_S = 60


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=20)
    parser.add_argument("--settle", type=float, default=5.0, help="seconds before the 1st fault")
    parser.add_argument("--observe", type=float, default=10.0, help="seconds after each fault")
    parser.add_argument("--think-ms", type=float, default=50.0, help="pause between guesses")
    args = parser.parse_args()
    if args.players < 1 or args.settle <= 0 or args.observe <= 0 or args.think_ms < 0:
        parser.error("--players, --settle and --observe must be positive")
    return args


@dataclass(frozen=True)
class Cluster:
    version: str
    name: str
    port: int

    def ctl(self, action: str) -> None:
        subprocess.run(
            ["pg_ctlcluster", "--skip-systemctl-redirect", self.version, self.name, action],
            check=True,
            capture_output=True,
        )

    @property
    def url(self) -> str:
        return f"postgres://postgres@{HOST}:{self.port}/evil_faults"


def free_cluster_port() -> int:
    """A loopback port that no cluster claims and nothing listens on."""
    taken = {
        int(line.split()[2])
        for line in subprocess.run(
            ["pg_lsclusters", "--no-header"], capture_output=True, text=True, check=True
        ).stdout.splitlines()
        if len(line.split()) > 2
    }
    for port in range(5500, 5600):
        if port in taken:
            continue
        with socket.socket() as probe:
            if probe.connect_ex((HOST, port)) != 0:
                return port
    raise SystemExit("no free port in 5500-5599 for the throwaway cluster")


@contextmanager
def throwaway_cluster() -> Iterator[Cluster]:
    """A PostgreSQL cluster of the installed version on a free port, dropped afterwards."""
    listed = subprocess.run(
        ["pg_lsclusters", "--no-header"], capture_output=True, text=True, check=True
    ).stdout.splitlines()
    versions = sorted({line.split()[0] for line in listed if line.strip()}, key=float)
    if not versions:
        raise SystemExit("no PostgreSQL cluster found (pg_lsclusters): install postgresql")
    cluster = Cluster(version=versions[-1], name=f"evil_faults_{os.getpid()}", port=0)
    cluster = Cluster(cluster.version, cluster.name, free_cluster_port())
    subprocess.run(
        [
            "pg_createcluster",
            cluster.version,
            cluster.name,
            "--port",
            str(cluster.port),
            "--start-conf",
            "manual",
            "--",
            "--auth-local=trust",
            "--auth-host=trust",
        ],
        check=True,
        capture_output=True,
    )
    try:
        cluster.ctl("start")
        wait_for_postgres(cluster.port)
        subprocess.run(
            [
                "psql",
                "-h",
                HOST,
                "-p",
                str(cluster.port),
                "-U",
                "postgres",
                "-qc",
                "CREATE DATABASE evil_faults",
            ],
            check=True,
            capture_output=True,
        )
        yield cluster
    finally:
        subprocess.run(
            ["pg_dropcluster", "--stop", cluster.version, cluster.name], capture_output=True
        )


def wait_for_postgres(port: int) -> None:
    deadline = time.monotonic() + CLUSTER_START_TIMEOUT_S
    while subprocess.run(["pg_isready", "-q", "-h", HOST, "-p", str(port)]).returncode != 0:
        if time.monotonic() > deadline:
            raise SystemExit(f"the throwaway cluster on port {port} did not start")
        time.sleep(0.2)


def worker_pids(master: int) -> list[int]:
    children = Path(f"/proc/{master}/task/{master}/children").read_text().split()
    return [int(pid) for pid in children]


@dataclass
class Fault:
    name: str
    started: float
    ended: float = 0.0  # the schedule moved on to the next fault (or the end)


def main() -> None:
    args = parse_args()
    faults: list[Fault] = []
    with ExitStack() as stack:
        cluster = stack.enter_context(throwaway_cluster())
        static_root = stack.enter_context(tempfile.TemporaryDirectory(prefix="evil_faults_"))
        env = server_environment(cluster.url, static_root=Path(static_root))
        print(
            f"throwaway cluster {cluster.version}/{cluster.name} on port {cluster.port}; "
            "migrate, import web2...",
            flush=True,
        )
        prepare(env)
        server_log = stack.enter_context(
            tempfile.NamedTemporaryFile(prefix="evil_faults_gunicorn_", suffix=".log")
        )
        port, master = stack.enter_context(
            gunicorn_process(env, workers=2, threads=1, log=server_log)
        )
        fleet = Fleet(ports=[port], think_s=args.think_ms / 1000)
        print(f"gunicorn (2 workers) on {HOST}:{port}; {args.players} players", flush=True)

        def schedule() -> None:
            end = time.monotonic() + args.settle + 2 * args.observe
            fleet.stop_at = end
            fleet.give_up_at = end + 30
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
            time.sleep(max(0.0, end - time.monotonic()))
            faults[-1].ended = time.monotonic()

        run_fleet(fleet, args.players, during=schedule)
        wait_for_postgres(cluster.port)
        setup_django(cluster.url)
        report = check_games(fleet.ledgers)
        from django.db import connections

        connections.close_all()
        logged = Path(server_log.name).read_text(errors="replace")
    print(
        f"server log: {logged.count('Internal Server Error:')} errors logged with their "
        f"traceback (for the operators, not the players), "
        f"{logged.count('was sent SIGKILL')} worker killed"
    )
    report_run(fleet, faults, report)


def recovery(fleet: Fleet, fault: Fault) -> tuple[int, float]:
    """Failed requests during the fault, and seconds from it until requests succeed again."""
    failed = [f.at for f in fleet.failures if fault.started <= f.at < fault.ended]
    if not failed:
        return 0, 0.0
    last_failure = max(failed)
    after = [at for at in fleet.successes if last_failure < at < fault.ended]
    recovered_at = min(after) if after else fault.ended
    return len(failed), recovered_at - fault.started


def report_run(fleet: Fleet, faults: list[Fault], report: CheckReport) -> None:
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
    ok = (
        report.lost == report.doubled == report.half_written == 0
        and not report.differing
        and not fleet.errors
        and worst < GOAL_RECOVERY_S
    )
    print(
        "goal: nothing lost, doubled or half-written, only the site's own error pages, "
        f"recovered in under {GOAL_RECOVERY_S:g} s: {'met' if ok else 'MISSED'}"
    )
    print(
        f"faults: {total_failed} failed requests, recovered in {worst:.1f} s, "
        f"moves lost {report.lost}, doubled {report.doubled}, half-written {report.half_written}"
    )
    if not ok:
        sys.exit(1)


if __name__ == "__main__":
    main()

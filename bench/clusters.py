"""Throwaway PostgreSQL clusters for the benchmarks that break them (bench/faults.py).

A primary made with Debian's tools (``pg_createcluster`` on a free port, trust on
loopback, dropped at the end) so restarting it disturbs nobody else's work, and a
streaming replica of it (``pg_basebackup``, as ``.ci/replica`` does). Needs root or
the postgres user.
"""

from __future__ import annotations

import os
import socket
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from bench.site_under_test import HOST

CLUSTER_START_TIMEOUT_S = 60


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


@contextmanager
def throwaway_replica(primary: Cluster) -> Iterator[Cluster]:
    """A hot standby streaming from ``primary`` (``pg_basebackup``), dropped afterwards."""
    replica = Cluster(primary.version, f"{primary.name}_replica", free_cluster_port())
    subprocess.run(
        [
            "pg_createcluster",
            replica.version,
            replica.name,
            "--port",
            str(replica.port),
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
        data = Path(f"/var/lib/postgresql/{replica.version}/{replica.name}")
        as_postgres = [] if os.geteuid() != 0 else ["runuser", "-u", "postgres", "--"]
        subprocess.run([*as_postgres, "find", str(data), "-mindepth", "1", "-delete"], check=True)
        subprocess.run(
            [
                *as_postgres,
                "pg_basebackup",
                "-h",
                HOST,
                "-p",
                str(primary.port),
                "-U",
                "postgres",
                "-D",
                str(data),
                "--write-recovery-conf",
                "--wal-method=stream",
                "--checkpoint=fast",
                "--no-password",
            ],
            check=True,
            capture_output=True,
        )
        replica.ctl("start")
        wait_for_postgres(replica.port)
        yield replica
    finally:
        subprocess.run(
            ["pg_dropcluster", "--stop", replica.version, replica.name], capture_output=True
        )


def wait_for_postgres(port: int) -> None:
    deadline = time.monotonic() + CLUSTER_START_TIMEOUT_S
    while subprocess.run(["pg_isready", "-q", "-h", HOST, "-p", str(port)]).returncode != 0:
        if time.monotonic() > deadline:
            raise SystemExit(f"the throwaway cluster on port {port} did not start")
        time.sleep(0.2)

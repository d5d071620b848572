"""``manage.py serve`` (``make run``): the development server with a worker as its child,
stopped with it however the server stops."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.skipif(
    not Path("/proc/self/task").exists(), reason="reads child processes from Linux's /proc"
)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def children(pid: int) -> list[int]:
    path = Path(f"/proc/{pid}/task/{pid}/children")
    return [int(child) for child in path.read_text().split()] if path.exists() else []


def command_line(pid: int) -> str:
    return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()


def running(pid: int) -> bool:
    """Alive and not a zombie waiting for its parent to read its status."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except FileNotFoundError:
        return False
    return state != "Z"


def wait_until(condition: object, seconds: float, what: str) -> None:
    deadline = time.monotonic() + seconds
    while not condition():  # type: ignore[operator]
        if time.monotonic() > deadline:
            raise AssertionError(f"waited {seconds} s for {what}")
        time.sleep(0.1)


@pytest.fixture(scope="module")
def environment(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    folder = tmp_path_factory.mktemp("serve")
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{folder}/serve.sqlite3",
        "DICTIONARY_UPLOAD_DIR": str(folder / "uploads"),
        "TASK_BACKEND": "database",
    }
    env.pop("DATABASE_REPLICA_URL", None)
    manage = [sys.executable, str(ROOT / "manage.py")]
    subprocess.run([*manage, "migrate", "-v", "0"], cwd=ROOT, env=env, check=True)
    return env


@pytest.fixture
def server(environment: dict[str, str]) -> Iterator[tuple[subprocess.Popen[bytes], int]]:
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, str(ROOT / "manage.py"), "serve", f"127.0.0.1:{port}", "--noreload"],
        cwd=ROOT,
        env=environment,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )

    def answers() -> bool:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/ping/", timeout=1) as reply:
                return reply.status == 200
        except OSError:
            return False

    try:
        wait_until(answers, 30, "the development server to answer")
        yield process, port
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


def the_worker(server_pid: int) -> list[int]:
    """The worker and its own children (in development it reloads itself on code changes)."""
    (worker,) = [pid for pid in children(server_pid) if "db_worker" in command_line(pid)]
    wait_until(lambda: children(worker), 15, "the worker's reloader to start it")
    return [worker, *children(worker)]


def test_the_worker_runs_beside_the_server_and_stops_with_it_on_sigterm(
    server: tuple[subprocess.Popen[bytes], int],
) -> None:
    process, _ = server
    workers = the_worker(process.pid)
    assert all(running(pid) for pid in workers)
    process.send_signal(signal.SIGTERM)
    process.wait(timeout=20)
    wait_until(lambda: not any(running(pid) for pid in workers), 15, "the worker to stop")


def test_the_worker_does_not_outlive_a_killed_server(
    server: tuple[subprocess.Popen[bytes], int],
) -> None:
    process, _ = server
    workers = the_worker(process.pid)
    process.kill()  # SIGKILL: no chance to stop the worker itself
    process.wait()
    wait_until(lambda: not any(running(pid) for pid in workers), 15, "the worker to stop")

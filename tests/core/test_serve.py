"""``manage.py serve`` (``make run``): the development server with a worker as its child,
stopped with it however the server stops."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TypeVar

import pytest

ROOT = Path(__file__).resolve().parents[2]
T = TypeVar("T")

pytestmark = [
    pytest.mark.skipif(
        not Path("/proc/self/task").exists(), reason="reads child processes from Linux's /proc"
    ),
    pytest.mark.slow,
]


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


# How long a wait may last before the test calls it a hang. Every wait below is on a
# condition, so a passing run never waits this long; it is generous because a loaded
# machine (CI, or a shared one) starts Python and Django many times slower than an idle one.
HANG_SECONDS = 120
SERVER_BOUND = re.compile(rb"Starting development server at http://127\.0\.0\.1:(\d+)/")


def wait_until(
    condition: Callable[[], T | None],
    what: str,
    *,
    server: subprocess.Popen[bytes] | None = None,
    output: Path | None = None,
) -> T:
    """``condition()``'s first true value, polled; fails at once if ``server`` has died
    (with what it wrote to ``output``), and after ``HANG_SECONDS`` otherwise."""
    deadline = time.monotonic() + HANG_SECONDS
    while not (value := condition()):
        if server is not None and server.poll() is not None:
            written = output.read_bytes().decode(errors="replace") if output else ""
            raise AssertionError(
                f"the server exited ({server.returncode}) before {what}:\n{written[-3000:]}"
            )
        if time.monotonic() > deadline:
            raise AssertionError(f"waited {HANG_SECONDS} s for {what}")
        time.sleep(0.1)
    return value


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
def server(
    environment: dict[str, str], tmp_path: Path
) -> Iterator[tuple[subprocess.Popen[bytes], int]]:
    """The server on port 0: the kernel picks a free port as it binds, so no other process
    can take it between a probe and the bind. The port is read from what the server says."""
    output = tmp_path / "serve.log"
    with output.open("wb") as sink:
        process = subprocess.Popen(
            [sys.executable, str(ROOT / "manage.py"), "serve", "127.0.0.1:0", "--noreload"],
            cwd=ROOT,
            env={**environment, "PYTHONUNBUFFERED": "1"},
            stdout=sink,
            stderr=subprocess.STDOUT,
        )

    def bound() -> int | None:
        match = SERVER_BOUND.search(output.read_bytes())
        return int(match[1]) if match else None

    def answers() -> bool:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/ping/", timeout=5) as reply:
                return reply.status == 200
        except OSError:
            return False

    try:
        port = wait_until(bound, "the server to bind a port", server=process, output=output)
        wait_until(answers, "the server to answer", server=process, output=output)
        yield process, port
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


def the_worker(server_pid: int) -> list[int]:
    """The worker and its own children (in development it reloads itself on code changes)."""
    (worker,) = [pid for pid in children(server_pid) if "db_worker" in command_line(pid)]
    wait_until(lambda: children(worker), "the worker's reloader to start it")
    return [worker, *children(worker)]


def test_the_worker_runs_beside_the_server_and_stops_with_it_on_sigterm(
    server: tuple[subprocess.Popen[bytes], int],
) -> None:
    process, _ = server
    workers = the_worker(process.pid)
    assert all(running(pid) for pid in workers)
    process.send_signal(signal.SIGTERM)
    process.wait(timeout=HANG_SECONDS)
    wait_until(lambda: not any(running(pid) for pid in workers), "the worker to stop")


def test_the_worker_does_not_outlive_a_killed_server(
    server: tuple[subprocess.Popen[bytes], int],
) -> None:
    process, _ = server
    workers = the_worker(process.pid)
    process.kill()  # SIGKILL: no chance to stop the worker itself
    process.wait()
    wait_until(lambda: not any(running(pid) for pid in workers), "the worker to stop")


def test_the_reloaded_worker_does_not_outlive_its_killed_reloader(
    server: tuple[subprocess.Popen[bytes], int],
) -> None:
    """The worker's reloader killed outright (as between two restarts, when Django's own
    stop cannot reach its child): the worker it ran stops too, left to nobody otherwise."""
    process, _ = server
    reloader, *worker = the_worker(process.pid)
    os.kill(reloader, signal.SIGKILL)
    wait_until(lambda: not any(running(pid) for pid in worker), "the reloaded worker to stop")

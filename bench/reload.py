"""Graceful reloads drop nothing: ``/ping/`` asked without a pause while gunicorn reloads.

gunicorn runs with the kit's own configuration (deploy/gunicorn.conf.py, 2 workers, on a
free loopback port, DEBUG off, no database asked: ``/ping/`` reads none). Four clients ask
``/ping/`` one request after another (a new connection each, a 10 ms pause, a client
timeout of ``--timeout`` seconds, 5 s by default: a load balancer's probe) while the master
gets ``SIGHUP`` ``--reloads`` times, each once the previous reload's workers have all been
replaced (at most 30 s). Bounded: at most 5,000 requests and 90 s of asking per run.

It runs twice side by side, the kit as shipped and the kit with ``preload_app = False``
(each worker loading Django itself after the old ones were stopped, as before issue 36),
and prints for each the requests, those that failed (no 200 within the timeout) and the
slowest answer. Goal: no request fails with the kit as shipped.

    .venv/bin/python bench/reload.py [--reloads 5] [--timeout 5]
    .venv/bin/python bench/reload.py --quick   # 2 reloads

Loopback only; it exits 1 when the goal is missed.
"""

from __future__ import annotations

import argparse
import http.client
import os
import secrets
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.site_under_test import HOST, free_port
from bench.support import ROOT, goal

KIT = ROOT / "deploy" / "gunicorn.conf.py"
GUNICORN = Path(sys.executable).with_name("gunicorn")
CLIENTS = 4
MAX_REQUESTS = 5_000
MAX_SECONDS = 90.0
TURNOVER_SECONDS = 30.0


@dataclass
class Run:
    name: str
    requests: int = 0
    failed: list[str] = field(default_factory=list)
    waits: list[float] = field(default_factory=list)
    turnovers: list[float] = field(default_factory=list)

    def line(self) -> str:
        slowest = max(self.waits, default=0.0)
        median = statistics.median(self.waits) * 1000 if self.waits else 0.0
        turnover = ", ".join(f"{seconds:.1f}" for seconds in self.turnovers)
        return (
            f"{self.name}: {self.requests} requests over {len(self.turnovers)} reloads, "
            f"{len(self.failed)} failed, answer median {median:.1f} ms, slowest {slowest:.2f} s "
            f"(workers replaced in {turnover} s)"
        )


def environment(port: int) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if not key.startswith("DJANGO_")}
    env.pop("DATABASE_URL", None)
    env.pop("GUNICORN_CONTROL_SOCKET", None)
    env.pop("RUNTIME_DIRECTORY", None)  # no control socket (outside systemd)
    return {
        **env,
        "DJANGO_SETTINGS_MODULE": "evilsite.settings",
        "DJANGO_DEBUG": "0",
        "DJANGO_SECRET_KEY": "reload-bench-" + secrets.token_hex(24),
        "DJANGO_ALLOWED_HOSTS": HOST,
        "DJANGO_SECURE_SSL_REDIRECT": "0",
        "DJANGO_LOG_LEVEL": "ERROR",
        "SITE_LOG_LEVEL": "WARNING",
        "GUNICORN_BIND": f"{HOST}:{port}",
        "GUNICORN_WORKERS": "2",
    }


def children(pid: int) -> set[str]:
    try:
        return set(Path(f"/proc/{pid}/task/{pid}/children").read_text().split())
    except OSError:
        return set()


def ping(port: int, timeout: float) -> None:
    connection = http.client.HTTPConnection(HOST, port, timeout=timeout)
    try:
        connection.request("GET", "/ping/")
        response = connection.getresponse()
        response.read()
        if response.status != 200:
            raise RuntimeError(f"answered {response.status}")
    finally:
        connection.close()


def measure(name: str, config: Path, *, reloads: int, timeout: float) -> Run:
    """``reloads`` graceful reloads of gunicorn under ``config`` while clients ask /ping/."""
    port = free_port()
    run = Run(name)
    with tempfile.TemporaryFile() as log:
        server = subprocess.Popen(
            [str(GUNICORN), "-c", str(config), "evilsite.wsgi"],
            cwd=ROOT,
            env=environment(port),
            stdout=log,
            stderr=log,
        )
        try:
            deadline = time.monotonic() + 60
            while True:
                try:
                    ping(port, 2)
                    break
                except OSError:
                    if server.poll() is not None or time.monotonic() > deadline:
                        log.seek(0)
                        sys.stderr.write(log.read().decode(errors="replace"))
                        raise SystemExit(f"{name}: gunicorn did not answer /ping/") from None
                    time.sleep(0.1)
            asking = threading.Event()
            asking.set()
            clients = start_clients(run, port, timeout, asking)
            time.sleep(1)
            for _ in range(reloads):
                before = children(server.pid)
                started = time.monotonic()
                server.send_signal(signal.SIGHUP)
                while time.monotonic() - started < TURNOVER_SECONDS:
                    now = children(server.pid)
                    if len(now) == 2 and not now & before:
                        break
                    time.sleep(0.05)
                run.turnovers.append(time.monotonic() - started)
                time.sleep(1)  # requests to the new workers before the next reload
            asking.clear()
            for thread in clients:
                thread.join()
        finally:
            server.send_signal(signal.SIGTERM)
            try:
                server.wait(timeout=30)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()
    return run


def start_on_socket(listener: socket.socket, port: int) -> subprocess.Popen[bytes]:
    """gunicorn handed ``listener`` as systemd's socket activation hands it (fd 3,
    ``LISTEN_FDS=1``, ``LISTEN_PID`` its own pid): it listens on no address of its own."""
    return subprocess.Popen(
        [
            "sh",
            "-c",
            'export LISTEN_PID=$$ LISTEN_FDS=1; exec "$0" -c "$1" evilsite.wsgi',
            str(GUNICORN),
            str(KIT),
        ],
        cwd=ROOT,
        env=environment(port),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        pass_fds=(3,),
        preexec_fn=lambda: os.dup2(listener.fileno(), 3),
    )


def measure_restart(name: str, *, kept: bool, timeout: float) -> Run:
    """A restart (gunicorn stopped, a new one started) while clients ask /ping/: with the
    socket ``kept`` open by another process (systemd's evilhangman-web.socket), or not."""
    port = free_port()
    run = Run(name)
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind((HOST, port))
    listener.listen(2048)

    def start() -> subprocess.Popen[bytes]:
        if kept:
            return start_on_socket(listener, port)
        return subprocess.Popen(
            [str(GUNICORN), "-c", str(KIT), "evilsite.wsgi"],
            cwd=ROOT,
            env=environment(port),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )

    if not kept:
        listener.close()  # gunicorn binds the address itself
    server = start()
    try:
        wait_for_ping(server, port, name)
        asking = threading.Event()
        asking.set()
        clients = start_clients(run, port, timeout, asking)
        time.sleep(1)
        started = time.monotonic()
        server.send_signal(signal.SIGTERM)  # systemctl restart: stop, then start
        server.wait(timeout=60)
        server = start()
        wait_for_ping(server, port, name)
        run.turnovers.append(time.monotonic() - started)
        time.sleep(1)
        asking.clear()
        for thread in clients:
            thread.join()
    finally:
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
        listener.close()
    return run


def wait_for_ping(server: subprocess.Popen[bytes], port: int, name: str) -> None:
    deadline = time.monotonic() + 60
    while True:
        try:
            ping(port, 2)
            return
        except (OSError, RuntimeError):
            if server.poll() is not None or time.monotonic() > deadline:
                raise SystemExit(f"{name}: gunicorn did not answer /ping/") from None
            time.sleep(0.05)


def start_clients(
    run: Run, port: int, timeout: float, asking: threading.Event
) -> list[threading.Thread]:
    """``CLIENTS`` threads asking /ping/ while ``asking`` is set (bounded in count and time)."""
    lock = threading.Lock()
    stop_at = time.monotonic() + MAX_SECONDS

    def client() -> None:
        while asking.is_set() and time.monotonic() < stop_at:
            with lock:
                if run.requests >= MAX_REQUESTS:
                    return
                run.requests += 1
            began = time.monotonic()
            try:
                ping(port, timeout)
                run.waits.append(time.monotonic() - began)
            except (OSError, RuntimeError) as error:
                run.failed.append(f"{began:.2f}: {error!r}")
            time.sleep(0.01)

    clients = [threading.Thread(target=client) for _ in range(CLIENTS)]
    for thread in clients:
        thread.start()
    return clients


def without_preload(directory: Path) -> Path:
    """The kit with each worker loading the site itself (gunicorn's default)."""
    config = directory / "gunicorn_no_preload.conf.py"
    config.write_text(
        "import runpy\n"
        f"kit = runpy.run_path({str(KIT)!r})\n"
        "globals().update({k: v for k, v in kit.items() if not k.startswith('__')})\n"
        "preload_app = False\n"
    )
    return config


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reloads", type=int, default=5)
    parser.add_argument("--timeout", type=float, default=5.0, help="client timeout, seconds")
    parser.add_argument("--quick", action="store_true", help="2 reloads")
    args = parser.parse_args()
    reloads = 2 if args.quick else args.reloads
    print(
        f"load average {os.getloadavg()[0]:.1f}; {reloads} reloads each; timeout {args.timeout} s"
    )
    with tempfile.TemporaryDirectory() as directory:
        shipped = measure("the kit (preload_app)", KIT, reloads=reloads, timeout=args.timeout)
        print(shipped.line(), flush=True)
        before = measure(
            "without preload_app (before)",
            without_preload(Path(directory)),
            reloads=reloads,
            timeout=args.timeout,
        )
        print(before.line(), flush=True)
    # A restart (new code, a changed env file) is not graceful: with the socket kept open
    # by systemd's socket unit, requests wait for the new gunicorn instead of being refused.
    restart_timeout = 30.0
    kept = measure_restart("restart, socket kept", kept=True, timeout=restart_timeout)
    print(kept.line().replace("reloads", "restarts"), flush=True)
    refused = measure_restart(
        "restart, socket closed (before)", kept=False, timeout=restart_timeout
    )
    print(refused.line().replace("reloads", "restarts"), flush=True)
    met = goal("no request fails during a graceful reload", not shipped.failed)
    kept_met = goal("no request fails during a restart", not kept.failed)
    return 0 if met and kept_met else 1


if __name__ == "__main__":
    sys.exit(main())

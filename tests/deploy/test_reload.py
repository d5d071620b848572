"""gunicorn as the kit runs it (issue 36, item 8): a graceful reload (``kill -HUP``) dropped
2 of 150 ``/ping/`` requests, and its control socket landed in ``$HOME``, where a second
gunicorn took over the first one's.

The reload is measured by bench/reload.py (loopback, bounded): the kit loads the site
before forking (``preload_app``), so new workers answer at once; without it they took
seconds to load Django after the old ones had stopped, and requests waited past a probe's
timeout.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.bench.scripts import bench_script

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.slow  # gunicorn started, reloaded: seconds each


def test_a_graceful_reload_drops_no_request() -> None:
    reload = bench_script("reload")
    run = reload.measure("the kit", reload.KIT, reloads=2, timeout=5.0)
    assert run.failed == []
    assert len(run.turnovers) == 2
    assert run.requests > 50


def test_a_restart_refuses_no_request_while_the_socket_unit_holds_the_socket() -> None:
    """A restart (new code, a changed env file) stops gunicorn: with the socket held by
    another process, as evilhangman-web.socket holds it, requests wait for the new one."""
    reload = bench_script("reload")
    run = reload.measure_restart("restart", kept=True, timeout=60.0)
    assert run.failed == []
    assert run.requests > 20


def test_the_web_service_takes_its_socket_from_the_socket_unit() -> None:
    units = ROOT / "deploy" / "systemd"
    service = (units / "evilhangman-web.service").read_text()
    assert "Requires=evilhangman-web.socket\n" in service
    socket_unit = (units / "evilhangman-web.socket").read_text()
    bind = control_socket_settings({})[2]  # gunicorn's own, outside systemd
    assert f"ListenStream={bind}\n" in socket_unit


def control_socket_settings(env: dict[str, str]) -> tuple[str, bool, str]:
    code = (
        "from gunicorn.config import Config\n"
        "import runpy\n"
        "values = runpy.run_path('deploy/gunicorn.conf.py')\n"
        "config = Config()\n"
        "[config.set(k, v) for k, v in values.items() if k in config.settings]\n"
        "print(config.control_socket); print(config.control_socket_disable)\n"
        "print(config.bind[0])\n"
    )
    clean = {k: v for k, v in os.environ.items() if k not in ("RUNTIME_DIRECTORY",)}
    result = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env={**clean, **env},
        capture_output=True,
        text=True,
        check=True,
    )
    socket, disabled, bind = result.stdout.splitlines()
    return socket, disabled == "True", bind


def test_the_control_socket_is_the_services_runtime_directorys_or_none() -> None:
    assert control_socket_settings({"RUNTIME_DIRECTORY": "/run/evilhangman"})[:2] == (
        "/run/evilhangman/gunicorn.ctl",
        False,
    )
    assert control_socket_settings({})[1] is True  # outside systemd: none, not in $HOME
    given = {"GUNICORN_CONTROL_SOCKET": "/tmp/other.ctl", "RUNTIME_DIRECTORY": "/run/x"}
    assert control_socket_settings(given)[:2] == ("/tmp/other.ctl", False)


def test_the_unit_gives_gunicorn_its_runtime_directory() -> None:
    unit = (ROOT / "deploy" / "systemd" / "evilhangman-web.service").read_text()
    assert "RuntimeDirectory=evilhangman\n" in unit
    assert "RuntimeDirectoryMode=0700\n" in unit


def test_gunicorn_listens_on_its_control_socket_there_and_nowhere_else(tmp_path: Path) -> None:
    reload = bench_script("reload")
    home = tmp_path / "home"
    home.mkdir()
    runtime = tmp_path / "run"
    runtime.mkdir()
    env = {**reload.environment(reload.free_port()), "HOME": str(home)}
    env["RUNTIME_DIRECTORY"] = str(runtime)
    server = subprocess.Popen(
        [str(reload.GUNICORN), "-c", str(reload.KIT), "evilsite.wsgi"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 60
        while not (runtime / "gunicorn.ctl").exists():
            assert server.poll() is None
            assert time.monotonic() < deadline
            time.sleep(0.1)
        assert (runtime / "gunicorn.ctl").stat().st_mode & 0o777 == 0o600
        assert not (home / ".gunicorn").exists()
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=30)

"""The site under test, shared by the benchmarks that drive it over HTTP.

Its environment (DEBUG off, a throwaway secret key, the loopback as the trusted
proxy), its preparation (migrate, the default dictionary, static files), gunicorn
on a free loopback port, and ``Browser``: one simulated player's HTTP client with
its cookies, CSRF token and client address. ``bench/load.py`` measures with them;
``api.py``, ``daily_rush.py``, ``faults.py``, ``fleet.py`` and ``memory.py`` reuse them.
"""

from __future__ import annotations

import http.client
import itertools
import os
import re
import secrets
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import IO
from urllib.parse import urlencode

from bench.support import ROOT

PYTHON = sys.executable
HOST = "127.0.0.1"
# Letters in roughly the order a player tries them, most frequent in English first.
LETTER_ORDER = "esiarntolcdupmghbyfvkwzxqj"
PASSWORD = "load-test-password-8261"
REQUEST_TIMEOUT_S = 30.0

# What the benchmarks read of the pages.
EXPECTED_GUESSES = re.compile(r'name="expected_guesses" value="(\d+)"')
GAME_PATH = re.compile(r"^/games/(\d+)/$")
# The dictionary select's chosen option (the form's other selects, such as the length, come
# before it: the dictionary is under "More options").
DICTIONARY_OPTION = re.compile(
    r'<select name="dictionary"[^>]*>(?:(?!</select>).)*?<option value="(\d+)" selected>', re.S
)
OFFERED_LENGTH = re.compile(r'<option value="(\d+)"')


def server_environment(database_url: str, *, static_root: Path) -> dict[str, str]:
    return {
        **os.environ,
        "DATABASE_URL": database_url,
        "DJANGO_STATIC_ROOT": str(static_root),
        "DJANGO_SETTINGS_MODULE": "evilsite.settings",
        "DJANGO_DEBUG": "0",
        "DJANGO_SECRET_KEY": "load-test-" + secrets.token_hex(24),
        "DJANGO_ALLOWED_HOSTS": HOST,
        # Plain HTTP on loopback: no HTTPS redirect.
        "DJANGO_SECURE_SSL_REDIRECT": "0",
        "AXES_ENABLED": "0",
        # The loopback is the proxy: each Browser says its own address in X-Forwarded-For.
        "DJANGO_TRUSTED_PROXIES": HOST,
        "DJANGO_LOG_LEVEL": "ERROR",
        "SITE_LOG_LEVEL": "WARNING",  # not a line per finished game in the measured run
    }


def prepare(env: dict[str, str], *, default_dictionary: bool = True) -> None:
    """Migrate, load the default dictionary (unless told not to), collect static files
    (DEBUG is off)."""
    commands = [
        ["migrate", "--no-input", "-v", "0"],
        ["import_dictionary", "--default", "--no-priors", "--no-progress", "-v", "0"],
        ["collectstatic", "--no-input", "-v", "0"],
    ]
    if not default_dictionary:
        del commands[1]
    for command in commands:
        done = subprocess.run(
            [PYTHON, "manage.py", *command], cwd=ROOT, env=env, capture_output=True, text=True
        )
        if done.returncode != 0:
            sys.stderr.write(done.stdout + done.stderr)
            raise SystemExit(f"manage.py {command[0]} failed with status {done.returncode}")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return int(probe.getsockname()[1])


@contextmanager
def gunicorn(env: dict[str, str], *, workers: int, threads: int) -> Iterator[int]:
    """gunicorn serving the site on a free loopback port; yields the port."""
    with gunicorn_process(env, workers=workers, threads=threads) as (port, _process):
        yield port


@contextmanager
def gunicorn_process(
    env: dict[str, str], *, workers: int, threads: int, log: IO[bytes] | None = None
) -> Iterator[tuple[int, subprocess.Popen[bytes]]]:
    """The same, yielding the master process too (bench/faults.py kills its workers);
    ``log`` takes the server's own output (else it goes to this terminal)."""
    port = free_port()
    process = subprocess.Popen(
        [
            PYTHON,
            "-m",
            "gunicorn",
            "evilsite.wsgi",
            "--bind",
            f"{HOST}:{port}",
            "--workers",
            str(workers),
            "--threads",
            str(threads),
            "--backlog",
            "256",
            "--log-level",
            "warning",
            # No control socket: gunicorn's default is one in $HOME, which every other
            # gunicorn started here (another bench, another node) would take over.
            "--no-control-socket",
        ],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=log,
    )
    try:
        deadline = time.monotonic() + 30
        while True:
            if process.poll() is not None:
                raise SystemExit(f"gunicorn exited with status {process.returncode}")
            try:
                with socket.create_connection((HOST, port), timeout=1):
                    break
            except OSError:
                if time.monotonic() > deadline:
                    raise SystemExit("gunicorn did not start listening within 30 s") from None
                time.sleep(0.1)
        yield port, process
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


class ResponseError(Exception):
    pass


@dataclass
class Response:
    status: int
    headers: dict[str, str]
    body: str


_CLIENT_NUMBERS = itertools.count(1)


def client_address(number: int) -> str:
    """The number-th simulated client's address, in 10.0.0.0/8."""
    return f"10.{number >> 16 & 255}.{number >> 8 & 255}.{number & 255}"


class Browser:
    """One player's HTTP client: a cookie jar, the CSRF token, one request at a time.

    Cookies are kept by hand because the site marks them Secure (DEBUG off)
    and this runs over plain HTTP on loopback. Each browser has its own client
    address, sent as the trusted proxy would (``X-Forwarded-For``).
    """

    def __init__(self, port: int) -> None:
        self.port = port
        self.cookies: dict[str, str] = {}
        self.address = client_address(next(_CLIENT_NUMBERS))

    def request(
        self,
        method: str,
        path: str,
        form: dict[str, str | int] | None = None,
        headers: dict[str, str] | None = None,
    ) -> Response:
        all_headers = {
            "Host": HOST,
            "Connection": "close",
            "X-Forwarded-For": self.address,
            **(headers or {}),
        }
        if self.cookies:
            all_headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        body = None
        if form is not None:
            body = urlencode(form)
            all_headers["Content-Type"] = "application/x-www-form-urlencoded"
            all_headers["X-CSRFToken"] = self.cookies.get("csrftoken", "")
            all_headers["Referer"] = f"http://{HOST}:{self.port}{path}"
        connection = http.client.HTTPConnection(HOST, self.port, timeout=REQUEST_TIMEOUT_S)
        try:
            connection.request(method, path, body=body, headers=all_headers)
            raw = connection.getresponse()
            text = raw.read().decode()
            for cookie in raw.headers.get_all("Set-Cookie") or []:
                name, _, rest = cookie.partition("=")
                value = rest.split(";", 1)[0]
                if value and "max-age=0" not in cookie.lower():
                    self.cookies[name.strip()] = value
                else:
                    self.cookies.pop(name.strip(), None)
            return Response(raw.status, {k.lower(): v for k, v in raw.getheaders()}, text)
        finally:
            connection.close()

    def sign_up(self, username: str) -> int:
        """Sign up through the form (which signs in); the default dictionary's id."""
        self.expect(self.request("GET", "/accounts/signup/"), 200, "sign-up form")
        response = self.request(
            "POST",
            "/accounts/signup/",
            {"username": username, "password1": PASSWORD, "password2": PASSWORD},
        )
        self.expect(response, 302, "sign up")
        page = self.expect(self.request("GET", "/games/new/"), 200, "new-game form").body
        dictionary = DICTIONARY_OPTION.search(page)
        if dictionary is None:
            raise ResponseError("no default dictionary on the new-game form")
        return int(dictionary[1])

    def expect(self, response: Response, status: int, what: str) -> Response:
        if response.status != status:
            raise ResponseError(f"{what}: HTTP {response.status}, expected {status}")
        return response

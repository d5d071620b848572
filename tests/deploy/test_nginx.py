"""The kit's nginx site (deploy/nginx.conf) on the nginx an operator installs (issue 36,
item 3): it failed ``nginx -t`` on Debian 12's nginx 1.22 (``unknown directive "http2"``)
and its log had no request id although the docs promised one id from nginx's log to the
site's lines.

Each test runs the real nginx on a copy of the site file, in a prefix of its own: a
self-signed certificate for the Let's Encrypt paths, logs in the prefix, and to serve,
loopback ports and a stand-in upstream that records what nginx sends it. nginx comes from
the distribution (``apt-get install nginx-light``); CI installs it, so there these tests
never skip.
"""

from __future__ import annotations

import http.client
import os
import re
import shutil
import socket
import ssl
import subprocess
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from django.test import Client

from core.logs import REQUEST_ID_HEADER

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "deploy" / "nginx.conf"
NGINX = shutil.which("nginx") or ("/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists() else None)
CERTIFICATES = "/etc/letsencrypt/live/hangman.example.org/"
HOST = "hangman.example.org"

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        NGINX is None and os.environ.get("CI") != "true",
        reason="no nginx here (apt-get install nginx-light); CI installs it",
    ),
]


def self_signed(prefix: Path) -> None:
    subprocess.run(
        [
            "openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
            "-subj", f"/CN={HOST}",
            "-keyout", str(prefix / "privkey.pem"), "-out", str(prefix / "fullchain.pem"),
        ],
        check=True,
        capture_output=True,
    )  # fmt: skip


def prefix_with_site(tmp_path: Path, site: str) -> Path:
    """nginx's main file around ``site``, as Debian's includes sites-enabled/ in ``http``."""
    self_signed(tmp_path)
    site = site.replace(CERTIFICATES, f"{tmp_path}/").replace("/var/log/nginx/", f"{tmp_path}/")
    (tmp_path / "site.conf").write_text(site)
    (tmp_path / "nginx.conf").write_text(
        f"pid {tmp_path}/nginx.pid;\n"
        f"error_log {tmp_path}/error.log;\n"
        "events {}\n"
        "http {\n"
        f"    client_body_temp_path {tmp_path}/body;\n"
        f"    proxy_temp_path {tmp_path}/proxy;\n"
        f"    include {tmp_path}/site.conf;\n"
        "}\n"
    )
    return tmp_path


def nginx(prefix: Path, *arguments: str) -> list[str]:
    assert NGINX is not None, "CI installs nginx (.ci/run)"
    files = ["-e", str(prefix / "error.log"), "-c", str(prefix / "nginx.conf")]
    return [NGINX, "-p", str(prefix), *files, *arguments]


def test_the_site_passes_nginx_t(tmp_path: Path) -> None:
    prefix = prefix_with_site(tmp_path, SITE.read_text())
    result = subprocess.run(nginx(prefix, "-t"), capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert "test is successful" in result.stderr
    assert "[emerg]" not in result.stderr


def test_nginx_t_is_what_catches_a_directive_this_nginx_lacks(tmp_path: Path) -> None:
    """The check can fail: the site as 0.4.2 shipped it (``http2 on;``) is refused here."""
    old = SITE.read_text().replace("listen 443 ssl http2;", "listen 443 ssl;\n    http2 on;")
    prefix = prefix_with_site(tmp_path, old)
    result = subprocess.run(nginx(prefix, "-t"), capture_output=True, text=True)
    version = subprocess.run([NGINX or "nginx", "-v"], capture_output=True, text=True).stderr
    release = tuple(int(part) for part in re.findall(r"nginx/(\d+)\.(\d+)", version)[0])
    if release >= (1, 25):
        pytest.skip(f"{version.strip()} knows the http2 directive")
    assert result.returncode != 0
    assert 'unknown directive "http2"' in result.stderr


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Upstream(BaseHTTPRequestHandler):
    """Gunicorn's stand-in: answers 200 and records the headers nginx sent."""

    seen: list[dict[str, str]] = []

    def do_GET(self) -> None:
        Upstream.seen.append({key.lower(): value for key, value in self.headers.items()})
        body = b"ok"
        self.send_response(200)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture
def serving(tmp_path: Path) -> Iterator[tuple[int, int, Path]]:
    """The site served by nginx on loopback ports (plain, TLS) before a stand-in upstream."""
    Upstream.seen = []
    upstream = ThreadingHTTPServer(("127.0.0.1", 0), Upstream)
    threading.Thread(target=upstream.serve_forever, daemon=True).start()
    plain, tls = free_port(), free_port()
    site = (
        SITE.read_text()
        .replace("server 127.0.0.1:8000;", f"server 127.0.0.1:{upstream.server_port};")
        .replace("    listen [::]:80;\n", "")
        .replace("    listen [::]:443 ssl http2;\n", "")
        .replace("listen 80;", f"listen 127.0.0.1:{plain};")
        .replace("listen 443 ssl http2;", f"listen 127.0.0.1:{tls} ssl http2;")
    )
    prefix = prefix_with_site(tmp_path, site)
    process = subprocess.Popen(
        nginx(prefix, "-g", "daemon off; master_process off;"),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            with socket.socket() as attempt:
                if attempt.connect_ex(("127.0.0.1", tls)) == 0:
                    break
            assert process.poll() is None, process.stderr.read() if process.stderr else ""
            time.sleep(0.05)
        yield plain, tls, prefix
    finally:
        process.terminate()
        process.wait(timeout=10)
        upstream.shutdown()


def test_one_request_id_from_nginxs_log_to_the_site(serving: tuple[int, int, Path]) -> None:
    _, tls, prefix = serving
    context = ssl.create_default_context()
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    connection = http.client.HTTPSConnection("127.0.0.1", tls, context=context, timeout=10)
    # A client's own X-Request-ID is not kept: nginx's id replaces it.
    connection.request("GET", "/leaderboard/", headers={"Host": HOST, REQUEST_ID_HEADER: "forged"})
    assert connection.getresponse().status == 200
    connection.close()
    (sent,) = Upstream.seen
    request_id = sent[REQUEST_ID_HEADER.lower()]
    assert re.fullmatch(r"[0-9a-f]{32}", request_id)
    assert sent["x-forwarded-proto"] == "https"
    assert sent["x-forwarded-for"] == "127.0.0.1"
    assert sent["host"] == HOST
    time.sleep(0.1)  # nginx writes the access line as the request ends
    (line,) = (prefix / "evilhangman.access.log").read_text().splitlines()
    assert f"req={request_id}" in line
    assert '"GET /leaderboard/ HTTP/1.1" 200' in line
    # The site keeps the id nginx sends (its answer and its log lines carry it).
    assert Client().get("/ping/", headers={REQUEST_ID_HEADER: request_id})[REQUEST_ID_HEADER] == (
        request_id
    )


def test_plain_http_redirects_but_the_probes_pass(serving: tuple[int, int, Path]) -> None:
    plain, _, _ = serving
    for path, status in [("/ping/", 200), ("/ready/", 200), ("/leaderboard/", 301)]:
        connection = http.client.HTTPConnection("127.0.0.1", plain, timeout=10)
        connection.request("GET", path, headers={"Host": HOST})
        response = connection.getresponse()
        assert response.status == status, path
        if status == 301:
            assert response.getheader("Location") == f"https://{HOST}{path}"
        connection.close()
    assert len(Upstream.seen) == 2  # the probes, each with nginx's request id
    assert all(re.fullmatch(r"[0-9a-f]{32}", sent["x-request-id"]) for sent in Upstream.seen)

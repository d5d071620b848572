"""What the upload benchmarks share: an admin signed in over HTTP, a word list posted
through the admin's upload form, a ``manage.py db_worker`` process, and a look at what an
import left behind (``bench/faults.py``'s killed upload worker, ``bench/upload.py``).

Everything talks to 127.0.0.1 only.
"""

from __future__ import annotations

import http.client
import itertools
import re
import secrets
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from bench.site_under_test import HOST, PASSWORD, PYTHON, Browser
from bench.support import ROOT

ADMIN = "benchadmin"
UPLOAD_TIMEOUT_S = 120
LETTERS = "etaoinshrdlucmfwypvbgkqjxz"


def make_admin(env: dict[str, str]) -> None:
    code = (
        "from django.contrib.auth.models import User\n"
        f"User.objects.create_superuser({ADMIN!r}, password={PASSWORD!r})\n"
    )
    subprocess.run(
        [PYTHON, "manage.py", "shell", "-c", code],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
    )


def signed_in_admin(port: int) -> Browser:
    browser = Browser(port)
    browser.request("GET", "/admin/login/")
    response = browser.request(
        "POST", "/admin/login/", {"username": ADMIN, "password": PASSWORD, "next": "/admin/"}
    )
    browser.expect(response, 302, "admin sign-in")
    return browser


def word_list(size_bytes: int, *, length: int = 7) -> tuple[bytes, int]:
    """Distinct words of ``length`` letters, one a line, up to ``size_bytes``; and their count."""
    count = size_bytes // (length + 1)
    made = itertools.islice(itertools.product(LETTERS, repeat=length), count)
    return ("\n".join("".join(word) for word in made) + "\n").encode("ascii"), count


@dataclass(frozen=True)
class Upload:
    status: int
    location: str
    seconds: float

    @property
    def import_id(self) -> int:
        found = re.search(r"/dictionaryimport/(\d+)/", self.location)
        if found is None:
            raise RuntimeError(f"the upload was not queued: HTTP {self.status} {self.location!r}")
        return int(found[1])


def admin_upload(browser: Browser, name: str, content: bytes) -> Upload:
    """POST a word file to the admin's upload form, multipart as a browser sends it."""
    boundary = "----evil" + secrets.token_hex(8)
    parts = [
        f'--{boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\n{name}\r\n'.encode(),
        (
            f'--{boundary}\r\nContent-Disposition: form-data; name="word_file"; '
            'filename="words.txt"\r\nContent-Type: text/plain\r\n\r\n'
        ).encode(),
        content,
        f"\r\n--{boundary}--\r\n".encode(),
    ]
    body = b"".join(parts)
    path = "/admin/dictionaries/dictionary/add/"
    headers = {
        "Host": HOST,
        "Connection": "close",
        "Content-Type": f"multipart/form-data; boundary={boundary}",
        "Cookie": "; ".join(f"{k}={v}" for k, v in browser.cookies.items()),
        "X-CSRFToken": browser.cookies.get("csrftoken", ""),
        "Referer": f"http://{HOST}:{browser.port}{path}",
    }
    started = time.perf_counter()
    connection = http.client.HTTPConnection(HOST, browser.port, timeout=UPLOAD_TIMEOUT_S)
    try:
        connection.request("POST", path, body=body, headers=headers)
        response = connection.getresponse()
        response.read()
        return Upload(
            response.status, response.getheader("Location") or "", time.perf_counter() - started
        )
    finally:
        connection.close()


@contextmanager
def db_worker(env: dict[str, str], *, log: Path | None = None) -> Iterator[subprocess.Popen[bytes]]:
    """One ``manage.py db_worker`` (which clears orphans as it starts), stopped at the end."""
    out = log.open("ab") if log is not None else subprocess.DEVNULL
    process = subprocess.Popen(
        [
            PYTHON,
            "manage.py",
            "db_worker",
            "--no-reload",
            "--no-startup-delay",
            "--interval",
            "0.1",
        ],
        cwd=ROOT,
        env=env,
        stdout=out,
        stderr=out,
    )
    try:
        yield process
    finally:
        if process.poll() is None:
            process.terminate()
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        if log is not None:
            out.close()  # type: ignore[union-attr]


def orphan_files(upload_dir: Path) -> list[str]:
    """Files in the upload folder (and Django's spool in it) that no import waits for."""
    from dictionaries.models import DictionaryImport

    pending = set(
        DictionaryImport.objects.filter(status__in=["queued", "running"]).values_list(
            "file_name", flat=True
        )
    )
    return sorted(
        str(path.relative_to(upload_dir))
        for path in upload_dir.rglob("*")
        if path.is_file() and path.name not in pending
    )


def half_written_dictionaries() -> int:
    """Dictionaries whose stored words disagree with their count, or that have none."""
    from django.db.models import Count

    from dictionaries.models import Dictionary

    return sum(
        1
        for dictionary in Dictionary.objects.annotate(stored=Count("words"))
        if dictionary.stored != dictionary.word_count or dictionary.stored == 0
    )


def wait_for_import(import_id: int, *, phases: set[str], timeout: float) -> dict:
    """Poll the import's row until its status or phase is one of ``phases``."""
    from dictionaries.models import DictionaryImport

    deadline = time.monotonic() + timeout
    while True:
        row = DictionaryImport.objects.filter(pk=import_id).values().first() or {}
        reached = row.get("status") in phases or row.get("phase") in phases
        # Storing: once some words are in the import's transaction, not at its first line.
        if reached and (row.get("phase") != "storing" or row.get("progress_done", 0) > 0):
            return row
        if time.monotonic() > deadline:
            raise RuntimeError(f"import {import_id} never reached {sorted(phases)}: {row}")
        time.sleep(0.02)

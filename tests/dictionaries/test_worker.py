"""Uploads imported by a real ``manage.py db_worker`` process (PostgreSQL only).

One upload goes through the admin, waits queued, is imported with its par by the worker
and leaves no file; another worker is killed (SIGKILL) in the middle of storing words or
reading the file, and nothing half-written stays: no dictionary, no word, and the next
worker to start marks the import failed and deletes its orphaned file.
"""

from __future__ import annotations

import itertools
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from unittest import mock
from urllib.parse import quote

import pytest
from django.conf import settings
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.test import Client
from django.urls import reverse
from django_tasks_db.models import DBTaskResult
from pytest_django.fixtures import Settings

from dictionaries.import_jobs import WORKER_STOPPED, WORKER_STOPPED_IN_PAR
from dictionaries.models import Dictionary, DictionaryImport, Word
from games.models import Par
from tests.factories import UserFactory

ROOT = Path(__file__).resolve().parents[2]

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        not os.environ.get("DATABASE_URL", "").startswith("postgres"),
        reason="a real worker process needs PostgreSQL (SQLite's test database is in memory)",
    ),
]


def test_database_url() -> str:
    """The test database, for a worker in another process."""
    params = connection.settings_dict
    user = quote(params["USER"] or "")
    password = f":{quote(params['PASSWORD'])}" if params.get("PASSWORD") else ""
    host = params["HOST"] or "127.0.0.1"
    port = params["PORT"] or "5432"
    return f"postgres://{user}{password}@{host}:{port}/{params['NAME']}"


test_database_url.__test__ = False  # type: ignore[attr-defined]


class Workers:
    """``manage.py db_worker`` processes on the test database, stopped at the end."""

    def __init__(self, upload_dir: Path) -> None:
        self.env = {
            **os.environ,
            "DATABASE_URL": test_database_url(),
            "DICTIONARY_UPLOAD_DIR": str(upload_dir),
            "TASK_BACKEND": "database",
            "SITE_LOG_LEVEL": "WARNING",
        }
        self.env.pop("DATABASE_REPLICA_URL", None)
        self.started: list[subprocess.Popen[bytes]] = []

    def start(self) -> subprocess.Popen[bytes]:
        command = [
            sys.executable,
            str(ROOT / "manage.py"),
            "db_worker",
            "--no-reload",
            "--no-startup-delay",
            "--interval",
            "0.1",
        ]
        worker = subprocess.Popen(command, cwd=ROOT, env=self.env)
        self.started.append(worker)
        return worker

    def stop_all(self) -> None:
        for worker in self.started:
            if worker.poll() is None:
                worker.terminate()
                try:
                    worker.wait(timeout=20)
                except subprocess.TimeoutExpired:
                    worker.kill()
                    worker.wait()


@pytest.fixture
def workers(settings: Settings) -> Iterator[Workers]:
    settings.TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}
    pool = Workers(Path(settings.DICTIONARY_UPLOAD_DIR))
    yield pool
    pool.stop_all()


def admin_client() -> Client:
    client = Client()
    client.force_login(UserFactory(is_staff=True, is_superuser=True))
    return client


def upload(client: Client, name: str, content: bytes) -> DictionaryImport:
    """Post a list to the admin; the request queues it and never imports it itself."""

    def imported_in_the_request(**kwargs: Any) -> None:
        raise AssertionError("the request imported the list instead of queueing it")

    with mock.patch("dictionaries.tasks.import_run", imported_in_the_request):
        response = client.post(
            reverse("admin:dictionaries_dictionary_add"),
            {"name": name, "word_file": SimpleUploadedFile("words.txt", content)},
        )
    job = DictionaryImport.objects.get(name=name)
    assert response["Location"] == reverse(
        "admin:dictionaries_dictionaryimport_change", args=[job.pk]
    )
    return job


def wait_for(condition: Callable[[], Any], *, seconds: float, what: str) -> Any:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if value := condition():
            return value
        time.sleep(0.05)
    raise AssertionError(f"waited {seconds} s for {what}")


def wait_for_status(
    job: DictionaryImport, statuses: set[str], *, seconds: float, what: str
) -> None:
    wait_for(
        lambda: DictionaryImport.objects.filter(pk=job.pk, status__in=statuses).exists(),
        seconds=seconds,
        what=what,
    )
    job.refresh_from_db()


def kill(worker: subprocess.Popen[bytes]) -> None:
    os.kill(worker.pid, signal.SIGKILL)
    worker.wait()


def uploaded_files() -> list[str]:
    """The files waiting in the upload folder (its "incoming" folder is Django's spool)."""
    folder = Path(settings.DICTIONARY_UPLOAD_DIR)
    return sorted(path.name for path in folder.iterdir() if path.is_file())


def words(count: int, length: int) -> bytes:
    letters = "etaoinshrdlucmfwypvbgkqjxz"
    made = itertools.islice(itertools.product(letters, repeat=length), count)
    return "\n".join("".join(word) for word in made).encode("ascii") + b"\n"


def test_an_upload_is_queued_then_imported_with_its_par_by_a_worker(workers: Workers) -> None:
    client = admin_client()
    job = upload(client, "Worker words", words(400, 4) + words(300, 5))
    assert job.status == "queued"
    assert uploaded_files() == [job.file_name]
    page = client.get(reverse("admin:dictionaries_dictionaryimport_change", args=[job.pk]))
    assert "Waiting for a worker." in page.content.decode()
    assert DBTaskResult.objects.get(id=job.task_id).status == "READY"

    workers.start()
    wait_for_status(job, {"done", "failed"}, seconds=120, what="the worker to finish the import")
    assert (job.status, job.error) == ("done", "")
    dictionary = Dictionary.objects.get(name="Worker words")
    assert job.dictionary == dictionary
    assert dictionary.word_count == 700
    assert Word.objects.filter(dictionary=dictionary).count() == 700
    assert Par.objects.filter(dictionary=dictionary).count() == 2 * 3  # lengths 4, 5 x 3
    assert uploaded_files() == []  # the temporary file is gone
    # The worker records the task's result after the task returns: the import is done first.
    wait_for(
        lambda: DBTaskResult.objects.filter(id=job.task_id, status="SUCCESSFUL").exists(),
        seconds=30,
        what="the worker to record the task's success",
    )
    page = client.get(reverse("admin:dictionaries_dictionaryimport_change", args=[job.pk]))
    assert "Done: 700 words." in page.content.decode()


@pytest.mark.parametrize("phase", ["reading", "storing"])
def test_a_worker_killed_mid_import_leaves_nothing_half_written(
    workers: Workers, phase: str
) -> None:
    client = admin_client()
    total = 1_200_000
    job = upload(client, "Killed words", words(total, 5))
    worker = workers.start()

    def in_phase() -> bool:
        job.refresh_from_db()
        if phase == "storing":  # words are being written inside the import's transaction
            return job.phase == "storing" and 0 < job.progress_done < total
        return job.phase == "reading"

    wait_for(in_phase, seconds=60, what=f"the import to be {phase}")
    assert job.progress_total == (total if phase == "storing" else 0)
    kill(worker)

    # Nothing of the import is visible: no dictionary, no word; the row and file remain.
    assert not Dictionary.objects.filter(name="Killed words").exists()
    assert not Word.objects.exists()
    job.refresh_from_db()
    assert job.status == "running"
    assert uploaded_files() == [job.file_name]

    workers.start()
    wait_for_status(job, {"failed"}, seconds=30, what="the new worker to mark the import failed")
    assert job.error == WORKER_STOPPED
    assert job.dictionary is None
    assert uploaded_files() == []  # the orphaned file is deleted
    wait_for(
        lambda: DBTaskResult.objects.filter(id=job.task_id, status="FAILED").exists(),
        seconds=30,
        what="the worker to record the task's failure",
    )
    assert not Word.objects.exists()
    page = client.get(reverse("admin:dictionaries_dictionaryimport_change", args=[job.pk]))
    assert "killed or restarted" in page.content.decode()


def test_a_worker_killed_while_computing_par_leaves_a_whole_dictionary(workers: Workers) -> None:
    """Past the words' commit the dictionary is whole; the import says par is missing."""
    client = admin_client()
    total = 200_000
    job = upload(client, "Par cut", words(total, 5))
    worker = workers.start()

    def computing_par() -> bool:
        job.refresh_from_db()
        return job.phase == "par"

    wait_for(computing_par, seconds=90, what="the import to compute par")
    kill(worker)
    dictionary = Dictionary.objects.get(name="Par cut")
    assert dictionary.word_count == total
    assert Word.objects.filter(dictionary=dictionary).count() == total
    assert uploaded_files() == []  # deleted as soon as the words were stored

    workers.start()
    wait_for_status(job, {"failed"}, seconds=30, what="the new worker to mark the import failed")
    assert job.error == WORKER_STOPPED_IN_PAR.format(slug=dictionary.slug)
    assert job.dictionary == dictionary
    assert job.report["accepted"] == total


def test_a_worker_whose_database_session_dies_mid_import_fails_it_and_carries_on(
    workers: Workers,
) -> None:
    """As when PostgreSQL restarts: the worker's sessions are cut while it stores words."""
    client = admin_client()
    total = 1_200_000
    job = upload(client, "Cut words", words(total, 5))
    worker = workers.start()

    def storing() -> bool:
        job.refresh_from_db()
        return job.phase == "storing" and 0 < job.progress_done < total

    wait_for(storing, seconds=60, what="the import to be storing words")
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
            "WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )
    wait_for_status(job, {"failed"}, seconds=30, what="the worker to mark the import failed")
    assert "The import stopped on an error" in job.error
    assert "nothing was stored" in job.error
    assert not Dictionary.objects.filter(name="Cut words").exists()
    assert not Word.objects.exists()
    assert uploaded_files() == []
    assert worker.poll() is None  # the worker lives on and takes the next upload
    again = upload(client, "Words after the cut", words(50, 4))
    wait_for_status(again, {"done"}, seconds=60, what="the same worker to import the next upload")

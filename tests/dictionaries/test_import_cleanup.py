"""What a worker clears when it starts: imports whose worker died, and files nobody owns."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import get_commands

from dictionaries.import_jobs import WORKER_STOPPED, import_orphans_clear
from dictionaries.models import DictionaryImport
from tests.factories import DictionaryFactory

pytestmark = pytest.mark.django_db


def stored(name: str, *, age_seconds: float = 0, folder: Path | None = None) -> Path:
    folder = folder or Path(settings.DICTIONARY_UPLOAD_DIR)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_bytes(b"ally\nbeta\n")
    then = time.time() - age_seconds
    os.utime(path, (then, then))
    return path


def job(name: str, status: str, **fields: object) -> DictionaryImport:
    extra = {"error": "it failed"} if status == "failed" else {}
    if status == "done":
        extra = {"report": {"accepted": 2}, "dictionary": DictionaryFactory()}
    return DictionaryImport.objects.create(
        name=name, file_name=f"{name}.txt", file_size=10, status=status, **extra, **fields
    )


def test_db_worker_is_the_sites_own_command_that_cleans_up_first() -> None:
    assert get_commands()["db_worker"] == "dictionaries"


def test_files_of_waiting_imports_stay_and_files_nobody_will_import_go() -> None:
    waiting = stored(job("waiting", "queued").file_name, age_seconds=3600)
    finished = stored(job("finished", "done").file_name)
    failed = stored(job("failed", "failed").file_name)
    young_stray = stored("being-stored-now.txt")
    old_stray = stored("left-by-a-killed-request.txt", age_seconds=3600)

    cleaned = import_orphans_clear(grace_seconds=600)

    assert waiting.exists()
    assert young_stray.exists()  # perhaps an upload whose transaction has not committed yet
    assert not finished.exists()
    assert not failed.exists()
    assert not old_stray.exists()
    assert sorted(cleaned.removed_files) == sorted([finished.name, failed.name, old_stray.name])


def test_an_old_spooled_upload_is_deleted_and_a_fresh_one_kept() -> None:
    incoming = Path(settings.FILE_UPLOAD_TEMP_DIR)
    old = stored("tmpold.upload.txt", age_seconds=3600, folder=incoming)
    fresh = stored("tmpfresh.upload.txt", folder=incoming)
    try:
        import_orphans_clear(grace_seconds=600)
        assert not old.exists()
        assert fresh.exists()
    finally:
        fresh.unlink(missing_ok=True)


@pytest.mark.skipif(
    os.environ.get("DATABASE_URL", "").startswith("postgres"),
    reason="on PostgreSQL a running import's worker holds a lock (test_worker.py proves it)",
)
def test_on_sqlite_a_running_import_at_a_workers_start_was_its_dead_predecessors() -> None:
    running = job("running", "running", phase="storing", progress_done=5, progress_total=9)
    path = stored(running.file_name)
    cleaned = import_orphans_clear()
    running.refresh_from_db()
    assert (running.status, running.error) == ("failed", WORKER_STOPPED)
    assert cleaned.failed_imports == [running.pk]
    assert not path.exists()


def test_the_constraints_refuse_an_inconsistent_import() -> None:
    from django.db import IntegrityError, transaction

    for fields in (
        {"status": "failed"},  # failed without a reason
        {"status": "done"},  # done without a report
        {"status": "queued", "progress_done": 5, "progress_total": 4},
        {"status": "lost"},
    ):
        with pytest.raises(IntegrityError), transaction.atomic():
            DictionaryImport.objects.create(name="x", file_name="x.txt", file_size=1, **fields)
    DictionaryImport.objects.create(name="same", file_name="a.txt", file_size=1)
    with pytest.raises(IntegrityError), transaction.atomic():
        DictionaryImport.objects.create(name="same", file_name="b.txt", file_size=1)

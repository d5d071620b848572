"""Imports that run in the background: queue an uploaded word file, run it, clear orphans.

The admin's upload request only stores the file in ``DICTIONARY_UPLOAD_DIR`` and queues
the import (a ``DictionaryImport`` row and a task, in one transaction), so it answers in
well under a second whatever the file's size. A worker (``manage.py db_worker``) then runs
``dictionary_import`` (one transaction: a dictionary appears whole or not at all), computes
par as ``import_dictionary`` does, and deletes the file.

A worker killed mid-import leaves its row "running" and its file: the next worker to start
finds such rows (on PostgreSQL a running import holds an advisory lock that its session's
death releases; SQLite runs one worker) and marks them failed, then deletes every file that
no queued or running import owns.
"""

from __future__ import annotations

import contextlib
import logging
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.core.files.uploadedfile import UploadedFile
from django.db import (
    DEFAULT_DB_ALIAS,
    DatabaseError,
    IntegrityError,
    connection,
    connections,
    transaction,
)
from django.utils import timezone
from django.utils.translation import gettext

from dictionaries.hooks import after_import_steps
from dictionaries.languages import DEFAULT_LANGUAGE
from dictionaries.models import DictionaryImport
from dictionaries.names import lookalike_among, name_taken_error, validated_name
from dictionaries.services import (
    _validate_description,
    dictionary_import,
    validated_language,
)
from dictionaries.wordfiles import DictionaryImportError, _too_large_error

if TYPE_CHECKING:
    from django.contrib.auth.models import AbstractBaseUser

logger = logging.getLogger(__name__)

# A file younger than this that no import owns may be an upload being stored right now.
ORPHAN_GRACE_SECONDS = 600
# Progress is written at most this often (a 2.5 M-word list reports every 5,000 words).
PROGRESS_INTERVAL_SECONDS = 0.5
# pg_advisory_lock(LOCK_SPACE, job id) is held by the worker running that import.
LOCK_SPACE = 0x45564C48  # "EVLH"
# How long a worker whose import failed with the database waits for it to come back.
DATABASE_BACK_SECONDS = 60
# A worker killed just now may keep its server session (and so its lock) a moment longer.
OWNER_PATIENCE_SECONDS = 2.0
WORKER_STOPPED = (
    "The worker running this import stopped (killed or restarted) before it finished; "
    "nothing was stored. Upload the file again."
)
WORKER_STOPPED_IN_PAR = (
    "The worker stopped while computing par: the words are stored, but some lengths have no "
    "par yet. Run manage.py compute_par --dictionary {slug}."
)

# The upload is not where the worker looks: most often DICTIONARY_UPLOAD_DIR is not one
# folder shared by the node that took the upload and the worker (docs/deploying.md).
FILE_NOT_ON_WORKER = (
    "The worker could not find the uploaded file ({path}): nothing was imported. Every app "
    "node and worker must see the same DICTIONARY_UPLOAD_DIR (one machine, or a shared "
    "folder); fix that, then upload the file again."
)


class ImportCouldNotRun(RuntimeError):
    """An import stopped for the site's reason, not the file's (a folder not shared, the
    database): its row says what to fix, and its task is failed so the queue says so too."""


Status = DictionaryImport.Status
Phase = DictionaryImport.Phase


def upload_dir() -> Path:
    return Path(settings.DICTIONARY_UPLOAD_DIR)


def incoming_dir() -> Path:
    """Django's own temporary files of uploads being received (FILE_UPLOAD_TEMP_DIR)."""
    return Path(settings.FILE_UPLOAD_TEMP_DIR)


# --- queueing (the admin's request) --------------------------------------------------------


def _pending_name_error(name: str) -> DictionaryImportError | None:
    """A queued or running import of the same name, or of a look-alike."""
    waiting = DictionaryImport.objects.filter(status__in=[Status.QUEUED, Status.RUNNING])
    pending = waiting.filter(name__iexact=name).first()
    if pending is None:
        lookalike = lookalike_among(name, waiting.values_list("name", flat=True))
        pending = None if lookalike is None else waiting.filter(name=lookalike).first()
    if pending is None:
        return None
    return DictionaryImportError(
        gettext(
            "A word list named %(name)s is already waiting to be imported; wait for it or "
            "choose another name."
        )
        % {"name": repr(pending.name)},
        code="name_taken",
        field="name",
    )


def _store_upload(upload: UploadedFile, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("xb") as stored:
        for chunk in upload.chunks():
            stored.write(chunk)


def import_store(
    *,
    name: str,
    upload: UploadedFile,
    queue: Callable[[int], str],
    uploaded_by: AbstractBaseUser | None = None,
    description: str = "",
    make_default: bool = False,
    language_tag: str = DEFAULT_LANGUAGE,
    accents: str = "",
) -> DictionaryImport:
    """Store an uploaded word file and queue its import with ``queue`` (given the job's id,
    it queues the task and returns the task's id: ``dictionaries.tasks.import_queue`` passes
    it, so this module never imports the task that runs it). The checks that need no
    reading of the file (name, description, language, size) refuse it here, the rest the
    worker reports."""
    clean_name, slug = validated_name(name)
    _validate_description(description)
    tag, accents = validated_language(language_tag, accents)
    limit = settings.DICTIONARY_UPLOAD_MAX_BYTES
    if upload.size is None or upload.size > limit:
        raise _too_large_error(upload.size, limit)
    for error in (name_taken_error(clean_name, slug), _pending_name_error(clean_name)):
        if error is not None:
            raise error
    file_name = f"{uuid.uuid4().hex}.txt"
    path = upload_dir() / file_name
    try:
        with transaction.atomic():
            try:
                with transaction.atomic():
                    job = DictionaryImport.objects.create(
                        name=clean_name,
                        description=description.strip(),
                        make_default=make_default,
                        language=tag,
                        accents=accents,
                        uploaded_by=uploaded_by,
                        file_name=file_name,
                        original_name=(upload.name or "")[:255],
                        file_size=upload.size,
                    )
            except IntegrityError as integrity_error:
                if (error := _pending_name_error(clean_name)) is not None:
                    raise error from integrity_error
                raise
            _store_upload(upload, path)
            # In the same transaction: the row and its task are both queued, or neither.
            DictionaryImport.objects.filter(pk=job.pk).update(task_id=queue(job.pk))
    except BaseException:
        path.unlink(missing_ok=True)
        raise
    job.refresh_from_db()
    logger.info(
        "dictionary import queued",
        extra={"import_id": job.pk, "dictionary_name": job.name, "bytes": job.file_size},
    )
    return job


# --- running (the worker) ------------------------------------------------------------------


class _ProgressWriter:
    """Writes an import's phase and progress where the admin sees them while the import's
    transaction is still open: on PostgreSQL through a connection of its own; on SQLite,
    which has one writer at a time, only between transactions."""

    def __init__(self, job_id: int) -> None:
        self.job_id = job_id
        self.side: Any = None
        self.last = 0.0

    def __call__(self, phase: str, done: int, total: int, *, force: bool = False) -> None:
        now = time.monotonic()
        if not force and now - self.last < PROGRESS_INTERVAL_SECONDS:
            return
        self.last = now
        target = connection
        if connection.in_atomic_block:
            if connection.vendor != "postgresql":
                return
            if self.side is None:
                self.side = connections.create_connection(DEFAULT_DB_ALIAS)
            target = self.side
        table = target.ops.quote_name(DictionaryImport._meta.db_table)
        sql = (
            f"UPDATE {table} SET phase = %s, progress_done = %s, progress_total = %s "
            "WHERE id = %s AND status = %s"
        )
        params = [phase, min(done, total), total, self.job_id, Status.RUNNING]
        if target is connection:
            with target.cursor() as cursor:
                cursor.execute(sql, params)
            return
        try:  # progress is only shown: a failure of its own connection must not stop the import
            with target.cursor() as cursor:
                cursor.execute(sql, params)
        except DatabaseError:
            logger.warning("import progress not written", extra={"import_id": self.job_id})
            self.close()

    def close(self) -> None:
        if self.side is not None:
            with contextlib.suppress(DatabaseError):
                self.side.close()
            self.side = None


def _drop_dead_connection() -> None:
    """After the database server restarted, the next query opens a new session (outside a
    transaction only: inside one, as when tasks run in their request, it is left alone)."""
    if not connection.in_atomic_block:
        connection.close_if_unusable_or_obsolete()


@contextmanager
def _held_while_running(job_id: int) -> Iterator[None]:
    """On PostgreSQL, a session lock that says "a live worker runs this import": the
    server drops it when the worker's connection dies, however the worker died."""
    if connection.vendor != "postgresql":
        yield
        return
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_advisory_lock(%s, %s)", [LOCK_SPACE, job_id])
    try:
        yield
    finally:
        # A session that died (the server restarted) took its lock with it.
        _drop_dead_connection()
        if connection.connection is not None:
            with connection.cursor() as cursor:
                cursor.execute("SELECT pg_advisory_unlock(%s, %s)", [LOCK_SPACE, job_id])


def _claim(job_id: int) -> DictionaryImport | None:
    with transaction.atomic():
        job = DictionaryImport.objects.select_for_update().filter(pk=job_id).first()
        if job is None or job.status != Status.QUEUED:
            return None  # already run, or failed by a worker's clean-up
        job.status = Status.RUNNING
        job.phase = Phase.READING
        job.started_at = timezone.now()
        job.save(update_fields=["status", "phase", "started_at"])
    return job


def _fail(job_id: int, reason: str, *, rejected_lines: tuple = ()) -> None:
    changes: dict[str, Any] = {
        "status": Status.FAILED,
        "phase": Phase.FINISHED,
        "error": reason,
        "finished_at": timezone.now(),
    }
    if rejected_lines:
        changes["report"] = {"rejected_lines": [line.as_json() for line in rejected_lines]}
    DictionaryImport.objects.filter(pk=job_id, status=Status.RUNNING).update(**changes)


def import_run(*, job_id: int) -> DictionaryImport | None:
    """Run one queued import to its end (done or failed); None if it was not queued.

    A file the import refuses ends it failed with the reason; an import that could not run
    (the file missing on this machine, the database) also raises ``ImportCouldNotRun``."""
    with _held_while_running(job_id):
        job = _claim(job_id)
        if job is None:
            return None
        path = upload_dir() / job.file_name
        progress = _ProgressWriter(job.pk)
        try:
            with transaction.atomic():
                try:
                    with path.open("rb") as word_file:
                        report = dictionary_import(
                            name=job.name,
                            source=word_file,
                            uploaded_by=job.uploaded_by,
                            description=job.description,
                            make_default=job.make_default,
                            language_tag=job.language,
                            accents=job.accents,
                            progress=lambda done, total: progress(Phase.STORING, done, total),
                        )
                except FileNotFoundError as error:
                    raise ImportCouldNotRun(FILE_NOT_ON_WORKER.format(path=path)) from error
                # With the words: a dictionary never exists without its import knowing it.
                DictionaryImport.objects.filter(pk=job.pk).update(
                    dictionary=report.dictionary,
                    report=report.as_json(),
                    phase=Phase.PAR,
                    progress_done=0,
                    progress_total=0,
                    stored_at=timezone.now(),
                )
            progress.close()
            path.unlink(missing_ok=True)
            for after_import in after_import_steps():  # dictionaries.hooks: par, priors
                after_import(
                    dictionary=report.dictionary,
                    progress=lambda done, total: progress(Phase.PAR, done, total),
                )
            DictionaryImport.objects.filter(pk=job.pk).update(
                status=Status.DONE, phase=Phase.FINISHED, finished_at=timezone.now()
            )
        except DictionaryImportError as error:
            _fail(job.pk, f"Nothing imported: {error.message}", rejected_lines=error.rejected_lines)
        except ImportCouldNotRun as error:
            logger.error("dictionary import could not run: %s", error, extra={"import_id": job.pk})
            _fail(job.pk, str(error))
            raise
        except Exception as error:
            logger.exception("dictionary import failed", extra={"import_id": job.pk})
            _fail_once_reachable(job.pk, error)
            raise ImportCouldNotRun(f"import {job.pk} stopped on {type(error).__name__}") from error
        finally:
            progress.close()
            path.unlink(missing_ok=True)
    job.refresh_from_db()
    return job


def _fail_once_reachable(job_id: int, error: Exception) -> None:
    """Record the failure, waiting for a database that is restarting to come back (a
    worker that gives up leaves the import "running" until the next worker starts)."""
    deadline = time.monotonic() + DATABASE_BACK_SECONDS
    while True:
        _drop_dead_connection()
        try:
            stored = DictionaryImport.objects.filter(pk=job_id, dictionary__isnull=False).exists()
            what = "the words are stored, par is not" if stored else "nothing was stored"
            _fail(job_id, f"The import stopped on an error ({type(error).__name__}); {what}.")
            return
        except DatabaseError:
            if connection.in_atomic_block or time.monotonic() > deadline:
                raise
            time.sleep(1)


# --- a worker's clean-up when it starts ----------------------------------------------------


@dataclass(frozen=True)
class CleanUp:
    failed_imports: list[int]
    removed_files: list[str]


def _owner_alive(job_id: int, *, patience: float = OWNER_PATIENCE_SECONDS) -> bool:
    """Whether a live worker runs this import. SQLite has one worker, so no other is.

    A worker killed a moment ago may still have its server session (and lock) for a
    little while: a lock still held is asked again for up to ``patience`` seconds."""
    if connection.vendor != "postgresql":
        return False
    deadline = time.monotonic() + patience
    with connection.cursor() as cursor:
        while True:
            cursor.execute("SELECT pg_try_advisory_lock(%s, %s)", [LOCK_SPACE, job_id])
            if cursor.fetchone()[0]:
                cursor.execute("SELECT pg_advisory_unlock(%s, %s)", [LOCK_SPACE, job_id])
                return False
            if time.monotonic() >= deadline:
                return True
            time.sleep(0.1)


def _fail_abandoned(job_id: int) -> bool:
    with transaction.atomic():
        job = DictionaryImport.objects.select_for_update().filter(pk=job_id).first()
        if job is None or job.status != Status.RUNNING:
            return False
        if job.dictionary_id is not None:
            reason = WORKER_STOPPED_IN_PAR.format(slug=job.dictionary.slug)
        else:
            reason = WORKER_STOPPED
        # Its file first: whoever sees the import failed sees its file gone too, and (one
        # transaction) its task failed in the queue.
        (upload_dir() / job.file_name).unlink(missing_ok=True)
        _fail(job.pk, reason)
        _fail_task_result(job.task_id)
    return True


def _fail_task_result(task_id: str) -> None:
    """The queue's own row of the dead task, still "running", is marked failed too."""
    if not task_id:
        return
    from django_tasks_db.models import DBTaskResult

    result = DBTaskResult.objects.filter(id=task_id, status="RUNNING").first()
    if result is not None:
        result.set_failed(RuntimeError(WORKER_STOPPED))


def _older_than(path: Path, seconds: float) -> bool:
    try:
        return time.time() - path.stat().st_mtime > seconds
    except FileNotFoundError:
        return False


def import_orphans_clear(*, grace_seconds: float = ORPHAN_GRACE_SECONDS) -> CleanUp:
    """Fail the imports whose worker died and delete the files nobody will import."""
    failed = [
        job_id
        for job_id in DictionaryImport.objects.filter(status=Status.RUNNING).values_list(
            "pk", flat=True
        )
        if not _owner_alive(job_id) and _fail_abandoned(job_id)
    ]
    removed: list[str] = []
    directory = upload_dir()
    if directory.is_dir():
        names = {path.name: path for path in directory.iterdir() if path.is_file()}
        owners = dict(
            DictionaryImport.objects.filter(file_name__in=names).values_list("file_name", "status")
        )
        for name, path in names.items():
            status = owners.get(name)
            if status in {Status.QUEUED, Status.RUNNING}:
                continue
            # A file without a row may be an upload whose transaction has not committed yet.
            if status is not None or _older_than(path, grace_seconds):
                path.unlink(missing_ok=True)
                removed.append(name)
    incoming = incoming_dir()
    if incoming.is_dir() and incoming != directory:
        for path in incoming.iterdir():
            if path.is_file() and _older_than(path, grace_seconds):
                path.unlink(missing_ok=True)
                removed.append(f"{incoming.name}/{path.name}")
    if failed or removed:
        logger.warning(
            "dictionary uploads cleaned up",
            extra={"failed_imports": failed, "removed_files": len(removed)},
        )
    return CleanUp(failed_imports=failed, removed_files=removed)

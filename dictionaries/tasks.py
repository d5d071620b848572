"""Background tasks of dictionaries, run by ``manage.py db_worker`` (django-tasks), and
the queueing of them: the task imports the work (``import_jobs``), never the reverse."""

from __future__ import annotations

from django.contrib.auth.base_user import AbstractBaseUser
from django.core.files.uploadedfile import UploadedFile
from django_tasks import task

from core.taskqueue import carries_request_id, enqueue
from dictionaries.import_jobs import import_run, import_store
from dictionaries.languages import DEFAULT_LANGUAGE
from dictionaries.models import DictionaryImport


@task()
@carries_request_id
def import_word_list(job_id: int) -> str:
    """Import the uploaded word file of one ``DictionaryImport`` and compute its par and
    challenge priors; an import that could not run raises, so the task is recorded failed."""
    job = import_run(job_id=job_id)
    return "not queued" if job is None else job.status


def import_queue(
    *,
    name: str,
    upload: UploadedFile,
    uploaded_by: AbstractBaseUser | None = None,
    description: str = "",
    make_default: bool = False,
    language_tag: str = DEFAULT_LANGUAGE,
    accents: str = "",
) -> DictionaryImport:
    """Store an uploaded word file and queue :func:`import_word_list` for it, in one
    transaction (``import_jobs.import_store``): the admin's upload."""
    return import_store(
        name=name,
        upload=upload,
        queue=lambda job_id: str(enqueue(import_word_list, job_id).id),
        uploaded_by=uploaded_by,
        description=description,
        make_default=make_default,
        language_tag=language_tag,
        accents=accents,
    )

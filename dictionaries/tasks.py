"""Background tasks of dictionaries, run by ``manage.py db_worker`` (django-tasks)."""

from __future__ import annotations

from django_tasks import task

from core.taskqueue import carries_request_id


@task()
@carries_request_id
def import_word_list(job_id: int) -> str:
    """Import the uploaded word file of one ``DictionaryImport`` and compute its par and
    board priors; an import that could not run raises, so the task is recorded failed."""
    from dictionaries.import_jobs import import_run

    job = import_run(job_id=job_id)
    return "not queued" if job is None else job.status

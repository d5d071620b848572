"""Background tasks of dictionaries, run by ``manage.py db_worker`` (django-tasks)."""

from __future__ import annotations

from django_tasks import task


@task()
def import_word_list(job_id: int) -> str:
    """Import the uploaded word file of one ``DictionaryImport`` and compute its par."""
    from dictionaries.import_jobs import import_run

    job = import_run(job_id=job_id)
    return "not queued" if job is None else job.status

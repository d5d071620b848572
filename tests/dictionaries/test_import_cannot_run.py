"""An import that cannot run for the site's reason (issue 27, item 6: an upload folder not
shared between the node that took the upload and the worker) logs an error with the
request id of the upload, ends its task failed and tells the admin what to fix; an
upload that runs gets par and the challenge priors from the worker."""

from __future__ import annotations

import logging

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django_tasks_db.models import DBTaskResult
from pytest_django.fixtures import Settings

from core.logs import request_id_var
from dictionaries.import_jobs import upload_dir
from dictionaries.models import DictionaryImport
from dictionaries.tasks import import_queue
from games.models import ChallengePrior, Par
from tests.accounts.test_password_reset_queued import run_queued_tasks

pytestmark = pytest.mark.django_db

REQUEST_ID = "upload-request-0123456789"
WORDS = b"\n".join(word.encode() for word in ("ally", "beta", "cove", "dune", "echo", "fawn"))


@pytest.fixture(autouse=True)
def _database_queue(settings: Settings, tmp_path: object) -> None:
    settings.TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}
    settings.DICTIONARY_UPLOAD_DIR = tmp_path


def queue_upload(name: str) -> DictionaryImport:
    token = request_id_var.set(REQUEST_ID)  # as in the admin's upload request
    try:
        return import_queue(name=name, upload=SimpleUploadedFile("words.txt", WORDS))
    finally:
        request_id_var.reset(token)


def test_a_file_the_worker_cannot_see_fails_the_task_and_says_what_to_fix(
    caplog: pytest.LogCaptureFixture,
) -> None:
    job = queue_upload("Not shared")
    (upload_dir() / job.file_name).unlink()  # the worker's machine has another folder
    with caplog.at_level(logging.INFO):
        run_queued_tasks()
    job.refresh_from_db()
    assert job.status == DictionaryImport.Status.FAILED
    assert "DICTIONARY_UPLOAD_DIR" in job.error
    assert "shared folder" in job.error
    assert DBTaskResult.objects.get().status == "FAILED"
    errors = [r for r in caplog.records if r.name == "dictionaries.import_jobs"]
    assert [r.levelno for r in errors if r.levelno >= logging.ERROR] == [logging.ERROR]
    assert {r.request_id for r in errors} == {REQUEST_ID}


def test_an_uploaded_list_gets_par_and_challenge_priors_from_the_worker() -> None:
    job = queue_upload("Uploaded words")
    run_queued_tasks()
    job.refresh_from_db()
    assert job.status == DictionaryImport.Status.DONE
    assert DBTaskResult.objects.get().status == "SUCCESSFUL"
    keys = {(p.length, p.difficulty) for p in Par.objects.filter(dictionary=job.dictionary)}
    priors = {
        (p.length, p.difficulty) for p in ChallengePrior.objects.filter(dictionary=job.dictionary)
    }
    assert keys
    assert priors == keys

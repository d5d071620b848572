"""A refused oversized upload leaves no partial temporary file behind on disk."""

from __future__ import annotations

from io import BytesIO
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from django.core.files.uploadhandler import (
    FileUploadHandler,
    MemoryFileUploadHandler,
    TemporaryFileUploadHandler,
)
from django.http.multipartparser import MultiPartParser
from django.test import Client
from django.test.client import BOUNDARY, MULTIPART_CONTENT, encode_multipart
from django.urls import reverse

from dictionaries.models import Dictionary
from dictionaries.uploads import OversizedUpload, SizeLimitedUploadHandler
from tests.factories import UserFactory

LIMIT = 10_000


@pytest.fixture
def small_limits(settings: Any, tmp_path: Path) -> Path:
    """A small size limit, uploads spooled to disk at once, in a directory of their own."""
    settings.DICTIONARY_UPLOAD_MAX_BYTES = LIMIT
    settings.FILE_UPLOAD_MAX_MEMORY_SIZE = 1_000
    settings.FILE_UPLOAD_TEMP_DIR = str(tmp_path)
    return tmp_path


def temporary_file_path(handlers: list[FileUploadHandler]) -> str:
    (temporary,) = [h for h in handlers if isinstance(h, TemporaryFileUploadHandler)]
    return temporary.file.temporary_file_path()


def parse_with_request(content: bytes) -> tuple[Any, list[FileUploadHandler]]:
    """Parse as Django does for a request: the handlers are the request's own list."""
    request = SimpleNamespace(upload_handlers=[])
    handlers: list[FileUploadHandler] = [
        SizeLimitedUploadHandler(request),
        MemoryFileUploadHandler(request),
        TemporaryFileUploadHandler(request),
    ]
    request.upload_handlers = handlers
    word_file = BytesIO(content)
    word_file.name = "words.txt"
    body = encode_multipart(BOUNDARY, {"name": "Course", "word_file": word_file})
    meta = {"CONTENT_TYPE": MULTIPART_CONTENT, "CONTENT_LENGTH": str(len(body))}
    _, files = MultiPartParser(meta, BytesIO(body), handlers).parse()
    return files, handlers


def test_the_partial_temporary_file_is_deleted_when_the_limit_is_crossed(
    small_limits: Path,
) -> None:
    content = b"hangman\n" * 100_000  # 800 kB, far past the limit
    files, handlers = parse_with_request(content)
    assert isinstance(files["word_file"], OversizedUpload)
    assert files["word_file"].size == len(content)
    path = temporary_file_path(handlers)
    assert Path(path).parent == small_limits
    assert not Path(path).exists()
    assert list(small_limits.iterdir()) == []


def test_a_file_within_the_limit_is_still_stored_on_disk(small_limits: Path) -> None:
    content = b"hangman\n" * (LIMIT // 8)  # exactly the limit, over the memory size
    files, _ = parse_with_request(content)
    stored = files["word_file"]
    assert not isinstance(stored, OversizedUpload)
    assert Path(stored.temporary_file_path()).exists()
    assert stored.read() == content
    stored.close()


@pytest.mark.django_db
def test_a_refused_admin_upload_leaves_no_temporary_file(small_limits: Path) -> None:
    client = Client()
    client.force_login(UserFactory(is_staff=True, is_superuser=True))
    content = b"hangman\n" * 100_000
    response = client.post(
        reverse("admin:dictionaries_dictionary_add"),
        {"name": "Too big", "word_file": BytesIO(content)},
    )
    assert response.status_code == 200
    assert "over the size limit" in response.content.decode()
    assert not Dictionary.objects.exists()
    # The test client keeps the request (and so its handlers) alive: without an explicit
    # close the partial file would still be on disk here.
    path = temporary_file_path(response.wsgi_request.upload_handlers)
    assert not Path(path).exists()
    assert list(small_limits.iterdir()) == []


def test_a_declared_length_over_the_limit_refuses_the_first_chunk(settings: Any) -> None:
    settings.DICTIONARY_UPLOAD_MAX_BYTES = LIMIT
    handler = SizeLimitedUploadHandler()
    handler.new_file("word_file", "words.txt", "text/plain", LIMIT + 1)
    assert handler.over_limit
    assert handler.receive_data_chunk(b"x" * 10, 0) is None
    assert isinstance(handler.file_complete(10), OversizedUpload)
    handler.new_file("word_file", "words.txt", "text/plain", LIMIT)
    assert not handler.over_limit
    assert handler.receive_data_chunk(b"x" * 10, 0) == b"x" * 10

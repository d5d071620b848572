"""The upload handler stores no more of a word file than the size limit allows."""

from __future__ import annotations

from io import BytesIO
from typing import Any

import pytest
from django.core.files.uploadedfile import UploadedFile
from django.core.files.uploadhandler import FileUploadHandler, MemoryFileUploadHandler
from django.http.multipartparser import MultiPartParser
from django.test.client import BOUNDARY, MULTIPART_CONTENT, encode_multipart

from dictionaries.uploads import OversizedUpload, SizeLimitedUploadHandler
from dictionaries.wordfiles import DictionaryImportError, read_source


class RecordingHandler(FileUploadHandler):
    """Stands for the handlers that store a file: records every byte it is given."""

    def __init__(self) -> None:
        super().__init__()
        self.received = 0

    def receive_data_chunk(self, raw_data: bytes, start: int) -> bytes:
        self.received += len(raw_data)
        return raw_data

    def file_complete(self, file_size: int) -> None:
        return None


def parse(content: bytes, *handlers: FileUploadHandler) -> tuple[Any, Any]:
    word_file = BytesIO(content)
    word_file.name = "words.txt"
    body = encode_multipart(BOUNDARY, {"name": "Course", "word_file": word_file, "after": "yes"})
    meta = {"CONTENT_TYPE": MULTIPART_CONTENT, "CONTENT_LENGTH": str(len(body))}
    return MultiPartParser(meta, BytesIO(body), list(handlers)).parse()


@pytest.fixture
def limit(settings: Any) -> int:
    settings.DICTIONARY_UPLOAD_MAX_BYTES = 1000
    return 1000


def test_a_file_within_the_limit_passes_through_whole(limit: int) -> None:
    content = b"word\n" * (limit // 5)  # exactly the limit
    post, files = parse(content, SizeLimitedUploadHandler(), MemoryFileUploadHandler())
    stored = files["word_file"]
    assert not isinstance(stored, OversizedUpload)
    assert stored.read() == content
    assert post["after"] == "yes"


def test_past_the_limit_nothing_more_is_stored_and_the_real_size_is_kept(limit: int) -> None:
    content = b"word\n" * 100_000  # 500 kB, many chunks
    storing = RecordingHandler()
    storing.chunk_size = 300  # the parser reads in the smallest chunk size: some pass
    post, files = parse(content, SizeLimitedUploadHandler(), storing)
    stand_in: UploadedFile = files["word_file"]
    assert isinstance(stand_in, OversizedUpload)
    assert stand_in.size == len(content)
    assert stand_in.name == "words.txt"
    assert stand_in.read() == b""
    # Every chunk that would cross the limit is refused, so no more than the limit is stored.
    assert 0 < storing.received <= limit
    assert post["name"] == "Course"
    assert post["after"] == "yes"  # the fields after the file are still read


def test_a_part_declared_over_the_limit_reads_as_over_it_whatever_its_body(limit: int) -> None:
    """The part's own Content-Length refuses it before a byte is stored; a short body
    (a client that lied, or gave up) must still read as too large, not as an empty file."""
    body = (
        f"--{BOUNDARY}\r\n"
        'Content-Disposition: form-data; name="word_file"; filename="words.txt"\r\n'
        "Content-Type: text/plain\r\n"
        f"Content-Length: {limit * 5}\r\n"
        "\r\n"
        "ally\n\r\n"
        f"--{BOUNDARY}--\r\n"
    ).encode()
    meta = {"CONTENT_TYPE": MULTIPART_CONTENT, "CONTENT_LENGTH": str(len(body))}
    storing = RecordingHandler()
    _, files = MultiPartParser(meta, BytesIO(body), [SizeLimitedUploadHandler(), storing]).parse()
    stand_in = files["word_file"]
    assert isinstance(stand_in, OversizedUpload)
    assert stand_in.size == limit * 5  # the size it declared
    assert storing.received == 0
    with pytest.raises(DictionaryImportError) as refused:
        read_source(stand_in, limit=limit)
    assert refused.value.code == "too_large"


def test_the_limit_is_counted_per_file(limit: int) -> None:
    handler = SizeLimitedUploadHandler()
    handler.new_file("first", "a.txt", "text/plain", None)
    assert handler.receive_data_chunk(b"x" * 600, 0) is not None
    assert handler.receive_data_chunk(b"x" * 600, 600) is None
    assert isinstance(handler.file_complete(1200), OversizedUpload)
    handler.new_file("second", "b.txt", "text/plain", None)
    assert handler.receive_data_chunk(b"x" * 600, 0) == b"x" * 600
    assert handler.file_complete(600) is None

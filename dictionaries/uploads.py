"""Stop storing an uploaded word file once it passes the size limit.

Django writes an upload to a temporary file before any view sees it, so a size
check in the import alone would let a staff member fill the disk with one huge
file. This handler sits first in ``FILE_UPLOAD_HANDLERS``: it passes chunks on
until the limit, then swallows the rest and hands the form an empty stand-in
that carries the real size, so the import refuses it with its usual message.
Word files are the site's only uploads, so the limit applies to every upload.
"""

from __future__ import annotations

from io import BytesIO
from typing import Any

from django.conf import settings
from django.core.files.uploadedfile import UploadedFile
from django.core.files.uploadhandler import FileUploadHandler


class OversizedUpload(UploadedFile):
    """An upload refused for its size: no content, only the size it would have had."""

    def __init__(self, name: str, size: int, content_type: str | None, charset: str | None):
        super().__init__(BytesIO(b""), name, content_type, size, charset)


class SizeLimitedUploadHandler(FileUploadHandler):
    """Lets the next handlers store at most ``DICTIONARY_UPLOAD_MAX_BYTES`` of a file."""

    def __init__(self, request: Any = None) -> None:
        super().__init__(request)
        self.limit: int = settings.DICTIONARY_UPLOAD_MAX_BYTES
        self.over_limit = False

    def new_file(self, *args: Any, **kwargs: Any) -> None:
        super().new_file(*args, **kwargs)
        self.over_limit = False

    def receive_data_chunk(self, raw_data: bytes, start: int) -> bytes | None:
        if start + len(raw_data) > self.limit:
            self.over_limit = True
        return None if self.over_limit else raw_data

    def file_complete(self, file_size: int) -> UploadedFile | None:
        if not self.over_limit:
            return None  # the next handler built the file
        return OversizedUpload(self.file_name, file_size, self.content_type, self.charset)

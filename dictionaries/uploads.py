"""Stop storing an uploaded word file once it passes the size limit.

Django writes an upload to a temporary file before any view sees it, so a size
check in the import alone would let a staff member fill the disk with one huge
file. This handler sits first in ``FILE_UPLOAD_HANDLERS``: it passes chunks on
until the limit, then swallows the rest and hands the form an empty stand-in
that carries the real size, so the import refuses it with its usual message.
What the next handlers stored up to then (a temporary file on disk, for a large
request) is closed, and so deleted, as soon as the limit is crossed: Django only
closes the files it hands to views, and would leave this one to the garbage
collector. Word files are the site's only uploads, so the limit applies to every
upload.
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
        self._released = False

    def new_file(
        self,
        field_name: str,
        file_name: str,
        content_type: str,
        content_length: int | None,
        charset: str | None = None,
        content_type_extra: dict[str, Any] | None = None,
    ) -> None:
        super().new_file(
            field_name, file_name, content_type, content_length, charset, content_type_extra
        )
        # A part that declares its length is refused before a byte of it is passed on.
        self.over_limit = content_length is not None and content_length > self.limit
        self._released = False

    def receive_data_chunk(self, raw_data: bytes, start: int) -> bytes | None:
        if start + len(raw_data) > self.limit:
            self.over_limit = True
        if self.over_limit:
            self._release_stored_part()
            return None
        return raw_data

    def file_complete(self, file_size: int) -> UploadedFile | None:
        if not self.over_limit:
            return None  # the next handler built the file
        self._release_stored_part()
        # A part refused for its declared length may have sent little or nothing: it is
        # reported at the size it declared, over the limit, not as an empty file.
        size = max(file_size, self.content_length or 0, self.limit + 1)
        return OversizedUpload(self.file_name, size, self.content_type, self.charset)

    def _release_stored_part(self) -> None:
        """Close what the next handlers stored of this file; a temporary file is deleted."""
        if self._released:
            return
        self._released = True
        # Only the handlers after this one, which were given no more than the limit; without
        # a request (a parser used directly) there is no list to find them in.
        handlers = list(getattr(self.request, "upload_handlers", None) or [])
        later = handlers[handlers.index(self) + 1 :] if self in handlers else []
        for handler in later:
            stored = getattr(handler, "file", None)
            if stored is not None:
                stored.close()

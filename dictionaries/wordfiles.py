"""Reading a word file: its size, its encoding, and one word per line, normalised.

Nothing here stores anything: ``parse_word_file`` turns the bytes of an upload (or
of the default list) into the words an import would store and the lines it would
refuse, with the reason for each; ``services.dictionary_import`` stores them.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import IO, Any

from django.core.exceptions import ValidationError
from django.utils.translation import gettext, ngettext

from dictionaries.models import MAX_WORD_LENGTH

REJECTED_LINES_KEPT = 20
REJECTED_LINE_SHOWN_CHARS = 60

UTF8_BOM = b"\xef\xbb\xbf"
_WORD = re.compile(r"[A-Za-z]+")  # ASCII only: 'K' (Kelvin) lower-cases to 'k' but is no word
_LINE_BREAK = re.compile(r"\r\n|\r|\n")


class DictionaryImportError(ValidationError):
    """An import refused as a whole; nothing was stored.

    A ``ValidationError`` so forms can show it as is; ``field`` says which
    input it is about (``"name"`` or ``"source"``).
    """

    def __init__(
        self,
        message: str,
        code: str = "invalid",
        params: dict[str, Any] | None = None,
        *,
        field: str = "source",
        rejected_lines: Iterable[RejectedLine] = (),
    ) -> None:
        # Positional (message, code, params) like ValidationError, so copies and pickles work.
        super().__init__(message, code, params)
        self.field = field
        self.rejected_lines = tuple(rejected_lines)

    def __str__(self) -> str:
        return self.message


@dataclass(frozen=True, slots=True)
class RejectedLine:
    number: int
    text: str
    reason: str

    def as_json(self) -> dict[str, Any]:
        return {"number": self.number, "text": self.text, "reason": self.reason}


@dataclass(frozen=True, slots=True)
class ParsedWordList:
    """A word file after normalisation, before anything is stored."""

    words: list[str]
    lines_read: int
    blank_lines: int
    duplicates: int
    rejected: int
    rejected_lines: tuple[RejectedLine, ...]


def _describe_size(size: int) -> str:
    megabytes = size / (1024 * 1024)
    return ngettext(
        "%(count)s byte (%(megabytes)s MB)", "%(count)s bytes (%(megabytes)s MB)", size
    ) % {
        "count": f"{size:,}",
        "megabytes": f"{megabytes:.1f}",
    }


def _too_large_error(size: int | None, limit: int) -> DictionaryImportError:
    if size is None:
        message = gettext(
            "The file is over the size limit of %(limit)s for a dictionary; split it or ask "
            "for a larger DICTIONARY_UPLOAD_MAX_BYTES."
        )
    else:
        message = gettext(
            "The file is %(size)s, over the size limit of %(limit)s for a dictionary; split it "
            "or ask for a larger DICTIONARY_UPLOAD_MAX_BYTES."
        )
    limits = {"limit": _describe_size(limit), "size": _describe_size(size) if size else ""}
    return DictionaryImportError(message % limits, code="too_large")


def read_source(source: bytes | IO[bytes], *, limit: int) -> bytes:
    """The bytes of ``source``, refusing anything over ``limit`` before reading it all."""
    if isinstance(source, bytes | bytearray | memoryview):
        data = bytes(source)
        if len(data) > limit:
            raise _too_large_error(len(data), limit)
        return data
    declared_size = getattr(source, "size", None)
    if isinstance(declared_size, int) and declared_size > limit:
        raise _too_large_error(declared_size, limit)
    if getattr(source, "seekable", lambda: False)():
        source.seek(0)
    data = source.read(limit + 1)
    if isinstance(data, str):
        raise TypeError("dictionary_import needs bytes or a file opened in binary mode")
    if len(data) > limit:
        raise _too_large_error(declared_size if isinstance(declared_size, int) else None, limit)
    return bytes(data)


def _line_number_at(data: bytes, offset: int) -> int:
    before = data[:offset]
    # Count line breaks as the parser does: CRLF, CR and LF each end one line.
    return before.count(b"\n") + before.count(b"\r") - before.count(b"\r\n") + 1


def decode_word_file(data: bytes) -> str:
    """Strict UTF-8 (an optional BOM is dropped); anything else is refused with its place."""
    body = data[len(UTF8_BOM) :] if data.startswith(UTF8_BOM) else data
    skipped = len(data) - len(body)
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError as error:
        offset = error.start + skipped
        bad_byte = data[offset]
        raise DictionaryImportError(
            gettext(
                "The file is not UTF-8 text: byte 0x%(byte)s at offset %(offset)s (line "
                "%(line)s) is not valid UTF-8. Save the word list as UTF-8 and try again."
            )
            % {
                "byte": f"{bad_byte:02X}",
                "offset": f"{offset:,}",
                "line": f"{_line_number_at(data, offset):,}",
            },
            code="not_utf8",
        ) from error
    nul = text.find("\x00")
    if nul != -1:
        offset = len(text[:nul].encode("utf-8")) + skipped
        raise DictionaryImportError(
            gettext(
                "The file is not UTF-8 text: it has a NUL byte at offset %(offset)s (line "
                "%(line)s), as binary or UTF-16 files do. Save the word list as UTF-8 and try "
                "again."
            )
            % {"offset": f"{offset:,}", "line": f"{_line_number_at(data, offset):,}"},
            code="not_utf8",
        )
    return text


def _describe_character(character: str) -> str:
    return f"{character!r} (U+{ord(character):04X})"


def rejection_reason(line: str) -> str | None:
    """Why a trimmed, non-blank line is not a word of the dictionary, or None if it is one."""
    if _WORD.fullmatch(line):
        if len(line) > MAX_WORD_LENGTH:
            return f"is {len(line)} letters long; words have at most {MAX_WORD_LENGTH}"
        return None
    for character in line:
        if character.isascii() and character.isalpha():
            continue
        if character == " ":
            return "has a space inside (one word per line)"
        if character.isspace():
            return f"has whitespace {_describe_character(character)} inside (one word per line)"
        if character.isdigit():
            return f"contains the digit {character!r}"
        if character.isalpha():
            return f"contains {_describe_character(character)}, a letter outside a-z"
        return f"contains {_describe_character(character)}, which is not a letter"
    raise AssertionError(f"unreachable: {line!r} is letters a-z only")  # pragma: no cover


def _shown(line: str) -> str:
    if len(line) <= REJECTED_LINE_SHOWN_CHARS:
        return line
    return line[: REJECTED_LINE_SHOWN_CHARS - 1] + "…"


def normalise_word_lines(text: str) -> ParsedWordList:
    """Trim, lower-case and de-duplicate; blank lines are skipped, the rest judged."""
    words: dict[str, None] = {}
    lines_read = blank_lines = duplicates = rejected = 0
    rejected_lines: list[RejectedLine] = []
    lines = _LINE_BREAK.split(text)
    if lines and lines[-1] == "":
        lines.pop()  # the break that ends the last line does not start another
    for number, raw in enumerate(lines, start=1):
        lines_read += 1
        line = raw.strip()
        if not line:
            blank_lines += 1
            continue
        reason = rejection_reason(line)
        if reason is not None:
            rejected += 1
            if len(rejected_lines) < REJECTED_LINES_KEPT:
                rejected_lines.append(RejectedLine(number=number, text=_shown(line), reason=reason))
            continue
        word = line.lower()
        if word in words:
            duplicates += 1
        else:
            words[word] = None
    return ParsedWordList(
        words=sorted(words),
        lines_read=lines_read,
        blank_lines=blank_lines,
        duplicates=duplicates,
        rejected=rejected,
        rejected_lines=tuple(rejected_lines),
    )


def parse_word_file(data: bytes) -> ParsedWordList:
    """Decode and normalise; a file with no word at all is refused."""
    parsed = normalise_word_lines(decode_word_file(data))
    if parsed.words:
        return parsed
    if parsed.rejected == 0:
        raise DictionaryImportError(
            gettext("The file is empty: it has no words (one word per line is expected)."),
            code="empty",
        )
    first = parsed.rejected_lines[0]
    # The line's reason stays in English: the report stores it.
    raise DictionaryImportError(
        ngettext(
            "The file has no valid word: its %(count)s non-blank line was rejected "
            "(line %(line)s: %(text)s %(reason)s).",
            "The file has no valid word: all %(count)s non-blank lines were rejected "
            "(line %(line)s: %(text)s %(reason)s).",
            parsed.rejected,
        )
        % {
            "count": f"{parsed.rejected:,}",
            "line": first.number,
            "text": repr(first.text),
            "reason": first.reason,
        },
        code="no_words",
        rejected_lines=parsed.rejected_lines,
    )

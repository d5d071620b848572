"""Writes to dictionaries: imports, the default word list, visibility and default flags.

An import is one transaction (all or nothing) because a half-imported word
list would silently change the games played on it. Words of a dictionary are
never edited afterwards: a new list is a new dictionary.
"""

from __future__ import annotations

import logging
import re
import time
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import IO, TYPE_CHECKING, Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import IntegrityError, connection, transaction
from django.db.models import Q
from django.utils.text import slugify

from dictionaries.frequency import FAMILIAR_ZIPF, zipf_of
from dictionaries.models import DESCRIPTION_MAX_LENGTH, MAX_WORD_LENGTH, Dictionary, Word
from dictionaries.selectors import dictionary_in_use
from dictionaries.sources import default_word_source

if TYPE_CHECKING:
    from django.contrib.auth.models import AbstractBaseUser

DEFAULT_DICTIONARY_NAME = "English (web2)"
DEFAULT_DICTIONARY_SLUG = slugify(DEFAULT_DICTIONARY_NAME)
DEFAULT_DICTIONARY_DESCRIPTION = (
    "The lower-case a-z words of Webster's Second International word list (web2), "
    "as shipped by the english-words package 2.0.1."
)
DEFAULT_WORD_SOURCE_SIZE = 210_768
FAMILIAR_DICTIONARY_NAME = "English (familiar)"
FAMILIAR_DICTIONARY_SLUG = slugify(FAMILIAR_DICTIONARY_NAME)
FAMILIAR_DICTIONARY_DESCRIPTION = (
    f"The words of {DEFAULT_DICTIONARY_NAME} that people know: those with a Zipf frequency "
    f"of at least {FAMILIAR_ZIPF} in wordfreq's English data (about once in 300 million "
    "words or more). The unabridged list stays offered beside it."
)

REJECTED_LINES_KEPT = 20
REJECTED_LINE_SHOWN_CHARS = 60
INSERT_BATCH_SIZE = 5_000

UTF8_BOM = b"\xef\xbb\xbf"
_WORD = re.compile(r"[A-Za-z]+")  # ASCII only: 'K' (Kelvin) lower-cases to 'k' but is no word
_LINE_BREAK = re.compile(r"\r\n|\r|\n")
logger = logging.getLogger(__name__)
_NAME_MAX_LENGTH = Dictionary._meta.get_field("name").max_length

ProgressCallback = Callable[[int, int], None]
"""Called as ``progress(words_stored, words_total)`` while words are stored."""


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


class DictionaryChangeError(ValidationError):
    """A change the admin asked for that would break a game or a constraint."""

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


@dataclass(frozen=True, slots=True)
class ImportReport:
    dictionary: Dictionary
    accepted: int
    duplicates: int
    rejected: int
    blank_lines: int
    lines_read: int
    counts_by_length: dict[int, int]
    rejected_lines: tuple[RejectedLine, ...]
    seconds: float
    insert_method: str

    def as_json(self) -> dict[str, Any]:
        """The report as stored with the dictionary (JSON keys are strings)."""
        return {
            "accepted": self.accepted,
            "duplicates": self.duplicates,
            "rejected": self.rejected,
            "blank_lines": self.blank_lines,
            "lines_read": self.lines_read,
            "counts_by_length": {str(length): n for length, n in self.counts_by_length.items()},
            "rejected_lines": [line.as_json() for line in self.rejected_lines],
            "seconds": round(self.seconds, 3),
            "insert_method": self.insert_method,
        }


@dataclass(frozen=True, slots=True)
class DefaultImportResult:
    dictionary: Dictionary
    report: ImportReport | None = field(default=None)

    @property
    def created(self) -> bool:
        return self.report is not None


# --- reading and normalising -------------------------------------------------------------


def _describe_size(size: int) -> str:
    megabytes = size / (1024 * 1024)
    return f"{size:,} bytes ({megabytes:.1f} MB)"


def _too_large_error(size: int | None, limit: int) -> DictionaryImportError:
    what = f"The file is {_describe_size(size)}," if size is not None else "The file is"
    return DictionaryImportError(
        f"{what} over the size limit of {_describe_size(limit)} for a dictionary; "
        "split it or ask for a larger DICTIONARY_UPLOAD_MAX_BYTES.",
        code="too_large",
    )


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
            f"The file is not UTF-8 text: byte 0x{bad_byte:02X} at offset {offset:,} "
            f"(line {_line_number_at(data, offset):,}) is not valid UTF-8. "
            "Save the word list as UTF-8 and try again.",
            code="not_utf8",
        ) from error
    nul = text.find("\x00")
    if nul != -1:
        offset = len(text[:nul].encode("utf-8")) + skipped
        raise DictionaryImportError(
            f"The file is not UTF-8 text: it has a NUL byte at offset {offset:,} "
            f"(line {_line_number_at(data, offset):,}), as binary or UTF-16 files do. "
            "Save the word list as UTF-8 and try again.",
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
            "The file is empty: it has no words (one word per line is expected).", code="empty"
        )
    first = parsed.rejected_lines[0]
    raise DictionaryImportError(
        f"The file has no valid word: all {parsed.rejected:,} non-blank lines were rejected "
        f"(line {first.number}: {first.text!r} {first.reason}).",
        code="no_words",
        rejected_lines=parsed.rejected_lines,
    )


# --- names ---------------------------------------------------------------------------------


def _validated_name(name: str) -> tuple[str, str]:
    clean = " ".join(name.split())
    if not clean:
        raise DictionaryImportError("Give the dictionary a name.", code="name_blank", field="name")
    if len(clean) > _NAME_MAX_LENGTH:
        raise DictionaryImportError(
            f"The name is {len(clean)} characters long; at most {_NAME_MAX_LENGTH} are allowed.",
            code="name_too_long",
            field="name",
        )
    slug = slugify(clean)
    if not slug:
        raise DictionaryImportError(
            "The name needs at least one letter or digit.", code="name_no_slug", field="name"
        )
    return clean, slug


def _validate_description(description: str) -> None:
    if len(description.strip()) > DESCRIPTION_MAX_LENGTH:
        raise DictionaryImportError(
            f"The description is {len(description.strip()):,} characters long; at most "
            f"{DESCRIPTION_MAX_LENGTH:,} are allowed.",
            code="description_too_long",
            field="description",
        )


def _name_taken_error(name: str, slug: str) -> DictionaryImportError | None:
    clash = Dictionary.objects.filter(Q(name__iexact=name) | Q(slug=slug)).first()
    if clash is None:
        return None
    if clash.name.casefold() == name.casefold():
        message = f"A dictionary named {clash.name!r} already exists; choose another name."
    else:
        message = (
            f"The name {name!r} is too close to the existing dictionary {clash.name!r} "
            f"(both would be {slug!r}); choose another name."
        )
    return DictionaryImportError(message, code="name_taken", field="name")


# --- storing -------------------------------------------------------------------------------


def _copy_available() -> bool:
    if connection.vendor != "postgresql":
        return False
    from django.db.backends.postgresql.psycopg_any import is_psycopg3

    return is_psycopg3


def _report_progress(progress: ProgressCallback | None, done: int, total: int) -> None:
    if progress is not None:
        progress(done, total)


def _word_columns() -> str:
    """The quoted columns both bulk writers fill, in the order of their rows."""
    quote = connection.ops.quote_name
    return ", ".join(
        quote(Word._meta.get_field(name).column)
        for name in ("dictionary", "text", "length", "zipf")
    )


def _copy_words(
    dictionary_id: int, words: list[str], zipfs: list[float], progress: ProgressCallback | None
) -> None:
    """COPY FROM STDIN: the whole list streams in one statement instead of an INSERT a row."""
    quote = connection.ops.quote_name
    sql = f"COPY {quote(Word._meta.db_table)} ({_word_columns()}) FROM STDIN"
    total = len(words)
    with connection.cursor() as cursor:
        # The raw psycopg cursor bypasses Django's error translation; restore it.
        with connection.wrap_database_errors, cursor.cursor.copy(sql) as copy:
            for done, (word, zipf) in enumerate(zip(words, zipfs, strict=True), start=1):
                copy.write_row((dictionary_id, word, len(word), zipf))
                if done % INSERT_BATCH_SIZE == 0:
                    _report_progress(progress, done, total)
        # Django's foreign keys are checked at COMMIT; checking them now keeps that
        # work (about a third of the import) inside the import and its timing.
        foreign_key = _word_dictionary_foreign_key(cursor)
        if foreign_key is not None:
            cursor.execute(f"SET CONSTRAINTS {quote(foreign_key)} IMMEDIATE")
            cursor.execute(f"SET CONSTRAINTS {quote(foreign_key)} DEFERRED")


def _word_dictionary_foreign_key(cursor: Any) -> str | None:
    constraints = connection.introspection.get_constraints(cursor, Word._meta.db_table)
    target = (Dictionary._meta.db_table, Dictionary._meta.pk.column)
    for constraint_name, details in constraints.items():
        if details["foreign_key"] == target:
            return constraint_name
    return None


def _insert_words(
    dictionary_id: int, words: list[str], zipfs: list[float], progress: ProgressCallback | None
) -> None:
    """executemany in batches for SQLite (and any other backend): one prepared INSERT reused."""
    table = connection.ops.quote_name(Word._meta.db_table)
    sql = f"INSERT INTO {table} ({_word_columns()}) VALUES (%s, %s, %s, %s)"
    total = len(words)
    with connection.cursor() as cursor:
        for start in range(0, total, INSERT_BATCH_SIZE):
            batch = words[start : start + INSERT_BATCH_SIZE]
            batch_zipfs = zipfs[start : start + INSERT_BATCH_SIZE]
            cursor.executemany(
                sql,
                [
                    (dictionary_id, word, len(word), zipf)
                    for word, zipf in zip(batch, batch_zipfs, strict=True)
                ],
            )
            _report_progress(progress, start + len(batch), total)


def dictionary_import(
    *,
    name: str,
    source: bytes | IO[bytes],
    uploaded_by: AbstractBaseUser | None = None,
    description: str = "",
    make_default: bool = False,
    offered: bool = False,
    progress: ProgressCallback | None = None,
) -> ImportReport:
    """Store a word file (one word per line) as a new dictionary, all or nothing.

    It is hidden from players until an admin offers it (``offered``, or being made the
    default, offers it at once): a list nobody has looked at never reaches a player's menu.
    """
    started = time.perf_counter()
    clean_name, slug = _validated_name(name)
    _validate_description(description)
    if (error := _name_taken_error(clean_name, slug)) is not None:
        raise error
    data = read_source(source, limit=settings.DICTIONARY_UPLOAD_MAX_BYTES)
    parsed = parse_word_file(data)
    total = len(parsed.words)
    # Looked up before the transaction: a table read (about 0.2 s), not a tokenizer a word.
    zipfs = zipf_of(parsed.words)
    insert_method = "copy" if _copy_available() else "executemany"

    with transaction.atomic():
        if make_default:
            Dictionary.objects.filter(is_default=True).update(is_default=False)
        try:
            with transaction.atomic():
                dictionary = Dictionary.objects.create(
                    name=clean_name,
                    slug=slug,
                    description=description.strip(),
                    uploaded_by=uploaded_by,
                    word_count=total,
                    is_default=make_default,
                    is_hidden=not (offered or make_default),
                )
        except IntegrityError as integrity_error:
            # Another upload took the name between our check and this insert.
            if (error := _name_taken_error(clean_name, slug)) is not None:
                raise error from integrity_error
            raise
        _report_progress(progress, 0, total)
        if insert_method == "copy":
            _copy_words(dictionary.pk, parsed.words, zipfs, progress)
        else:
            _insert_words(dictionary.pk, parsed.words, zipfs, progress)
        _report_progress(progress, total, total)
        report = ImportReport(
            dictionary=dictionary,
            accepted=total,
            duplicates=parsed.duplicates,
            rejected=parsed.rejected,
            blank_lines=parsed.blank_lines,
            lines_read=parsed.lines_read,
            counts_by_length=dict(sorted(Counter(map(len, parsed.words)).items())),
            rejected_lines=parsed.rejected_lines,
            seconds=time.perf_counter() - started,
            insert_method=insert_method,
        )
        dictionary.import_report = report.as_json()
        dictionary.save(update_fields=["import_report"])
    logger.info(
        "dictionary imported",
        extra={
            "dictionary": dictionary.slug,
            "words": report.accepted,
            "rejected": report.rejected,
            "seconds": round(report.seconds, 2),
        },
    )
    return report


# --- the default dictionary ----------------------------------------------------------------


def dictionary_import_default(*, progress: ProgressCallback | None = None) -> DefaultImportResult:
    """Load English (web2) once; later calls find it and store nothing.

    It becomes the default dictionary unless a staff member already chose another.
    """
    existing = Dictionary.objects.filter(slug=DEFAULT_DICTIONARY_SLUG).first()
    if existing is not None:
        return DefaultImportResult(dictionary=existing)
    source = "\n".join(default_word_source()).encode("ascii")
    try:
        report = dictionary_import(
            name=DEFAULT_DICTIONARY_NAME,
            source=source,
            description=DEFAULT_DICTIONARY_DESCRIPTION,
            make_default=not Dictionary.objects.filter(is_default=True).exists(),
            offered=True,  # the built-in list is offered whether or not it is the default
            progress=progress,
        )
    except DictionaryImportError as error:
        if error.code != "name_taken":
            raise
        # A concurrent `make run` loaded it first.
        return DefaultImportResult(dictionary=Dictionary.objects.get(slug=DEFAULT_DICTIONARY_SLUG))
    return DefaultImportResult(dictionary=report.dictionary, report=report)


def familiar_word_source() -> list[str]:
    """The web2 words people know: a Zipf frequency of at least ``FAMILIAR_ZIPF``."""
    words = default_word_source()
    return [word for word, zipf in zip(words, zipf_of(words), strict=True) if zipf >= FAMILIAR_ZIPF]


def dictionary_import_familiar(*, progress: ProgressCallback | None = None) -> DefaultImportResult:
    """Load English (familiar) once, built from web2 and wordfreq; later calls store nothing.

    It takes over as the default from the built-in web2 (or when there is no default),
    never from a list a staff member made the default. The daily puzzle reads the
    default when it draws a day, so a day already drawn keeps its list.
    """
    existing = Dictionary.objects.filter(slug=FAMILIAR_DICTIONARY_SLUG).first()
    if existing is not None:
        return DefaultImportResult(dictionary=existing)
    web2 = Dictionary.objects.filter(slug=DEFAULT_DICTIONARY_SLUG).first()
    # From web2's stored rows when they are there (a tenth of a second, where reading the
    # package's list and looking up 210,768 words again takes a second).
    words = (
        list(
            web2.words.filter(zipf__gte=FAMILIAR_ZIPF)
            .order_by("text")
            .values_list("text", flat=True)
        )
        if web2 is not None
        else familiar_word_source()
    )
    source = "\n".join(words).encode("ascii")
    chosen_default = (
        Dictionary.objects.filter(is_default=True).exclude(slug=DEFAULT_DICTIONARY_SLUG).exists()
    )
    try:
        report = dictionary_import(
            name=FAMILIAR_DICTIONARY_NAME,
            source=source,
            description=FAMILIAR_DICTIONARY_DESCRIPTION,
            make_default=not chosen_default,
            offered=True,
            progress=progress,
        )
    except DictionaryImportError as error:
        if error.code != "name_taken":
            raise
        return DefaultImportResult(dictionary=Dictionary.objects.get(slug=FAMILIAR_DICTIONARY_SLUG))
    return DefaultImportResult(dictionary=report.dictionary, report=report)


# --- flags and edits -----------------------------------------------------------------------


def _locked(dictionary: Dictionary) -> Dictionary:
    return Dictionary.objects.select_for_update().get(pk=dictionary.pk)


def dictionary_rename_error(*, dictionary: Dictionary, name: str) -> DictionaryChangeError | None:
    """Why ``dictionary`` cannot be renamed to ``name``, or None (also None if unchanged).

    The admin form asks this too, so a refused name is a form error, not a failed save.
    Names are unique regardless of case: "CLI good" and "cli GOOD" would look the same
    in the new-game menu.
    """
    clean_name = " ".join(name.split())
    if clean_name == dictionary.name:
        return None
    if not clean_name or len(clean_name) > _NAME_MAX_LENGTH:
        return DictionaryChangeError(
            f"Give the dictionary a name of 1 to {_NAME_MAX_LENGTH} characters.",
            code="name_invalid",
        )
    if Dictionary.objects.filter(name__iexact=clean_name).exclude(pk=dictionary.pk).exists():
        return DictionaryChangeError(
            f"A dictionary named {clean_name!r} already exists; choose another name.",
            code="name_taken",
        )
    return None


def dictionary_update(
    *,
    dictionary: Dictionary,
    name: str,
    description: str,
    is_hidden: bool,
    is_default: bool,
) -> Dictionary:
    """Edit a dictionary's labels and flags together, as the admin form does.

    Name and description are frozen once games use the dictionary, so what
    players saw stays true; the flags only decide what new games offer.
    """
    with transaction.atomic():
        current = _locked(dictionary)
        clean_name = " ".join(name.split())
        clean_description = description.strip()
        relabelled = clean_name != current.name or clean_description != current.description
        if relabelled and dictionary_in_use(dictionary=current):
            raise DictionaryChangeError(
                f"{current.name!r} is used by games, so its name and description cannot change "
                "(it can still be hidden from new games).",
                code="in_use",
            )
        if is_default and is_hidden:
            raise DictionaryChangeError(
                "The default dictionary cannot be hidden; make another one the default first.",
                code="default_hidden",
            )
        if (error := dictionary_rename_error(dictionary=current, name=clean_name)) is not None:
            raise error
        if is_default and not current.is_default:
            Dictionary.objects.filter(is_default=True).exclude(pk=current.pk).update(
                is_default=False
            )
        current.name = clean_name
        current.description = clean_description
        current.is_hidden = is_hidden
        current.is_default = is_default
        current.save(update_fields=["name", "description", "is_hidden", "is_default"])
    return current


def dictionary_set_hidden(*, dictionary: Dictionary, hidden: bool) -> Dictionary:
    """Hide a dictionary from new games (games already played on it are untouched)."""
    current = Dictionary.objects.get(pk=dictionary.pk)
    return dictionary_update(
        dictionary=current,
        name=current.name,
        description=current.description,
        is_hidden=hidden,
        is_default=current.is_default,
    )


def dictionary_set_default(*, dictionary: Dictionary) -> Dictionary:
    """Make this the one default dictionary; the old default loses the flag in the same step."""
    current = Dictionary.objects.get(pk=dictionary.pk)
    if current.is_hidden:
        raise DictionaryChangeError(
            f"{current.name!r} is hidden from new games, so it cannot be the default; "
            "offer it first.",
            code="default_hidden",
        )
    return dictionary_update(
        dictionary=current,
        name=current.name,
        description=current.description,
        is_hidden=False,
        is_default=True,
    )


def dictionary_delete(*, dictionary: Dictionary) -> None:
    """Delete an unused dictionary and its words; one that games use is refused."""
    with transaction.atomic():
        current = _locked(dictionary)
        if dictionary_in_use(dictionary=current):
            raise DictionaryChangeError(
                f"{current.name!r} is used by games and cannot be deleted; hide it instead.",
                code="in_use",
            )
        current.delete()

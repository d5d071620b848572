"""Writes to dictionaries: imports, the default word list, visibility and default flags.

Reading and normalising a word file (nothing stored) is ``dictionaries/wordfiles.py``.

An import is one transaction (all or nothing) because a half-imported word
list would silently change the games played on it. Words of a dictionary are
never edited afterwards: a new list is a new dictionary.
"""

from __future__ import annotations

import logging
import re
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import IO, TYPE_CHECKING, Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils.text import slugify
from django.utils.translation import gettext

from core.names import has_letter_or_digit
from dictionaries.blocklist import blocked_play_forms, without_blocked
from dictionaries.frequency import (
    FAMILIAR_ZIPF,
    frequencies,
    has_frequencies,
    no_frequencies_warning,
    zipf_of,
)
from dictionaries.languages import (
    ACCENT_RULES,
    DEFAULT_LANGUAGE,
    commonest_first,
    language,
    language_label,
)
from dictionaries.models import DESCRIPTION_MAX_LENGTH, Dictionary
from dictionaries.names import (
    NAME_MAX_LENGTH,
    lookalike_among,
    lookalike_message,
    name_taken_error,
    validated_name,
)
from dictionaries.refusals import RefusedGroup, RejectedLine
from dictionaries.selectors import dictionary_in_use
from dictionaries.sources import default_word_source
from dictionaries.word_rows import (
    ProgressCallback,
    copy_available,
    displays_of,
    report_progress,
    write_words,
)
from dictionaries.wordfiles import (
    DictionaryImportError,
    alphabet_checked,
    parse_word_file,
    read_source,
)

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

# A BCP 47 tag as the upload form takes it: a language subtag, then subtags (es-MX, sr-Latn).
_LANGUAGE_TAG = re.compile(r"[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*")
_LANGUAGE_MAX_LENGTH = Dictionary._meta.get_field("language").max_length

logger = logging.getLogger(__name__)


class DictionaryChangeError(ValidationError):
    """A change the admin asked for that would break a game or a constraint."""

    def __str__(self) -> str:
        return self.message


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
    language: str = DEFAULT_LANGUAGE
    accents: str = "fold"
    alphabet: str = ""
    merged: int = 0  # written words that played as another and were dropped
    blocked: int = 0  # words left out because they are blocked (dictionaries/blocklist.py)
    blocked_words: tuple[str, ...] = ()  # the first of them, as written
    has_frequencies: bool = True
    warnings: tuple[str, ...] = ()
    # Lines refused one by one, counted per reason with examples (``RefusedGroup``): a
    # step that removes words for a reason of its own adds a group with its own code.
    refused: tuple[RefusedGroup, ...] = ()
    script: str = ""  # ISO 15924 code of the words' script (Latn, Cyrl)

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
            "language": self.language,
            "accents": self.accents,
            "alphabet": self.alphabet,
            "merged": self.merged,
            "blocked": self.blocked,
            "blocked_words": list(self.blocked_words),
            "has_frequencies": self.has_frequencies,
            "warnings": list(self.warnings),
            "refused": [group.as_json() for group in self.refused],
            "script": self.script,
        }


@dataclass(frozen=True, slots=True)
class DefaultImportResult:
    dictionary: Dictionary
    report: ImportReport | None = field(default=None)

    @property
    def created(self) -> bool:
        return self.report is not None


# --- names ---------------------------------------------------------------------------------


def _validate_description(description: str) -> None:
    if len(description.strip()) > DESCRIPTION_MAX_LENGTH:
        raise DictionaryImportError(
            gettext("The description is %(length)s characters long; at most %(max)s are allowed.")
            % {"length": f"{len(description.strip()):,}", "max": f"{DESCRIPTION_MAX_LENGTH:,}"},
            code="description_too_long",
            field="description",
        )


def validated_language(tag: str, accents: str = "") -> tuple[str, str]:
    """A list's BCP 47 tag (``es``, ``fr-CA``) and accent rule (blank: the language's
    default), checked; refused with the field they are about."""
    clean = tag.strip().replace("_", "-")
    if not clean or len(clean) > _LANGUAGE_MAX_LENGTH or not _LANGUAGE_TAG.fullmatch(clean):
        raise DictionaryImportError(
            f"{tag!r} is not a language tag: give a BCP 47 tag such as en, es, fr-CA or sr-Latn.",
            code="language_invalid",
            field="language",
        )
    primary, *rest = clean.split("-")
    clean = "-".join([primary.lower(), *rest])
    rule = accents or language(clean).default_accents
    if rule not in ACCENT_RULES:
        raise DictionaryImportError(
            f"{accents!r} is not an accent rule: choose {' or '.join(ACCENT_RULES)}.",
            code="accents_invalid",
            field="accents",
        )
    return clean, rule


# --- storing -------------------------------------------------------------------------------


def dictionary_import(
    *,
    name: str,
    source: bytes | IO[bytes],
    uploaded_by: AbstractBaseUser | None = None,
    description: str = "",
    make_default: bool = False,
    offered: bool = False,
    progress: ProgressCallback | None = None,
    language_tag: str = DEFAULT_LANGUAGE,
    accents: str = "",
) -> ImportReport:
    """Store a word file (one word per line) as a new dictionary, all or nothing.

    It is hidden from players until an admin offers it (``offered``, or being made the
    default, offers it at once): a list nobody has looked at never reaches a player's menu.
    The words are read in ``language_tag``'s alphabet and case, folded or kept by ``accents``
    (blank: the language's default), and counted in wordfreq's table of that language.
    """
    started = time.perf_counter()
    clean_name, slug = validated_name(name)
    _validate_description(description)
    tag, accents = validated_language(language_tag, accents)
    lang = language(tag)
    if (error := name_taken_error(clean_name, slug)) is not None:
        raise error
    data = read_source(source, limit=settings.DICTIONARY_UPLOAD_MAX_BYTES)
    # Looked up before the transaction: a table read (about 0.2 s), not a tokenizer a word.
    counted = has_frequencies(tag)
    table = frequencies(tag)
    parsed = parse_word_file(
        data, lang, accents, rank=lambda word: zipf_of([word], table, language=tag)[0]
    )
    removal = without_blocked(parsed, blocked_play_forms(language_tag=tag, accents=accents))
    parsed = removal.parsed
    if not parsed.words:
        raise DictionaryImportError(
            gettext("Every word of the file is blocked (such as %(examples)s): nothing to import.")
            % {"examples": ", ".join(repr(word) for word in removal.examples[:3])},
            code="all_blocked",
        )
    alphabet = alphabet_checked(parsed.words, lang)
    total = len(parsed.words)
    zipfs = zipf_of(parsed.written, table, language=tag)
    displays = displays_of(parsed.words, parsed.written)
    insert_method = "copy" if copy_available() else "executemany"

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
                    language=tag,
                    accents=accents,
                    alphabet=alphabet,
                    has_frequencies=counted,
                    has_written_forms=any(displays),
                    key_order=commonest_first(alphabet, parsed.words),
                )
        except IntegrityError as integrity_error:
            # Another upload took the name between our check and this insert.
            if (error := name_taken_error(clean_name, slug)) is not None:
                raise error from integrity_error
            raise
        report_progress(progress, 0, total)
        write_words(dictionary.pk, parsed.words, displays, zipfs, progress)
        report_progress(progress, total, total)
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
            language=tag,
            accents=accents,
            alphabet=alphabet,
            merged=parsed.merged,
            blocked=removal.removed,
            blocked_words=removal.examples,
            has_frequencies=counted,
            warnings=() if counted else (no_frequencies_warning(language_label(tag)),),
            refused=parsed.refused,
            script=parsed.script,
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


def familiar_words_load() -> list[str]:
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
        else familiar_words_load()
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
    if not clean_name or len(clean_name) > NAME_MAX_LENGTH:
        return DictionaryChangeError(
            gettext("Give the dictionary a name of 1 to %(max)s characters.")
            % {"max": NAME_MAX_LENGTH},
            code="name_invalid",
        )
    if not has_letter_or_digit(clean_name):
        return DictionaryChangeError(
            gettext("The name needs at least one letter or digit."), code="name_invalid"
        )
    others = Dictionary.objects.exclude(pk=dictionary.pk)
    if others.filter(name__iexact=clean_name).exists():
        return DictionaryChangeError(
            gettext("A dictionary named %(name)s already exists; choose another name.")
            % {"name": f"{clean_name!r}"},
            code="name_taken",
        )
    lookalike = lookalike_among(clean_name, others.values_list("name", flat=True))
    if lookalike is not None:
        return DictionaryChangeError(lookalike_message(clean_name, lookalike), code="name_taken")
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
                gettext(
                    "%(name)s is used by games, so its name and description cannot change "
                    "(it can still be hidden from new games)."
                )
                % {"name": f"{current.name!r}"},
                code="in_use",
            )
        if is_default and is_hidden:
            raise DictionaryChangeError(
                gettext(
                    "The default dictionary cannot be hidden; make another one the default first."
                ),
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
            gettext(
                "%(name)s is hidden from new games, so it cannot be the default; offer it first."
            )
            % {"name": f"{current.name!r}"},
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
                gettext("%(name)s is used by games and cannot be deleted; hide it instead.")
                % {"name": f"{current.name!r}"},
                code="in_use",
            )
        current.delete()
